//! Teams over the real server (docs/teams.md): creating (name rules, names unique regardless
//! of case, guests refused), joining up to the size limit, a closed team, captain rules
//! (only the captain kicks and hands over, the captain leaves last and alone dissolves the
//! team), acting for someone else refused; every refusal is `team_refused` and changes nothing.

use crate::common::{TestDb, TestServer};
use client::HttpClient;
use serde_json::{json, Value};

struct Member {
    http: HttpClient,
    id: u64,
}

async fn member(srv: &TestServer, name: &str) -> Member {
    let mut http = HttpClient::new(srv.addr);
    let user = http.register(name, "password123").await.expect("register");
    let id = user["id"].as_u64().expect("id");
    Member { http, id }
}

async fn post(m: &mut Member, path: &str, body: Value) -> (u16, Value) {
    m.http.post(path, &body).await.expect("post")
}

async fn team(m: &Member, id: u64) -> Value {
    let (status, v) = m.http.get(&format!("/api/teams/{id}")).await.expect("get");
    assert_eq!(status, 200, "{v}");
    v
}

fn members(v: &Value) -> Vec<u64> {
    v["members"]
        .as_array()
        .expect("members")
        .iter()
        .map(|m| m["id"].as_u64().expect("id"))
        .collect()
}

#[track_caller]
fn refused(r: &(u16, Value), why: &str) {
    assert_eq!(r.0, 400, "{}", r.1);
    assert_eq!(r.1["error"], "team_refused", "{}", r.1);
    let message = r.1["message"].as_str().unwrap_or_default();
    assert!(message.contains(why), "{} / {why}", r.1);
}

async fn create(m: &mut Member, name: &str) -> u64 {
    let r = post(m, "/api/teams", json!({ "name": name })).await;
    assert_eq!(r.0, 200, "{}", r.1);
    r.1["id"].as_u64().expect("team id")
}

#[tokio::test]
async fn create_join_and_list() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut cap = member(&srv, "tcap").await;
    let mut other = member(&srv, "tother").await;
    let id = create(&mut cap, "  Red Dragons ").await;
    let dup = post(&mut other, "/api/teams", json!({ "name": "red dragons" })).await;
    assert_eq!((dup.0, dup.1["error"].clone()), (409, json!("name_taken")));
    refused(
        &post(&mut other, "/api/teams", json!({ "name": "x" })).await,
        "2 to 24",
    );
    let bell = post(&mut other, "/api/teams", json!({ "name": "ab\u{7}cd" })).await;
    refused(&bell, "control");

    let v = team(&cap, id).await;
    assert_eq!(v["name"], "Red Dragons");
    assert_eq!(v["captain"], cap.id);
    assert_eq!(members(&v), vec![cap.id]);
    assert_eq!(v["members"][0]["captain"], true);
    assert!(v["members"][0]["rating"].as_u64().is_some(), "{v}");

    let r = post(&mut other, &format!("/api/teams/{id}/join"), json!({})).await;
    assert_eq!(r.0, 200, "{}", r.1);
    refused(
        &post(&mut other, &format!("/api/teams/{id}/join"), json!({})).await,
        "already a member",
    );
    assert_eq!(members(&team(&cap, id).await), vec![cap.id, other.id]);

    let (status, list) = cap.http.get("/api/teams").await.expect("list");
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["teams"][0]["members"], 2, "{list}");
    assert_eq!(list["teams"][0]["captain_name"], "tcap", "{list}");
    let (_, mine) = cap
        .http
        .get(&format!("/api/teams?user={}", other.id))
        .await
        .expect("teams of a user");
    assert_eq!(mine["teams"][0]["id"], id, "{mine}");

    let mut guest = HttpClient::new(srv.addr);
    guest.guest().await.expect("guest");
    let r = guest
        .post("/api/teams", &json!({ "name": "Guests" }))
        .await
        .expect("post");
    assert_eq!(r.1["error"], "team_refused", "{}", r.1);
    let r = guest
        .post(&format!("/api/teams/{id}/join"), &json!({}))
        .await
        .expect("post");
    assert_eq!(r.1["error"], "team_refused", "{}", r.1);
    let (status, _) = cap.http.get("/api/teams/999999").await.expect("get");
    assert_eq!(status, 404);
    srv.stop().await;
}

#[tokio::test]
async fn a_team_is_full_at_sixteen_and_a_closed_team_takes_nobody() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut cap = member(&srv, "fcap").await;
    let mut late = member(&srv, "flate").await;
    let id = create(&mut cap, "Full House").await;
    // Fourteen stored members besides the captain (ids that are nobody's: the page skips them).
    for u in 0..14 {
        db.execute(&format!(
            "INSERT INTO team_members (team_id, user_id, seq, joined_at) VALUES ({id}, {}, {}, 0)",
            900_000 + u,
            u + 1
        ))
        .await;
    }
    let mut last = member(&srv, "flast").await;
    let r = post(&mut last, &format!("/api/teams/{id}/join"), json!({})).await;
    assert_eq!(r.0, 200, "the sixteenth joins: {}", r.1);
    let full = post(&mut late, &format!("/api/teams/{id}/join"), json!({})).await;
    refused(&full, "full");
    let r = post(
        &mut cap,
        &format!("/api/teams/{id}/kick"),
        json!({ "user": 900_000 }),
    )
    .await;
    assert_eq!(r.0, 200, "{}", r.1);

    let closing = post(
        &mut last,
        &format!("/api/teams/{id}/open"),
        json!({ "open": false }),
    )
    .await;
    refused(&closing, "only the captain");
    let r = post(
        &mut cap,
        &format!("/api/teams/{id}/open"),
        json!({ "open": false }),
    )
    .await;
    assert_eq!(r.0, 200, "{}", r.1);
    refused(
        &post(&mut late, &format!("/api/teams/{id}/join"), json!({})).await,
        "closed",
    );
    let v = team(&cap, id).await;
    assert_eq!(v["open"], false);
    assert!(!members(&v).contains(&late.id));
    srv.stop().await;
}

#[tokio::test]
async fn captain_rules_and_acting_for_others() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut cap = member(&srv, "ccap").await;
    let mut a = member(&srv, "cmemb").await;
    let mut b = member(&srv, "cmemc").await;
    let id = create(&mut cap, "Black Horses").await;
    for m in [&mut a, &mut b] {
        let r = post(m, &format!("/api/teams/{id}/join"), json!({})).await;
        assert_eq!(r.0, 200, "{}", r.1);
    }
    let before = team(&cap, id).await;
    let (cap_id, a_id) = (cap.id, a.id);
    // A member acts for the captain: refused, nothing changes.
    refused(
        &post(
            &mut a,
            &format!("/api/teams/{id}/kick"),
            json!({ "user": b.id }),
        )
        .await,
        "only the captain",
    );
    refused(
        &post(
            &mut a,
            &format!("/api/teams/{id}/captain"),
            json!({ "user": a_id }),
        )
        .await,
        "only the captain",
    );
    refused(
        &post(&mut cap, &format!("/api/teams/{id}/leave"), json!({})).await,
        "captain cannot leave",
    );
    refused(
        &post(
            &mut cap,
            &format!("/api/teams/{id}/kick"),
            json!({ "user": cap_id }),
        )
        .await,
        "cannot remove themselves",
    );
    let bad = post(
        &mut cap,
        &format!("/api/teams/{id}/kick"),
        json!({ "who": 1 }),
    )
    .await;
    assert_eq!(bad.1["error"], "bad_message", "{}", bad.1);
    assert_eq!(team(&cap, id).await, before, "refusals change nothing");

    let r = post(
        &mut cap,
        &format!("/api/teams/{id}/kick"),
        json!({ "user": b.id }),
    )
    .await;
    assert_eq!(r.0, 200, "{}", r.1);
    refused(
        &post(&mut b, &format!("/api/teams/{id}/leave"), json!({})).await,
        "not a member",
    );
    let r = post(
        &mut cap,
        &format!("/api/teams/{id}/captain"),
        json!({ "user": a.id }),
    )
    .await;
    assert_eq!(r.0, 200, "{}", r.1);
    let v = team(&cap, id).await;
    assert_eq!(v["captain"], a.id);
    let r = post(&mut cap, &format!("/api/teams/{id}/leave"), json!({})).await;
    assert_eq!(
        (r.0, r.1["dissolved"].clone()),
        (200, json!(false)),
        "{}",
        r.1
    );
    // The last member, the captain, leaves: the team is gone.
    let r = post(&mut a, &format!("/api/teams/{id}/leave"), json!({})).await;
    assert_eq!(
        (r.0, r.1["dissolved"].clone()),
        (200, json!(true)),
        "{}",
        r.1
    );
    let (status, _) = a.http.get(&format!("/api/teams/{id}")).await.expect("get");
    assert_eq!(status, 404);
    // Its name is free again.
    create(&mut b, "black horses").await;
    srv.stop().await;
}

#[tokio::test]
async fn joins_at_once_never_pass_the_limit() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let mut cap = member(&srv, "jcap").await;
    let id = create(&mut cap, "Last Seat").await;
    for u in 0..14 {
        db.execute(&format!(
            "INSERT INTO team_members (team_id, user_id, seq, joined_at) VALUES ({id}, {}, {}, 0)",
            800_000 + u,
            u + 1
        ))
        .await;
    }
    let (mut x, mut y, mut z) = (
        member(&srv, "jx").await,
        member(&srv, "jy").await,
        member(&srv, "jz").await,
    );
    let path = format!("/api/teams/{id}/join");
    let (rx, ry, rz) = tokio::join!(
        post(&mut x, &path, json!({})),
        post(&mut y, &path, json!({})),
        post(&mut z, &path, json!({})),
    );
    let joined = [&rx, &ry, &rz].iter().filter(|r| r.0 == 200).count();
    assert_eq!(joined, 1, "{rx:?} {ry:?} {rz:?}");
    for r in [&rx, &ry, &rz].into_iter().filter(|r| r.0 != 200) {
        refused(r, "full");
    }
    let roster = srv
        .db
        .team_roster(platform::TeamId(id))
        .await
        .expect("roster")
        .expect("team");
    assert_eq!(roster.members.len(), 16);
    srv.stop().await;
}
