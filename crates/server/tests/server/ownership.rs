//! Table ownership in the database (docs/scale.md, "Ownership"), on SQLite and (with
//! `CHUHE_TEST_DATABASE_URL`) PostgreSQL: claims, reclaims by the same node, takeovers after a
//! lease expired, two nodes racing for one table in real concurrent transactions, and the fence
//! that refuses a former owner's journal, result and ledger writes while changing nothing.

use crate::common::{established_rating as rating, TestDb};
use platform::clock::TimeControl;
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction};
use platform::parimutuel::{Pick, Pool, PoolConfig};
use platform::{GameId, TableId, UserId};
use std::time::Duration;
use store::{
    CoinWrite, Db, Epoch, Fence, FinishedGame, JournalEntry, JournalWriter, NewGame, StoreError,
    Stored,
};

/// The lease of the tests (ms).
const LEASE: u64 = 5_000;

async fn db(t: &TestDb) -> Db {
    let db = Db::connect(&t.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    db
}

fn now() -> u64 {
    kit::clock::now().0
}

/// Beats `node` at `at`.
async fn beat(db: &Db, node: &str, at: u64) {
    db.beat(node, "run", at).await.expect("beat");
}

/// Claims `table` for `node` with the tests' lease; its epoch, or `None` when refused.
async fn claim(db: &Db, table: u64, node: &str) -> Option<u64> {
    db.claim_table(TableId(table), node, now() - LEASE)
        .await
        .expect("claim")
        .map(|g| g.fence.epoch.0)
}

fn fence(table: u64, epoch: u64) -> Fence {
    Fence {
        table: TableId(table),
        epoch: Epoch(epoch),
    }
}

#[tokio::test]
async fn a_claim_is_granted_once_and_every_grant_raises_the_epoch() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    beat(&db, "n1", now()).await;
    beat(&db, "n2", now()).await;

    assert_eq!(claim(&db, 1, "n1").await, Some(1), "an unowned table");
    assert_eq!(claim(&db, 1, "n2").await, None, "a live owner keeps it");
    let owner = db.table_owner(TableId(1)).await.unwrap().expect("owned");
    assert_eq!((owner.node.as_str(), owner.epoch), ("n1", Epoch(1)));

    // A restart of n1 (same node id) reclaims at once, one epoch up.
    let grant = db
        .claim_table(TableId(1), "n1", now() - LEASE)
        .await
        .unwrap()
        .expect("reclaimed");
    assert_eq!(grant.fence, fence(1, 2));
    assert_eq!(grant.previous.map(|p| p.0), Some("n1".to_owned()));

    // A clean stop releases: anyone may claim, and the epoch keeps rising.
    assert_eq!(db.release_tables("n1").await.unwrap(), 1);
    let grant = db
        .claim_table(TableId(1), "n2", now() - LEASE)
        .await
        .unwrap()
        .expect("released tables are free");
    assert_eq!(grant.fence, fence(1, 3));
    assert_eq!(grant.previous, None, "nobody held it");
}

#[tokio::test]
async fn a_table_moves_only_once_its_owners_lease_expired() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let last_beat = now() - 2 * LEASE;
    beat(&db, "n1", last_beat).await;
    beat(&db, "n2", now()).await;
    assert_eq!(claim(&db, 7, "n1").await, Some(1));

    let grant = db
        .claim_table(TableId(7), "n2", now() - LEASE)
        .await
        .unwrap()
        .expect("taken over");
    assert_eq!(grant.fence, fence(7, 2));
    assert_eq!(
        grant.previous,
        Some(("n1".to_owned(), last_beat)),
        "the games come back paused at the dead owner's last beat"
    );
    // n1 wakes up and beats again: its table stays n2's (sticky), n1 is refused.
    beat(&db, "n1", now()).await;
    assert_eq!(claim(&db, 7, "n1").await, None);
    assert_eq!(
        db.live_nodes(now() - LEASE).await.unwrap(),
        vec!["n1".to_owned(), "n2".to_owned()]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_nodes_racing_for_one_table_exactly_one_wins() {
    let t = TestDb::new().await;
    // Two pools: each node's claims are its own connections and transactions.
    let a = db(&t).await;
    let b = Db::connect(&t.url).await.expect("connect");
    beat(&a, "n1", now()).await;
    beat(&a, "n2", now()).await;
    beat(&a, "dead", now() - 3 * LEASE).await;
    // Tables 101..=120 are unowned; 201..=220 are held by a dead node.
    for table in 201..=220 {
        assert_eq!(claim(&a, table, "dead").await, Some(1));
    }
    let mut races = tokio::task::JoinSet::new();
    for table in (101..=120).chain(201..=220) {
        for (db, node) in [(a.clone(), "n1"), (b.clone(), "n2")] {
            races.spawn(async move { (table, node, claim(&db, table, node).await) });
        }
    }
    let mut winners: std::collections::HashMap<u64, Vec<(&str, u64)>> = Default::default();
    while let Some(r) = races.join_next().await {
        let (table, node, epoch) = r.expect("race");
        if let Some(e) = epoch {
            winners.entry(table).or_default().push((node, e));
        }
    }
    for table in (101..=120).chain(201..=220) {
        let w = winners.get(&table).cloned().unwrap_or_default();
        assert_eq!(w.len(), 1, "table {table}: {w:?}");
        let expected = if table > 200 { 2 } else { 1 };
        assert_eq!(w[0].1, expected, "table {table}");
        let owner = a.table_owner(TableId(table)).await.unwrap().expect("owned");
        assert_eq!(owner.node, w[0].0, "table {table}");
    }
}

fn entry(game: u64, seq: u64) -> JournalEntry {
    JournalEntry {
        game_id: GameId(game),
        seq,
        at: now(),
        user: UserId(1),
        action: "move h2e2 0".into(),
    }
}

async fn journal_rows(t: &TestDb, game: u64) -> i64 {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&t.url)
        .await
        .expect("connect");
    sqlx::query_scalar("SELECT COUNT(*) FROM game_log WHERE game_id = $1")
        .bind(i64::try_from(game).expect("small"))
        .fetch_one(&mut conn)
        .await
        .expect("count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_fenced_append_is_refused_while_another_table_in_the_same_batch_commits() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    beat(&db, "n1", now() - 3 * LEASE).await;
    beat(&db, "n2", now()).await;
    // Table 1 was n1's (epoch 1) and n2 took it over (epoch 2); table 2 is n2's (epoch 1);
    // table 3 holds the writer up so that the other two appends are written in one batch.
    assert_eq!(claim(&db, 1, "n1").await, Some(1));
    assert_eq!(claim(&db, 1, "n2").await, Some(2));
    assert_eq!(claim(&db, 2, "n2").await, Some(1));
    assert_eq!(claim(&db, 3, "n2").await, Some(1));
    let writer = JournalWriter::spawn(db.clone());

    // Hold table 3's owner row (and on SQLite the write lock) from another transaction.
    let mut hold = db.begin_write().await.expect("begin");
    sqlx::query("UPDATE table_owner SET epoch = epoch WHERE table_id = 3")
        .execute(&mut *hold)
        .await
        .expect("hold");
    let first = {
        let w = writer.clone();
        tokio::spawn(async move { w.append(fence(3, 1), entry(30, 0)).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stale = {
        let w = writer.clone();
        tokio::spawn(async move { w.append(fence(1, 1), entry(10, 0)).await })
    };
    let fresh = {
        let w = writer.clone();
        tokio::spawn(async move { w.append(fence(2, 1), entry(20, 0)).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    hold.rollback().await.expect("release");

    first.await.unwrap().expect("table 3's append");
    let refused = stale.await.unwrap();
    assert!(
        matches!(refused, Err(StoreError::Fenced(TableId(1)))),
        "{refused:?}"
    );
    fresh.await.unwrap().expect("table 2's append commits");
    assert_eq!(journal_rows(&t, 10).await, 0, "nothing of the fenced table");
    assert_eq!(journal_rows(&t, 20).await, 1);
    assert_eq!(journal_rows(&t, 30).await, 1);
    // The new owner's epoch passes.
    writer
        .append(fence(1, 2), entry(10, 0))
        .await
        .expect("the owner's append");
    assert_eq!(journal_rows(&t, 10).await, 1);
}

#[tokio::test]
async fn fenced_result_and_ledger_writes_are_refused_and_change_nothing() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    beat(&db, "n1", now()).await;
    beat(&db, "n2", now()).await;
    let red = db
        .create_user("fence_red", Some("x"), false, rating(), 0)
        .await
        .unwrap();
    let black = db
        .create_user("fence_black", Some("x"), false, rating(), 0)
        .await
        .unwrap();
    let bettor = db
        .create_user_with_grant("fence_bettor", "x", rating(), 0, Coins(200))
        .await
        .unwrap();
    assert_eq!(claim(&db, 5, "n1").await, Some(1));
    let control = TimeControl::untimed();
    let new = |fence| NewGame {
        table: TableId(5),
        room: "std",
        red: red.id,
        black: black.id,
        control: &control,
        start_fen: xiangqi::START_FEN,
        ai_level: None,
        started_at: 1,
        casual: false,
        fence,
    };
    let game = db.create_game(&new(Some(fence(5, 1)))).await.expect("game");

    // n1 is paused; n2 takes the table over.
    beat(&db, "n1", now() - 3 * LEASE).await;
    assert_eq!(claim(&db, 5, "n2").await, Some(2));

    let refused = db.create_game(&new(Some(fence(5, 1)))).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");

    let key = IdempotencyKey::new("reward:fence-test").unwrap();
    let reward = Transaction::admin_grant(red.id, Coins(10), "reward", key).unwrap();
    let finished = |fence| FinishedGame {
        id: game,
        status: "finished",
        result: "1-0",
        reason: Some("resignation".into()),
        moves: Vec::new(),
        clocks: Vec::new(),
        ended_at: 2,
        rate: None,
        reward: Some(reward.clone()),
        coins: Vec::new(),
        fence,
    };
    let refused = db.finish_game(&finished(Some(fence(5, 1)))).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    let row = db.game(game).await.unwrap().expect("stored");
    assert_eq!(row.status, "playing", "the result was not written");
    assert_eq!(
        db.balance(&AccountId::User(red.id)).await.unwrap(),
        Coins(0)
    );

    // A bet on the game (a ledger write made for the table) is refused too.
    let pool = Pool::new(1, game, [red.id, black.id], PoolConfig::default());
    let step = pool
        .place(bettor.id, Pick::RedWins, Coins(50), 0, &|_| Coins(200))
        .expect("a bet");
    let write = CoinWrite {
        table: TableId(5),
        what: Stored::Pool(Box::new(step.pool.clone())),
        ledger: step.transaction.clone(),
        request: None,
        fence: Some(fence(5, 1)),
    };
    let refused = db.coin_write(&write).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert_eq!(
        db.balance(&AccountId::User(bettor.id)).await.unwrap(),
        Coins(200),
        "the stake did not move"
    );
    assert!(db.open_pools().await.unwrap().is_empty(), "no pool row");

    // The new owner's writes pass.
    db.coin_write(&write.clone().fenced(fence(5, 2)))
        .await
        .expect("the owner's bet");
    assert_eq!(
        db.balance(&AccountId::User(bettor.id)).await.unwrap(),
        Coins(150)
    );
    db.finish_game(&finished(Some(fence(5, 2))))
        .await
        .expect("the owner's result");
    assert_eq!(db.game(game).await.unwrap().unwrap().status, "finished");
    assert_eq!(
        db.balance(&AccountId::User(red.id)).await.unwrap(),
        Coins(10)
    );
}

#[tokio::test]
async fn computer_table_ids_come_from_the_database_and_never_repeat() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let other = Db::connect(&t.url).await.expect("connect");
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(db.next_ai_table_id().await.unwrap());
        ids.push(other.next_ai_table_id().await.unwrap());
    }
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "{ids:?}");
    assert!(ids
        .iter()
        .all(|t| (1_000_000_000..2_000_000_000).contains(&t.0)));
}

/// Table 1's game, with both players at it.
async fn live_game(
    srv: &crate::common::TestServer,
) -> (crate::common::Player, crate::common::Player) {
    let (mut red, black) =
        crate::common::start_game(srv.addr, 1, crate::common::untimed(), ("fen_r", "fen_b")).await;
    red.mv(1, "h2e2").await;
    (red, black)
}

#[tokio::test]
async fn a_table_taken_over_by_another_node_is_dropped_here_and_its_clients_told_to_reconnect() {
    let t = TestDb::new().await;
    let srv = crate::common::TestServer::start(&t).await;
    let (mut red, black) = live_game(&srv).await;
    let cookie = crate::raw::guest_cookie(srv.addr).await;
    let mut watcher = crate::raw::RawWs::connect(srv.addr, &cookie).await;
    let join = serde_json::json!({"t": "join", "table": 1}).to_string();
    watcher
        .send(&crate::raw::RawWs::frame(0x81, join.as_bytes(), true))
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Another node (n9) takes table 1 over, as if this node's lease had expired.
    let db = Db::connect(&t.url).await.expect("connect");
    beat(&db, "n9", now()).await;
    let grant = db
        .claim_table(TableId(1), "n9", now() + LEASE)
        .await
        .unwrap()
        .expect("taken over");
    let epoch = grant.fence.epoch;
    let game: i64 = {
        let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&t.url)
            .await
            .unwrap();
        sqlx::query_scalar("SELECT id FROM games WHERE table_id = 1")
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    let journal_before = journal_rows(&t, u64::try_from(game).unwrap()).await;

    // Black's move is refused (not acknowledged): its journal write was fenced.
    let mut black = black;
    let refused = black
        .ws
        .call(serde_json::json!({"t": "move", "table": 1, "mv": "h9g7"}))
        .await;
    assert!(refused.is_err(), "{refused:?}");
    assert_eq!(
        watcher.close_code(Duration::from_secs(5)).await,
        Some(1012),
        "watchers are told the table moved"
    );
    assert_eq!(
        journal_rows(&t, u64::try_from(game).unwrap()).await,
        journal_before
    );
    // The table is gone from this node: nothing more is written for it.
    red.reconnect(srv.addr).await;
    let gone = red
        .ws
        .call(serde_json::json!({"t": "join", "table": 1}))
        .await;
    match gone {
        Err(client::ClientError::Refused(m)) => assert_eq!(m["code"], "not_found", "{m}"),
        other => panic!("{other:?}"),
    }
    let owner = db.table_owner(TableId(1)).await.unwrap().expect("owned");
    assert_eq!((owner.node.as_str(), owner.epoch), ("n9", epoch));
    assert_eq!(
        db.game(GameId(u64::try_from(game).unwrap()))
            .await
            .unwrap()
            .unwrap()
            .status,
        "playing"
    );
}

#[tokio::test]
async fn migration_0010_carries_the_old_heartbeat_over_as_node_n1s_beat() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    // Back to a site of version 9: one heartbeat row, no ownership, a game against the
    // computer at a table of the old in-memory counter.
    let sequence = match db.backend() {
        store::Backend::Postgres => "DROP SEQUENCE ai_table_id",
        store::Backend::Sqlite => "DROP TABLE id_counters",
    };
    for statement in [
        "DROP TABLE nodes",
        "DROP TABLE table_owner",
        sequence,
        "CREATE TABLE heartbeat (id BIGINT PRIMARY KEY, at BIGINT NOT NULL)",
        "INSERT INTO heartbeat (id, at) VALUES (1, 1234567)",
        // 0027 (the owner's kind) altered `table_owner` too: a version-9 site has neither.
        "DELETE FROM schema_migrations WHERE version IN (10, 27)",
        "INSERT INTO games (table_id, room, red, black, control, start_fen, status, plies, rated, \
         started_at) VALUES (1000000041, 'ai', 0, 0, '{}', '-', 'aborted', 0, 0, 1)",
    ] {
        t.execute(statement).await;
    }
    db.migrate()
        .await
        .expect("migration 0010 on an existing site");
    assert_eq!(db.last_beat("n1").await.unwrap(), 1_234_567);
    assert_eq!(
        db.next_ai_table_id().await.unwrap(),
        TableId(1_000_000_042),
        "above every table id already used"
    );
    assert_eq!(claim(&db, 1, "n1").await, Some(1));
}
