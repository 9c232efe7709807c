//! `chuhe admin organiser grant|revoke|list`: the organiser role, against the site's database.
//! An organiser creates events (web and HTTP) and acts on the events they created; the server
//! asks the database on every request, so a change holds at once.

use crate::db_args::DbArgs;
use clap::{Args as ClapArgs, Subcommand};

/// Options of `chuhe admin organiser`.
#[derive(ClapArgs, Debug)]
pub struct OrganiserArgs {
    #[command(subcommand)]
    command: OrganiserCommand,
}

/// What to do.
#[derive(Subcommand, Debug)]
enum OrganiserCommand {
    /// Grant a user the organiser role.
    Grant(UserArgs),
    /// Take the organiser role from a user.
    Revoke(UserArgs),
    /// List the organisers.
    List(ListArgs),
}

#[derive(ClapArgs, Debug)]
struct UserArgs {
    /// The user's name.
    user: String,
    /// Who grants it (recorded with the role).
    #[arg(long, default_value = "admin")]
    by: String,
    #[command(flatten)]
    db: DbArgs,
}

#[derive(ClapArgs, Debug)]
struct ListArgs {
    #[command(flatten)]
    db: DbArgs,
}

/// Runs one `admin organiser` command.
///
/// # Errors
/// A message when the user is unknown, or already has (or lacks) the role.
pub async fn run(args: &OrganiserArgs) -> Result<(), String> {
    match &args.command {
        OrganiserCommand::Grant(a) => change(a, true).await,
        OrganiserCommand::Revoke(a) => change(a, false).await,
        OrganiserCommand::List(a) => list(a).await,
    }
}

async fn change(a: &UserArgs, grant: bool) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let Some((user, _)) = db.user_by_name(&a.user).await.map_err(|e| e.to_string())? else {
        db.close().await;
        return Err(format!("no user named {:?}", a.user));
    };
    let changed = if grant {
        db.grant_organiser(user.id, &a.by, kit::clock::now()).await
    } else {
        db.revoke_organiser(user.id).await
    }
    .map_err(|e| e.to_string())?;
    db.close().await;
    match (changed, grant) {
        (true, true) => println!("{} is an organiser", user.name),
        (true, false) => println!("{} is no longer an organiser", user.name),
        (false, true) => return Err(format!("{} is already an organiser", user.name)),
        (false, false) => return Err(format!("{} is not an organiser", user.name)),
    }
    Ok(())
}

async fn list(a: &ListArgs) -> Result<(), String> {
    let (db, _) = a.db.open().await?;
    let rows = db.organisers().await.map_err(|e| e.to_string())?;
    db.close().await;
    println!(
        "{:>8}  {:<20}  {:<12}  granted_at",
        "id", "name", "granted_by"
    );
    for r in rows {
        println!(
            "{:>8}  {:<20}  {:<12}  {}",
            r.user.0, r.name, r.granted_by, r.granted_at.0
        );
    }
    Ok(())
}
