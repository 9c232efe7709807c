//! A ladder challenge on the real `chuhe serve` binary: the challenger's game is under way
//! when the server is killed with SIGKILL; after the restart the challenge and its game come
//! back, the challenger wins, and takes the place directly in front of the defender (the player
//! between moves down one). A second challenge is refused by the cooldown. On SQLite, or on
//! PostgreSQL when `CHUHE_TEST_DATABASE_URL` is set.

mod common;

use client::{HttpClient, WsClient};
use common::serve::{Serve, Store};
use serde_json::{json, Value};
use std::net::SocketAddr;

const CONFIG: &str = r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
reconnect_grace_secs = 120

[[ladders]]
id = 1
name = "Kill Ladder"
room = "ladder"
time_control = "rapid"
"#;

struct Player {
    http: HttpClient,
    ws: WsClient,
    id: u64,
}

impl Player {
    async fn register(addr: SocketAddr, name: &str) -> Player {
        let mut http = HttpClient::new(addr);
        let user = http.register(name, "password123").await.expect("register");
        let (ws, _) = WsClient::connect(addr, http.cookie.as_deref())
            .await
            .expect("ws");
        let id = user["id"].as_u64().expect("id");
        Player { http, ws, id }
    }

    async fn reconnect(&mut self, addr: SocketAddr) {
        let cookie = self.http.cookie.take();
        self.http = HttpClient::new(addr);
        self.http.cookie = cookie;
        let (ws, _) = WsClient::connect(addr, self.http.cookie.as_deref())
            .await
            .expect("ws after the restart");
        std::mem::replace(&mut self.ws, ws).close().await;
    }

    async fn ok(&mut self, msg: Value) {
        let shown = msg.to_string();
        if let Err(e) = self.ws.call(msg).await {
            panic!("{} {shown}: {e}", self.id);
        }
    }

    async fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        let (status, v) = self.http.post(path, &body).await.expect("post");
        (status, v)
    }

    async fn notice(&mut self, kind: &str) -> Value {
        self.ws
            .next_where(
                |m| m["t"] == "ladder_notice" && m["notice"]["kind"] == kind,
                kind,
            )
            .await
            .unwrap_or_else(|e| panic!("waiting for {kind}: {e}"))["notice"]
            .clone()
    }
}

async fn view(p: &Player) -> Value {
    let (status, v) = p.http.get("/api/ladders/1").await.expect("get");
    assert_eq!(status, 200, "{v}");
    v
}

fn order(v: &Value) -> Vec<u64> {
    v["rungs"]
        .as_array()
        .expect("rungs")
        .iter()
        .map(|r| r["user"].as_u64().expect("user"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_challenge_survives_sigkill_and_moves_the_winner_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;

    let mut p = Vec::new();
    for i in 0..3 {
        let mut pl = Player::register(srv.addr, &format!("lad{i}")).await;
        let (status, v) = pl.post("/api/ladders/1/join", json!({})).await;
        assert_eq!((status, v["place"].as_u64()), (200, Some(i + 1)), "{v}");
        p.push(pl);
    }
    let ids: Vec<u64> = p.iter().map(|x| x.id).collect();
    let (status, v) = p[0].post("/api/ladders/1/join", json!({})).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("ladder_refused")),
        "{v}"
    );
    // Down the ladder is refused.
    let (status, v) = p[0]
        .post("/api/ladders/1/challenge", json!({"defender": ids[2]}))
        .await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("ladder_refused")),
        "{v}"
    );

    // The third challenges the first; both hear of it.
    let (status, v) = p[2]
        .post("/api/ladders/1/challenge", json!({"defender": ids[0]}))
        .await;
    assert_eq!(status, 200, "{v}");
    let table = v["table"].as_u64().expect("table");
    let n = p[0].notice("challenged").await;
    assert_eq!(
        (n["challenger"].as_u64(), n["table"].as_u64()),
        (Some(ids[2]), Some(table))
    );
    p[2].notice("challenged").await;
    let v = view(&p[0]).await;
    assert_eq!(v["open"][0]["table"].as_u64(), Some(table));

    // The challenger (Red) moves; the server dies mid-game.
    for i in [2, 0] {
        p[i].ok(json!({"t": "join", "table": table})).await;
    }
    p[2].ok(json!({"t": "move", "table": table, "mv": "h2e2"}))
        .await;
    srv.kill9();

    let srv = Serve::start(dir.path(), &store).await;
    for pl in &mut p {
        pl.reconnect(srv.addr).await;
    }
    let v = view(&p[0]).await;
    assert_eq!(order(&v), ids, "places unchanged while the game is on");
    assert_eq!(v["open"].as_array().map(Vec::len), Some(1), "{v}");
    for i in [0, 2] {
        p[i].ok(json!({"t": "join", "table": table})).await;
    }
    p[0].ok(json!({"t": "move", "table": table, "mv": "h9g7"}))
        .await;
    p[0].ok(json!({"t": "resign", "table": table})).await;

    let n = p[2].notice("ended").await;
    assert_eq!(n["outcome"]["t"], "challenger_won");
    let moved = p[2].notice("moved").await;
    assert_eq!(
        (moved["from"].as_u64(), moved["to"].as_u64()),
        (Some(3), Some(1))
    );
    let v = view(&p[1]).await;
    assert_eq!(order(&v), [ids[2], ids[0], ids[1]]);
    assert_eq!(v["open"].as_array().map(Vec::len), Some(0));
    let h = &v["history"][0];
    assert_eq!(h["outcome"]["t"], "challenger_won");
    assert_eq!(h["places"], json!([3, 1]));
    assert_eq!(h["places_after"], json!([1, 2]));

    // The same pair again within the cooldown: refused (the first is below the third now).
    let (status, v) = p[0]
        .post("/api/ladders/1/challenge", json!({"defender": ids[2]}))
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["message"].as_str().unwrap_or("").contains("too recently"),
        "{v}"
    );

    // And all of it is still so after another kill.
    srv.kill9();
    let srv = Serve::start(dir.path(), &store).await;
    p[1].reconnect(srv.addr).await;
    let v = view(&p[1]).await;
    assert_eq!(order(&v), [ids[2], ids[0], ids[1]]);
    assert_eq!(v["history"].as_array().map(Vec::len), Some(1));
    drop(srv);
}
