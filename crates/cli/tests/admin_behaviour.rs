//! `chuhe admin ban|mute|lift|reports` end to end, on a real SQLite database.

use platform::rating::PlayerRating;
use platform::{Millis, UserId};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use store::{Db, SanctionKind};

fn chuhe(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(args)
        .args(["--data", &dir.display().to_string()])
        .output()
        .expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

async fn site(names: &[&str]) -> (PathBuf, Db, Vec<UserId>) {
    let dir = std::env::temp_dir().join(format!("chuhe-admin-behave-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = Db::open_sqlite_dir(&dir).await.expect("db");
    db.migrate().await.expect("migrate");
    let mut ids = Vec::new();
    for name in names {
        let u = db
            .create_user(name, Some("hash"), false, PlayerRating::new(1400.0), 0)
            .await
            .expect("user");
        ids.push(u.id);
    }
    (dir, db, ids)
}

#[tokio::test]
async fn ban_mute_lift_and_reports() {
    let (dir, db, ids) = site(&["alice", "bob"]).await;
    let now = || kit::clock::now();
    let out = chuhe(
        &[
            "admin",
            "ban",
            "--user",
            "bob",
            "--minutes",
            "60",
            "--reason",
            "abuse",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("ban bob for 60 min"),
        "{}",
        text(&out.stdout)
    );
    let ban = db
        .active_sanction(ids[1], SanctionKind::Ban, now())
        .await
        .unwrap()
        .expect("banned");
    assert_eq!(ban.reason, "abuse");
    assert!(ban.ends_at.0 > now().0 + 59 * 60_000);
    let out = chuhe(
        &[
            "admin",
            "mute",
            "--user",
            "bob",
            "--minutes",
            "5",
            "--reason",
            "spam",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));

    // Refusals change nothing.
    for (args, why) in [
        (
            vec![
                "admin",
                "ban",
                "--user",
                "nobody",
                "--minutes",
                "5",
                "--reason",
                "x",
            ],
            "no user named",
        ),
        (
            vec![
                "admin",
                "ban",
                "--user",
                "alice",
                "--minutes",
                "0",
                "--reason",
                "x",
            ],
            "--minutes",
        ),
        (
            vec![
                "admin",
                "mute",
                "--user",
                "alice",
                "--minutes",
                "5",
                "--reason",
                " ",
            ],
            "reason",
        ),
        (
            vec!["admin", "lift", "--user", "alice", "--kind", "jail"],
            "unknown sanction",
        ),
    ] {
        let out = chuhe(&args, &dir);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains(why),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    assert!(db
        .active_sanction(ids[0], SanctionKind::Ban, now())
        .await
        .unwrap()
        .is_none());
    assert!(db
        .active_sanction(ids[0], SanctionKind::Mute, now())
        .await
        .unwrap()
        .is_none());

    // Lifting only the ban leaves the mute.
    let out = chuhe(&["admin", "lift", "--user", "bob", "--kind", "ban"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "lifted 1 sanction(s) of bob");
    assert!(db
        .active_sanction(ids[1], SanctionKind::Ban, now())
        .await
        .unwrap()
        .is_none());
    assert!(db
        .active_sanction(ids[1], SanctionKind::Mute, now())
        .await
        .unwrap()
        .is_some());

    // Reports: listed, closed, then only with --all.
    let id = db
        .create_report(ids[0], ids[1], "rude in chat", Millis(1))
        .await
        .unwrap()
        .expect("stored");
    assert_eq!(
        db.create_report(ids[0], ids[1], "again", Millis(2))
            .await
            .unwrap(),
        None
    );
    let out = chuhe(&["admin", "reports"], &dir);
    assert_eq!(
        text(&out.stdout).trim(),
        format!("#{id} open alice reports bob: rude in chat")
    );
    let out = chuhe(&["admin", "reports", "--close", &id.to_string()], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&chuhe(&["admin", "reports"], &dir).stdout).trim(),
        "no reports"
    );
    let all = text(&chuhe(&["admin", "reports", "--all"], &dir).stdout);
    assert!(all.contains(&format!("#{id} closed")), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}
