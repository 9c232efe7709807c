//! The largest amounts: two spectators holding 2^59 coins each bet about 5.8·10^17 on red and
//! on black, and the pool settles exactly; amounts above `MAX_COINS` are refused when they are
//! asked for (grant, stake, bet), changing nothing.

use crate::coinkit::{audit, balance, bet, db, fund, held_escrows, ready, seat, uid};
use crate::common::{Player, TestDb, TestServer, MATE_TABLE};
use platform::ledger::{Coins, IdempotencyKey, LedgerError, Transaction, UserId, MAX_COINS};
use serde_json::json;
use store::StoreError;

async fn mate(red: &mut Player, black: &mut Player) {
    red.mv(MATE_TABLE, "e0e1").await;
    black.mv(MATE_TABLE, "i6i5").await;
    red.mv(MATE_TABLE, "b0b9").await;
}

#[tokio::test]
async fn bettors_of_two_to_the_59_coins_are_paid_exactly() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("bigred", "bigblack")).await;
    let big = 1i64 << 59;
    let mut s1 = Player::register(srv.addr, "bigs1").await;
    let mut s2 = Player::register(srv.addr, "bigs2").await;
    for s in [&mut s1, &mut s2] {
        fund(&t, s, big).await;
        s.ok(json!({"t": "join", "table": table})).await;
    }
    let base = balance(&t, &s1).await;
    let game_id = ready(&mut red, &mut black, table).await;
    let stake = 576_000_000_000_000_000i64;
    bet(&mut s1, table, "red", stake, "big-bet-s1").await;
    bet(&mut s2, table, "black", stake, "big-bet-s2").await;
    mate(&mut red, &mut black).await;
    let settled = s2.event("pool_settled").await;
    // s1 gets s + ⌊s·0.95⌋; the house the other 5 % of s2's stake.
    let won = stake / 20 * 19;
    assert_eq!(
        settled,
        json!({"type": "pool_settled", "game_id": game_id, "result": "1-0", "refunded": false,
            "reason": null, "house": stake - won})
    );
    assert_eq!(balance(&t, &s1).await, base + won);
    assert_eq!(balance(&t, &s2).await, base - stake);
    assert_eq!(held_escrows(&t).await, vec![]);
    assert!(db(&t).await.open_pools().await.unwrap().is_empty());
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn amounts_above_the_maximum_are_refused_and_change_nothing() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("maxred", "maxblack")).await;
    let over = MAX_COINS.get() + 1;
    // A grant above the maximum, or one that takes a balance above it, is refused.
    let grant = |amount: i64, k: &str| {
        Transaction::admin_grant(
            UserId(uid(&red)),
            Coins(amount),
            "t",
            IdempotencyKey::new(k).unwrap(),
        )
    };
    assert_eq!(
        grant(over, "g-over"),
        Err(LedgerError::AboveMaximum(Coins(over)))
    );
    let store = db(&t).await;
    let top_up = grant(MAX_COINS.get(), "g-max").unwrap();
    assert!(matches!(
        store.ledger_apply(&top_up).await,
        Err(StoreError::Ledger(LedgerError::AboveMaximum(_)))
    ));
    fund(&t, &red, MAX_COINS.get() - 200).await;
    fund(&t, &black, MAX_COINS.get() - 200).await;
    let mut s1 = Player::register(srv.addr, "maxs1").await;
    fund(&t, &s1, MAX_COINS.get() - 200).await;
    s1.ok(json!({"t": "join", "table": table})).await;
    let before = (balance(&t, &red).await, balance(&t, &s1).await);
    assert_eq!(before.0, MAX_COINS.get());
    assert_eq!(
        red.refused(json!({"t": "wager_propose", "table": table,
            "stakes": {"red": over, "black": 1}}))
            .await,
        "invalid_amount"
    );
    ready(&mut red, &mut black, table).await;
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": over,
            "key": "max-bet-over"})
        )
        .await,
        "invalid_amount"
    );
    bet(&mut s1, table, "red", MAX_COINS.get(), "max-bet-all").await;
    assert_eq!(balance(&t, &s1).await, 0);
    assert_eq!(before.0, balance(&t, &red).await);
    mate(&mut red, &mut black).await;
    // A single bettor: refunded in full.
    let settled = s1.event("pool_settled").await;
    assert_eq!(settled["reason"], "single_bettor");
    assert_eq!(balance(&t, &s1).await, before.1);
    assert_eq!(held_escrows(&t).await, vec![]);
    assert_eq!(audit(&t).await, 0);
}
