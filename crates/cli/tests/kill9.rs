//! The real `chuhe serve` binary killed with SIGKILL in the middle of a timed game: started
//! again on the same data folder, it brings the game back with the same moves, charges the
//! downtime to nobody, and the game is played on to its end.

use serde_json::{json, Value};
use server::client::{HttpClient, WsClient};
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

/// A running `chuhe serve`; killed with SIGKILL when dropped.
struct Serve {
    child: Child,
    addr: SocketAddr,
}

impl Serve {
    async fn start(dir: &Path) -> Serve {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        let child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .arg("serve")
            .arg("--config")
            .arg(dir.join("chuhe.toml"))
            .arg("--data")
            .arg(dir.join("data"))
            .arg("--listen")
            .arg(addr.to_string())
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chuhe serve");
        let mut serve = Serve { child, addr };
        let deadline = Instant::now() + Duration::from_secs(60);
        let http = HttpClient::new(addr);
        loop {
            if let Ok((200, _)) = http.get("/healthz").await {
                return serve;
            }
            if let Ok(Some(status)) = serve.child.try_wait() {
                panic!("chuhe serve exited: {status}");
            }
            assert!(Instant::now() < deadline, "chuhe serve did not come up");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// `kill -9`: `Child::kill` sends SIGKILL on Unix; nothing in the server gets to run.
    fn kill9(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reap");
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

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

    async fn mv(&mut self, mv: &str) {
        self.ok(json!({"t": "move", "table": TABLE, "mv": mv}))
            .await;
    }

    /// The `moved` event of ply `ply`.
    async fn moved(&mut self, ply: u64) -> Value {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sigkilled_server_resumes_the_timed_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let srv = Serve::start(dir.path()).await;

    let mut red = Player::register(srv.addr, "kill_red").await;
    let mut black = Player::register(srv.addr, "kill_black").await;
    for (p, color) in [(&mut red, "red"), (&mut black, "black")] {
        p.ok(json!({"t": "join", "table": TABLE})).await;
        p.ok(json!({"t": "sit", "table": TABLE, "color": color}))
            .await;
    }
    red.ok(json!({"t": "ready", "table": TABLE, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": TABLE, "ready": true}))
        .await;
    let started = red.ws.event("game_started").await.expect("game_started");
    let game_id = started["e"]["game"]["game_id"]
        .as_u64()
        .expect("a stored game");

    let opening = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for (i, mv) in opening.iter().enumerate() {
        if i % 2 == 0 {
            red.mv(mv).await;
        } else {
            black.mv(mv).await;
        }
    }
    // Red is on move; both clocks as the last move left them.
    let last = black.moved(4).await;
    let (red_before, black_before) = (
        game_time(&last["clock"], "red"),
        game_time(&last["clock"], "black"),
    );
    srv.kill9();

    // Down for three seconds (plus the start-up) while Red is on move.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let srv = Serve::start(dir.path()).await;
    red.reconnect(srv.addr).await;
    black.reconnect(srv.addr).await;

    let state = red.state().await;
    let game = &state["game"];
    assert_eq!(game["game_id"], json!(game_id));
    assert_eq!(game["moves"], json!(opening));
    assert_eq!(game["turn"], "red");
    assert!(game["end"].is_null(), "{game}");
    // At most the heartbeat interval (1 s) plus slack is charged to Red, not the downtime.
    let red_left = game_time(&game["clock"], "red");
    assert!(
        red_left + 2_000 > red_before,
        "red {red_left} ms left, {red_before} ms before the kill"
    );
    // Black's clock stopped at their move, before the kill: replayed to the same reading.
    let black_left = game_time(&game["clock"], "black");
    assert!(
        black_left.abs_diff(black_before) <= 50,
        "black {black_left} ms left, {black_before} ms before the kill"
    );
    // The record of the game in progress has the moves played before the kill.
    let (status, record) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    assert_eq!(status, 200);
    assert_eq!(record["game"]["status"], "playing");
    assert_eq!(record["game"]["moves"], json!(opening));

    // Both play on, then Black resigns.
    black.state().await;
    let more = ["i0h0", "b9c7", "b0c2", "a9b9"];
    for (i, mv) in more.iter().enumerate() {
        if i % 2 == 0 {
            red.mv(mv).await;
        } else {
            black.mv(mv).await;
        }
    }
    red.moved(8).await;
    black.ok(json!({"t": "resign", "table": TABLE})).await;
    let end = red.ws.event("game_ended").await.expect("game_ended");
    assert_eq!(end["e"]["end"]["result"], "1-0");

    let (_, record) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    let all: Vec<&str> = opening.iter().chain(more.iter()).copied().collect();
    assert_eq!(record["game"]["status"], "finished");
    assert_eq!(record["game"]["moves"], json!(all));
    assert_eq!(
        record["game"]["clocks"].as_array().map(Vec::len),
        Some(all.len())
    );
    srv.kill9();
}
