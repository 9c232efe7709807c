//! Hostile WebSocket clients: oversized and broken frames get a close frame saying why, a
//! client's own close is answered, logging out closes that session's sockets, the chat flood
//! limit survives leaving, and the smaller promises of docs/protocol.md (ping `ack`, the
//! `supported` versions).

use crate::common::{Player, TestDb, TestServer};
use crate::raw::{self, RawWs, CLOSE, TEXT};
use client::{HttpClient, WsClient};
use serde_json::json;
use std::time::{Duration, Instant};

const SOON: Duration = Duration::from_secs(5);

async fn guest_cookie(srv: &TestServer) -> String {
    let mut http = HttpClient::new(srv.addr);
    http.guest().await.expect("guest");
    http.cookie.expect("cookie")
}

#[tokio::test]
async fn an_oversized_frame_is_refused_from_its_header_with_1009() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let cookie = guest_cookie(&srv).await;
    let mut ws = RawWs::connect(srv.addr, &cookie).await;
    // A 10 MiB text frame of which only the first kilobyte is ever sent: the server must refuse
    // it from its header, not wait to buffer it.
    ws.send(&RawWs::header(TEXT, 10 << 20, Some([1, 2, 3, 4])))
        .await;
    ws.send(&[b'x'; 1024]).await;
    let started = Instant::now();
    assert_eq!(ws.close_code(SOON).await, Some(1009));
    assert!(started.elapsed() < SOON);

    // A message just over the limit in small fragments is refused the same way.
    let mut ws = RawWs::connect(srv.addr, &cookie).await;
    let part = vec![b' '; 8 * 1024];
    ws.send(&RawWs::frame(0x01, &part, true)).await;
    ws.send(&RawWs::frame(0x00, &part, true)).await;
    ws.send(&RawWs::frame(0x80, b"  ", true)).await;
    assert_eq!(ws.close_code(SOON).await, Some(1009));

    // A message within the limit is still served.
    let (mut ok, _) = WsClient::connect(srv.addr, Some(&cookie)).await.unwrap();
    let padded = format!(
        "{{\"t\":\"ping\",\"n\":3,\"pad\":\"{}\"}}",
        "x".repeat(15_000)
    );
    let mut direct = RawWs::connect(srv.addr, &cookie).await;
    direct
        .send(&RawWs::frame(TEXT, padded.as_bytes(), true))
        .await;
    let pong = loop {
        let (op, p) = direct.read_frame().await.expect("a frame");
        let v: serde_json::Value = serde_json::from_slice(&p).unwrap_or_default();
        if op == 1 && v["t"] == "pong" {
            break v;
        }
    };
    assert_eq!(pong["n"], 3);
    ok.call(json!({"t": "ping", "n": 1})).await.unwrap();
}

#[tokio::test]
async fn broken_frames_get_the_close_code_that_says_why() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let cookie = guest_cookie(&srv).await;
    let cases: [(&str, Vec<u8>, u16); 4] = [
        (
            "text that is not UTF-8",
            RawWs::frame(TEXT, b"{\"t\":\"\xff\xfe\"}", true),
            1007,
        ),
        (
            "an unmasked frame",
            RawWs::frame(TEXT, b"{\"t\":\"ping\"}", false),
            1002,
        ),
        (
            "reserved bits set",
            RawWs::frame(0xC1, b"{\"t\":\"ping\"}", true),
            1002,
        ),
        ("an unknown opcode", RawWs::frame(0x83, b"x", true), 1002),
    ];
    for (what, frame, code) in cases {
        let mut ws = RawWs::connect(srv.addr, &cookie).await;
        ws.send(&frame).await;
        assert_eq!(ws.close_code(SOON).await, Some(code), "{what}");
    }
}

#[tokio::test]
async fn a_clients_own_close_is_answered() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let cookie = guest_cookie(&srv).await;
    let mut payload = 1000u16.to_be_bytes().to_vec();
    payload.extend_from_slice(b"bye");
    // Many times: the client's close often arrives while the server is writing its welcome.
    for round in 0..30 {
        let mut ws = RawWs::connect(srv.addr, &cookie).await;
        ws.send(&RawWs::frame(CLOSE, &payload, true)).await;
        assert_eq!(ws.close_code(SOON).await, Some(1000), "round {round}");
    }
}

#[tokio::test]
async fn logging_out_closes_that_sessions_sockets() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut alice = Player::register(srv.addr, "alice").await;
    let cookie = alice.http.cookie.clone().expect("cookie");
    let mut raw_ws = RawWs::connect(srv.addr, &cookie).await;
    // The same user on another device: another session, which stays.
    let mut phone = HttpClient::new(srv.addr);
    phone.login("alice", "password123").await.unwrap();
    let (mut phone_ws, _) = WsClient::connect(srv.addr, phone.cookie.as_deref())
        .await
        .unwrap();

    let (s, _) = alice.http.post("/api/logout", &json!({})).await.unwrap();
    assert_eq!(s, 204);
    assert_eq!(raw_ws.close_code(SOON).await, Some(4001));
    assert!(alice.ws.call(json!({"t": "ping", "n": 1})).await.is_err());
    phone_ws.call(json!({"t": "ping", "n": 2})).await.unwrap();
}

#[tokio::test]
async fn rejoining_does_not_reset_the_chat_flood_limit() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "chatty").await;
    p.ok(json!({"t": "join", "table": 1})).await;
    for i in 0..5 {
        p.ok(json!({"t": "chat", "table": 1, "text": format!("hello {i}")}))
            .await;
    }
    let chat = json!({"t": "chat", "table": 1, "text": "again"});
    assert_eq!(p.refused(chat.clone()).await, "chat_flood");
    p.ok(json!({"t": "leave", "table": 1})).await;
    p.ok(json!({"t": "join", "table": 1})).await;
    assert_eq!(p.refused(chat).await, "chat_flood");
}

#[tokio::test]
async fn control_characters_in_chat_are_refused() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "chatty").await;
    p.ok(json!({"t": "join", "table": 1})).await;
    for text in ["nul\u{0}byte", "bell\u{7}", "two\nlines", "esc\u{1b}[2J"] {
        let code = p
            .refused(json!({"t": "chat", "table": 1, "text": text}))
            .await;
        assert_eq!(code, "bad_message", "{text:?}");
    }
    p.ok(json!({"t": "chat", "table": 1, "text": "楚河汉界 ok"}))
        .await;
}

#[tokio::test]
async fn ping_with_an_id_is_acknowledged_and_versions_are_listed() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "pinger").await;
    let before = p.ok(json!({"t": "ping", "n": 7})).await;
    assert!(
        before.iter().any(|m| m["t"] == "pong" && m["n"] == 7),
        "{before:?}"
    );

    let cookie = p.http.cookie.clone().expect("cookie");
    let req = raw::upgrade_request(srv.addr, &cookie, 2)
        .replace("Connection: Upgrade", "Connection: Upgrade, close");
    let (status, body) = raw::request(srv.addr, &req).await;
    assert_eq!(status, 400, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
    assert_eq!(v["error"], "unsupported_version", "{body}");
    assert_eq!(v["supported"], json!([1]), "{body}");
}

#[tokio::test]
async fn websockets_count_against_the_connection_cap() {
    let db = TestDb::new().await;
    let mut config = crate::common::test_config(&db);
    config.limits.connections_per_ip = 2;
    let srv = TestServer::start_with(config).await;
    let cookie = raw::guest_cookie(srv.addr).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut first = RawWs::connect(srv.addr, &cookie).await;
    let _second = RawWs::connect(srv.addr, &cookie).await;
    let mut third = tokio::net::TcpStream::connect(srv.addr).await.unwrap();
    let got = raw::ends_within(&mut third, SOON)
        .await
        .expect("a third connection is closed at once");
    assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));

    // Closing a WebSocket gives its place back.
    let mut payload = 1000u16.to_be_bytes().to_vec();
    payload.extend_from_slice(b"bye");
    first.send(&RawWs::frame(CLOSE, &payload, true)).await;
    assert_eq!(first.close_code(SOON).await, Some(1000));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = raw::request(
        srv.addr,
        "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200);
}
