//! Stored game records (`store/game_record.rs`): games end stored in the compact format, and
//! games stored by an older server (two bytes per move, four per reading) are converted in place
//! by the migrations, read back the same (readings kept to 10 ms); a row that cannot be
//! converted stays readable as it was.

use crate::common::TestDb;
use platform::rating::PlayerRating;
use sqlx::Row;
use store::{Db, FinishedGame, NewGame, FORMAT_COMPACT, FORMAT_LEGACY};
use xiangqi::Move;

fn moves(text: &[&str]) -> Vec<Move> {
    text.iter().map(|s| s.parse().expect("move")).collect()
}

async fn new_game(db: &Db, red: platform::UserId, black: platform::UserId) -> platform::GameId {
    let control = platform::clock::TimeControl::untimed();
    db.create_game(&NewGame {
        table: platform::TableId(1),
        room: "std",
        red,
        black,
        control: &control,
        start_fen: xiangqi::START_FEN,
        ai_level: None,
        started_at: 1,
        casual: false,
        fence: None,
    })
    .await
    .expect("game")
}

/// What an older server wrote for a finished game.
async fn store_legacy(db: &Db, id: platform::GameId, ms: &[Move], clocks: &[u32]) {
    let packed: Vec<u8> = ms.iter().flat_map(|m| m.to_u16().to_be_bytes()).collect();
    let readings: Vec<u8> = clocks.iter().flat_map(|c| c.to_be_bytes()).collect();
    sqlx::query(
        "UPDATE games SET status = 'finished', result = '1-0', plies = $1, moves = $2, \
         clocks = $3, record_format = 0, ended_at = 5 WHERE id = $4",
    )
    .bind(i64::try_from(ms.len()).expect("plies"))
    .bind(packed)
    .bind(readings)
    .bind(i64::try_from(id.0).expect("id"))
    .execute(db.pool())
    .await
    .expect("legacy row");
}

async fn stored(db: &Db, id: platform::GameId) -> (i64, usize) {
    let row = sqlx::query("SELECT record_format, moves FROM games WHERE id = $1")
        .bind(i64::try_from(id.0).expect("id"))
        .fetch_one(db.pool())
        .await
        .expect("row");
    let blob: Option<Vec<u8>> = row.try_get("moves").expect("moves");
    (
        row.try_get("record_format").expect("format"),
        blob.map_or(0, |b| b.len()),
    )
}

#[tokio::test]
async fn games_are_stored_compact_and_old_ones_converted() {
    let tdb = TestDb::new().await;
    let db = Db::connect(&tdb.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    let red = db
        .create_user("red", Some("x"), false, PlayerRating::new(1500.0), 0)
        .await
        .expect("red");
    let black = db
        .create_user("black", Some("x"), false, PlayerRating::new(1500.0), 0)
        .await
        .expect("black");
    let line = moves(&["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    let clocks = [599_873, 599_001, 598_004, u32::MAX, 12, 9];
    let kept = vec![599_870, 599_000, 598_000, u32::MAX, 10, 0];

    // A game that ends now is stored compact.
    let id = new_game(&db, red.id, black.id).await;
    db.finish_game(&FinishedGame {
        id,
        status: "finished",
        result: "1-0",
        reason: Some("resignation".into()),
        moves: line.clone(),
        clocks: clocks.to_vec(),
        ended_at: 10,
        rate: None,
        reward: None,
        coins: Vec::new(),
        fence: None,
    })
    .await
    .expect("finish");
    let (format, size) = stored(&db, id).await;
    assert_eq!(format, FORMAT_COMPACT);
    assert!(size < 2 * line.len(), "{size} bytes");
    let g = db.game(id).await.expect("read").expect("game");
    assert_eq!((g.moves, g.clocks), (line.clone(), kept.clone()));

    // Games of an older server: one converts, one (not legal from its start) cannot.
    let old = new_game(&db, red.id, black.id).await;
    store_legacy(&db, old, &line, &clocks).await;
    let odd = new_game(&db, red.id, black.id).await;
    store_legacy(&db, odd, &line[1..], &clocks).await;
    let playing = new_game(&db, red.id, black.id).await;
    assert_eq!(
        db.game(old).await.expect("read").expect("old").clocks,
        clocks
    );
    // Migrating again converts them (and only them).
    db.migrate().await.expect("migrate again");
    assert_eq!(stored(&db, old).await.0, FORMAT_COMPACT);
    let g = db.game(old).await.expect("read").expect("old");
    assert_eq!((g.moves, g.clocks), (line.clone(), kept));
    assert_eq!(stored(&db, odd).await.0, FORMAT_LEGACY);
    let g = db.game(odd).await.expect("read").expect("odd");
    assert_eq!((g.moves, g.clocks), (line[1..].to_vec(), clocks.to_vec()));
    assert_eq!(stored(&db, playing).await, (FORMAT_LEGACY, 0));
    assert_eq!(db.compact_old_games().await.expect("nothing left"), 0);
}
