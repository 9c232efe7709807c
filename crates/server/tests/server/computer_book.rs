//! The computer's opening book (docs/masters.md): at a level that uses it, in its first plies,
//! the computer plays the masters' move in the position instead of searching; at other levels,
//! or later in the game, it searches (here the tests' opponent: the first legal move).

use crate::common::{test_config, Player, TestDb, TestServer};
use serde_json::json;
use store::Db;
use xiangqi::Position;

#[tokio::test]
async fn the_computer_plays_the_masters_move_at_its_book_levels_and_only_there() {
    let start = Position::startpos();
    let legal = start.legal_moves();
    let searched = legal[0].to_string();
    let book = legal[legal.len() - 1].to_string();
    assert_ne!(searched, book);

    // Four master games opening with `book`.
    let dir = tempfile::tempdir().expect("tmp");
    let games = [
        format!("1. {book} 1-0"),
        format!("1. {book} 0-1"),
        format!("1. {book} 1/2-1/2"),
        format!("[Event \"x\"]\n1. {book} a9a8 1-0"),
    ];
    for (i, g) in games.iter().enumerate() {
        std::fs::write(dir.path().join(format!("{i}.pgn")), g).expect("write");
    }
    let t = TestDb::new().await;
    let db = Db::connect(&t.url).await.expect("connect");
    db.migrate().await.expect("migrate");
    let opts = masters::LoadOptions {
        source: "test".into(),
        credit: "test games".into(),
        encoding: None,
    };
    let report = masters::load_paths(&db, vec![dir.path().to_owned()], &opts, &mut |_| {})
        .await
        .expect("load");
    assert_eq!(report.added, 4, "{report:?}");

    let mut config = test_config(&t);
    config.book.levels = vec![5];
    config.book.plies = 1;
    let srv = TestServer::start_with(config).await;
    let mut p = Player::register(srv.addr, "booked").await;
    let first_move =
        |level: u8, color: &'static str| json!({"t": "ai_start", "level": level, "color": color});

    // Level 5 uses the book: the computer (Red) opens with the masters' move.
    p.ok(first_move(5, "black")).await;
    let red = p.event("moved").await;
    assert_eq!(red["mv"], book.as_str(), "{red}");

    // Level 6 does not: it searches.
    p.ws.clear();
    p.ok(first_move(6, "black")).await;
    let red = p.event("moved").await;
    assert_eq!(red["mv"], searched.as_str(), "{red}");
}
