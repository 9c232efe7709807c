//! Shared by the tests that run several `chuhe serve` nodes on one PostgreSQL database and NATS:
//! each node's configuration, a subject prefix no other run uses, NATS's address (or a skip),
//! `/healthz`, and a registered player with a WebSocket on one node.
#![allow(dead_code)] // not every test binary uses every helper

use client::{HttpClient, WsClient};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// A node's configuration: its id, the site's subject prefix and NATS, lease `lease_ms`
/// (beats every 500 ms), then `rooms` (TOML).
pub fn config(node: &str, prefix: &str, nats: &str, lease_ms: u64, rooms: &str) -> String {
    format!(
        "login_attempts_per_minute = 1000\nws_messages_per_sec = 200\n\
         first_move_deadline_secs = 0\n\n\
         [cluster]\nnode_id = \"{node}\"\nnats = \"{nats}\"\nsubject_prefix = \"{prefix}\"\n\
         lease_ms = {lease_ms}\nbeat_ms = 500\n\n{rooms}"
    )
}

/// A subject prefix no other run uses.
pub fn fresh_prefix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("cl{nanos:x}p{}", std::process::id())
}

/// Writes `text` as `dir/chuhe.toml` (making `dir`); returns `dir`.
pub fn write_config(dir: &Path, text: &str) -> PathBuf {
    std::fs::create_dir_all(dir).expect("dir");
    std::fs::write(dir.join("chuhe.toml"), text).expect("config");
    dir.to_path_buf()
}

/// Whether the test has its PostgreSQL database (else it says why it is skipped).
pub fn has_database() -> bool {
    let set = std::env::var("CHUHE_TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty());
    if !set {
        eprintln!("skipping: CHUHE_TEST_DATABASE_URL is not set");
    }
    set
}

/// NATS's URL: `NATS_URL`, or the local default when it answers (`None`: skip the test).
///
/// # Panics
/// When `NATS_URL` is set but cannot be reached.
pub async fn nats_url() -> Option<String> {
    let given = std::env::var("NATS_URL").ok().filter(|u| !u.is_empty());
    let url = given
        .clone()
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
    match bus::Broker::connect_nats(&url, "probe").await {
        Ok(_) => Some(url),
        Err(e) if given.is_none() => {
            eprintln!("skipping: {e}");
            None
        }
        Err(e) => panic!("NATS_URL={url}: {e}"),
    }
}

/// `addr`'s `/healthz`.
pub async fn health(addr: SocketAddr) -> Value {
    let (status, v) = HttpClient::new(addr)
        .get("/healthz")
        .await
        .expect("healthz");
    assert_eq!(status, 200, "{v}");
    v
}

/// A registered player with a WebSocket on one node.
pub struct Client {
    /// Their HTTP session.
    pub http: HttpClient,
    /// Their socket.
    pub ws: WsClient,
    /// For messages.
    pub name: &'static str,
    /// The node it is connected to.
    pub addr: SocketAddr,
    /// The user, as registering answered.
    pub user: Value,
}

impl Client {
    /// Registers `name` on the node at `addr` and connects.
    pub async fn register(addr: SocketAddr, name: &'static str) -> Client {
        let mut http = HttpClient::new(addr);
        let user = http.register(name, "password123").await.expect("register");
        let ws = connect(addr, &http).await;
        Client {
            http,
            ws,
            name,
            addr,
            user,
        }
    }

    /// Sends `msg` and waits for its `ack`: the messages that came before it.
    pub async fn ok(&mut self, msg: Value) -> Vec<Value> {
        let shown = msg.to_string();
        self.ws
            .call(msg)
            .await
            .unwrap_or_else(|e| panic!("{} {shown}: {e}", self.name))
    }

    /// A new socket to the same node with the same session (the old one is dropped).
    pub async fn reconnect(&mut self) {
        self.ws = connect(self.addr, &self.http).await;
    }
}

/// A WebSocket to `addr` with `http`'s session.
pub async fn connect(addr: SocketAddr, http: &HttpClient) -> WsClient {
    WsClient::connect(addr, http.cookie.as_deref())
        .await
        .expect("ws")
        .0
}

/// The tables among `tables` that placement gives `node` when `nodes` are live.
pub fn placed(tables: std::ops::RangeInclusive<u64>, nodes: &[&str], node: &str) -> Vec<u64> {
    let nodes: Vec<String> = nodes.iter().map(|n| (*n).to_owned()).collect();
    tables
        .filter(|t| cluster::placement::rendezvous(platform::TableId(*t), &nodes) == Some(node))
        .collect()
}

/// Waits until the node at `addr` holds `tables` tables, at most `within`.
pub async fn holds(addr: SocketAddr, tables: usize, within: std::time::Duration) {
    let since = std::time::Instant::now();
    loop {
        let h = health(addr).await;
        if h["tables"].as_u64() == u64::try_from(tables).ok() {
            return;
        }
        assert!(since.elapsed() < within, "{h}: not {tables} tables in time");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Waits until the node at `addr` keeps stand-ins for `n` connections of other nodes, at most
/// `within`.
pub async fn stand_ins(addr: SocketAddr, n: u64, within: std::time::Duration) {
    let since = std::time::Instant::now();
    loop {
        let h = health(addr).await;
        if h["stand_ins"].as_u64() == Some(n) {
            return;
        }
        assert!(since.elapsed() < within, "{h}: not {n} stand-ins in time");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A `nats-server` of the test's own on `port` (killed when dropped): one the test may restart.
pub struct OwnNats {
    child: std::process::Child,
    /// Its port.
    pub port: u16,
}

impl OwnNats {
    /// Starts it and waits until it listens; `None` when `nats-server` is not installed.
    pub async fn start(port: u16) -> Option<OwnNats> {
        let child = std::process::Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .ok()?;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "nats-server did not come up"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        Some(OwnNats { child, port })
    }

    /// Its URL.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

impl Drop for OwnNats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free TCP port on 127.0.0.1.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// What a cluster test runs on: NATS, a subject prefix of its own, a temporary folder and a
/// fresh store.
pub struct Site {
    /// NATS's URL.
    pub nats: String,
    /// The subject prefix.
    pub prefix: String,
    /// The nodes' folders go here.
    pub tmp: tempfile::TempDir,
    /// The database (a fresh schema tagged as asked).
    pub store: super::serve::Store,
}

/// The site of a cluster test whose schema is tagged `tag`; `None` (the test is skipped) without
/// a database or NATS.
pub async fn site(tag: &str) -> Option<Site> {
    if !has_database() {
        return None;
    }
    let nats = nats_url().await?;
    let tmp = tempfile::tempdir().expect("tmp");
    let store = super::serve::Store::tagged(tmp.path(), tag).await;
    Some(Site {
        nats,
        prefix: fresh_prefix(),
        tmp,
        store,
    })
}
