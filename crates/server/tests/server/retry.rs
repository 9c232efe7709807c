//! The failures after which a whole transaction is run again are recognised in real database
//! errors: SQLite's busy database, PostgreSQL's deadlock; a plain refusal is not one of them.

use crate::common::TestDb;
use sqlx::{AnyConnection, Connection, Executor};
use store::retry::is_transient;
use store::StoreError;

async fn conn(t: &TestDb) -> AnyConnection {
    sqlx::any::install_default_drivers();
    AnyConnection::connect(&t.url).await.expect("connect")
}

fn store(e: sqlx::Error) -> StoreError {
    StoreError::Db(e)
}

#[tokio::test]
async fn busy_and_deadlocked_transactions_are_transient_and_refusals_are_not() {
    let t = TestDb::new().await;
    let mut a = conn(&t).await;
    let mut b = conn(&t).await;
    a.execute("CREATE TABLE rt (id BIGINT PRIMARY KEY, v BIGINT NOT NULL)")
        .await
        .unwrap();
    a.execute("INSERT INTO rt (id, v) VALUES (1, 0), (2, 0)")
        .await
        .unwrap();
    let refused = a
        .execute("INSERT INTO rt (id, v) VALUES (1, 0)")
        .await
        .unwrap_err();
    assert!(!is_transient(&store(refused)));
    if t.url.starts_with("sqlite") {
        b.execute("PRAGMA busy_timeout = 0").await.unwrap();
        a.execute("BEGIN IMMEDIATE").await.unwrap();
        let busy = b.execute("BEGIN IMMEDIATE").await.unwrap_err();
        assert!(is_transient(&store(busy)));
        a.execute("ROLLBACK").await.unwrap();
    } else {
        a.execute("BEGIN").await.unwrap();
        b.execute("BEGIN").await.unwrap();
        a.execute("UPDATE rt SET v = 1 WHERE id = 1").await.unwrap();
        b.execute("UPDATE rt SET v = 1 WHERE id = 2").await.unwrap();
        // Each now waits for the other: PostgreSQL breaks the cycle by failing one of them.
        let (ra, rb) = tokio::join!(
            a.execute("UPDATE rt SET v = 2 WHERE id = 2"),
            b.execute("UPDATE rt SET v = 2 WHERE id = 1")
        );
        let failed = match (ra, rb) {
            (Err(e), Ok(_)) | (Ok(_), Err(e)) => e,
            other => panic!("expected one deadlock: {other:?}"),
        };
        assert!(is_transient(&store(failed)));
    }
}
