//! [`ErrorCode`]: every error code of the protocol — HTTP and WebSocket use the same ones
//! (`docs/protocol.md` §6) — and the one place where a refusal of the domain (a table's, a
//! wager's, a pool's, the ledger's) becomes a code. `tests/protocol_doc.rs` keeps this list and
//! the document in step.

use platform::TableId;
use serde::{Serialize, Serializer};

mod refusals;

macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $text:literal,)*) => {
        /// An error code of the protocol (`error.code`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order of `docs/protocol.md` §6.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code as sent on the wire.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                }
            }
        }
    };
}

error_codes! {
    /// Not JSON, an unknown `t`, missing or invalid fields; any unreadable HTTP request.
    BadMessage = "bad_message",
    /// A protocol version the server does not speak.
    UnsupportedVersion = "unsupported_version",
    /// No valid session.
    Unauthorized = "unauthorized",
    /// A WebSocket or a state-changing HTTP request from a foreign origin.
    BadOrigin = "bad_origin",
    /// Wrong name or password.
    BadCredentials = "bad_credentials",
    /// Registration: the name is taken.
    NameTaken = "name_taken",
    /// Registration or login: the name is not acceptable.
    InvalidName = "invalid_name",
    /// Registration or login: the password is not acceptable.
    InvalidPassword = "invalid_password",
    /// Settings: an unknown key, a value of the wrong kind, or above the size cap.
    InvalidSettings = "invalid_settings",
    /// A password change: the current password given is wrong.
    WrongPassword = "wrong_password",
    /// Too many attempts, accounts or messages.
    RateLimited = "rate_limited",
    /// The server is at its limit of password hashing.
    Busy = "busy",
    /// The request did not arrive in time.
    Timeout = "timeout",
    /// No such table, user, game or path.
    NotFound = "not_found",
    /// Creating, starting or cancelling an event without being one of its organisers.
    NotOrganiser = "not_organiser",
    /// A tournament refused the request (already registered, late entry closed, started, …).
    TournamentRefused = "tournament_refused",
    /// A correction of a finished event: its standings are final, its prizes paid.
    ResultsFinal = "results_final",
    /// A ladder refused the request (out of reach, cooldown, already on the ladder, …).
    LadderRefused = "ladder_refused",
    /// A league refused the request (not the captain, bad lineup, outside the window, …).
    LeagueRefused = "league_refused",
    /// A team refused the request (full, closed, not the captain, the captain leaving, …).
    TeamRefused = "team_refused",
    /// The balance is below what the room, stake or bet needs.
    NotEnoughCoins = "not_enough_coins",
    /// A key already used for a different request.
    IdempotencyConflict = "idempotency_conflict",
    /// An idempotency key that is not acceptable.
    InvalidKey = "invalid_key",
    /// The maximum of games against the computer is reached.
    TooManyAiGames = "too_many_ai_games",
    /// A hint asked for by someone other than the human player on turn.
    HintNotAllowed = "hint_not_allowed",
    /// A PGN notation this build does not write.
    UnsupportedNotation = "unsupported_notation",
    /// Import: no game could be read from the record.
    BadRecord = "bad_record",
    /// Import: the record file is larger than `import_max_bytes`.
    RecordTooLarge = "record_too_large",
    /// Import: the bytes are text in no known encoding (UTF-8, UTF-16, GB18030, Big5), or not
    /// well-formed in the encoding named.
    RecordEncoding = "record_encoding",
    /// Import: an encoding name the server does not know.
    UnknownEncoding = "unknown_encoding",
    /// Collection: the user keeps `collection_max_games` games already.
    CollectionFull = "collection_full",
    /// Collection: more than `collection_max_tags` tags on one game.
    TooManyTags = "too_many_tags",
    /// Table: the connection did not join the table.
    NotAtTable = "not_at_table",
    /// Table: already at the table.
    AlreadyHere = "already_here",
    /// Table: no room for another spectator.
    TableFull = "table_full",
    /// Table: already in a seat.
    AlreadySeated = "already_seated",
    /// Table: the seat is taken.
    SeatTaken = "seat_taken",
    /// Table: not in a seat.
    NotSeated = "not_seated",
    /// Table: not one of the game's players.
    NotAPlayer = "not_a_player",
    /// Table: not while a game is in progress.
    GameInProgress = "game_in_progress",
    /// Table: no game in progress.
    NotPlaying = "not_playing",
    /// Table: the other side is on move.
    NotYourTurn = "not_your_turn",
    /// Table: the move is not legal.
    IllegalMove = "illegal_move",
    /// Table: the move would lose by repetition and the table refuses such moves.
    LosingRepetition = "losing_repetition",
    /// Table: the time control is not acceptable.
    InvalidTimeControl = "invalid_time_control",
    /// Table: the handicap cannot be played from this table's start (a piece it removes is
    /// missing, a bad or finished position, or nothing given).
    InvalidHandicap = "invalid_handicap",
    /// Table: the other seat is empty (a handicap needs two players).
    NoOpponent = "no_opponent",
    /// Table: a time-control or handicap proposal is pending.
    ProposalPending = "proposal_pending",
    /// Table: no time-control (or handicap) proposal to answer.
    NoProposal = "no_proposal",
    /// Table: one's own proposal cannot be accepted by oneself.
    OwnProposal = "own_proposal",
    /// Table: no request to play again to decline (the other player is not ready, or one is
    /// ready oneself).
    NoRematchRequest = "no_rematch_request",
    /// Table: no draw offer to answer.
    NoDrawOffer = "no_draw_offer",
    /// Table: already offered.
    AlreadyOffered = "already_offered",
    /// A draw offer before the move a tournament allows it from.
    DrawTooEarly = "draw_too_early",
    /// Berserk where it is not allowed (not an arena allowing it), after one's first move or
    /// a second time.
    BerserkRefused = "berserk_refused",
    /// Table: undo is not allowed here.
    UndoNotAllowed = "undo_not_allowed",
    /// Table: no undo left.
    UndoLimit = "undo_limit",
    /// Table: nothing to take back.
    NothingToUndo = "nothing_to_undo",
    /// Table: an undo request is pending.
    UndoPending = "undo_pending",
    /// Table: no undo request to answer.
    NoUndoRequest = "no_undo_request",
    /// Table: too late to abort.
    TooLateToAbort = "too_late_to_abort",
    /// Table: the player is not disconnected.
    NotDisconnected = "not_disconnected",
    /// Table: the player is disconnected already.
    AlreadyDisconnected = "already_disconnected",
    /// Table: the start position is already finished.
    FinishedStart = "finished_start",
    /// Table: an empty chat line.
    ChatEmpty = "chat_empty",
    /// Table: a chat line too long.
    ChatTooLong = "chat_too_long",
    /// Table: chatting too fast (`retry_after`).
    ChatFlood = "chat_flood",
    /// Table: the table is paused.
    Paused = "paused",
    /// Table: the table is not paused.
    NotPaused = "not_paused",
    /// Coins: not one of the two seated registered players, or not allowed at this table.
    WagerNotAllowed = "wager_not_allowed",
    /// Coins: no wager at this table.
    NoWager = "no_wager",
    /// Coins: the step does not fit the wager's state.
    WagerState = "wager_state",
    /// Coins: the wager's mode cannot change.
    ModeLocked = "mode_locked",
    /// Coins: an amount that is not acceptable.
    InvalidAmount = "invalid_amount",
    /// Coins: a ledger transaction of a bad shape.
    BadAmount = "bad_amount",
    /// Coins: a sum that does not fit.
    Overflow = "overflow",
    /// Coins: betting on this game is closed.
    BettingClosed = "betting_closed",
    /// Coins: the game's players cannot bet on it.
    PlayerCannotBet = "player_cannot_bet",
    /// Coins: no game in progress to bet on.
    NoGame = "no_game",
    /// Coins: the bet names a game that is no longer the table's.
    StaleGame = "stale_game",
    /// Coins: a confirmation for a wager that changed since.
    StaleWager = "stale_wager",
    /// Coins: guests cannot wager or bet.
    GuestNotAllowed = "guest_not_allowed",
    /// Coins: a second bet on another pick.
    PickLocked = "pick_locked",
    /// Seeks: the seek is no longer waiting (taken, cancelled, expired).
    SeekNotFound = "seek_not_found",
    /// Seeks: one's own seek cannot be accepted.
    OwnSeek = "own_seek",
    /// Seeks: a challenge to another player.
    NotForYou = "not_for_you",
    /// Seeks: only the seeker may cancel.
    NotYours = "not_yours",
    /// Seeks: guests play unrated games only.
    GuestRated = "guest_rated",
    /// Seeks: a challenge to oneself.
    SelfChallenge = "self_challenge",
    /// Seeks: the same quick seek waits already.
    AlreadySeeking = "already_seeking",
    /// Seeks: too many seeks of this user, or in all.
    TooManySeeks = "too_many_seeks",
    /// Seeks: one is seated in a game in progress (at any table of this node).
    AlreadyPlaying = "already_playing",
    /// Behaviour: banned from sitting down, seeking and joining events (`until`: the ban's end;
    /// the message gives the reason).
    Banned = "banned",
    /// Behaviour: muted, no chat (`until`: the mute's end).
    Muted = "muted",
    /// Behaviour: the room or event needs a higher behaviour score.
    BehaviourTooLow = "behaviour_too_low",
    /// Behaviour: only moderators may do that.
    NotModerator = "not_moderator",
    /// Behaviour: an open report of this player by this reporter exists already.
    ReportOpen = "report_open",
    /// Analysis: the game is still in progress.
    NotFinished = "not_finished",
    /// Analysis: the user has the most analyses queued or running already.
    TooManyAnalyses = "too_many_analyses",
    /// Analysis: the FEN is unreadable or not a legal position.
    BadFen = "bad_fen",
    /// Analysis: the server runs its most live analyses.
    AnalysisBusy = "analysis_busy",
    /// Puzzles: a second round on one puzzle, an answer to a run that is over, a second skip.
    PuzzleRefused = "puzzle_refused",
    /// The command could not be stored; nothing changed.
    NotStored = "not_stored",
    /// The table is another node's now (this node's lease was taken over); nothing changed.
    TableMoved = "table_moved",
    /// The table is not running (the server is stopping).
    Unavailable = "unavailable",
    /// Something went wrong on the server (logged).
    Internal = "internal",
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The WebSocket `error` message: `{"t":"error","id","table"?,"code","message","retry_after"?}`.
#[derive(Debug, Serialize)]
pub struct ErrorMsg<'a> {
    t: &'static str,
    /// The request answered (`null` for none).
    pub id: Option<u64>,
    /// The table, for table and coin commands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<TableId>,
    /// Why.
    pub code: ErrorCode,
    /// Why, for people.
    pub message: &'a str,
    /// When to try again (ms), for rate limits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// When the ban or mute that refused ends (ms since the epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<u64>,
}

impl<'a> ErrorMsg<'a> {
    /// The error answering request `id`.
    #[must_use]
    pub fn new(id: Option<u64>, code: ErrorCode, message: &'a str) -> ErrorMsg<'a> {
        ErrorMsg {
            t: "error",
            id,
            table: None,
            code,
            message,
            retry_after: None,
            until: None,
        }
    }

    /// About table `table`.
    #[must_use]
    pub fn at(mut self, table: TableId) -> ErrorMsg<'a> {
        self.table = Some(table);
        self
    }

    /// To be tried again after `ms`.
    #[must_use]
    pub fn retry_after(mut self, ms: u64) -> ErrorMsg<'a> {
        self.retry_after = Some(ms);
        self
    }

    /// Refused by a ban or mute that ends at `until` (ms since the epoch).
    #[must_use]
    pub fn until(mut self, until: u64) -> ErrorMsg<'a> {
        self.until = Some(until);
        self
    }

    /// The message's JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::table::TableError;
    use std::collections::HashSet;

    #[test]
    fn codes_are_distinct_snake_case_and_errors_render_alike() {
        let texts: HashSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(texts.len(), ErrorCode::ALL.len());
        assert!(texts
            .iter()
            .all(|t| t.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        assert_eq!(
            ErrorMsg::new(Some(3), ErrorCode::NotYourTurn, "wait")
                .at(TableId(9))
                .to_json(),
            r#"{"t":"error","id":3,"table":9,"code":"not_your_turn","message":"wait"}"#
        );
        assert_eq!(
            ErrorMsg::new(None, ErrorCode::RateLimited, "slow down")
                .retry_after(250)
                .to_json(),
            r#"{"t":"error","id":null,"code":"rate_limited","message":"slow down","retry_after":250}"#
        );
        assert_eq!(
            ErrorCode::from(&TableError::NotPlaying).as_str(),
            "not_playing"
        );
    }
}
