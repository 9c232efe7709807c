//! `chuhe admin …`: administration on the database, with or without a running server.

use crate::db_args::{block_on, DbArgs};
use clap::{Args as ClapArgs, Subcommand};
use platform::ledger::{self, AccountId, Coins, IdempotencyKey, Transaction};

/// Options of `chuhe admin`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Subcommand, Debug)]
enum AdminCommand {
    /// Give a user coins from the mint (recorded in the ledger as an admin grant).
    Grant(GrantArgs),
}

/// Options of `chuhe admin grant`.
#[derive(ClapArgs, Debug)]
struct GrantArgs {
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

/// Runs `chuhe admin`.
pub fn run(args: &Args) -> Result<(), String> {
    match &args.command {
        AdminCommand::Grant(g) => block_on(grant(g)),
    }
}

async fn grant(args: &GrantArgs) -> Result<(), String> {
    if args.amount <= 0 {
        return Err(format!("--amount must be above zero, got {}", args.amount));
    }
    let key = match &args.key {
        Some(k) => format!("grant:admin:{k}"),
        None => format!(
            "grant:admin:{}:{:016x}",
            server::clock::now().0,
            rand_suffix()
        ),
    };
    let key = IdempotencyKey::new(key).map_err(|e| e.to_string())?;
    let db = args.db.open().await?;
    let Some((user, _)) = db
        .user_by_name(&args.user)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Err(format!("no user named {:?}", args.user));
    };
    let account = ledger::UserId(user.id.0);
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
