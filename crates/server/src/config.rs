//! Server configuration: read from a TOML file (every key optional, documented defaults) and
//! overridden by command-line flags. See `chuhe.example.toml` at the repository root.

pub use events::settings::{EventsSettings, TournamentsConfig};
use kit::limits::Limits;
use platform::clock::TimeControl;
use platform::table::TableConfig;
use serde::Deserialize;
use std::path::{Path, PathBuf};
pub use tables::room_config::RoomConfig;
pub use tables::settings::{EconomyConfig, TableSettings};
use thiserror::Error;

/// Why the configuration could not be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not valid TOML for this configuration.
    #[error("bad configuration: {0}")]
    Parse(#[from] toml::de::Error),
    /// A value is out of range or unknown.
    #[error("bad configuration: {0}")]
    Invalid(String),
}

/// The whole configuration. Every field has a default (see [`Config::default`]).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address to listen on.
    pub listen: String,
    /// Folder for the SQLite database when no `database_url` is given.
    pub data_dir: PathBuf,
    /// `postgres://…` or `sqlite://…`; `None`: SQLite in `data_dir`.
    pub database_url: Option<String>,
    /// Rating profile (`ourgame`, `lotto`, `qq`, `glicko2`).
    pub rating_profile: String,
    /// Session lifetime in days.
    pub session_days: u64,
    /// Mark cookies `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// Extra origins allowed to open WebSockets (the server's own origin always is).
    pub allowed_origins: Vec<String>,
    /// Login attempts allowed per name and per IP address per minute.
    pub login_attempts_per_minute: u32,
    /// Seconds a disconnected player may stay away during a game before losing.
    pub reconnect_grace_secs: u64,
    /// Milliseconds a room table stays started after it became idle (nobody at it, nothing
    /// pending) before its task stops and it is held dormant again (0: never).
    pub idle_table_ms: u64,
    /// Seconds each side has for its first move (0: no deadline).
    pub first_move_deadline_secs: u64,
    /// Undos each player may have granted per game (0 forbids undo at human tables).
    pub max_undos: u32,
    /// Longest chat message, in characters.
    pub chat_max_chars: usize,
    /// Chat messages allowed per user within `chat_window_secs`.
    pub chat_burst: usize,
    /// The chat flood window in seconds.
    pub chat_window_secs: u64,
    /// WebSocket messages a connection may send per second (bursts up to twice that).
    pub ws_messages_per_sec: u32,
    /// Threads running the server's tasks (0: [`Config::runtime_threads`] picks twice the
    /// cores, at least four).
    pub worker_threads: usize,
    /// Engine worker threads for games against the computer.
    pub ai_workers: usize,
    /// Games against the computer one user may have in progress at once (over all connections).
    pub ai_games_per_user: usize,
    /// Coins: grants, rewards, wagers and betting.
    pub economy: EconomyConfig,
    /// Quick pairing and seeks (`[seeks]`).
    pub seeks: tables::seek::SeekConfig,
    /// Several nodes as one site (`[cluster]`).
    pub cluster: cluster::ClusterConfig,
    /// Who may read `/metrics` (`[metrics]`).
    pub metrics: kit::metrics::MetricsConfig,
    /// Bounds against hostile clients (`[limits]`).
    pub limits: Limits,
    /// The rooms of the lobby.
    pub rooms: Vec<RoomConfig>,
    /// Tournaments (`[tournaments]`).
    pub tournaments: TournamentsConfig,
    /// Ladders (`[[ladders]]`, docs/ladder.md); none by default.
    pub ladders: Vec<events::ladder::LadderSpec>,
    /// Behaviour records, bans and moderators (`[behaviour]`, docs/behaviour.md).
    pub behaviour: tables::behaviour::BehaviourConfig,
    /// Engine analyses of finished games (`[analysis]`, docs/analysis.md).
    pub analysis: tables::analysis::AnalysisConfig,
    /// The computer's opening book from the masters' games (`[book]`, docs/masters.md).
    pub book: tables::ai::book::BookConfig,
    /// `[masters]`: the masters database's shipped set (docs/masters.md).
    pub masters: crate::masters_boot::MastersConfig,
    /// `[puzzles]`: the shipped puzzles (docs/puzzles.md).
    pub puzzles: crate::puzzles_boot::PuzzlesConfig,
}

impl Default for Config {
    fn default() -> Self {
        let room = |id: &str, name: &str, min_coins| RoomConfig {
            min_coins,
            ..RoomConfig::new(id, name, 20)
        };
        Config {
            listen: "127.0.0.1:8080".to_owned(),
            data_dir: PathBuf::from("chuhe-data"),
            database_url: None,
            rating_profile: "ourgame".to_owned(),
            session_days: 30,
            secure_cookies: false,
            allowed_origins: Vec::new(),
            login_attempts_per_minute: 5,
            reconnect_grace_secs: 60,
            idle_table_ms: 30_000,
            first_move_deadline_secs: 30,
            max_undos: 3,
            chat_max_chars: 140,
            chat_burst: 5,
            chat_window_secs: 10,
            ws_messages_per_sec: 20,
            worker_threads: 0,
            ai_workers: 2,
            ai_games_per_user: 3,
            economy: EconomyConfig::default(),
            seeks: tables::seek::SeekConfig::default(),
            cluster: cluster::ClusterConfig::default(),
            metrics: kit::metrics::MetricsConfig::default(),
            limits: Limits::default(),
            tournaments: TournamentsConfig::default(),
            ladders: Vec::new(),
            behaviour: tables::behaviour::BehaviourConfig::default(),
            analysis: tables::analysis::AnalysisConfig::default(),
            book: tables::ai::book::BookConfig::default(),
            masters: crate::masters_boot::MastersConfig::default(),
            puzzles: crate::puzzles_boot::PuzzlesConfig::default(),
            rooms: vec![
                room("beginner", "Beginner", 0),
                room("intermediate", "Intermediate", 100),
                room("advanced", "Advanced", 1_000),
            ],
        }
    }
}

/// Most `worker_threads` a configuration may ask for.
const MAX_WORKER_THREADS: usize = 256;

impl Config {
    /// The threads to run the server's tasks on: `worker_threads`, or when that is 0 twice
    /// the cores and at least four. More threads than cores keep moves flowing while the
    /// kernel runs the database or other processes on a core (docs/performance.md,
    /// "Threads for the server's tasks").
    #[must_use]
    pub fn runtime_threads(&self) -> usize {
        if self.worker_threads > 0 {
            return self.worker_threads;
        }
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        (2 * cores).max(4)
    }

    /// Reads `path` (TOML); missing keys take their defaults.
    ///
    /// # Errors
    /// [`ConfigError`] if the file cannot be read, parsed or validated.
    pub fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        Config::from_toml(&text)
    }

    /// Parses TOML text.
    ///
    /// # Errors
    /// [`ConfigError`] if the text is not a valid configuration.
    pub fn from_toml(text: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text)?;
        config.validate()?;
        Ok(config)
    }

    /// Checks values that TOML types cannot.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] naming the first problem.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let bad = |s: String| Err(ConfigError::Invalid(s));
        if let Some(problem) = tables::room_config::rooms_problem(&self.rooms) {
            return bad(problem);
        }
        if let Some(problem) = self.tournaments.problem() {
            return bad(problem);
        }
        if self
            .rating_profile
            .parse::<platform::rating::Profile>()
            .is_err()
        {
            return bad(format!("unknown rating profile {:?}", self.rating_profile));
        }
        if let Some(problem) = self.economy.problem() {
            return bad(problem);
        }
        if self.ai_workers == 0 {
            return bad("ai_workers must be at least 1".into());
        }
        if self.worker_threads > MAX_WORKER_THREADS {
            return bad(format!(
                "worker_threads must be at most {MAX_WORKER_THREADS} (0: automatic)"
            ));
        }
        if self.ws_messages_per_sec == 0 || self.login_attempts_per_minute == 0 {
            return bad("rate limits must be at least 1".into());
        }
        if let Some(problem) = self.seeks.problem() {
            return bad(problem.into());
        }
        if let Some(problem) = self.metrics.problem() {
            return bad(problem.into());
        }
        if let Some(problem) = self.cluster.problem() {
            return bad(problem.into());
        }
        events::ladder::spec::check_all(&self.ladders).map_err(ConfigError::Invalid)?;
        if let Some(problem) = self.limits.problem() {
            return bad(problem.into());
        }
        if let Some(problem) = self.analysis.problem() {
            return bad(problem.into());
        }
        if let Some(problem) = self.book.problem() {
            return bad(problem.into());
        }
        Ok(())
    }

    /// The sections the tables read.
    #[must_use]
    pub fn table_settings(&self) -> TableSettings {
        TableSettings {
            reconnect_grace_secs: self.reconnect_grace_secs,
            first_move_deadline_secs: self.first_move_deadline_secs,
            max_undos: self.max_undos,
            chat_max_chars: self.chat_max_chars,
            chat_burst: self.chat_burst,
            chat_window_secs: self.chat_window_secs,
            idle_table_ms: self.idle_table_ms,
            ai_games_per_user: self.ai_games_per_user,
            economy: self.economy.clone(),
            seeks: self.seeks.clone(),
            behaviour: self.behaviour.clone(),
            analysis: self.analysis.clone(),
            book: self.book.clone(),
            rooms: self.rooms.clone(),
        }
    }

    /// The sections the events read.
    #[must_use]
    pub fn events_settings(&self) -> EventsSettings {
        EventsSettings {
            tournaments: self.tournaments.clone(),
            ladders: self.ladders.clone(),
        }
    }

    /// The table settings shared by all human tables.
    #[must_use]
    pub fn table_config(&self, control: TimeControl) -> TableConfig {
        self.table_settings().table_config(control)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_gives_defaults_and_bad_values_are_refused() {
        let c = Config::from_toml("").unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.rooms.len(), 3);
        let c = Config::from_toml(
            "listen = \"0.0.0.0:9\"\n[[rooms]]\nid=\"a\"\nname=\"A\"\ntables=2\n",
        )
        .unwrap();
        assert_eq!(c.rooms.len(), 1);
        assert_eq!(c.listen, "0.0.0.0:9");
        assert!(Config::from_toml("nonsense = 1").is_err());
        assert!(Config::from_toml("[[rooms]]\nid=\"a\"\nname=\"A\"\ntables=0\n").is_err());
        assert!(Config::from_toml("rating_profile = \"chess.com\"").is_err());
        assert!(Config::from_toml("[economy]\nstarting_grant = -1").is_err());
        assert!(Config::from_toml("[limits]\nconnections_per_ip = 0").is_err());
        assert!(Config::from_toml("[limits]\nws_max_message_bytes = 10").is_err());
    }

    #[test]
    fn the_browser_tests_configuration_is_valid() {
        let c = Config::from_toml(include_str!("../../../e2e/chuhe-e2e.toml")).unwrap();
        assert!(c.limits.accounts_per_ip_per_minute >= 1_000);
    }

    #[test]
    fn the_example_file_documents_exactly_the_defaults() {
        let c = Config::from_toml(include_str!("../../../chuhe.example.toml")).unwrap();
        assert_eq!(c, Config::default());
    }

    #[test]
    fn worker_threads_are_as_configured_or_twice_the_cores_and_at_least_four() {
        let c = Config::from_toml("worker_threads = 3").unwrap();
        assert_eq!(c.runtime_threads(), 3);
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(Config::default().runtime_threads(), (2 * cores).max(4));
        assert!(Config::from_toml("worker_threads = 257").is_err());
    }
}
