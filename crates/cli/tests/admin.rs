//! `chuhe admin title` and `chuhe admin award` end to end, on a real SQLite database.

use platform::rating::{HonoraryTitle, PlayerRating, TitleRecord};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use store::Db;

fn chuhe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .output()
        .expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh data folder with the registered players `names` and one guest.
async fn site(tag: &str, names: &[&str]) -> (PathBuf, Db) {
    let dir = std::env::temp_dir().join(format!("chuhe-admin-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = Db::open_sqlite_dir(&dir).await.expect("db");
    db.migrate().await.expect("migrate");
    for name in names {
        db.create_user(name, Some("hash"), false, PlayerRating::new(1400.0), 0)
            .await
            .expect("user");
    }
    db.create_user("guest-000001", None, true, PlayerRating::new(1400.0), 0)
        .await
        .expect("guest");
    (dir, db)
}

async fn titles(db: &Db, name: &str) -> TitleRecord {
    db.user_by_name(name).await.unwrap().unwrap().0.titles
}

fn data(dir: &Path) -> String {
    dir.display().to_string()
}

#[tokio::test]
async fn honorary_titles_are_set_and_cleared() {
    let (dir, db) = site("title", &["alice"]).await;
    let d = data(&dir);
    let out = chuhe(&[
        "admin",
        "title",
        "--user",
        "alice",
        "--honorary",
        "国家大师",
        "--data",
        &d,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "alice: 无称号 · 国家大师");
    assert_eq!(
        titles(&db, "alice").await.honorary,
        Some(HonoraryTitle::NationalMaster)
    );

    // Refusals change nothing.
    for (args, why) in [
        (
            vec!["--user", "alice", "--honorary", "象棋大师"],
            "unknown honorary title",
        ),
        (
            vec!["--user", "nobody", "--honorary", "国际特大"],
            "no user named",
        ),
        (
            vec!["--user", "guest-000001", "--honorary", "国际特大"],
            "guest",
        ),
    ] {
        let mut all = vec!["admin", "title"];
        all.extend(args);
        all.extend(["--data", &d]);
        let out = chuhe(&all);
        assert!(!out.status.success());
        assert!(text(&out.stderr).contains(why), "{}", text(&out.stderr));
    }
    assert_eq!(
        titles(&db, "alice").await.honorary,
        Some(HonoraryTitle::NationalMaster)
    );

    let out = chuhe(&[
        "admin",
        "title",
        "--user",
        "ALICE",
        "--honorary",
        "none",
        "--data",
        &d,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(titles(&db, "alice").await, TitleRecord::default());
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn tournament_titles_are_awarded_on_the_sites_ladder() {
    let (dir, db) = site("award", &["bob", "carol"]).await;
    let d = data(&dir);
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "bob",
        "--title",
        "一级大师",
        "--data",
        &d,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "bob: 一级大师");
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "bob",
        "--title",
        "特级大师",
        "--data",
        &d,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "bob: 特级大师");
    // A lower award keeps the higher title.
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "bob",
        "--title",
        "一级大师",
        "--data",
        &d,
    ]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("already holds 特级大师"));
    let held = titles(&db, "bob").await.awarded.map(|t| t.zh());
    assert_eq!(held, Some("特级大师"));

    // Titles earned by rating, or of another ladder, are refused.
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "carol",
        "--title",
        "二级大师",
        "--data",
        &d,
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("earned by rating"),
        "{}",
        text(&out.stderr)
    );
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "carol",
        "--title",
        "大将军",
        "--data",
        &d,
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not a title of the ourgame ladder"));
    assert_eq!(titles(&db, "carol").await, TitleRecord::default());

    // With the lotto profile (from the config file) its ladder applies.
    let config = dir.join("chuhe.toml");
    std::fs::write(&config, "rating_profile = \"lotto\"\n").unwrap();
    let c = config.display().to_string();
    let out = chuhe(&[
        "admin",
        "award",
        "--user",
        "carol",
        "--title",
        "大将军",
        "--data",
        &d,
        "--config",
        &c,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "carol: 大将军");
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
