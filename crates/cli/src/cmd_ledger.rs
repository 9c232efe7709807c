//! `chuhe ledger check`: audit the coin ledger in the database.

use crate::db_args::{block_on, DbArgs};
use clap::{Args as ClapArgs, Subcommand};

/// Options of `chuhe ledger`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: LedgerCommand,
}

#[derive(Subcommand, Debug)]
enum LedgerCommand {
    /// Check that every balance equals the sum of its entries, every transaction balances and no
    /// account but the mint is below zero; exit status 1 on any discrepancy.
    Check(CheckArgs),
}

/// Options of `chuhe ledger check`.
#[derive(ClapArgs, Debug)]
struct CheckArgs {
    #[command(flatten)]
    db: DbArgs,
}

/// Runs `chuhe ledger`.
pub fn run(args: &Args) -> Result<(), String> {
    match &args.command {
        LedgerCommand::Check(c) => block_on(check(c)),
    }
}

async fn check(args: &CheckArgs) -> Result<(), String> {
    let (db, _) = args.db.open().await?;
    let report = db.ledger_check().await.map_err(|e| e.to_string())?;
    db.close().await;
    println!("{report}");
    if report.is_ok() {
        Ok(())
    } else {
        Err(format!(
            "the ledger has {} discrepancies",
            report.mismatches.len()
        ))
    }
}
