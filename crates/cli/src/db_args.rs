//! `--data DIR` / `--database URL`: which database an offline command works on, chosen as
//! `chuhe serve` chooses it (URL, else DATABASE_URL, else SQLite in the data folder).

use clap::Args as ClapArgs;
use server::store::Db;
use std::path::PathBuf;

/// The database options shared by offline commands.
#[derive(ClapArgs, Debug)]
pub struct DbArgs {
    /// Folder of the SQLite database (default ./chuhe-data).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Database URL (`postgres://…`); also read from DATABASE_URL. Default: SQLite in --data.
    #[arg(long)]
    database: Option<String>,
}

impl DbArgs {
    /// Opens the database and brings its schema up to date.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(&self) -> Result<Db, String> {
        let url = self
            .database
            .clone()
            .or_else(|| std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()));
        let db = match url {
            Some(url) => Db::connect(&url).await,
            None => {
                let dir = self
                    .data
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("chuhe-data"));
                Db::open_sqlite_dir(&dir).await
            }
        }
        .map_err(|e| e.to_string())?;
        db.migrate().await.map_err(|e| e.to_string())?;
        Ok(db)
    }
}

/// Runs `f` on a fresh single-threaded runtime.
///
/// # Errors
/// The runtime cannot start, or `f` fails.
pub fn block_on<T>(f: impl std::future::Future<Output = Result<T, String>>) -> Result<T, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?
        .block_on(f)
}
