//! `chuhe admin tournament create|list|start|cancel`: events from the command line, against the
//! site's database. `create` stores the event; `start` and `cancel` store a request. The running
//! server picks both up within a second (`events::tournament::PICKUP`) and its director — the
//! event's only writer — applies them; with the server stopped they wait for its next start.

use crate::db_args::DbArgs;
use clap::{Args as ClapArgs, Subcommand};
use events::tournament::Spec;
use platform::rating::{RatingPool, RatingScope};
use platform::Millis;

/// Options of `chuhe admin tournament`.
#[derive(ClapArgs, Debug)]
pub struct TournamentArgs {
    #[command(subcommand)]
    command: TournamentCommand,
}

/// What to do.
#[derive(Subcommand, Debug)]
enum TournamentCommand {
    /// Create an event (Swiss, round robin or knockout).
    Create(Box<CreateArgs>),
    /// List the events, newest first.
    List(ListArgs),
    /// Start an upcoming event now (pair round 1).
    Start(IdArgs),
    /// Cancel an upcoming event (entry fees are refunded).
    Cancel(IdArgs),
}

#[derive(ClapArgs, Debug)]
struct CreateArgs {
    /// The event's name.
    #[arg(long)]
    name: String,
    /// The organiser (a user name).
    #[arg(long)]
    by: String,
    /// Start this many seconds from now.
    #[arg(long, default_value_t = 3_600)]
    starts_in_secs: u64,
    /// The system: swiss, robin (round robin), knockout or arena.
    #[arg(long, default_value = "swiss")]
    system: String,
    /// Rounds (Swiss).
    #[arg(long, default_value_t = 5)]
    rounds: u32,
    /// Cycles of a round robin (2: double, colours swapped on the return leg).
    #[arg(long, default_value_t = 1)]
    cycles: u32,
    /// Regular games per knockout match (the tie-break games follow).
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// A knockout's semi-final losers play for third place.
    #[arg(long)]
    third_place: bool,
    /// An arena's length in minutes.
    #[arg(long, default_value_t = 60)]
    minutes: u32,
    /// An arena's players may berserk.
    #[arg(long)]
    berserk: bool,
    /// Time control preset (rapid, blitz, ourgame, qq).
    #[arg(long, default_value = "rapid")]
    time_control: String,
    /// Scoring and tie-break preset (cxa-swiss-opp, cxa-swiss-prog, cxa-rr, lichess); empty:
    /// the system's own.
    #[arg(long, default_value = "")]
    preset: String,
    /// Entry fee in coins.
    #[arg(long, default_value_t = 0)]
    entry_fee: i64,
    /// Prize table: per mille of the pot for places 1, 2, … (e.g. 500,300,200).
    #[arg(long, value_delimiter = ',', default_value = "500,300,200")]
    prizes: Vec<u32>,
    /// Tournament titles of the site's ladder for places 1, 2, … (e.g. 特级大师,一级大师).
    #[arg(long, value_delimiter = ',')]
    titles: Vec<String>,
    /// Seconds a player may take to make their first move before forfeiting.
    #[arg(long, default_value_t = 60)]
    no_show_secs: u64,
    /// Seconds between a round's end and the next pairing.
    #[arg(long, default_value_t = 10)]
    round_gap_secs: u64,
    /// Most players.
    #[arg(long, default_value_t = 256)]
    max_players: u32,
    /// Draw offers are refused before this move (0: any time).
    #[arg(long, default_value_t = 0)]
    draw_offers_from_move: u32,
    /// The repetition rules of the games: axf (Asian/World federation) or cxa (Chinese).
    #[arg(long, default_value = "axf")]
    rules: String,
    /// The natural move limit: moves without a capture before a draw (0: none).
    #[arg(long, default_value_t = 60)]
    move_limit: u32,
    /// A move that would lose by repetition: warn (it is played and loses) or refuse.
    #[arg(long, default_value = "warn")]
    repetition: String,
    /// Rate the games in this pool of the event's own (a short slug, e.g. spring-open) instead
    /// of the site's rating; needs --rating-profile.
    #[arg(long)]
    rating_pool: Option<String>,
    /// The pool's rating profile: ourgame, lotto, qq or glicko2.
    #[arg(long)]
    rating_profile: Option<String>,
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
    /// The event's id.
    #[arg(long)]
    id: u64,
    #[command(flatten)]
    db: DbArgs,
}

/// Runs one `admin tournament` command.
///
/// # Errors
/// A message when the event, the organiser or the spec is refused.
pub async fn run(args: &TournamentArgs) -> Result<(), String> {
    match &args.command {
        TournamentCommand::Create(a) => create(a).await,
        TournamentCommand::List(a) => list(a).await,
        TournamentCommand::Start(a) => request(a, "start").await,
        TournamentCommand::Cancel(a) => request(a, "cancel").await,
    }
}

async fn create(a: &CreateArgs) -> Result<(), String> {
    let spec = Spec {
        system: a.system.clone(),
        rounds: a.rounds,
        cycles: a.cycles,
        games: a.games,
        third_place: a.third_place,
        minutes: a.minutes,
        berserk: a.berserk,
        time_control: a.time_control.clone(),
        preset: a.preset.clone(),
        no_show_secs: a.no_show_secs,
        round_gap_secs: a.round_gap_secs,
        max_players: a.max_players,
        draw_offers_from_move: a.draw_offers_from_move,
        entry_fee: a.entry_fee,
        prizes: a.prizes.clone(),
        titles: a.titles.clone(),
        rules: a.rules.clone(),
        move_limit: a.move_limit,
        repetition: a.repetition.clone(),
        rating: rating_scope(a)?,
        ..Spec::default()
    };
    spec.check()?;
    let name = a.name.trim();
    if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
        return Err("--name must be 1..=80 printable characters".into());
    }
    if a.starts_in_secs > 366 * 86_400 {
        return Err("--starts-in-secs must be at most a year".into());
    }
    let (db, config) = a.db.open().await?;
    // The titles are checked as `POST /api/tournaments` checks them: the site's profile awards them.
    let profile: platform::rating::Profile = config.rating_profile.parse()?;
    spec.award_titles(&profile)?;
    let Some((by, _)) = db.user_by_name(&a.by).await.map_err(|e| e.to_string())? else {
        return Err(format!("no user named {:?}", a.by));
    };
    let now = kit::clock::now();
    let starts_at = now + Millis::from_secs(a.starts_in_secs);
    events::rating_pool::check_stored(&db, &spec.rating).await?;
    let text = serde_json::to_string(&spec).map_err(|e| e.to_string())?;
    let id = db
        .create_tournament(name, &spec.system, &text, by.id, now.0, starts_at.0)
        .await
        .map_err(|e| e.to_string())?;
    println!("created event {id}: {name}, starts at {}", starts_at.0);
    db.close().await;
    Ok(())
}

/// The event's rating: the site's, or `--rating-pool` rated with `--rating-profile`.
fn rating_scope(a: &CreateArgs) -> Result<RatingScope, String> {
    match (&a.rating_pool, &a.rating_profile) {
        (None, None) => Ok(RatingScope::Site),
        (Some(pool), Some(profile)) => Ok(RatingScope::Pool(RatingPool {
            name: pool.parse()?,
            profile: profile.parse()?,
        })),
        _ => Err("--rating-pool and --rating-profile go together".into()),
    }
}

async fn list(a: &ListArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let rows = db.tournaments(200).await.map_err(|e| e.to_string())?;
    println!("{:>6}  {:<10}  {:>14}  name", "id", "status", "starts_at");
    for r in rows {
        println!(
            "{:>6}  {:<10}  {:>14}  {}",
            r.id, r.status, r.starts_at, r.name
        );
    }
    db.close().await;
    Ok(())
}

async fn request(a: &IdArgs, what: &str) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let asked = db
        .request_tournament(a.id, what)
        .await
        .map_err(|e| e.to_string())?;
    db.close().await;
    if !asked {
        return Err(format!("event {} is not upcoming", a.id));
    }
    println!("{what} requested for event {}; the server applies it", a.id);
    Ok(())
}
