//! Entry fees and prizes: fees escrowed at registration, refunded on a withdrawal before the
//! start and on cancellation, refused without the coins, and the pot paid by the prize table
//! at the end; the ledger balances throughout.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, entrants, post, t_ev, view};
use serde_json::json;
use std::collections::BTreeMap;

async fn balance(p: &Player) -> i64 {
    let (status, v) = p.http.get("/api/me/ledger?limit=1").await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["balance"].as_i64().unwrap()
}

async fn create_paid(org: &mut Player, fee: i64, prizes: serde_json::Value) -> u64 {
    let body = json!({
        "name": "Paid Cup",
        "starts_in_secs": 3600,
        "spec": {"rounds": 1, "time_control": "rapid", "round_gap_secs": 0,
                 "entry_fee": fee, "prizes": prizes, "draw_offers_from_move": 10},
    });
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["id"].as_u64().unwrap()
}

#[tokio::test]
async fn fees_are_escrowed_refunded_and_paid_out_as_prizes() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;

    // Too dear: refused, nothing paid, not registered.
    let dear = create_paid(&mut org, 1_000, json!([1000])).await;
    let (status, v) = post(&mut org, dear, "join").await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("not_enough_coins"))
    );
    assert_eq!(balance(&org).await, 200);
    assert!(view(&org, dear).await["players"]
        .as_array()
        .unwrap()
        .is_empty());

    // Cancelled: every fee comes back.
    let off = create_paid(&mut org, 50, json!([1000])).await;
    let mut cancelled = entrants(srv.addr, off, "fc", 2).await;
    for p in cancelled.values() {
        assert_eq!(balance(p).await, 150);
    }
    let (status, v) = post(&mut org, off, "cancel").await;
    assert_eq!(status, 200, "{v}");
    for p in cancelled.values_mut() {
        assert_eq!(balance(p).await, 200);
        let (status, _) = post(p, off, "join").await;
        assert_eq!(status, 400, "a cancelled event takes no entries");
    }

    // The paid event: five enter, one withdraws before the start (refunded).
    let id = create_paid(&mut org, 50, json!([600, 400])).await;
    let mut players = entrants(srv.addr, id, "fp", 5).await;
    let quitter = *players.keys().last().unwrap();
    let q = players.get_mut(&quitter).unwrap();
    assert_eq!(balance(q).await, 150);
    let (status, v) = post(q, id, "withdraw").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(balance(q).await, 200);
    players.remove(&quitter);

    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    crate::tournaments::play_round(&mut org, &mut players, id, 1).await;
    t_ev(&mut org, "finished").await;

    // The pot (4 × 50) is paid 60 % / 40 % to the first two rows.
    let v = view(&org, id).await;
    let rows = v["standings"].as_array().unwrap();
    let mut expected: BTreeMap<u64, i64> = players.keys().map(|u| (*u, 150)).collect();
    *expected
        .get_mut(&rows[0]["user"].as_u64().unwrap())
        .unwrap() += 120;
    *expected
        .get_mut(&rows[1]["user"].as_u64().unwrap())
        .unwrap() += 80;
    for (u, p) in &players {
        assert_eq!(balance(p).await, expected[u], "balance of {u}");
    }
    let report = srv.db.ledger_check().await.expect("ledger check");
    assert!(report.is_ok(), "{:?}", report.mismatches);
    let held = srv.db.held_escrows().await.expect("escrows");
    assert!(held.is_empty(), "escrows still holding coins: {held:?}");
}
