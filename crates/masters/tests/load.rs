//! Loading master games into the store (SQLite; PostgreSQL when `CHUHE_TEST_DATABASE_URL` is
//! set): directories, `.tar.xz` and `.zip` archives, files in Big5, GB18030 and UTF-8, the same
//! game under other headers, a file that is no record; loading again changes nothing; searching
//! by player (traditional or simplified), event, year, opening, result and position; the
//! explorer's counts; the shipped set.
//!
//! `CHUHE_MASTERS_CCPD=1` also loads `../shared/data/ccpd/ccpd-shared.tar.xz` when present and
//! prints the figures (files, games, distinct, seconds).

use masters::game::position_key;
use masters::names::search_key;
use masters::{load_pack, load_paths, LoadOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use store::{Db, MastersFilter};
use xiangqi::{Move, Position};

/// A fresh database: SQLite in a temporary folder, or a new PostgreSQL schema.
async fn fresh_db() -> (Db, Option<tempfile::TempDir>) {
    sqlx::any::install_default_drivers();
    if let Some(base) = std::env::var("CHUHE_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
    {
        let schema = format!("m{:016x}", rand::random::<u64>());
        let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base)
            .await
            .expect("connect");
        sqlx::Executor::execute(&mut conn, format!("CREATE SCHEMA {schema}").as_str())
            .await
            .expect("schema");
        let sep = if base.contains('?') { '&' } else { '?' };
        let db = Db::connect(&format!("{base}{sep}options=-c%20search_path%3D{schema}"))
            .await
            .expect("db");
        db.migrate().await.expect("migrate");
        return (db, None);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("m.db").display());
    let db = Db::connect(&url).await.expect("db");
    db.migrate().await.expect("migrate");
    (db, Some(dir))
}

const GAME_A_BIG5: &str = "[Event \"全國個人賽\"]\n[Date \"1985.10\"]\n[Red \"胡榮華\"]\n\
    [Black \"呂欽\"]\n[Result \"1-0\"]\n\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n\
    3. 車一平二 馬２進３\n4. 兵七進一 卒７進１ 1-0\n";
/// The same game filed under the opening, other headers, in GB18030.
const GAME_A_GBK: &str = "[Event \"中炮对屏风马\"]\n[Red \"胡荣华\"]\n[Black \"吕钦\"]\n\
    [Result \"1-0\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n3. 车一平二 马２进３\n\
    4. 兵七进一 卒７进１ 1-0\n";
const GAME_B: &str = "[Event \"Test Open 1999\"]\n[Red \"Alice\"]\n[Black \"Bob\"]\n\
    [Format \"ICCS\"]\n\n1. H2-E2 H7-E7 2. H0-G2 1/2-1/2\n";
const GAME_C: &str =
    "[Event \"象甲联赛\"]\n[Date \"2003\"]\n[Red \"许银川\"]\n[Black \"赵国荣\"]\n\
    [Format \"ICCS\"]\n\n1. C3-C4 B9-C7 0-1\n";
const GAME_D: &str = "[Red \"柳大华\"]\n[Black \"李来群\"]\n[Format \"ICCS\"]\n\n\
    1. G3-G4 G6-G5 *\n";

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

/// A folder as a user hands it over, and a `.tar.xz` and a `.zip` beside it.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let games = dir.join("games");
    std::fs::create_dir_all(games.join("by-player")).expect("dir");
    let big5 = encoding_rs::BIG5.encode(GAME_A_BIG5).0.into_owned();
    write(&games.join("by-player"), "a.pgn", &big5);
    write(
        &games,
        "a-again.pgn",
        &encoding_rs::GB18030.encode(GAME_A_GBK).0,
    );
    write(&games, "b.pgn", GAME_B.as_bytes());
    write(
        &games,
        "noise.bin",
        &(0..300u32).map(|i| (i * 7 % 256) as u8).collect::<Vec<_>>(),
    );

    let tar_xz = dir.join("more.tar.xz");
    let file = std::fs::File::create(&tar_xz).expect("tar");
    let mut tar = tar::Builder::new(xz2::write::XzEncoder::new(file, 6));
    for (name, text) in [("c.pgn", GAME_C), ("b-copy.pgn", GAME_B)] {
        let mut h = tar::Header::new_gnu();
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        tar.append_data(&mut h, name, text.as_bytes())
            .expect("append");
    }
    tar.into_inner().expect("tar").finish().expect("xz");

    let zip_path = dir.join("more.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("zip"));
    let opts =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("d.pgn", opts).expect("zip entry");
    zip.write_all(GAME_D.as_bytes()).expect("zip write");
    zip.finish().expect("zip");
    vec![games, tar_xz, zip_path]
}

fn opts() -> LoadOptions {
    LoadOptions {
        source: "test".into(),
        credit: "made for the test".into(),
        encoding: None,
    }
}

async fn count(db: &Db, f: MastersFilter) -> u64 {
    db.search_masters(&MastersFilter { limit: 50, ..f })
        .await
        .expect("search")
        .1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folders_and_archives_in_any_encoding_load_each_game_once() {
    let (db, _keep) = fresh_db().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let paths = inputs(dir.path());
    let r = load_paths(&db, paths.clone(), &opts(), &mut |_| {})
        .await
        .expect("load");
    assert_eq!(r.files, 7, "{r:?}");
    assert_eq!((r.games, r.distinct, r.added), (6, 4, 4), "{r:?}");
    assert_eq!(r.refused_count, 1, "{r:?}");
    assert!(r.refused[0].0.ends_with("noise.bin"), "{r:?}");
    assert!(r.refused[0].1.contains("not a text record"), "{r:?}");

    // Again: nothing changes.
    let again = load_paths(&db, paths, &opts(), &mut |_| {})
        .await
        .expect("load");
    assert_eq!((again.distinct, again.added), (4, 0), "{again:?}");
    assert_eq!(db.master_games_count().await.expect("count"), 4);
    let sources = db.masters_sources().await.expect("sources");
    assert_eq!((sources.len(), sources[0].games), (1, 4));
    assert_eq!(sources[0].credit, "made for the test");

    // Names: traditional and simplified find the same player; the original is kept.
    for name in ["胡榮華", "胡荣华", "荣华"] {
        let f = MastersFilter {
            player: Some(search_key(name)),
            ..MastersFilter::default()
        };
        assert_eq!(count(&db, f).await, 1, "{name}");
    }
    let (games, _) = db
        .search_masters(&MastersFilter {
            player: Some(search_key("吕钦")),
            limit: 5,
            ..MastersFilter::default()
        })
        .await
        .expect("search");
    let a = &games[0];
    // The first file read gives the headers (the folder is read in name order: a-again.pgn).
    assert_eq!(a.red_hans, "胡荣华");
    assert_eq!(a.ecco.len(), 3);
    assert!(!a.opening.is_empty() && !a.opening_en.is_empty(), "{a:?}");

    let by = |f: MastersFilter| count(&db, f);
    let year = MastersFilter {
        year_from: Some(2000),
        year_to: Some(2005),
        ..MastersFilter::default()
    };
    assert_eq!(by(year).await, 1, "象甲联赛 2003");
    let event = MastersFilter {
        event: Some(search_key("test open")),
        ..MastersFilter::default()
    };
    assert_eq!(by(event).await, 1);
    let result = MastersFilter {
        result: Some("1/2-1/2".into()),
        ..MastersFilter::default()
    };
    assert_eq!(by(result).await, 1);
    let code = MastersFilter {
        ecco: Some(a.ecco.clone()),
        ..MastersFilter::default()
    };
    assert!(by(code).await >= 1);
    let name = MastersFilter {
        opening: Some(a.opening.chars().take(2).collect()),
        ..MastersFilter::default()
    };
    assert!(by(name).await >= 1);

    // Positions: after 炮二平五, two games (A and B); at the start, all four.
    let start = Position::startpos();
    let h2e2: Move = "h2e2".parse().expect("move");
    let after = start.play(h2e2).expect("legal");
    let at = |p: &Position| MastersFilter {
        position: Some(position_key(p)),
        ..MastersFilter::default()
    };
    assert_eq!(by(at(&start)).await, 4);
    assert_eq!(by(at(&after)).await, 2);

    // The explorer at the start: 炮二平五 twice (a win and a draw), the others once.
    let e = db
        .explore_masters(position_key(&start), &MastersFilter::default())
        .await
        .expect("explore");
    assert_eq!(e.moves[0].mv, h2e2.to_u16());
    assert_eq!(
        (e.moves[0].red, e.moves[0].draw, e.moves[0].black),
        (1, 1, 0)
    );
    assert_eq!(
        e.moves.iter().map(store::ExplorerMove::games).sum::<u64>(),
        4
    );
    let reached = db
        .masters_reaching(&[position_key(&after)])
        .await
        .expect("reaching");
    assert_eq!(reached, vec![(position_key(&after), 2)]);
    // Filtered by player and by years.
    let alice = MastersFilter {
        player: Some(search_key("alice")),
        ..MastersFilter::default()
    };
    let e = db
        .explore_masters(position_key(&start), &alice)
        .await
        .expect("explore");
    assert_eq!(e.moves.len(), 1);
    assert_eq!(e.moves[0].games(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shipped_set_loads_once_with_its_credit() {
    let (db, _keep) = fresh_db().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let paths = inputs(dir.path());
    let b = masters::bundle_paths(&paths, None, "CCPD test credit");
    assert_eq!((b.games, b.distinct, b.refused), (6, 4, 1), "{b:?}");
    let o = LoadOptions {
        source: masters::CCPD_SOURCE.into(),
        credit: "CCPD test credit".into(),
        encoding: None,
    };
    let r = load_pack(&db, b.bytes.clone(), &o, &mut |_| {})
        .await
        .expect("load");
    assert_eq!(r.added, 4);
    let r = load_pack(&db, b.bytes, &o, &mut |_| {})
        .await
        .expect("load");
    assert_eq!(r.added, 0);
    assert_eq!(db.master_games_count().await.expect("count"), 4);
}

/// The whole CCPD archive, when asked for and present: the import figures.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ccpd_archive_loads_when_asked() {
    if std::env::var("CHUHE_MASTERS_CCPD").ok().as_deref() != Some("1") {
        eprintln!("skipped: set CHUHE_MASTERS_CCPD=1");
        return;
    }
    let archive =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/ccpd/ccpd-shared.tar.xz");
    if !archive.exists() {
        eprintln!("skipped: {} is absent", archive.display());
        return;
    }
    let (db, _keep) = fresh_db().await;
    let r = load_paths(&db, vec![archive.clone()], &opts(), &mut |_| {})
        .await
        .expect("load");
    eprintln!(
        "CCPD: {} files, {} games ({} broken), {} distinct, {} added, {} refused, {:.1} s",
        r.files, r.games, r.broken_games, r.distinct, r.added, r.refused_count, r.seconds
    );
    assert!(r.files > 40_000, "{r:?}");
    assert!(r.distinct > 20_000, "{r:?}");
    let again = load_paths(&db, vec![archive], &opts(), &mut |_| {})
        .await
        .expect("load");
    assert_eq!(again.added, 0);
}

/// A shipped set is one file of thousands of games: it is written in small transactions as it
/// is read (each reported to `progress`), never as one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_set_is_written_in_small_transactions() {
    let (db, _keep) = fresh_db().await;
    let start = Position::startpos();
    let mut games = Vec::new();
    for first in start.legal_moves().iter().copied() {
        let after = start.play(first).expect("legal");
        for reply in after.legal_moves().iter().copied().take(3) {
            let mut g = xiangqi::record::Game::new(start.clone());
            g.moves = vec![first, reply];
            games.push(g);
        }
    }
    assert!(games.len() > 100, "{}", games.len());
    let bytes = masters::pack::write_pack(&games, "synthetic");
    let mut reports = Vec::new();
    let r = load_pack(&db, bytes, &opts(), &mut |p| reports.push(p.added))
        .await
        .expect("load");
    assert_eq!(r.added as usize, games.len());
    assert!(reports.len() >= games.len() / 40, "{reports:?}");
    assert!(reports.windows(2).all(|w| w[0] < w[1]), "{reports:?}");
    let sources = db.masters_sources().await.expect("sources");
    assert_eq!(sources[0].credit, "synthetic", "the set's own credit wins");
}
