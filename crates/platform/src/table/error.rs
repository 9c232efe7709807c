//! Errors of the table. A refused command changes nothing.

use super::handicap::HandicapError;
use crate::clock::ClockError;
use crate::ids::Millis;
use thiserror::Error;
use xiangqi::{Color, Move};

/// Why a table refused a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The user is neither seated nor watching.
    #[error("not at this table")]
    NotAtTable,
    /// The user is already at the table (seated or watching).
    #[error("already at this table")]
    AlreadyHere,
    /// The table has no room for another spectator.
    #[error("the table is full")]
    TableFull,
    /// The user already has a seat.
    #[error("already seated")]
    AlreadySeated,
    /// Someone sits there.
    #[error("the {0} seat is taken")]
    SeatTaken(Color),
    /// The configured start position already ends the game (no legal move, no mating
    /// material, …).
    #[error("the start position is already finished")]
    FinishedStart,
    /// The command needs a seat.
    #[error("not seated")]
    NotSeated,
    /// The command is for the players of the game in progress.
    #[error("not a player of this game")]
    NotAPlayer,
    /// Not allowed while a game is in progress.
    #[error("a game is in progress")]
    GameInProgress,
    /// No game is in progress.
    #[error("no game in progress")]
    NotPlaying,
    /// It is the other side's turn.
    #[error("not your turn")]
    NotYourTurn,
    /// The move is not legal here.
    #[error("illegal move {0}")]
    IllegalMove(Move),
    /// The move would lose by the repetition rules (perpetual check or chase), and this table
    /// refuses such moves ([`crate::table::RepetitionPolicy::Refuse`]).
    #[error("{0} would lose by repetition; this table refuses it")]
    LosingRepetition(Move),
    /// The proposed time control is invalid.
    #[error(transparent)]
    InvalidTimeControl(ClockError),
    /// The handicap cannot be played at this table.
    #[error(transparent)]
    InvalidHandicap(HandicapError),
    /// The command needs both seats taken.
    #[error("the other seat is empty")]
    NoOpponent,
    /// A time-control or handicap proposal must be settled first.
    #[error("a proposal is pending")]
    ProposalPending,
    /// No proposal to answer.
    #[error("no proposal")]
    NoProposal,
    /// One cannot accept one's own proposal.
    #[error("cannot accept your own proposal")]
    OwnProposal,
    /// No request to play from the other player (they are not ready, or one is ready oneself).
    #[error("no request to play again")]
    NoRematchRequest,
    /// No draw offer from the opponent.
    #[error("no draw offer")]
    NoDrawOffer,
    /// One's draw offer is already pending.
    #[error("draw already offered")]
    AlreadyOffered,
    /// Draw offers are allowed only from a set ply on (tournament rules).
    #[error("too early to offer a draw")]
    DrawTooEarly,
    /// Undo is not allowed at this table.
    #[error("undo is not allowed here")]
    UndoNotAllowed,
    /// The player has used up their undos for this game.
    #[error("no undos left")]
    UndoLimit,
    /// Nothing of one's own to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// An undo request is already pending.
    #[error("an undo request is pending")]
    UndoPending,
    /// No undo request from the opponent.
    #[error("no undo request")]
    NoUndoRequest,
    /// Both sides have moved: resign instead.
    #[error("too late to abort")]
    TooLateToAbort,
    /// The player is not marked disconnected.
    #[error("not disconnected")]
    NotDisconnected,
    /// The player is already marked disconnected.
    #[error("already disconnected")]
    AlreadyDisconnected,
    /// An empty chat message.
    #[error("empty message")]
    ChatEmpty,
    /// A chat message over the length limit.
    #[error("message longer than {max} characters")]
    ChatTooLong {
        /// The limit.
        max: usize,
    },
    /// Too many chat messages too fast.
    #[error("too many messages; wait {retry_after}")]
    ChatFlood {
        /// How long until one more is allowed.
        retry_after: Millis,
    },
    /// Berserk is not allowed here, or no longer (the player has moved or already berserked).
    #[error("berserk refused")]
    BerserkRefused,
    /// The table is paused (server restart); try again after it resumes.
    #[error("the table is paused")]
    Paused,
    /// The table is not paused.
    #[error("the table is not paused")]
    NotPaused,
}
