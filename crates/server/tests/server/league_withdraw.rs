//! A team's withdrawal (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`): only its captain
//! (or an administrator's request) withdraws it; mid-season with fewer than half of its matches
//! played its results are voided — its match struck out, its player's game in progress resigned
//! — and every captain hears of it; with half of them played its remaining match is forfeited
//! 0:N and it stays in the table; before a season the administrator's request takes it out.

use crate::common::{Player, TestServer};
use crate::leagues::{config, enter, notice, post, team, until, wait_for_league};
use serde_json::json;

#[tokio::test]
async fn a_withdrawn_team_is_voided_mid_season_and_removed_before_one() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "wd_a1").await;
    let mut a2 = Player::register(srv.addr, "wd_a2").await;
    let mut b1 = Player::register(srv.addr, "wd_b1").await;
    let mut b2 = Player::register(srv.addr, "wd_b2").await;
    let ta = team(&mut a1, &mut a2, "wd home").await;
    let tb = team(&mut b1, &mut b2, "wd away").await;
    let league = srv
        .db
        .create_league("Withdraw League", &config().to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    let table = notice(&mut a1, "began").await["table"].as_u64().unwrap();
    a1.ok(json!({"t": "join", "table": table})).await;
    b1.ok(json!({"t": "join", "table": table})).await;
    a1.mv(table, "h2e2").await;

    // Not the captain: refused, nothing changes.
    let path = format!("/api/leagues/{league}/withdraw");
    let (s, v) = post(&mut b2, &path, json!({"team": tb})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("league_refused")),
        "{v}"
    );
    let (s, v) = post(&mut b1, &path, json!({"team": tb})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["voided"], true, "none of its 1 match played: voided");
    let n = notice(&mut a1, "withdrew").await;
    assert_eq!((n["team"].as_u64(), &n["voided"]), (Some(tb), &json!(true)));
    // Its player's game in progress is resigned for them.
    let end = a1.event("game_ended").await;
    assert!(end.to_string().contains("resign"), "{end}");
    let v = until(&a1, &format!("/api/leagues/{league}"), |v| {
        v["phase"] == "ended"
    })
    .await;
    assert_eq!(v["matches"], json!([]), "{v}");
    let rows = v["divisions"][0]["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{v}");
    assert_eq!(rows[0]["team"].as_u64(), Some(ta), "{v}");
    let (s, v) = post(&mut b1, &path, json!({"team": tb})).await;
    assert_eq!(s, 400, "withdrawn once only: {v}");

    // Before a season, the administrator's request takes a team out.
    let second = srv
        .db
        .create_league("Withdraw League 2", &config().to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, second).await;
    enter(&mut a1, second, ta).await;
    enter(&mut b1, second, tb).await;
    srv.db
        .request_league(second, &format!("withdraw:{ta}"))
        .await
        .unwrap();
    let v = until(&a1, &format!("/api/leagues/{second}"), |v| v["teams"] == 1).await;
    assert_eq!(v["phase"], "entry", "{v}");
    srv.stop().await;
}

#[tokio::test]
async fn a_team_withdrawn_after_half_its_matches_forfeits_the_rest() {
    let db = crate::common::TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut a1 = Player::register(srv.addr, "wf_a1").await;
    let mut a2 = Player::register(srv.addr, "wf_a2").await;
    let mut b1 = Player::register(srv.addr, "wf_b1").await;
    let mut b2 = Player::register(srv.addr, "wf_b2").await;
    let ta = team(&mut a1, &mut a2, "wf home").await;
    let tb = team(&mut b1, &mut b2, "wf away").await;
    // Home and away, one board; round 1 at once (nobody comes: lost by both after 1 s),
    // round 2 a minute later.
    let mut c = config();
    c["boards"] = json!(1);
    c["double_round"] = json!(true);
    c["round_every"] = json!(60_000);
    c["window"] = json!(60_000);
    c["no_show"] = json!(1_000);
    c["board_deadline"] = json!(1_000);
    let league = srv
        .db
        .create_league("Forfeit League", &c.to_string(), 0)
        .await
        .unwrap();
    wait_for_league(&a1, league).await;
    enter(&mut a1, league, ta).await;
    enter(&mut b1, league, tb).await;
    srv.db.request_league(league, "start").await.unwrap();
    let page = format!("/api/leagues/{league}");
    until(&a1, &page, |v| !v["matches"][0]["score"].is_null()).await;

    // One of its two matches played: half, so the other is forfeited 0:2.
    let path = format!("/api/leagues/{league}/withdraw");
    let (s, v) = post(&mut b1, &path, json!({"team": tb})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["voided"], false, "{v}");
    let v = until(&a1, &page, |v| v["phase"] == "ended").await;
    let m2 = &v["matches"][1];
    let ours = if m2["home"]["id"].as_u64() == Some(ta) {
        (&m2["score"]["home_games"], &m2["score"]["away_games"])
    } else {
        (&m2["score"]["away_games"], &m2["score"]["home_games"])
    };
    assert_eq!(ours, (&json!(2), &json!(0)), "{v}");
    let rows = v["divisions"][0]["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "it stays in the table: {v}");
    assert_eq!(rows[0]["team"].as_u64(), Some(ta), "{v}");
    srv.stop().await;
}
