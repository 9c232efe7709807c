//! What a league is asked ([`LeagueCommand`]), what it answers ([`LeagueEvent`]) and why it
//! refuses ([`LeagueError`]; a refused command changes nothing).

use super::schedule::MatchId;
use super::score::{BoardResult, MatchScore};
use super::TeamId;
use crate::{Millis, UserId};
use serde::{Deserialize, Serialize};

/// A command to a league (journaled as is; replayed with its instant).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum LeagueCommand {
    /// A team enters (or, entered already, updates its captain and roster) before a season
    /// starts; a new team goes to `division` (default: the last).
    Enter {
        /// The team.
        team: TeamId,
        /// Its name.
        name: String,
        /// Its captain (who sets lineups and proposes times).
        captain: UserId,
        /// Its players in roster order (the default board order).
        members: Vec<UserId>,
        /// The division (0 = the top) for a team new to the league.
        division: Option<usize>,
    },
    /// The season starts now: every division's round robin is scheduled.
    Start,
    /// Captain `by` sets team `team`'s board order for match `m` (before it begins).
    Lineup {
        /// The match.
        m: MatchId,
        /// The team.
        team: TeamId,
        /// Who asks.
        by: UserId,
        /// Players for boards 1, 2, …; boards past the end are left empty (forfeited).
        order: Vec<UserId>,
    },
    /// Captain `by` of team `team` proposes to play match `m` at `at`.
    Propose {
        /// The match.
        m: MatchId,
        /// The team.
        team: TeamId,
        /// Who asks.
        by: UserId,
        /// The proposed time.
        at: Millis,
    },
    /// A board of a begun match ended.
    Report {
        /// The match.
        m: MatchId,
        /// The board (0 = board 1).
        board: u8,
        /// How.
        result: BoardResult,
    },
    /// Time passes: matches due begin, boards past their deadline are forfeited.
    Tick,
    /// After a season's end: promotion and relegation give the next season's divisions; teams
    /// may enter again until it starts.
    NextSeason,
    /// Team `team` withdraws: asked by its captain `by`, or by an administrator (`None`).
    Withdraw {
        /// The team.
        team: TeamId,
        /// Its captain, or `None` for an administrator.
        by: Option<UserId>,
    },
}

/// What an accepted command did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum LeagueEvent {
    /// A team entered or updated its roster.
    Entered {
        /// The team.
        team: TeamId,
    },
    /// Season `season` started.
    Started {
        /// The season (1, 2, …).
        season: u32,
    },
    /// A lineup was set.
    LineupSet {
        /// The match.
        m: MatchId,
        /// The team.
        team: TeamId,
    },
    /// A time was proposed.
    Proposed {
        /// The match.
        m: MatchId,
        /// The proposing team.
        team: TeamId,
        /// The time.
        at: Millis,
    },
    /// The captains agreed on a time.
    Agreed {
        /// The match.
        m: MatchId,
        /// The time.
        at: Millis,
    },
    /// Match `m` is played at `at`, `remind_before` from now: both teams are reminded.
    Reminder {
        /// The match.
        m: MatchId,
        /// Its time.
        at: Millis,
    },
    /// A match began: its boards with both players are to be played.
    MatchBegan {
        /// The match.
        m: MatchId,
    },
    /// A board has its result (played or forfeited).
    BoardEnded {
        /// The match.
        m: MatchId,
        /// The board (0 = board 1).
        board: u8,
        /// How.
        result: BoardResult,
    },
    /// Every board of a match has its result.
    MatchEnded {
        /// The match.
        m: MatchId,
        /// Its score.
        score: MatchScore,
    },
    /// Every match of the season ended.
    SeasonEnded {
        /// The season.
        season: u32,
    },
    /// Team `team` withdrew: its results voided (`voided`) or its remaining matches forfeited.
    Withdrew {
        /// The team.
        team: TeamId,
        /// Whether its matches were struck out.
        voided: bool,
    },
    /// The next season's divisions are set.
    NextSeason {
        /// The new season's number.
        season: u32,
        /// Teams promoted.
        promoted: Vec<TeamId>,
        /// Teams relegated.
        relegated: Vec<TeamId>,
    },
}

/// Why a league refused a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeagueError {
    /// Not possible in this phase of the season.
    #[error("not now: {0}")]
    WrongPhase(&'static str),
    /// No such division.
    #[error("no such division")]
    NoDivision,
    /// No such team in the league.
    #[error("the team is not in this league")]
    NoTeam,
    /// No such match.
    #[error("no such match")]
    NoMatch,
    /// The team does not play this match.
    #[error("the team does not play this match")]
    NotInMatch,
    /// Only the team's captain may do this.
    #[error("only the team's captain may do this")]
    NotCaptain,
    /// A division with teams has fewer than two.
    #[error("every division with teams needs at least two")]
    TooFewTeams,
    /// The lineup names a non-member, a player twice, or too many players.
    #[error("bad lineup: {0}")]
    BadLineup(&'static str),
    /// The match has begun: its lineups and time are fixed.
    #[error("the match has begun")]
    Begun,
    /// The captains already agreed on a time.
    #[error("the time is agreed already")]
    Agreed,
    /// The proposed time is outside the round's window or in the past.
    #[error("the time must lie in the round's window and in the future")]
    OutsideWindow,
    /// The board has no game to report (not begun, no such board, or already decided).
    #[error("no open board there")]
    NoBoard,
}
