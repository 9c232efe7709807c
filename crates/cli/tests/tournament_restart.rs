//! A Swiss event on the real `chuhe serve` binary, killed with SIGKILL mid-round (one game
//! decided, one in progress) and restarted: the event resumes where it was, is played to its
//! end, and the standings are right; `chuhe ledger check` is clean afterwards. On SQLite, or on
//! PostgreSQL when `CHUHE_TEST_DATABASE_URL` is set.

mod common;

use common::serve::{Serve, Store};
use common::tournament::{assert_ledger_clean, boards, play, start_four, view, CONFIG};
use serde_json::json;
use std::collections::BTreeMap;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_survives_sigkill_mid_round() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;

    let spec =
        json!({"rounds": 2, "time_control": "rapid", "round_gap_secs": 0, "no_show_secs": 120});
    let (mut org, id, mut players) = start_four(srv.addr, "Kill Cup", spec, "tk").await;
    org.t_ev("round_paired").await;
    let round1 = boards(&org, id, 1).await;
    play(&mut players, round1[0]).await;
    org.t_ev("result_recorded").await;
    // The second game is under way when the server dies.
    let (t2, r2, b2) = round1[1];
    for u in [r2, b2] {
        let p = players.get_mut(&u).expect("player");
        p.ok(json!({"t": "join", "table": t2})).await;
    }
    let r = players.get_mut(&r2).expect("red");
    r.ok(json!({"t": "move", "table": t2, "mv": "h2e2"})).await;
    srv.kill9();

    let srv = Serve::start(dir.path(), &store).await;
    org.reconnect(srv.addr).await;
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    let v = view(&org, id).await;
    assert_eq!(v["status"], "running");
    assert!(v["rounds"][0]["boards"][0]["result"].is_string());
    assert!(v["rounds"][0]["boards"][1]["result"].is_null());
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let p = players.get_mut(&b2).expect("black");
    p.ok(json!({"t": "join", "table": t2})).await;
    p.ok(json!({"t": "move", "table": t2, "mv": "h9g7"})).await;
    let loser = players.get_mut(&r2.max(b2)).expect("loser");
    loser.ok(json!({"t": "join", "table": t2})).await;
    loser.ok(json!({"t": "resign", "table": t2})).await;
    org.t_ev("round_paired").await;
    for b in boards(&org, id, 2).await {
        play(&mut players, b).await;
    }
    org.t_ev("finished").await;

    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    // In every game the lower id won: each player's points are 2 per such win.
    let mut wins: BTreeMap<u64, u64> = BTreeMap::new();
    for r in v["rounds"].as_array().expect("rounds") {
        for b in r["boards"].as_array().expect("boards") {
            let (red, black) = (
                b["red"].as_u64().expect("red"),
                b["black"].as_u64().expect("black"),
            );
            let expected = if red < black { "1-0" } else { "0-1" };
            assert_eq!(b["result"], expected, "{b}");
            *wins.entry(red.min(black)).or_default() += 1;
        }
    }
    for row in v["standings"].as_array().expect("standings") {
        let u = row["user"].as_u64().expect("user");
        assert_eq!(
            row["points"].as_u64(),
            Some(2 * wins.get(&u).copied().unwrap_or(0))
        );
    }
    drop(srv);

    assert_ledger_clean(&store);
}
