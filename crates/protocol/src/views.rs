//! The objects that server messages carry (docs/protocol.md §4): `TableState`, `TableSummary`,
//! `GameState`, `GameEnd`, `WagerView`, `PoolView`, as `Serialize` types. Every key is always
//! present (`null` when there is nothing), as the protocol shows them.

use super::evidence::EvidenceView;
use super::handicap::{HandicapTag, HandicapView};
use super::repetition::{RulesView, WarningView};
use crate::user::ShownUser;
use platform::clock::{ClockSnapshot, TimeControl};
use platform::seek::SeekId;
use platform::{GameId, TableId, UserId};
use serde::Serialize;
use serde_json::value::RawValue;
use std::sync::Arc;
pub use xiangqi::ByColor;

/// `TableState`: a table's full state.
#[derive(Debug, Serialize)]
pub struct TableStateView {
    /// The table.
    pub id: TableId,
    /// Its room.
    pub room: String,
    /// Its summary.
    pub summary: SummaryView,
    /// Its time control.
    pub control: TimeControl,
    /// A proposed time control.
    pub proposal: Option<ProposalView>,
    /// The agreed handicap of the next games.
    pub handicap: Option<HandicapView>,
    /// A proposed handicap.
    pub handicap_proposal: Option<HandicapProposalView>,
    /// The spectators (up to 50; `User`).
    pub spectators: Vec<ShownUser>,
    /// The game, if one was started.
    pub game: Option<GameView>,
    /// The wager between the players.
    pub wager: Option<WagerView>,
    /// The spectators' pool.
    pub pool: Option<PoolView>,
    /// The first-move rule: seconds each side has for its first move (`None`: no rule).
    pub first_move_secs: Option<u64>,
    /// How the table's games are judged: repetition profile, move limit, repetition policy.
    pub rules: RulesView,
    /// How far behind the game spectators are kept (`None`: not at all).
    pub spectator_delay: Option<SpectatorDelayView>,
    /// Whether its players may berserk (an arena's tables; left out when not).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub berserk: bool,
}

/// A table's spectator delay: a ply is shown to spectators once `plies` more were played and
/// `secs` seconds passed.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct SpectatorDelayView {
    /// Plies held back.
    pub plies: u32,
    /// Seconds each ply is held back.
    pub secs: u32,
    /// Whether this connection gets the delayed feed (it is not a player).
    pub delayed: bool,
}

/// A proposed time control.
#[derive(Debug, Serialize)]
pub struct ProposalView {
    /// Who proposed it.
    pub by: &'static str,
    /// The control.
    pub control: TimeControl,
}

/// A proposed handicap.
#[derive(Debug, Serialize)]
pub struct HandicapProposalView {
    /// Who proposed it.
    pub by: &'static str,
    /// The handicap.
    pub handicap: HandicapView,
}

/// `TableSummary`: a table as the lobby shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SummaryView {
    /// The table.
    pub id: TableId,
    /// Its room.
    pub room: String,
    /// `waiting`, `playing` or `finished`.
    pub status: &'static str,
    /// Who sits where.
    pub seats: ByColor<Option<SeatView>>,
    /// How many watch.
    pub spectators: usize,
    /// Its time control.
    pub control: TimeControl,
    /// The game in progress (or last ended).
    pub game_id: Option<GameId>,
    /// The handicap of the game in progress, else the one agreed for the next.
    pub handicap: Option<HandicapTag>,
}

/// A `TableSummary` in the lobby: built by one of this node's tables, or relayed from another
/// node (docs/scale.md) exactly as that node's table wrote it, never parsed into a view.
// Unboxed: this node's own summaries are the common case (a single node has no other), and a
// box would cost them an allocation each for the sake of the rarer relayed ones.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum LobbySummary {
    /// A table of this node.
    Here(SummaryView),
    /// A table of another node: its `TableSummary` as JSON.
    Relayed(Arc<RawValue>),
}

/// `SeatInfo`.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// Who sits (`User`).
    pub user: ShownUser,
    /// Ready to start.
    pub ready: bool,
    /// Disconnected (the grace runs).
    pub away: bool,
    /// The player's behaviour score (0–100), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<u8>,
}

/// `GameState`.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// The stored game.
    pub game_id: Option<GameId>,
    /// The game's number at the table.
    pub number: u32,
    /// Red (`User`).
    pub red: ShownUser,
    /// Black (`User`).
    pub black: ShownUser,
    /// The start position.
    pub start_fen: String,
    /// The handicap it is played with.
    pub handicap: Option<HandicapView>,
    /// The position now.
    pub fen: String,
    /// The moves (ICCS).
    pub moves: Vec<String>,
    /// The side to move.
    pub turn: &'static str,
    /// Plies played.
    pub ply: usize,
    /// The clocks.
    pub clock: ClockSnapshot,
    /// The time control (Red's, where each colour has its own).
    pub control: TimeControl,
    /// Black's own time control, where it differs from Red's (a knockout's sudden-death
    /// game); `None`: both play `control`.
    pub black_control: Option<TimeControl>,
    /// The side to move's legal moves (empty once over).
    pub legal: Vec<String>,
    /// The side to move's moves that lose by repetition or repeat for the last allowed time.
    pub warnings: Vec<WarningView>,
    /// Who offers a draw.
    pub draw_offer: Option<&'static str>,
    /// A pending take-back request.
    pub undo_request: Option<UndoView>,
    /// How it ended.
    pub end: Option<EndView>,
    /// The computer's level, in games against it.
    pub ai_level: Option<u8>,
    /// Played as a rated game: `false` for a casual pair's game (unrated seeks) and an unrated
    /// game against the computer. A rated game may still end unrated (a guest, too short, both
    /// provisional): the `rated` event says.
    pub rated: bool,
    /// The first-move deadline now running, if any.
    pub first_move: Option<FirstMoveView>,
    /// Why it ended by the repetition rules, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<EvidenceView>,
}

/// The first-move rule's deadline on the side to move: the game is aborted if it has not made
/// its first move within `left` ms (counted from when the message was sent).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct FirstMoveView {
    /// The side that owes its first move.
    pub color: &'static str,
    /// Milliseconds left.
    pub left: u64,
}

/// A take-back request.
#[derive(Debug, Serialize)]
pub struct UndoView {
    /// Who asks.
    pub by: &'static str,
    /// How many plies.
    pub plies: usize,
}

/// `GameEnd`.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndView {
    /// A result.
    Finished {
        /// `1-0`, `0-1`, `1/2-1/2`.
        result: &'static str,
        /// Why.
        reason: &'static str,
        /// Plies played.
        plies: usize,
    },
    /// No result.
    Aborted {
        /// `requested` or `no_first_move`.
        reason: &'static str,
        /// Who.
        by: &'static str,
        /// Plies played.
        plies: usize,
    },
}

/// `WagerView`.
#[derive(Debug, Serialize)]
pub struct WagerView {
    /// The wager.
    pub id: u64,
    /// `ordinary` or `coaching`.
    pub mode: &'static str,
    /// The stakes.
    pub stakes: ByColor<i64>,
    /// Who confirmed.
    pub confirmed: ByColor<bool>,
    /// Who agreed.
    pub agreed: ByColor<bool>,
    /// `negotiating`, `escrowed` or `in_game`.
    pub status: &'static str,
    /// Its version (+1 at every change of the stakes).
    pub version: u32,
    /// The game it is bound to.
    pub game_id: Option<GameId>,
    /// The tax on gains (per mille).
    pub tax_rate_permille: u16,
}

/// `PoolView`.
#[derive(Debug, Serialize)]
pub struct PoolView {
    /// The game bet on.
    pub game_id: GameId,
    /// Whether bets are taken.
    pub open: bool,
    /// Betting closes once this many plies are played.
    pub close_ply: u32,
    /// All stakes.
    pub total: i64,
    /// How many bet.
    pub bettors: usize,
    /// By pick.
    pub picks: PicksView,
}

/// The stakes on each pick.
#[derive(Debug, Serialize)]
pub struct PicksView {
    /// Red wins.
    pub red: PickTotal,
    /// Black wins.
    pub black: PickTotal,
    /// A draw.
    pub draw: PickTotal,
}

/// The stakes on one pick.
#[derive(Debug, Serialize)]
pub struct PickTotal {
    /// Coins.
    pub total: i64,
    /// Bettors.
    pub bettors: u32,
}

/// `Room` on the wire: a room with its tables' summaries.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The balance needed to sit or watch.
    pub min_coins: i64,
    /// The behaviour score needed to sit or seek (0: any).
    pub min_behaviour: u8,
    /// `[TableSummary]`.
    pub tables: Vec<LobbySummary>,
    /// `[Seek]`: the room's open and quick seeks, oldest first (as the desk's node wrote them).
    pub seeks: Arc<RawValue>,
}

/// `Seek`: a waiting seek as the lobby and its seeker see it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeekView {
    /// Its id.
    pub id: SeekId,
    /// The room.
    pub room: String,
    /// Who seeks.
    pub user: SeekUserView,
    /// The time control.
    pub control: TimeControl,
    /// Rated or not.
    pub rated: bool,
    /// The colour the seeker wants (`red`, `black`), or `null`.
    pub color: Option<&'static str>,
    /// `quick`, `open`, `challenge` or `link`.
    pub kind: &'static str,
    /// The challenged player's name (`challenge` only).
    pub to: Option<String>,
    /// When it was made (ms).
    pub since: u64,
    /// A link seek's key (only in the seeker's own `seek_waiting`): the link carries it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

/// The seeker as a `Seek` shows them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeekUserView {
    /// Id.
    pub id: UserId,
    /// Name.
    pub name: String,
    /// Rating, rounded.
    pub rating: i32,
    /// A guest.
    pub guest: bool,
}
