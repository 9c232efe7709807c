//! Coins on the live server: the starting grant, the statement, room gates, the winner's reward
//! and the private `balance` message.

use crate::common::{start_game, test_config, untimed, Player, TestDb, TestServer, MATE_TABLE};
use client::{HttpClient, WsClient};
use platform::ledger::{self, AccountId, Coins, IdempotencyKey, Transaction, Transfer, TxKind};
use serde_json::{json, Value};
use server::config::RoomConfig;
use store::Db;

async fn store(tdb: &TestDb) -> Db {
    Db::connect(&tdb.url).await.expect("connect")
}

fn uid(p: &Player) -> u64 {
    p.user["id"].as_u64().expect("user id")
}

fn account(id: u64) -> AccountId {
    AccountId::User(ledger::UserId(id))
}

async fn ledger_of(p: &Player) -> Value {
    let (status, body) = p.http.get("/api/me/ledger").await.expect("ledger");
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn registration_grants_coins_and_the_statement_lists_them() {
    let tdb = TestDb::new().await;
    let srv = TestServer::start(&tdb).await;
    let alice = Player::register(srv.addr, "alice").await;
    assert_eq!(alice.user["coins"], 200);
    let body = ledger_of(&alice).await;
    assert_eq!(body["balance"], 200);
    let entries = body["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["kind"], "starting_grant");
    assert_eq!(entries[0]["amount"], 200);
    assert_eq!(entries[0]["balance_after"], 200);
    assert!(entries[0]["at"].as_u64().unwrap_or(0) > 0);
    let (_, me) = alice.http.get("/api/me").await.expect("me");
    assert_eq!(me["user"]["coins"], 200);

    // Guests get nothing; the statement needs a session.
    let mut guest = HttpClient::new(srv.addr);
    let g = guest.guest().await.expect("guest");
    assert_eq!(g["coins"], 0);
    let (_, body) = guest.get("/api/me/ledger").await.expect("ledger");
    assert_eq!(body, json!({"balance": 0, "entries": []}));
    let anonymous = HttpClient::new(srv.addr);
    assert_eq!(
        anonymous.get("/api/me/ledger").await.expect("ledger").0,
        401
    );

    // Newest first, paged with `before`.
    let db = store(&tdb).await;
    for i in 0..3 {
        let key = IdempotencyKey::new(format!("grant:admin:t{i}")).expect("key");
        let tx = Transaction::admin_grant(ledger::UserId(uid(&alice)), Coins(10), "bonus", key)
            .expect("tx");
        db.ledger_apply(&tx).await.expect("grant");
    }
    let body = ledger_of(&alice).await;
    assert_eq!(body["balance"], 230);
    let e = body["entries"].as_array().expect("entries");
    assert_eq!(e.len(), 4);
    assert_eq!(
        (
            e[0]["kind"].as_str(),
            e[0]["memo"].as_str(),
            e[0]["balance_after"].as_i64()
        ),
        (Some("admin_grant"), Some("admin grant: bonus"), Some(230))
    );
    let before = e[1]["tx"].as_u64().expect("tx");
    let (_, page) = alice
        .http
        .get(&format!("/api/me/ledger?limit=1&before={before}"))
        .await
        .expect("page");
    assert_eq!(page["entries"].as_array().map(Vec::len), Some(1));
    assert_eq!(page["entries"][0]["balance_after"], 210);
    assert!(db.ledger_check().await.expect("check").is_ok());
    db.close().await;
}

#[tokio::test]
async fn rooms_refuse_joining_and_sitting_below_their_min_coins() {
    let tdb = TestDb::new().await;
    let mut config = test_config(&tdb);
    config.rooms.push(RoomConfig {
        id: "rich".into(),
        name: "rich".into(),
        tables: 1,
        min_coins: 300,
        time_control: "untimed".into(),
        ..RoomConfig::new("rich", "rich", 1)
    });
    let srv = TestServer::start_with(config).await;
    let rich = 11;
    let mut bob = Player::register(srv.addr, "bob").await;
    let refusal = bob
        .call(json!({"t": "join", "table": rich}))
        .await
        .expect_err("join refused");
    assert_eq!(refusal["code"], "not_enough_coins");
    assert!(refusal["message"]
        .as_str()
        .unwrap_or_default()
        .contains("300"));
    // Ungated rooms are open to everyone.
    bob.ok(json!({"t": "join", "table": 1})).await;

    let db = store(&tdb).await;
    let key = IdempotencyKey::new("grant:admin:bob").expect("key");
    let grant =
        Transaction::admin_grant(ledger::UserId(uid(&bob)), Coins(100), "", key).expect("tx");
    db.ledger_apply(&grant).await.expect("grant");
    bob.ok(json!({"t": "join", "table": rich})).await;
    // Spending below the gate after joining: sitting is refused, watching goes on.
    let spend = Transaction::from_transfers(
        IdempotencyKey::new("spend:bob").expect("key"),
        TxKind::Bet,
        "spend",
        &[Transfer {
            from: account(uid(&bob)),
            to: AccountId::House,
            amount: Coins(1),
        }],
    )
    .expect("tx");
    db.ledger_apply(&spend).await.expect("spend");
    assert_eq!(
        bob.refused(json!({"t": "sit", "table": rich, "color": "red"}))
            .await,
        "not_enough_coins"
    );
    let grant = Transaction::admin_grant(
        ledger::UserId(uid(&bob)),
        Coins(1),
        "",
        IdempotencyKey::new("grant:admin:bob2").expect("key"),
    )
    .expect("tx");
    db.ledger_apply(&grant).await.expect("grant");
    bob.ok(json!({"t": "sit", "table": rich, "color": "red"}))
        .await;
    db.close().await;
}

/// Plays the 7-ply mate at `MATE_TABLE`: red wins by checkmate.
async fn play_mate(red: &mut Player, black: &mut Player) {
    let t = MATE_TABLE;
    for (i, mv) in ["e0e1", "i6i5", "e1e0", "i5i4", "e0e1", "i4i3", "b0b9"]
        .iter()
        .enumerate()
    {
        if i % 2 == 0 {
            red.mv(t, mv).await;
        } else {
            black.mv(t, mv).await;
        }
    }
}

#[tokio::test]
async fn the_lotto_winner_is_rewarded_with_the_result_and_told_on_every_connection() {
    let tdb = TestDb::new().await;
    let mut config = test_config(&tdb);
    config.rating_profile = "lotto".into();
    let srv = TestServer::start_with(config).await;
    let (mut red, mut black) =
        start_game(srv.addr, MATE_TABLE, untimed(), ("lred", "lblack")).await;
    let (mut second, _) = WsClient::connect(srv.addr, red.http.cookie.as_deref())
        .await
        .expect("second socket");
    play_mate(&mut red, &mut black).await;
    let end = red.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "checkmate");
    for ws in [&mut red.ws, &mut second] {
        let msg = ws
            .next_where(|m| m["t"] == "balance", "balance")
            .await
            .expect("balance");
        assert_eq!(msg, json!({"t": "balance", "coins": 210}));
    }
    let body = ledger_of(&red).await;
    assert_eq!(body["balance"], 210);
    assert_eq!(body["entries"][0]["kind"], "reward");
    assert_eq!(body["entries"][0]["amount"], 10);
    assert_eq!(ledger_of(&black).await["balance"], 200);
    let db = store(&tdb).await;
    let report = db.ledger_check().await.expect("check");
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.issued, 410);
    db.close().await;
}

#[tokio::test]
async fn no_reward_when_the_loser_resigns_or_under_the_default_profile() {
    let tdb = TestDb::new().await;
    let mut config = test_config(&tdb);
    config.rating_profile = "lotto".into();
    let srv = TestServer::start_with(config).await;
    let t = 1;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("rred", "rblack")).await;
    for (i, mv) in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
        .iter()
        .enumerate()
    {
        if i % 2 == 0 {
            red.mv(t, mv).await;
        } else {
            black.mv(t, mv).await;
        }
    }
    black.ok(json!({"t": "resign", "table": t})).await;
    red.event("game_ended").await;
    red.event("rated").await;
    assert_eq!(ledger_of(&red).await["balance"], 200);
    drop(srv);

    // `ourgame` pays no reward: the mate leaves both balances as they were.
    let tdb = TestDb::new().await;
    let srv = TestServer::start(&tdb).await;
    let (mut red, mut black) =
        start_game(srv.addr, MATE_TABLE, untimed(), ("ored", "oblack")).await;
    play_mate(&mut red, &mut black).await;
    red.event("rated").await;
    let body = ledger_of(&red).await;
    assert_eq!(body["balance"], 200);
    assert_eq!(body["entries"].as_array().map(Vec::len), Some(1));
}
