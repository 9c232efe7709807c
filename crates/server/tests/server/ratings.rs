//! Ratings on a real server: each profile chosen by configuration rates played games as the
//! worked examples of docs/economy.md say, the rating history endpoint, titles shown, and
//! concurrent game ends that must not lose a rating update.

use crate::common::{both_ready, seat_players, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::net::SocketAddr;
use store::Db;

/// Table 1..=8 start from the standard position.
const T1: u64 = 1;
const T2: u64 = 2;

async fn start_profile(db: &TestDb, profile: &str) -> TestServer {
    let config = server::Config {
        rating_profile: profile.into(),
        ..crate::common::test_config(db)
    };
    TestServer::start_with(config).await
}

/// Sets a player's stored rating and rated-game count (a fixture).
async fn set_rating(db: &TestDb, name: &str, rating: f64, games: u32) {
    db.execute(&format!(
        "UPDATE users SET rating = {rating}, games = {games} WHERE name_key = '{name}'"
    ))
    .await;
}

/// Seats `red` and `black` at `table`, agrees an untimed game and starts it.
async fn start(red: &mut Player, black: &mut Player, table: u64) {
    seat_players(red, black, table, untimed()).await;
    both_ready(red, black, table).await;
}

/// Plays `moves` alternately from red at `table`.
async fn play(red: &mut Player, black: &mut Player, table: u64, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            red.mv(table, mv).await;
        } else {
            black.mv(table, mv).await;
        }
    }
}

/// `who` resigns; returns the `rated` event (seen by `who`).
async fn resign(who: &mut Player, table: u64) -> Value {
    who.ok(json!({"t": "resign", "table": table})).await;
    who.event("rated").await
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    client::HttpClient::new(addr).get(path).await.expect("GET")
}

async fn user(addr: SocketAddr, p: &Player) -> Value {
    let (status, body) = get(addr, &format!("/api/users/{}", p.user["id"])).await;
    assert_eq!(status, 200);
    body["user"].clone()
}

async fn history(addr: SocketAddr, p: &Player) -> Value {
    let (status, body) = get(addr, &format!("/api/users/{}/ratings", p.user["id"])).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// `actual` equals `expected` to the hundredth shown in docs/economy.md.
fn near(actual: &Value, expected: f64) {
    assert!(
        (num(actual) - expected).abs() < 0.006,
        "{actual} is not {expected}"
    );
}

#[tokio::test]
async fn ourgame_rates_as_the_worked_examples_and_keeps_a_history() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "ourgame").await;
    let mut red = Player::register(srv.addr, "rated2100").await;
    let mut black = Player::register(srv.addr, "prov1400").await;
    assert_eq!(red.user["rating"], 1400, "ourgame starts at 1400");
    assert_eq!(red.user["provisional"], true);
    // Worked example: rated red 2100 (K 24) loses to provisional black 1400 with 4 games.
    set_rating(&db, "rated2100", 2100.0, 30).await;
    set_rating(&db, "prov1400", 1400.0, 4).await;
    start(&mut red, &mut black, T1).await;
    play(&mut red, &mut black, T1, &["h2e2", "h9g7"]).await;
    let rated = resign(&mut red, T1).await;
    assert_eq!(rated["rated"], true);
    assert_eq!(rated["scored_as"], "0-1");
    assert_eq!(
        rated["red"],
        json!({"before": 2100, "after": 2096, "delta": -4})
    );
    assert_eq!(
        rated["black"],
        json!({"before": 1400, "after": 1457, "delta": 57})
    );
    let h = history(srv.addr, &red).await;
    assert_eq!(
        (h["profile"].as_str(), h["start"].as_i64()),
        (Some("ourgame"), Some(1400))
    );
    let points = h["points"].as_array().unwrap();
    assert_eq!(points.len(), 1);
    near(&points[0]["rating"], 2096.07);
    near(&points[0]["delta"], -3.93);
    assert_eq!(points[0]["games"], 31);
    assert_eq!(points[0]["game"], rated["game_id"]);
    let h = history(srv.addr, &black).await;
    near(&h["points"][0]["rating"], 1456.59);
    assert_eq!(h["points"][0]["games"], 5);
    let b = user(srv.addr, &black).await;
    assert_eq!(
        (b["rating"].as_i64(), b["games"].as_i64()),
        (Some(1457), Some(5))
    );
    assert_eq!(b["provisional"], true);
    assert_eq!(b["title"]["zh"], "无称号");

    // Both rated: red 1600 beats black 1500 → 1611.52 / 1488.48.
    set_rating(&db, "rated2100", 1600.0, 30).await;
    set_rating(&db, "prov1400", 1500.0, 50).await;
    both_ready(&mut red, &mut black, T1).await;
    play(&mut red, &mut black, T1, &["h2e2", "h9g7"]).await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["red"]["after"], 1612);
    let h = history(srv.addr, &red).await;
    let points = h["points"].as_array().unwrap();
    assert_eq!(points.len(), 2, "oldest first, one point per rated game");
    near(&points[1]["rating"], 1611.52);
    assert_eq!(points[1]["games"], 31);
    near(
        &history(srv.addr, &black).await["points"][1]["rating"],
        1488.48,
    );
    let r = user(srv.addr, &red).await;
    assert_eq!(
        r["title"]["zh"], "三级棋士",
        "1611.52 on the ourgame ladder"
    );
    assert_eq!(r["provisional"], false);

    // A one-ply game is unrated and leaves no history point.
    both_ready(&mut red, &mut black, T1).await;
    red.mv(T1, "h2e2").await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["rated"], false);
    assert_eq!(
        rated["why"],
        json!({"unrated": {"too_short": {"plies": 1, "min": 2}}})
    );
    assert_eq!(
        history(srv.addr, &red).await["points"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    let (status, _) = get(srv.addr, "/api/users/999999/ratings").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn ourgame_two_provisional_players_never_change() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "ourgame").await;
    let mut red = Player::register(srv.addr, "fresh1").await;
    let mut black = Player::register(srv.addr, "fresh2").await;
    start(&mut red, &mut black, T1).await;
    play(&mut red, &mut black, T1, &["h2e2", "h9g7"]).await;
    let rated = resign(&mut red, T1).await;
    assert_eq!(rated["rated"], false);
    assert_eq!(rated["why"], json!({"unrated": "both_provisional"}));
    assert_eq!(rated["red"]["delta"], 0);
    for p in [&red, &black] {
        let u = user(srv.addr, p).await;
        assert_eq!(
            (u["rating"].as_i64(), u["games"].as_i64()),
            (Some(1400), Some(0))
        );
        assert_eq!(history(srv.addr, p).await["points"], json!([]));
    }
}

#[tokio::test]
async fn lotto_scores_a_game_within_five_plies_as_a_draw() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "lotto").await;
    let mut red = Player::register(srv.addr, "lotto800").await;
    let mut black = Player::register(srv.addr, "lotto1000").await;
    assert_eq!(red.user["rating"], 800, "lotto starts at 800");
    assert_eq!(red.user["provisional"], false);
    assert_eq!(red.user["title"]["zh"], "都尉");
    set_rating(&db, "lotto1000", 1000.0, 0).await;
    start(&mut red, &mut black, T1).await;
    // Red 800 beats black 1000 at ply 4: scored as a draw, +7.79 / −5.19.
    play(&mut red, &mut black, T1, &["h2e2", "h9g7", "h0g2", "i9h9"]).await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["rated"], true);
    assert_eq!(rated["scored_as"], "1/2-1/2");
    near(&history(srv.addr, &red).await["points"][0]["delta"], 7.79);
    let h = history(srv.addr, &black).await;
    assert_eq!(
        (h["profile"].as_str(), h["start"].as_i64()),
        (Some("lotto"), Some(800))
    );
    near(&h["points"][0]["delta"], -5.19);
    near(&h["points"][0]["rating"], 994.81);
    let (_, game) = get(srv.addr, &format!("/api/games/{}", rated["game_id"])).await;
    assert_eq!(
        game["game"]["result"], "1-0",
        "the game keeps its real result"
    );
    assert_eq!(game["game"]["rated"], true);

    // From ply 6 on the real result counts: red (807.79, K 30) beats black (994.81, K 30).
    both_ready(&mut red, &mut black, T1).await;
    play(
        &mut red,
        &mut black,
        T1,
        &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"],
    )
    .await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["scored_as"], "1-0");
    let (r0, b0) = (
        num(&history(srv.addr, &red).await["points"][0]["rating"]),
        num(&history(srv.addr, &black).await["points"][0]["rating"]),
    );
    let we = 1.0 / (1.0 + 10f64.powf((b0 - r0) / 400.0));
    let p = &history(srv.addr, &red).await["points"][1];
    near(&p["delta"], 30.0 * (1.0 - we));
}

#[tokio::test]
async fn qq_unrates_one_ply_and_a_draw_costs_the_first_mover() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "qq").await;
    let mut red = Player::register(srv.addr, "qqred").await;
    let mut black = Player::register(srv.addr, "qqblack").await;
    assert_eq!(red.user["rating"], 1400, "qq starts at 1400");
    assert_eq!(red.user["title"]["zh"], "五级棋手");
    set_rating(&db, "qqred", 1500.0, 0).await;
    set_rating(&db, "qqblack", 1500.0, 0).await;
    start(&mut red, &mut black, T1).await;
    red.mv(T1, "h2e2").await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["rated"], false, "fewer than 2 plies: unrated");
    assert_eq!(rated["why"]["unrated"]["too_short"]["min"], 2);

    // Two 1500 players draw: red −4.20, black +4.20.
    both_ready(&mut red, &mut black, T1).await;
    play(&mut red, &mut black, T1, &["h2e2", "h9g7"]).await;
    red.ok(json!({"t": "draw_offer", "table": T1})).await;
    black.event("draw_offered").await;
    black.ok(json!({"t": "draw_accept", "table": T1})).await;
    let rated = red.event("rated").await;
    assert_eq!(rated["scored_as"], "1/2-1/2");
    let h = history(srv.addr, &red).await;
    assert_eq!(h["profile"], "qq");
    assert_eq!(h["points"].as_array().unwrap().len(), 1);
    near(&h["points"][0]["delta"], -4.20);
    near(&history(srv.addr, &black).await["points"][0]["delta"], 4.20);
    assert_eq!(user(srv.addr, &black).await["title"]["zh"], "四级棋手");
}

#[tokio::test]
async fn glicko2_rates_two_new_players() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "glicko2").await;
    let mut red = Player::register(srv.addr, "gred").await;
    let mut black = Player::register(srv.addr, "gblack").await;
    assert_eq!(red.user["rating"], 1500);
    assert_eq!(red.user["provisional"], true);
    start(&mut red, &mut black, T1).await;
    play(&mut red, &mut black, T1, &["h2e2", "h9g7"]).await;
    let rated = resign(&mut black, T1).await;
    assert_eq!(rated["rated"], true);
    // docs/economy.md: 1500/500/0.09 each, red wins → 1741.62 and 1258.38, RD 396.81.
    let h = history(srv.addr, &red).await;
    assert_eq!(
        (h["profile"].as_str(), h["start"].as_i64()),
        (Some("glicko2"), Some(1500))
    );
    near(&h["points"][0]["rating"], 1741.62);
    near(
        &history(srv.addr, &black).await["points"][0]["rating"],
        1258.38,
    );
    let store = Db::connect(&db.url).await.unwrap();
    let row = store
        .user(platform_id(&red))
        .await
        .unwrap()
        .expect("stored");
    assert!(
        (row.rating.deviation - 396.81).abs() < 0.01,
        "{:?}",
        row.rating
    );
    let u = user(srv.addr, &red).await;
    assert_eq!(u["provisional"], true, "RD 396.81 > 110");
    assert_eq!(u["title"]["zh"], "无称号", "Glicko-2 has no ladder");
}

fn platform_id(p: &Player) -> platform::UserId {
    platform::UserId(p.user["id"].as_u64().unwrap())
}

#[tokio::test]
async fn honorary_and_awarded_titles_are_shown() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "ourgame").await;
    let p = Player::register(srv.addr, "master").await;
    assert_eq!(
        p.user["title"],
        json!({"zh": "无称号", "en": "untitled", "honorary": null, "awarded": null})
    );
    let store = Db::connect(&db.url).await.unwrap();
    let mut titles = platform::rating::TitleRecord::default();
    let top = platform::rating::Ladder::Ourgame.find("特级大师").unwrap();
    assert!(titles.award(top).unwrap());
    titles.set_honorary(Some(platform::rating::HonoraryTitle::NationalMaster));
    assert!(store.set_titles(platform_id(&p), &titles).await.unwrap());
    let u = user(srv.addr, &p).await;
    assert_eq!(
        u["title"],
        json!({"zh": "特级大师", "en": "Special Grandmaster",
               "honorary": {"zh": "国家大师", "en": "National Master"},
               "awarded": {"zh": "特级大师", "en": "Special Grandmaster"}}),
        "an awarded title shows even while provisional"
    );
    // The session sees the same (a fresh login loads the stored titles).
    let (_, me) = p.http.get("/api/me").await.unwrap();
    assert_eq!(me["user"]["title"]["honorary"]["zh"], "国家大师");
    // Clearing the honorary title keeps the awarded one.
    titles.set_honorary(None);
    store.set_titles(platform_id(&p), &titles).await.unwrap();
    let u = user(srv.addr, &p).await;
    assert_eq!(u["title"]["honorary"], Value::Null);
    assert_eq!(u["title"]["awarded"]["zh"], "特级大师");
}

#[tokio::test]
async fn concurrent_game_ends_lose_no_rating_update() {
    let db = TestDb::new().await;
    let srv = start_profile(&db, "ourgame").await;
    let mut a = Player::register(srv.addr, "busy").await;
    let mut b = Player::register(srv.addr, "oppb").await;
    let mut c = Player::register(srv.addr, "oppc").await;
    for name in ["busy", "oppb", "oppc"] {
        set_rating(&db, name, 1500.0, 20).await;
    }
    // `busy` plays at two tables at once, the second from another socket of the same session.
    let mut http = client::HttpClient::new(srv.addr);
    http.cookie.clone_from(&a.http.cookie);
    let (ws, _) = client::WsClient::connect(srv.addr, http.cookie.as_deref())
        .await
        .unwrap();
    let mut a2 = Player {
        http,
        ws,
        user: a.user.clone(),
        name: "busy (second socket)".into(),
        epoch: a.epoch.clone(),
    };
    start(&mut a, &mut b, T1).await;
    start(&mut a2, &mut c, T2).await;
    play(&mut a, &mut b, T1, &["h2e2", "h9g7"]).await;
    play(&mut a2, &mut c, T2, &["h2e2", "h9g7"]).await;
    // Both games end at once: each result transaction must read the other's new rating.
    a.ws.send(&json!({"t": "resign", "table": T1}))
        .await
        .unwrap();
    a2.ws
        .send(&json!({"t": "resign", "table": T2}))
        .await
        .unwrap();
    a.event("rated").await;
    a2.event("rated").await;
    let u = user(srv.addr, &a).await;
    assert_eq!(u["games"], 22, "both games counted");
    let h = history(srv.addr, &a).await;
    let points = h["points"].as_array().unwrap();
    assert_eq!(points.len(), 2);
    let first = num(&points[0]["rating"]);
    let second_before = num(&points[1]["rating"]) - num(&points[1]["delta"]);
    assert!(
        (first - second_before).abs() < 0.02,
        "the second game starts from the first's result: {points:?}"
    );
    assert_eq!(
        u["rating"].as_f64().map(f64::round),
        Some(num(&points[1]["rating"]).round())
    );
    assert!(num(&points[1]["rating"]) < first, "two losses");
}

#[tokio::test]
async fn result_transactions_of_one_player_serialise_their_rating_updates() {
    use platform::rating::{PlayerRating, Profile, RatedGame};
    use store::{FinishedGame, NewGame, RateRequest};
    use xiangqi::{EndReason, GameResult};
    const GAMES: usize = 8;
    let db = TestDb::new().await;
    let store = Db::connect(&db.url).await.unwrap();
    store.migrate().await.unwrap();
    let rated = |r| PlayerRating {
        games: 20,
        ..PlayerRating::new(r)
    };
    let hub = store
        .create_user("hub", Some("x"), false, rated(1500.0), 0)
        .await
        .unwrap();
    let control = platform::clock::TimeControl::untimed();
    let mut ids = Vec::new();
    for i in 0..GAMES {
        let opp = store
            .create_user(&format!("opp{i}"), Some("x"), false, rated(1500.0), 0)
            .await
            .unwrap();
        let new = NewGame {
            table: platform::TableId(1),
            room: "std",
            red: hub.id,
            black: opp.id,
            control: &control,
            start_fen: "-",
            ai_level: None,
            started_at: 1,
            casual: false,
            fence: None,
        };
        ids.push((store.create_game(&new).await.unwrap(), opp.id));
    }
    // Every game ends at once; each transaction must start from the rating the previous left.
    let mut tasks = tokio::task::JoinSet::new();
    for (id, opp) in ids {
        let store = store.clone();
        let hub = hub.id;
        tasks.spawn(async move {
            let f = FinishedGame {
                id,
                status: "finished",
                result: "1-0",
                reason: Some("resignation".into()),
                moves: Vec::new(),
                clocks: Vec::new(),
                ended_at: 1_000 + id.0,
                rate: Some(RateRequest {
                    profile: Profile::Ourgame,
                    pool: None,
                    red: hub,
                    black: opp,
                    game: RatedGame {
                        result: GameResult::RedWins,
                        reason: EndReason::Resignation,
                        plies: 40,
                    },
                    computer: None,
                    handicap: None,
                }),
                reward: None,
                coins: Vec::new(),
                fence: None,
            };
            store.finish_game(&f).await.unwrap().expect("rated")
        });
    }
    while let Some(done) = tasks.join_next().await {
        assert!(done.unwrap().change.is_rated());
    }
    let after = store.user(hub.id).await.unwrap().unwrap();
    assert_eq!(after.rating.games, 20 + GAMES as u32, "no update lost");
    let points = store.rating_history(hub.id, "ourgame", "").await.unwrap();
    assert_eq!(points.len(), GAMES);
    let mut expect = rated(1500.0);
    for p in &points {
        assert_eq!(
            p.before, expect.rating,
            "each game starts where the last ended"
        );
        expect.rating = p.after;
        expect.games += 1;
        assert_eq!(p.games, expect.games);
    }
    assert_eq!(after.rating.rating, expect.rating);
    store.close().await;
}
