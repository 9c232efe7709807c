//! `chuhe admin league create|list|start|next-season|withdraw`: leagues from the command line,
//! against the site's database. `create` stores the league; `start`, `next-season` and
//! `withdraw` store a request.
//! The running server picks both up within a second (`events::league::PICKUP`) and the league's
//! director — its only writer — applies them; with the server stopped they wait for its next
//! start.

use crate::db_args::DbArgs;
use clap::{Args as ClapArgs, Subcommand};
use platform::league::LeagueConfig;

/// Options of `chuhe admin league`.
#[derive(ClapArgs, Debug)]
pub struct LeagueArgs {
    #[command(subcommand)]
    command: LeagueCommand,
}

/// What to do.
#[derive(Subcommand, Debug)]
enum LeagueCommand {
    /// Create a league (its teams enter over HTTP).
    Create(CreateArgs),
    /// List the leagues.
    List(ListArgs),
    /// Start the season now (every division's round robin is scheduled).
    Start(IdArgs),
    /// After a season's end: promotion and relegation, then teams may enter until `start`.
    NextSeason(IdArgs),
    /// Withdraw a team (its results voided, or its remaining matches forfeited; docs/leagues.md).
    Withdraw(WithdrawArgs),
}

#[derive(ClapArgs, Debug)]
struct WithdrawArgs {
    /// The team's id.
    #[arg(long)]
    team: u64,
    #[command(flatten)]
    league: IdArgs,
}

#[derive(ClapArgs, Debug)]
struct CreateArgs {
    /// The league's name.
    #[arg(long)]
    name: String,
    /// The configuration as JSON (`platform::league::LeagueConfig`, docs/leagues.md); fields
    /// left out take their defaults.
    #[arg(long, default_value = "{}")]
    settings: String,
    #[command(flatten)]
    db: DbArgs,
}

#[derive(ClapArgs, Debug)]
struct ListArgs {
    #[command(flatten)]
    db: DbArgs,
}

#[derive(ClapArgs, Debug)]
struct IdArgs {
    /// The league's id.
    #[arg(long)]
    id: u32,
    #[command(flatten)]
    db: DbArgs,
}

/// Runs one `admin league` command.
///
/// # Errors
/// A message when the name or configuration is refused, or the league does not exist.
pub async fn run(args: &LeagueArgs) -> Result<(), String> {
    match &args.command {
        LeagueCommand::Create(a) => create(a).await,
        LeagueCommand::List(a) => list(a).await,
        LeagueCommand::Start(a) => request(a, "start").await,
        LeagueCommand::NextSeason(a) => request(a, "next_season").await,
        LeagueCommand::Withdraw(a) => request(&a.league, &format!("withdraw:{}", a.team)).await,
    }
}

async fn create(a: &CreateArgs) -> Result<(), String> {
    let config: LeagueConfig =
        serde_json::from_str(&a.settings).map_err(|e| format!("--settings: {e}"))?;
    config.check()?;
    let name = a.name.trim();
    if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
        return Err("--name must be 1..=80 printable characters".into());
    }
    let (db, _) = a.db.open().await?;
    events::rating_pool::check_stored(&db, &config.rating).await?;
    let text = serde_json::to_string(&config).map_err(|e| e.to_string())?;
    let now = kit::clock::now();
    let id = db
        .create_league(name, &text, now.0)
        .await
        .map_err(|e| e.to_string())?;
    if id > events::league::MAX_LEAGUE_ID {
        return Err(format!("league id {id} is above the largest allowed"));
    }
    println!("created league {id}: {name}");
    db.close().await;
    Ok(())
}

async fn list(a: &ListArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let rows = db.leagues().await.map_err(|e| e.to_string())?;
    println!("{:>6}  name", "id");
    for r in rows {
        println!("{:>6}  {}", r.id, r.name);
    }
    db.close().await;
    Ok(())
}

async fn request(a: &IdArgs, what: &str) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let known = db
        .leagues()
        .await
        .map_err(|e| e.to_string())?
        .iter()
        .any(|r| r.id == a.id);
    if !known {
        db.close().await;
        return Err(format!("no league {}", a.id));
    }
    db.request_league(a.id, what)
        .await
        .map_err(|e| e.to_string())?;
    db.close().await;
    println!(
        "{what} requested for league {}; the server applies it",
        a.id
    );
    Ok(())
}
