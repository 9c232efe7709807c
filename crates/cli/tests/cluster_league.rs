//! A league across nodes (docs/scale.md, "Directors across nodes"; docs/leagues.md): two real
//! `chuhe serve` nodes on one PostgreSQL database (a fresh schema) and NATS (a fresh subject
//! prefix). The league's director runs on node 1; captains on node 2 enter their teams and set
//! a lineup through node 2 (forwarded to node 1, answered with the same acks and refusals), and
//! node 2 answers the league's pages. Node 1 is killed with SIGKILL; a lineup sent meanwhile
//! is retried until node 2 has taken the director over, and the season's match is played to
//! its end there with both lineups.
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use common::cluster::{self, health, site, write_config, Site};
use common::serve::{Serve, Store};
use common::tournament::Player;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

fn config(node: &str, prefix: &str, nats: &str) -> String {
    let base = cluster::config(node, prefix, nats, LEASE_MS, "");
    format!("reconnect_grace_secs = 120\n{base}")
}

fn admin(store: &Store, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["admin", "league"])
        .args(args)
        .args(store.args())
        .output()
        .expect("run chuhe");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Waits until `addr` runs `leagues` leagues' directors.
async fn runs_leagues(addr: SocketAddr, leagues: u64, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        if health(addr).await["leagues"] == leagues {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{addr} does not run {leagues} leagues"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `GET path` until `done` holds of the answer.
async fn until(p: &Player, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let mut v = Value::Null;
    for _ in 0..300 {
        let (status, got) = p.http.get(path).await.expect("get");
        v = got;
        if status == 200 && done(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path}: never reached: {v}");
}

async fn team(cap: &mut Player, member: &mut Player, name: &str) -> u64 {
    let t = cap.post("/api/teams", json!({ "name": name })).await["id"]
        .as_u64()
        .expect("team");
    member
        .post(&format!("/api/teams/{t}/join"), json!({}))
        .await;
    t
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_on_one_node_is_run_from_another_and_survives_its_nodes_death() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("cleague").await
    else {
        return;
    };
    let (d1, d2) = (tmp.path().join("n1"), tmp.path().join("n2"));
    write_config(&d1, &config("n1", &prefix, &nats));
    write_config(&d2, &config("n2", &prefix, &nats));
    let n1 = Serve::start(&d1, &store).await;

    // The league is created while only node 1 runs: its director runs there.
    let settings = json!({
        "divisions": ["甲级"], "boards": 2, "double_round": false,
        "round_every": 3_600_000, "window": 3_600_000, "default_at": 15_000,
        "no_show": 60_000, "board_deadline": 600_000,
    });
    let out = admin(
        &store,
        &[
            "create",
            "--name",
            "Two Nodes League",
            "--settings",
            &settings.to_string(),
        ],
    );
    assert!(out.contains("created league 1"), "{out}");
    runs_leagues(n1.addr, 1, Duration::from_secs(5)).await;
    let n2 = Serve::start(&d2, &store).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(health(n2.addr).await["leagues"], 0, "node 2 leaves it");

    // Everyone is on node 2.
    let mut ha = Player::register(n2.addr, "cl_ha").await;
    let mut hb = Player::register(n2.addr, "cl_hb").await;
    let mut aa = Player::register(n2.addr, "cl_aa").await;
    let mut ab = Player::register(n2.addr, "cl_ab").await;
    let home = team(&mut ha, &mut hb, "cl home").await;
    let away = team(&mut aa, &mut ab, "cl away").await;
    for (cap, t) in [(&mut ha, home), (&mut aa, away)] {
        cap.post("/api/leagues/1/enter", json!({ "team": t })).await;
    }
    // Node 2 answers the league's page from the journal.
    let v = until(&ha, "/api/leagues/1", |v| v["teams"] == 2).await;
    assert_eq!(v["phase"], "entry", "{v}");
    admin(&store, &["start", "--id", "1"]);
    until(&ha, "/api/leagues/1", |v| v["phase"] == "running").await;

    // The away captain's lineup, through node 2: a refusal comes back as at node 1.
    let path = "/api/leagues/1/matches/1/lineup";
    let (status, v) = aa
        .http
        .post(path, &json!({ "order": [ha.id] }))
        .await
        .expect("post");
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"], "league_refused", "{v}");
    assert!(
        v["message"].as_str().is_some_and(|m| m.contains("lineup")),
        "{v}"
    );
    aa.post(path, json!({ "order": [ab.id, aa.id] })).await;
    assert_eq!(health(n2.addr).await["leagues"], 0, "still node 1's");

    // Node 1 dies; the home captain's lineup waits for node 2 to take the league over.
    let killed = Instant::now();
    n1.kill9();
    ha.post(path, json!({ "order": [hb.id, ha.id] })).await;
    assert!(killed.elapsed() >= Duration::from_millis(LEASE_MS / 2));
    runs_leagues(n2.addr, 1, Duration::from_secs(2)).await;

    // The match begins on node 2 with both lineups.
    let m = until(&ha, "/api/leagues/1/matches/1", |m| m["begun"] == true).await;
    let board = |b: usize, side: &str| m["boards"][b][side]["id"].as_u64();
    assert_eq!(
        (board(0, "red"), board(0, "black")),
        (Some(hb.id), Some(ab.id)),
        "{m}"
    );
    assert_eq!(
        (board(1, "red"), board(1, "black")),
        (Some(aa.id), Some(ha.id)),
        "{m}"
    );
    let table = |b: usize| m["boards"][b]["table"].as_u64().expect("table");
    // Each board's Red wins: 2–2, a drawn match.
    for (b, red, black) in [(0, &mut hb, &mut ab), (1, &mut aa, &mut ha)] {
        let t = table(b);
        red.join(t).await;
        black.join(t).await;
        red.ok(json!({"t": "move", "table": t, "mv": "h2e2"})).await;
        black.ok(json!({"t": "resign", "table": t})).await;
    }
    let m = until(&ha, "/api/leagues/1/matches/1", |m| !m["score"].is_null()).await;
    assert_eq!(
        m["score"],
        json!({"home_games": 2, "away_games": 2, "home_points": 1, "away_points": 1}),
        "{m}"
    );
    let v = until(&ha, "/api/leagues/1", |v| v["phase"] == "ended").await;
    let rows = &v["divisions"][0]["standings"];
    assert_eq!(rows[0]["match_points"].as_u64(), Some(1), "{v}");
    drop(n2);
}
