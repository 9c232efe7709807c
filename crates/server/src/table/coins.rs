//! What wagers and betting share at a table: the settings, refusals and their protocol codes,
//! balances, the wire form of statements, and the recovery of wagers and pools whose game will
//! not be played on after a restart (they are settled from the stored result, or refunded).

use crate::error_code::ErrorCode;
use crate::state::AppState;
use crate::store::{CoinWrite, Db, StoreError, Stored, WagerClose};
use platform::eligibility::{BetRefusal, WagerRefusal};
use platform::ledger::{AccountId, Coins, GameId, LedgerError, TaxRate};
use platform::parimutuel::{PoolConfig, PoolError};
use platform::wager::{
    RefundReason, Wager, WagerEnd, WagerError, WagerGameEnd, WagerMode, WagerStatement, WagerStatus,
};
use platform::UserId;
use serde_json::{json, Value};
use std::collections::HashMap;
use xiangqi::{EndReason, GameResult};

/// The tax on wager gains and pool winnings (`[economy] tax_rate_permille`).
pub(super) fn tax_rate(state: &AppState) -> TaxRate {
    let permille = state.config.economy.tax_rate_permille.min(1_000);
    TaxRate::new(u16::try_from(permille * 10).unwrap_or(TaxRate::SCALE)).unwrap_or(TaxRate::ZERO)
}

/// The settings of a new betting pool (`[economy] tax_rate_permille`, `bet_close_ply`).
pub(super) fn pool_config(state: &AppState) -> PoolConfig {
    PoolConfig {
        tax_rate: tax_rate(state),
        close_at_ply: state.config.economy.bet_close_ply,
    }
}

/// A tax rate in per mille, as the protocol shows it.
pub(super) fn permille(rate: TaxRate) -> u16 {
    rate.basis_points() / 10
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

/// `Statement` on the wire.
pub(super) fn statement_json(s: &WagerStatement) -> Value {
    json!({"stake": s.stake.get(), "returned": s.returned.get(), "net": s.net.get(),
        "tax_rate_permille": permille(s.tax_rate)})
}

/// `won`, `drawn`, `coaching` or `refunded` for a closed wager.
pub(super) fn outcome_name(w: &Wager) -> Option<&'static str> {
    match (&w.status, w.mode) {
        (
            WagerStatus::Closed {
                end: WagerEnd::Paid { .. },
                ..
            },
            WagerMode::Ordinary,
        ) => Some("won"),
        (
            WagerStatus::Closed {
                end: WagerEnd::Paid { .. },
                ..
            },
            WagerMode::Coaching { .. },
        ) => Some("coaching"),
        (
            WagerStatus::Closed {
                end: WagerEnd::Refunded(RefundReason::Draw),
                ..
            },
            _,
        ) => Some("drawn"),
        (WagerStatus::Closed { .. }, _) => Some("refunded"),
        _ => None,
    }
}

/// The index in `w.players` of the player on red and the one on black.
pub(super) fn color_index(w: &Wager, red: UserId) -> (usize, usize) {
    if w.players[1] == red {
        (1, 0)
    } else {
        (0, 1)
    }
}

/// Stakes and statements by colour, for the closing event and the table's history.
pub(super) fn close_of(w: &Wager, red: UserId) -> Option<WagerClose> {
    let outcome = outcome_name(w)?;
    let WagerStatus::Closed { statements, .. } = &w.status else {
        return None;
    };
    let (r, b) = color_index(w, red);
    Some(WagerClose {
        outcome,
        summary: json!({
            "stakes": {"red": w.stakes[r].get(), "black": w.stakes[b].get()},
            "statements": {"red": statement_json(&statements[r]), "black": statement_json(&statements[b])},
        }),
    })
}

/// The `wager_settled` event of a closed wager.
pub(super) fn settled_event(w: &Wager, close: &WagerClose) -> Value {
    let game = match w.status {
        WagerStatus::Closed { game, .. } => game.map(|g| g.0),
        _ => None,
    };
    json!({"type": "wager_settled", "wager_id": w.id, "game_id": game, "outcome": close.outcome,
        "statements": close.summary["statements"]})
}

/// A wager step to store at `table`.
pub(super) fn wager_write(
    table: u64,
    w: &Wager,
    red: UserId,
    ledger: Option<platform::ledger::Transaction>,
) -> CoinWrite {
    CoinWrite {
        table,
        what: Stored::Wager {
            wager: Box::new(w.clone()),
            red,
            close: close_of(w, red),
        },
        ledger,
        request: None,
    }
}

/// How a stored game ended, as wagers and pools need it (`Unfinished` when aborted).
fn stored_end(status: &str, result: Option<&str>, reason: Option<&str>) -> (GameResult, EndReason) {
    let result = match status {
        "finished" => result
            .and_then(|r| r.parse().ok())
            .unwrap_or(GameResult::Unfinished),
        _ => GameResult::Unfinished,
    };
    let reason = reason
        .and_then(|r| r.parse().ok())
        .unwrap_or(EndReason::Adjudication);
    (result, reason)
}

/// Settles or refunds the wagers and pools whose game will not be played on: at start-up
/// (`only_game: None`: everything not bound to a game still in progress; negotiations are
/// dropped and stakes held for a next game are returned, since tables start empty) and when a
/// game that could not be restored is marked aborted (`only_game: Some(id)`). Safe to repeat:
/// the transactions' keys make each apply once.
///
/// # Errors
/// [`StoreError`] when the database fails; a step the ledger refuses is logged and skipped.
pub async fn recover_coins(db: &Db, only_game: Option<u64>) -> Result<(), StoreError> {
    for (table, red, w) in db.open_wagers().await? {
        let bound = match w.status {
            WagerStatus::Escrowed { game } => game,
            _ => None,
        };
        if only_game.is_some() && bound.map(|g| g.0) != only_game {
            continue;
        }
        let step = match (w.status, bound) {
            (WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. }, _) => {
                w.cancel().map(|wager| (wager, None, red))
            }
            (_, None) => w.refund_unplayed().map(|s| (s.wager, s.transaction, red)),
            (_, Some(g)) => {
                let Some(game) = db.game(g.0).await? else {
                    tracing::warn!(wager = w.id, game = g.0, "the wager's game is missing");
                    continue;
                };
                if game.status == "playing" {
                    continue;
                }
                let (result, reason) =
                    stored_end(&game.status, game.result.as_deref(), game.reason.as_deref());
                let end = WagerGameEnd {
                    game: GameId(g.0),
                    red: game.red,
                    black: game.black,
                    result,
                    reason,
                };
                w.settle(&end).map(|s| (s.wager, s.transaction, game.red))
            }
        };
        match step {
            Ok((wager, ledger, red)) => {
                let write = wager_write(table, &wager, red, ledger);
                if let Err(e) = db.coin_write(&write).await {
                    tracing::error!(wager = w.id, "recovering the wager: {e}");
                }
            }
            Err(e) => tracing::error!(wager = w.id, "recovering the wager: {e}"),
        }
    }
    for (table, pool) in db.open_pools().await? {
        if only_game.is_some_and(|g| g != pool.game.0) {
            continue;
        }
        let result = match db.game(pool.game.0).await? {
            Some(g) if g.status == "playing" => continue,
            Some(g) => stored_end(&g.status, g.result.as_deref(), g.reason.as_deref()).0,
            None => GameResult::Unfinished,
        };
        match pool.settle(result) {
            Ok(step) => {
                let write = CoinWrite {
                    table,
                    what: Stored::Pool(Box::new(step.pool)),
                    ledger: step.transaction,
                    request: None,
                };
                if let Err(e) = db.coin_write(&write).await {
                    tracing::error!(game = pool.game.0, "recovering the betting pool: {e}");
                }
            }
            Err(e) => tracing::error!(game = pool.game.0, "recovering the betting pool: {e}"),
        }
    }
    Ok(())
}

/// The users a wager concerns.
pub(super) fn wager_users(w: &Wager) -> [UserId; 2] {
    [w.players[0], w.players[1]]
}
