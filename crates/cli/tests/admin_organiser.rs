//! `chuhe admin organiser grant|revoke|list` against the database of a running `chuhe serve`:
//! a granted user creates an event over HTTP at once, a revoked one is refused again.

mod common;

use client::HttpClient;
use common::serve::{Serve, Store};
use serde_json::json;
use std::process::Command;

const CONFIG: &str = r#"
login_attempts_per_minute = 1000
"#;

fn admin(store: &Store, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["admin", "organiser"])
        .args(args)
        .args(store.args())
        .output()
        .expect("chuhe admin organiser");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

async fn create(http: &mut HttpClient) -> u16 {
    let body = json!({"name": "Club Night", "starts_in_secs": 3600, "spec": {"rounds": 3}});
    http.post("/api/tournaments", &body).await.expect("post").0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn organisers_are_granted_listed_and_revoked_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;
    let mut ann = HttpClient::new(srv.addr);
    ann.register("ann", "password123").await.expect("register");

    assert_eq!(create(&mut ann).await, 403, "not an organiser yet");
    let (ok, text) = admin(&store, &["grant", "nobody"]);
    assert!(!ok && text.contains("no user"), "{text}");
    let (ok, text) = admin(&store, &["grant", "ann", "--by", "root"]);
    assert!(ok, "{text}");
    let (ok, text) = admin(&store, &["grant", "ann"]);
    assert!(!ok && text.contains("already"), "{text}");
    let (ok, text) = admin(&store, &["list"]);
    assert!(
        ok && text.contains("ann") && text.contains("root"),
        "{text}"
    );

    assert_eq!(create(&mut ann).await, 200, "granted: creates events");
    let (_, list) = ann.get("/api/tournaments").await.expect("list");
    assert_eq!(list["organiser"], true);

    let (ok, text) = admin(&store, &["revoke", "ann"]);
    assert!(ok, "{text}");
    let (ok, text) = admin(&store, &["revoke", "ann"]);
    assert!(!ok && text.contains("not an organiser"), "{text}");
    let (ok, text) = admin(&store, &["list"]);
    assert!(ok && !text.contains("ann"), "{text}");
    assert_eq!(create(&mut ann).await, 403, "revoked");
    drop(srv);
}
