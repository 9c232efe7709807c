//! `chuhe admin grant`: coins from the mint to a user, as one ledger transaction.

use crate::db_args::DbArgs;
use clap::Args as ClapArgs;
use platform::ledger::{AccountId, Coins, IdempotencyKey, Transaction};

/// Options of `chuhe admin grant`.
#[derive(ClapArgs, Debug)]
pub struct GrantArgs {
    /// The user's name.
    #[arg(long)]
    user: String,
    /// Coins to give (above zero).
    #[arg(long)]
    amount: i64,
    /// Idempotency key: running the command again with the same key grants nothing more
    /// (default: a fresh key, so every run grants).
    #[arg(long)]
    key: Option<String>,
    /// Why (shown in the user's statement).
    #[arg(long, default_value = "")]
    memo: String,
    #[command(flatten)]
    db: DbArgs,
}

/// Grants the coins.
///
/// # Errors
/// A message when the user, the amount or the key is refused.
pub async fn grant(args: &GrantArgs) -> Result<(), String> {
    if args.amount <= 0 {
        return Err(format!("--amount must be above zero, got {}", args.amount));
    }
    let key = match &args.key {
        Some(k) => format!("grant:admin:{k}"),
        None => format!("grant:admin:{}:{:016x}", kit::clock::now().0, rand_suffix()),
    };
    let key = IdempotencyKey::new(key).map_err(|e| e.to_string())?;
    let (db, _) = args.db.open().await?;
    let Some((user, _)) = db
        .user_by_name(&args.user)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Err(format!("no user named {:?}", args.user));
    };
    let account = user.id;
    let tx = Transaction::admin_grant(account, Coins(args.amount), &args.memo, key)
        .map_err(|e| e.to_string())?;
    let applied = db.ledger_apply(&tx).await.map_err(|e| e.to_string())?;
    let balance = applied
        .receipt
        .balances_after
        .iter()
        .find(|(a, _)| *a == AccountId::User(account))
        .map_or(0, |(_, b)| b.get());
    if applied.replayed {
        println!(
            "already granted under this key (transaction {}): {} has {balance} coins",
            applied.receipt.seq, user.name
        );
    } else {
        println!(
            "granted {} coins to {} (transaction {}); balance {balance}",
            args.amount, user.name, applied.receipt.seq
        );
    }
    db.close().await;
    Ok(())
}

/// A few random bits for default keys, without another dependency.
fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.finish()
}
