//! A user's coins: `GET /api/me/ledger`, their balance and statement.

use super::auth::CurrentUser;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use platform::ledger::TxKind;
use serde::{Deserialize, Serialize};
use store::Statement;
use tables::coins::account_of;

/// Statement lines per page by default, and at most.
const DEFAULT_LIMIT: u32 = 50;
const MAX_LIMIT: u32 = 200;

/// The ledger routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/me/ledger", get(my_ledger))
}

/// Paging of a statement.
#[derive(Debug, Deserialize)]
pub struct Page {
    limit: Option<u32>,
    before: Option<u64>,
}

/// The wire name of a transaction kind (docs/protocol.md).
#[must_use]
pub fn kind_name(kind: TxKind) -> &'static str {
    match kind {
        TxKind::StartingGrant => "starting_grant",
        TxKind::AdminGrant => "admin_grant",
        TxKind::Reward => "reward",
        TxKind::WagerEscrow => "wager_escrow",
        TxKind::WagerTopUp => "wager_topup",
        TxKind::WagerSettlement => "wager_settle",
        TxKind::WagerRefund => "wager_refund",
        TxKind::Bet => "bet",
        TxKind::PoolSettlement => "pool_settle",
        TxKind::PoolRefund => "pool_refund",
        TxKind::EntryFee => "entry_fee",
        TxKind::EntryRefund => "entry_refund",
        TxKind::Prize => "prize",
    }
}

/// `LedgerLine`.
#[derive(Serialize)]
struct LedgerLine<'a> {
    tx: u64,
    at: u64,
    kind: &'static str,
    memo: &'a str,
    amount: i64,
    balance_after: i64,
}

fn line(s: &Statement) -> LedgerLine<'_> {
    LedgerLine {
        tx: s.tx,
        at: s.at,
        kind: kind_name(s.kind),
        memo: &s.memo,
        amount: s.amount,
        balance_after: s.balance_after,
    }
}

/// `{"balance": N, "entries": [LedgerLine]}`.
#[derive(Serialize)]
struct LedgerBody<'a> {
    balance: i64,
    entries: Vec<LedgerLine<'a>>,
}

async fn my_ledger(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(page): Query<Page>,
) -> Result<Response, AppError> {
    let account = account_of(user.0.id);
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let balance = state.db.balance(&account).await?;
    let lines = state
        .db
        .ledger_statement(&account, limit, page.before)
        .await?;
    let body = LedgerBody {
        balance: balance.get(),
        entries: lines.iter().map(line).collect(),
    };
    Ok(Json(body).into_response())
}
