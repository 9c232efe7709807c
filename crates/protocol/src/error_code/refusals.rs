//! Which [`ErrorCode`] each refusal of the domain becomes: a table's, a wager's, a pool's, the
//! eligibility rules' and the ledger's. The only place these conversions are made.

use super::ErrorCode;
use platform::eligibility::{BetRefusal, WagerRefusal};
use platform::ledger::LedgerError;
use platform::parimutuel::PoolError;
use platform::table::TableError;
use platform::team::TeamError;
use platform::wager::WagerError;

impl From<&TableError> for ErrorCode {
    fn from(e: &TableError) -> ErrorCode {
        use ErrorCode as C;
        match e {
            TableError::NotAtTable => C::NotAtTable,
            TableError::AlreadyHere => C::AlreadyHere,
            TableError::TableFull => C::TableFull,
            TableError::AlreadySeated => C::AlreadySeated,
            TableError::SeatTaken(_) => C::SeatTaken,
            TableError::FinishedStart => C::FinishedStart,
            TableError::NotSeated => C::NotSeated,
            TableError::NotAPlayer => C::NotAPlayer,
            TableError::GameInProgress => C::GameInProgress,
            TableError::NotPlaying => C::NotPlaying,
            TableError::NotYourTurn => C::NotYourTurn,
            TableError::IllegalMove(_) => C::IllegalMove,
            TableError::LosingRepetition(_) => C::LosingRepetition,
            TableError::InvalidTimeControl(_) => C::InvalidTimeControl,
            TableError::InvalidHandicap(_) => C::InvalidHandicap,
            TableError::NoOpponent => C::NoOpponent,
            TableError::ProposalPending => C::ProposalPending,
            TableError::NoProposal => C::NoProposal,
            TableError::OwnProposal => C::OwnProposal,
            TableError::NoRematchRequest => C::NoRematchRequest,
            TableError::NoDrawOffer => C::NoDrawOffer,
            TableError::AlreadyOffered => C::AlreadyOffered,
            TableError::DrawTooEarly => C::DrawTooEarly,
            TableError::BerserkRefused => C::BerserkRefused,
            TableError::UndoNotAllowed => C::UndoNotAllowed,
            TableError::UndoLimit => C::UndoLimit,
            TableError::NothingToUndo => C::NothingToUndo,
            TableError::UndoPending => C::UndoPending,
            TableError::NoUndoRequest => C::NoUndoRequest,
            TableError::TooLateToAbort => C::TooLateToAbort,
            TableError::NotDisconnected => C::NotDisconnected,
            TableError::AlreadyDisconnected => C::AlreadyDisconnected,
            TableError::ChatEmpty => C::ChatEmpty,
            TableError::ChatTooLong { .. } => C::ChatTooLong,
            TableError::ChatFlood { .. } => C::ChatFlood,
            TableError::Paused => C::Paused,
            TableError::NotPaused => C::NotPaused,
        }
    }
}

impl From<&WagerError> for ErrorCode {
    fn from(e: &WagerError) -> ErrorCode {
        match e {
            WagerError::NotAPlayer(_) | WagerError::SamePlayer | WagerError::CoachCannotTopUp => {
                ErrorCode::WagerNotAllowed
            }
            WagerError::NegativeStake(_)
            | WagerError::NothingStaked
            | WagerError::CoachMustStakeZero
            | WagerError::StudentMustPay
            | WagerError::NonPositiveTopUp(_)
            | WagerError::Overflow
            | WagerError::AboveMaximum(_) => ErrorCode::InvalidAmount,
            WagerError::StakeAboveBalance { .. } => ErrorCode::NotEnoughCoins,
            WagerError::WrongState { .. }
            | WagerError::WrongGame { .. }
            | WagerError::PlayersMismatch => ErrorCode::WagerState,
            WagerError::Ledger(_) => ErrorCode::Internal,
        }
    }
}

impl From<&PoolError> for ErrorCode {
    fn from(e: &PoolError) -> ErrorCode {
        match e {
            PoolError::PlayerCannotBet(_) => ErrorCode::PlayerCannotBet,
            PoolError::NonPositiveBet(_) | PoolError::Overflow | PoolError::AboveMaximum(_) => {
                ErrorCode::InvalidAmount
            }
            PoolError::AboveBalance { .. } => ErrorCode::NotEnoughCoins,
            PoolError::PickLocked(_) => ErrorCode::PickLocked,
            PoolError::Closed | PoolError::Finished => ErrorCode::BettingClosed,
            PoolError::Ledger(_) => ErrorCode::Internal,
        }
    }
}

impl From<&WagerRefusal> for ErrorCode {
    fn from(e: &WagerRefusal) -> ErrorCode {
        match e {
            WagerRefusal::Guest | WagerRefusal::OpponentGuest => ErrorCode::GuestNotAllowed,
            WagerRefusal::AnotherWagerOpen => ErrorCode::WagerState,
            WagerRefusal::ComputerTable | WagerRefusal::NotSeated | WagerRefusal::NoOpponent => {
                ErrorCode::WagerNotAllowed
            }
        }
    }
}

impl From<&BetRefusal> for ErrorCode {
    fn from(e: &BetRefusal) -> ErrorCode {
        match e {
            BetRefusal::Guest => ErrorCode::GuestNotAllowed,
            BetRefusal::NoGame => ErrorCode::NoGame,
            BetRefusal::StaleGame { .. } => ErrorCode::StaleGame,
            BetRefusal::Player => ErrorCode::PlayerCannotBet,
        }
    }
}

impl From<&LedgerError> for ErrorCode {
    fn from(e: &LedgerError) -> ErrorCode {
        use LedgerError as L;
        match e {
            L::InsufficientFunds { .. } => ErrorCode::NotEnoughCoins,
            L::KeyConflict(_) => ErrorCode::IdempotencyConflict,
            L::InvalidKey(_) => ErrorCode::InvalidKey,
            L::Overflow(_) => ErrorCode::Overflow,
            L::AboveMaximum(_) => ErrorCode::InvalidAmount,
            L::EmptyTransaction { .. }
            | L::ZeroEntry { .. }
            | L::NonPositiveAmount(_)
            | L::SelfTransfer(_)
            | L::Unbalanced { .. } => ErrorCode::BadAmount,
        }
    }
}

impl From<&TeamError> for ErrorCode {
    fn from(_: &TeamError) -> ErrorCode {
        ErrorCode::TeamRefused
    }
}
