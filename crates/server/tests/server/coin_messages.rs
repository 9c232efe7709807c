//! What wager and bet messages say: a bet names its game (a late bet for a game that is over
//! is `stale_game`, not a bet on the next one), a confirmation or agreement names the version
//! and stakes it was given for (`stale_wager` once they changed), unreadable amounts are
//! `invalid_amount`, guests get `guest_not_allowed`, and a bettor lists their own bets.

use crate::coinkit::{audit, balance, bet, fund, last_wager, ready, seat};
use crate::common::{Player, TestDb, TestServer, MATE_TABLE};
use client::{HttpClient, WsClient};
use serde_json::{json, Value};

async fn mate(red: &mut Player, black: &mut Player) {
    red.mv(MATE_TABLE, "e0e1").await;
    black.mv(MATE_TABLE, "i6i5").await;
    red.mv(MATE_TABLE, "b0b9").await;
}

#[tokio::test]
async fn a_bet_for_a_game_that_is_over_does_not_land_in_the_next_one() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("sgred", "sgblack")).await;
    let mut s1 = Player::register(srv.addr, "sgs1").await;
    s1.ok(json!({"t": "join", "table": table})).await;
    let first = ready(&mut red, &mut black, table).await;
    s1.ok(
        json!({"t": "bet", "table": table, "pick": "red", "amount": 10,
        "key": "sg-bet-0001", "game_id": first}),
    )
    .await;
    mate(&mut red, &mut black).await;
    let second = ready(&mut red, &mut black, table).await;
    assert_ne!(first, second);
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 10,
            "key": "sg-bet-0002", "game_id": first})
        )
        .await,
        "stale_game"
    );
    assert_eq!(balance(&t, &s1).await, 200);
    s1.ok(
        json!({"t": "bet", "table": table, "pick": "black", "amount": 10,
        "key": "sg-bet-0003", "game_id": second}),
    )
    .await;
    let mine = s1
        .ws
        .next_where(|m| m["t"] == "my_bet" && m["game_id"] == second, "my_bet")
        .await
        .unwrap();
    assert_eq!(mine["pick"], "black");

    // The bettor lists their bets, newest game first, with the first one's payout.
    let (status, body) = s1.http.get("/api/me/bets").await.unwrap();
    assert_eq!(status, 200);
    let bets = body["bets"].as_array().unwrap();
    assert_eq!(bets.len(), 2, "{body}");
    assert_eq!(
        (&bets[0]["game_id"], &bets[0]["status"], &bets[0]["payout"]),
        (&json!(second), &json!("open"), &Value::Null)
    );
    assert_eq!(
        (&bets[1]["game_id"], &bets[1]["pick"], &bets[1]["amount"]),
        (&json!(first), &json!("red"), &json!(10))
    );
    // A single bettor: refunded.
    assert_eq!(
        (&bets[1]["status"], &bets[1]["payout"]),
        (&json!("refunded"), &json!(10))
    );
    let (_, page) = s1
        .http
        .get(&format!("/api/me/bets?limit=1&before={second}"))
        .await
        .unwrap();
    assert_eq!(page["bets"].as_array().map(Vec::len), Some(1));
    assert_eq!(page["bets"][0]["game_id"], first);
    let (status, _) = HttpClient::new(srv.addr).get("/api/me/bets").await.unwrap();
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_confirmation_that_crossed_a_change_is_refused_as_stale() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("swred", "swblack")).await;
    fund(&t, &red, 1_000).await;
    fund(&t, &black, 1_000).await;
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": {"red": 100, "black": 100}}))
        .await;
    let shown = last_wager(&mut black).await;
    assert_eq!(shown["version"], 1);
    // Red changes the stakes while Black confirms what was shown before.
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": {"red": 100, "black": 300}}))
        .await;
    assert_eq!(
        black
            .refused(json!({"t": "wager_confirm", "table": table, "version": 1,
                "stakes": {"red": 100, "black": 100}}))
            .await,
        "stale_wager"
    );
    assert_eq!(
        black
            .refused(json!({"t": "wager_confirm", "table": table,
                "stakes": {"red": 100, "black": 100}}))
            .await,
        "stale_wager"
    );
    let now = last_wager(&mut black).await;
    assert_eq!(now["version"], 2);
    assert_eq!(now["confirmed"], json!({"red": true, "black": false}));
    black
        .ok(json!({"t": "wager_confirm", "table": table, "version": 2,
            "stakes": {"red": 100, "black": 300}}))
        .await;
    assert_eq!(
        red.refused(
            json!({"t": "wager_agree", "table": table, "key": "sw-agree-red",
            "version": 1})
        )
        .await,
        "stale_wager"
    );
    let seen = json!({"red": 100, "black": 300});
    red.ok(
        json!({"t": "wager_agree", "table": table, "key": "sw-agree-red", "version": 2,
        "stakes": seen}),
    )
    .await;
    black
        .ok(
            json!({"t": "wager_agree", "table": table, "key": "sw-agree-black", "version": 2,
            "stakes": seen}),
        )
        .await;
    let held = last_wager(&mut red).await;
    assert_eq!(held["status"], "escrowed");
    assert_eq!(balance(&t, &black).await, 900);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn unreadable_amounts_are_invalid_amount_and_change_nothing() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("iared", "iablack")).await;
    let mut s1 = Player::register(srv.addr, "ias1").await;
    s1.ok(json!({"t": "join", "table": table})).await;
    let two_63 = json!(9_223_372_036_854_775_808u64);
    for stakes in [
        json!({"red": two_63, "black": 1}),
        json!({"red": 1.5, "black": 1}),
        json!({"red": 1, "black": i64::MIN}),
    ] {
        assert_eq!(
            red.refused(json!({"t": "wager_propose", "table": table, "stakes": stakes}))
                .await,
            "invalid_amount",
            "{stakes}"
        );
    }
    ready(&mut red, &mut black, table).await;
    for amount in [two_63.clone(), json!(1.5), json!(i64::MIN), json!(1e30)] {
        assert_eq!(
            s1.refused(
                json!({"t": "bet", "table": table, "pick": "red", "amount": amount,
                "key": "ia-bet-0001"})
            )
            .await,
            "invalid_amount",
            "{amount}"
        );
    }
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": {"red": 10, "black": 10}}))
        .await;
    black
        .ok(json!({"t": "wager_confirm", "table": table}))
        .await;
    red.ok(json!({"t": "wager_agree", "table": table, "key": "ia-agree-red"}))
        .await;
    black
        .ok(json!({"t": "wager_agree", "table": table, "key": "ia-agree-black"}))
        .await;
    assert_eq!(
        red.refused(json!({"t": "wager_topup", "table": table, "amount": two_63,
            "key": "ia-topup-01"}))
            .await,
        "invalid_amount"
    );
    // The key of a refused request is free: the same key with a readable amount applies.
    bet(&mut s1, table, "red", 5, "ia-bet-0001").await;
    assert_eq!(balance(&t, &s1).await, 195);
    assert_eq!(balance(&t, &red).await, 190);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn guests_are_refused_with_their_own_code() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let mut http = HttpClient::new(srv.addr);
    http.guest().await.unwrap();
    let (ws, _) = WsClient::connect(srv.addr, http.cookie.as_deref())
        .await
        .unwrap();
    let mut guest = Player {
        http,
        ws,
        user: Value::Null,
        name: "guest".into(),
        epoch: String::new(),
    };
    let mut red = Player::register(srv.addr, "gured").await;
    crate::common::seat_players(&mut red, &mut guest, table, crate::common::untimed()).await;
    let propose = json!({"t": "wager_propose", "table": table, "stakes": {"red": 0, "black": 5}});
    assert_eq!(guest.refused(propose.clone()).await, "guest_not_allowed");
    assert_eq!(red.refused(propose).await, "guest_not_allowed");
    ready(&mut red, &mut guest, table).await;
    let mut g2 = {
        let mut http = HttpClient::new(srv.addr);
        http.guest().await.unwrap();
        let (ws, _) = WsClient::connect(srv.addr, http.cookie.as_deref())
            .await
            .unwrap();
        Player {
            http,
            ws,
            user: Value::Null,
            name: "guest2".into(),
            epoch: String::new(),
        }
    };
    g2.ok(json!({"t": "join", "table": table})).await;
    assert_eq!(
        g2.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 1,
            "key": "guest-bet-01"})
        )
        .await,
        "guest_not_allowed"
    );
}
