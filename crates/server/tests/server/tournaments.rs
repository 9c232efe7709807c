//! Tournaments over the real server: an 8-player, 3-round Swiss run to the end over real
//! WebSocket clients (each game played at its tournament table and resigned), a no-show that
//! forfeits and is withdrawn, and an event that survives an abrupt stop mid-round.

use crate::common::{test_config, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;

/// A config where `org` is an organiser.
pub fn config(db: &TestDb) -> server::Config {
    let mut c = test_config(db);
    c.tournaments.organisers = vec!["org".into()];
    c
}

/// Creates an event as `org`; returns its id.
pub async fn create(org: &mut Player, rounds: u32, no_show_secs: u64) -> u64 {
    let body = json!({
        "name": "Test Cup",
        "starts_in_secs": 3600,
        "spec": {"rounds": rounds, "time_control": "rapid", "round_gap_secs": 0,
                 "no_show_secs": no_show_secs, "draw_offers_from_move": 10},
    });
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["id"].as_u64().unwrap()
}

pub async fn view(p: &Player, id: u64) -> Value {
    let (status, v) = p.http.get(&format!("/api/tournaments/{id}")).await.unwrap();
    assert_eq!(status, 200, "{v}");
    v
}

pub async fn post(p: &mut Player, id: u64, action: &str) -> (u16, Value) {
    p.http
        .post(&format!("/api/tournaments/{id}/{action}"), &json!({}))
        .await
        .unwrap()
}

/// Registers `n` players named `{prefix}{i}` and enters them in event `id`.
pub async fn entrants(addr: SocketAddr, id: u64, prefix: &str, n: usize) -> BTreeMap<u64, Player> {
    let mut players = BTreeMap::new();
    for i in 0..n {
        let mut p = Player::register(addr, &format!("{prefix}{i}")).await;
        let (status, v) = post(&mut p, id, "join").await;
        assert_eq!(status, 200, "{v}");
        players.insert(p.user["id"].as_u64().unwrap(), p);
    }
    players
}

/// The next tournament event of type `t` seen by `p`.
pub async fn t_ev(p: &mut Player, t: &str) -> Value {
    p.ws.next_where(|m| m["t"] == "t_ev" && m["e"]["t"] == t, t)
        .await
        .unwrap_or_else(|e| panic!("waiting for {t}: {e}"))["e"]
        .clone()
}

/// Plays the game at `table`: both join (already seated; the game is on), Red moves, and the
/// player with the higher id resigns. Returns the winner.
pub async fn play(players: &mut BTreeMap<u64, Player>, table: u64, red: u64, black: u64) -> u64 {
    for u in [red, black] {
        let p = players.get_mut(&u).unwrap();
        p.ws.clear();
        p.ok(json!({"t": "join", "table": table})).await;
        let st =
            p.ws.next_where(|m| m["t"] == "table_state" && m["table"] == table, "state")
                .await
                .unwrap();
        let game = &st["state"]["game"];
        assert!(game["game_id"].is_u64() && game["end"].is_null(), "{st}");
    }
    let r = players.get_mut(&red).unwrap();
    // Tournament rules at the table: no draw offer before move 10, no abort, no standing up.
    let code = r.refused(json!({"t": "draw_offer", "table": table})).await;
    assert_eq!(code, "draw_too_early");
    let code = r.refused(json!({"t": "abort", "table": table})).await;
    assert_eq!(code, "tournament_refused");
    r.mv(table, "h2e2").await;
    let loser = red.max(black);
    let p = players.get_mut(&loser).unwrap();
    p.ok(json!({"t": "resign", "table": table})).await;
    red.min(black)
}

/// Plays round `round` (already paired) to its end; returns `(red, black, winner)` per game.
pub async fn play_round(
    org: &mut Player,
    players: &mut BTreeMap<u64, Player>,
    id: u64,
    round: usize,
) -> Vec<(u64, u64, Option<u64>)> {
    let v = view(org, id).await;
    let boards = v["rounds"][round - 1]["boards"].as_array().unwrap().clone();
    let mut out = Vec::new();
    for b in &boards {
        let red = b["red"].as_u64().unwrap();
        match (b["black"].as_u64(), b["table"].as_u64()) {
            (Some(black), Some(table)) => {
                let w = play(players, table, red, black).await;
                out.push((red, black, Some(w)));
            }
            _ => out.push((red, 0, None)),
        }
    }
    t_ev(org, "round_complete").await;
    out
}

#[tokio::test]
async fn an_eight_player_swiss_runs_to_the_end_with_standings() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let id = create(&mut org, 3, 60).await;
    let mut players = entrants(srv.addr, id, "sw", 8).await;

    // Refusals change nothing: a second entry, a non-organiser starting or creating.
    let first = *players.keys().next().unwrap();
    let p = players.get_mut(&first).unwrap();
    let (status, v) = post(p, id, "join").await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("tournament_refused"))
    );
    let (status, v) = post(p, id, "start").await;
    assert_eq!((status, v["error"].as_str()), (403, Some("not_organiser")));
    let (status, _) = p
        .http
        .post("/api/tournaments", &json!({"name": "Mine"}))
        .await
        .unwrap();
    assert_eq!(status, 403);
    let (_, list) = org.http.get("/api/tournaments").await.unwrap();
    assert_eq!(list["upcoming"][0]["id"], id);
    assert_eq!(view(&org, id).await["players"].as_array().unwrap().len(), 8);

    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");

    let mut points: BTreeMap<u64, u32> = players.keys().map(|u| (*u, 0)).collect();
    let mut met = BTreeSet::new();
    for round in 1..=3 {
        let e = t_ev(&mut org, "round_paired").await;
        assert_eq!(e["round"], round);
        for (red, black, winner) in play_round(&mut org, &mut players, id, round).await {
            let w = winner.expect("8 players: no bye");
            *points.get_mut(&w).unwrap() += 2;
            assert!(met.insert((red.min(black), red.max(black))), "a rematch");
        }
    }
    let fin = t_ev(&mut org, "finished").await;
    assert_eq!(fin["standings"].as_array().unwrap().len(), 8);

    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    assert_eq!(
        v["tiebreaks"],
        json!([
            "opponent_score",
            "wins",
            "fouls",
            "black_games",
            "earlier_rounds"
        ])
    );
    let rows = v["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    let mut last = u64::MAX;
    for r in rows {
        let u = r["user"].as_u64().unwrap();
        let pts = r["points"].as_u64().unwrap();
        assert_eq!(pts, u64::from(points[&u]), "points of {u}");
        assert!(pts <= last, "ordered by points");
        last = pts;
        assert_eq!(r["tiebreaks"].as_array().unwrap().len(), 5);
    }
    // The wins tie-break is the number of games won.
    for r in rows {
        let u = r["user"].as_u64().unwrap();
        assert_eq!(r["tiebreaks"][1], (points[&u] / 2).to_string());
    }
    let results: Vec<&Value> = v["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["boards"].as_array().unwrap())
        .map(|b| &b["result"])
        .collect();
    assert_eq!(results.len(), 12);
    assert!(results.iter().all(|r| *r == "1-0" || *r == "0-1"));
    let (_, list) = org.http.get("/api/tournaments").await.unwrap();
    assert_eq!(list["finished"][0]["id"], id);
    // Over: nobody can join any more.
    let (status, _) = post(players.get_mut(&first).unwrap(), id, "withdraw").await;
    assert_eq!(status, 400);
    // The files: every game as PGN with its round and board, the Swiss as a FIDE TRF.
    let (status, pgn) = org
        .http
        .get_text(&format!("/api/tournaments/{id}/pgn"))
        .await
        .unwrap();
    assert_eq!(status, 200, "{pgn}");
    assert_eq!(pgn.matches("[Event \"Test Cup\"]").count(), 12, "{pgn}");
    assert!(pgn.contains("[Round \"3.4\"]"), "{pgn}");
    let (status, trf) = org
        .http
        .get_text(&format!("/api/tournaments/{id}/trf"))
        .await
        .unwrap();
    assert_eq!(status, 200, "{trf}");
    assert!(trf.contains("012 Test Cup"), "{trf}");
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 8, "{trf}");
    assert!(
        lines.iter().all(|l| l.contains("sw")),
        "player names: {trf}"
    );
}

#[tokio::test]
async fn a_no_show_forfeits_and_is_withdrawn() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let id = create(&mut org, 2, 1).await;
    let mut players = entrants(srv.addr, id, "ns", 2).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    // Nobody comes: Red does not make the first move in time.
    let e = t_ev(&mut org, "result_recorded").await;
    let red = e["board"]["red"].as_u64().unwrap();
    t_ev(&mut org, "withdrew").await;
    let v = view(&org, id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "-+");
    let withdrawn: Vec<u64> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["withdrawn"] == true)
        .map(|p| p["user"].as_u64().unwrap())
        .collect();
    assert_eq!(withdrawn, vec![red]);
    // Round 2 cannot be paired with one player left: the event ends.
    t_ev(&mut org, "finished").await;
    assert_eq!(view(&org, id).await["status"], "finished");
    drop(players.remove(&red));
}

#[tokio::test]
async fn an_event_survives_an_abrupt_stop_mid_round() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let id = create(&mut org, 2, 60).await;
    let mut players = entrants(srv.addr, id, "rs", 4).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    let v = view(&org, id).await;
    let boards = v["rounds"][0]["boards"].as_array().unwrap().clone();
    let board = |i: usize| {
        let b = &boards[i];
        (
            b["table"].as_u64().unwrap(),
            b["red"].as_u64().unwrap(),
            b["black"].as_u64().unwrap(),
        )
    };
    // Board 1 is decided; board 2 has a move made when the server dies.
    let (t1, r1, b1) = board(0);
    let w1 = play(&mut players, t1, r1, b1).await;
    let (t2, r2, b2) = board(1);
    for u in [r2, b2] {
        players
            .get_mut(&u)
            .unwrap()
            .ok(json!({"t": "join", "table": t2}))
            .await;
    }
    players.get_mut(&r2).unwrap().mv(t2, "h2e2").await;
    t_ev(&mut org, "result_recorded").await;
    srv.crash();

    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    let v = view(&org, id).await;
    assert_eq!(v["status"], "running");
    assert_eq!(v["rounds"].as_array().unwrap().len(), 1);
    assert_eq!(
        v["rounds"][0]["boards"][0]["result"],
        if w1 == r1 { "1-0" } else { "0-1" }
    );
    assert!(v["rounds"][0]["boards"][1]["result"].is_null());
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    // The game in progress came back with its move; Black answers and the loser resigns.
    let p = players.get_mut(&b2).unwrap();
    p.ok(json!({"t": "join", "table": t2})).await;
    let st =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .unwrap();
    assert_eq!(st["state"]["game"]["moves"], json!(["h2e2"]));
    p.mv(t2, "h9g7").await;
    let loser = r2.max(b2);
    let lp = players.get_mut(&loser).unwrap();
    lp.ok(json!({"t": "join", "table": t2})).await;
    lp.ok(json!({"t": "resign", "table": t2})).await;
    t_ev(&mut org, "round_complete").await;
    t_ev(&mut org, "round_paired").await;
    play_round(&mut org, &mut players, id, 2).await;
    t_ev(&mut org, "finished").await;
    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    let total: u64 = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 2 * 2 * 2, "four decided games of 2 points");
}

#[tokio::test]
async fn a_player_withdrawing_mid_game_loses_it_by_forfeit_and_the_game_ends() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let id = create(&mut org, 1, 60).await;
    let mut players = entrants(srv.addr, id, "wd", 2).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    let v = view(&org, id).await;
    let b = &v["rounds"][0]["boards"][0];
    let (table, red, black) = (
        b["table"].as_u64().unwrap(),
        b["red"].as_u64().unwrap(),
        b["black"].as_u64().unwrap(),
    );
    for u in [red, black] {
        players
            .get_mut(&u)
            .unwrap()
            .ok(json!({"t": "join", "table": table}))
            .await;
    }
    players.get_mut(&red).unwrap().mv(table, "h2e2").await;
    let (status, v) = post(players.get_mut(&black).unwrap(), id, "withdraw").await;
    assert_eq!(status, 200, "{v}");
    // The game at the table ends (resigned for the withdrawn player); the event scores a forfeit.
    let end = players.get_mut(&red).unwrap().event("game_ended").await;
    assert_eq!(end["end"]["result"], "1-0", "{end}");
    t_ev(&mut org, "finished").await;
    let v = view(&org, id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "+-");
    assert_eq!(v["standings"][0]["user"], red);
}
