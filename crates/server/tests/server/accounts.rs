//! Health, accounts, sessions, and who may open a WebSocket.

use crate::common::{TestDb, TestServer};
use client::{HttpClient, WsClient};
use serde_json::json;

#[tokio::test]
async fn health_accounts_sessions_and_websocket_admission() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut http = HttpClient::new(srv.addr);

    let (status, health) = http.get("/healthz").await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["tables"], 10);

    // Register, with the usual refusals first.
    let (s, body) = http
        .post(
            "/api/register",
            &json!({"name": "a", "password": "password123"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["error"].as_str()), (400, Some("invalid_name")));
    let (s, body) = http
        .post(
            "/api/register",
            &json!({"name": "alice", "password": "short"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["error"].as_str()), (400, Some("invalid_password")));
    let user = http.register("alice", "password123").await.unwrap();
    assert_eq!(user["name"], "alice");
    assert_eq!(user["rating"], 1400);
    assert_eq!(user["provisional"], true);
    let mut other = HttpClient::new(srv.addr);
    let (s, body) = other
        .post(
            "/api/register",
            &json!({"name": "ALICE", "password": "password123"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["error"].as_str()), (409, Some("name_taken")));

    // The session cookie works, then log out ends it.
    let (s, me) = http.get("/api/me").await.unwrap();
    assert_eq!((s, me["user"]["name"].as_str()), (200, Some("alice")));
    let old_cookie = http.cookie.clone();
    let (s, _) = http.post("/api/logout", &json!({})).await.unwrap();
    assert_eq!(s, 204);
    let mut stale = HttpClient::new(srv.addr);
    stale.cookie = old_cookie;
    assert_eq!(stale.get("/api/me").await.unwrap().0, 401);

    // Wrong passwords are refused, then rate-limited; the right one works on a fresh name key.
    let mut login = HttpClient::new(srv.addr);
    assert!(login.login("alice", "wrong-password").await.is_err());
    login.login("alice", "password123").await.unwrap();
    let mut codes = Vec::new();
    for _ in 0..5 {
        let (s, _) = login
            .post(
                "/api/login",
                &json!({"name": "alice", "password": "nope-nope"}),
            )
            .await
            .unwrap();
        codes.push(s);
    }
    assert!(codes.contains(&401));
    assert_eq!(codes.last(), Some(&429), "{codes:?}");

    // Guests play without an account.
    let mut guest = HttpClient::new(srv.addr);
    let g = guest.guest().await.unwrap();
    assert!(g["name"].as_str().unwrap().starts_with("guest-"));
    assert_eq!(g["guest"], true);

    // WebSockets: a session and our own origin are both required.
    assert!(WsClient::connect(srv.addr, None).await.is_err());
    assert!(WsClient::connect_with_origin(
        srv.addr,
        guest.cookie.as_deref(),
        "http://evil.example"
    )
    .await
    .is_err());
    let (mut ws, welcome) = WsClient::connect(srv.addr, guest.cookie.as_deref())
        .await
        .unwrap();
    assert_eq!(welcome["protocol"], 1);
    assert_eq!(welcome["user"]["name"], g["name"]);
    ws.send(&json!({"t": "fly", "id": 4})).await.unwrap();
    let err = ws.next_where(|m| m["t"] == "error", "error").await.unwrap();
    assert_eq!(
        (err["code"].as_str(), err["id"].as_u64()),
        (Some("bad_message"), Some(4))
    );

    // The lobby: three... here two rooms, pushed live.
    ws.call(json!({"t": "lobby", "on": true})).await.unwrap();
    let lobby = ws.next_where(|m| m["t"] == "lobby", "lobby").await.unwrap();
    assert_eq!(lobby["rooms"].as_array().unwrap().len(), 2);
    assert_eq!(lobby["rooms"][0]["tables"].as_array().unwrap().len(), 8);
    ws.call(json!({"t": "join", "table": 3})).await.unwrap();
    ws.call(json!({"t": "sit", "table": 3, "color": "red"}))
        .await
        .unwrap();
    let upd = ws
        .next_where(
            |m| {
                m["t"] == "lobby_table"
                    && m["table"]["id"] == 3
                    && !m["table"]["seats"]["red"].is_null()
            },
            "lobby update",
        )
        .await
        .unwrap();
    assert_eq!(upd["table"]["seats"]["red"]["user"]["name"], g["name"]);
    // The web client is served at /.
    assert_eq!(http.get_text("/").await.unwrap().0, 200);
}

#[tokio::test]
async fn unreadable_bodies_and_parameters_are_refused_in_our_error_shape() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let http = reqwest::Client::new();
    let base = format!("http://{}", srv.addr);
    let json = Some("application/json");
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("/api/register", json, "{\"name\": \"x\", "),
        ("/api/register", json, "[1, 2]"),
        (
            "/api/register",
            json,
            "{\"name\": 5, \"password\": \"password123\"}",
        ),
        (
            "/api/register",
            None,
            "{\"name\": \"nobody\", \"password\": \"password123\"}",
        ),
        ("/api/login", json, "not json"),
        ("/api/guest", json, ""),
    ];
    for (path, content_type, body) in cases {
        let mut req = http.post(format!("{base}{path}")).body(body.to_owned());
        if let Some(ct) = content_type {
            req = req.header("content-type", ct);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        if path == "/api/guest" {
            // Takes no body: whatever is sent is ignored.
            assert_eq!(status, 200, "{path}: {text}");
            continue;
        }
        assert_eq!(status, 400, "{path} {body:?}: {text}");
        let v: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path} {body:?}: not JSON ({e}): {text}"));
        assert_eq!(v["error"], "bad_message", "{text}");
        assert!(
            v["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{text}"
        );
    }
    // Nothing was registered by the refused requests.
    let (status, _) = HttpClient::new(srv.addr)
        .post(
            "/api/login",
            &json!({"name": "nobody", "password": "password123"}),
        )
        .await
        .unwrap();
    assert_eq!(status, 401);
    // A path parameter that is not a number gets the same shape.
    let resp = http
        .get(format!("{base}/api/games/abc"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 400);
    let v: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(v["error"], "bad_message");
}
