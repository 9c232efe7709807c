//! The first-move rule made visible (the countdown each side sees before its first move), and a
//! finished table that waits again once its players have left.

use crate::common::{start_game, test_config, untimed, Player, TestDb, TestServer};
use serde_json::json;

#[tokio::test]
async fn the_first_move_deadline_is_shown_to_everyone() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    // The site has no rule (tests run with 0); the room sets its own.
    config.rooms[0].first_move_deadline_secs = Some(30);
    let srv = TestServer::start_with(config).await;
    let t = 2;
    let mut watcher = Player::register(srv.addr, "fwatch").await;
    let state = watcher.join_state(t).await;
    assert_eq!(state["state"]["first_move_secs"], 30, "{state}");
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("fred", "fblack")).await;
    // The game's start: Red owes the first move, about 30 s left.
    let started = watcher.event("game_started").await;
    let due = &started["game"]["first_move"];
    assert_eq!(due["color"], "red", "{started}");
    let left = due["left"].as_u64().expect("left");
    assert!((25_000..=30_000).contains(&left), "{due}");
    // Red's move starts Black's own countdown.
    red.mv(t, "h2e2").await;
    let moved = black.event("moved").await;
    assert_eq!(moved["first_move"]["color"], "black", "{moved}");
    assert!(moved["first_move"]["left"].as_u64().expect("left") > 25_000);
    // Once both have moved there is none.
    black.mv(t, "h9g7").await;
    assert_eq!(red.event("moved").await["ply"], 1);
    let moved = red.event("moved").await;
    assert_eq!(moved["ply"], 2);
    assert!(moved["first_move"].is_null(), "{moved}");
    // A late spectator sees none either.
    let mut late = Player::register(srv.addr, "flate").await;
    let state = late.join_state(t).await;
    assert!(state["state"]["game"]["first_move"].is_null(), "{state}");
}

#[tokio::test]
async fn a_finished_table_waits_again_once_its_players_leave() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 3;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("wred", "wblack")).await;
    red.ok(json!({"t": "resign", "table": t})).await;
    let end = black.event("game_ended").await;
    let mut look = Player::register(srv.addr, "wlook").await;
    let (s, game) = status(&mut look, t).await;
    assert_eq!(s, "finished");
    assert_eq!(game, end["game_id"]);
    red.ok(json!({"t": "stand", "table": t})).await;
    black.ok(json!({"t": "stand", "table": t})).await;
    let mut again = Player::register(srv.addr, "wagain").await;
    let (s, game) = status(&mut again, t).await;
    assert_eq!(s, "waiting");
    // The last game stays reachable for its replay.
    assert_eq!(game, end["game_id"]);
}

/// `(summary status, shown game id)` of `table` as a newcomer joining it sees them.
async fn status(p: &mut Player, table: u64) -> (serde_json::Value, serde_json::Value) {
    let s = p.join_state(table).await;
    (
        s["state"]["summary"]["status"].clone(),
        s["state"]["game"]["game_id"].clone(),
    )
}

#[tokio::test]
async fn a_missed_first_move_is_told_to_its_player_with_the_reason_and_the_score() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.rooms[0].first_move_deadline_secs = Some(1);
    let srv = TestServer::start_with(config).await;
    let t = 2;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("nsred", "nsblack")).await;
    // Red lets the deadline pass: the game is called off, and Red alone is told why.
    let end = black.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "no_first_move", "{end}");
    let told = red
        .ws
        .next_where(|m| m["t"] == "conduct_notice", "conduct_notice")
        .await
        .expect("the no-show is told");
    assert_eq!(told["conduct"], "no_show", "{told}");
    assert_eq!(told["score"], 90, "{told}");
    assert_eq!(told["game_id"], end["game_id"], "{told}");
    assert!(
        told.get("ban_until").is_none(),
        "one no-show bans nobody: {told}"
    );
    // Kept for later, and the opponent is told nothing.
    let (_, notices) = red.http.get("/api/me/notices").await.expect("notices");
    assert!(notices.to_string().contains("conduct_notice"), "{notices}");
    let (_, theirs) = black.http.get("/api/me/notices").await.expect("notices");
    assert!(!theirs.to_string().contains("conduct_notice"), "{theirs}");
}
