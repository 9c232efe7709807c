//! Helpers shared by the coin tests: funding accounts from the mint, reading balances, escrows
//! and the audit of the books, seating players and placing bets.

use crate::common::{seat_players, untimed, Player, TestDb};
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction, UserId};
use serde_json::{json, Value};
use std::net::SocketAddr;
use store::Db;

pub async fn db(t: &TestDb) -> Db {
    Db::connect(&t.url).await.expect("db")
}

pub fn uid(p: &Player) -> u64 {
    p.user["id"].as_u64().expect("user id")
}

/// Grants `amount` coins to `p` from the mint, bypassing the server's limits.
pub async fn fund(t: &TestDb, p: &Player, amount: i64) {
    let key = IdempotencyKey::new(format!("test:fund:{}:{amount}", uid(p))).unwrap();
    let tx = Transaction::admin_grant(UserId(uid(p)), Coins(amount), "test", key).unwrap();
    db(t).await.ledger_apply(&tx).await.expect("grant");
}

pub async fn balance(t: &TestDb, p: &Player) -> i64 {
    db(t)
        .await
        .balance(&AccountId::User(UserId(uid(p))))
        .await
        .expect("balance")
        .get()
}

/// Escrow accounts that still hold coins: `(account, balance)`.
pub async fn held_escrows(t: &TestDb) -> Vec<(String, i64)> {
    db(t)
        .await
        .held_escrows()
        .await
        .expect("escrows")
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.get()))
        .collect()
}

/// Asserts the books are right and returns the sum of all balances (zero).
pub async fn audit(t: &TestDb) -> i64 {
    let report = db(t).await.ledger_check().await.expect("ledger check");
    assert!(report.is_ok(), "{report}");
    i64::try_from(report.total).unwrap()
}

/// Two registered players at `table`, seated, untimed control agreed, not yet ready.
pub async fn seat(addr: SocketAddr, table: u64, names: (&str, &str)) -> (Player, Player) {
    let mut red = Player::register(addr, names.0).await;
    let mut black = Player::register(addr, names.1).await;
    seat_players(&mut red, &mut black, table, untimed()).await;
    (red, black)
}

/// Both press ready; returns the new game's id.
pub async fn ready(red: &mut Player, black: &mut Player, table: u64) -> u64 {
    red.ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    black
        .ok(json!({"t": "ready", "table": table, "ready": true}))
        .await;
    let started = red.event("game_started").await;
    black.event("game_started").await;
    started["game"]["game_id"].as_u64().expect("game id")
}

/// The `wager` view in the most recent `wager` event `p` received.
pub async fn last_wager(p: &mut Player) -> Value {
    let mut last = p.event("wager").await;
    while let Ok(Ok(m)) = tokio::time::timeout(
        std::time::Duration::from_millis(200),
        p.ws.next_where(|m| m["t"] == "ev" && m["e"]["type"] == "wager", "wager"),
    )
    .await
    {
        last = m["e"].clone();
    }
    last["wager"].clone()
}

/// Red proposes `stakes`, black confirms, both agree (keys `agree-<name>`); returns the last
/// `wager` view black saw.
pub async fn make_wager(red: &mut Player, black: &mut Player, table: u64, stakes: Value) -> Value {
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": stakes}))
        .await;
    black
        .ok(json!({"t": "wager_confirm", "table": table}))
        .await;
    let (rk, bk) = (
        format!("agree-{}", red.name),
        format!("agree-{}", black.name),
    );
    red.ok(json!({"t": "wager_agree", "table": table, "key": rk}))
        .await;
    black
        .ok(json!({"t": "wager_agree", "table": table, "key": bk}))
        .await;
    last_wager(black).await
}

/// A registered spectator holding `coins` more, with a socket at `table`.
pub async fn spectator(addr: SocketAddr, t: &TestDb, table: u64, name: &str, coins: i64) -> Player {
    let mut p = Player::register(addr, name).await;
    fund(t, &p, coins).await;
    p.ok(json!({"t": "join", "table": table})).await;
    p
}

pub async fn bet(p: &mut Player, table: u64, pick: &str, amount: i64, key: &str) {
    p.ok(json!({"t": "bet", "table": table, "pick": pick, "amount": amount, "key": key}))
        .await;
}
