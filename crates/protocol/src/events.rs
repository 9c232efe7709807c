//! `Event`: what `ev.e` carries (docs/protocol.md §4, Events), tagged by `"type"`.

use super::evidence::EvidenceView;
use super::handicap::HandicapView;
use super::repetition::WarningView;
use super::views::{EndView, FirstMoveView, GameView, PoolView, WagerView};
use crate::rating::RatingLine;
use crate::statement::StatementView;
use crate::user::ShownUser;
use platform::clock::{ClockSnapshot, TimeControl};
use platform::rating::RatingStatus;
use platform::{GameId, UserId};
use serde::Serialize;
use xiangqi::ByColor;

/// A table event on the wire.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
// Built, serialized once and dropped: boxing the large variants would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum EventView {
    /// Someone came to the table (`User`).
    Joined { user: ShownUser },
    /// Someone left it.
    Left { user: ShownUser },
    /// Someone took a seat.
    Sat {
        user: ShownUser,
        color: &'static str,
    },
    /// A player stood up.
    Stood {
        user_id: UserId,
        color: &'static str,
    },
    /// A player is ready, or not.
    Ready { color: &'static str, ready: bool },
    /// A time control was proposed.
    ControlProposed {
        by: &'static str,
        control: TimeControl,
    },
    /// The proposal was declined or withdrawn.
    ControlDeclined { by: &'static str },
    /// A player declined the other's request to play again (the asker is not ready any more).
    RematchDeclined { by: &'static str },
    /// The time control was set.
    ControlSet { control: TimeControl },
    /// A handicap was proposed.
    HandicapProposed {
        by: &'static str,
        handicap: HandicapView,
    },
    /// The handicap proposal was declined or withdrawn.
    HandicapDeclined { by: &'static str },
    /// The handicap of the next games was agreed, or dropped (`null`).
    HandicapSet { handicap: Option<HandicapView> },
    /// A game started.
    GameStarted { game: Option<GameView> },
    /// A move.
    Moved {
        color: &'static str,
        mv: String,
        ply: usize,
        clock: ClockSnapshot,
        fen: Option<String>,
        legal: Vec<String>,
        warnings: Vec<WarningView>,
        first_move: Option<FirstMoveView>,
    },
    /// A draw offered.
    DrawOffered { by: &'static str },
    /// A draw declined.
    DrawDeclined { by: &'static str },
    /// A take-back asked for.
    UndoRequested { by: &'static str, plies: usize },
    /// A take-back refused.
    UndoDeclined { by: &'static str },
    /// Moves taken back.
    Undone {
        plies: usize,
        ply: usize,
        clock: ClockSnapshot,
        fen: Option<String>,
        moves: Option<Vec<String>>,
        legal: Vec<String>,
        warnings: Vec<WarningView>,
        first_move: Option<FirstMoveView>,
    },
    /// A player's connection is gone (the grace runs until `deadline`).
    Disconnected { color: &'static str, deadline: u64 },
    /// The player is back.
    Reconnected { color: &'static str },
    /// Table chat.
    Chat {
        user_id: UserId,
        name: Option<String>,
        text: String,
    },
    /// The game ended.
    GameEnded {
        end: EndView,
        game_id: Option<GameId>,
        /// The clocks as the game ended (a flag that fell reads 0).
        clock: Option<ClockSnapshot>,
        /// Why it ended by the repetition rules, if it did.
        #[serde(skip_serializing_if = "Option::is_none")]
        evidence: Option<EvidenceView>,
    },
    /// A player berserked (an arena): their side of the clock is on `control` from now on.
    Berserked {
        color: &'static str,
        control: TimeControl,
        clock: ClockSnapshot,
    },
    /// The server stopped: no clock runs.
    Paused,
    /// It is back.
    Resumed,
    /// The ratings after a game.
    Rated {
        game_id: GameId,
        rated: bool,
        red: RatingLine,
        black: RatingLine,
        /// When rated: the result the ratings were computed from.
        #[serde(skip_serializing_if = "Option::is_none")]
        scored_as: Option<&'static str>,
        /// When not rated: why.
        #[serde(skip_serializing_if = "Option::is_none")]
        why: Option<RatingStatus>,
        /// The event's own rating pool the game was rated in (absent: the site's rating).
        #[serde(skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// The table's wager changed (`null`: gone).
    Wager { wager: Option<WagerView> },
    /// A wager was settled.
    WagerSettled {
        wager_id: u64,
        game_id: Option<GameId>,
        outcome: &'static str,
        statements: ByColor<StatementView>,
    },
    /// The betting pool changed.
    Pool { pool: Option<PoolView> },
    /// The betting pool was settled.
    PoolSettled {
        game_id: GameId,
        result: &'static str,
        refunded: bool,
        reason: Option<&'static str>,
        house: i64,
    },
}

/// What happened in a tournament (`t_ev`'s `e`, tagged by `t`): an event of its system (e.g.
/// `registered`, `withdrew`, `round_paired`, `result_recorded`, `round_complete`, `finished`)
/// or one of the director's own (`cancelled`).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum TournamentEventView<'a> {
    /// An event of the Swiss system.
    Swiss(&'a platform::tournament::swiss::SwissEvent),
    /// An event of a round robin (`registered`, `withdrew`, `started`, `result_recorded`,
    /// `finished`).
    Robin(&'a platform::tournament::robin::RobinEvent),
    /// An event of a knockout (`registered`, `withdrew`, `round_started`, `game_scheduled`,
    /// `game_recorded`, `match_decided`, `finished`).
    Knockout(&'a platform::tournament::knockout::KnockoutEvent),
    /// An event of an arena (`started`, `joined`, `left`, `paused`, `paired`, `berserked`,
    /// `scored`, `ended`).
    Arena(&'a platform::tournament::arena::ArenaEvent),
    /// One of the director's own.
    Director(DirectorEvent),
}

/// An event of the tournament director itself.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum DirectorEvent {
    /// The organiser cancelled the event (entry fees refunded).
    Cancelled,
}
