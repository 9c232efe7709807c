//! Playing again (再来一局) over real clients: after a game, `ready` is the request the other
//! player sees; they accept by `ready` or decline by `rematch_decline`, which the asker is told
//! of (`rematch_declined`, then their seat not ready). A double request is one request, a
//! second decline or a decline of nothing is refused, and nobody declines for someone else.

use crate::common::{start_game, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};

/// The table events `p` received, in order, up to and including the first of type `last`.
async fn events_until(p: &mut Player, last: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let m = p.ws.next().await.expect("a message");
        if m["t"] != "ev" {
            continue;
        }
        let done = m["e"]["type"] == last;
        seen.push(m["e"].clone());
        if done {
            return seen;
        }
    }
}

#[tokio::test]
async fn a_rematch_is_asked_and_accepted_or_declined() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let t = 4;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("rmred", "rmblack")).await;
    let mut watcher = Player::register(srv.addr, "rmwatch").await;
    watcher.join_state(t).await;
    red.ok(json!({"t": "resign", "table": t})).await;
    black.event("game_ended").await;
    red.event("game_ended").await;
    let decline = json!({"t": "rematch_decline", "table": t});
    // Nothing asked yet: nothing to decline.
    assert_eq!(black.refused(decline.clone()).await, "no_rematch_request");

    // Red asks twice (a double click): Black sees one request.
    let ask = json!({"t": "ready", "table": t, "ready": true});
    red.ok(ask.clone()).await;
    red.ok(ask.clone()).await;
    // Nobody declines for someone else: not a spectator, not the asker.
    assert_eq!(watcher.refused(decline.clone()).await, "not_seated");
    assert_eq!(red.refused(decline.clone()).await, "no_rematch_request");
    black.ok(decline.clone()).await;
    let seen = events_until(&mut black, "rematch_declined").await;
    let asks: Vec<_> = seen
        .iter()
        .filter(|e| e["type"] == "ready" && e["color"] == "red" && e["ready"] == true)
        .collect();
    assert_eq!(asks.len(), 1, "one request: {seen:?}");
    // The asker is told who declined, and is not ready any more.
    let told = events_until(&mut red, "rematch_declined").await;
    assert_eq!(
        told.last().map(|e| &e["by"]),
        Some(&json!("black")),
        "{told:?}"
    );
    let unready = red.event("ready").await;
    assert_eq!(
        (unready["color"].as_str(), unready["ready"].as_bool()),
        (Some("red"), Some(false))
    );
    // A second decline finds nothing to decline; nothing started.
    assert_eq!(black.refused(decline.clone()).await, "no_rematch_request");
    let state = watcher.join_state(t).await;
    assert_eq!(
        state["state"]["summary"]["seats"]["red"]["ready"], false,
        "{state}"
    );
    assert_eq!(state["state"]["summary"]["status"], "finished", "{state}");

    // Asked again and accepted: the second game starts.
    red.ok(ask.clone()).await;
    assert_eq!(black.event("ready").await["color"], "red");
    black.ok(ask.clone()).await;
    let started = red.event("game_started").await;
    assert_eq!(started["game"]["number"], 2, "{started}");
    // During the game there is no request to decline.
    assert_eq!(black.refused(decline).await, "game_in_progress");
}
