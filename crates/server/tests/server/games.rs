//! Playing at tables: mate, refusals, flags, resignation, draws, undo, disconnection, leaving,
//! chat, records, and games against the computer.

use crate::common::{
    minutes, start_game, test_config, untimed, Player, TestDb, TestServer, MATE_TABLE,
};
use client::{ClientError, WsClient};
use serde_json::json;

#[tokio::test]
async fn play_to_checkmate_is_rated_and_recorded() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = MATE_TABLE;
    let (mut red, mut black) = start_game(srv.addr, t, minutes(10), ("mred", "mblack")).await;
    let mut watcher = Player::register(srv.addr, "watcher").await;
    let state = watcher.join_state(t).await;
    assert_eq!(state["state"]["game"]["turn"], "red");
    assert!(state["state"]["game"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == "b0b9"));

    // Red is an established player (20+ games), Black a provisional one.
    db.execute("UPDATE users SET games = 30 WHERE name = 'mred'")
        .await;
    red.mv(t, "e0e1").await;
    let seen = black.event("moved").await;
    assert_eq!(
        (seen["mv"].as_str(), seen["ply"].as_u64()),
        (Some("e0e1"), Some(1))
    );
    black.mv(t, "i6i5").await;
    red.mv(t, "b0b9").await;
    let end = watcher.event("game_ended").await;
    assert_eq!(end["end"]["result"], "1-0");
    assert_eq!(end["end"]["reason"], "checkmate");
    let rated = black.event("rated").await;
    assert_eq!(rated["rated"], true);
    assert!(rated["red"]["delta"].as_i64().unwrap() > 0);
    assert!(rated["black"]["delta"].as_i64().unwrap() < 0);
    let game_id = end["game_id"].as_u64().unwrap();

    // Records: the list, the game with its moves and clocks, PGN in three notations.
    let uid = red.user["id"].as_u64().unwrap();
    let (_, list) = red
        .http
        .get(&format!("/api/users/{uid}/games"))
        .await
        .unwrap();
    assert_eq!(list["games"][0]["id"], game_id);
    let (_, g) = red
        .http
        .get(&format!("/api/games/{game_id}"))
        .await
        .unwrap();
    assert_eq!(g["game"]["moves"], json!(["e0e1", "i6i5", "b0b9"]));
    assert_eq!(g["game"]["clocks"].as_array().unwrap().len(), 3);
    assert!(g["game"]["clocks"][0].as_u64().unwrap() > 590_000);
    assert_eq!(
        g["game"]["ratings"]["red"]["after"].as_i64().unwrap() - 1400,
        rated["red"]["delta"].as_i64().unwrap()
    );
    let (s, pgn) = red
        .http
        .get_text(&format!("/api/games/{game_id}/pgn"))
        .await
        .unwrap();
    assert_eq!(s, 200);
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains("[FEN \"") && pgn.contains("2. b0b9"),
        "{pgn}"
    );
    let (_, wxf) = red
        .http
        .get_text(&format!("/api/games/{game_id}/pgn?notation=wxf"))
        .await
        .unwrap();
    assert!(wxf.contains("[Format \"WXF\"]"));
    let (_, zh) = red
        .http
        .get_text(&format!("/api/games/{game_id}/pgn?notation=chinese"))
        .await
        .unwrap();
    assert!(zh.contains("[Format \"Chinese\"]"));
    assert_eq!(red.http.get_text("/api/games/999999").await.unwrap().0, 404);
    // The new rating is the player's.
    let (_, me) = red.http.get("/api/me").await.unwrap();
    assert_eq!(me["user"]["rating"], g["game"]["ratings"]["red"]["after"]);
}

#[tokio::test]
async fn refused_moves_change_nothing() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 1;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("ired", "iblack")).await;
    assert_eq!(
        red.refused(json!({"t": "move", "table": t, "mv": "a0a5"}))
            .await,
        "illegal_move"
    );
    assert_eq!(
        black
            .refused(json!({"t": "move", "table": t, "mv": "h7e7"}))
            .await,
        "not_your_turn"
    );
    assert_eq!(
        red.refused(json!({"t": "move", "table": t, "mv": "zz"}))
            .await,
        "bad_message"
    );
    let mut spectator = Player::register(srv.addr, "ispec").await;
    spectator.ok(json!({"t": "join", "table": t})).await;
    assert_eq!(
        spectator
            .refused(json!({"t": "move", "table": t, "mv": "h2e2"}))
            .await,
        "not_a_player"
    );
    assert_eq!(
        spectator.refused(json!({"t": "resign", "table": t})).await,
        "not_a_player"
    );
    assert_eq!(
        red.refused(json!({"t": "undo_request", "table": t})).await,
        "nothing_to_undo"
    );
    // A table one has not joined refuses commands.
    assert_eq!(
        red.refused(json!({"t": "sit", "table": 2, "color": "red"}))
            .await,
        "not_at_table"
    );
    // Nothing moved: a fresh look shows the start, red to move, no moves.
    let mut fresh = Player::register(srv.addr, "ifresh").await;
    let state = fresh.join_state(t).await;
    let game = &state["state"]["game"];
    assert_eq!(game["ply"], 0);
    assert_eq!(game["turn"], "red");
    assert_eq!(game["moves"], json!([]));
    // And the right move is still accepted.
    red.mv(t, "h2e2").await;
    assert_eq!(black.event("moved").await["mv"], "h2e2");
}

async fn flag_test(table: u64, control: serde_json::Value, names: (&str, &str)) {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let (mut red, _black) = start_game(srv.addr, table, control, names).await;
    let end = red.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "timeout");
    assert_eq!(end["end"]["result"], "0-1");
    // The final clocks come with the end: Red's fell, nothing runs any more.
    let clock = &end["clock"];
    assert_eq!(clock["red"]["flagged"], true, "{clock}");
    assert_eq!(clock["black"]["flagged"], false, "{clock}");
    assert!(clock["running"].is_null(), "{clock}");
    // The game keeps its link after the end: a late spectator sees it.
    let mut late = Player::register(srv.addr, &format!("{}late", names.0)).await;
    let state = late.join_state(table).await;
    assert!(state["state"]["game"]["game_id"].is_u64(), "{state}");
    assert_eq!(state["state"]["game"]["game_id"], end["game_id"]);
    assert_eq!(
        red.refused(json!({"t": "move", "table": table, "mv": "h2e2"}))
            .await,
        "not_playing"
    );
}

#[tokio::test]
async fn flag_falls_on_game_time() {
    flag_test(2, json!({"stages": [{"time": 500, "moves": 0}], "per_move": null, "byoyomi": null, "increment": 0}), ("gred", "gblack")).await;
}

#[tokio::test]
async fn flag_falls_on_move_time() {
    flag_test(
        3,
        json!({"stages": [], "per_move": 500, "byoyomi": null, "increment": 0}),
        ("pred", "pblack"),
    )
    .await;
}

#[tokio::test]
async fn flag_falls_in_byoyomi() {
    flag_test(4, json!({"stages": [{"time": 0, "moves": 0}], "per_move": null, "byoyomi": {"periods": 1, "period": 500}, "increment": 0}), ("bred", "bblack")).await;
}

#[tokio::test]
async fn resign_draw_undo_chat_disconnect_and_leave() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 5;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("rred", "rblack")).await;

    // Undo: red moves, asks it back, black grants it.
    red.mv(t, "h2e2").await;
    red.ok(json!({"t": "undo_request", "table": t})).await;
    black.event("undo_requested").await;
    black.ok(json!({"t": "undo_accept", "table": t})).await;
    let undone = red.event("undone").await;
    assert_eq!(
        (undone["ply"].as_u64(), undone["plies"].as_u64()),
        (Some(0), Some(1))
    );

    // Chat with limits.
    black
        .ok(json!({"t": "chat", "table": t, "text": "  good luck  "}))
        .await;
    let chat = red.event("chat").await;
    assert_eq!(
        (chat["text"].as_str(), chat["name"].as_str()),
        (Some("good luck"), Some("rblack"))
    );
    assert_eq!(
        black
            .refused(json!({"t": "chat", "table": t, "text": "x".repeat(141)}))
            .await,
        "chat_too_long"
    );

    // Disconnect and reconnect: black's socket drops, red is told, black comes back and gets
    // exactly what it missed.
    black.ws.clear();
    red.mv(t, "h2e2").await;
    let moved = black
        .ws
        .next_where(|m| m["t"] == "ev" && m["e"]["type"] == "moved", "moved")
        .await
        .unwrap();
    let since = moved["v"].as_u64().unwrap();
    black.reconnect(srv.addr).await;
    let gone = red.event("disconnected").await;
    assert_eq!(gone["color"], "black");
    red.ok(json!({"t": "chat", "table": t, "text": "still there?"}))
        .await;
    let epoch = black.epoch.clone();
    let missed = black
        .ok(json!({"t": "join", "table": t, "epoch": epoch, "since": since}))
        .await;
    let types: Vec<&str> = missed
        .iter()
        .filter(|m| m["t"] == "ev")
        .map(|m| m["e"]["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(types, ["disconnected", "chat", "reconnected"]);
    assert!(
        missed.iter().all(|m| m["t"] != "table_state"),
        "a resync sends only the missed events"
    );
    let vs: Vec<u64> = missed.iter().filter_map(|m| m["v"].as_u64()).collect();
    assert_eq!(vs, [since + 1, since + 2, since + 3]);
    red.event("reconnected").await;
    black.mv(t, "h9g7").await;

    // A draw by agreement: the player on move offers.
    red.ok(json!({"t": "draw_offer", "table": t})).await;
    black.event("draw_offered").await;
    black.ok(json!({"t": "draw_accept", "table": t})).await;
    let end = red.event("game_ended").await;
    assert_eq!(
        (end["end"]["result"].as_str(), end["end"]["reason"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );

    // Next game: resign.
    red.ws.clear();
    black.ws.clear();
    red.ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    red.event("game_started").await;
    red.mv(t, "b2e2").await;
    black.mv(t, "b9c7").await;
    red.ok(json!({"t": "resign", "table": t})).await;
    let end = black.event("game_ended").await;
    assert_eq!(
        (end["end"]["result"].as_str(), end["end"]["reason"].as_str()),
        (Some("0-1"), Some("resignation"))
    );
    // Two provisional players: the game counts for nobody's rating (ourgame).
    let rated = black.event("rated").await;
    assert_eq!(rated["rated"], false);
    assert_eq!(rated["why"]["unrated"], "both_provisional");
    assert_eq!(rated["red"]["delta"], 0);

    // Next game: leaving loses (逃跑).
    red.ws.clear();
    black.ws.clear();
    red.ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": t, "ready": true}))
        .await;
    red.event("game_started").await;
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    black.ok(json!({"t": "leave", "table": t})).await;
    let end = red.event("game_ended").await;
    assert_eq!(
        (end["end"]["result"].as_str(), end["end"]["reason"].as_str()),
        (Some("1-0"), Some("abandoned"))
    );
}

#[tokio::test]
async fn a_game_against_the_computer_with_undo() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "human").await;
    assert_eq!(
        p.refused(json!({"t": "ai_start", "level": 11, "color": "red"}))
            .await,
        "bad_message"
    );
    p.ok(json!({"t": "ai_start", "level": 3, "color": "red"}))
        .await;
    let state =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .unwrap();
    let t = state["table"].as_u64().unwrap();
    assert_eq!(state["state"]["game"]["ai_level"], 3);
    p.mv(t, "h2e2").await;
    let reply =
        p.ws.next_where(
            |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["color"] == "black",
            "computer move",
        )
        .await
        .unwrap();
    assert_eq!(reply["e"]["ply"], 2);
    p.ok(json!({"t": "undo_request", "table": t})).await;
    let undone = p.event("undone").await;
    assert_eq!(undone["ply"], 0);
    assert_eq!(undone["moves"], json!([]));
    p.ok(json!({"t": "resign", "table": t})).await;
    assert_eq!(p.event("game_ended").await["end"]["reason"], "resignation");
}

#[tokio::test]
async fn hints_only_for_the_human_against_the_computer_on_turn() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "hinted").await;
    p.ok(json!({"t": "ai_start", "level": 2, "color": "red"}))
        .await;
    let state =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .unwrap();
    let t = state["table"].as_u64().unwrap();

    // The hint comes privately, before the ack, for the position on the board.
    let before = p.ok(json!({"t": "hint", "table": t})).await;
    let hint = before
        .iter()
        .find(|m| m["t"] == "hint")
        .expect("a hint before the ack");
    assert_eq!(
        (hint["table"].as_u64(), hint["ply"].as_u64()),
        (Some(t), Some(0))
    );
    let mv: xiangqi::Move = hint["mv"].as_str().unwrap().parse().unwrap();
    assert!(xiangqi::Position::startpos().is_legal(mv));
    // It is a playable move; the computer answers.
    p.mv(t, &mv.to_string()).await;
    p.ws.next_where(
        |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["color"] == "black",
        "computer move",
    )
    .await
    .unwrap();
    let again = p.ok(json!({"t": "hint", "table": t})).await;
    assert!(again.iter().any(|m| m["t"] == "hint" && m["ply"] == 2));

    // A spectator of the game is refused.
    let mut watcher = Player::register(srv.addr, "watcher").await;
    if watcher.call(json!({"t": "join", "table": t})).await.is_ok() {
        assert_eq!(
            watcher.refused(json!({"t": "hint", "table": t})).await,
            "hint_not_allowed"
        );
    }
    // No hint once the game is over.
    p.ok(json!({"t": "resign", "table": t})).await;
    p.event("game_ended").await;
    assert_eq!(
        p.refused(json!({"t": "hint", "table": t})).await,
        "hint_not_allowed"
    );

    // Nor at a table of two humans.
    let (mut red, _black) = start_game(srv.addr, 2, untimed(), ("hred", "hblack")).await;
    assert_eq!(
        red.refused(json!({"t": "hint", "table": 2})).await,
        "hint_not_allowed"
    );
}

#[tokio::test]
async fn the_limit_of_games_against_the_computer_holds_across_connections() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.ai_games_per_user = 2;
    let srv = TestServer::start_with(config).await;
    let mut p = Player::register(srv.addr, "greedy").await;
    let (mut second, _) = WsClient::connect(srv.addr, p.http.cookie.as_deref())
        .await
        .unwrap();
    let start = json!({"t": "ai_start", "level": 1, "color": "red"});
    p.ok(start.clone()).await;
    let first =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .unwrap()["table"]
            .as_u64()
            .unwrap();
    second.call(start.clone()).await.unwrap();
    // Two games in progress on two connections: a third is refused on either.
    for refused in [
        second.call(start.clone()).await.unwrap_err(),
        p.ws.call(start.clone()).await.unwrap_err(),
    ] {
        match refused {
            ClientError::Refused(v) => assert_eq!(v["code"], "too_many_ai_games"),
            other => panic!("{other}"),
        }
    }
    // A finished game no longer counts, even while its table is still watched.
    p.ok(json!({"t": "resign", "table": first})).await;
    p.event("game_ended").await;
    second.call(start.clone()).await.unwrap();
    // Another user has a limit of their own.
    let mut other = Player::register(srv.addr, "modest").await;
    other.ok(start).await;
}

#[tokio::test]
async fn the_record_of_a_game_in_progress_has_its_moves_so_far() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 3;
    let (mut red, mut black) = start_game(srv.addr, t, minutes(5), ("rec_red", "rec_black")).await;
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    red.mv(t, "h0g2").await;
    let moved = black
        .ws
        .next_where(|m| m["t"] == "ev" && m["e"]["ply"] == 3, "ply 3")
        .await
        .unwrap()["e"]
        .clone();
    let black_view = black.ok(json!({"t": "join", "table": t})).await;
    let state = black_view
        .iter()
        .find(|m| m["t"] == "table_state")
        .expect("table_state");
    let id = state["state"]["game"]["game_id"].as_u64().unwrap();
    let (status, g) = red.http.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let g = &g["game"];
    assert_eq!(
        (g["status"].as_str(), g["result"].as_str()),
        (Some("playing"), Some("*"))
    );
    assert_eq!(g["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    assert_eq!(g["plies"], 3);
    let clocks = g["clocks"].as_array().unwrap();
    assert_eq!(clocks.len(), 3);
    // Each reading is the mover's game time left after the move.
    assert_eq!(clocks[2], moved["clock"]["red"]["game_time"]);
    let (_, pgn) = red
        .http
        .get_text(&format!("/api/games/{id}/pgn"))
        .await
        .unwrap();
    assert!(pgn.contains("h2e2") || pgn.contains("H2-E2"), "{pgn}");
    // After the end the stored record takes over, with the same moves.
    red.ok(json!({"t": "resign", "table": t})).await;
    black.event("game_ended").await;
    let (_, g) = red.http.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["moves"], json!(["h2e2", "h9g7", "h0g2"]));
}
