//! `chuhe admin …`: administrator commands, run against the site's database (also while the
//! server runs; players see a change the next time their profile is loaded). One file per
//! command: `cmd_admin_<name>.rs`.

use crate::cmd_admin_title;
use clap::{Args as ClapArgs, Subcommand};
use server::store::Db;
use server::Config;
use std::path::PathBuf;

/// Options of `chuhe admin`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: AdminCommand,
}

/// The administrator commands.
#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Set or clear a player's honorary title (国家大师, 国际大师, 国家特大, 国际特大 or none).
    Title(cmd_admin_title::TitleArgs),
    /// Award a tournament-only title (ourgame 特级大师/一级大师, lotto 大将军/骠骑将军); it stays
    /// whatever the rating does.
    Award(cmd_admin_title::AwardArgs),
}

/// Which database to use, as for `chuhe serve`.
#[derive(ClapArgs, Debug)]
pub struct DbArgs {
    /// Folder of the SQLite database (default ./chuhe-data, or the config file's `data_dir`).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Database URL (`postgres://…`); also read from DATABASE_URL. Default: SQLite in --data.
    #[arg(long)]
    database: Option<String>,
    /// The server's TOML configuration file (for the rating profile and the database).
    #[arg(long)]
    config: Option<PathBuf>,
}

impl DbArgs {
    /// The configuration (file, then flags) and its database, migrated.
    ///
    /// # Errors
    /// A message if the configuration or the database cannot be used.
    pub async fn open(&self) -> Result<(Db, Config), String> {
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
        config.validate().map_err(|e| e.to_string())?;
        let db = server::server::open_db(&config)
            .await
            .map_err(|e| e.to_string())?;
        db.migrate().await.map_err(|e| e.to_string())?;
        Ok((db, config))
    }
}

/// Runs one administrator command.
pub fn run(args: &Args) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        match &args.command {
            AdminCommand::Title(a) => cmd_admin_title::title(a).await,
            AdminCommand::Award(a) => cmd_admin_title::award(a).await,
        }
    })
}
