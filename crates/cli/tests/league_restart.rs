//! A league match on the real `chuhe serve` binary: two teams of two, a 2-board match; board
//! 1's game is under way when the server is killed with SIGKILL; after the restart the league
//! and both boards come back, board 1 is played to a result and board 2 (never played) is
//! forfeited at the no-show deadline; the standings follow. The league is created and started
//! with `chuhe admin league`. On SQLite, or on PostgreSQL when `CHUHE_TEST_DATABASE_URL` is set.

mod common;

use common::serve::{Serve, Store};
use common::tournament::Player;
use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;

const CONFIG: &str = r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
reconnect_grace_secs = 120
"#;

/// The next `league_notice` of `kind` to `p`.
async fn notice(p: &mut Player, kind: &str) -> Value {
    p.ws.next_where(
        |m| m["t"] == "league_notice" && m["notice"]["kind"] == kind,
        kind,
    )
    .await
    .unwrap_or_else(|e| panic!("waiting for {kind}: {e}"))["notice"]
        .clone()
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

async fn league(p: &Player) -> Value {
    for _ in 0..100 {
        let (status, v) = p.http.get("/api/leagues/1").await.expect("get");
        if status == 200 {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the league never came up");
}

async fn team(cap: &mut Player, member: &mut Player, name: &str) -> u64 {
    let v = cap.post("/api/teams", json!({ "name": name })).await;
    let t = v["id"].as_u64().expect("team");
    member
        .post(&format!("/api/teams/{t}/join"), json!({}))
        .await;
    t
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_survives_sigkill() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;
    let mut p = Vec::new();
    for name in ["ka1", "ka2", "kb1", "kb2"] {
        p.push(Player::register(srv.addr, name).await);
    }
    let (a, b) = p.split_at_mut(2);
    let (a1, a2) = a.split_at_mut(1);
    let (b1, b2) = b.split_at_mut(1);
    let ta = team(&mut a1[0], &mut a2[0], "kill home").await;
    let tb = team(&mut b1[0], &mut b2[0], "kill away").await;
    let config = json!({
        "divisions": ["甲级"], "boards": 2, "double_round": false,
        "round_every": 3_600_000, "window": 3_600_000, "default_at": 0,
        "no_show": 12_000, "board_deadline": 600_000,
    });
    let out = admin(
        &store,
        &[
            "create",
            "--name",
            "Kill League",
            "--settings",
            &config.to_string(),
        ],
    );
    assert!(out.contains("created league 1"), "{out}");
    league(&p[0]).await;
    for (i, t) in [(0, ta), (2, tb)] {
        p[i].post("/api/leagues/1/enter", json!({ "team": t }))
            .await;
    }
    admin(&store, &["start", "--id", "1"]);
    let began = notice(&mut p[0], "began").await;
    let table = began["table"].as_u64().expect("table");
    p[0].ok(json!({"t": "join", "table": table})).await;
    p[0].ok(json!({"t": "move", "table": table, "mv": "h2e2"}))
        .await;
    srv.kill9();

    let srv = Serve::start(dir.path(), &store).await;
    for pl in &mut p {
        pl.reconnect(srv.addr).await;
    }
    let v = league(&p[1]).await;
    assert_eq!(v["phase"], "running", "{v}");
    assert_eq!(v["matches"][0]["begun"], true, "{v}");
    // Board 2's Black (ka2) comes to its table; its Red never does.
    let (_, m) = p[1]
        .http
        .get("/api/leagues/1/matches/1")
        .await
        .expect("get");
    let table2 = m["boards"][1]["table"].as_u64().expect("board 2's table");
    p[1].ok(json!({"t": "join", "table": table2})).await;
    p[2].ok(json!({"t": "join", "table": table})).await;
    p[2].ok(json!({"t": "move", "table": table, "mv": "h9g7"}))
        .await;
    p[2].ok(json!({"t": "resign", "table": table})).await;
    // Board 2's Red never moves: forfeited at the no-show deadline (its Black was there); the
    // match ends 4–0.
    let mut m = Value::Null;
    for _ in 0..300 {
        m = p[1]
            .http
            .get("/api/leagues/1/matches/1")
            .await
            .expect("get")
            .1;
        if !m["score"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        m["score"],
        json!({"home_games": 4, "away_games": 0, "home_points": 2, "away_points": 0}),
        "{m}"
    );
    let ended = notice(&mut p[0], "ended").await;
    assert_eq!(ended["score"], m["score"]);
    let (_, m) = p[1]
        .http
        .get("/api/leagues/1/matches/1")
        .await
        .expect("get");
    assert_eq!(m["boards"][0]["result"], "red_won", "{m}");
    assert_eq!(m["boards"][1]["result"], "red_forfeit", "{m}");
    let v = league(&p[1]).await;
    let rows = &v["divisions"][0]["standings"];
    assert_eq!(rows[0]["team"].as_u64(), Some(ta), "{v}");
    assert_eq!(rows[0]["match_points"].as_u64(), Some(2), "{v}");
    assert_eq!(v["phase"], "ended", "{v}");
    drop(srv);
}
