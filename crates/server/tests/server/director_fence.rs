//! The fence of directors' writes (docs/scale.md, "The fence"), on SQLite and (with
//! `CHUHE_TEST_DATABASE_URL`) PostgreSQL: once another node took an event's, a ladder's or a
//! league's lease over, the former director's journal append — with the coins and the status it
//! carries — is refused and changes nothing; the new holder's passes. An abandoned game's write is fenced by
//! its table's lease the same way.

use crate::common::{established_rating as rating, TestDb};
use platform::clock::TimeControl;
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction};
use platform::TableId;
use store::{
    Db, Epoch, Fence, LadderLogEntry, LeagueLogEntry, NewGame, StoreError, TournamentLogEntry,
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

/// Claims lease `id` for `node` (live nodes' leases are kept); its fence.
async fn claim(db: &Db, id: TableId, node: &str) -> Option<Fence> {
    db.claim_table(id, node, now() - LEASE)
        .await
        .expect("claim")
        .map(|g| g.fence)
}

/// n1 holds lease `id` at epoch 1, is paused past its lease, and n2 takes it over (epoch 2).
async fn taken_over(db: &Db, id: TableId) -> (Fence, Fence) {
    db.beat("n1", "run", now()).await.expect("beat");
    db.beat("n2", "run", now()).await.expect("beat");
    let old = claim(db, id, "n1").await.expect("n1's grant");
    assert_eq!(claim(db, id, "n2").await, None, "a live holder keeps it");
    db.beat("n1", "run", now() - 3 * LEASE).await.expect("beat");
    let new = claim(db, id, "n2").await.expect("n2 takes it over");
    assert_eq!(new.epoch, Epoch(old.epoch.0 + 1));
    (old, new)
}

#[tokio::test]
async fn a_stale_directors_tournament_append_is_refused_and_changes_nothing() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let player = db
        .create_user_with_grant("prize_winner", "x", rating(), 0, Coins(100))
        .await
        .expect("user");
    let event = db
        .create_tournament("Fenced", "swiss", "{}", player.id, 0, 1)
        .await
        .expect("event");
    let (old, new) = taken_over(&db, events::tournament::lease_id(event)).await;

    // A prize (a balanced ledger transaction) journaled with the entry.
    let key = IdempotencyKey::new("prize:fenced").expect("key");
    let fee = Transaction::admin_grant(player.id, Coins(30), "prize", key).expect("prize");
    let entry = |seq| TournamentLogEntry {
        seq,
        at: 5,
        entry: "{}".into(),
    };
    let refused = db
        .append_tournament_log(
            (event, old),
            &entry(0),
            ("running", None),
            (Some(&fee), &[]),
        )
        .await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert!(
        db.tournament_log(event).await.unwrap().is_empty(),
        "no entry"
    );
    let row = db.tournament(event).await.unwrap().expect("event");
    assert_eq!(row.status, "upcoming", "the status did not move");
    assert_eq!(
        db.balance(&AccountId::User(player.id)).await.unwrap(),
        Coins(100),
        "the prize was not paid"
    );

    // The new holder's append passes, coins and all.
    db.append_tournament_log(
        (event, new),
        &entry(0),
        ("running", None),
        (Some(&fee), &[]),
    )
    .await
    .expect("the holder's append");
    assert_eq!(db.tournament_log(event).await.unwrap().len(), 1);
    assert_eq!(
        db.balance(&AccountId::User(player.id)).await.unwrap(),
        Coins(130)
    );
}

#[tokio::test]
async fn a_stale_directors_ladder_append_is_refused_and_changes_nothing() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let (old, new) = taken_over(&db, events::ladder::lease_id(3)).await;
    let entry = |seq| LadderLogEntry {
        seq,
        at: 5,
        entry: "\"Tick\"".into(),
    };
    let refused = db.append_ladder_log((3, old), &entry(0)).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert!(db.ladder_log(3).await.unwrap().is_empty(), "no entry");
    db.append_ladder_log((3, new), &entry(0))
        .await
        .expect("the holder's append");
    assert_eq!(db.ladder_log(3).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_stale_directors_league_append_is_refused_and_changes_nothing() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let league = db.create_league("Fenced", "{}", 1).await.expect("league");
    let (old, new) = taken_over(&db, events::league::lease_id(league)).await;
    let entry = |seq| LeagueLogEntry {
        seq,
        at: 5,
        entry: "{\"t\":\"tick\"}".into(),
    };
    let refused = db.append_league_log((league, old), &entry(0)).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert!(db.league_log(league).await.unwrap().is_empty(), "no entry");
    db.append_league_log((league, new), &entry(0))
        .await
        .expect("the holder's append");
    assert_eq!(db.league_log(league).await.unwrap().len(), 1);
    // The old holder stays refused after the new one wrote.
    let again = db.append_league_log((league, old), &entry(1)).await;
    assert!(matches!(again, Err(StoreError::Fenced(_))), "{again:?}");
    assert_eq!(db.league_log(league).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_stale_owners_abandon_is_refused_and_the_game_plays_on() {
    let t = TestDb::new().await;
    let db = db(&t).await;
    let red = db
        .create_user("ab_red", Some("x"), false, rating(), 0)
        .await
        .unwrap();
    let black = db
        .create_user("ab_black", Some("x"), false, rating(), 0)
        .await
        .unwrap();
    let (old, new) = taken_over(&db, TableId(7)).await;
    let control = TimeControl::untimed();
    let game = db
        .create_game(&NewGame {
            table: TableId(7),
            room: "std",
            red: red.id,
            black: black.id,
            control: &control,
            start_fen: xiangqi::START_FEN,
            ai_level: None,
            started_at: 1,
            casual: false,
            fence: Some(new),
        })
        .await
        .expect("game");
    let refused = db.abandon_game((game, Some(old)), 9, &[], &[]).await;
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert_eq!(db.game(game).await.unwrap().unwrap().status, "playing");
    db.abandon_game((game, Some(new)), 9, &[], &[])
        .await
        .expect("the holder's abandon");
    assert_eq!(db.game(game).await.unwrap().unwrap().status, "aborted");
}
