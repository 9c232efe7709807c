//! The real `chuhe serve` binary stopped three times during one timed game — SIGKILL, SIGTERM
//! (graceful), SIGKILL — with one outage longer than the time the player on move has left:
//! every acknowledged move and every clock reading comes back, nobody is charged for the
//! downtime (a crash at most the heartbeat, a graceful stop nothing), and the game is played on
//! to its end and rated.
//!
//! On SQLite in a temporary folder, or on PostgreSQL (a fresh schema) when
//! `CHUHE_TEST_DATABASE_URL` is set.

mod common;

use client::{HttpClient, WsClient};
use common::serve::{sql, Serve, Store};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

const CONFIG: &str = r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
first_move_deadline_secs = 0
reconnect_grace_secs = 120

[[rooms]]
id = "rapid"
name = "Rapid"
tables = 2
time_control = "rapid"
"#;

/// The table the game is played at.
const TABLE: u64 = 1;
/// Each side's time (ms): less than the second outage.
const GAME_TIME: u64 = 12_000;

struct Player {
    http: HttpClient,
    ws: WsClient,
    name: &'static str,
}

impl Player {
    async fn register(addr: SocketAddr, name: &'static str) -> Player {
        let mut http = HttpClient::new(addr);
        http.register(name, "password123").await.expect("register");
        let (ws, _) = WsClient::connect(addr, http.cookie.as_deref())
            .await
            .expect("ws");
        Player { http, ws, name }
    }

    /// Connects to the restarted server with the same session.
    async fn reconnect(&mut self, addr: SocketAddr) {
        let cookie = self.http.cookie.take();
        self.http = HttpClient::new(addr);
        self.http.cookie = cookie;
        let (ws, _) = WsClient::connect(addr, self.http.cookie.as_deref())
            .await
            .expect("ws after the restart");
        std::mem::replace(&mut self.ws, ws).close().await;
    }

    async fn ok(&mut self, msg: Value) -> Vec<Value> {
        let shown = msg.to_string();
        self.ws
            .call(msg)
            .await
            .unwrap_or_else(|e| panic!("{} {shown}: {e}", self.name))
    }

    /// The `moved` event of ply `ply`.
    async fn moved(&mut self, ply: usize) -> Value {
        self.ws
            .next_where(
                |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == ply,
                "moved",
            )
            .await
            .unwrap_or_else(|e| panic!("{} waiting for ply {ply}: {e}", self.name))["e"]
            .clone()
    }

    async fn state(&mut self) -> Value {
        self.ok(json!({"t": "join", "table": TABLE})).await;
        self.ws
            .next_where(|m| m["t"] == "table_state", "table_state")
            .await
            .expect("table_state")["state"]
            .clone()
    }
}

fn game_time(clock: &Value, color: &str) -> u64 {
    clock[color]["game_time"]
        .as_u64()
        .unwrap_or_else(|| panic!("a timed clock: {clock}"))
}

/// Plays `moves[from]` and `moves[from + 1]` (Red on even plies), pushes each mover's clock
/// after the move onto `readings`, and returns the second `moved` event.
async fn play(
    red: &mut Player,
    black: &mut Player,
    moves: &[&str],
    from: usize,
    readings: &mut Vec<u64>,
) -> Value {
    let mut last = Value::Null;
    for (ply, mv) in moves.iter().enumerate().skip(from).take(2) {
        let (mover, color) = if ply % 2 == 0 {
            (&mut *red, "red")
        } else {
            (&mut *black, "black")
        };
        mover
            .ok(json!({"t": "move", "table": TABLE, "mv": mv}))
            .await;
        last = mover.moved(ply + 1).await;
        readings.push(game_time(&last["clock"], color));
    }
    last
}

/// How each outage ends the run before it, and how long the server stays down.
#[derive(Clone, Copy, Debug)]
enum Outage {
    Kill(u64),
    Term(u64),
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_restarts_of_a_real_server_lose_nothing_and_charge_nobody() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let mut srv = Serve::start(dir.path(), &store).await;

    let mut red = Player::register(srv.addr, "restart_red").await;
    let mut black = Player::register(srv.addr, "restart_black").await;
    // Both established players, so the default (ourgame) profile rates their game.
    sql(
        &store.url(),
        "UPDATE users SET games = 30 WHERE name IN ('restart_red', 'restart_black')",
    )
    .await;
    red.ok(json!({"t": "join", "table": TABLE})).await;
    red.ok(json!({"t": "sit", "table": TABLE, "color": "red"}))
        .await;
    let control = json!({"stages": [{"time": GAME_TIME, "moves": 0}], "per_move": null,
        "byoyomi": null, "increment": 0});
    red.ok(json!({"t": "propose", "table": TABLE, "control": control}))
        .await;
    black.ok(json!({"t": "join", "table": TABLE})).await;
    black
        .ok(json!({"t": "sit", "table": TABLE, "color": "black"}))
        .await;
    red.ok(json!({"t": "ready", "table": TABLE, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": TABLE, "ready": true}))
        .await;
    let started = red.ws.event("game_started").await.expect("game_started");
    let game_id = started["e"]["game"]["game_id"]
        .as_u64()
        .expect("a stored game");

    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9",
    ];
    // The mover's clock after each move, as the `moved` events told it.
    let mut readings: Vec<u64> = Vec::new();
    let outages = [
        Outage::Kill(2_000),
        Outage::Term(14_000),
        Outage::Kill(2_000),
    ];
    for (round, outage) in outages.iter().enumerate() {
        let last = play(&mut red, &mut black, &moves, 2 * round, &mut readings).await;
        // Red is on move at every outage.
        let red_before = game_time(&last["clock"], "red");
        let (down, slack) = match *outage {
            Outage::Kill(ms) => {
                srv.kill9();
                // At most the heartbeat interval (1 s) passes between the last beat and the kill.
                (ms, 1_300)
            }
            Outage::Term(ms) => {
                srv.terminate();
                (ms, 300)
            }
        };
        tokio::time::sleep(Duration::from_millis(down)).await;
        srv = Serve::start(dir.path(), &store).await;
        red.reconnect(srv.addr).await;
        black.reconnect(srv.addr).await;

        let state = red.state().await;
        let game = &state["game"];
        let played = 2 * round + 2;
        assert_eq!(game["game_id"], json!(game_id), "after {outage:?}");
        assert_eq!(
            game["moves"],
            json!(moves[..played]),
            "after {outage:?}: {game}"
        );
        assert!(game["end"].is_null(), "after {outage:?}: {game}");
        let red_left = game_time(&game["clock"], "red");
        assert!(
            red_left <= red_before && red_left + slack >= red_before,
            "after {outage:?}: red {red_left} ms left, {red_before} ms before"
        );
        assert_eq!(
            game_time(&game["clock"], "black"),
            readings[played - 1],
            "after {outage:?}"
        );
        black.state().await;
        red.ws.clear();
        black.ws.clear();
    }

    // Played on to the end: Black resigns; the game is rated.
    play(&mut red, &mut black, &moves, 6, &mut readings).await;
    black.ok(json!({"t": "resign", "table": TABLE})).await;
    let end = red.ws.event("game_ended").await.expect("game_ended");
    assert_eq!(end["e"]["end"]["result"], "1-0");
    let rated = red.ws.event("rated").await.expect("rated");
    assert_eq!(rated["e"]["rated"], true, "{rated}");

    let (_, record) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    let game = &record["game"];
    assert_eq!(game["status"], "finished");
    assert_eq!(game["moves"], json!(moves));
    assert_eq!(
        game["clocks"],
        json!(readings.iter().map(|r| r / 10 * 10).collect::<Vec<_>>()),
        "every clock reading comes back, kept to 10 ms (docs/server.md, Storage)"
    );
    assert!(game["ratings"]["red"]["delta"].as_i64().expect("rated") > 0);
    srv.kill9();
}
