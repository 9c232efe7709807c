//! The real `chuhe serve` binary for the tests that stop it: [`Store`] (SQLite in a temporary
//! folder, or a fresh PostgreSQL schema when `CHUHE_TEST_DATABASE_URL` is set) and [`Serve`]
//! (started on a free port, killed with SIGKILL or stopped with SIGTERM).
#![allow(dead_code)] // not every test binary uses every helper

use client::HttpClient;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where the server keeps its data.
pub enum Store {
    /// SQLite in this folder.
    Sqlite(PathBuf),
    /// PostgreSQL at this URL (its own schema).
    Postgres(String),
}

impl Store {
    /// SQLite under `dir`, or a fresh PostgreSQL schema.
    pub async fn new(dir: &Path) -> Store {
        Store::tagged(dir, "").await
    }

    /// As [`Store::new`]; the schema's name ends with `tag`, so that several tests of one
    /// binary (one process) each get their own.
    pub async fn tagged(dir: &Path, tag: &str) -> Store {
        let Some(base) = std::env::var("CHUHE_TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        else {
            return Store::Sqlite(dir.join("data"));
        };
        let schema = format!("r{}{tag}", std::process::id());
        sql(&base, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
        sql(&base, &format!("CREATE SCHEMA {schema}")).await;
        let sep = if base.contains('?') { '&' } else { '?' };
        Store::Postgres(format!("{base}{sep}options=-c%20search_path%3D{schema}"))
    }

    /// The database URL.
    pub fn url(&self) -> String {
        match self {
            Store::Sqlite(dir) => format!("sqlite://{}?mode=rwc", dir.join("chuhe.db").display()),
            Store::Postgres(url) => url.clone(),
        }
    }

    /// The `--data`/`--database` arguments of `chuhe`.
    pub fn args(&self) -> [String; 2] {
        match self {
            Store::Sqlite(dir) => ["--data".into(), dir.display().to_string()],
            Store::Postgres(url) => ["--database".into(), url.clone()],
        }
    }
}

/// Runs one statement on `url`.
pub async fn sql(url: &str, statement: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url)
        .await
        .expect("connect to the test database");
    sqlx::Executor::execute(&mut conn, statement)
        .await
        .expect("statement");
}

/// A running `chuhe serve`; killed with SIGKILL when dropped.
pub struct Serve {
    /// The process.
    pub child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

/// Turns the shipped masters' first-start load off in the config at `path` (its background
/// writes would hold a shared SQLite file's lock at the instant a test stops a node).
fn without_masters(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    if !text.contains("[masters]") {
        let text =
            format!("{text}\n[masters]\nload_shipped = false\n\n[puzzles]\nload_shipped = false\n");
        std::fs::write(path, text).expect("config");
    }
}

impl Serve {
    /// Starts `chuhe serve --config DIR/chuhe.toml` and waits for `/healthz`.
    pub async fn start(dir: &Path, store: &Store) -> Serve {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        without_masters(&dir.join("chuhe.toml"));
        let child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .arg("serve")
            .arg("--config")
            .arg(dir.join("chuhe.toml"))
            .args(store.args())
            .arg("--listen")
            .arg(addr.to_string())
            .env(
                "RUST_LOG",
                std::env::var("SERVE_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdout(Stdio::null())
            .stderr(match std::env::var("SERVE_LOG_DIR") {
                Ok(d) => {
                    Stdio::from(std::fs::File::create(format!("{d}/{port}.log")).expect("log file"))
                }
                Err(_) => Stdio::null(),
            })
            .spawn()
            .expect("start chuhe serve");
        let mut serve = Serve { child, addr };
        let deadline = Instant::now() + Duration::from_secs(60);
        let http = HttpClient::new(addr);
        loop {
            if let Ok((200, _)) = http.get("/healthz").await {
                return serve;
            }
            if let Ok(Some(status)) = serve.child.try_wait() {
                panic!("chuhe serve exited: {status}");
            }
            assert!(Instant::now() < deadline, "chuhe serve did not come up");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// `kill -9`: `Child::kill` sends SIGKILL on Unix; nothing in the server gets to run.
    pub fn kill9(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reap");
    }

    /// `kill -TERM`, as a deploy stops a service: the server stops gracefully.
    pub fn terminate(mut self) {
        let status = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .expect("kill -TERM");
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "chuhe serve exited with {status}");
                return;
            }
            assert!(
                Instant::now() < deadline,
                "chuhe serve did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
