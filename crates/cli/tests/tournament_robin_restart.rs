//! A round robin of 4 on the real `chuhe serve` binary, with entry fees, killed with SIGKILL in
//! round 2 (one game decided, one in progress) and restarted: the event resumes, the game in
//! progress comes back at its table, round 3 follows, every pair has met once, the standings
//! and the prize are right, and `chuhe ledger check` is clean. On SQLite, or on PostgreSQL when
//! `CHUHE_TEST_DATABASE_URL` is set.

mod common;

use common::serve::{Serve, Store};
use common::tournament::{assert_ledger_clean, boards, play, start_four, view, Player, CONFIG};
use serde_json::json;
use std::collections::BTreeSet;

async fn balance(p: &Player) -> i64 {
    let (status, v) = p.http.get("/api/me/ledger?limit=1").await.expect("ledger");
    assert_eq!(status, 200, "{v}");
    v["balance"].as_i64().expect("balance")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_survives_sigkill_mid_round() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("chuhe.toml"), CONFIG).expect("config");
    let store = Store::new(dir.path()).await;
    let srv = Serve::start(dir.path(), &store).await;

    let spec = json!({"system": "robin", "time_control": "rapid", "round_gap_secs": 0,
                      "no_show_secs": 120, "entry_fee": 10, "prizes": [1000]});
    let (mut org, id, mut players) = start_four(srv.addr, "Robin Kill Cup", spec, "rk").await;
    org.t_ev("started").await;
    let mut met = BTreeSet::new();
    for b in boards(&org, id, 1).await {
        play(&mut players, b).await;
        org.t_ev("result_recorded").await;
        met.insert((b.1.min(b.2), b.1.max(b.2)));
    }
    let round2 = boards(&org, id, 2).await;
    play(&mut players, round2[0]).await;
    org.t_ev("result_recorded").await;
    met.insert((round2[0].1.min(round2[0].2), round2[0].1.max(round2[0].2)));
    // The second game of round 2 is under way when the server dies.
    let (t2, r2, b2) = round2[1];
    for u in [r2, b2] {
        players.get_mut(&u).expect("player").join(t2).await;
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
    assert!(v["rounds"][1]["boards"][0]["result"].is_string());
    assert!(v["rounds"][1]["boards"][1]["result"].is_null());
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    // The game comes back where it was: Black answers Red's move, the higher id resigns.
    let p = players.get_mut(&b2).expect("black");
    p.join(t2).await;
    p.ok(json!({"t": "move", "table": t2, "mv": "h9g7"})).await;
    let loser = players.get_mut(&r2.max(b2)).expect("loser");
    loser.join(t2).await;
    loser.ok(json!({"t": "resign", "table": t2})).await;
    org.t_ev("result_recorded").await;
    met.insert((r2.min(b2), r2.max(b2)));
    for b in boards(&org, id, 3).await {
        play(&mut players, b).await;
        met.insert((b.1.min(b.2), b.1.max(b.2)));
    }
    org.t_ev("finished").await;
    assert_eq!(met.len(), 6, "every pair met once");

    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    // The lower id won every game: 3, 2, 1 and 0 wins at 2 points each.
    let ids: Vec<u64> = players.keys().copied().collect();
    let rows = v["standings"].as_array().expect("standings");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["user"], ids[i]);
        assert_eq!(row["points"].as_u64(), Some(2 * (3 - i as u64)));
    }
    // The whole pot (4 × 10) to the winner.
    assert_eq!(balance(&players[&ids[0]]).await, 200 - 10 + 40);
    assert_eq!(balance(&players[&ids[3]]).await, 190);
    drop(srv);
    assert_ledger_clean(&store);
}
