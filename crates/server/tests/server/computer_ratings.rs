//! Rated games against the computer (issue 17): the levels are stored players with ratings on
//! the site's scale; a rated game (a real time control, no undo, no hint) rates the person as
//! against a rated player and moves the level slowly; unrated games say why.

use crate::common::{minutes, untimed, Player, TestDb, TestServer};
use client::{HttpClient, WsClient};
use platform::rating::{PlayerRating, Profile, RatedGame};
use serde_json::{json, Value};
use std::net::SocketAddr;
use xiangqi::{Color, EndReason, GameResult};

async fn get(addr: SocketAddr, path: &str) -> Value {
    let (status, body) = HttpClient::new(addr).get(path).await.expect("GET");
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Level `level`'s entry of `GET /api/computer/levels`.
async fn level(addr: SocketAddr, level: usize) -> Value {
    get(addr, "/api/computer/levels").await["levels"][level - 1].clone()
}

/// Starts a game against the computer at `level` as red (rated when `rated`); returns the table.
async fn start(p: &mut Player, level: u8, rated: bool) -> u64 {
    p.ok(json!({"t": "ai_start", "level": level, "color": "red", "control": minutes(10), "rated": rated}))
        .await;
    let state =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .expect("table_state");
    state["table"].as_u64().expect("table id")
}

/// Red plays one move and waits for the computer's answer (two plies: the game can be rated).
async fn one_exchange(p: &mut Player, table: u64) {
    p.mv(table, "h2e2").await;
    p.ws.next_where(
        |m| m["t"] == "ev" && m["e"]["type"] == "moved" && m["e"]["color"] == "black",
        "computer move",
    )
    .await
    .expect("the computer answers");
}

/// Red resigns; returns the `rated` event.
async fn resign(p: &mut Player, table: u64) -> Value {
    p.ok(json!({"t": "resign", "table": table})).await;
    p.event("rated").await
}

fn stored(user: &Value) -> PlayerRating {
    PlayerRating {
        games: u32::try_from(user["games"].as_u64().unwrap_or(0)).unwrap_or(0),
        ..PlayerRating::new(user["rating"].as_f64().unwrap_or(f64::NAN))
    }
}

#[tokio::test]
async fn a_rated_computer_game_rates_the_player_and_the_level() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let l1 = level(srv.addr, 1).await;
    assert_eq!(l1["level"], 1);
    assert_eq!(l1["user"]["rating"], 1000, "level 1 = ourgame's 1400 − 400");
    assert_eq!(l1["user"]["computer"], 1);
    assert_eq!(l1["user"]["provisional"], false);
    assert_eq!(level(srv.addr, 10).await["user"]["rating"], 3260);
    let level_id = l1["user"]["id"].as_u64().expect("id");

    let mut p = Player::register(srv.addr, "ratedhuman").await;
    let t = start(&mut p, 1, true).await;
    one_exchange(&mut p, t).await;
    let rated = resign(&mut p, t).await;
    assert_eq!(rated["rated"], true, "{rated}");
    assert_eq!(rated["black"]["before"], 1000);

    // The profile's formulas: a provisional player against an established one; the level moves
    // by an eighth of its change.
    let profile = Profile::Ourgame;
    let game = RatedGame {
        result: GameResult::BlackWins,
        reason: EndReason::Resignation,
        plies: 2,
    };
    let human = profile.initial();
    let lvl = profile.computer_initial(0.0);
    let want = profile.rate_against_computer(&human, &lvl, Color::Black, &game);
    assert_eq!(rated["red"]["after"], want.red.rating.round() as i64);
    assert_eq!(rated["red"]["delta"], want.red.rating.round() as i64 - 1400);

    let me = get(srv.addr, &format!("/api/users/{}", p.user["id"])).await;
    assert_eq!(me["user"]["games"], 1, "one provisional game counted");
    assert_eq!(me["user"]["provisional"], true);
    assert_eq!(me["played"], json!({"rated": 1, "unrated": 0}));
    assert!((stored(&me["user"]).rating - want.red.rating).abs() < 0.5);

    let bot = get(srv.addr, &format!("/api/users/{level_id}")).await;
    assert_eq!(bot["user"]["games"], 1);
    assert_eq!(bot["user"]["computer"], 1);
    let points = get(srv.addr, &format!("/api/users/{level_id}/ratings")).await;
    let point = &points["points"][0];
    assert!((point["rating"].as_f64().unwrap_or(0.0) - want.black.rating).abs() < 0.01);
    assert!(
        want.black.rating > 1000.0 && want.black.rating < 1001.0,
        "it moves slowly"
    );

    let games = get(srv.addr, &format!("/api/users/{}/games", p.user["id"])).await;
    let g = &games["games"][0];
    assert_eq!(
        (g["rated"].clone(), g["ai_level"].clone()),
        (json!(true), json!(1))
    );
    assert_eq!(g["black"]["id"], level_id);
}

#[tokio::test]
async fn a_rated_computer_game_refuses_undo_and_hint() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "strict").await;
    let t = start(&mut p, 2, true).await;
    one_exchange(&mut p, t).await;
    let undo = json!({"t": "undo_request", "table": t});
    assert_eq!(p.refused(undo).await, "undo_not_allowed");
    assert_eq!(
        p.refused(json!({"t": "hint", "table": t})).await,
        "hint_not_allowed"
    );
    // Nothing changed: the game goes on and ends rated.
    assert_eq!(resign(&mut p, t).await["rated"], true);
}

#[tokio::test]
async fn a_rated_computer_game_needs_a_clock_and_a_registered_player() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "clockless").await;
    let no_control = json!({"t": "ai_start", "level": 1, "color": "red", "rated": true});
    assert_eq!(p.refused(no_control).await, "invalid_time_control");
    let untimed =
        json!({"t": "ai_start", "level": 1, "color": "red", "rated": true, "control": untimed()});
    assert_eq!(p.refused(untimed).await, "invalid_time_control");

    let mut http = HttpClient::new(srv.addr);
    http.guest().await.expect("guest");
    let (mut ws, _) = WsClient::connect(srv.addr, http.cookie.as_deref())
        .await
        .expect("ws");
    let rated =
        json!({"t": "ai_start", "level": 1, "color": "red", "rated": true, "control": minutes(5)});
    match ws.call(rated).await {
        Err(client::ClientError::Refused(e)) => assert_eq!(e["code"], "guest_not_allowed"),
        other => panic!("a guest started a rated game: {other:?}"),
    }
    // Refused requests opened nothing: the player may still start the limit of games.
    for _ in 0..3 {
        start(&mut p, 1, false).await;
    }
}

#[tokio::test]
async fn an_unrated_computer_game_says_why() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "casual").await;
    let t = start(&mut p, 3, false).await;
    one_exchange(&mut p, t).await;
    let rated = resign(&mut p, t).await;
    assert_eq!(rated["rated"], false);
    assert_eq!(rated["why"]["unrated"], "casual");
    assert_eq!(rated["red"]["delta"], 0);
    let me = get(srv.addr, &format!("/api/users/{}", p.user["id"])).await;
    assert_eq!(me["user"]["games"], 0);
    assert_eq!(me["played"], json!({"rated": 0, "unrated": 1}));
}

#[tokio::test]
async fn rated_computer_games_end_the_provisional_period() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut p = Player::register(srv.addr, "newcomer").await;
    assert_eq!(p.user["provisional"], true);
    assert_eq!(p.user["title"]["zh"], "无称号");
    let n = platform::rating::OURGAME_PROVISIONAL_GAMES;
    for _ in 0..n {
        let t = start(&mut p, 1, true).await;
        one_exchange(&mut p, t).await;
        assert_eq!(resign(&mut p, t).await["rated"], true);
        p.ok(json!({"t": "leave", "table": t})).await;
        p.ws.clear();
    }
    let me = get(srv.addr, &format!("/api/users/{}", p.user["id"])).await;
    assert_eq!(me["user"]["games"], n);
    assert_eq!(me["user"]["provisional"], false, "{me}");
    assert_ne!(me["user"]["title"]["zh"], "无称号", "{me}");
}

#[tokio::test]
async fn a_rated_computer_game_survives_a_crash_and_is_rated_after_it() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let level_id = level(srv.addr, 4).await["user"]["id"].clone();
    let mut p = Player::register(srv.addr, "crashproof").await;
    let t = start(&mut p, 4, true).await;
    one_exchange(&mut p, t).await;
    srv.crash();

    let srv = TestServer::start_with(crate::common::test_config(&db)).await;
    p.reconnect(srv.addr).await;
    p.ok(json!({"t": "join", "table": t})).await;
    let state =
        p.ws.next_where(|m| m["t"] == "table_state", "state")
            .await
            .expect("table_state");
    let game = &state["state"]["game"];
    assert_eq!(game["ply"], 2);
    assert_eq!(
        game["black"]["id"], level_id,
        "the level's player came back"
    );
    assert_eq!(game["black"]["computer"], 4);
    // Still rated: no undo; the end rates both.
    let undo = json!({"t": "undo_request", "table": t});
    assert_eq!(p.refused(undo).await, "undo_not_allowed");
    let rated = resign(&mut p, t).await;
    assert_eq!(rated["rated"], true, "{rated}");
    assert_eq!(rated["black"]["before"], 1700, "level 4 = 1000 + 700");
}

#[tokio::test]
async fn a_finished_game_with_a_guest_says_it_was_unrated_for_the_guest() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut red = Player::register(srv.addr, "hostess").await;
    let mut http = HttpClient::new(srv.addr);
    let user = http.guest().await.expect("guest");
    let (ws, welcome) = WsClient::connect(srv.addr, http.cookie.as_deref())
        .await
        .expect("ws");
    let mut black = Player {
        http,
        ws,
        user,
        name: "guest".into(),
        epoch: welcome["epoch"].as_str().unwrap_or_default().to_owned(),
    };
    let t = 3;
    crate::common::seat_players(&mut red, &mut black, t, untimed()).await;
    crate::common::both_ready(&mut red, &mut black, t).await;
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    let rated = resign(&mut red, t).await;
    assert_eq!(rated["rated"], false);
    assert_eq!(rated["why"]["unrated"], "guest");
}
