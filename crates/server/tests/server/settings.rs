//! One's settings (`GET`/`PUT /api/me/settings`), a password change, and signing out of one's
//! other sessions (issue 36, item 6).

use crate::common::{TestDb, TestServer};
use client::{HttpClient, WsClient};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// `PUT /api/me/settings` with a raw body as `cookie`.
async fn put_settings(addr: SocketAddr, cookie: &str, body: String) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .put(format!("http://{addr}/api/me/settings"))
        .header("cookie", cookie)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn settings_round_trip_and_bad_ones_are_refused_without_a_change() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut alice = HttpClient::new(srv.addr);
    alice.register("alice", "password123").await.unwrap();
    let cookie = alice.cookie.clone().unwrap();

    // Nothing saved yet, and nobody's without a session.
    let (s, body) = alice.get("/api/me/settings").await.unwrap();
    assert_eq!((s, &body["settings"]), (200, &json!({})));
    assert_eq!(
        HttpClient::new(srv.addr)
            .get("/api/me/settings")
            .await
            .unwrap()
            .0,
        401
    );

    let mine = json!({"board": "dark", "pieces": "icons", "sound": false, "notation": "wxf",
        "confirm": true, "premove": false, "orientation": "red", "keyboard": true});
    let (s, body) = put_settings(srv.addr, &cookie, mine.to_string()).await;
    assert_eq!((s, &body["settings"]), (200, &mine));
    let (_, body) = alice.get("/api/me/settings").await.unwrap();
    assert_eq!(body["settings"], mine);

    // Unknown keys, wrong values and oversized bodies: refused, the saved ones kept.
    let oversized = format!(r#"{{"board":"wood","sound":true{}}}"#, " ".repeat(4096));
    for bad in [
        json!({"board": "wood", "colour": "pink"}).to_string(),
        json!({"board": "marble"}).to_string(),
        json!({"sound": "off"}).to_string(),
        json!(["board"]).to_string(),
        oversized,
    ] {
        let (s, body) = put_settings(srv.addr, &cookie, bad.clone()).await;
        assert_eq!(
            (s, body["error"].as_str()),
            (400, Some("invalid_settings")),
            "{bad}"
        );
    }
    let (_, body) = alice.get("/api/me/settings").await.unwrap();
    assert_eq!(body["settings"], mine);

    // Each user has their own; a guest may save too.
    let mut guest = HttpClient::new(srv.addr);
    guest.guest().await.unwrap();
    let (_, body) = guest.get("/api/me/settings").await.unwrap();
    assert_eq!(body["settings"], json!({}));
    let (s, _) = put_settings(
        srv.addr,
        guest.cookie.as_deref().unwrap(),
        json!({"board": "green"}).to_string(),
    )
    .await;
    assert_eq!(s, 200);
    let (_, body) = guest.get("/api/me/settings").await.unwrap();
    assert_eq!(body["settings"], json!({"board": "green"}));
    let (_, body) = alice.get("/api/me/settings").await.unwrap();
    assert_eq!(body["settings"], mine);
}

#[tokio::test]
async fn a_password_change_needs_the_old_one_and_signs_out_the_other_sessions() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut desk = HttpClient::new(srv.addr);
    desk.register("bob", "password123").await.unwrap();
    let mut phone = HttpClient::new(srv.addr);
    phone.login("bob", "password123").await.unwrap();
    let (mut phone_ws, _) = WsClient::connect(srv.addr, phone.cookie.as_deref())
        .await
        .unwrap();

    // A wrong old password changes nothing: both sessions and the old password still work.
    let (s, body) = desk
        .post(
            "/api/me/password",
            &json!({"old": "not-my-password", "new": "brand-new-pass"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["error"].as_str()), (403, Some("wrong_password")));
    assert_eq!(phone.get("/api/me").await.unwrap().0, 200);
    phone_ws.call(json!({"t": "ping", "n": 1})).await.unwrap();
    HttpClient::new(srv.addr)
        .login("bob", "password123")
        .await
        .unwrap();

    // A new password that registration would refuse is refused.
    let (s, body) = desk
        .post(
            "/api/me/password",
            &json!({"old": "password123", "new": "short"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["error"].as_str()), (400, Some("invalid_password")));

    // The right one: changed, the other sessions (the phone, the extra login above) gone.
    let (s, body) = desk
        .post(
            "/api/me/password",
            &json!({"old": "password123", "new": "brand-new-pass"}),
        )
        .await
        .unwrap();
    assert_eq!((s, body["signed_out"].as_u64()), (200, Some(2)));
    assert_eq!(desk.get("/api/me").await.unwrap().0, 200);
    assert_eq!(phone.get("/api/me").await.unwrap().0, 401);
    assert!(phone_ws.call(json!({"t": "ping", "n": 2})).await.is_err());
    assert!(HttpClient::new(srv.addr)
        .login("bob", "password123")
        .await
        .is_err());
    HttpClient::new(srv.addr)
        .login("bob", "brand-new-pass")
        .await
        .unwrap();

    // A guest has no password to change.
    let mut guest = HttpClient::new(srv.addr);
    guest.guest().await.unwrap();
    let (s, body) = guest
        .post(
            "/api/me/password",
            &json!({"old": "whatever1", "new": "whatever2"}),
        )
        .await
        .unwrap();
    assert_eq!(
        (s, body["error"].as_str()),
        (403, Some("guest_not_allowed"))
    );
}

#[tokio::test]
async fn signing_out_the_other_sessions_kills_their_tokens_and_keeps_this_one() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut desk = HttpClient::new(srv.addr);
    desk.register("carol", "password123").await.unwrap();
    let mut laptop = HttpClient::new(srv.addr);
    laptop.login("carol", "password123").await.unwrap();
    let (mut laptop_ws, _) = WsClient::connect(srv.addr, laptop.cookie.as_deref())
        .await
        .unwrap();
    // Somebody else's session is not touched.
    let mut dave = HttpClient::new(srv.addr);
    dave.register("dave", "password123").await.unwrap();

    let (s, body) = desk
        .post("/api/me/sessions/others/logout", &json!({}))
        .await
        .unwrap();
    assert_eq!((s, body["signed_out"].as_u64()), (200, Some(1)));
    assert_eq!(desk.get("/api/me").await.unwrap().0, 200);
    assert_eq!(laptop.get("/api/me").await.unwrap().0, 401);
    assert!(laptop_ws.call(json!({"t": "ping", "n": 1})).await.is_err());
    assert_eq!(dave.get("/api/me").await.unwrap().0, 200);
    // Nothing left to sign out.
    let (_, body) = desk
        .post("/api/me/sessions/others/logout", &json!({}))
        .await
        .unwrap();
    assert_eq!(body["signed_out"].as_u64(), Some(0));
    assert_eq!(
        HttpClient::new(srv.addr)
            .post("/api/me/sessions/others/logout", &json!({}))
            .await
            .unwrap()
            .0,
        401
    );
}
