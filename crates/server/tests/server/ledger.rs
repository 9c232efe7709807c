//! The ledger in the real database (SQLite, or PostgreSQL with `CHUHE_TEST_DATABASE_URL`):
//! concurrency, idempotency and the audit. The pure rules are tested in `platform`.

use crate::common::TestDb;
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction, Transfer, TxKind, UserId};
use store::{Db, StoreError};

async fn open(tdb: &TestDb) -> Db {
    let db = Db::connect(&tdb.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    db
}

fn key(k: &str) -> IdempotencyKey {
    IdempotencyKey::new(k).expect("key")
}

fn grant(user: u64, amount: i64, k: &str) -> Transaction {
    Transaction::admin_grant(UserId(user), Coins(amount), "test", key(k)).expect("grant")
}

/// `user` pays `amount` to the house.
fn spend(user: u64, amount: i64, k: &str) -> Transaction {
    Transaction::from_transfers(
        key(k),
        TxKind::Bet,
        "spend",
        &[Transfer {
            from: AccountId::User(UserId(user)),
            to: AccountId::House,
            amount: Coins(amount),
        }],
    )
    .expect("spend")
}

fn user(id: u64) -> AccountId {
    AccountId::User(UserId(id))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_debits_never_overdraw_and_balances_equal_entries() {
    let tdb = TestDb::new().await;
    let db = open(&tdb).await;
    db.ledger_apply(&grant(1, 200, "grant:start:1"))
        .await
        .expect("grant");
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let db = db.clone();
            tokio::spawn(async move { db.ledger_apply(&spend(1, 30, &format!("spend:{i}"))).await })
        })
        .collect();
    let (mut applied, mut refused) = (0, 0);
    for t in tasks {
        match t.await.expect("task") {
            Ok(a) => {
                assert!(!a.replayed);
                applied += 1;
            }
            Err(e) => {
                assert_eq!(e.ledger_code(), Some("not_enough_coins"), "{e}");
                refused += 1;
            }
        }
    }
    // 6 × 30 = 180 fits in 200; a 7th would overdraw.
    assert_eq!((applied, refused), (6, 44));
    assert_eq!(db.balance(&user(1)).await.unwrap(), Coins(20));
    assert_eq!(db.balance(&AccountId::House).await.unwrap(), Coins(180));
    let report = db.ledger_check().await.unwrap();
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.transactions, 7);
    assert_eq!(report.issued, 200);
    let statement = db.ledger_statement(&user(1), 100, None).await.unwrap();
    assert_eq!(statement.len(), 7);
    assert_eq!(statement[0].balance_after, 20);
    assert_eq!(statement.last().map(|s| s.amount), Some(200));
    // Newest first, each line's balance is the older line's plus its amount.
    for w in statement.windows(2) {
        assert_eq!(
            w[0].balance_after - w[0].amount,
            w[1].balance_after,
            "{statement:?}"
        );
    }
    db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_key_applies_once_even_when_submitted_concurrently() {
    let tdb = TestDb::new().await;
    let db = open(&tdb).await;
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let db = db.clone();
            tokio::spawn(async move { db.ledger_apply(&grant(2, 50, "grant:admin:same")).await })
        })
        .collect();
    let mut fresh = 0;
    let mut ids = Vec::new();
    for t in tasks {
        let a = t.await.expect("task").expect("applied or replayed");
        fresh += usize::from(!a.replayed);
        ids.push(a.receipt.seq);
    }
    assert_eq!(fresh, 1);
    assert!(ids.windows(2).all(|w| w[0] == w[1]), "one receipt: {ids:?}");
    assert_eq!(db.balance(&user(2)).await.unwrap(), Coins(50));

    // A replay returns the original receipt; the same key for something else is refused.
    let again = db
        .ledger_apply(&grant(2, 50, "grant:admin:same"))
        .await
        .unwrap();
    assert!(again.replayed);
    assert_eq!(again.receipt.balances_after[0], (user(2), Coins(50)));
    let err = db
        .ledger_apply(&grant(2, 51, "grant:admin:same"))
        .await
        .unwrap_err();
    assert_eq!(err.ledger_code(), Some("idempotency_conflict"));
    assert_eq!(db.balance(&user(2)).await.unwrap(), Coins(50));

    // A refused transaction is not remembered: the same key succeeds once funds are there.
    let err = db
        .ledger_apply(&spend(2, 80, "spend:big"))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Ledger(_)));
    db.ledger_apply(&grant(2, 30, "grant:admin:more"))
        .await
        .unwrap();
    let a = db.ledger_apply(&spend(2, 80, "spend:big")).await.unwrap();
    assert!(!a.replayed);
    assert_eq!(db.balance(&user(2)).await.unwrap(), Coins(0));
    assert!(db.ledger_check().await.unwrap().is_ok());
    db.close().await;
}

#[tokio::test]
async fn inside_a_callers_transaction_a_refusal_writes_nothing_and_a_rollback_undoes_all() {
    let tdb = TestDb::new().await;
    let db = open(&tdb).await;
    db.ledger_apply(&grant(3, 100, "g3")).await.unwrap();

    // Refused inside: the enclosing transaction goes on and commits its other work.
    let mut tx = db.begin_write().await.unwrap();
    let err = db
        .ledger_apply_in(&mut tx, &spend(3, 101, "too-much"))
        .await
        .unwrap_err();
    assert_eq!(err.ledger_code(), Some("not_enough_coins"));
    db.ledger_apply_in(&mut tx, &spend(3, 40, "fits"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(db.balance(&user(3)).await.unwrap(), Coins(60));

    // Rolled back by the caller: nothing stays, and the key is free again.
    let mut tx = db.begin_write().await.unwrap();
    db.ledger_apply_in(&mut tx, &spend(3, 60, "undone"))
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(db.balance(&user(3)).await.unwrap(), Coins(60));
    let report = db.ledger_check().await.unwrap();
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.transactions, 2);
    db.close().await;
}
