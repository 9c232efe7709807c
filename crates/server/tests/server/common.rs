//! Test harness: the real server on an ephemeral port, on its own runtime (so a test can "kill"
//! it abruptly, as `kill -9` would: no graceful step runs), with a temporary SQLite database or,
//! when `CHUHE_TEST_DATABASE_URL` is set, a fresh PostgreSQL schema.

#![allow(dead_code)]

use client::{HttpClient, WsClient};
use kit::limits::Limits;
use serde_json::{json, Value};
use server::config::RoomConfig;
use server::Config;
use std::net::SocketAddr;
use std::sync::Arc;
use tables::ai::FirstLegalOpponent;

/// Red mates with b0b9 after one quiet move each (e0e1, i6i5).
pub const MATE_FEN: &str = "3k5/R8/9/8p/9/9/9/9/9/1R2K4 w - - 0 1";
/// Table ids: room `std` has tables 1..=8 (standard start), room `mate` 9..=10.
pub const MATE_TABLE: u64 = 9;

/// Where the test data lives.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub async fn new() -> TestDb {
        match std::env::var("CHUHE_TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            Some(base) => {
                sqlx::any::install_default_drivers();
                let schema = format!("t{:016x}", rand::random::<u64>());
                let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base)
                    .await
                    .expect("connect to CHUHE_TEST_DATABASE_URL");
                sqlx::Executor::execute(&mut conn, format!("CREATE SCHEMA {schema}").as_str())
                    .await
                    .expect("create schema");
                let sep = if base.contains('?') { '&' } else { '?' };
                TestDb {
                    url: format!("{base}{sep}options=-c%20search_path%3D{schema}"),
                    _dir: None,
                }
            }
            None => {
                let dir = tempfile::tempdir().expect("tempdir");
                let url = format!(
                    "sqlite://{}?mode=rwc",
                    dir.path().join("chuhe.db").display()
                );
                TestDb {
                    url,
                    _dir: Some(dir),
                }
            }
        }
    }
}

impl TestDb {
    /// Runs one statement on the test database (to arrange a fixture).
    pub async fn execute(&self, sql: &str) {
        sqlx::any::install_default_drivers();
        let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&self.url)
            .await
            .expect("connect");
        sqlx::Executor::execute(&mut conn, sql)
            .await
            .expect("execute");
    }
}

pub fn test_config(db: &TestDb) -> Config {
    let room = |id: &str, tables, fen: Option<&str>| RoomConfig {
        id: id.into(),
        name: id.into(),
        tables,
        min_coins: 0,
        time_control: "untimed".into(),
        start_fen: fen.map(str::to_owned),
        ..RoomConfig::new(id, id, tables)
    };
    Config {
        listen: "127.0.0.1:0".into(),
        database_url: Some(db.url.clone()),
        first_move_deadline_secs: 0,
        reconnect_grace_secs: 30,
        ws_messages_per_sec: 200,
        rooms: vec![room("std", 8, None), room("mate", 2, Some(MATE_FEN))],
        // Every test client comes from 127.0.0.1.
        limits: Limits {
            accounts_per_ip_per_minute: 10_000,
            connections_per_ip: 10_000,
            password_hash_queue: 10_000,
            ..Limits::default()
        },
        // The shipped master games only where a test asks for them (masters.rs).
        masters: server::masters_boot::MastersConfig {
            load_shipped: false,
            shipped_file: None,
        },
        // The shipped puzzles only where a test asks for them (puzzles.rs).
        puzzles: server::puzzles_boot::PuzzlesConfig {
            load_shipped: false,
            shipped_file: None,
        },
        ..Config::default()
    }
}

/// A running server on its own runtime.
pub struct TestServer {
    pub addr: SocketAddr,
    /// Its database (the fault-injection seam: `db.faults()`).
    pub db: store::Db,
    rt: Option<tokio::runtime::Runtime>,
    stop: Option<tokio::sync::oneshot::Sender<tokio::sync::oneshot::Sender<()>>>,
}

impl TestServer {
    pub async fn start(db: &TestDb) -> TestServer {
        TestServer::start_with(test_config(db)).await
    }

    pub async fn start_with(config: Config) -> TestServer {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let (stop, stopped) = tokio::sync::oneshot::channel::<tokio::sync::oneshot::Sender<()>>();
        let (addr, db) = rt
            .spawn(async move {
                let s = server::start(config, Arc::new(FirstLegalOpponent))
                    .await
                    .expect("server starts");
                let addr = s.addr;
                let db = s.state.db.clone();
                // Keep the server alive as long as its runtime: when the runtime goes, this task
                // is dropped with the server, and its database connections close (forgetting it
                // instead would leak them, and PostgreSQL allows only so many clients). A graceful
                // stop is asked for through `stop`.
                tokio::spawn(async move {
                    match stopped.await {
                        Ok(done) => {
                            s.shutdown().await;
                            let _ = done.send(());
                        }
                        Err(_) => {
                            let _server = s;
                            std::future::pending::<()>().await;
                        }
                    }
                });
                (addr, db)
            })
            .await
            .expect("start task");
        TestServer {
            addr,
            db,
            rt: Some(rt),
            stop: Some(stop),
        }
    }

    /// Stops everything at once, like `kill -9`: no task gets to clean up.
    pub fn crash(mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }

    /// Stops gracefully, as Ctrl-C does (`RunningServer::shutdown`).
    pub async fn stop(mut self) {
        let (done, wait) = tokio::sync::oneshot::channel();
        if let Some(stop) = self.stop.take() {
            if stop.send(done).is_ok() {
                let _ = wait.await;
            }
        }
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

/// A registered player with an open socket.
pub struct Player {
    pub http: HttpClient,
    pub ws: WsClient,
    pub user: Value,
    pub name: String,
    pub epoch: String,
}

impl Player {
    /// Joins `table` and returns the `table_state` it answers with.
    pub async fn join_state(&mut self, table: u64) -> Value {
        self.ok(json!({"t": "join", "table": table})).await;
        self.ws
            .next_where(|m| m["t"] == "table_state", "state")
            .await
            .expect("table_state")
    }

    pub async fn register(addr: SocketAddr, name: &str) -> Player {
        let mut http = HttpClient::new(addr);
        let user = http.register(name, "password123").await.expect("register");
        let (ws, welcome) = WsClient::connect(addr, http.cookie.as_deref())
            .await
            .expect("ws");
        Player {
            http,
            ws,
            user,
            name: name.into(),
            epoch: welcome["epoch"].as_str().unwrap_or_default().to_owned(),
        }
    }

    /// Opens a new socket (to `addr`, which may be a restarted server) and closes the old one.
    pub async fn reconnect(&mut self, addr: SocketAddr) {
        let cookie = self.http.cookie.take();
        self.http = HttpClient::new(addr);
        self.http.cookie = cookie;
        let (ws, _) = WsClient::connect(addr, self.http.cookie.as_deref())
            .await
            .expect("ws");
        let old = std::mem::replace(&mut self.ws, ws);
        old.close().await;
    }

    pub async fn call(&mut self, msg: Value) -> Result<Vec<Value>, Value> {
        self.ws.call(msg).await.map_err(|e| match e {
            client::ClientError::Refused(v) => v,
            other => panic!("{}: {other}", self.name),
        })
    }

    pub async fn ok(&mut self, msg: Value) -> Vec<Value> {
        let m = msg.clone();
        self.call(msg)
            .await
            .unwrap_or_else(|e| panic!("{} {m} refused: {e}", self.name))
    }

    pub async fn refused(&mut self, msg: Value) -> String {
        let m = msg.clone();
        match self.call(msg).await {
            Ok(_) => panic!("{} {m} was accepted", self.name),
            Err(e) => e["code"].as_str().unwrap_or_default().to_owned(),
        }
    }

    pub async fn event(&mut self, type_: &str) -> Value {
        self.ws
            .event(type_)
            .await
            .unwrap_or_else(|e| panic!("{} waiting for {type_}: {e}", self.name))["e"]
            .clone()
    }

    pub async fn mv(&mut self, table: u64, mv: &str) -> Vec<Value> {
        self.ok(json!({"t": "move", "table": table, "mv": mv}))
            .await
    }
}

/// Two players seated at `table` with `control` agreed and a game started.
pub async fn start_game(
    addr: SocketAddr,
    table: u64,
    control: Value,
    names: (&str, &str),
) -> (Player, Player) {
    let mut red = Player::register(addr, names.0).await;
    let mut black = Player::register(addr, names.1).await;
    seat_players(&mut red, &mut black, table, control).await;
    both_ready(&mut red, &mut black, table).await;
    (red, black)
}

/// `red` and `black` join `table`, sit, and agree `control` (red proposes, black accepts).
pub async fn seat_players(red: &mut Player, black: &mut Player, table: u64, control: Value) {
    red.ok(json!({"t": "join", "table": table})).await;
    black.ok(json!({"t": "join", "table": table})).await;
    red.ok(json!({"t": "sit", "table": table, "color": "red"}))
        .await;
    black
        .ok(json!({"t": "sit", "table": table, "color": "black"}))
        .await;
    red.ok(json!({"t": "propose", "table": table, "control": control}))
        .await;
    black.event("control_proposed").await;
    black
        .ok(json!({"t": "accept_control", "table": table}))
        .await;
}

/// Both players press ready at `table`; returns once both saw the game start, with their socket
/// buffers cleared.
pub async fn both_ready(red: &mut Player, black: &mut Player, table: u64) {
    red.ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    red.event("game_started").await;
    black.event("game_started").await;
    red.ws.clear();
    black.ws.clear();
}

pub fn untimed() -> Value {
    json!({"stages": [], "per_move": null, "byoyomi": null, "increment": 0})
}

pub fn minutes(m: u64) -> Value {
    json!({"stages": [{"time": m * 60_000, "moves": 0}], "per_move": null, "byoyomi": null, "increment": 0})
}

/// An established player's rating (1500, RD 60, 30 games), for users made straight in the store.
pub fn established_rating() -> platform::rating::PlayerRating {
    platform::rating::PlayerRating {
        rating: 1500.0,
        deviation: 60.0,
        volatility: 0.06,
        games: 30,
    }
}
