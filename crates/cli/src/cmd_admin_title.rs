//! `chuhe admin title` (honorary titles) and `chuhe admin award` (tournament-only titles).

use crate::db_args::DbArgs;
use clap::Args as ClapArgs;
use platform::rating::{HonoraryTitle, Profile, TitleRecord};
use store::{Db, UserRow};

/// Options of `chuhe admin title`.
#[derive(ClapArgs, Debug)]
pub struct TitleArgs {
    /// The player's name.
    #[arg(long)]
    user: String,
    /// 国家大师, 国际大师, 国家特大, 国际特大, or `none` to clear it.
    #[arg(long)]
    honorary: String,
    #[command(flatten)]
    db: DbArgs,
}

/// Options of `chuhe admin award`.
#[derive(ClapArgs, Debug)]
pub struct AwardArgs {
    /// The player's name.
    #[arg(long)]
    user: String,
    /// A tournament-only title of the site's ladder (ourgame: 特级大师, 一级大师; lotto: 大将军,
    /// 骠骑将军).
    #[arg(long)]
    title: String,
    #[command(flatten)]
    db: DbArgs,
}

/// The honorary title called `name`; `Ok(None)` for `none`.
fn parse_honorary(name: &str) -> Result<Option<HonoraryTitle>, String> {
    [
        HonoraryTitle::InternationalGrandmaster,
        HonoraryTitle::NationalGrandmaster,
        HonoraryTitle::InternationalMaster,
        HonoraryTitle::NationalMaster,
    ]
    .into_iter()
    .find(|h| h.zh() == name)
    .map(Some)
    .or_else(|| (name == "none").then_some(None))
    .ok_or_else(|| {
        format!("unknown honorary title {name:?} (国家大师, 国际大师, 国家特大, 国际特大, none)")
    })
}

async fn find_user(db: &Db, name: &str) -> Result<UserRow, String> {
    match db.user_by_name(name).await.map_err(|e| e.to_string())? {
        Some((user, _)) if !user.guest => Ok(user),
        Some(_) => Err(format!("{name} is a guest; guests hold no titles")),
        None => Err(format!("no user named {name:?}")),
    }
}

/// Stores `titles` for `user` and prints what is shown for them now.
async fn save(
    db: &Db,
    profile: &Profile,
    user: &UserRow,
    titles: &TitleRecord,
) -> Result<(), String> {
    if !db
        .set_titles(user.id, titles)
        .await
        .map_err(|e| e.to_string())?
    {
        return Err(format!("user {} vanished", user.name));
    }
    println!("{}: {}", user.name, titles.shown(profile, &user.rating));
    Ok(())
}

/// Sets or clears an honorary title.
///
/// # Errors
/// A message for an unknown title or user, or a database failure; nothing changes then.
pub async fn title(args: &TitleArgs) -> Result<(), String> {
    let honorary = parse_honorary(&args.honorary)?;
    let (db, config) = args.db.open().await?;
    let profile = profile_of(&config)?;
    let user = find_user(&db, &args.user).await?;
    let mut titles = user.titles;
    titles.set_honorary(honorary);
    save(&db, &profile, &user, &titles).await
}

/// Awards a tournament-only title of the site's ladder.
///
/// # Errors
/// A message for a title that is not tournament-only or not on the ladder, an unknown user, or a
/// database failure; nothing changes then.
pub async fn award(args: &AwardArgs) -> Result<(), String> {
    let (db, config) = args.db.open().await?;
    let profile = profile_of(&config)?;
    let ladder = profile
        .ladder()
        .ok_or_else(|| format!("the {profile} profile has no title ladder"))?;
    let title = ladder.find(&args.title).ok_or_else(|| {
        format!(
            "{:?} is not a title of the {profile} ladder (tournament titles: {})",
            args.title,
            ladder.tournament_names()
        )
    })?;
    let user = find_user(&db, &args.user).await?;
    let mut titles = user.titles;
    if !titles.award(title).map_err(|e| e.to_string())? {
        println!(
            "{} already holds {}",
            user.name,
            titles.shown(&profile, &user.rating)
        );
        return Ok(());
    }
    save(&db, &profile, &user, &titles).await
}

fn profile_of(config: &server::Config) -> Result<Profile, String> {
    config.rating_profile.parse()
}
