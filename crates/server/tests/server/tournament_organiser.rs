//! The organiser's tools over the real server: the organiser role granted at run time (an
//! organiser creates events and runs only their own; a non-organiser is refused), and on a
//! Swiss a forbidden pair, a manual pairing (validated), a foul and a result correction — all
//! journaled, so they survive an abrupt stop.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, entrants, play, post, t_ev, view};
use platform::{Millis, UserId};
use serde_json::{json, Value};

async fn send(p: &mut Player, id: u64, action: &str, body: Value) -> (u16, Value) {
    p.http
        .post(&format!("/api/tournaments/{id}/{action}"), &body)
        .await
        .unwrap()
}

/// A Swiss of `rounds` resting an hour between rounds, created by `p`; its id (or the refusal).
async fn create(p: &mut Player, rounds: u32) -> (u16, Value) {
    let body = json!({
        "name": "Club Cup",
        "starts_in_secs": 3600,
        "spec": {"rounds": rounds, "time_control": "rapid", "round_gap_secs": 3600,
                 "no_show_secs": 60, "draw_offers_from_move": 10},
    });
    p.http.post("/api/tournaments", &body).await.unwrap()
}

fn id_of(p: &Player) -> u64 {
    p.user["id"].as_u64().unwrap()
}

#[tokio::test]
async fn a_granted_organiser_runs_their_own_events_and_others_are_refused() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let mut alice = Player::register(srv.addr, "alice").await;
    let mut bob = Player::register(srv.addr, "bob").await;

    let (status, v) = create(&mut bob, 3).await;
    assert_eq!((status, v["error"].as_str()), (403, Some("not_organiser")));
    let (_, list) = bob.http.get("/api/tournaments").await.unwrap();
    assert_eq!(list["organiser"], false);

    assert!(srv
        .db
        .grant_organiser(UserId(id_of(&alice)), "test", Millis(1))
        .await
        .unwrap());
    let (_, list) = alice.http.get("/api/tournaments").await.unwrap();
    assert_eq!(list["organiser"], true);
    let (status, v) = create(&mut alice, 3).await;
    assert_eq!(status, 200, "{v}");
    let mine = v["id"].as_u64().unwrap();
    let (status, v) = create(&mut org, 3).await;
    assert_eq!(status, 200, "{v}");
    let theirs = v["id"].as_u64().unwrap();

    // Alice runs her event, not org's; bob neither; org (of the configuration) both.
    assert_eq!(view(&alice, mine).await["organiser"], true);
    assert_eq!(view(&alice, theirs).await["organiser"], false);
    assert_eq!(view(&bob, mine).await["organiser"], false);
    assert_eq!(view(&org, mine).await["organiser"], true);
    let (status, v) = post(&mut alice, theirs, "cancel").await;
    assert_eq!((status, v["error"].as_str()), (403, Some("not_organiser")));
    let (status, v) = post(&mut bob, mine, "cancel").await;
    assert_eq!((status, v["error"].as_str()), (403, Some("not_organiser")));
    let bob_id = id_of(&bob);
    let (status, v) = send(&mut bob, mine, "foul", json!({"user": bob_id})).await;
    assert_eq!((status, v["error"].as_str()), (403, Some("not_organiser")));
    assert_eq!(view(&org, mine).await["status"], "upcoming");

    // Revoked: no longer.
    assert!(srv
        .db
        .revoke_organiser(UserId(id_of(&alice)))
        .await
        .unwrap());
    let (status, _) = post(&mut alice, mine, "cancel").await;
    assert_eq!(status, 403);
    let (status, v) = post(&mut org, mine, "cancel").await;
    assert_eq!(status, 200, "{v}");
}

#[tokio::test]
async fn an_organiser_forbids_pairs_fouls_and_corrects_and_it_survives_a_restart() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let (_, v) = create(&mut org, 3).await;
    let id = v["id"].as_u64().unwrap();
    let mut players = entrants(srv.addr, id, "og", 4).await;
    let ids: Vec<u64> = players.keys().copied().collect();
    let (a, b, c, d) = (ids[0], ids[1], ids[2], ids[3]);
    org.ok(json!({"t": "t_watch", "tournament": id})).await;

    let (status, v) = send(&mut org, id, "forbid", json!({"a": a, "b": b})).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = send(&mut org, id, "forbid", json!({"a": a, "b": 999_999})).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("tournament_refused"))
    );
    let p = players.get_mut(&c).unwrap();
    let (status, _) = send(p, id, "forbid", json!({"a": c, "b": d})).await;
    assert_eq!(status, 403, "a player is no organiser");

    // Manual pairing is validated: no forbidden pair, every active player once.
    let pair = |pairs: Value| json!({"pairs": pairs});
    let (status, v) = send(&mut org, id, "pair", pair(json!([[a, b], [c, d]]))).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("tournament_refused"))
    );
    assert!(
        v["message"]
            .as_str()
            .unwrap_or_default()
            .contains("forbidden"),
        "{v}"
    );
    let (status, _) = send(&mut org, id, "pair", pair(json!([[a, c]]))).await;
    assert_eq!(status, 400, "b and d are not listed");
    let (status, _) = send(&mut org, id, "pair", pair(json!([[a, c], [b, a]]))).await;
    assert_eq!(status, 400, "a is listed twice");
    assert_eq!(view(&org, id).await["status"], "upcoming");
    let (status, v) = send(&mut org, id, "pair", pair(json!([[a, c], [d, b]]))).await;
    assert_eq!(status, 200, "{v}");
    let e = t_ev(&mut org, "round_paired").await;
    assert_eq!(
        (e["round"].as_u64(), e["manual"].as_bool()),
        (Some(1), Some(true))
    );
    let v = view(&org, id).await;
    assert_eq!(v["status"], "running");
    let boards = v["rounds"][0]["boards"].as_array().unwrap().clone();
    assert_eq!(
        (boards[0]["red"].as_u64(), boards[0]["black"].as_u64()),
        (Some(a), Some(c))
    );
    assert_eq!(
        (boards[1]["red"].as_u64(), boards[1]["black"].as_u64()),
        (Some(d), Some(b))
    );

    // A correction waits for a result.
    let (status, _) = send(
        &mut org,
        id,
        "correct",
        json!({"round": 1, "board": 0, "result": "0-1"}),
    )
    .await;
    assert_eq!(status, 400);
    for bd in &boards {
        let (red, black) = (bd["red"].as_u64().unwrap(), bd["black"].as_u64().unwrap());
        play(&mut players, bd["table"].as_u64().unwrap(), red, black).await;
    }
    t_ev(&mut org, "round_complete").await;
    // The helper's winner is the lower id: a beats c.
    let points = |v: &Value, u: u64| {
        v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["user"] == u)
            .map(|r| r["points"].as_u64().unwrap())
    };
    let v = view(&org, id).await;
    assert_eq!((points(&v, a), points(&v, c)), (Some(2), Some(0)));

    let (status, v) = send(&mut org, id, "foul", json!({"user": d})).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = send(
        &mut org,
        id,
        "correct",
        json!({"round": 1, "board": 0, "result": "2-0"}),
    )
    .await;
    assert_eq!((status, v["error"].as_str()), (400, Some("bad_message")));
    let (status, _) = send(
        &mut org,
        id,
        "correct",
        json!({"round": 1, "board": 7, "result": "0-1"}),
    )
    .await;
    assert_eq!(status, 400, "no such board");
    let (status, v) = send(
        &mut org,
        id,
        "correct",
        json!({"round": 1, "board": 0, "result": "0-1"}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    t_ev(&mut org, "result_corrected").await;

    let check = |v: &Value| {
        assert_eq!(v["rounds"][0]["boards"][0]["result"], "0-1", "{v}");
        assert_eq!((points(v, a), points(v, c)), (Some(0), Some(2)), "{v}");
        let fouls = v["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .position(|t| t == "fouls")
            .unwrap();
        let row = v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["user"] == d)
            .unwrap()
            .clone();
        assert_eq!(row["tiebreaks"][fouls], "1", "{v}");
    };
    check(&view(&org, id).await);

    // Everything was journaled: the event comes back the same after an abrupt stop, and the
    // forbidden pair still holds for the next round.
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    let v = view(&org, id).await;
    check(&v);
    assert_eq!(
        v["rounds"].as_array().unwrap().len(),
        1,
        "the round gap holds"
    );
    let (status, _) = send(&mut org, id, "pair", pair(json!([[b, a], [c, d]]))).await;
    assert_eq!(status, 400, "still forbidden");
    let (status, v) = send(&mut org, id, "pair", pair(json!([[c, a], [b, d]]))).await;
    assert_eq!(status, 200, "{v}");
    let v = view(&org, id).await;
    assert_eq!(v["rounds"].as_array().unwrap().len(), 2);
    assert!(v["rounds"][1]["boards"][0]["table"].is_u64(), "{v}");
    // Round 1 is corrected again while round 2 is played: round 2's pairings stay, the
    // standings follow.
    let round2 = v["rounds"][1]["boards"].clone();
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = send(
        &mut org,
        id,
        "correct",
        json!({"round": 1, "board": 0, "result": "1-0"}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    t_ev(&mut org, "result_corrected").await;
    let v = view(&org, id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "1-0", "{v}");
    assert_eq!((points(&v, a), points(&v, c)), (Some(2), Some(0)), "{v}");
    assert_eq!(
        v["rounds"][1]["boards"], round2,
        "later pairings are not redone"
    );

    // Rounds 2 and 3 to the end; then results are final (prizes and titles paid).
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    for (round, pairs) in [(2, None), (3, Some(json!([[a, d], [b, c]])))] {
        if let Some(pairs) = pairs {
            let (status, v) = send(&mut org, id, "pair", pair(pairs)).await;
            assert_eq!(status, 200, "{v}");
        }
        let v = view(&org, id).await;
        for bd in v["rounds"][round - 1]["boards"].as_array().unwrap() {
            let (red, black) = (bd["red"].as_u64().unwrap(), bd["black"].as_u64().unwrap());
            play(&mut players, bd["table"].as_u64().unwrap(), red, black).await;
        }
        t_ev(&mut org, "round_complete").await;
    }
    t_ev(&mut org, "finished").await;
    let late = json!({"round": 1, "board": 0, "result": "0-1"});
    let (status, v) = send(&mut org, id, "correct", late.clone()).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("results_final")),
        "{v}"
    );
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "1-0", "{v}");
    let (status, v) = send(&mut org, id, "correct", late).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("results_final")),
        "{v}"
    );
}
