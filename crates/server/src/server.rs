//! Start-up and shutdown: connect and migrate the database, create the rooms' tables, bring back
//! games that were in progress, beat the heartbeat, and serve HTTP.

use crate::ai::{EnginePool, Opponent};
use crate::config::{preset, Config};
use crate::http::hashing::Hashing;
use crate::http::limit::AttemptLimiter;
use crate::lobby::{Lobby, RoomInfo};
use crate::state::{AppState, Shared};
use crate::store::{Db, JournalWriter, StoreError, UnfinishedGame};
use crate::table::{ai_setup, restored_ai_side, spawn_table, Registry, TableMsg, TableSetup};
use crate::ws::sockets::UserSockets;
use crate::{app, clock};
use platform::rating::Profile;
use platform::{Millis, TableId};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How often the server records that it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The configuration is unusable.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound, or serving failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
    /// A table could not be created.
    #[error("table setup: {0}")]
    Table(String),
}

/// A server that is running.
pub struct RunningServer {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its state.
    pub state: AppState,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<()>,
    heartbeat: JoinHandle<()>,
    pickup: JoinHandle<()>,
}

impl RunningServer {
    /// Stops accepting requests, stops the tables, and closes the database.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(());
        self.heartbeat.abort();
        self.pickup.abort();
        self.state
            .sockets
            .close_all(crate::table::Close::GOING_AWAY);
        for t in self.state.tables.all() {
            let (done, wait) = oneshot::channel();
            if t.send(TableMsg::Stop(done)).await {
                let _ = wait.await;
            }
        }
        let _ = self.task.await;
        self.state.db.close().await;
    }

    /// Serves until the process is stopped: Ctrl-C (SIGINT) or SIGTERM stops it gracefully
    /// (games in progress are paused and the pause journaled).
    ///
    /// # Errors
    /// [`ServerError::Io`] if serving fails.
    pub async fn run_until_ctrl_c(self) -> Result<(), ServerError> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let mut term = signal(SignalKind::terminate())?;
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down");
        self.shutdown().await;
        Ok(())
    }
}

/// Opens the configured database: `database_url`, else SQLite in `data_dir`.
///
/// # Errors
/// [`StoreError`] if it cannot be opened.
pub async fn open_db(config: &Config) -> Result<Db, StoreError> {
    match &config.database_url {
        Some(url) => Db::connect(url).await,
        None => Db::open_sqlite_dir(&config.data_dir).await,
    }
}

/// Starts the server with `config`; the computer's moves come from `opponent`.
///
/// # Errors
/// [`ServerError`] if the configuration, database or address is unusable.
pub async fn start(
    config: Config,
    opponent: Arc<dyn Opponent>,
) -> Result<RunningServer, ServerError> {
    config.validate()?;
    let db = open_db(&config).await?;
    db.migrate().await?;
    let previous_beat = db.last_heartbeat().await?;
    let profile: Profile = config
        .rating_profile
        .parse()
        .map_err(crate::config::ConfigError::Invalid)?;
    let ladder = &engine::level::LADDER_ELO;
    let computers = db
        .computer_players(&profile, ladder, clock::now().0)
        .await?;
    let rooms: Vec<Arc<RoomInfo>> = config
        .rooms
        .iter()
        .map(|r| {
            Arc::new(RoomInfo {
                id: r.id.clone(),
                name: r.name.clone(),
                min_coins: r.min_coins,
            })
        })
        .collect();
    let (seeks, seek_rx) = crate::seek::SeekDesk::new();
    let state = AppState::new(Shared {
        seeks,
        profile,
        computers,
        journal: JournalWriter::spawn(db.clone()),
        tables: Registry::default(),
        tournaments: crate::tournament::Tournaments::default(),
        ladders: crate::ladder::Ladders::default(),
        sockets: UserSockets::default(),
        lobby: Lobby::new(rooms.clone()),
        engine: EnginePool::new(config.ai_workers, opponent),
        logins: AttemptLimiter::new(config.login_attempts_per_minute, Duration::from_secs(60)),
        new_accounts: AttemptLimiter::new(
            config.limits.accounts_per_ip_per_minute,
            Duration::from_secs(60),
        ),
        hashing: Hashing::new(
            config.limits.password_hashes_at_once,
            config.limits.password_hash_queue,
        ),
        epoch: format!("{:x}", clock::now().0),
        previous_beat,
        db: db.clone(),
        config: config.clone(),
    });

    // Wagers and pools whose game ended (or was never played) are settled before tables open.
    crate::store::recover_coins(&db, None).await?;
    let mut unfinished: HashMap<TableId, UnfinishedGame> = db
        .unfinished_games()
        .await?
        .into_iter()
        .map(|g| (g.game.table, g))
        .collect();
    let mut next_id = 1u64;
    for (room, rc) in rooms.iter().zip(&config.rooms) {
        let control = preset(&rc.time_control).unwrap_or_default();
        let mut table_config = config.table_config(control);
        if let Some(secs) = rc.first_move_deadline_secs {
            table_config.first_move_deadline = (secs > 0).then(|| Millis::from_secs(secs));
        }
        if let Some(fen) = &rc.start_fen {
            table_config.start = xiangqi::Position::from_fen(fen)
                .map_err(|e| ServerError::Table(format!("room {}: {e}", rc.id)))?;
        }
        for _ in 0..rc.tables {
            let id = TableId(next_id);
            let setup = TableSetup {
                id,
                room: room.clone(),
                config: table_config.clone(),
                ai: None,
                tournament: None,
            };
            let restore = unfinished.remove(&id).filter(|g| g.game.room == room.id);
            spawn_table(&state, setup, restore).map_err(|e| ServerError::Table(e.to_string()))?;
            next_id += 1;
        }
    }
    // Events in progress come back before orphaned games are abandoned: their directors take
    // their rounds' games out of `unfinished` and reopen those tables.
    crate::tournament::restore_all(&state, &mut unfinished).await?;
    crate::ladder::restore_all(&state, &mut unfinished).await?;
    let pickup = crate::tournament::spawn_pickup(&state);
    for (table, g) in unfinished {
        match restored_ai_side(&state, &g.game) {
            Some(ai) if g.game.room == "ai" => {
                state.tables.next_ai_id(TableId(table.0 + 1));
                let setup = ai_setup(&state, table, g.game.control.clone(), ai);
                spawn_table(&state, setup, Some(g))
                    .map_err(|e| ServerError::Table(e.to_string()))?;
            }
            _ => {
                tracing::warn!(
                    game = g.game.id.0,
                    table = table.0,
                    "the game's table no longer exists"
                );
                db.abandon_game(g.game.id, clock::now().0, &[], &[]).await?;
                crate::store::recover_coins(&db, Some(g.game.id)).await?;
            }
        }
    }

    tokio::spawn(crate::seek::desk::run(state.clone(), seek_rx));

    let beat_db = db.clone();
    let heartbeat = tokio::spawn(async move {
        let mut every = tokio::time::interval(HEARTBEAT);
        loop {
            every.tick().await;
            if let Err(e) = beat_db.heartbeat(clock::now().0).await {
                tracing::warn!("heartbeat: {e}");
            }
        }
    });

    let listener = TcpListener::bind(&config.listen).await?;
    let addr = listener.local_addr()?;
    let (shutdown, stop) = oneshot::channel::<()>();
    let router = app(state.clone());
    let limits = config.limits.clone();
    let task = tokio::spawn(async move {
        crate::serve::serve(listener, router, &limits, async move {
            let _ = stop.await;
        })
        .await;
    });
    tracing::info!(%addr, database = db.backend().name(), tables = state.tables.len(), "chuhe serving");
    Ok(RunningServer {
        addr,
        state,
        shutdown,
        task,
        heartbeat,
        pickup,
    })
}
