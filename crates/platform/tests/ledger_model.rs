//! The double-entry ledger: balanced, atomic, idempotent, never negative except the mint.

use platform::ledger::{
    AccountId, CheckError, Coins, Entry, EscrowId, IdempotencyKey, Ledger, LedgerError,
    Transaction, Transfer, TxKind, UserId, MAX_COINS,
};

fn key(s: &str) -> IdempotencyKey {
    IdempotencyKey::new(s).unwrap()
}

fn user(n: u64) -> AccountId {
    AccountId::User(UserId(n))
}

fn funded() -> Ledger {
    let mut ledger = Ledger::new();
    ledger
        .apply(Transaction::starting_grant(UserId(1), Coins(1000), key("grant:1")).unwrap())
        .unwrap();
    ledger
        .apply(Transaction::starting_grant(UserId(2), Coins(200), key("grant:2")).unwrap())
        .unwrap();
    ledger
}

fn transfer(k: &str, from: AccountId, to: AccountId, amount: i64) -> Transaction {
    Transaction::from_transfers(
        key(k),
        TxKind::Bet,
        "test",
        &[Transfer {
            from,
            to,
            amount: Coins(amount),
        }],
    )
    .unwrap()
}

#[test]
fn grants_come_from_the_mint() {
    let mut ledger = funded();
    assert_eq!(ledger.balance(&user(1)), Coins(1000));
    assert_eq!(ledger.balance(&AccountId::Mint), Coins(-1200));
    assert_eq!(ledger.issued(), Coins(1200));
    let tx =
        Transaction::admin_grant(UserId(2), Coins(50), "tournament prize", key("admin:1")).unwrap();
    assert_eq!(tx.kind, TxKind::AdminGrant);
    assert_eq!(tx.memo, "admin grant: tournament prize");
    ledger.apply(tx).unwrap();
    assert_eq!(ledger.balance(&user(2)), Coins(250));
    assert_eq!(ledger.check(), Ok(()));
    assert!(Transaction::starting_grant(UserId(3), Coins(0), key("g0")).is_err());
    assert!(Transaction::admin_grant(UserId(3), Coins(-5), "x", key("g0")).is_err());
}

#[test]
fn insufficient_funds_change_nothing() {
    let mut ledger = funded();
    let before: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
    // User 2 pays 150 to escrow and 100 to the house: 250 > 200.
    let tx = Transaction::from_transfers(
        key("t1"),
        TxKind::Bet,
        "two legs",
        &[
            Transfer {
                from: user(2),
                to: AccountId::Escrow(EscrowId::Pool(1)),
                amount: Coins(150),
            },
            Transfer {
                from: user(2),
                to: AccountId::House,
                amount: Coins(100),
            },
        ],
    )
    .unwrap();
    assert_eq!(
        ledger.apply(tx.clone()),
        Err(LedgerError::InsufficientFunds {
            account: user(2),
            needed: Coins(250),
            available: Coins(200),
        })
    );
    let after: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
    assert_eq!(before, after);
    assert_eq!(ledger.journal().len(), 2);
    // A rejected key is not remembered: once funded, the same transaction goes through.
    ledger.apply(transfer("top", user(1), user(2), 50)).unwrap();
    let applied = ledger.apply(tx).unwrap();
    assert!(!applied.replayed);
    assert_eq!(ledger.balance(&user(2)), Coins(0));
    assert_eq!(ledger.check(), Ok(()));
}

#[test]
fn unbalanced_empty_and_zero_transactions_are_rejected() {
    let mut ledger = funded();
    let unbalanced = Transaction {
        key: key("u"),
        kind: TxKind::Bet,
        memo: String::new(),
        entries: vec![
            Entry {
                account: user(1),
                amount: Coins(-10),
            },
            Entry {
                account: AccountId::House,
                amount: Coins(9),
            },
        ],
    };
    assert_eq!(
        ledger.apply(unbalanced),
        Err(LedgerError::Unbalanced {
            key: "u".into(),
            sum: -1
        })
    );
    let empty = Transaction {
        key: key("e"),
        kind: TxKind::Bet,
        memo: String::new(),
        entries: vec![],
    };
    assert!(matches!(
        ledger.apply(empty),
        Err(LedgerError::EmptyTransaction { .. })
    ));
    let zero = Transaction {
        key: key("z"),
        kind: TxKind::Bet,
        memo: String::new(),
        entries: vec![Entry {
            account: user(1),
            amount: Coins(0),
        }],
    };
    assert!(matches!(
        ledger.apply(zero),
        Err(LedgerError::ZeroEntry { .. })
    ));
    assert_eq!(ledger.journal().len(), 2);
    assert!(Transaction::from_transfers(
        key("s"),
        TxKind::Bet,
        "",
        &[Transfer {
            from: user(1),
            to: user(1),
            amount: Coins(5),
        }]
    )
    .is_err());
}

#[test]
fn a_repeated_key_applies_once_and_returns_the_original_receipt() {
    let mut ledger = funded();
    let tx = transfer("pay:1", user(1), user(2), 300);
    let first = ledger.apply(tx.clone()).unwrap();
    assert!(!first.replayed);
    let second = ledger.apply(tx).unwrap();
    assert!(second.replayed);
    assert_eq!(second.receipt, first.receipt);
    assert_eq!(ledger.balance(&user(1)), Coins(700));
    assert_eq!(ledger.balance(&user(2)), Coins(500));
    // The same key for a different transaction is a conflict.
    assert_eq!(
        ledger.apply(transfer("pay:1", user(1), user(2), 301)),
        Err(LedgerError::KeyConflict("pay:1".into()))
    );
    assert_eq!(ledger.receipt("pay:1").map(|r| r.seq), Some(2));
}

#[test]
fn receipts_record_balances_after() {
    let mut ledger = funded();
    let applied = ledger
        .apply(transfer("p", user(1), AccountId::House, 10))
        .unwrap();
    assert_eq!(
        applied.receipt.balances_after,
        vec![(user(1), Coins(990)), (AccountId::House, Coins(10))]
    );
}

#[test]
fn keys_are_validated() {
    assert!(IdempotencyKey::new("").is_err());
    assert!(IdempotencyKey::new("a\nb").is_err());
    assert!(IdempotencyKey::new("x".repeat(201)).is_err());
    assert!(IdempotencyKey::new("x".repeat(200)).is_ok());
    assert!(serde_json::from_str::<IdempotencyKey>("\"\"").is_err());
}

#[test]
fn grants_stop_at_max_coins_and_circulation_at_i64_max() {
    let mut ledger = Ledger::new();
    let grant =
        |u: u64, c: i64, k: &str| Transaction::admin_grant(UserId(u), Coins(c), "t", key(k));
    assert_eq!(
        Transaction::starting_grant(UserId(1), Coins(i64::MAX), key("a")),
        Err(LedgerError::AboveMaximum(Coins(i64::MAX)))
    );
    assert_eq!(
        grant(1, MAX_COINS.get() + 1, "a"),
        Err(LedgerError::AboveMaximum(Coins(MAX_COINS.get() + 1)))
    );
    for u in 1..=9 {
        ledger
            .apply(grant(u, MAX_COINS.get(), &format!("g{u}")).unwrap())
            .unwrap();
    }
    // A grant may not take a balance above MAX_COINS.
    assert_eq!(
        ledger.apply(grant(1, 1, "more").unwrap()),
        Err(LedgerError::AboveMaximum(Coins(MAX_COINS.get() + 1)))
    );
    // 9·10^18 coins are out; another 10^18 would take the mint below −i64::MAX.
    assert_eq!(
        ledger.apply(grant(10, MAX_COINS.get(), "g10").unwrap()),
        Err(LedgerError::Overflow(AccountId::Mint))
    );
    // Whatever moves between accounts, no balance can overflow: all of them fit together.
    let all = Transaction::from_transfers(
        key("all"),
        TxKind::Bet,
        "everything to one",
        &(2..=9)
            .map(|u| Transfer {
                from: user(u),
                to: user(1),
                amount: MAX_COINS,
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    ledger.apply(all).unwrap();
    assert_eq!(ledger.balance(&user(1)), Coins(9 * MAX_COINS.get()));
    assert_eq!(ledger.check(), Ok(()));
}

#[test]
fn the_journal_is_storable_and_replays_to_the_same_books() {
    let mut ledger = funded();
    ledger.apply(transfer("p1", user(1), user(2), 30)).unwrap();
    ledger
        .apply(transfer(
            "p2",
            user(2),
            AccountId::Escrow(EscrowId::Wager(4)),
            80,
        ))
        .unwrap();
    let stored = serde_json::to_string(
        &ledger
            .journal()
            .iter()
            .map(|r| r.transaction.clone())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(stored.contains("\"escrow\":{\"wager\":4}"), "{stored}");
    let txs: Vec<Transaction> = serde_json::from_str(&stored).unwrap();
    let rebuilt = Ledger::from_journal(txs).unwrap();
    let a: Vec<_> = ledger.balances().collect();
    let b: Vec<_> = rebuilt.balances().collect();
    assert_eq!(a, b);
    assert_eq!(rebuilt.check(), Ok::<(), CheckError>(()));
}

#[test]
fn display_names_of_accounts() {
    assert_eq!(user(7).to_string(), "user:7");
    assert_eq!(
        AccountId::Escrow(EscrowId::Pool(3)).to_string(),
        "escrow:pool:3"
    );
    assert_eq!(AccountId::Mint.to_string(), "mint");
}
