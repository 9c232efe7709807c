//! Puzzles over HTTP (issue #38, docs/puzzles.md) on the real server (SQLite, or PostgreSQL
//! with `CHUHE_TEST_DATABASE_URL`): a fresh site loads its puzzle set; a visitor solves
//! unrated; an account is rated once per puzzle (a second round is refused and changes
//! nothing), never gets a puzzle twice, and fails one; a guest plays unrated; the daily puzzle is
//! stable; the dashboard counts by theme; streak and storm runs are judged by the server.

use crate::common::{test_config, TestDb, TestServer};
use client::HttpClient;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// Three puzzles: (id, JSON line, the winning moves, a wrong first move).
fn set() -> Vec<(&'static str, String, Vec<&'static str>, &'static str)> {
    let line = |id: &str, fen: &str, moves: &[&str], themes: &str, rating: f64| {
        json!({
            "id": id, "fen": fen, "line": moves, "themes": themes.split(' ').collect::<Vec<_>>(),
            "rating": {"rating": rating, "deviation": 300.0, "volatility": 0.09, "games": 0},
            "source": {"kind": "ccpd", "file": "test.pgn", "ply": 10}
        })
        .to_string()
    };
    let two = ["a1a8", "e9f9", "b0b9"];
    vec![
        (
            "mate2",
            line(
                "mate2",
                "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1",
                &two,
                "mateIn2 twoChariots",
                1500.0,
            ),
            two.to_vec(),
            "a1a2",
        ),
        (
            "mate1",
            line(
                "mate1",
                "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
                &["b0b9"],
                "mateIn1 oneMove",
                1400.0,
            ),
            vec!["b0b9"],
            "b0b1",
        ),
        (
            "mate1b",
            line(
                "mate1b",
                "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1",
                &["i0i9"],
                "mateIn1 oneMove",
                1600.0,
            ),
            vec!["i0i9"],
            "a8a7",
        ),
    ]
}

async fn start() -> (TestServer, TestDb, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("set.jsonl");
    let text: Vec<String> = set().into_iter().map(|(_, l, _, _)| l).collect();
    std::fs::write(&file, format!("{}\nnot a puzzle\n", text.join("\n"))).unwrap();
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.puzzles.load_shipped = true;
    config.puzzles.shipped_file = Some(file);
    let srv = TestServer::start_with(config).await;
    let visitor = HttpClient::new(srv.addr);
    for _ in 0..200 {
        let (_, r) = visitor.get("/api/puzzles/next").await.unwrap();
        if r["puzzle"].is_object() {
            return (srv, db, dir);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the puzzle set did not load");
}

fn solutions() -> HashMap<String, (Vec<String>, String)> {
    set()
        .into_iter()
        .map(|(id, _, win, wrong)| {
            (
                id.to_string(),
                (
                    win.iter().map(ToString::to_string).collect(),
                    wrong.to_string(),
                ),
            )
        })
        .collect()
}

#[tokio::test]
async fn puzzles_are_served_judged_and_rated_once() {
    let (srv, _db, _dir) = start().await;
    let sol = solutions();

    // A visitor: the puzzle has no solution on the wire; a wrong move is told with the solution;
    // a correct round is a win, unrated.
    let visitor = &mut HttpClient::new(srv.addr);
    let (status, r) = visitor.get("/api/puzzles/mate2").await.unwrap();
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["puzzle"]["solver_moves"], 2);
    assert_eq!(r["rating"], Value::Null);
    assert!(r["puzzle"].get("line").is_none(), "{r}");
    assert!(r["puzzle"]["credit"]
        .as_str()
        .unwrap()
        .contains("CC BY 4.0"));
    let (_, v) = visitor
        .post(
            "/api/puzzles/mate2/move",
            &json!({"played": [], "move": "a1a8"}),
        )
        .await
        .unwrap();
    assert_eq!(v, json!({"result": "continue", "reply": "e9f9"}));
    let (_, v) = visitor
        .post(
            "/api/puzzles/mate2/move",
            &json!({"played": [], "move": "a1a2"}),
        )
        .await
        .unwrap();
    assert_eq!(v["result"], "wrong");
    assert_eq!(v["solution"], json!(["a1a8", "e9f9", "b0b9"]));
    // The last solver move: the line's (or any other mate) solves it.
    let (_, v) = visitor
        .post(
            "/api/puzzles/mate2/move",
            &json!({"played": ["a1a8", "e9f9"], "move": "b0b9"}),
        )
        .await
        .unwrap();
    assert_eq!(v["result"], "solved");
    let (status, v) = visitor
        .post(
            "/api/puzzles/mate2/round",
            &json!({"moves": ["a1a8", "e9f9", "b0b9"]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["win"], true);
    assert_eq!(v["rated"], false);
    assert_eq!(v["rating"], Value::Null);

    // Bad input: refused, nothing changes.
    for (body, code) in [
        (json!({"moves": ["a1a8"]}), 400),
        (json!({"moves": ["a1a8", "e9d9", "b0b9"]}), 400),
        (json!({"moves": ["b0b9", "e9f9"]}), 400),
        (json!({"moves": ["zz"]}), 400),
        (json!({"moves": []}), 400),
    ] {
        let (status, r) = visitor
            .post("/api/puzzles/mate2/round", &body)
            .await
            .unwrap();
        assert_eq!(status, code, "{body} {r}");
        assert_eq!(r["error"], "bad_message", "{r}");
    }
    let (status, _) = visitor
        .post("/api/puzzles/nope/round", &json!({"moves": ["a1a8"]}))
        .await
        .unwrap();
    assert_eq!(status, 404);

    // An account: every puzzle once, the first solved (rating up), a second round refused.
    let me = &mut HttpClient::new(srv.addr);
    me.register("solver", "password123").await.unwrap();
    let mut seen = vec![];
    let mut rating = 1500;
    for i in 0..3 {
        let (_, r) = me.get("/api/puzzles/next").await.unwrap();
        assert_eq!(r["rating"], rating, "{r}");
        let id = r["puzzle"]["id"].as_str().expect("a puzzle").to_string();
        assert!(!seen.contains(&id), "{id} served twice");
        let (win, wrong) = &sol[&id];
        let moves = if i == 1 { json!([wrong]) } else { json!(win) };
        let (status, v) = me
            .post(
                &format!("/api/puzzles/{id}/round"),
                &json!({"moves": moves}),
            )
            .await
            .unwrap();
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["rated"], true);
        assert_eq!(v["win"], i != 1);
        let after = v["rating"].as_i64().unwrap();
        assert_eq!(v["delta"].as_i64().unwrap(), after - rating);
        if i == 1 {
            assert!(after < rating, "{v}");
        } else {
            assert!(after > rating, "{v}");
        }
        rating = after;
        // Again: refused, nothing changes.
        let (status, r) = me
            .post(&format!("/api/puzzles/{id}/round"), &json!({"moves": win}))
            .await
            .unwrap();
        assert_eq!(status, 403, "{r}");
        assert_eq!(r["error"], "puzzle_refused");
        seen.push(id);
    }
    let (_, r) = me.get("/api/puzzles/next").await.unwrap();
    assert_eq!(r["puzzle"], Value::Null, "all played: {r}");
    assert_eq!(r["rating"], rating);

    // The dashboard: three rounds, two won, by theme.
    let (status, d) = me.get("/api/puzzles/dashboard").await.unwrap();
    assert_eq!(status, 200, "{d}");
    assert_eq!(
        (d["rounds"].clone(), d["wins"].clone()),
        (json!(3), json!(2))
    );
    assert_eq!(d["rating"], rating);
    let themes: Vec<&str> = d["themes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["theme"]["key"].as_str().unwrap())
        .collect();
    assert!(
        themes.contains(&"mateIn1") && themes.contains(&"mateIn2"),
        "{d}"
    );
    let (status, _) = visitor.get("/api/puzzles/dashboard").await.unwrap();
    assert_eq!(status, 401);

    // A guest account plays unrated even when it asks for a rated round.
    let guest = &mut HttpClient::new(srv.addr);
    guest.guest().await.unwrap();
    let (_, v) = guest
        .post(
            "/api/puzzles/mate1/round",
            &json!({"moves": ["b0b9"], "rated": true}),
        )
        .await
        .unwrap();
    assert_eq!(
        (v["win"].clone(), v["rated"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(v["delta"], 0);

    // The daily puzzle: two solver moves or more, the same on every call.
    let (_, a) = visitor.get("/api/puzzles/daily").await.unwrap();
    let (_, b) = me.get("/api/puzzles/daily").await.unwrap();
    assert_eq!(a["puzzle"]["id"], "mate2", "{a}");
    assert_eq!(a["puzzle"]["id"], b["puzzle"]["id"]);
}

#[tokio::test]
async fn streak_and_storm_runs_are_judged_by_the_server() {
    let (srv, _db, _dir) = start().await;
    let sol = solutions();
    let me = &mut HttpClient::new(srv.addr);
    me.register("runner", "password123").await.unwrap();
    let (status, _) = HttpClient::new(srv.addr)
        .post("/api/puzzles/runs", &json!({"kind": "streak"}))
        .await
        .unwrap();
    assert_eq!(status, 401, "runs need an account");
    let (status, r) = me
        .post("/api/puzzles/runs", &json!({"kind": "marathon"}))
        .await
        .unwrap();
    assert_eq!(status, 400, "{r}");

    // Streak: easiest first; a solve scores, the one skip, then a mistake ends it.
    let (status, run) = me
        .post("/api/puzzles/runs", &json!({"kind": "streak"}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{run}");
    let id = run["id"].as_i64().unwrap();
    assert_eq!(run["puzzle"]["id"], "mate1", "the easiest first: {run}");
    assert_eq!(run["can_skip"], true);
    let answer = format!("/api/puzzles/runs/{id}/answer");
    let (_, run) = me
        .post(&answer, &json!({"moves": sol["mate1"].0}))
        .await
        .unwrap();
    assert_eq!(
        (run["score"].clone(), run["over"].clone()),
        (json!(1), json!(false))
    );
    assert_eq!(run["puzzle"]["id"], "mate2");
    let (_, run) = me.post(&answer, &json!({"skip": true})).await.unwrap();
    assert_eq!(run["can_skip"], false, "{run}");
    assert_eq!(run["puzzle"]["id"], "mate1b");
    let (_, run) = me
        .post(&answer, &json!({"moves": [sol["mate1b"].1]}))
        .await
        .unwrap();
    assert_eq!(
        (run["score"].clone(), run["over"].clone()),
        (json!(1), json!(true)),
        "{run}"
    );
    let (status, r) = me
        .post(&answer, &json!({"moves": sol["mate1b"].0}))
        .await
        .unwrap();
    assert_eq!(status, 403, "{r}");
    assert_eq!(r["error"], "puzzle_refused");
    let (_, shown) = me.get(&format!("/api/puzzles/runs/{id}")).await.unwrap();
    assert_eq!(shown["score"], 1);
    // Another's run is not found.
    let other = &mut HttpClient::new(srv.addr);
    other.register("other", "password123").await.unwrap();
    let (status, _) = other.get(&format!("/api/puzzles/runs/{id}")).await.unwrap();
    assert_eq!(status, 404);

    // Storm: the clock runs from the first answer; a wrong one breaks the combo and costs time.
    let (_, run) = me
        .post("/api/puzzles/runs", &json!({"kind": "storm"}))
        .await
        .unwrap();
    assert_eq!(run["remaining_ms"], 180_000);
    let storm = format!("/api/puzzles/runs/{}/answer", run["id"]);
    let (_, run) = me
        .post(&storm, &json!({"moves": sol["mate1"].0}))
        .await
        .unwrap();
    assert_eq!(
        (run["score"].clone(), run["combo"].clone()),
        (json!(1), json!(1))
    );
    let (_, run) = me
        .post(&storm, &json!({"moves": [sol["mate2"].1]}))
        .await
        .unwrap();
    assert_eq!(
        (run["score"].clone(), run["combo"].clone()),
        (json!(1), json!(0))
    );
    assert!(run["remaining_ms"].as_u64().unwrap() <= 170_000, "{run}");
    let (status, _) = me.post(&storm, &json!({"skip": true})).await.unwrap();
    assert_eq!(status, 403, "a storm has no skip");

    let (_, d) = me.get("/api/puzzles/dashboard").await.unwrap();
    assert_eq!(
        (d["best_streak"].clone(), d["best_storm"].clone()),
        (json!(1), json!(1))
    );
}
