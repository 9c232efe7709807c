//! What wagers and betting share at a table: the settings, refusals and their protocol codes,
//! balances and the `wager_settled` event.

use crate::live::Live;
use platform::eligibility::{BetRefusal, WagerRefusal};
use platform::ledger::{AccountId, Coins, LedgerError, TaxRate};
use platform::parimutuel::{PoolConfig, PoolError};
use platform::wager::{Wager, WagerError, WagerStatus};
use platform::UserId;
use protocol::error_code::ErrorCode;
use protocol::events::EventView;
use std::collections::HashMap;
use store::{Db, StoreError, WagerClose};

/// The tax on wager gains and pool winnings (`[economy] tax_rate_permille`).
pub(super) fn tax_rate(state: &Live) -> TaxRate {
    let permille = state.config.economy.tax_rate_permille.min(1_000);
    TaxRate::new(u16::try_from(permille * 10).unwrap_or(TaxRate::SCALE)).unwrap_or(TaxRate::ZERO)
}

/// The settings of a new betting pool (`[economy] tax_rate_permille`, `bet_close_ply`).
pub(super) fn pool_config(state: &Live) -> PoolConfig {
    PoolConfig {
        tax_rate: tax_rate(state),
        close_at_ply: state.config.economy.bet_close_ply,
    }
}

/// A refused coin command: the protocol's error code and a message.
#[derive(Debug)]
pub(super) struct Refusal {
    pub(super) code: ErrorCode,
    pub(super) message: String,
}

impl Refusal {
    pub(super) fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

impl From<WagerError> for Refusal {
    fn from(e: WagerError) -> Refusal {
        Refusal::new(ErrorCode::from(&e), e.to_string())
    }
}

impl From<WagerRefusal> for Refusal {
    fn from(e: WagerRefusal) -> Refusal {
        Refusal::new(ErrorCode::from(&e), e.to_string())
    }
}

impl From<BetRefusal> for Refusal {
    fn from(e: BetRefusal) -> Refusal {
        Refusal::new(ErrorCode::from(&e), e.to_string())
    }
}

impl From<PoolError> for Refusal {
    fn from(e: PoolError) -> Refusal {
        Refusal::new(ErrorCode::from(&e), e.to_string())
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        match e {
            StoreError::Ledger(LedgerError::InsufficientFunds { .. }) => {
                Refusal::new(ErrorCode::NotEnoughCoins, "not enough coins")
            }
            StoreError::Ledger(e @ LedgerError::AboveMaximum(_)) => {
                Refusal::new(ErrorCode::InvalidAmount, e.to_string())
            }
            StoreError::Ledger(LedgerError::KeyConflict(_)) => Refusal::new(
                ErrorCode::IdempotencyConflict,
                "this key was used for a different operation",
            ),
            StoreError::Fenced(_) => Refusal::new(
                ErrorCode::TableMoved,
                "the table is another node's now: join it again",
            ),
            other => {
                tracing::error!("coin write: {other}");
                Refusal::new(ErrorCode::Internal, "the operation could not be stored")
            }
        }
    }
}

/// The balances of `users`, for the checks made before a step is built.
pub(super) async fn balances(
    db: &Db,
    users: &[UserId],
) -> Result<HashMap<UserId, Coins>, StoreError> {
    let mut out = HashMap::new();
    for &u in users {
        out.insert(u, db.balance(&AccountId::User(u)).await?);
    }
    Ok(out)
}

/// The `wager_settled` event of a closed wager.
pub(super) fn settled_event(w: &Wager, close: &WagerClose) -> EventView {
    let game = match w.status {
        WagerStatus::Closed { game, .. } => game,
        _ => None,
    };
    EventView::WagerSettled {
        wager_id: w.id,
        game_id: game,
        outcome: close.outcome,
        statements: close.summary.statements,
    }
}

/// The users a wager concerns.
pub(super) fn wager_users(w: &Wager) -> [UserId; 2] {
    [w.players[0], w.players[1]]
}
