//! Game ends that arrive together (a round's games ending at once), on SQLite (stored together,
//! a savepoint per end: `store/end_batch.rs`) and PostgreSQL (each alone): every end is stored
//! exactly once with its ledger move, a fenced end and a second submission of the same end are
//! refused alone, and nothing of a refused end is kept.

use crate::common::{established_rating as rating, TestDb};
use platform::clock::TimeControl;
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction};
use platform::TableId;
use store::{Db, Epoch, Fence, FinishedGame, NewGame, StoreError};

const GAMES: u64 = 40;
const FIRST_TABLE: u64 = 700;
/// The table another node takes over before the ends arrive.
const TAKEN: u64 = FIRST_TABLE + 17;

fn fence(table: u64, epoch: u64) -> Fence {
    Fence {
        table: TableId(table),
        epoch: Epoch(epoch),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ends_arriving_together_are_each_stored_once_and_a_refused_one_alone_changes_nothing() {
    let t = TestDb::new().await;
    let db = Db::connect(&t.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    let now = kit::clock::now().0;
    db.beat("n1", "run", now).await.expect("beat");
    db.beat("n2", "run", now).await.expect("beat");
    let red = db
        .create_user("batch_red", Some("x"), false, rating(), 0)
        .await
        .expect("red");
    let black = db
        .create_user("batch_black", Some("x"), false, rating(), 0)
        .await
        .expect("black");
    let control = TimeControl::untimed();
    let mut games = Vec::new();
    for table in FIRST_TABLE..FIRST_TABLE + GAMES {
        let grant = db
            .claim_table(TableId(table), "n1", now - 5_000)
            .await
            .expect("claim")
            .expect("granted");
        let game = db
            .create_game(&NewGame {
                table: TableId(table),
                room: "std",
                red: red.id,
                black: black.id,
                control: &control,
                start_fen: xiangqi::START_FEN,
                ai_level: None,
                started_at: 1,
                casual: false,
                fence: Some(grant.fence),
            })
            .await
            .expect("game");
        games.push((table, game));
    }
    // Node 1 stops beating; node 2 takes one table over: node 1's end there is refused.
    db.beat("n1", "run", now - 20_000).await.expect("beat");
    db.claim_table(TableId(TAKEN), "n2", kit::clock::now().0 - 5_000)
        .await
        .expect("claim")
        .expect("taken over");

    let finished = |i: usize| {
        let (table, game) = games[i];
        let key = IdempotencyKey::new(format!("reward:batch-{i}")).expect("key");
        FinishedGame {
            id: game,
            status: "finished",
            result: "1-0",
            reason: Some("resignation".into()),
            moves: Vec::new(),
            clocks: Vec::new(),
            ended_at: 2,
            rate: None,
            reward: Some(Transaction::admin_grant(red.id, Coins(10), "reward", key).expect("tx")),
            coins: Vec::new(),
            fence: Some(fence(table, 1)),
        }
    };
    let before = batches();
    // Every end at once, the first one twice.
    let mut tasks = Vec::new();
    for i in std::iter::once(0).chain(0..games.len()) {
        let (db, f) = (db.clone(), finished(i));
        tasks.push(tokio::spawn(
            async move { (f.id, db.finish_game(&f).await) },
        ));
    }
    let (mut stored, mut fenced, mut again) = (0, 0, 0);
    for task in tasks {
        let (game, done) = task.await.expect("task");
        match done {
            Ok(_) => stored += 1,
            Err(StoreError::Fenced(_)) => fenced += 1,
            Err(StoreError::NotInProgress(g)) => {
                assert_eq!(g, games[0].1);
                again += 1;
            }
            Err(e) => panic!("game {}: {e}", game.0),
        }
    }
    assert_eq!((stored, fenced, again), (GAMES - 1, 1, 1));
    if t.url.starts_with("sqlite") {
        let after = batches();
        let (ends, commits) = (after.0 - before.0, after.1 - before.1);
        assert!(
            ends >= (GAMES - 1) as f64,
            "{ends} ends in {commits} commits"
        );
        assert!(
            commits < ends,
            "some ends shared a transaction: {commits} commits"
        );
    }
    for (table, game) in &games {
        let row = db.game(*game).await.expect("read").expect("stored");
        let want = if *table == TAKEN {
            "playing"
        } else {
            "finished"
        };
        assert_eq!(row.status, want, "table {table}");
    }
    assert_eq!(
        db.balance(&AccountId::User(red.id)).await.expect("balance"),
        Coins(10 * (GAMES as i64 - 1)),
        "one reward per stored end, none for the refused ones"
    );
}

/// The ends stored in batches so far and the batches (`chuhe_game_end_batch` sum and count).
fn batches() -> (f64, f64) {
    let text = kit::metrics::metrics().render(0, 0);
    let read = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (
        read("chuhe_game_end_batch_sum "),
        read("chuhe_game_end_batch_count "),
    )
}
