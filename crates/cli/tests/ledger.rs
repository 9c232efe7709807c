//! `chuhe admin grant` and `chuhe ledger check`, run as the built binary on a real database:
//! SQLite in a temporary folder, or a fresh PostgreSQL schema when `CHUHE_TEST_DATABASE_URL`
//! is set.

use std::path::PathBuf;
use std::process::{Command, Output};
use store::Db;

/// Where a test's data lives, and the flags that name it.
struct Data {
    flags: Vec<String>,
    url: String,
    dir: Option<PathBuf>,
}

impl Data {
    async fn new(name: &str) -> Data {
        sqlx::any::install_default_drivers();
        if let Some(base) = std::env::var("CHUHE_TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            let schema = format!("cli_{name}_{}", std::process::id());
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base)
                .await
                .expect("connect");
            sqlx::Executor::execute(&mut conn, format!("CREATE SCHEMA {schema}").as_str())
                .await
                .expect("create schema");
            let sep = if base.contains('?') { '&' } else { '?' };
            let url = format!("{base}{sep}options=-c%20search_path%3D{schema}");
            return Data {
                flags: vec!["--database".into(), url.clone()],
                url,
                dir: None,
            };
        }
        let dir = std::env::temp_dir().join(format!("chuhe-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Data {
            flags: vec!["--data".into(), dir.display().to_string()],
            url: format!("sqlite://{}?mode=rwc", dir.join("chuhe.db").display()),
            dir: Some(dir),
        }
    }

    /// The database, migrated, with a registered user `name` (no coins yet).
    async fn with_user(&self, name: &str) -> Db {
        let db = match &self.dir {
            Some(dir) => Db::open_sqlite_dir(dir).await,
            None => Db::connect(&self.url).await,
        }
        .expect("open");
        db.migrate().await.expect("migrate");
        let rating = platform::rating::Profile::default().initial();
        db.create_user(name, Some("x"), false, rating, 0)
            .await
            .expect("user");
        db
    }

    fn chuhe(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(args)
            .args(&self.flags)
            .env_remove("DATABASE_URL")
            .output()
            .expect("run chuhe")
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[tokio::test]
async fn admin_grant_applies_once_per_key_and_the_check_passes() {
    let data = Data::new("grant").await;
    let db = data.with_user("carol").await;
    db.close().await;

    let grant = [
        "admin", "grant", "--user", "carol", "--amount", "150", "--key", "k1", "--memo", "prize",
    ];
    let out = data.chuhe(&grant);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("granted 150 coins to carol") && stdout(&out).contains("balance 150"),
        "{}",
        stdout(&out)
    );
    // The same key again grants nothing more.
    let out = data.chuhe(&grant);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("already granted"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("carol has 150 coins"),
        "{}",
        stdout(&out)
    );
    // The same key for another amount is refused; so are a bad amount and an unknown user.
    let out = data.chuhe(&[
        "admin", "grant", "--user", "carol", "--amount", "151", "--key", "k1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("different transaction"),
        "{}",
        stderr(&out)
    );
    let out = data.chuhe(&["admin", "grant", "--user", "carol", "--amount", "0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--amount must be above zero"));
    let out = data.chuhe(&["admin", "grant", "--user", "nobody", "--amount", "5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no user named \"nobody\""),
        "{}",
        stderr(&out)
    );
    // Without a key every run grants.
    let out = data.chuhe(&["admin", "grant", "--user", "CAROL", "--amount", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("balance 155"), "{}", stdout(&out));

    let out = data.chuhe(&["ledger", "check"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let report = stdout(&out);
    for line in [
        "accounts: 2",
        "transactions: 2",
        "sum of balances: 0",
        "coins issued: 155",
        "ok: every balance equals the sum of its entries",
    ] {
        assert!(report.contains(line), "{line:?} in {report}");
    }
}

#[tokio::test]
async fn ledger_check_exits_1_and_names_each_discrepancy() {
    let data = Data::new("check").await;
    let db = data.with_user("dave").await;
    let out = data.chuhe(&["admin", "grant", "--user", "dave", "--amount", "100"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Tamper with the stored balance behind the ledger's back.
    sqlx::query("UPDATE ledger_accounts SET balance = balance + 5 WHERE account = 'user:1'")
        .execute(db.pool())
        .await
        .expect("tamper");
    db.close().await;

    let out = data.chuhe(&["ledger", "check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let report = stdout(&out);
    assert!(report.contains("2 discrepancies:"), "{report}");
    assert!(
        report.contains("balance of user:1 is 105 but its entries sum to 100"),
        "{report}"
    );
    assert!(report.contains("balances sum to 5, not zero"), "{report}");
    assert!(stderr(&out).contains("the ledger has 2 discrepancies"));
}

#[tokio::test]
async fn admin_grant_stops_at_max_coins() {
    let data = Data::new("maxgrant").await;
    data.with_user("erin").await.close().await;
    let max = platform::ledger::MAX_COINS.get();
    let over = (max + 1).to_string();
    let out = data.chuhe(&["admin", "grant", "--user", "erin", "--amount", &over]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("above the maximum"),
        "{}",
        stderr(&out)
    );
    let out = data.chuhe(&[
        "admin",
        "grant",
        "--user",
        "erin",
        "--amount",
        &max.to_string(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A grant may not take a balance above the maximum either.
    let out = data.chuhe(&["admin", "grant", "--user", "erin", "--amount", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("above the maximum"),
        "{}",
        stderr(&out)
    );
    let out = data.chuhe(&["ledger", "check"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(&format!("coins issued: {max}")));
}
