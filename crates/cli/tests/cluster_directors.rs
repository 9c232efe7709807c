//! Directors across nodes (docs/scale.md, "Directors across nodes"): two real `chuhe serve`
//! nodes on one PostgreSQL database (a fresh schema) and NATS (a fresh subject prefix). An event
//! created on node 1 runs its director there; players on node 2 enter it through node 2 (their
//! commands forwarded to node 1, answered with the same acks and refusals), a watcher on node 2
//! gets its state and live updates, and any node answers the event's page. Node 1 is killed
//! with SIGKILL: node 2 takes the director over within the lease plus a margin, and the event
//! is started and played to its end there.
//!
//! Skipped unless `CHUHE_TEST_DATABASE_URL` is set; NATS at `NATS_URL` (default
//! `nats://127.0.0.1:4222`; without `NATS_URL`, skipped when it cannot be reached).

mod common;

use common::cluster::{self, health, site, stand_ins, write_config, Site};
use common::serve::Serve;
use common::tournament::{assert_ledger_clean, boards, play, view, Player};
use serde_json::json;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const LEASE_MS: u64 = 2_000;

fn config(node: &str, prefix: &str, nats: &str) -> String {
    let base = cluster::config(node, prefix, nats, LEASE_MS, "");
    format!("reconnect_grace_secs = 120\n{base}\n[tournaments]\norganisers = [\"torg\"]\n")
}

/// Waits until `addr` runs `events` events' directors.
async fn runs_events(addr: SocketAddr, events: u64, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        if health(addr).await["events"] == events {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{addr} does not run {events} events"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_on_one_node_is_entered_from_another_and_survives_its_nodes_death() {
    let Some(Site {
        nats,
        prefix,
        tmp,
        store,
    }) = site("cd").await
    else {
        return;
    };
    let (d1, d2) = (tmp.path().join("n1"), tmp.path().join("n2"));
    write_config(&d1, &config("n1", &prefix, &nats));
    write_config(&d2, &config("n2", &prefix, &nats));
    let n1 = Serve::start(&d1, &store).await;
    let n2 = Serve::start(&d2, &store).await;

    // The organiser creates the event on node 1: its director runs there.
    let mut org = Player::register(n1.addr, "torg").await;
    let spec =
        json!({"rounds": 1, "time_control": "rapid", "round_gap_secs": 0, "no_show_secs": 120});
    let created = org
        .post(
            "/api/tournaments",
            json!({"name": "Two Nodes Cup", "starts_in_secs": 3600, "spec": spec}),
        )
        .await;
    let id = created["id"].as_u64().expect("id");
    runs_events(n1.addr, 1, Duration::from_secs(5)).await;
    assert_eq!(health(n2.addr).await["events"], 0, "node 2 leaves it");

    // A watcher on node 2: the event's state, then its live updates, from node 1.
    let mut watcher = Player::register(n2.addr, "twatch").await;
    watcher.ok(json!({"t": "t_watch", "tournament": id})).await;

    // Four players on node 2 enter through node 2.
    let mut players = BTreeMap::new();
    for i in 0..4 {
        let mut p = Player::register(n2.addr, &format!("cd{i}")).await;
        p.post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        watcher
            .ws
            .next_where(|m| m["t"] == "t_ev" && m["tournament"] == id, "t_ev")
            .await
            .expect("the entry reaches the watcher on node 2");
        players.insert(p.id, p);
    }
    // Entering twice is refused exactly as at the director's own node.
    let again = players.values_mut().next().expect("a player");
    let (status, v) = again
        .http
        .post(&format!("/api/tournaments/{id}/join"), &json!({}))
        .await
        .expect("post");
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"], "tournament_refused", "{v}");
    // Either node answers the event's page.
    assert_eq!(
        view(&watcher, id).await["players"].as_array().map(Vec::len),
        Some(4)
    );
    assert_eq!(
        view(&org, id).await["players"].as_array().map(Vec::len),
        Some(4)
    );
    // A second watcher on node 2 comes and goes: node 1 keeps a stand-in for it only while
    // its connection lasts.
    let short = Duration::from_secs(5);
    stand_ins(n1.addr, 1, short).await;
    let brief = Player::register(n2.addr, "twatch2").await;
    let mut brief_ws = brief.ws;
    brief_ws
        .call(json!({"t": "t_watch", "tournament": id}))
        .await
        .expect("t_watch");
    stand_ins(n1.addr, 2, short).await;
    brief_ws.close().await;
    stand_ins(n1.addr, 1, short).await;

    // Node 1 dies; node 2 takes the director over.
    let killed = Instant::now();
    n1.kill9();
    runs_events(
        n2.addr,
        1,
        Duration::from_millis(LEASE_MS) + Duration::from_secs(3),
    )
    .await;
    assert!(killed.elapsed() >= Duration::from_millis(LEASE_MS / 2));

    org.reconnect(n2.addr).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    org.post(&format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    org.t_ev("round_paired").await;
    for b in boards(&org, id, 1).await {
        play(&mut players, b).await;
    }
    org.t_ev("finished").await;
    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    drop(n2);
    assert_ledger_clean(&store);
}
