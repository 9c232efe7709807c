//! Berserk at an arena's table over the real server: before their first move a player halves
//! their time and drops their increment (the other keeps theirs); it is refused after one's first
//! move, a second time, and in an arena that does not allow it; the director records it, and a
//! berserk win shorter than the berserker's 7 moves earns no bonus point.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, entrants, post, t_ev, view};
use serde_json::{json, Value};
use std::time::Duration;

/// An arena of `berserk`, started with two players; `(id, players, (table, red, black))`.
async fn arena(
    srv: &TestServer,
    org: &mut Player,
    berserk: bool,
    prefix: &str,
) -> (
    u64,
    std::collections::BTreeMap<u64, Player>,
    (u64, u64, u64),
) {
    let body = json!({"name": "Berserk Arena", "starts_in_secs": 3600,
        "spec": {"system": "arena", "minutes": 10, "time_control": "blitz", "berserk": berserk}});
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let players = entrants(srv.addr, id, prefix, 2).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = post(org, id, "start").await;
    assert_eq!(status, 200, "{v}");
    for _ in 0..100 {
        let v = view(org, id).await;
        if let Some(b) = v["rounds"][0]["boards"].get(0) {
            let n = |k: &str| b[k].as_u64().unwrap();
            return (id, players, (n("table"), n("red"), n("black")));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the arena never paired");
}

fn berserked(m: &Value) -> bool {
    m["t"] == "ev" && m["e"]["type"] == "berserked"
}

#[tokio::test]
async fn a_player_berserks_before_their_first_move_only() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let (id, mut players, (table, red, black)) = arena(&srv, &mut org, true, "bz").await;
    for u in [red, black] {
        let p = players.get_mut(&u).unwrap();
        p.ok(json!({"t": "join", "table": table})).await;
        let st =
            p.ws.next_where(|m| m["t"] == "table_state" && m["table"] == table, "state")
                .await
                .unwrap();
        assert_eq!(st["state"]["berserk"], true, "{st}");
    }

    let b = players.get_mut(&black).unwrap();
    b.ok(json!({"t": "berserk", "table": table})).await;
    let code = b.refused(json!({"t": "berserk", "table": table})).await;
    assert_eq!(code, "berserk_refused", "only once");
    let r = players.get_mut(&red).unwrap();
    let e = r.ws.next_where(berserked, "berserked").await.unwrap()["e"].clone();
    assert_eq!(e["color"], "black", "{e}");
    assert_eq!(e["control"]["increment"], 0, "{e}");
    let ev = t_ev(&mut org, "berserked").await;
    assert_eq!(ev["user"], black, "{ev}");

    // Red moves first and can no longer berserk; their clock kept its increment.
    r.mv(table, "h2e2").await;
    let code = r.refused(json!({"t": "berserk", "table": table})).await;
    assert_eq!(code, "berserk_refused");

    // The berserk is journaled at the table: after an abrupt stop the game comes back with
    // Black on the berserk clock and Red on the full one.
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    let r = players.get_mut(&red).unwrap();
    r.ws.clear();
    r.ok(json!({"t": "join", "table": table})).await;
    let st =
        r.ws.next_where(|m| m["t"] == "table_state" && m["table"] == table, "state")
            .await
            .unwrap();
    let game = &st["state"]["game"];
    assert_eq!(game["black_control"]["increment"], 0, "{st}");
    assert_eq!(game["control"]["increment"], 3000, "{st}");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(1), "{st}");

    // Black wins at once (red resigns): 2 points, no bonus under 7 of Black's moves.
    r.ok(json!({"t": "resign", "table": table})).await;
    t_ev(&mut org, "scored").await;
    let v = view(&org, id).await;
    let sheet = v["arena"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["user"] == black)
        .map(|p| p["sheet"].clone());
    assert_eq!(sheet, Some(json!([2])), "{v}");

    // An arena without berserk refuses it.
    let (_, mut players, (table, red, _)) = arena(&srv, &mut org, false, "nb").await;
    let r = players.get_mut(&red).unwrap();
    r.ok(json!({"t": "join", "table": table})).await;
    let code = r.refused(json!({"t": "berserk", "table": table})).await;
    assert_eq!(code, "berserk_refused");
}
