//! `chuhe admin tournament create|list|start|cancel` against the database of a running
//! `chuhe serve`: the server picks the event up, players enter over HTTP, the start and the
//! cancellation requested from the command line are applied by the event's director.

mod common;

use client::{HttpClient, WsClient};
use common::serve::{Serve, Store};
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

const CONFIG: &str = r#"
login_attempts_per_minute = 1000
ws_messages_per_sec = 200
"#;

fn admin(store: &Store, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["admin", "tournament"])
        .args(args)
        .args(store.args())
        .output()
        .expect("chuhe admin tournament");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// Waits until `check` holds for event `id` as served.
async fn until(http: &HttpClient, id: u64, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, v) = http
            .get(&format!("/api/tournaments/{id}"))
            .await
            .expect("get");
        if status == 200 && check(&v) {
            return v;
        }
        assert!(Instant::now() < deadline, "{what}: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn id_of(text: &str) -> u64 {
    text.split_whitespace()
        .nth(2)
        .and_then(|w| w.trim_end_matches(':').parse().ok())
        .unwrap_or_else(|| panic!("no id in {text:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_created_started_and_cancelled_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;
    let mut players = Vec::new();
    for name in ["ato", "at1", "at2"] {
        let mut http = HttpClient::new(srv.addr);
        http.register(name, "password123").await.expect("register");
        players.push(http);
    }

    let (ok, text) = admin(&store, &["create", "--name", "Night Cup", "--by", "nobody"]);
    assert!(!ok, "an unknown organiser is refused: {text}");
    let (ok, text) = admin(
        &store,
        &["create", "--name", "Bad", "--by", "ato", "--rounds", "0"],
    );
    assert!(!ok && text.contains("rounds"), "{text}");
    let (ok, text) = admin(
        &store,
        &["create", "--name", "Bad", "--by", "ato", "--rules", "fide"],
    );
    assert!(!ok && text.contains("rule profile"), "{text}");
    // A rating pool: a bad name, an unknown profile, half of the pair.
    let pools: [(&[&str], &str); 3] = [
        (
            &["--rating-pool", "Big Cup", "--rating-profile", "qq"],
            "bad rating pool name",
        ),
        (
            &["--rating-pool", "cup", "--rating-profile", "fide"],
            "unknown rating profile",
        ),
        (&["--rating-pool", "cup"], "go together"),
    ];
    for (args, why) in pools {
        let create = ["create", "--name", "Bad", "--by", "ato"];
        let (ok, text) = admin(&store, &[&create[..], args].concat());
        assert!(!ok && text.contains(why), "{why}: {text}");
    }
    let (ok, text) = admin(
        &store,
        &[
            "create",
            "--name",
            "Night Cup",
            "--by",
            "ato",
            "--rounds",
            "1",
            "--rules",
            "cxa",
            "--move-limit",
            "40",
            "--repetition",
            "refuse",
            "--rating-pool",
            "night-cup",
            "--rating-profile",
            "glicko2",
        ],
    );
    assert!(ok, "{text}");
    let id = id_of(&text);
    let (ok, text) = admin(&store, &["create", "--name", "Off Cup", "--by", "ato"]);
    assert!(ok, "{text}");
    let off = id_of(&text);
    let (ok, text) = admin(&store, &["list"]);
    assert!(
        ok && text.contains("Night Cup") && text.contains("Off Cup"),
        "{text}"
    );

    // The running server picks the event up; players enter over HTTP.
    for p in &mut players[1..] {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let (status, v) = p
                .post(&format!("/api/tournaments/{id}/join"), &json!({}))
                .await
                .expect("join");
            if status == 200 {
                break;
            }
            assert!(Instant::now() < deadline, "join: {v}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let (ok, text) = admin(&store, &["start", "--id", &id.to_string()]);
    assert!(ok, "{text}");
    let v = until(&players[0], id, "started", |v| v["status"] == "running").await;
    assert_eq!(v["rounds"][0]["boards"].as_array().map(Vec::len), Some(1));
    let spec = &v["spec"];
    assert_eq!(
        (&spec["rules"], &spec["move_limit"], &spec["repetition"]),
        (&json!("cxa"), &json!(40), &json!("refuse")),
        "{spec}"
    );
    assert_eq!(
        spec["rating"],
        json!({"pool": "night-cup", "profile": "glicko2"})
    );
    // The event's board plays by the event's rules.
    let board = v["rounds"][0]["boards"][0]["table"]
        .as_u64()
        .unwrap_or_else(|| panic!("board table: {v}"));
    let (mut ws, _) = WsClient::connect(srv.addr, players[0].cookie.as_deref())
        .await
        .expect("ws");
    ws.call(json!({"t": "join", "table": board}))
        .await
        .expect("join the board");
    let state = ws
        .next_where(|m| m["t"] == "table_state", "table_state")
        .await
        .expect("table_state");
    assert_eq!(
        state["state"]["rules"],
        json!({"profile": "cxa", "move_limit": 40, "repetition": "refuse"})
    );

    let (ok, text) = admin(&store, &["cancel", "--id", &off.to_string()]);
    assert!(ok, "{text}");
    until(&players[0], off, "cancelled", |v| {
        v["status"] == "cancelled"
    })
    .await;
    let (ok, text) = admin(&store, &["start", "--id", &off.to_string()]);
    assert!(!ok, "a cancelled event cannot be started: {text}");
    drop(srv);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_line_events_are_listed_by_system_named_and_open_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;
    let mut http = HttpClient::new(srv.addr);
    http.register("lia", "password123").await.expect("register");

    // The titles are checked as the HTTP API checks them.
    let (ok, text) = admin(
        &store,
        &[
            "create", "--name", "Bad", "--by", "lia", "--titles", "nonsense",
        ],
    );
    assert!(!ok && text.contains("not a tournament title"), "{text}");

    let mut ids = Vec::new();
    for system in ["robin", "knockout"] {
        let (ok, text) = admin(
            &store,
            &[
                "create", "--name", system, "--by", "lia", "--system", system,
            ],
        );
        assert!(ok, "{text}");
        let id = id_of(&text);
        // Joining just after the event is created waits for its director rather than being
        // told that the event is over.
        let (status, v) = http
            .post(&format!("/api/tournaments/{id}/join"), &json!({}))
            .await
            .expect("join");
        assert_eq!(status, 200, "join right after create: {v}");
        ids.push((id, system));
    }
    let (status, list) = http.get("/api/tournaments").await.expect("list");
    assert_eq!(status, 200);
    for (id, system) in &ids {
        let listed = list["upcoming"]
            .as_array()
            .and_then(|l| l.iter().find(|e| e["id"] == json!(id)))
            .unwrap_or_else(|| panic!("event {id} listed: {list}"));
        assert_eq!(listed["system"], json!(system), "{listed}");
    }
    // The event names its players, as the ladder does.
    let me = http.get("/api/me").await.expect("me").1["user"]["id"].clone();
    let (_, v) = http
        .get(&format!("/api/tournaments/{}", ids[0].0))
        .await
        .expect("get");
    let key = me.as_u64().map(|n| n.to_string()).unwrap_or_default();
    assert_eq!(v["names"][key.as_str()], json!("lia"), "{v}");
    drop(srv);
}
