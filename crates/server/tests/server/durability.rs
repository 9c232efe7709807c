//! What is acknowledged is stored, and what is stored comes back: several restarts of one timed
//! game (abrupt and graceful, one outage longer than the player's time left), a game whose end
//! was journaled but not stored when the server died, and journal writes that fail (the
//! fault-injection seam of `store::Faults`).

use crate::coinkit;
use crate::common::{start_game, test_config, Player, TestDb, TestServer, MATE_TABLE};
use serde_json::{json, Value};
use std::time::Duration;
use store::Fault;

/// A single stage of `ms` milliseconds per side.
fn millis(ms: u64) -> Value {
    json!({"stages": [{"time": ms, "moves": 0}], "per_move": null, "byoyomi": null, "increment": 0})
}

fn game_time(clock: &Value, color: &str) -> u64 {
    clock[color]["game_time"]
        .as_u64()
        .unwrap_or_else(|| panic!("a timed clock: {clock}"))
}

/// `p` joins `table` and returns its `table_state`.
async fn state(p: &mut Player, table: u64) -> Value {
    p.ok(json!({"t": "join", "table": table})).await;
    p.ws.next_where(|m| m["t"] == "table_state", "table_state")
        .await
        .expect("table_state")["state"]
        .clone()
}

#[tokio::test]
async fn three_outages_of_one_timed_game_are_charged_to_nobody() {
    let db = TestDb::new().await;
    let mut srv = TestServer::start(&db).await;
    let t = 3;
    // Eight seconds each: the outages below add up to more than either player has.
    let (mut red, mut black) = start_game(srv.addr, t, millis(8_000), ("o_red", "o_black")).await;
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
    let mut played = 0;
    let mut left = (0, 0);
    for round in 0..3 {
        for mv in &moves[played..played + 2] {
            if played % 2 == 0 {
                red.mv(t, mv).await;
            } else {
                black.mv(t, mv).await;
            }
            played += 1;
        }
        let seen = red
            .ws
            .next_where(
                |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["ply"] == played,
                "moved",
            )
            .await
            .expect("moved")["e"]
            .clone();
        left = (
            game_time(&seen["clock"], "red"),
            game_time(&seen["clock"], "black"),
        );
        // Red is on move at each outage: twice abruptly, once gracefully.
        if round == 1 {
            srv.stop().await;
        } else {
            srv.crash();
        }
        // The second outage alone is longer than the time Red has left.
        let down = if round == 1 { 9_000 } else { 2_500 };
        tokio::time::sleep(Duration::from_millis(down)).await;
        srv = TestServer::start_with(test_config(&db)).await;
        red.reconnect(srv.addr).await;
        black.reconnect(srv.addr).await;
        let st = state(&mut red, t).await;
        let game = &st["game"];
        assert_eq!(
            game["moves"],
            json!(moves[..played]),
            "round {round}: {game}"
        );
        assert!(game["end"].is_null(), "round {round}: {game}");
        let red_now = game_time(&game["clock"], "red");
        // A crash charges at most the heartbeat (1 s) and test slack; a graceful stop nothing.
        let slack = if round == 1 { 300 } else { 1_600 };
        assert!(
            red_now + slack >= left.0 && red_now <= left.0,
            "round {round}: red {red_now} ms now, {} ms before",
            left.0
        );
        assert_eq!(game_time(&game["clock"], "black"), left.1, "round {round}");
        state(&mut black, t).await;
        red.ws.clear();
        black.ws.clear();
    }
    // Finished on the board: Red resigns; the record has every move with its clock reading.
    red.ok(json!({"t": "resign", "table": t})).await;
    let end = black.event("game_ended").await;
    assert_eq!(end["end"]["result"], "0-1");
    let id = end["game_id"].as_u64().expect("game id");
    let (_, g) = red
        .http
        .get(&format!("/api/games/{id}"))
        .await
        .expect("record");
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["moves"], json!(moves));
    let clocks = g["game"]["clocks"].as_array().expect("clocks").clone();
    assert_eq!(clocks.len(), moves.len());
    // Stored readings are kept to 10 ms (docs/server.md, Storage).
    assert_eq!(clocks[moves.len() - 1], json!(left.1 / 10 * 10));
    assert!(left.0 > 0 && left.1 > 0);
}

#[tokio::test]
async fn a_mate_journaled_but_not_stored_comes_back_finished_rated_and_settled_once() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = coinkit::seat(srv.addr, table, ("jm_red", "jm_black")).await;
    // Both established, so ourgame rates the game.
    t.execute("UPDATE users SET games = 30 WHERE name IN ('jm_red', 'jm_black')")
        .await;
    coinkit::fund(&t, &red, 400).await;
    coinkit::fund(&t, &black, 400).await;
    let (r0, b0) = (
        coinkit::balance(&t, &red).await,
        coinkit::balance(&t, &black).await,
    );
    let mut s1 = coinkit::spectator(srv.addr, &t, table, "jm_s1", 200).await;
    let mut s2 = coinkit::spectator(srv.addr, &t, table, "jm_s2", 200).await;
    let sb = coinkit::balance(&t, &s1).await;
    let game_id = coinkit::ready(&mut red, &mut black, table).await;
    let stakes = json!({"red": 100, "black": 100});
    coinkit::make_wager(&mut red, &mut black, table, stakes).await;
    coinkit::bet(&mut s1, table, "red", 50, "jm-s1-bet-01").await;
    coinkit::bet(&mut s2, table, "black", 150, "jm-s2-bet-01").await;
    red.mv(table, "e0e1").await;
    black.mv(table, "i6i5").await;
    // The database will not take the game's end (as if it hung until the crash).
    srv.db.faults().fail_next(Fault::Finish, u32::MAX);
    red.mv(table, "b0b9").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, g) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .expect("record");
    assert_eq!(
        g["game"]["status"], "playing",
        "the end was not stored: {g}"
    );
    srv.crash();

    let expect = |g: &Value| {
        let game = &g["game"];
        assert_eq!(game["status"], "finished", "{game}");
        assert_eq!(game["result"], "1-0");
        assert_eq!(game["reason"], "checkmate");
        assert_eq!(game["moves"], json!(["e0e1", "i6i5", "b0b9"]));
        assert!(
            game["ratings"]["red"]["delta"].as_i64().expect("rated") > 0,
            "{game}"
        );
    };
    for _ in 0..2 {
        let srv = TestServer::start_with(test_config(&t)).await;
        let http = client::HttpClient::new(srv.addr);
        let (_, g) = http
            .get(&format!("/api/games/{game_id}"))
            .await
            .expect("record");
        expect(&g);
        let (_, h) = http
            .get(&format!("/api/users/{}/ratings", red.user["id"]))
            .await
            .expect("history");
        assert_eq!(
            h["points"].as_array().map(Vec::len),
            Some(1),
            "rated once: {h}"
        );
        // Settled once: the wager paid the winner, the pool its bettors (as in wagers.rs).
        assert_eq!(coinkit::balance(&t, &red).await, r0 + 95);
        assert_eq!(coinkit::balance(&t, &black).await, b0 - 100);
        assert_eq!(coinkit::balance(&t, &s1).await, sb + 142);
        assert_eq!(coinkit::balance(&t, &s2).await, sb - 150);
        assert_eq!(coinkit::audit(&t).await, 0);
        srv.crash();
    }
}

#[tokio::test]
async fn a_move_that_cannot_be_journaled_is_refused_and_changes_nothing() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 4;
    let (mut red, mut black) =
        start_game(srv.addr, t, millis(600_000), ("jf_red", "jf_black")).await;
    red.mv(t, "h2e2").await;
    srv.db.faults().fail_next(Fault::Journal, 1);
    let err = black
        .call(json!({"t": "move", "table": t, "mv": "h9g7"}))
        .await
        .expect_err("refused");
    assert_eq!(err["code"], "not_stored", "{err}");
    let st = state(&mut black, t).await;
    assert_eq!(st["game"]["moves"], json!(["h2e2"]));
    assert_eq!(st["game"]["turn"], "black");
    // The same move again is taken, and survives a crash.
    black.mv(t, "h9g7").await;
    srv.crash();
    let srv = TestServer::start_with(test_config(&db)).await;
    red.reconnect(srv.addr).await;
    let st = state(&mut red, t).await;
    assert_eq!(st["game"]["moves"], json!(["h2e2", "h9g7"]));
}

#[tokio::test]
async fn a_bad_journal_row_fails_only_its_own_table() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let (mut a_red, mut a_black) =
        start_game(srv.addr, 1, millis(600_000), ("ba_red", "ba_black")).await;
    let (mut b_red, _b_black) =
        start_game(srv.addr, 2, millis(600_000), ("bb_red", "bb_black")).await;
    a_red.mv(1, "h2e2").await;
    let a_game = state(&mut a_black, 1).await["game"]["game_id"]
        .as_u64()
        .expect("game id");
    srv.db
        .faults()
        .refuse_journal_of(Some(platform::GameId(a_game)));
    // Both tables' moves at once, so they may share a batch: only table 1's is refused.
    let (a, b) = tokio::join!(
        a_black.call(json!({"t": "move", "table": 1, "mv": "h9g7"})),
        b_red.call(json!({"t": "move", "table": 2, "mv": "b2e2"})),
    );
    assert_eq!(a.expect_err("refused")["code"], "not_stored");
    b.expect("table 2's move is stored");
    srv.db.faults().refuse_journal_of(None);
    a_black.mv(1, "h9g7").await;
    srv.crash();
    let srv = TestServer::start_with(test_config(&db)).await;
    b_red.reconnect(srv.addr).await;
    assert_eq!(state(&mut b_red, 2).await["game"]["moves"], json!(["b2e2"]));
    a_red.reconnect(srv.addr).await;
    assert_eq!(
        state(&mut a_red, 1).await["game"]["moves"],
        json!(["h2e2", "h9g7"])
    );
}

#[tokio::test]
async fn a_game_that_cannot_be_stored_does_not_start() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 5;
    let mut red = Player::register(srv.addr, "ng_red").await;
    let mut black = Player::register(srv.addr, "ng_black").await;
    crate::common::seat_players(&mut red, &mut black, t, millis(600_000)).await;
    red.ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    srv.db.faults().fail_next(Fault::NewGame, 1);
    let err = black
        .call(json!({"t": "ready", "table": t, "ready": true}))
        .await
        .expect_err("refused");
    assert_eq!(err["code"], "not_stored", "{err}");
    let st = state(&mut black, t).await;
    assert!(
        st["game"].is_null() || !st["game"]["end"].is_null(),
        "no game in progress: {st}"
    );
    // Ready again: now it starts, with a stored game.
    black
        .ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    let started = black.event("game_started").await;
    assert!(started["game"]["game_id"].as_u64().is_some(), "{started}");
}
