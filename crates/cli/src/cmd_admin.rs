//! `chuhe admin …`: administrator commands (coins, titles, tournaments, organisers, moderation), run against the site's database (also
//! while the server runs; players see a change the next time their profile is loaded). One file
//! per command: `cmd_admin_<name>.rs`.

use crate::cmd_admin_behaviour;
use crate::cmd_admin_grant;
use crate::cmd_admin_league;
use crate::cmd_admin_masters;
use crate::cmd_admin_organiser;
use crate::cmd_admin_title;
use crate::cmd_admin_tournament;
use crate::db_args::block_on;
use clap::{Args as ClapArgs, Subcommand};
use store::SanctionKind;

/// Options of `chuhe admin`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: AdminCommand,
}

/// The administrator commands.
#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Give a user coins from the mint (recorded in the ledger as an admin grant).
    Grant(cmd_admin_grant::GrantArgs),
    /// Set or clear a player's honorary title (国家大师, 国际大师, 国家特大, 国际特大 or none).
    Title(cmd_admin_title::TitleArgs),
    /// Award a tournament-only title (ourgame 特级大师/一级大师, lotto 大将军/骠骑将军); it stays
    /// whatever the rating does.
    Award(cmd_admin_title::AwardArgs),
    /// Tournaments: create, list, start, cancel (the running server applies them).
    Tournament(cmd_admin_tournament::TournamentArgs),
    /// The organiser role: grant, revoke, list (organisers create events and run their own).
    Organiser(cmd_admin_organiser::OrganiserArgs),
    /// Leagues: create, list, start, next-season, withdraw (the running server applies them).
    League(cmd_admin_league::LeagueArgs),
    /// The masters database: import, pack, status.
    Masters(cmd_admin_masters::MastersArgs),
    /// Ban a player from sitting down, seeking and joining events for some minutes, with a reason.
    Ban(cmd_admin_behaviour::SanctionArgs),
    /// Mute a player (no chat) for some minutes, with a reason.
    Mute(cmd_admin_behaviour::SanctionArgs),
    /// Lift a player's bans and mutes (or only `--kind ban|mute`).
    Lift(cmd_admin_behaviour::LiftArgs),
    /// List players' reports (open ones; `--all` also closed), or `--close ID`.
    Reports(cmd_admin_behaviour::ReportsArgs),
}

/// Runs one administrator command.
pub fn run(args: &Args) -> Result<(), String> {
    block_on(async {
        match &args.command {
            AdminCommand::Grant(a) => cmd_admin_grant::grant(a).await,
            AdminCommand::Title(a) => cmd_admin_title::title(a).await,
            AdminCommand::Award(a) => cmd_admin_title::award(a).await,
            AdminCommand::Tournament(a) => cmd_admin_tournament::run(a).await,
            AdminCommand::Organiser(a) => cmd_admin_organiser::run(a).await,
            AdminCommand::League(a) => cmd_admin_league::run(a).await,
            AdminCommand::Masters(a) => cmd_admin_masters::run(a).await,
            AdminCommand::Ban(a) => cmd_admin_behaviour::sanction(a, SanctionKind::Ban).await,
            AdminCommand::Mute(a) => cmd_admin_behaviour::sanction(a, SanctionKind::Mute).await,
            AdminCommand::Lift(a) => cmd_admin_behaviour::lift(a).await,
            AdminCommand::Reports(a) => cmd_admin_behaviour::reports(a).await,
        }
    })
}
