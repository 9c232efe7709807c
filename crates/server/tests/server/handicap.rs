//! Handicap games (让子) on a real server: a proposal refused, one accepted and shown to
//! everyone (the table, the lobby), the game from its position, its record's start FEN and
//! PGN, unrated by default and rated with the room's offset where the room rates them.

use crate::common::{both_ready, seat_players, test_config, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};

const T: u64 = 4;
/// The standard start without Red's b0 horse (让单马).
const NO_RED_HORSE: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1";

fn propose(kind: &str) -> Value {
    json!({"t": "handicap_propose", "table": T, "giver": "red", "kind": kind})
}

/// Red proposes a horse handicap and Black accepts; returns what a spectator saw.
async fn agree_horse(red: &mut Player, black: &mut Player, watcher: &mut Player) -> Value {
    black.ws.clear();
    watcher.ws.clear();
    red.ok(propose("horse")).await;
    let proposed = black.event("handicap_proposed").await;
    assert_eq!(proposed["by"], "red");
    assert_eq!(proposed["handicap"]["kind"], "horse");
    black.ok(json!({"t": "handicap_accept", "table": T})).await;
    watcher.event("handicap_set").await
}

#[tokio::test]
async fn a_handicap_is_proposed_refused_agreed_played_and_recorded_unrated() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut red = Player::register(srv.addr, "hgiver").await;
    let mut black = Player::register(srv.addr, "htaker").await;
    let mut watcher = Player::register(srv.addr, "hwatch").await;
    watcher.ok(json!({"t": "lobby", "on": true})).await;
    watcher.join_state(T).await;
    // Alone at the table, nobody can agree.
    red.ok(json!({"t": "join", "table": T})).await;
    red.ok(json!({"t": "sit", "table": T, "color": "red"}))
        .await;
    assert_eq!(red.refused(propose("horse")).await, "no_opponent");
    red.ok(json!({"t": "stand", "table": T})).await;
    seat_players(&mut red, &mut black, T, untimed()).await;

    // Refused: nothing changes; 让先 from Black gives nothing.
    red.ok(propose("chariot")).await;
    black.ok(json!({"t": "handicap_decline", "table": T})).await;
    assert_eq!(red.event("handicap_declined").await["by"], "black");
    let bad = json!({"t": "handicap_propose", "table": T, "giver": "black", "kind": "first_move"});
    assert_eq!(black.refused(bad).await, "invalid_handicap");
    let state = watcher.join_state(T).await;
    assert!(state["state"]["handicap"].is_null(), "{state}");

    // Agreed: everyone at the table and the lobby see it.
    red.ok(json!({"t": "ready", "table": T, "ready": true}))
        .await;
    let set = agree_horse(&mut red, &mut black, &mut watcher).await;
    assert_eq!(set["handicap"]["giver"], "red", "{set}");
    assert_eq!(set["handicap"]["start_fen"], NO_RED_HORSE);
    assert!(set["handicap"]["offset"].is_null(), "unrated room: {set}");
    let summary = watcher
        .ws
        .next_where(
            |m| {
                m["t"] == "lobby_table"
                    && m["table"]["id"] == T
                    && !m["table"]["handicap"].is_null()
            },
            "lobby handicap",
        )
        .await
        .expect("lobby summary with the handicap");
    assert_eq!(
        summary["table"]["handicap"],
        json!({"giver": "red", "kind": "horse"})
    );
    let mut late = Player::register(srv.addr, "hlate").await;
    let state = late.join_state(T).await;
    assert_eq!(state["state"]["handicap"]["kind"], "horse", "{state}");

    // The game starts from it: Red's b0 horse is gone.
    both_ready(&mut red, &mut black, T).await;
    let started = watcher.event("game_started").await;
    assert_eq!(started["game"]["start_fen"], NO_RED_HORSE, "{started}");
    assert_eq!(started["game"]["handicap"]["kind"], "horse");
    assert_eq!(
        red.refused(json!({"t": "move", "table": T, "mv": "b0c2"}))
            .await,
        "illegal_move"
    );
    red.mv(T, "h2e2").await;
    black.mv(T, "h9g7").await;
    red.mv(T, "h0g2").await;
    black.ok(json!({"t": "resign", "table": T})).await;
    let rated = red.event("rated").await;
    assert_eq!(rated["rated"], false, "{rated}");
    assert_eq!(rated["why"], json!({"unrated": "handicap"}));
    let game_id = rated["game_id"].as_u64().expect("game id");

    // The record keeps the start and the handicap; the PGN sets it up.
    let (_, g) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .unwrap();
    assert_eq!(g["game"]["start_fen"], NO_RED_HORSE);
    assert_eq!(
        g["game"]["handicap"],
        json!({"giver": "red", "kind": "horse"})
    );
    assert_eq!(g["game"]["rated"], false);
    assert_eq!(g["game"]["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    let (_, pgn) = red
        .http
        .get_text(&format!("/api/games/{game_id}/pgn"))
        .await
        .unwrap();
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{NO_RED_HORSE}\"]")), "{pgn}");

    // It holds for the next game until a player drops it.
    black.ok(json!({"t": "handicap_decline", "table": T})).await;
    assert!(watcher.event("handicap_set").await["handicap"].is_null());
    both_ready(&mut red, &mut black, T).await;
    let state = watcher.join_state(T).await;
    assert_eq!(
        state["state"]["game"]["start_fen"],
        xiangqi::START_FEN,
        "{state}"
    );
}

#[tokio::test]
async fn a_room_that_rates_handicaps_rates_the_giver_with_the_offset() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.rating_profile = "lotto".into();
    config.rooms[0].handicap_rating = Some(tables::handicap_config::HandicapRatingConfig {
        horse: 200,
        ..Default::default()
    });
    let srv = TestServer::start_with(config).await;
    let mut red = Player::register(srv.addr, "rgiver").await;
    let mut black = Player::register(srv.addr, "rtaker").await;
    let mut watcher = Player::register(srv.addr, "rwatch").await;
    watcher.join_state(T).await;
    seat_players(&mut red, &mut black, T, untimed()).await;
    let set = agree_horse(&mut red, &mut black, &mut watcher).await;
    assert_eq!(set["handicap"]["offset"], 200, "{set}");
    both_ready(&mut red, &mut black, T).await;
    for (i, mv) in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
        .iter()
        .enumerate()
    {
        if i % 2 == 0 {
            red.mv(T, mv).await;
        } else {
            black.mv(T, mv).await;
        }
    }
    red.ok(json!({"t": "resign", "table": T})).await;
    let rated = black.event("rated").await;
    assert_eq!(rated["rated"], true, "{rated}");
    // Both at 800: Red counts as 600, so Black's win is the expected one (K 30: 30 × 0.24 = 7.2
    // instead of 15 in an even game).
    assert_eq!(rated["black"]["delta"], 7, "{rated}");
    assert_eq!(rated["red"]["delta"], -7, "{rated}");
}

#[tokio::test]
async fn a_handicap_game_comes_back_from_its_start_after_a_crash() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut red = Player::register(srv.addr, "cgiver").await;
    let mut black = Player::register(srv.addr, "ctaker").await;
    seat_players(&mut red, &mut black, T, untimed()).await;
    // 让先: Black opens.
    red.ok(propose("first_move")).await;
    black.ok(json!({"t": "handicap_accept", "table": T})).await;
    both_ready(&mut red, &mut black, T).await;
    black.mv(T, "h7e7").await;
    red.mv(T, "h0g2").await;
    black.event("moved").await;
    srv.crash();

    let srv = TestServer::start_with(test_config(&db)).await;
    black.reconnect(srv.addr).await;
    let state = black.join_state(T).await;
    let game = &state["state"]["game"];
    assert_eq!(
        game["start_fen"],
        xiangqi::START_FEN.replace(" w ", " b "),
        "{state}"
    );
    assert_eq!(game["handicap"]["kind"], "first_move");
    assert_eq!(game["moves"], json!(["h7e7", "h0g2"]));
    assert_eq!(game["turn"], "black");
    black.mv(T, "h9g7").await;
}
