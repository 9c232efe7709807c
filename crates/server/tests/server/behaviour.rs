//! Behaviour records (docs/behaviour.md) over real clients: leaving twice bans with an
//! escalating ban that refuses a seat (`banned`, with its end and reason) until a moderator
//! lifts it; a room's `min_behaviour` refuses a low score; reports are listed for moderators
//! only; a muted player cannot chat.

use crate::common::{both_ready, seat_players, test_config, untimed, Player, TestDb, TestServer};
use serde_json::json;
use std::net::SocketAddr;
use tables::room_config::RoomConfig;

/// Table 11: the first table of a room added after the test rooms (8 + 2 tables).
const STRICT_TABLE: u64 = 11;

async fn server(min_behaviour: u8) -> (TestDb, TestServer) {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.behaviour.moderators = vec!["Warden".into()];
    config.rooms.push(RoomConfig {
        min_behaviour,
        time_control: "untimed".into(),
        ..RoomConfig::new("strict", "strict", 1)
    });
    let srv = TestServer::start_with(config).await;
    (db, srv)
}

/// `leaver` sits at `table` against a new player, the game starts, and `leaver` leaves it.
async fn play_and_leave(addr: SocketAddr, leaver: &mut Player, table: u64, opponent: &str) {
    let mut opp = Player::register(addr, opponent).await;
    seat_players(leaver, &mut opp, table, untimed()).await;
    both_ready(leaver, &mut opp, table).await;
    leaver.ok(json!({"t": "leave", "table": table})).await;
    let end = opp.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "abandoned");
}

#[tokio::test]
async fn leaving_twice_bans_from_sitting_until_a_moderator_lifts_it() {
    let (_db, srv) = server(0).await;
    let mut leaver = Player::register(srv.addr, "runner").await;
    play_and_leave(srv.addr, &mut leaver, 1, "opp1").await;
    // One leave: no ban yet; the score drops from 100 to 90.
    let (_, me) = leaver.http.get("/api/me/behaviour").await.unwrap();
    assert_eq!(
        (me["score"].as_u64(), me["counters"]["left"].as_u64()),
        (Some(90), Some(1))
    );
    assert!(me.get("ban").is_none(), "{me}");

    play_and_leave(srv.addr, &mut leaver, 2, "opp2").await;
    let (_, me) = leaver.http.get("/api/me/behaviour").await.unwrap();
    assert_eq!(me["counters"]["left"], 2);
    assert_eq!(me["score"], 80);
    assert_eq!(me["ban"]["reason"], "left 2 games within 24 h");
    let until = me["ban"]["until"].as_u64().expect("the ban's end");
    let now = kit::clock::now().0;
    assert!(
        until > now + 4 * 60_000 && until <= now + 5 * 60_000,
        "{until} vs {now}"
    );

    // Banned: no seat (the error carries the end and the reason), no seek.
    leaver.ok(json!({"t": "join", "table": 3})).await;
    let err = leaver
        .call(json!({"t": "sit", "table": 3, "color": "red"}))
        .await
        .expect_err("a banned player is refused a seat");
    assert_eq!(err["code"], "banned");
    assert_eq!(err["until"].as_u64(), Some(until));
    assert!(
        err["message"].as_str().unwrap().contains("left 2 games"),
        "{err}"
    );
    let seek = json!({"t": "seek", "room": "std", "control": untimed(), "kind": "quick"});
    assert_eq!(leaver.refused(seek).await, "banned");
    // The opponent's record is clean; the profile shows the leaver's score.
    let (_, opp) = leaver
        .http
        .get(&format!("/api/users/{}/behaviour", leaver.user["id"]))
        .await
        .unwrap();
    assert_eq!(opp["score"], 80);

    // Lifting is for moderators only.
    let (status, body) = leaver
        .http
        .post("/api/admin/lift", &json!({"user": "runner"}))
        .await
        .unwrap();
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("not_moderator"))
    );
    let mut warden = Player::register(srv.addr, "warden").await;
    let (status, body) = warden
        .http
        .post("/api/admin/lift", &json!({"user": "runner", "kind": "ban"}))
        .await
        .unwrap();
    assert_eq!((status, body["lifted"].as_u64()), (200, Some(1)));
    leaver
        .ok(json!({"t": "sit", "table": 3, "color": "red"}))
        .await;
    let state = warden.join_state(3).await;
    assert_eq!(
        state["state"]["summary"]["seats"]["red"]["behaviour"], 80,
        "{state}"
    );
}

#[tokio::test]
async fn a_rooms_minimum_behaviour_refuses_a_low_score() {
    let (_db, srv) = server(95).await;
    let mut leaver = Player::register(srv.addr, "runner").await;
    play_and_leave(srv.addr, &mut leaver, 1, "opp1").await;
    leaver.ok(json!({"t": "join", "table": STRICT_TABLE})).await;
    assert_eq!(
        leaver
            .refused(json!({"t": "sit", "table": STRICT_TABLE, "color": "red"}))
            .await,
        "behaviour_too_low"
    );
    let mut clean = Player::register(srv.addr, "clean").await;
    clean.ok(json!({"t": "join", "table": STRICT_TABLE})).await;
    clean
        .ok(json!({"t": "sit", "table": STRICT_TABLE, "color": "red"}))
        .await;
}

#[tokio::test]
async fn reports_are_listed_for_moderators_and_a_muted_player_cannot_chat() {
    let (_db, srv) = server(0).await;
    let mut a = Player::register(srv.addr, "alice").await;
    let mut b = Player::register(srv.addr, "bob").await;
    let mut warden = Player::register(srv.addr, "warden").await;
    let report = json!({"user": "bob", "reason": "insulted me in chat"});
    let (status, body) = a.http.post("/api/reports", &report).await.unwrap();
    assert_eq!(status, 200, "{body}");
    let (status, body) = a.http.post("/api/reports", &report).await.unwrap();
    assert_eq!((status, body["error"].as_str()), (400, Some("report_open")));
    for bad in [
        json!({"user": "bob", "reason": " "}),
        json!({"user": "bob", "reason": "x".repeat(501)}),
        json!({"user": "alice", "reason": "me"}),
    ] {
        let (status, body) = a.http.post("/api/reports", &bad).await.unwrap();
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some("bad_message")),
            "{bad}"
        );
    }
    let (status, body) = a
        .http
        .post("/api/reports", &json!({"user": "nobody", "reason": "x"}))
        .await
        .unwrap();
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")));

    let (status, body) = b.http.get("/api/reports").await.unwrap();
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("not_moderator"))
    );
    let (status, list) = warden.http.get("/api/reports").await.unwrap();
    assert_eq!(status, 200);
    let list = list.as_array().expect("a list").clone();
    assert_eq!(list.len(), 1);
    assert_eq!(
        (
            list[0]["reporter"].as_str(),
            list[0]["target"].as_str(),
            list[0]["reason"].as_str()
        ),
        (Some("alice"), Some("bob"), Some("insulted me in chat"))
    );

    // The moderator mutes bob: bob's chat is refused with the mute's end, alice's is not.
    let mute = json!({"user": "bob", "kind": "mute", "minutes": 10, "reason": "insults"});
    let (status, body) = b.http.post("/api/admin/sanctions", &mute).await.unwrap();
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("not_moderator"))
    );
    let (status, body) = warden
        .http
        .post("/api/admin/sanctions", &mute)
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    for p in [&mut a, &mut b] {
        p.ok(json!({"t": "join", "table": 1})).await;
    }
    let err = b
        .call(json!({"t": "chat", "table": 1, "text": "hello"}))
        .await
        .expect_err("muted");
    assert_eq!(err["code"], "muted");
    assert_eq!(err["until"], body["until"]);
    a.ok(json!({"t": "chat", "table": 1, "text": "hello"}))
        .await;
    // Closing the report empties the open list.
    let id = list[0]["id"].as_u64().unwrap();
    let (status, _) = warden
        .http
        .post(&format!("/api/reports/{id}/close"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 200);
    let (_, open) = warden.http.get("/api/reports").await.unwrap();
    assert_eq!(open.as_array().map(Vec::len), Some(0));
    let (_, all) = warden.http.get("/api/reports?all=true").await.unwrap();
    assert_eq!(all.as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn a_tournament_no_show_is_recorded_and_events_refuse_bans_and_low_scores() {
    use crate::tournaments::{create, entrants, post, t_ev};
    let db = TestDb::new().await;
    let mut config = crate::tournaments::config(&db);
    config.behaviour.moderators = vec!["warden".into()];
    let srv = TestServer::start_with(config).await;
    let mut org = Player::register(srv.addr, "org").await;
    let id = create(&mut org, 2, 1).await;
    let _players = entrants(srv.addr, id, "ns", 2).await;
    org.ok(json!({"t": "t_watch", "tournament": id})).await;
    post(&mut org, id, "start").await;
    t_ev(&mut org, "round_paired").await;
    // Nobody comes: Red misses the first move, forfeits, and it is on Red's record.
    let e = t_ev(&mut org, "result_recorded").await;
    let (red, black) = (
        e["board"]["red"].as_u64().unwrap(),
        e["board"]["black"].as_u64().unwrap(),
    );
    let (_, rb) = org
        .http
        .get(&format!("/api/users/{red}/behaviour"))
        .await
        .unwrap();
    assert_eq!(
        (rb["counters"]["no_shows"].as_u64(), rb["score"].as_u64()),
        (Some(1), Some(90)),
        "{rb}"
    );
    let (_, bb) = org
        .http
        .get(&format!("/api/users/{black}/behaviour"))
        .await
        .unwrap();
    assert_eq!(
        (bb["counters"]["no_shows"].as_u64(), bb["score"].as_u64()),
        (Some(0), Some(100)),
        "{bb}"
    );

    // An event that needs 95 refuses a score of 90; a banned player may not join any.
    let body = json!({"name": "Clean Cup", "starts_in_secs": 3600,
        "spec": {"rounds": 1, "time_control": "rapid", "min_behaviour": 95}});
    let (status, v) = org.http.post("/api/tournaments", &body).await.unwrap();
    assert_eq!(status, 200, "{v}");
    let clean = v["id"].as_u64().unwrap();
    let mut low = Player::register(srv.addr, "lowscore").await;
    srv.db
        .record_conduct(
            platform::UserId(low.user["id"].as_u64().unwrap()),
            platform::GameId(999_999),
            platform::behaviour::Conduct::Left,
            kit::clock::now(),
        )
        .await
        .unwrap();
    let (status, v) = post(&mut low, clean, "join").await;
    assert_eq!(
        (status, v["error"].as_str()),
        (403, Some("behaviour_too_low")),
        "{v}"
    );
    let mut warden = Player::register(srv.addr, "warden").await;
    let ban = json!({"user": "org", "kind": "ban", "minutes": 30, "reason": "cheating"});
    let (status, b) = warden
        .http
        .post("/api/admin/sanctions", &ban)
        .await
        .unwrap();
    assert_eq!(status, 200, "{b}");
    let (status, v) = post(&mut org, clean, "join").await;
    assert_eq!((status, v["error"].as_str()), (403, Some("banned")), "{v}");
    assert_eq!(v["until"], b["until"]);
    assert!(v["message"].as_str().unwrap().contains("cheating"), "{v}");
    let mut fine = Player::register(srv.addr, "fine").await;
    let (status, v) = post(&mut fine, clean, "join").await;
    assert_eq!(status, 200, "{v}");
}
