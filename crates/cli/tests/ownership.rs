//! Two real `chuhe serve` nodes on one database (docs/scale.md, "Ownership"): n2 starts none of
//! n1's tables while n1 beats; after `kill -9` of n1, n2 claims n1's room tables within the
//! lease + 3 s, and the game journaled on n1 comes back on n2 from the journal, paused at n1's
//! last beat (nobody charged for the outage), and is played on there.
//!
//! And a node stopped with SIGSTOP until the other took its tables over, then continued with
//! SIGCONT: its write is refused by the fence, it drops the tables, and its clients are told to
//! reconnect.
//!
//! On PostgreSQL (a fresh schema) when `CHUHE_TEST_DATABASE_URL` is set, else on one SQLite file
//! shared by both processes.

mod common;

use client::{HttpClient, WsClient};
use common::serve::{Serve, Store};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

/// Node `node`'s configuration: one room of four timed tables, a ladder, a 2 s lease, beats
/// every 250 ms.
fn config(node: &str) -> String {
    format!(
        r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
first_move_deadline_secs = 0
reconnect_grace_secs = 120

[cluster]
node_id = "{node}"
lease_ms = 2000
beat_ms = 250

[[rooms]]
id = "rapid"
name = "Rapid"
tables = 4
time_control = "rapid"

[[ladders]]
id = 1
name = "Node Ladder"
room = "ladder"
time_control = "rapid"
"#
    )
}

const TABLE: u64 = 1;
const LEASE_MS: u64 = 2_000;
const BEAT_MS: u64 = 250;

async fn health(addr: SocketAddr) -> Value {
    HttpClient::new(addr)
        .get("/healthz")
        .await
        .expect("healthz")
        .1
}

struct Player {
    http: HttpClient,
    ws: WsClient,
}

impl Player {
    async fn register(addr: SocketAddr, name: &str) -> Player {
        let mut http = HttpClient::new(addr);
        http.register(name, "password123").await.expect("register");
        let (ws, _) = WsClient::connect(addr, http.cookie.as_deref())
            .await
            .expect("ws");
        Player { http, ws }
    }

    /// The same session, connected to the node at `addr`.
    async fn move_to(&mut self, addr: SocketAddr) {
        let cookie = self.http.cookie.take();
        self.http = HttpClient::new(addr);
        self.http.cookie = cookie;
        let (ws, _) = WsClient::connect(addr, self.http.cookie.as_deref())
            .await
            .expect("ws on the other node");
        std::mem::replace(&mut self.ws, ws).close().await;
    }

    async fn ok(&mut self, msg: Value) -> Vec<Value> {
        let shown = msg.to_string();
        self.ws
            .call(msg)
            .await
            .unwrap_or_else(|e| panic!("{shown}: {e}"))
    }

    async fn moved(&mut self, ply: usize) -> Value {
        self.ws
            .next_where(
                |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == ply,
                "moved",
            )
            .await
            .expect("moved")["e"]
            .clone()
    }
}

fn game_time(clock: &Value, color: &str) -> u64 {
    clock[color]["game_time"].as_u64().expect("a timed clock")
}

fn node_dir(root: &Path, node: &str) -> std::path::PathBuf {
    let dir = root.join(node);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("chuhe.toml"), config(node)).expect("config");
    dir
}

fn signal(serve: &Serve, sig: &str) {
    let status = std::process::Command::new("kill")
        .arg(format!("-{sig}"))
        .arg(serve.child.id().to_string())
        .status()
        .expect("kill");
    assert!(status.success(), "kill -{sig}");
}

/// Waits until the node at `addr` holds `tables` tables, at most `within`.
async fn holds(addr: SocketAddr, tables: u64, within: Duration) {
    let since = Instant::now();
    loop {
        let h = health(addr).await;
        if h["tables"].as_u64() == Some(tables) {
            return;
        }
        assert!(since.elapsed() < within, "{h}: not {tables} tables in time");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Red and Black at `TABLE` of the node at `addr`, a timed game started and two moves made.
async fn game_at(addr: SocketAddr, names: (&str, &str)) -> (Player, Player) {
    let mut red = Player::register(addr, names.0).await;
    let mut black = Player::register(addr, names.1).await;
    red.ok(json!({"t": "join", "table": TABLE})).await;
    red.ok(json!({"t": "sit", "table": TABLE, "color": "red"}))
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
    red.ws.event("game_started").await.expect("game_started");
    red.ok(json!({"t": "move", "table": TABLE, "mv": "h2e2"}))
        .await;
    black
        .ok(json!({"t": "move", "table": TABLE, "mv": "h9g7"}))
        .await;
    (red, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_node_wakes_up_fenced_and_drops_its_tables() {
    let root = tempfile::tempdir().expect("tempdir");
    let store = Store::tagged(root.path(), "_stop").await;
    let n1 = Serve::start(&node_dir(root.path(), "n1"), &store).await;
    let n2 = Serve::start(&node_dir(root.path(), "n2"), &store).await;
    let (mut red, _black) = game_at(n1.addr, ("stop_red", "stop_black")).await;

    signal(&n1, "STOP");
    holds(n2.addr, 4, Duration::from_millis(LEASE_MS + 3_000)).await;
    signal(&n1, "CONT");

    // Red, still on n1, moves: refused (n1's journal write is fenced), never acknowledged, and
    // n1 drops its tables (the move's table at once, the others at its next look at the site).
    let refused = red
        .ws
        .call(json!({"t": "move", "table": TABLE, "mv": "h0g2"}))
        .await;
    assert!(refused.is_err(), "{refused:?}");
    holds(n1.addr, 0, Duration::from_secs(3)).await;
    let closed = red.ws.next_where(|_| false, "the close").await;
    assert!(
        matches!(closed, Err(client::ClientError::Closed)),
        "{closed:?}"
    );

    // The game goes on at n2, without the refused move.
    red.move_to(n2.addr).await;
    red.ok(json!({"t": "join", "table": TABLE})).await;
    let state = red
        .ws
        .next_where(|m| m["t"] == "table_state", "table_state")
        .await
        .expect("table_state")["state"]
        .clone();
    assert_eq!(state["game"]["moves"], json!(["h2e2", "h9g7"]));
    red.ok(json!({"t": "move", "table": TABLE, "mv": "h0g2"}))
        .await;
    red.moved(3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nodes_tables_and_games_continue_on_the_survivor() {
    let root = tempfile::tempdir().expect("tempdir");
    let store = Store::tagged(root.path(), "_kill").await;
    let n1 = Serve::start(&node_dir(root.path(), "n1"), &store).await;
    let h1 = health(n1.addr).await;
    assert_eq!(
        (h1["node"].as_str(), h1["tables"].as_u64()),
        (Some("n1"), Some(4))
    );
    let n2 = Serve::start(&node_dir(root.path(), "n2"), &store).await;

    let mut red = Player::register(n1.addr, "own_red").await;
    let mut black = Player::register(n1.addr, "own_black").await;
    red.ok(json!({"t": "join", "table": TABLE})).await;
    red.ok(json!({"t": "sit", "table": TABLE, "color": "red"}))
        .await;
    let control = json!({"stages": [{"time": 60_000, "moves": 0}], "per_move": null,
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
    let game_id = started["e"]["game"]["game_id"].clone();
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
    let mut last = Value::Null;
    for (ply, mv) in moves.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut black };
        mover
            .ok(json!({"t": "move", "table": TABLE, "mv": mv}))
            .await;
        last = mover.moved(ply + 1).await;
    }
    let red_before = game_time(&last["clock"], "red");
    // Red's clock runs from here until n1 dies.
    let red_on_move = Instant::now();
    let black_before = game_time(&last["clock"], "black");

    // Longer than the lease, while n1 beats: n2 holds nothing.
    tokio::time::sleep(Duration::from_millis(LEASE_MS + 500)).await;
    let h2 = health(n2.addr).await;
    assert_eq!(
        (h2["node"].as_str(), h2["tables"].as_u64()),
        (Some("n2"), Some(0)),
        "{h2}"
    );

    n1.kill9();
    let killed = Instant::now();
    let red_ran = u64::try_from((killed - red_on_move).as_millis()).expect("ms");
    loop {
        let h2 = health(n2.addr).await;
        if h2["tables"].as_u64() == Some(4) {
            break;
        }
        assert!(
            killed.elapsed() < Duration::from_millis(LEASE_MS + 3_000),
            "n2 did not take n1's tables over in time: {h2}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    red.move_to(n2.addr).await;
    black.move_to(n2.addr).await;
    red.ok(json!({"t": "join", "table": TABLE})).await;
    let state = red
        .ws
        .next_where(|m| m["t"] == "table_state", "table_state")
        .await
        .expect("table_state")["state"]
        .clone();
    let game = &state["game"];
    assert_eq!(game["game_id"], game_id);
    assert_eq!(game["moves"], json!(moves), "{game}");
    assert!(game["end"].is_null(), "{game}");
    // Paused at n1's last beat (at most a beat before the kill), not at the takeover seconds
    // later: red is charged the time until then, give or take test slack.
    let charged = red_before.saturating_sub(game_time(&game["clock"], "red"));
    assert!(
        charged + BEAT_MS + 300 >= red_ran && charged <= red_ran + 300,
        "red charged {charged} ms; its clock ran {red_ran} ms until the kill"
    );
    assert_eq!(game_time(&game["clock"], "black"), black_before);

    // Played on at n2.
    black.ok(json!({"t": "join", "table": TABLE})).await;
    red.ok(json!({"t": "move", "table": TABLE, "mv": "i0h0"}))
        .await;
    red.moved(5).await;
    black
        .ok(json!({"t": "move", "table": TABLE, "mv": "b9c7"}))
        .await;
    black.moved(6).await;
    black.ok(json!({"t": "resign", "table": TABLE})).await;
    let end = red.ws.event("game_ended").await.expect("game_ended");
    assert_eq!(end["e"]["end"]["result"], "1-0");

    let (_, record) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    assert_eq!(record["game"]["status"], "finished");
    assert_eq!(record["game"]["moves"].as_array().map(Vec::len), Some(6));
    drop(n2);
}

/// The node at `addr`'s `/healthz` says it runs `n` event directors and `n` ladder directors,
/// within `within`.
async fn runs_directors(addr: SocketAddr, n: u64, within: Duration) {
    let since = Instant::now();
    loop {
        let h = health(addr).await;
        if h["events"].as_u64() == Some(n) && h["ladders"].as_u64() == Some(n) {
            return;
        }
        assert!(
            since.elapsed() < within,
            "{h}: not {n} events and ladders in time"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_and_ladder_directors_run_on_one_node_and_move_when_it_dies() {
    let root = tempfile::tempdir().expect("tempdir");
    let store = Store::tagged(root.path(), "_events").await;
    let n1 = Serve::start(&node_dir(root.path(), "n1"), &store).await;
    let mut organiser = HttpClient::new(n1.addr);
    organiser
        .register("evorg", "password123")
        .await
        .expect("register");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "admin",
            "tournament",
            "create",
            "--name",
            "Node Cup",
            "--by",
            "evorg",
        ])
        .args(store.args())
        .output()
        .expect("chuhe admin tournament create");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let id: u64 = text
        .split_whitespace()
        .nth(2)
        .and_then(|w| w.trim_end_matches(':').parse().ok())
        .unwrap_or_else(|| panic!("no id in {text:?}"));
    runs_directors(n1.addr, 1, Duration::from_secs(5)).await;

    // A second node finds the event's and the ladder's directors held by a live node.
    let n2 = Serve::start(&node_dir(root.path(), "n2"), &store).await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let (h1, h2) = (health(n1.addr).await, health(n2.addr).await);
    assert_eq!(
        (&h2["events"], &h2["ladders"]),
        (&json!(0), &json!(0)),
        "one director only"
    );
    assert_eq!((&h1["events"], &h1["ladders"]), (&json!(1), &json!(1)));

    // Its node dies: the other takes the event over once the lease ran out.
    n1.kill9();
    runs_directors(n2.addr, 1, Duration::from_millis(LEASE_MS + 3_000)).await;
    let (status, v) = HttpClient::new(n2.addr)
        .get(&format!("/api/tournaments/{id}"))
        .await
        .expect("event");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["name"], "Node Cup", "{v}");
}
