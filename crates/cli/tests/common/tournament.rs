//! Players of a tournament on the real `chuhe serve` binary, over HTTP and WebSocket: shared by
//! the tests that kill the server mid-event.
#![allow(dead_code)] // not every test binary uses every helper

use client::{HttpClient, WsClient};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;

/// A config where `torg` is an organiser.
pub const CONFIG: &str = r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
reconnect_grace_secs = 120

[tournaments]
organisers = ["torg"]
"#;

/// A registered player with an HTTP session and a socket.
pub struct Player {
    pub http: HttpClient,
    pub ws: WsClient,
    pub id: u64,
}

impl Player {
    /// Registers `name` and opens a socket.
    pub async fn register(addr: SocketAddr, name: &str) -> Player {
        let mut http = HttpClient::new(addr);
        let user = http.register(name, "password123").await.expect("register");
        let (ws, _) = WsClient::connect(addr, http.cookie.as_deref())
            .await
            .expect("ws");
        let id = user["id"].as_u64().expect("id");
        Player { http, ws, id }
    }

    /// Opens a new socket to `addr` (a restarted server) with the same session.
    pub async fn reconnect(&mut self, addr: SocketAddr) {
        let cookie = self.http.cookie.take();
        self.http = HttpClient::new(addr);
        self.http.cookie = cookie;
        let (ws, _) = WsClient::connect(addr, self.http.cookie.as_deref())
            .await
            .expect("ws after the restart");
        std::mem::replace(&mut self.ws, ws).close().await;
    }

    /// Sends `msg` and panics if it is refused.
    pub async fn ok(&mut self, msg: Value) {
        let shown = msg.to_string();
        if let Err(e) = self.ws.call(msg).await {
            panic!("{} {shown}: {e}", self.id);
        }
    }

    /// POSTs `body` to `path` and expects 200.
    pub async fn post(&mut self, path: &str, body: Value) -> Value {
        let (status, v) = self.http.post(path, &body).await.expect("post");
        assert_eq!(status, 200, "{path}: {v}");
        v
    }

    /// Joins `table`, waiting for the director to open it (a round opens after the gap).
    pub async fn join(&mut self, table: u64) {
        for _ in 0..100 {
            if self
                .ws
                .call(json!({"t": "join", "table": table}))
                .await
                .is_ok()
            {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{}: table {table} never opened", self.id);
    }

    /// The next `t_ev` of type `t`.
    pub async fn t_ev(&mut self, t: &str) -> Value {
        self.ws
            .next_where(|m| m["t"] == "t_ev" && m["e"]["t"] == t, t)
            .await
            .unwrap_or_else(|e| panic!("waiting for {t}: {e}"))["e"]
            .clone()
    }
}

/// The event as served.
pub async fn view(p: &Player, id: u64) -> Value {
    let (status, v) = p
        .http
        .get(&format!("/api/tournaments/{id}"))
        .await
        .expect("get");
    assert_eq!(status, 200, "{v}");
    v
}

/// The boards of round `round`: `(table, red, black)`.
pub async fn boards(p: &Player, id: u64, round: usize) -> Vec<(u64, u64, u64)> {
    view(p, id).await["rounds"][round - 1]["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| {
            let n = |k: &str| b[k].as_u64().expect("a game, not a bye");
            (n("table"), n("red"), n("black"))
        })
        .collect()
}

/// Both players join `table`, Red moves, the higher id resigns.
pub async fn play(players: &mut BTreeMap<u64, Player>, (table, red, black): (u64, u64, u64)) {
    for u in [red, black] {
        let p = players.get_mut(&u).expect("player");
        p.join(table).await;
    }
    let r = players.get_mut(&red).expect("red");
    r.ok(json!({"t": "move", "table": table, "mv": "h2e2"}))
        .await;
    let loser = players.get_mut(&red.max(black)).expect("loser");
    loser.ok(json!({"t": "resign", "table": table})).await;
}

/// `chuhe ledger check` on `store` passes.
pub fn assert_ledger_clean(store: &super::serve::Store) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["ledger", "check"])
        .args(store.args())
        .output()
        .expect("chuhe ledger check");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `torg` creates the event `name` with `spec`, four players (`<prefix>0`..`<prefix>3`) join,
/// and `torg`, watching it, starts it: the organiser, the event id and the players by id.
pub async fn start_four(
    addr: SocketAddr,
    name: &str,
    spec: Value,
    prefix: &str,
) -> (Player, u64, BTreeMap<u64, Player>) {
    let mut org = Player::register(addr, "torg").await;
    let created = org
        .post(
            "/api/tournaments",
            json!({"name": name, "starts_in_secs": 3600, "spec": spec}),
        )
        .await;
    let id = created["id"].as_u64().expect("id");
    let mut players = BTreeMap::new();
    for i in 0..4 {
        let mut p = Player::register(addr, &format!("{prefix}{i}")).await;
        p.post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        players.insert(p.id, p);
    }
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    org.post(&format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    (org, id, players)
}
