//! Spectator delay on a real server: a room that keeps its spectators `N` plies (or `S`
//! seconds) behind the game. Players see every move at once; spectators see move `k` only once
//! move `k + N` was played, with the clocks of that moment, on a feed numbered on its own (a
//! `since` of it catches up), and the public record of the game in progress is cut back the
//! same way. An undo tells spectators only of plies they saw; the game's end releases it all.

use crate::common::{start_game, test_config, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const T: u64 = 3;
const MOVES: [&str; 6] = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];

/// A server whose `std` room keeps spectators `plies` plies and `secs` seconds behind.
async fn server(db: &TestDb, plies: u32, secs: u32) -> TestServer {
    let mut config = test_config(db);
    config.rooms[0].spectator_delay_plies = plies;
    config.rooms[0].spectator_delay_secs = secs;
    TestServer::start_with(config).await
}

/// What `p` has been sent since it last looked, and its `table_state` now: joining again is
/// answered after everything the table sent before, so nothing in flight is missed.
async fn look(p: &mut Player) -> (Vec<Value>, Value) {
    let before = p.ok(json!({"t": "join", "table": T})).await;
    p.ws.clear();
    let moved = before
        .iter()
        .filter(|m| m["t"] == "ev" && m["e"]["type"] == "moved")
        .map(|m| m["e"].clone())
        .collect();
    let state = before
        .into_iter()
        .find(|m| m["t"] == "table_state")
        .expect("table_state");
    (moved, state)
}

/// The `mv`s of `moved` events.
fn mvs(moved: &[Value]) -> Vec<String> {
    moved
        .iter()
        .map(|e| e["mv"].as_str().unwrap_or("?").to_owned())
        .collect()
}

/// Plays ply `k` (0-based) of [`MOVES`].
async fn play(red: &mut Player, black: &mut Player, k: usize) {
    let p = if k.is_multiple_of(2) { red } else { black };
    p.mv(T, MOVES[k]).await;
}

#[tokio::test]
async fn a_spectator_sees_each_move_only_n_plies_later_and_the_players_at_once() {
    let db = TestDb::new().await;
    let srv = server(&db, 2, 0).await;
    let mut watcher = Player::register(srv.addr, "sdwatch").await;
    let (mut red, mut black) = start_game(srv.addr, T, untimed(), ("sdred", "sdblack")).await;
    let (_, state) = look(&mut watcher).await;
    assert_eq!(
        state["state"]["spectator_delay"],
        json!({"plies": 2, "secs": 0, "delayed": true})
    );
    assert!(
        state["epoch"].as_str().unwrap().ends_with(".spectators"),
        "{state}"
    );
    let (_, own) = look(&mut red).await;
    assert_eq!(own["state"]["spectator_delay"]["delayed"], false);
    assert_eq!(own["epoch"], red.epoch.as_str());
    let game_id = own["state"]["game"]["game_id"].as_u64().expect("game id");

    let mut seen = Vec::new();
    for (k, mv) in MOVES.iter().enumerate().take(5) {
        play(&mut red, &mut black, k).await;
        // The opponent sees it at once.
        let other = if k.is_multiple_of(2) {
            &mut black
        } else {
            &mut red
        };
        let ply = k as u64 + 1;
        let is_ply =
            |m: &Value| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == ply;
        let ev = other.ws.next_where(is_ply, "moved").await.expect("moved")["e"].clone();
        assert_eq!(
            (ev["mv"].as_str(), ev["ply"].as_u64()),
            (Some(*mv), Some(k as u64 + 1))
        );
        let (moved, state) = look(&mut watcher).await;
        // Ply k + 1 is played: the spectator has seen k - 1 plies.
        let shown = (k + 1).saturating_sub(2);
        seen.extend(moved);
        assert_eq!(mvs(&seen), MOVES[..shown].to_vec(), "after ply {}", k + 1);
        let g = &state["state"]["game"];
        assert_eq!(g["ply"], shown, "{g}");
        assert_eq!(g["moves"], json!(MOVES[..shown]), "{g}");
        assert_eq!(g["legal"], json!([]));
        if let Some(last) = seen.last() {
            assert_eq!(
                g["fen"], last["fen"],
                "the state shows the position released last"
            );
            assert_eq!(g["clock"], last["clock"], "with the clocks of that ply");
        }
        // The public record of the game in progress is cut back the same way.
        let (_, rec) = watcher
            .http
            .get(&format!("/api/games/{game_id}"))
            .await
            .unwrap();
        assert_eq!(rec["game"]["moves"], json!(MOVES[..shown]), "{rec}");
        // The players' own state is the live one.
        let (_, own) = look(&mut red).await;
        assert_eq!(own["state"]["game"]["ply"], k + 1);
    }
    // Each released move carries its ply and the position it made.
    for (i, e) in seen.iter().enumerate() {
        assert_eq!(e["ply"], i + 1);
        assert!(e["fen"].is_string(), "{e}");
    }

    // The end releases the whole game, then the result.
    watcher.ws.clear();
    black.ok(json!({"t": "resign", "table": T})).await;
    let mut released = Vec::new();
    loop {
        let m = watcher
            .ws
            .next_where(|m| m["t"] == "ev", "events")
            .await
            .expect("event");
        match m["e"]["type"].as_str() {
            Some("moved") => released.push(m["e"].clone()),
            Some("game_ended") => break,
            _ => {}
        }
    }
    assert_eq!(mvs(&released), MOVES[3..5].to_vec());
    let (_, state) = look(&mut watcher).await;
    assert_eq!(state["state"]["game"]["moves"], json!(MOVES[..5]));
    let (_, rec) = watcher
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .unwrap();
    assert_eq!(rec["game"]["moves"], json!(MOVES[..5]));
}

#[tokio::test]
async fn a_spectator_catches_up_with_since_on_the_delayed_feed() {
    let db = TestDb::new().await;
    let srv = server(&db, 1, 0).await;
    let (mut red, mut black) = start_game(srv.addr, T, untimed(), ("scred", "scblack")).await;
    let mut watcher = Player::register(srv.addr, "scwatch").await;
    let (_, state) = look(&mut watcher).await;
    let (epoch, v) = (state["epoch"].clone(), state["v"].as_u64().expect("v"));
    play(&mut red, &mut black, 0).await;
    play(&mut red, &mut black, 1).await;
    play(&mut red, &mut black, 2).await;

    // Back on a new socket with what it had: the events it missed, no table_state.
    watcher.reconnect(srv.addr).await;
    let join = json!({"t": "join", "table": T, "epoch": epoch, "since": v});
    let before = watcher.ok(join).await;
    assert!(before.iter().all(|m| m["t"] != "table_state"), "{before:?}");
    let moved: Vec<&Value> = before
        .iter()
        .filter(|m| m["e"]["type"] == "moved")
        .collect();
    let got: Vec<&str> = moved.iter().filter_map(|m| m["e"]["mv"].as_str()).collect();
    assert_eq!(got, MOVES[..2].to_vec());
    let vs: Vec<u64> = moved.iter().filter_map(|m| m["v"].as_u64()).collect();
    assert_eq!(vs, vec![v + 1, v + 2], "numbered on the spectators' feed");

    // The players' epoch means nothing on the delayed feed: a whole table_state comes.
    watcher.ws.clear();
    let join = json!({"t": "join", "table": T, "epoch": red.epoch, "since": v});
    let before = watcher.ok(join).await;
    let state = before
        .iter()
        .find(|m| m["t"] == "table_state")
        .expect("state");
    assert_eq!(state["state"]["game"]["ply"], 2);
}

#[tokio::test]
async fn a_delay_in_seconds_releases_each_move_after_that_time() {
    let db = TestDb::new().await;
    let srv = server(&db, 0, 1).await;
    let (mut red, mut black) = start_game(srv.addr, T, untimed(), ("ssred", "ssblack")).await;
    let mut watcher = Player::register(srv.addr, "sswatch").await;
    look(&mut watcher).await;
    let played = Instant::now();
    play(&mut red, &mut black, 0).await;
    let (moved, state) = look(&mut watcher).await;
    if played.elapsed() < Duration::from_millis(900) {
        assert!(moved.is_empty(), "{moved:?}");
        assert_eq!(state["state"]["game"]["ply"], 0);
    }
    let ev = watcher.event("moved").await;
    assert!(
        played.elapsed() >= Duration::from_millis(950),
        "released too soon"
    );
    assert_eq!(ev["mv"], MOVES[0]);
    let (_, state) = look(&mut watcher).await;
    assert_eq!(state["state"]["game"]["ply"], 1);
}

#[tokio::test]
async fn an_undo_reaches_spectators_only_for_plies_they_saw() {
    let db = TestDb::new().await;
    let srv = server(&db, 1, 0).await;
    let (mut red, mut black) = start_game(srv.addr, T, untimed(), ("sured", "sublack")).await;
    let mut watcher = Player::register(srv.addr, "suwatch").await;
    look(&mut watcher).await;
    for k in 0..3 {
        play(&mut red, &mut black, k).await;
    }
    // Red takes back its last move (ply 3), which spectators never saw.
    red.ok(json!({"t": "undo_request", "table": T})).await;
    black.event("undo_requested").await;
    black.ok(json!({"t": "undo_accept", "table": T})).await;
    red.event("undone").await;
    let before = watcher.ok(json!({"t": "join", "table": T})).await;
    watcher.ws.clear();
    let undone: Vec<&Value> = before
        .iter()
        .filter(|m| m["e"]["type"] == "undone")
        .collect();
    assert!(undone.is_empty(), "{undone:?}");
    let state = before
        .iter()
        .find(|m| m["t"] == "table_state")
        .expect("state");
    assert_eq!(state["state"]["game"]["moves"], json!(MOVES[..2]));

    // Black takes back ply 2 (and Red's reply is gone already): spectators saw ply 2.
    black.ok(json!({"t": "undo_request", "table": T})).await;
    red.event("undo_requested").await;
    red.ok(json!({"t": "undo_accept", "table": T})).await;
    let e = watcher.event("undone").await;
    let ply = e["ply"].as_u64().expect("ply");
    assert!(ply < 2, "{e}");
    assert_eq!(e["plies"], 2 - ply, "only the plies spectators saw: {e}");
}

#[tokio::test]
async fn an_events_spec_keeps_spectators_of_its_games_behind() {
    use crate::tournaments::{config, entrants, post, t_ev, view};
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let body = json!({
        "name": "Delayed Cup",
        "starts_in_secs": 3600,
        "spec": {"rounds": 1, "time_control": "rapid", "round_gap_secs": 0, "no_show_secs": 60,
                 "spectator_delay_plies": 1},
    });
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let mut players = entrants(srv.addr, id, "dc", 2).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    let v = view(&org, id).await;
    let board = &v["rounds"][0]["boards"][0];
    let table = board["table"].as_u64().expect("table");
    let red = players.get_mut(&board["red"].as_u64().unwrap()).unwrap();
    let st = red.join_state(table).await;
    assert_eq!(st["state"]["spectator_delay"]["delayed"], false, "{st}");
    red.mv(table, "h2e2").await;
    let st = org.join_state(table).await;
    assert_eq!(
        st["state"]["spectator_delay"],
        json!({"plies": 1, "secs": 0, "delayed": true})
    );
    assert_eq!(st["state"]["game"]["ply"], 0, "{st}");
    let black = players.get_mut(&board["black"].as_u64().unwrap()).unwrap();
    black.join_state(table).await;
    black.mv(table, "h9g7").await;
    let e = org.event("moved").await;
    assert_eq!(
        (e["ply"].as_u64(), e["mv"].as_str()),
        (Some(1), Some("h2e2"))
    );
}
