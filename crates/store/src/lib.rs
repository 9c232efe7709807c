//! Storage: one code path over SQLite and PostgreSQL through `sqlx::Any`.
//!
//! Queries use `$1` placeholders (both back ends accept them), integer columns are 64-bit and no
//! boolean columns are used, so every row decodes the same way on both. Migrations are embedded
//! and applied at start-up ([`Db::migrate`]).

#![warn(missing_docs)]

mod analyses;
mod behaviour;
mod bets;
mod checkpoint;
mod coin_recovery;
mod collections;
mod computers;
mod end_batch;
mod faults;
mod game_record;
mod games;
mod journal;
mod journal_entry;
mod journal_pg;
mod journal_sweep;
mod ladders;
mod leagues;
mod lease;
mod ledger;
mod ledger_books;
mod masters;
mod masters_explorer;
mod masters_search;
mod migrate;
mod node;
mod notices;
mod organisers;
mod pool_ratings;
mod probe;
mod puzzle_play;
mod puzzles;
mod ratings;
mod reports;
mod requests;
pub mod retry;
mod sessions;
mod settings;
mod settle;
mod sql;
mod teams;
mod tournaments;
mod unfinished;
mod users;
mod wager_close;
mod wager_summary;
mod wagers;
mod write_gate;

pub use analyses::{AnalysisJob, AnalysisState};
pub use behaviour::{NewSanction, SanctionKind, SanctionRow};
pub use bets::BetRow;
pub use coin_recovery::{recover_coins, recover_coins_except, Recoverer};
pub use collections::{CollectionEntry, CollectionFilter, NewCollectionGame};
pub use computers::computer_name;
pub use faults::{Fault, Faults};
pub use game_record::{decode_record, encode_record, FORMAT_COMPACT, FORMAT_LEGACY};
pub use games::{FinishedGame, GameRow, NewGame, UnfinishedGame};
pub use journal::JournalWriter;
pub use journal_entry::JournalEntry;
pub use ladders::LadderLogEntry;
pub use leagues::{LeagueLogEntry, LeagueRow};
pub use lease::{Epoch, Fence, Grant, Owner, TableKind};
pub use ledger::DbTx;
pub use ledger_books::{LedgerReport, Statement};
pub use masters::{position_key, result_code, MasterPosition, MastersSource, NewMasterGame};
pub use masters_explorer::{ExplorerCounts, ExplorerMove};
pub use masters_search::{MasterEntry, MastersFilter};
pub use node::{Lease, Node, NodeConfig};
pub use notices::{NoticeRow, NOTICES_KEPT};
pub use organisers::OrganiserRow;
pub use pool_ratings::PoolRating;
pub use puzzle_play::{RoundOutcome, RunRow};
pub use puzzles::NEAR as PUZZLES_NEAR;
pub use ratings::{RateRequest, RatingLine, RatingOutcome, RatingPoint, Ratings};
pub use reports::ReportRow;
pub use requests::{KeyedRequest, StoredRequest};
pub use settle::StoredParts;
pub use teams::{MemberResults, TeamChange, TeamOp, TeamRoster, TeamSummary};
pub use tournaments::{EndedGame, TournamentLogEntry, TournamentRow};
pub use users::UserRow;
pub use wager_close::{close_of, color_index, wager_write};
pub use wager_summary::{permille, CloseSummary, StatementView};
pub use wagers::{mode_name, pick_name, wager_status, CoinWrite, Stored, WagerClose, WagerHistory};

use platform::GameId;
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use sqlx::Executor;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

/// A storage failure.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// The name is already taken.
    #[error("name taken")]
    NameTaken,
    /// Stored data could not be read back.
    #[error("corrupt stored data: {0}")]
    Corrupt(String),
    /// The game is not (or no longer) in progress: its end was stored already.
    #[error("game {0} is not in progress")]
    NotInProgress(GameId),
    /// A journal append was not committed.
    #[error("journal write failed: {0}")]
    JournalFailed(String),
    /// The journal writer is gone (shutting down).
    #[error("journal writer stopped")]
    WriterGone,
    /// The table's write was refused: another node was granted it since (its stored epoch is no
    /// longer the writer's). The writer must drop the table and never write for it again.
    #[error("table {} is owned by another node now", .0 .0)]
    Fenced(platform::TableId),
    /// Another running process beats under this node's id (`[cluster] node_id` must be unique).
    #[error("node id {0:?} is in use by another running node: give every node its own node_id")]
    NodeIdInUse(String),
    /// A write failed on purpose (see [`Faults`]).
    #[error("injected failure: {0:?}")]
    Injected(Fault),
    /// A team's rules refused the change (`platform::team`); nothing was written.
    #[error(transparent)]
    Team(#[from] platform::team::TeamError),
    /// The ledger refused a transaction (`not_enough_coins`, `idempotency_conflict`, …).
    #[error(transparent)]
    Ledger(#[from] platform::ledger::LedgerError),
}

impl StoreError {
    /// The protocol's error code for a ledger refusal (`not_enough_coins`,
    /// `idempotency_conflict`, `bad_amount`, …), or `None` for other failures.
    #[must_use]
    pub fn ledger_code(&self) -> Option<&'static str> {
        match self {
            StoreError::Ledger(e) => Some(protocol::error_code::ErrorCode::from(e).as_str()),
            _ => None,
        }
    }
}

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite (a file under the data folder).
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Backend {
    /// `"sqlite"` or `"postgres"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// The database: a pool and its kind.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    faults: Arc<Faults>,
    /// Turns at SQLite's write lock (unused on PostgreSQL).
    gate: Arc<write_gate::WriteGate>,
    /// SQLite: game ends waiting together are stored in one transaction (`end_batch.rs`).
    ends: Option<end_batch::EndBatcher>,
}

impl Db {
    /// Connects to `url` (`sqlite://…` or `postgres://…`).
    ///
    /// # Errors
    /// [`StoreError::Db`] if the database cannot be reached.
    pub async fn connect(url: &str) -> Result<Db, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        let max = match backend {
            // Readers need no turn (WAL); writers take one before a connection (`write_gate`).
            Backend::Sqlite => 8,
            Backend::Postgres => 16,
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .acquire_timeout(Duration::from_secs(10))
            .acquire_slow_threshold(probe::SLOW)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // A new database gets small pages: each commit writes whole pages to
                        // the log, and most commits carry a few rows of the journal
                        // (docs/performance.md, issue 40). No effect on an existing database.
                        let page = checkpoint::PAGE_SIZE;
                        conn.execute(format!("PRAGMA page_size = {page}").as_str())
                            .await?;
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        let pages = checkpoint::AUTOCHECKPOINT_PAGES;
                        conn.execute(format!("PRAGMA wal_autocheckpoint = {pages}").as_str())
                            .await?;
                        let limit = checkpoint::JOURNAL_SIZE_LIMIT;
                        conn.execute(format!("PRAGMA journal_size_limit = {limit}").as_str())
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        let mut db = Db {
            pool,
            backend,
            faults: Arc::default(),
            gate: Arc::default(),
            ends: None,
        };
        if backend == Backend::Sqlite {
            checkpoint::spawn(db.clone());
            journal_sweep::spawn(db.clone());
            db.ends = Some(end_batch::EndBatcher::start(db.clone()));
        }
        probe::spawn(db.clone());
        Ok(db)
    }

    /// Opens (creating it if needed) the SQLite database `chuhe.db` in `dir`.
    ///
    /// # Errors
    /// [`StoreError`] if the folder or database cannot be created.
    pub async fn open_sqlite_dir(dir: &Path) -> Result<Db, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Db(sqlx::Error::Io(e)))?;
        let path = dir.join("chuhe.db");
        Db::connect(&format!("sqlite://{}?mode=rwc", path.display())).await
    }

    /// The back end.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The fault-injection seam (tests arm it; see [`Faults`]).
    #[must_use]
    pub fn faults(&self) -> &Faults {
        &self.faults
    }

    /// `Err` if a test armed `fault` for this write.
    pub(crate) fn check_fault(&self, fault: Fault) -> Result<(), StoreError> {
        if self.faults.hit(fault) {
            Err(StoreError::Injected(fault))
        } else {
            Ok(())
        }
    }

    /// Waits for a turn at SQLite's write lock (`write_gate.rs`); on PostgreSQL at once.
    pub(crate) async fn write_turn(
        &self,
        priority: write_gate::Priority,
    ) -> Option<write_gate::WriteTurn> {
        match self.backend {
            Backend::Sqlite => Some(self.gate.turn(priority).await),
            Backend::Postgres => None,
        }
    }

    /// The pool.
    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
