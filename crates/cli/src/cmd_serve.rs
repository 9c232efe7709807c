//! `chuhe serve`: the online platform (HTTP + WebSocket) with its database, no setup needed.

use crate::db_args::DbArgs;
use clap::Args as ClapArgs;
use std::sync::Arc;
use tables::ai::EngineOpponent;

/// Options of `chuhe serve`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Address to listen on (default 127.0.0.1:8080, or the config file's `listen`).
    #[arg(long)]
    listen: Option<String>,
    #[command(flatten)]
    db: DbArgs,
    /// Override the number of tables in every room.
    #[arg(long)]
    tables: Option<u32>,
}

/// Runs the server until Ctrl-C.
pub fn run(args: &Args) -> Result<(), String> {
    run_inner(args).map_err(|e| e.to_string())
}

fn run_inner(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let mut config = args.db.config()?;
    if let Some(l) = &args.listen {
        config.listen.clone_from(l);
    }
    if let Some(n) = args.tables {
        for room in &mut config.rooms {
            room.tables = n;
        }
    }
    crate::logging::init(&config.cluster.node_id);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.runtime_threads())
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let running = server::start(config, Arc::new(EngineOpponent)).await?;
        eprintln!("chuhe serving on http://{}", running.addr);
        running.run_until_ctrl_c().await?;
        Ok::<_, Box<dyn std::error::Error>>(())
    })
}
