//! Engine analysis (issue #22): finished games analysed on the server's queue (stored, shared by
//! the game's link, one per user at a time, a visible place in the queue, requeued after a
//! crash) and live engine lines over the socket.

use crate::common::{start_game, test_config, untimed, Player, TestDb, TestServer};
use client::HttpClient;
use serde_json::{json, Value};
use server::Config;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// A config whose analyses search `depth` plies per position with `workers` workers.
fn config(db: &TestDb, workers: usize, depth: u32) -> Config {
    let mut c = test_config(db);
    c.analysis.workers = workers;
    c.analysis.depth = depth;
    c
}

/// Plays `moves` at `table` between two new players, then Black resigns; the game's id.
async fn finished_game(
    addr: SocketAddr,
    table: u64,
    names: (&str, &str),
    moves: &[&str],
) -> (u64, Player, Player) {
    let (mut red, mut black) = start_game(addr, table, untimed(), names).await;
    for (i, mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            red.mv(table, mv).await;
        } else {
            black.mv(table, mv).await;
        }
    }
    black.ok(json!({"t": "resign", "table": table})).await;
    let end = red.event("game_ended").await;
    let id = end["game_id"].as_u64().expect("game id");
    (id, red, black)
}

const MOVES: [&str; 6] = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];

/// Polls `GET /api/games/{id}/analysis` until `pred` holds (or panics after `secs`).
async fn wait_for(http: &HttpClient, id: u64, secs: u64, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let (status, body) = http
            .get(&format!("/api/games/{id}/analysis"))
            .await
            .expect("get analysis");
        assert_eq!(status, 200, "{body}");
        if pred(&body) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "analysis of {id} stuck at {body}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn an_analysis_queues_runs_and_is_stored_for_everyone() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db, 1, 3)).await;
    let (id, mut red, _black) = finished_game(srv.addr, 1, ("anred", "anblack"), &MOVES).await;
    let anyone = HttpClient::new(srv.addr);
    let (status, body) = anyone
        .get(&format!("/api/games/{id}/analysis"))
        .await
        .unwrap();
    assert_eq!((status, body), (200, json!({"status": "none"})));

    // Only logged-in users ask for one.
    let mut stranger = HttpClient::new(srv.addr);
    let (status, _) = stranger
        .post(&format!("/api/games/{id}/analysis"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 401);

    let (status, body) = red
        .http
        .post(&format!("/api/games/{id}/analysis"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(
        ["queued", "running", "done"].contains(&body["status"].as_str().unwrap()),
        "{body}"
    );
    let done = wait_for(&anyone, id, 60, |b| b["status"] == "done").await;
    let a = &done["result"];
    assert_eq!(a["depth"], 3);
    assert_eq!(a["positions"].as_array().unwrap().len(), MOVES.len() + 1);
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), MOVES.len());
    assert_eq!(moves[0]["mv"], "h2e2");
    assert_eq!(moves[0]["chinese"], "炮二平五");
    assert_eq!(moves[1]["side"], "black");
    for m in moves {
        assert!(m["eval"]["text"].is_string(), "{m}");
        assert!(
            m["eval"]["cp"].is_i64() || m["eval"]["mate"].is_i64(),
            "{m}"
        );
        let marked = !m["mark"].is_null();
        assert_eq!(marked, !m["judgment"].is_null());
        assert_eq!(
            m["best_line"].as_array().unwrap().len(),
            m["best_line_chinese"].as_array().unwrap().len()
        );
    }
    for side in ["red", "black"] {
        let acc = a["players"][side]["accuracy"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&acc), "{acc}");
    }
    // Stored: the same after a restart, and asking again changes nothing.
    srv.stop().await;
    let srv = TestServer::start_with(config(&db, 1, 3)).await;
    let anyone = HttpClient::new(srv.addr);
    let (_, again) = anyone
        .get(&format!("/api/games/{id}/analysis"))
        .await
        .unwrap();
    assert_eq!(again, done);
    red.reconnect(srv.addr).await;
    let (status, body) = red
        .http
        .post(&format!("/api/games/{id}/analysis"), &json!({}))
        .await
        .unwrap();
    assert_eq!((status, &body), (200, &done));
    let (status, _) = anyone.get("/api/games/999999/analysis").await.unwrap();
    assert_eq!(status, 404);
}

#[tokio::test]
async fn one_analysis_per_user_and_the_others_see_their_place_in_the_queue() {
    let db = TestDb::new().await;
    // No worker: everything stays queued.
    let srv = TestServer::start_with(config(&db, 0, 3)).await;
    let (a, mut red, mut black) = finished_game(srv.addr, 1, ("qred", "qblack"), &MOVES).await;
    let (b, _, _) = finished_game(srv.addr, 2, ("qred2", "qblack2"), &MOVES[..2]).await;

    let post = |id: u64| format!("/api/games/{id}/analysis");
    let (status, body) = red.http.post(&post(a), &json!({})).await.unwrap();
    assert_eq!(
        (status, body),
        (200, json!({"status": "queued", "position": 1}))
    );
    // A second one of the same user is refused and changes nothing.
    let (status, body) = red.http.post(&post(b), &json!({})).await.unwrap();
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"], "too_many_analyses");
    let (_, none) = red.http.get(&post(b)).await.unwrap();
    assert_eq!(none, json!({"status": "none"}));
    // Another user queues it behind.
    let (status, body) = black.http.post(&post(b), &json!({})).await.unwrap();
    assert_eq!(
        (status, body),
        (200, json!({"status": "queued", "position": 2}))
    );
    let (_, seen) = HttpClient::new(srv.addr).get(&post(b)).await.unwrap();
    assert_eq!(seen, json!({"status": "queued", "position": 2}));

    // A game in progress cannot be analysed yet.
    let (mut p1, _p2) = start_game(srv.addr, 3, untimed(), ("qlive1", "qlive2")).await;
    p1.mv(3, "h2e2").await;
    let mut watcher = Player::register(srv.addr, "qwatch").await;
    let st = watcher.join_state(3).await;
    let live = st["state"]["game"]["game_id"].as_u64().expect("game id");
    let (status, body) = watcher.http.post(&post(live), &json!({})).await.unwrap();
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("not_finished")),
        "{body}"
    );
}

#[tokio::test]
async fn a_half_done_analysis_is_queued_again_after_a_crash() {
    let db = TestDb::new().await;
    // Deep enough that the game cannot be finished before the crash.
    let srv = TestServer::start_with(config(&db, 1, 40)).await;
    let (id, mut red, _) = finished_game(srv.addr, 1, ("rred", "rblack"), &MOVES).await;
    red.http
        .post(&format!("/api/games/{id}/analysis"), &json!({}))
        .await
        .unwrap();
    let running = wait_for(&red.http, id, 30, |b| b["status"] == "running").await;
    assert_eq!(running["total"], MOVES.len() + 1);
    srv.crash();

    let srv = TestServer::start_with(config(&db, 1, 2)).await;
    let http = HttpClient::new(srv.addr);
    let done = wait_for(&http, id, 60, |b| b["status"] == "done").await;
    // Searched again from the start by the restarted server, at its depth.
    assert_eq!(done["result"]["depth"], 2);
    assert_eq!(
        done["result"]["positions"].as_array().unwrap().len(),
        MOVES.len() + 1
    );
}

/// The next `analysis_lines` message (a generous wait: the server runs tests in parallel).
async fn lines(p: &mut Player) -> Value {
    p.ws.next_where(|m| m["t"] == "analysis_lines", "analysis_lines")
        .await
        .expect("analysis_lines")
}

#[tokio::test]
async fn live_lines_stream_as_the_depth_grows_and_stop_on_request() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "liveone").await;
    let fen = xiangqi::START_FEN;
    p.ok(json!({"t": "analyse", "fen": fen, "multipv": 3}))
        .await;
    let first = lines(&mut p).await;
    let second = lines(&mut p).await;
    for m in [&first, &second] {
        assert_eq!(m["fen"], fen);
        assert_eq!(m["done"], false);
        let ls = m["lines"].as_array().unwrap();
        assert_eq!(ls.len(), 3, "{m}");
        let firsts: Vec<&Value> = ls.iter().map(|l| &l["pv"][0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2], "{m}");
        assert!(
            ls.iter().all(|l| l["cp"].is_i64() && l["mate"].is_null()),
            "{m}"
        );
    }
    assert!(second["depth"].as_i64() > first["depth"].as_i64());

    p.ok(json!({"t": "analyse_stop"})).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let mut after = 0;
    p.ws.clear();
    while let Ok(Ok(m)) = tokio::time::timeout(Duration::from_millis(300), p.ws.next()).await {
        after += usize::from(m["t"] == "analysis_lines");
    }
    assert_eq!(after, 0, "lines after analyse_stop");

    // A new position replaces the old one; a mate is shown as a mate from Red's view.
    let mate = crate::common::MATE_FEN;
    p.ok(json!({"t": "analyse", "fen": xiangqi::START_FEN}))
        .await;
    p.ok(json!({"t": "analyse", "fen": mate, "multipv": 1}))
        .await;
    let m =
        p.ws.next_where(
            |m| m["t"] == "analysis_lines" && m["fen"] == mate && m["depth"].as_i64() >= Some(3),
            "mate lines",
        )
        .await
        .unwrap();
    assert!(m["lines"][0]["mate"].as_i64().unwrap() > 0, "{m}");
    assert!(m["lines"][0]["cp"].is_null());
}

#[tokio::test]
async fn live_lines_end_at_the_depth_cap() {
    let db = TestDb::new().await;
    let mut c = test_config(&db);
    c.limits.live_analysis_depth = 4;
    let srv = TestServer::start_with(c).await;
    let mut p = Player::register(srv.addr, "capped").await;
    p.ok(json!({"t": "analyse", "fen": xiangqi::START_FEN, "multipv": 2}))
        .await;
    let last =
        p.ws.next_where(
            |m| m["t"] == "analysis_lines" && m["done"] == true,
            "last lines",
        )
        .await
        .unwrap();
    assert_eq!(last["depth"], 4);
    assert_eq!(last["lines"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn bad_positions_are_refused_and_live_searches_are_bounded() {
    let db = TestDb::new().await;
    let mut c = test_config(&db);
    c.limits.live_analyses_at_once = 1;
    let srv = TestServer::start_with(c).await;
    let mut a = Player::register(srv.addr, "livea").await;
    let mut b = Player::register(srv.addr, "liveb").await;
    for fen in [
        "not a fen",
        // Kings facing.
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        // Three kings.
        "3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    ] {
        assert_eq!(
            a.refused(json!({"t": "analyse", "fen": fen})).await,
            "bad_fen"
        );
    }
    let start = xiangqi::START_FEN;
    assert_eq!(
        a.refused(json!({"t": "analyse", "fen": start, "multipv": 6}))
            .await,
        "bad_message"
    );
    a.ok(json!({"t": "analyse", "fen": start})).await;
    // The server's one live search is taken.
    assert_eq!(
        b.refused(json!({"t": "analyse", "fen": start})).await,
        "analysis_busy"
    );
    // Its owner may move on to another position.
    a.ok(json!({"t": "analyse", "fen": crate::common::MATE_FEN}))
        .await;
    // Closing the connection frees the slot.
    a.ws.close().await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match b.call(json!({"t": "analyse", "fen": start})).await {
            Ok(_) => break,
            Err(e) => assert_eq!(e["code"], "analysis_busy"),
        }
        assert!(Instant::now() < deadline, "the slot was never freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
