//! Start-up recovery of wagers under the table's lease (docs/scale.md, "Ownership"): a wager
//! still alive at a table a live node holds is left to that node, even when the recovering node
//! read the owners before that node claimed the table; a dead node's table is recovered under a
//! lease taken for it and released again. SQLite and (with `CHUHE_TEST_DATABASE_URL`) PostgreSQL.

use crate::common::{established_rating as rating, TestDb};
use platform::ledger::{Coins, TaxRate};
use platform::wager::{Wager, WagerMode};
use platform::{TableId, UserId};
use std::collections::HashSet;
use store::{recover_coins_except, wager_write, Db, Recoverer};

/// The lease of the test (ms).
const LEASE: u64 = 5_000;

fn now() -> u64 {
    kit::clock::now().0
}

/// A wager proposed by `red` at `table`, still under negotiation; its id.
async fn negotiating(db: &Db, table: u64, red: UserId, black: UserId) -> u64 {
    let table = TableId(table);
    let id = db
        .new_wager_id(table, red, WagerMode::Ordinary)
        .await
        .expect("wager id");
    let wager = Wager::propose(
        id,
        red,
        black,
        WagerMode::Ordinary,
        [Coins(100), Coins(100)],
        TaxRate::ZERO,
        &|_| Coins(500),
    )
    .expect("proposal");
    db.coin_write(&wager_write(table, &wager, red, None))
        .await
        .expect("stored");
    id
}

async fn open_ids(db: &Db) -> Vec<u64> {
    let mut ids: Vec<u64> = db
        .open_wagers()
        .await
        .expect("open wagers")
        .into_iter()
        .map(|(_, _, w)| w.id)
        .collect();
    ids.sort_unstable();
    ids
}

#[tokio::test]
async fn start_up_recovery_leaves_a_live_nodes_wager_alone_and_recovers_a_dead_nodes() {
    let t = TestDb::new().await;
    let db = Db::connect(&t.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    db.beat("n1", "run", now()).await.expect("beat");
    db.beat("n2", "run", now()).await.expect("beat");
    let red = db
        .create_user("rf_red", Some("x"), false, rating(), 0)
        .await
        .expect("red");
    let black = db
        .create_user("rf_black", Some("x"), false, rating(), 0)
        .await
        .expect("black");

    // n2 holds table 3 and negotiates a wager there; table 4 is nobody's.
    let held = db
        .claim_table(TableId(3), "n2", now() - LEASE)
        .await
        .expect("claim")
        .expect("granted");
    let at_live = negotiating(&db, 3, red.id, black.id).await;
    let at_free = negotiating(&db, 4, red.id, black.id).await;

    // n1 starts up having read the owners before n2's claim: nothing is skipped by name.
    let n1 = Recoverer {
        node: "n1",
        stale_before: now() - LEASE,
    };
    recover_coins_except(&db, &HashSet::new(), n1)
        .await
        .expect("recovery");
    assert_eq!(
        open_ids(&db).await,
        vec![at_live],
        "the live node's wager stays; the free table's ({at_free}) is cancelled"
    );
    let owner = db
        .table_owner(TableId(3))
        .await
        .expect("owner")
        .expect("row");
    assert_eq!((owner.node.as_str(), owner.epoch), ("n2", held.fence.epoch));
    let free = db
        .table_owner(TableId(4))
        .await
        .expect("owner")
        .expect("row");
    assert_eq!(
        free.node, "",
        "the lease taken for the recovery is released"
    );

    // n2 dies (its beat goes stale): the next start-up recovers its wager under a new epoch,
    // and n2's fence no longer holds.
    db.beat("n2", "run", now() - 3 * LEASE).await.expect("beat");
    let n1 = Recoverer {
        node: "n1",
        stale_before: now() - LEASE,
    };
    recover_coins_except(&db, &HashSet::new(), n1)
        .await
        .expect("recovery");
    assert_eq!(open_ids(&db).await, Vec::<u64>::new());
    let owner = db
        .table_owner(TableId(3))
        .await
        .expect("owner")
        .expect("row");
    assert_eq!(owner.node, "");
    assert!(owner.epoch.0 > held.fence.epoch.0, "the epoch rose");
    let again = db
        .claim_table(TableId(3), "n1", now() - LEASE)
        .await
        .expect("claim")
        .expect("a released table is free");
    assert!(again.fence.epoch.0 > owner.epoch.0);
}
