//! Commands: what a user (or the server on a user's behalf) asks of a table.

use super::handicap::Handicap;
use crate::clock::TimeControl;
use crate::ids::{Millis, UserId};
use xiangqi::{Color, Move};

/// A command from one user. A player acts only on their own seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Command {
    /// Who sends it.
    pub user: UserId,
    /// What they ask.
    pub action: Action,
}

impl Command {
    /// `action` from `user`.
    #[must_use]
    pub fn new(user: UserId, action: Action) -> Command {
        Command { user, action }
    }
}

/// What a command asks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Watch the table as a spectator.
    Join,
    /// Leave the table; a player leaving a game in progress loses it (逃跑).
    Leave,
    /// Take the empty seat of `Color`.
    Sit(Color),
    /// Leave one's seat and watch (not during one's game).
    Stand,
    /// Declare oneself ready (or not); the game starts when both seated players are ready.
    /// Ready after a game is the request to play again (再来一局).
    Ready(bool),
    /// Decline the other player's request to play (they are ready, one is not): they are told,
    /// and are no longer ready.
    DeclineRematch,
    /// Propose a time control to the other player (adopted at once if the other seat is empty).
    ProposeTimeControl(TimeControl),
    /// Accept the other player's proposal.
    AcceptTimeControl,
    /// Decline the other player's proposal, or withdraw one's own.
    DeclineTimeControl,
    /// Propose a handicap for the next games (both seats taken, between games).
    ProposeHandicap(Handicap),
    /// Accept the other player's handicap proposal.
    AcceptHandicap,
    /// Decline the other's handicap proposal, withdraw one's own, or (with none pending) drop
    /// the agreed handicap.
    DeclineHandicap,
    /// Make a move; `lag` is the network lag the client measured.
    Move {
        /// The move.
        mv: Move,
        /// Reported lag, credited within the player's lag quota.
        lag: Millis,
    },
    /// Offer a draw (only on one's own turn).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Ask to take back one's last move (and the opponent's reply, if made).
    RequestUndo,
    /// Grant the opponent's undo request.
    AcceptUndo,
    /// Refuse the opponent's undo request, or withdraw one's own.
    DeclineUndo,
    /// Resign.
    Resign,
    /// Berserk (an arena's tables): half one's time and no increment, before one's first move.
    Berserk,
    /// Abort the game before both sides have moved (unrated).
    Abort,
    /// The server lost this player's connection.
    Disconnect,
    /// This player's connection is back.
    Reconnect,
    /// Say something in the table chat.
    Chat(String),
}
