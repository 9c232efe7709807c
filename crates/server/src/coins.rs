//! TEMPORARY stand-in for `crate::coins` of branch `ledger` (same signatures); dropped at the
//! merge.

use crate::state::AppState;
use crate::store::StoreError;
use platform::ledger::{self, AccountId, Applied, Coins};
use platform::UserId;

/// The ledger account of `user`.
#[must_use]
pub fn account_of(user: UserId) -> AccountId {
    AccountId::User(ledger::UserId(user.0))
}

/// `user`'s balance now.
///
/// # Errors
/// [`StoreError::Db`].
pub async fn balance(state: &AppState, user: UserId) -> Result<Coins, StoreError> {
    state.db.balance(&account_of(user)).await
}

/// Announces new balances (no-op here).
pub fn announce(_state: &AppState, _applied: &Applied) {}

/// Sends `balance` to `user` (no-op here).
pub fn push_balance(_state: &AppState, _user: UserId, _coins: Coins) {}
