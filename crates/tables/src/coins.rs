//! Coins on the live server: apply a ledger transaction, then tell every connection of each user
//! whose balance changed (`{"t":"balance","coins":N}`).

use crate::live::Live;
use platform::ledger::{AccountId, Applied, Coins, Transaction};
use platform::UserId;
use protocol::ServerMsg;
use store::StoreError;

/// The ledger account of `user`.
#[must_use]
pub fn account_of(user: UserId) -> AccountId {
    AccountId::User(user)
}

/// `user`'s balance now.
///
/// # Errors
/// [`StoreError::Db`].
pub async fn balance(state: &Live, user: UserId) -> Result<Coins, StoreError> {
    state.db.balance(&account_of(user)).await
}

/// Applies `tx` in its own database transaction and announces the new balances.
///
/// # Errors
/// As [`store::Db::ledger_apply`]; nothing changed then.
pub async fn apply(state: &Live, tx: &Transaction) -> Result<Applied, StoreError> {
    let applied = state.db.ledger_apply(tx).await?;
    announce(state, &applied);
    Ok(applied)
}

/// Sends the `balance` message to the connections of every user `applied` moved (nothing for
/// a replay). Call it after the transaction that applied it committed.
pub fn announce(state: &Live, applied: &Applied) {
    if applied.replayed {
        return;
    }
    for (account, balance) in &applied.receipt.balances_after {
        if let AccountId::User(u) = account {
            push_balance(state, *u, *balance);
        }
    }
}

/// Sends `{"t":"balance","coins":N}` to every connection of `user`.
pub fn push_balance(state: &Live, user: UserId, coins: Coins) {
    state
        .sockets
        .send(user, &ServerMsg::Balance { coins: coins.get() });
}
