//! Hostile HTTP clients: login CSRF (non-JSON bodies, foreign origins), control characters in
//! names and passwords, account creation and password hashing under load, half-sent requests
//! and idle connections, too many connections from one address, unknown API paths, and login
//! timing that would tell which names exist.

use crate::common::{test_config, TestDb, TestServer};
use crate::raw;
use client::HttpClient;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const CREDENTIALS: &str = "{\"name\":\"alice\",\"password\":\"password123\"}";

#[tokio::test]
async fn login_needs_json_and_writes_need_our_origin() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let base = format!("http://{}", srv.addr);
    HttpClient::new(srv.addr)
        .register("alice", "password123")
        .await
        .unwrap();
    let http = reqwest::Client::new();

    // What a plain cross-site <form> can send: no session comes of it.
    let bodies: [(Option<&str>, &str); 4] = [
        (Some("text/plain"), CREDENTIALS),
        (
            Some("application/x-www-form-urlencoded"),
            "name=alice&password=password123",
        ),
        (Some("multipart/form-data; boundary=x"), CREDENTIALS),
        (None, CREDENTIALS),
    ];
    for (content_type, body) in bodies {
        for path in ["/api/login", "/api/register"] {
            let mut req = http.post(format!("{base}{path}")).body(body);
            if let Some(ct) = content_type {
                req = req.header("content-type", ct);
            }
            let resp = req.send().await.unwrap();
            assert_eq!(resp.status().as_u16(), 400, "{path} {content_type:?}");
            assert!(resp.headers().get("set-cookie").is_none());
            let v: serde_json::Value = resp.json().await.unwrap();
            assert_eq!(v["error"], "bad_message");
        }
    }

    // A foreign page's fetch or form carries its Origin: refused before anything happens.
    let mut alice = HttpClient::new(srv.addr);
    alice.login("alice", "password123").await.unwrap();
    let cookie = alice.cookie.clone().unwrap();
    for origin in ["http://evil.example", "null"] {
        for path in ["/api/login", "/api/register", "/api/guest", "/api/logout"] {
            let resp = http
                .post(format!("{base}{path}"))
                .header("content-type", "application/json")
                .header("origin", origin)
                .header("cookie", &cookie)
                .body(CREDENTIALS)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status().as_u16(), 403, "{path} from {origin}");
            assert!(resp.headers().get("set-cookie").is_none());
            let v: serde_json::Value = resp.json().await.unwrap();
            assert_eq!(v["error"], "bad_origin");
        }
    }
    assert_eq!(
        alice.get("/api/me").await.unwrap().0,
        200,
        "still logged in"
    );

    // Our own pages (and clients that send no Origin) are served.
    let resp = http
        .post(format!("{base}/api/login"))
        .header("content-type", "application/json")
        .header("origin", &base)
        .body(CREDENTIALS)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    assert!(resp.headers().get("set-cookie").is_some());
}

#[tokio::test]
async fn control_characters_in_names_and_passwords_are_refused_alike_on_both_databases() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut http = HttpClient::new(srv.addr);
    http.register("alice", "password123").await.unwrap();
    let cases = [
        ("/api/login", "ali\u{0}ce", "password123", "invalid_name"),
        ("/api/login", "alice\u{1b}", "password123", "invalid_name"),
        (
            "/api/login",
            "alice",
            "password\u{0}123",
            "invalid_password",
        ),
        ("/api/register", "bob\u{0}", "password123", "invalid_name"),
        (
            "/api/register",
            "bob",
            "pass\u{0}word123",
            "invalid_password",
        ),
        (
            "/api/register",
            "bob",
            "pass\tword\n123",
            "invalid_password",
        ),
    ];
    for (path, name, password, code) in cases {
        let (s, body) = HttpClient::new(srv.addr)
            .post(path, &json!({"name": name, "password": password}))
            .await
            .unwrap();
        assert_eq!(
            (s, body["error"].as_str()),
            (400, Some(code)),
            "{path} {name:?} {password:?}"
        );
    }
    // Nothing was created; the real account still works.
    let (s, _) = HttpClient::new(srv.addr)
        .post(
            "/api/login",
            &json!({"name": "bob", "password": "pass\u{0}word123"}),
        )
        .await
        .unwrap();
    assert_eq!(s, 400);
    HttpClient::new(srv.addr)
        .login("alice", "password123")
        .await
        .unwrap();
}

#[tokio::test]
async fn account_creation_is_rate_limited_per_address() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.accounts_per_ip_per_minute = 3;
    let srv = TestServer::start_with(config).await;
    HttpClient::new(srv.addr).guest().await.unwrap();
    HttpClient::new(srv.addr)
        .register("alice", "password123")
        .await
        .unwrap();
    HttpClient::new(srv.addr).guest().await.unwrap();
    let base = format!("http://{}", srv.addr);
    let http = reqwest::Client::new();
    for (path, body) in [
        ("/api/guest", "{}"),
        (
            "/api/register",
            "{\"name\":\"bob\",\"password\":\"password123\"}",
        ),
    ] {
        let resp = http
            .post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 429, "{path}");
        let wait: u64 = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .expect("Retry-After");
        assert!((1..=60).contains(&wait), "{wait}");
        let v: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(v["error"], "rate_limited");
    }
    // Logging in is not account creation.
    HttpClient::new(srv.addr)
        .login("alice", "password123")
        .await
        .unwrap();
}

#[tokio::test]
async fn password_hashing_is_bounded_and_refuses_beyond_its_queue() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.password_hashes_at_once = 1;
    config.limits.password_hash_queue = 1;
    let srv = TestServer::start_with(config).await;
    let base = format!("http://{}", srv.addr);
    let http = reqwest::Client::new();
    let tries = (0..24).map(|i| {
        let req = http
            .post(format!("{base}/api/register"))
            .json(&json!({"name": format!("user{i}"), "password": "password123"}));
        async move {
            let resp = req.send().await.unwrap();
            let status = resp.status().as_u16();
            let retry = resp.headers().get("retry-after").is_some();
            let v: serde_json::Value = resp.json().await.unwrap_or_default();
            (status, retry, v["error"].as_str().map(str::to_owned))
        }
    });
    let answers = futures_util::future::join_all(tries).await;
    let created = answers.iter().filter(|a| a.0 == 201).count();
    let busy: Vec<_> = answers.iter().filter(|a| a.0 == 503).collect();
    assert!(created >= 1, "{answers:?}");
    assert!(!busy.is_empty(), "{answers:?}");
    assert!(
        busy.iter().all(|a| a.1 && a.2.as_deref() == Some("busy")),
        "{busy:?}"
    );
    assert_eq!(created + busy.len(), answers.len(), "{answers:?}");
    // The slots come back: one at a time, everyone gets through.
    HttpClient::new(srv.addr)
        .register("latecomer", "password123")
        .await
        .unwrap();
    HttpClient::new(srv.addr)
        .login("latecomer", "password123")
        .await
        .unwrap();
}

#[tokio::test]
async fn half_sent_requests_and_idle_connections_are_closed() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.http_header_timeout_secs = 1;
    config.limits.http_request_timeout_secs = 2;
    let srv = TestServer::start_with(config).await;
    let within = Duration::from_secs(6);

    // Headers never finished, or never started.
    let mut conns = Vec::new();
    for i in 0..20 {
        let mut tcp = TcpStream::connect(srv.addr).await.unwrap();
        if i % 2 == 0 {
            tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .await
                .unwrap();
        }
        conns.push(tcp);
    }
    for (i, tcp) in conns.iter_mut().enumerate() {
        assert!(
            raw::ends_within(tcp, within).await.is_some(),
            "connection {i} still open"
        );
    }

    // A keep-alive connection left idle after its request.
    let mut tcp = TcpStream::connect(srv.addr).await.unwrap();
    tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let got = raw::ends_within(&mut tcp, within)
        .await
        .expect("idle connection closed");
    assert!(String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"));

    // A body that never arrives in full.
    let mut tcp = TcpStream::connect(srv.addr).await.unwrap();
    tcp.write_all(
        b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"name\":",
    )
    .await
    .unwrap();
    let got = raw::ends_within(&mut tcp, within)
        .await
        .expect("slow body cut off");
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"timeout\""), "{text}");

    // The server still serves.
    assert_eq!(
        HttpClient::new(srv.addr).get("/healthz").await.unwrap().0,
        200
    );
}

#[tokio::test]
async fn connections_from_one_address_are_capped() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.connections_per_ip = 4;
    let srv = TestServer::start_with(config).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(srv.addr).await.unwrap());
    }
    // Give the server a moment to accept them all.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = TcpStream::connect(srv.addr).await.unwrap();
    let _ = extra
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let got = raw::ends_within(&mut extra, Duration::from_secs(2))
        .await
        .expect("the fifth connection is closed at once");
    assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));

    // A place comes free when a connection closes.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (status, _) = raw::request(
            srv.addr,
            "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        )
        .await;
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "no place came free");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn unknown_api_paths_are_a_json_404() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut http = HttpClient::new(srv.addr);
    for path in ["/api/nope", "/api", "/api/users/1/nope"] {
        let (s, body) = http.get(path).await.unwrap();
        assert_eq!(
            (s, body["error"].as_str()),
            (404, Some("not_found")),
            "{path}"
        );
    }
    let (s, body) = http.post("/api/nope", &json!({})).await.unwrap();
    assert_eq!((s, body["error"].as_str()), (404, Some("not_found")));
    // Client-side routes still get the web page.
    let (s, page) = http.get_text("/lobby").await.unwrap();
    assert_eq!(s, 200);
    assert!(
        page.contains("<html") || page.contains("<!doctype"),
        "{page}"
    );
}

#[tokio::test]
async fn login_takes_as_long_for_a_name_that_does_not_exist() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.login_attempts_per_minute = 1_000;
    let srv = TestServer::start_with(config).await;
    HttpClient::new(srv.addr)
        .register("alice", "password123")
        .await
        .unwrap();
    HttpClient::new(srv.addr).guest().await.unwrap();
    // Alternating, so that both see the same load from the tests running alongside.
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..9 {
        for (i, name) in ["alice", "nobody-here"].into_iter().enumerate() {
            let mut http = HttpClient::new(srv.addr);
            let t = Instant::now();
            let (s, _) = http
                .post(
                    "/api/login",
                    &json!({"name": name, "password": "wrong-password"}),
                )
                .await
                .unwrap();
            times[i].push(t.elapsed());
            assert_eq!(s, 401, "{name}");
        }
    }
    let [real, missing] = times.map(|mut t| {
        t.sort();
        t[t.len() / 2]
    });
    assert!(
        missing * 3 >= real,
        "a missing name answers in {missing:?}, a real one in {real:?}"
    );
}
