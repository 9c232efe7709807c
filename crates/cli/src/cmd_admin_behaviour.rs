//! `chuhe admin ban|mute|lift|reports`: moderation against the site's database
//! (docs/behaviour.md). A ban keeps a player from sitting down, seeking and joining events; a
//! mute from chatting; both take effect at the player's next attempt, also while the server
//! runs.

use crate::db_args::DbArgs;
use clap::Args as ClapArgs;
use platform::Millis;
use server::http::moderation::{check_reason, parse_kind};
use store::{Db, NewSanction, SanctionKind, UserRow};

/// Options of `chuhe admin ban` and `chuhe admin mute`.
#[derive(ClapArgs, Debug)]
pub struct SanctionArgs {
    /// The player's name.
    #[arg(long)]
    user: String,
    /// How long, in minutes.
    #[arg(long)]
    minutes: u64,
    /// Why (shown to the player).
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    db: DbArgs,
}

/// Options of `chuhe admin lift`.
#[derive(ClapArgs, Debug)]
pub struct LiftArgs {
    /// The player's name.
    #[arg(long)]
    user: String,
    /// `ban` or `mute`; both when left out.
    #[arg(long)]
    kind: Option<String>,
    #[command(flatten)]
    db: DbArgs,
}

/// Options of `chuhe admin reports`.
#[derive(ClapArgs, Debug)]
pub struct ReportsArgs {
    /// Also closed reports.
    #[arg(long)]
    all: bool,
    /// Close this report.
    #[arg(long)]
    close: Option<u64>,
    #[command(flatten)]
    db: DbArgs,
}

async fn find_user(db: &Db, name: &str) -> Result<UserRow, String> {
    match db.user_by_name(name).await.map_err(|e| e.to_string())? {
        Some((user, _)) => Ok(user),
        None => Err(format!("no user named {name:?}")),
    }
}

/// Bans or mutes (`kind`) a player.
///
/// # Errors
/// A message for an unknown user, a bad length or reason, or a database failure.
pub async fn sanction(a: &SanctionArgs, kind: SanctionKind) -> Result<(), String> {
    let reason = check_reason(&a.reason)?;
    if a.minutes == 0 || a.minutes > 10 * 366 * 24 * 60 {
        return Err("--minutes must be 1 to ten years".into());
    }
    let (db, _) = a.db.open().await?;
    let user = find_user(&db, &a.user).await?;
    let now = kit::clock::now();
    let until = now + Millis::from_secs(a.minutes * 60);
    let id = db
        .add_sanction(&NewSanction {
            user: user.id,
            kind,
            automatic: false,
            reason,
            starts_at: now,
            ends_at: until,
            by: Some("admin"),
        })
        .await
        .map_err(|e| e.to_string())?;
    println!(
        "{} {} for {} min (sanction {id}, until {}): {reason}",
        kind.as_str(),
        user.name,
        a.minutes,
        until.0
    );
    Ok(())
}

/// Lifts a player's bans and mutes.
///
/// # Errors
/// A message for an unknown user or kind, or a database failure.
pub async fn lift(a: &LiftArgs) -> Result<(), String> {
    let kind = a.kind.as_deref().map(parse_kind).transpose()?;
    let (db, _) = a.db.open().await?;
    let user = find_user(&db, &a.user).await?;
    let n = db
        .lift_sanctions(user.id, kind, kit::clock::now())
        .await
        .map_err(|e| e.to_string())?;
    println!("lifted {n} sanction(s) of {}", user.name);
    Ok(())
}

/// Lists reports (open ones, or all), or closes one.
///
/// # Errors
/// A message for an unknown report, or a database failure.
pub async fn reports(a: &ReportsArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    if let Some(id) = a.close {
        return if db
            .close_report(id, kit::clock::now())
            .await
            .map_err(|e| e.to_string())?
        {
            println!("closed report {id}");
            Ok(())
        } else {
            Err(format!("no open report {id}"))
        };
    }
    let rows = db.reports(!a.all, 1_000).await.map_err(|e| e.to_string())?;
    if rows.is_empty() {
        println!("no reports");
    }
    for r in rows {
        let state = if r.closed_at.is_some() {
            "closed"
        } else {
            "open"
        };
        println!(
            "#{} {state} {} reports {}: {}",
            r.id, r.reporter_name, r.target_name, r.reason
        );
    }
    Ok(())
}
