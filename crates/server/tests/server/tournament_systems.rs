//! The director's other systems over the real server: a 4-player knockout played through over
//! real WebSocket clients (a match won in its regular game, a drawn match going on to the rapid
//! tie-break games, then the final), with entry fees and prizes; and a round robin of 4 played
//! round by round to its end, its crosstable results and standings checked; and a knockout's
//! sudden-death game at a table with a control per colour, kept across a restart.

use crate::common::{Player, TestDb, TestServer};
use crate::tournaments::{config, entrants, post, t_ev, view};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;

async fn balance(p: &Player) -> i64 {
    let (status, v) = p.http.get("/api/me/ledger?limit=1").await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["balance"].as_i64().unwrap()
}

/// Creates an event of `spec` as `org`; returns its id.
async fn create(org: &mut Player, spec: Value) -> u64 {
    let body = json!({"name": "System Cup", "starts_in_secs": 3600, "spec": spec});
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    v["id"].as_u64().unwrap()
}

/// Joins `table`, waiting until the director has opened it (a new round opens after the
/// round gap).
async fn join(p: &mut Player, table: u64) {
    for _ in 0..100 {
        if p.call(json!({"t": "join", "table": table})).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("table {table} never opened");
}

/// How a test game ends.
#[derive(Clone, Copy)]
enum Ending {
    /// The player of this id wins (the other resigns).
    WonBy(u64),
    /// Agreed draw.
    Draw,
}

/// Plays the game at `table` between `red` and `black` to `ending`.
async fn play(
    players: &mut BTreeMap<u64, Player>,
    (table, red, black): (u64, u64, u64),
    ending: Ending,
) {
    for u in [red, black] {
        join(players.get_mut(&u).unwrap(), table).await;
    }
    players.get_mut(&red).unwrap().mv(table, "h2e2").await;
    match ending {
        Ending::WonBy(w) => {
            let loser = if w == red { black } else { red };
            let p = players.get_mut(&loser).unwrap();
            p.ok(json!({"t": "resign", "table": table})).await;
        }
        Ending::Draw => {
            players.get_mut(&black).unwrap().mv(table, "h9g7").await;
            let r = players.get_mut(&red).unwrap();
            r.ok(json!({"t": "draw_offer", "table": table})).await;
            let b = players.get_mut(&black).unwrap();
            b.ok(json!({"t": "draw_accept", "table": table})).await;
        }
    }
}

/// The knockout games due now: `(table, red, black)` of each undecided match's unplayed game.
async fn due(org: &Player, id: u64) -> Vec<(u64, u64, u64)> {
    let v = view(org, id).await;
    let mut out = Vec::new();
    for r in v["bracket"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            let Some(g) = m["games"].as_array().unwrap().last() else {
                continue;
            };
            if m["winner"].is_null() && g["result"].is_null() {
                let n = |k: &str| g[k].as_u64().unwrap();
                out.push((n("table"), n("red"), n("black")));
            }
        }
    }
    out
}

/// Waits until `count` games are due and returns them.
async fn wait_due(org: &Player, id: u64, count: usize) -> Vec<(u64, u64, u64)> {
    for _ in 0..100 {
        let d = due(org, id).await;
        if d.len() == count {
            return d;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{count} games never came due: {}", view(org, id).await);
}

#[tokio::test]
async fn a_four_player_knockout_is_played_through_with_a_tie_break() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let spec = json!({"system": "knockout", "games": 1, "time_control": "rapid",
                      "round_gap_secs": 0, "no_show_secs": 60, "entry_fee": 20, "prizes": [600, 400]});
    let id = create(&mut org, spec).await;
    let mut players = entrants(srv.addr, id, "ko", 4).await;
    let seeds: Vec<u64> = players.keys().copied().collect();
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");

    // Equal ratings: seeds by registration, 1–4 and 2–3, the higher seed Red in game 1.
    let round1 = wait_due(&org, id, 2).await;
    assert_eq!(
        round1.iter().map(|g| (g.1, g.2)).collect::<Vec<_>>(),
        [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    );
    play(&mut players, round1[0], Ending::WonBy(seeds[0])).await;
    let decided = t_ev(&mut org, "match_decided").await;
    assert_eq!(decided["winner"], seeds[0]);

    // A drawn regular game: the match goes on to the rapid games, colours swapped and the
    // rapid control at the table.
    play(&mut players, round1[1], Ending::Draw).await;
    let rapid_scheduled = |m: &Value| {
        m["t"] == "t_ev" && m["e"]["t"] == "game_scheduled" && m["e"]["game"]["kind"] == "rapid"
    };
    let scheduled = org
        .ws
        .next_where(rapid_scheduled, "rapid game")
        .await
        .unwrap();
    assert_eq!(
        scheduled["e"]["game"]["spec"]["red"],
        scheduled["e"]["game"]["spec"]["black"]
    );
    let rapid = wait_due(&org, id, 1).await[0];
    assert_eq!((rapid.1, rapid.2), (seeds[2], seeds[1]));
    let p = players.get_mut(&seeds[2]).unwrap();
    p.ok(json!({"t": "join", "table": rapid.0})).await;
    let at = |m: &Value| m["t"] == "table_state" && m["table"] == rapid.0;
    let st = p.ws.next_where(at, "rapid table").await.unwrap();
    let control = &st["state"]["control"];
    assert_eq!(
        (
            control["stages"][0]["time"].as_u64(),
            control["increment"].as_u64()
        ),
        (Some(600_000), Some(10_000)),
        "the rapid stage's 10′ + 10″ at the table: {control}"
    );
    play(&mut players, rapid, Ending::WonBy(seeds[2])).await;
    let rapid2 = wait_due(&org, id, 1).await[0];
    assert_ne!(rapid2.0, rapid.0, "each game has its own table");
    play(&mut players, rapid2, Ending::WonBy(seeds[2])).await;

    // The final: seed 1 against seed 3, who came through the tie-break.
    let fin = wait_due(&org, id, 1).await[0];
    assert_eq!((fin.1, fin.2), (seeds[0], seeds[2]));
    play(&mut players, fin, Ending::WonBy(seeds[2])).await;
    let finished = t_ev(&mut org, "finished").await;
    assert_eq!(finished["winner"], seeds[2]);

    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    let bracket = v["bracket"].as_array().unwrap();
    assert_eq!(bracket.len(), 2);
    let stages: Vec<&str> = bracket[0]["matches"][1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["stage"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["regular", "rapid", "rapid"]);
    let order: Vec<(u64, u64)> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["rank"].as_u64().unwrap(), r["user"].as_u64().unwrap()))
        .collect();
    assert_eq!(order[0], (1, seeds[2]));
    assert_eq!(order[1], (2, seeds[0]));
    assert_eq!(order[2].0, 3);
    assert_eq!(order[3].0, 3, "semi-final losers share third place");

    // Fees 4 × 20 = 80: 60 % to the champion, 40 % to the finalist.
    assert_eq!(balance(&players[&seeds[2]]).await, 200 - 20 + 48);
    assert_eq!(balance(&players[&seeds[0]]).await, 200 - 20 + 32);
    assert_eq!(balance(&players[&seeds[1]]).await, 180);
    let store = crate::coinkit::db(&db).await;
    assert!(store.ledger_check().await.expect("check").is_ok());
}

#[tokio::test]
async fn a_round_robin_of_four_is_played_round_by_round() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let spec = json!({"system": "robin", "time_control": "rapid", "round_gap_secs": 0,
                      "no_show_secs": 60});
    let id = create(&mut org, spec).await;
    let mut players = entrants(srv.addr, id, "rr", 4).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");
    t_ev(&mut org, "started").await;

    let v = view(&org, id).await;
    assert_eq!(
        v["tiebreaks"][0], "sonneborn_berger",
        "the round robin's preset"
    );
    let rounds = v["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "a Berger table of 4 has 3 rounds");
    // Only the round being played has tables.
    assert!(rounds[1]["boards"][0]["table"].is_null());
    let mut met = BTreeMap::new();
    for round in 1..=3 {
        let boards: Vec<(u64, u64, u64)> = loop {
            let v = view(&org, id).await;
            let b: Vec<_> = v["rounds"][round - 1]["boards"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["result"].is_null())
                .filter_map(|b| {
                    Some((
                        b["table"].as_u64()?,
                        b["red"].as_u64()?,
                        b["black"].as_u64()?,
                    ))
                })
                .collect();
            if b.len() == 2 {
                break b;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        for b in boards {
            // The lower id wins every game.
            play(&mut players, b, Ending::WonBy(b.1.min(b.2))).await;
            t_ev(&mut org, "result_recorded").await;
            *met.entry((b.1.min(b.2), b.1.max(b.2))).or_insert(0) += 1;
        }
    }
    t_ev(&mut org, "finished").await;
    assert_eq!(met.len(), 6, "every pair met once");
    assert!(met.values().all(|&n| n == 1));
    let v = view(&org, id).await;
    assert_eq!(v["status"], "finished");
    let points: Vec<u64> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_u64().unwrap())
        .collect();
    assert_eq!(points, [6, 4, 2, 0]);
}

/// `(stages[0].time, increment)` of a `TimeControl`.
fn fischer_of(control: &Value) -> (Option<u64>, Option<u64>) {
    (
        control["stages"][0]["time"].as_u64(),
        control["increment"].as_u64(),
    )
}

#[tokio::test]
async fn a_sudden_death_game_has_a_control_per_colour_that_survives_a_restart() {
    let db = TestDb::new().await;
    let srv = TestServer::start_with(config(&db)).await;
    let mut org = Player::register(srv.addr, "org").await;
    let spec = json!({"system": "knockout", "games": 1, "time_control": "rapid",
                      "round_gap_secs": 0, "no_show_secs": 60});
    let id = create(&mut org, spec).await;
    let mut players = entrants(srv.addr, id, "sd", 2).await;
    let (status, v) = post(&mut org, id, "start").await;
    assert_eq!(status, 200, "{v}");
    // Regular, 2 rapid and 2 blitz games drawn: the sudden-death game comes due.
    for _ in 0..5 {
        let g = wait_due(&org, id, 1).await[0];
        play(&mut players, g, Ending::Draw).await;
        for _ in 0..100 {
            if due(&org, id).await.first().is_none_or(|d| d.0 != g.0) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let (table, red, black) = wait_due(&org, id, 1).await[0];
    let check = |st: &Value| {
        let g = &st["state"]["game"];
        assert_eq!(
            fischer_of(&g["control"]),
            (Some(360_000), Some(3_000)),
            "{g}"
        );
        assert_eq!(
            fischer_of(&g["black_control"]),
            (Some(240_000), Some(3_000)),
            "{g}"
        );
        assert_eq!(
            g["clock"]["black"]["game_time"]
                .as_u64()
                .map(|t| t <= 240_000),
            Some(true)
        );
        assert!(
            g["clock"]["red"]["game_time"].as_u64().unwrap() > 240_000,
            "{g}"
        );
    };
    let r = players.get_mut(&red).unwrap();
    join(r, table).await;
    let st =
        r.ws.next_where(|m| m["t"] == "table_state" && m["table"] == table, "state")
            .await
            .unwrap();
    check(&st);
    r.mv(table, "h2e2").await;

    // After a crash the game comes back on the same two controls.
    srv.crash();
    let srv = TestServer::start_with(config(&db)).await;
    for p in players.values_mut() {
        p.reconnect(srv.addr).await;
    }
    let b = players.get_mut(&black).unwrap();
    b.ws.clear();
    join(b, table).await;
    let st =
        b.ws.next_where(|m| m["t"] == "table_state" && m["table"] == table, "state")
            .await
            .unwrap();
    assert_eq!(st["state"]["game"]["moves"], json!(["h2e2"]));
    check(&st);
}
