//! An arena team battle over the real server: players enter with their team (one without a
//! team is refused), the team standings sum each team's best scorers (`team_top`), and they
//! come back the same after an abrupt stop (the teams are journaled with the entries); absurd
//! `berserk_min_moves` and `team_top` values are refused when the event is created.

use crate::arena::{open, resign, wait_running};
use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, post, t_ev, view};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Creates team `name` with `captain`; its id.
async fn team(captain: &mut Player, name: &str) -> u64 {
    let (status, v) = captain
        .http
        .post("/api/teams", &json!({"name": name}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{v}");
    v["id"].as_u64().unwrap()
}

fn team_lines(v: &Value) -> Vec<(u64, String, u64)> {
    v["arena"]["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["rank"].as_u64().unwrap(),
                t["name"].as_str().unwrap().to_owned(),
                t["score"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_team_battle_ranks_teams_by_their_best_players() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    // Absurd settings are refused with the reason.
    for (spec, key) in [
        (
            json!({"system": "arena", "berserk_min_moves": 0}),
            "berserk_min_moves",
        ),
        (
            json!({"system": "arena", "berserk_min_moves": 100_000}),
            "berserk_min_moves",
        ),
        (json!({"system": "swiss", "team_top": 3}), "team_top"),
        (json!({"system": "arena", "team_top": 101}), "team_top"),
    ] {
        let body = json!({"name": "Bad", "spec": spec});
        let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
        assert_eq!((status, v["error"].as_str()), (400, Some("bad_message")));
        assert!(v["message"].as_str().unwrap().contains(key), "{v}");
    }
    let body = json!({"name": "Team Battle", "starts_in_secs": 3600,
        "spec": {"system": "arena", "minutes": 30, "time_control": "rapid", "team_top": 1}});
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_u64().unwrap();

    let mut players: BTreeMap<u64, Player> = BTreeMap::new();
    let mut team_of: BTreeMap<u64, &str> = BTreeMap::new();
    let mut teams: BTreeMap<&str, u64> = BTreeMap::new();
    for (i, name) in ["Red Dragons", "Red Dragons", "Black Horses", "Black Horses"]
        .into_iter()
        .enumerate()
    {
        let mut p = Player::register(srv.addr, &format!("tb{i}")).await;
        match teams.get(name) {
            Some(&t) => {
                let (status, v) = p
                    .http
                    .post(&format!("/api/teams/{t}/join"), &json!({}))
                    .await
                    .unwrap();
                assert_eq!(status, 200, "{v}");
            }
            None => {
                let t = team(&mut p, name).await;
                teams.insert(name, t);
            }
        }
        let (status, v) = post(&mut p, id, "join").await;
        assert_eq!(status, 200, "{v}");
        let u = p.user["id"].as_u64().unwrap();
        team_of.insert(u, name);
        players.insert(u, p);
    }
    // No team, no entry; nothing changed.
    let mut loner = Player::register(srv.addr, "loner").await;
    let (status, v) = post(&mut loner, id, "join").await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("tournament_refused"))
    );
    assert!(v["message"].as_str().unwrap().contains("team"), "{v}");
    let v = view(&org, id).await;
    assert_eq!(v["players"].as_array().unwrap().len(), 4, "{v}");
    assert_eq!(v["arena"]["team_top"], 1);

    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");
    let games = wait_running(&org, id, 2).await;
    let mut winners = Vec::new();
    for g in &games {
        open(&mut players, *g).await;
        winners.push(resign(&mut players, *g).await);
        t_ev(&mut org, "scored").await;
    }
    // Each team's best player's score: 2 for a team with a winner, else 0.
    let score_of = |name: &str| {
        if winners.iter().any(|w| team_of[w] == name) {
            2
        } else {
            0
        }
    };
    let v = view(&org, id).await;
    let lines = team_lines(&v);
    assert_eq!(lines.len(), 2, "{v}");
    for (_, name, score) in &lines {
        assert_eq!(*score, score_of(name), "{v}");
    }
    let me = v["arena"]["players"][0]["user"].as_u64().unwrap();
    assert_eq!(
        v["arena"]["players"][0]["team"].as_u64(),
        Some(teams[team_of[&me]]),
        "{v}"
    );

    // An abrupt stop: the teams come back from the journal.
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    org.reconnect(srv.addr).await;
    let again = view(&org, id).await;
    assert_eq!(team_lines(&again), lines, "{again}");
}
