//! An arena over the real server: four players with entry fees; pairing is continuous (the
//! players of a finished game are paired again as soon as legal opponents wait, never in an
//! immediate rematch); the server is stopped abruptly mid-game and the arena resumes from its
//! journal; a pause takes effect after the game in progress; at its end the game still running
//! is void, the standings are final, the prizes paid and the winner's title awarded, the ledger
//! balanced; the event's games download as one PGN.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, entrants, post, t_ev, view};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

async fn balance(p: &Player) -> i64 {
    let (status, v) = p.http.get("/api/me/ledger?limit=1").await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["balance"].as_i64().unwrap()
}

/// The games still being played: `(table, red, black)`.
pub fn running(v: &Value) -> Vec<(u64, u64, u64)> {
    let boards = v["rounds"]
        .get(0)
        .and_then(|r| r["boards"].as_array())
        .cloned()
        .unwrap_or_default();
    boards
        .iter()
        .filter(|b| b["result"].is_null())
        .map(|b| {
            let n = |k: &str| b[k].as_u64().unwrap();
            (n("table"), n("red"), n("black"))
        })
        .collect()
}

/// Waits until `n` games are being played and returns them.
pub async fn wait_running(p: &Player, id: u64, n: usize) -> Vec<(u64, u64, u64)> {
    for _ in 0..100 {
        let r = running(&view(p, id).await);
        if r.len() == n {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{n} games never ran: {}", view(p, id).await);
}

/// Both players join the game at `table`; Red moves.
pub async fn open(players: &mut BTreeMap<u64, Player>, (table, red, black): (u64, u64, u64)) {
    for u in [red, black] {
        let p = players.get_mut(&u).unwrap();
        p.ok(json!({"t": "join", "table": table})).await;
    }
    players.get_mut(&red).unwrap().mv(table, "h2e2").await;
}

/// The player with the higher id resigns the game at `table` (opened); returns the winner.
pub async fn resign(
    players: &mut BTreeMap<u64, Player>,
    (table, red, black): (u64, u64, u64),
) -> u64 {
    let loser = red.max(black);
    let p = players.get_mut(&loser).unwrap();
    p.ok(json!({"t": "resign", "table": table})).await;
    red.min(black)
}

pub fn arena_player(v: &Value, user: u64) -> &Value {
    v["arena"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["user"] == user)
        .unwrap_or_else(|| panic!("{user} not in {v}"))
}

#[tokio::test]
async fn an_arena_pairs_continuously_survives_a_crash_and_ends_on_time() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let body = json!({"name": "Arena", "starts_in_secs": 3600,
        "spec": {"system": "arena", "minutes": 1, "time_control": "rapid", "no_show_secs": 60,
                 "entry_fee": 10, "prizes": [600, 400], "titles": ["特级大师"]}});
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let mut players = entrants(srv.addr, id, "ar", 4).await;
    let start_balance = balance(players.values().next().unwrap()).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let started = Instant::now();
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");
    t_ev(&mut org, "started").await;
    let v = view(&org, id).await;
    assert_eq!(v["status"], "running");
    assert_eq!(v["tiebreaks"], json!(["performance"]));
    let first = wait_running(&org, id, 2).await;
    let met: BTreeSet<(u64, u64)> = first.iter().map(|g| (g.1.min(g.2), g.1.max(g.2))).collect();

    // Game 1 ends: its two players wait (they may not meet again at once; nobody else waits).
    open(&mut players, first[0]).await;
    let w1 = resign(&mut players, first[0]).await;
    t_ev(&mut org, "scored").await;
    let v = view(&org, id).await;
    assert_eq!(running(&v).len(), 1, "no immediate rematch: {v}");
    assert_eq!(arena_player(&v, w1)["sheet"], json!([2]));
    assert_eq!(arena_player(&v, w1)["status"], "waiting");

    // Game 2 has a move when the server dies.
    open(&mut players, first[1]).await;
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    let v = view(&org, id).await;
    assert_eq!(v["status"], "running", "{v}");
    assert_eq!(
        running(&v),
        vec![first[1]],
        "the game in progress came back"
    );
    assert_eq!(arena_player(&v, w1)["sheet"], json!([2]));
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (t2, _, _) = first[1];
    for u in [first[1].1, first[1].2] {
        let p = players.get_mut(&u).unwrap();
        p.ok(json!({"t": "join", "table": t2})).await;
    }
    resign(&mut players, first[1]).await;

    // All four wait: two new games at once, neither a rematch.
    let second = wait_running(&org, id, 2).await;
    for g in &second {
        assert!(
            !met.contains(&(g.1.min(g.2), g.1.max(g.2))),
            "rematch {g:?}"
        );
    }
    // One player pauses during game 3: after it they are not paired again.
    let g3 = second[0];
    let pauser = g3.1;
    let (status, v) = post(players.get_mut(&pauser).unwrap(), id, "withdraw").await;
    assert_eq!(status, 200, "{v}");
    open(&mut players, g3).await;
    resign(&mut players, g3).await;
    let v = view(&org, id).await;
    assert_eq!(arena_player(&v, pauser)["status"], "paused", "{v}");
    // Game 4 is still being played at the end (both sides have moved, so no first-move
    // deadline ends it): it does not count.
    open(&mut players, second[1]).await;
    let (t4, _, b4) = second[1];
    players.get_mut(&b4).unwrap().mv(t4, "h9g7").await;
    for _ in 0..150 {
        if view(&org, id).await["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished", "{v}");
    assert!(started.elapsed() >= Duration::from_secs(59), "ended early");
    let void: Vec<&Value> = v["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["result"] == "void")
        .collect();
    assert_eq!(void.len(), 1, "{v}");
    assert_eq!(void[0]["table"], second[1].0);
    // Standings: three counted wins of 2 points (w1, w2, game 3's winner).
    let rows = v["standings"].as_array().unwrap();
    let total: u64 = rows.iter().map(|r| r["points"].as_u64().unwrap()).sum();
    assert_eq!(total, 6, "{v}");
    // Prizes: 60 % and 40 % of the 40-coin pot to places 1 and 2.
    let (p1, p2) = (
        rows[0]["user"].as_u64().unwrap(),
        rows[1]["user"].as_u64().unwrap(),
    );
    for (u, p) in &players {
        let prize = if *u == p1 {
            24
        } else if *u == p2 {
            16
        } else {
            0
        };
        assert_eq!(balance(p).await, start_balance + prize, "balance of {u}");
    }
    // The winner is awarded the event's title; the others none.
    for (u, title) in [
        (p1, json!({"zh": "特级大师", "en": "Grandmaster"})),
        (p2, Value::Null),
    ] {
        let (_, v) = org.http.get(&format!("/api/users/{u}")).await.unwrap();
        assert_eq!(v["user"]["title"]["awarded"]["zh"], title["zh"], "{v}");
    }
    // Every ended game as one PGN (the void one too: it was played to its end later or not
    // at all; here it is still being played, so three games).
    let (status, text) = org
        .http
        .get_text(&format!("/api/tournaments/{id}/pgn?notation=chinese"))
        .await
        .unwrap();
    assert_eq!(status, 200, "{text}");
    assert_eq!(text.matches("[Event \"Arena\"]").count(), 3, "{text}");
    assert!(
        text.contains("[Round \"1\"]") && text.contains("炮二平五"),
        "{text}"
    );
    // Not a Swiss: no TRF.
    let (status, _) = org
        .http
        .get_text(&format!("/api/tournaments/{id}/trf"))
        .await
        .unwrap();
    assert_eq!(status, 404);
    let report = srv.db.ledger_check().await.expect("ledger check");
    assert!(report.is_ok(), "{:?}", report.mismatches);
    let held = srv.db.held_escrows().await.expect("escrows");
    assert!(held.is_empty(), "escrows still holding coins: {held:?}");
}
