//! `--data DIR` / `--database URL` / `--config FILE`: which database an offline command works on,
//! chosen as `chuhe serve` chooses it (URL, else DATABASE_URL, else SQLite in the data folder).

use clap::Args as ClapArgs;
use server::Config;
use std::path::PathBuf;
use store::Db;

/// The database options shared by offline commands, as for `chuhe serve`.
#[derive(ClapArgs, Debug)]
pub struct DbArgs {
    /// Folder of the SQLite database (default ./chuhe-data, or the config file's `data_dir`).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Database URL (`postgres://…`); also read from DATABASE_URL. Default: SQLite in --data.
    #[arg(long)]
    database: Option<String>,
    /// TOML configuration file (see chuhe.example.toml); every key is optional.
    #[arg(long)]
    config: Option<PathBuf>,
}

impl DbArgs {
    /// The configuration: the file (or the defaults), then `--data` and `--database` (or
    /// DATABASE_URL) on top.
    ///
    /// # Errors
    /// A message if the configuration file cannot be read.
    pub fn config(&self) -> Result<Config, String> {
        let mut config = match &self.config {
            Some(path) => Config::from_file(path).map_err(|e| e.to_string())?,
            None => Config::default(),
        };
        if let Some(d) = &self.data {
            config.data_dir.clone_from(d);
        }
        if let Some(url) = self
            .database
            .clone()
            .or_else(|| std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()))
        {
            config.database_url = Some(url);
        }
        Ok(config)
    }

    /// The configuration (file, then flags) and its database, migrated.
    ///
    /// # Errors
    /// A message if the configuration or the database cannot be used.
    pub async fn open(&self) -> Result<(Db, Config), String> {
        let config = self.config()?;
        config.validate().map_err(|e| e.to_string())?;
        let db = server::server::open_db(&config)
            .await
            .map_err(|e| e.to_string())?;
        db.migrate().await.map_err(|e| e.to_string())?;
        Ok((db, config))
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
