//! Start-up and shutdown: connect and migrate the database, join the site as a node (beat its
//! heartbeat), claim and open the rooms' tables that are this node's, bring back games that
//! were in progress, take over the tables of dead nodes, and serve HTTP; at a clean stop, pause
//! every game and release the tables.

use crate::app;
use crate::config::Config;
use crate::http::hashing::Hashing;
use crate::http::limit::AttemptLimiter;
use crate::state::{AppState, Shared};
use cluster::{takeover, Hooks, Node, Site, SiteParts};
use events::{Events, EventsParts, EventsSite};
use kit::clock;
use platform::rating::Profile;
use platform::TableId;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::{Db, JournalWriter, StoreError, UnfinishedGame};
use tables::ai::{EnginePool, Opponent};
use tables::lobby::{Lobby, RoomInfo};
use tables::sockets::UserSockets;
use tables::table::{Registry, TableMsg};
use tables::{Live, LiveParts, TableSite};
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

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
    /// The broker (NATS) could not be reached.
    #[error(transparent)]
    Broker(#[from] bus::BrokerError),
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
    watch: JoinHandle<()>,
    pickup: JoinHandle<()>,
    relays: Vec<JoinHandle<()>>,
    /// The first start's load of the shipped master games, while it runs (`[masters]`).
    pub masters_load: Option<JoinHandle<()>>,
    /// The first start's load of the shipped puzzles, while it runs (`[puzzles]`).
    pub puzzles_load: Option<JoinHandle<()>>,
}

impl RunningServer {
    /// Stops accepting requests, stops the tables, and closes the database.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(());
        self.watch.abort();
        self.pickup.abort();
        if let Some(load) = &self.masters_load {
            load.abort();
        }
        if let Some(load) = &self.puzzles_load {
            load.abort();
        }
        for relay in &self.relays {
            relay.abort();
        }
        self.state
            .sockets
            .close_all(tables::table::Close::GOING_AWAY);
        for t in self.state.tables.all() {
            let (done, wait) = oneshot::channel();
            if t.send(TableMsg::Stop(done)).await {
                let _ = wait.await;
            }
        }
        let _ = self.task.await;
        // Every game is paused and journaled: the tables are free for any node now.
        self.state.node.release(&self.state.db).await;
        self.heartbeat.abort();
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
    let run = format!("{:x}", clock::now().0);
    let node = Node::join(&db, &config.cluster.node(), run.clone()).await?;
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
                min_behaviour: r.min_behaviour,
            })
        })
        .collect();
    let broker = bus::Broker::from_config(&config.cluster.bus()).await?;
    let remote = Arc::new(cluster::Remote::default());
    // The seams below the edge: nothing on one node, the cluster's hooks on several.
    let hooks = (!broker.is_local()).then(|| Arc::new(Hooks::new(broker.clone(), remote.clone())));
    let (table_site, events_site): (Arc<dyn TableSite>, Arc<dyn EventsSite>) = match &hooks {
        Some(h) => (h.clone(), h.clone()),
        None => (Arc::new(tables::OneNode), Arc::new(events::OneNode)),
    };
    let (seeks, seek_rx) = tables::seek::SeekDesk::new();
    let live = Live::new(LiveParts {
        config: config.table_settings(),
        seeks,
        profile,
        computers,
        journal: JournalWriter::spawn(db.clone()),
        tables: Registry::default(),
        sockets: UserSockets::default(),
        lobby: Lobby::new(rooms.clone()),
        engine: EnginePool::new(config.ai_workers, opponent),
        analysis: tables::analysis::AnalysisQueue::default(),
        lines: tables::analysis::LiveBudget::default(),
        epoch: run,
        node,
        db: db.clone(),
        site: table_site,
    });
    let events = Events::new(EventsParts {
        live,
        config: config.events_settings(),
        tournaments: events::tournament::Tournaments::default(),
        ladders: events::ladder::Ladders::default(),
        leagues: events::league::Leagues::default(),
        site: events_site,
    });
    let site = Site::new(
        SiteParts {
            events,
            broker,
            remote,
            cluster: config.cluster.clone(),
        },
        hooks.as_deref(),
    );
    let state = AppState::new(Shared {
        site,
        logins: AttemptLimiter::new(config.login_attempts_per_minute, Duration::from_secs(60)),
        new_accounts: AttemptLimiter::new(
            config.limits.accounts_per_ip_per_minute,
            Duration::from_secs(60),
        ),
        hashing: Hashing::new(
            config.limits.password_hashes_at_once,
            config.limits.password_hash_queue,
        ),
        config: config.clone(),
    });

    // Clustered: private messages and the lobby reach the other nodes (before any table
    // publishes its first summary).
    let relays = cluster::start_relays(&state).await?;

    // What the site looks like now: which nodes live, who holds which table.
    let seen = takeover::Ownership::read(&state).await?;
    // Wagers and pools whose game ended (or was never played) are settled before tables open,
    // except at tables that live nodes hold.
    let recoverer = store::Recoverer {
        node: &state.node.id,
        stale_before: state.node.stale_before(),
    };
    store::recover_coins_except(&db, &seen.held_elsewhere(&state.node.id), recoverer).await?;
    let mut unfinished: HashMap<TableId, UnfinishedGame> = db
        .unfinished_games()
        .await?
        .into_iter()
        .map(|g| (g.game.table, g))
        .collect();
    let room_tables =
        tables::table::room_tables(&state.live.config, &rooms).map_err(ServerError::Table)?;
    state.tables.set_rooms(room_tables);
    let room_tables = state.tables.rooms();
    let opened = takeover::open_rooms(&state, &seen, &room_tables, &mut unfinished).await?;
    drop(room_tables);
    // Events in progress come back before orphaned games are abandoned: their directors take
    // their rounds' games out of `unfinished` and reopen those tables.
    events::tournament::restore_all(&state, &mut unfinished).await?;
    events::ladder::restore_all(&state, &mut unfinished).await?;
    events::league::restore_all(&state, &mut unfinished).await?;
    let pickup = events::tournament::spawn_pickup(&state);
    let me = state.node.id.clone();
    for (table, g) in unfinished {
        if seen.elsewhere(table, &me) || !seen.wants(table, &me) {
            // Another node's (or placement gives it another live node, which takes it).
            continue;
        }
        if g.game.room == "ai" && takeover::open_computer_game(&state, g.clone()).await? {
            continue;
        }
        tracing::warn!(
            game = g.game.id.0,
            table = table.0,
            "the game's table no longer exists"
        );
        // Written under the table's lease like every write of a table: a node that claimed it
        // meanwhile keeps the game.
        let Some(lease) = state.node.claim(&db, table).await? else {
            continue;
        };
        let fence = Some(lease.fence);
        match db
            .abandon_game((g.game.id, fence), clock::now().0, &[], &[])
            .await
        {
            Err(store::StoreError::Fenced(_)) => continue,
            done => done?,
        }
        db.drop_table_owner(lease.fence).await?;
        store::recover_coins(&db, Some(g.game.id)).await?;
    }

    tokio::spawn(tables::seek::desk::run(state.live.clone(), seek_rx));
    cluster::seek_desk::spawn(&state);
    tables::analysis::queue::start(&state).await?;
    let masters_load = crate::masters_boot::spawn(&config.masters, db.clone());
    let puzzles_load = crate::puzzles_boot::spawn(&config.puzzles, db.clone());

    let heartbeat = tokio::spawn(state.node.clone().beat_forever(db.clone()));
    let watch = tokio::spawn(takeover::watch(state.site.clone()));

    if let Some(at) = crate::http::metrics::spawn_listener(&state).await? {
        tracing::info!(%at, "metrics served");
    }
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
    tracing::info!(
        %addr,
        database = db.backend().name(),
        node = %state.node.id,
        tables = state.tables.len(),
        tables_live = state.tables.live(),
        rooms_opened = opened,
        broker = if state.broker.is_local() { "in-process" } else { "nats" },
        "chuhe serving"
    );
    Ok(RunningServer {
        addr,
        state,
        shutdown,
        task,
        heartbeat,
        watch,
        pickup,
        relays,
        masters_load,
        puzzles_load,
    })
}
