//! Puzzles on SQLite: import, no repeats, rating a round, replays, the daily puzzle, 残局闯关
//! progress after reopening the database.

use super::*;
use platform::puzzle::Source;

fn puzzle(id: &str, rating: f64) -> Puzzle {
    Puzzle {
        id: PuzzleId(id.to_string()),
        fen: "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1".to_string(),
        last_move: Some("e8e9".parse().expect("move")),
        line: ["a1a8", "e9f9", "b0b9"]
            .iter()
            .map(|m| m.parse().expect("move"))
            .collect(),
        alternatives: vec![],
        themes: vec![Theme::MateIn2, Theme::TwoChariots],
        rating: PlayerRating {
            rating,
            ..Glicko2Params::default().initial()
        },
        source: Source::Site {
            game: "1".into(),
            ply: 3,
        },
    }
}

async fn db(dir: &std::path::Path) -> Db {
    let db = Db::open_sqlite_dir(dir).await.expect("open");
    db.migrate().await.expect("migrate");
    db
}

#[tokio::test]
async fn serve_rate_and_never_repeat() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = db(dir.path()).await;
    let ps: Vec<Puzzle> = (0..6)
        .map(|i| puzzle(&format!("p{i}"), 1200.0 + 100.0 * f64::from(i)))
        .collect();
    assert_eq!(db.import_puzzles(&ps, Millis(1)).await.expect("import"), 6);
    assert_eq!(db.import_puzzles(&ps, Millis(1)).await.expect("again"), 0);
    assert_eq!(db.puzzle_count().await.expect("count"), 6);
    let back = db.puzzle("p0").await.expect("read").expect("there");
    assert_eq!(back, ps[0]);
    let user = UserId(7);
    let mut seen = std::collections::HashSet::new();
    for round in 0..6u64 {
        let p = db
            .next_puzzle(Some(user), 1500.0, None, round)
            .await
            .expect("next")
            .expect("one left");
        if round == 0 {
            assert!((p.rating.rating - 1500.0).abs() <= 150.0);
        }
        assert!(seen.insert(p.id.clone()), "repeat {}", p.id);
        let out = db
            .finish_puzzle(
                user,
                &p.id.0,
                true,
                RoundMode::Rated,
                Angle::Mix,
                Millis(10 + round),
            )
            .await
            .expect("finish")
            .expect("exists");
        assert!(out.user.rating > 1400.0);
    }
    assert!(db
        .next_puzzle(Some(user), 1500.0, None, 0)
        .await
        .expect("next")
        .is_none());
    // Theme filter; an anonymous visitor excludes nothing.
    let p = db
        .next_puzzle(None, 1500.0, Some(Theme::TwoChariots), 3)
        .await
        .expect("next");
    assert!(p.is_some());
    assert!(db
        .next_puzzle(None, 1500.0, Some(Theme::Pin), 3)
        .await
        .expect("next")
        .is_none());
    let rating = db.puzzle_rating(user).await.expect("rating");
    assert_eq!(rating.games, 6);
    // A replay is casual: nothing moves.
    let before = db.puzzle("p3").await.expect("read").expect("there").rating;
    let out = db
        .finish_puzzle(user, "p3", false, RoundMode::Rated, Angle::Mix, Millis(99))
        .await
        .expect("finish")
        .expect("exists");
    assert_eq!(out.user, rating);
    assert_eq!(
        db.puzzle("p3").await.expect("read").expect("there").rating,
        before
    );
    assert_eq!(db.puzzle_rounds(user, 100).await.expect("rounds").len(), 6);
    assert!(db
        .finish_puzzle(user, "nope", true, RoundMode::Rated, Angle::Mix, Millis(1))
        .await
        .expect("finish")
        .is_none());
}

#[tokio::test]
async fn the_daily_puzzle_is_stable_and_never_reused_and_progress_survives_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let db = db(dir.path()).await;
        let ps = vec![puzzle("a", 1500.0), puzzle("b", 1600.0)];
        db.import_puzzles(&ps, Millis(1)).await.expect("import");
        let d1 = db.daily_puzzle(100).await.expect("daily").expect("one");
        let again = db.daily_puzzle(100).await.expect("daily").expect("one");
        assert_eq!(d1.id, again.id);
        let d2 = db.daily_puzzle(101).await.expect("daily").expect("one");
        assert_ne!(d1.id, d2.id);
        assert!(db.daily_puzzle(102).await.expect("daily").is_none());
        assert!(db
            .record_stars(UserId(1), "m1", 2, Millis(5))
            .await
            .expect("stars"));
        assert!(!db
            .record_stars(UserId(1), "m1", 1, Millis(6))
            .await
            .expect("stars"));
    }
    let db = db(dir.path()).await;
    let p = db.campaign_progress(UserId(1)).await.expect("progress");
    assert_eq!(p.best("m1"), 2);
    assert!(db
        .record_stars(UserId(1), "m1", 3, Millis(7))
        .await
        .expect("stars"));
    assert_eq!(
        db.campaign_progress(UserId(1))
            .await
            .expect("progress")
            .best("m1"),
        3
    );
}
