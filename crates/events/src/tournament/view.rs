//! [`TournamentView`]: an event as served (`GET /api/tournaments/{id}`, the WebSocket's
//! `t_state`): its spec, players, every round's pairings with their tables and results, and the
//! standings with their tie-break columns; a knockout's bracket too. The same shape for every
//! system; what differs is filled by the system's collaborator (`system/`).

use super::spec::Spec;
use platform::tournament::arena::TeamRow;
use platform::tournament::swiss::Phase;
use platform::tournament::{GameResult, Row, TieBreak};
use platform::{TableId, TeamId, UserId};
use serde::{Deserialize, Serialize};

/// First id of tournament tables: event `e`, round `r`, board `b` (from 0) play at
/// `FIRST_TOURNAMENT_TABLE + e·10⁶ + r·10³ + b`.
pub const FIRST_TOURNAMENT_TABLE: u64 = 2_000_000_000;

/// The table of board `board` (from 0) of round `round` of event `event`.
#[must_use]
pub fn table_of(event: u64, round: u32, board: usize) -> TableId {
    TableId(FIRST_TOURNAMENT_TABLE + event * 1_000_000 + u64::from(round) * 1_000 + board as u64)
}

/// `(event, round, board)` of a tournament table.
#[must_use]
pub fn board_of(table: TableId) -> Option<(u64, u32, usize)> {
    let rest = table.0.checked_sub(FIRST_TOURNAMENT_TABLE)?;
    let round = u32::try_from(rest % 1_000_000 / 1_000).ok()?;
    Some((rest / 1_000_000, round, (rest % 1_000) as usize))
}

/// An event as served.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    /// Its id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// `upcoming`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// When it starts (ms since the epoch).
    pub starts_at: u64,
    /// How it is run.
    pub spec: Spec,
    /// The tie-break columns of the standings, in order.
    pub tiebreaks: Vec<String>,
    /// Registered players.
    pub players: Vec<PlayerView>,
    /// Paired rounds.
    pub rounds: Vec<RoundView>,
    /// Standings now (final once finished).
    pub standings: Vec<RowView>,
    /// A knockout's bracket: its rounds in order, the third-place match (round 0) last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<Vec<BracketRoundView>>,
    /// When the next round is paired (ms since the epoch), while the event rests between
    /// rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_at: Option<u64>,
    /// An arena's end, berserk and players in rank order with their score sheets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<ArenaView>,
}

/// An arena as served beside its standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaView {
    /// When it ends (ms since the epoch; moved earlier if it was started early).
    pub ends_at: u64,
    /// Whether players may berserk.
    pub berserk: bool,
    /// Players in rank order.
    pub players: Vec<ArenaPlayerView>,
    /// A team battle: how many best players of each team count (0: not a team battle).
    pub team_top: u32,
    /// A team battle's team standings (empty otherwise).
    pub teams: Vec<TeamRow>,
}

/// One arena player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaPlayerView {
    /// The player.
    pub user: UserId,
    /// `waiting`, `playing` or `paused`.
    pub status: String,
    /// Points of each counted game, in order.
    pub sheet: Vec<u32>,
    /// On fire: the next game scores double.
    pub fire: bool,
    /// The team they entered with (a team battle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamId>,
}

/// One round of a knockout's bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketRoundView {
    /// Its number from 1 (the last is the final); 0 is the third-place match.
    pub round: u32,
    /// Its matches, top of the bracket first.
    pub matches: Vec<MatchView>,
}

/// One match of a bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchView {
    /// The higher seed (`None`: a bye).
    pub high: Option<UserId>,
    /// The lower seed (`None`: a bye).
    pub low: Option<UserId>,
    /// Who goes through, once decided.
    pub winner: Option<UserId>,
    /// Its games so far.
    pub games: Vec<MatchGameView>,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGameView {
    /// Red.
    pub red: UserId,
    /// Black.
    pub black: UserId,
    /// `regular`, `rapid`, `blitz` or `sudden_death`.
    pub stage: String,
    /// Whether a draw wins for Black (the sudden-death game).
    pub draw_odds_black: bool,
    /// Its table.
    pub table: TableId,
    /// As on a pairing list; `None` while played.
    pub result: Option<String>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player.
    pub user: UserId,
    /// Rating at registration.
    pub rating: u32,
    /// Withdrawn (by request or after a no-show).
    pub withdrawn: bool,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundView {
    /// Its number, from 1.
    pub number: u32,
    /// Its boards; a bye has no `black` and no table.
    pub boards: Vec<BoardView>,
}

/// One board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// Red.
    pub red: UserId,
    /// Black (`None`: a bye).
    pub black: Option<UserId>,
    /// The table the game is played at.
    pub table: Option<TableId>,
    /// `1-0`, `0-1`, `1/2-1/2`, `+-`/`-+` (forfeit), `--` (both forfeit); `None` while played.
    pub result: Option<String>,
}

/// One standings row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowView {
    /// Rank from 1 (shared by players equal on everything).
    pub rank: u32,
    /// The player.
    pub user: UserId,
    /// Points on the preset's scale.
    pub points: u32,
    /// The tie-break values, in the order of `tiebreaks` (`3.5` for halves).
    pub tiebreaks: Vec<String>,
}

/// The result as written on a pairing list.
#[must_use]
pub fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::RedWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::Forfeit {
            winner: xiangqi::Color::Red,
        } => "+-",
        GameResult::Forfeit { .. } => "-+",
        GameResult::DoubleForfeit => "--",
    }
}

/// The status of an event in `phase`.
#[must_use]
pub fn status_of(phase: Phase, cancelled: bool) -> &'static str {
    match (cancelled, phase) {
        (true, _) => "cancelled",
        (_, Phase::Registration) => "upcoming",
        (_, Phase::Running) => "running",
        (_, Phase::Finished) => "finished",
    }
}

/// A tie-break's name as served (`opponent_score`, `wins`, …).
pub fn name_of(t: TieBreak) -> String {
    serde_json::to_value(t)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("{t:?}"))
}

/// The rows as served.
#[must_use]
pub fn rows(standings: &[Row]) -> Vec<RowView> {
    standings
        .iter()
        .map(|r| RowView {
            rank: r.rank,
            user: r.user,
            points: r.points,
            tiebreaks: r.tiebreaks.iter().map(|(_, h)| h.to_string()).collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ids_name_their_board() {
        let t = table_of(12, 3, 45);
        assert_eq!(board_of(t), Some((12, 3, 45)));
        assert_eq!(board_of(TableId(5)), None);
    }
}
