//! Property tests of the ledger: random transfers never leave a user below zero, the books
//! always check, and a replayed key changes nothing.

use platform::ledger::{
    AccountId, Coins, EscrowId, IdempotencyKey, Ledger, Transaction, Transfer, TxKind, UserId,
};
use proptest::prelude::*;

fn account(i: u8) -> AccountId {
    match i % 6 {
        0..=3 => AccountId::User(UserId(u64::from(i % 4))),
        4 => AccountId::Escrow(EscrowId::Wager(1)),
        _ => AccountId::House,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_transfers_keep_the_books(
        grants in prop::collection::vec(1i64..1000, 4),
        ops in prop::collection::vec((0u8..6, 0u8..6, 1i64..800, any::<bool>()), 1..60),
    ) {
        let mut ledger = Ledger::new();
        for (u, g) in grants.iter().enumerate() {
            let key = IdempotencyKey::new(format!("grant:{u}")).unwrap();
            ledger.apply(Transaction::starting_grant(UserId(u as u64), Coins(*g), key).unwrap()).unwrap();
        }
        for (n, (from, to, amount, replay)) in ops.into_iter().enumerate() {
            let (from, to) = (account(from), account(to));
            if from == to {
                continue;
            }
            let tx = Transaction::from_transfers(
                IdempotencyKey::new(format!("op:{n}")).unwrap(),
                TxKind::Bet,
                "prop",
                &[Transfer { from, to, amount: Coins(amount) }],
            ).unwrap();
            let before: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
            let result = ledger.apply(tx.clone());
            if result.is_err() {
                let after: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
                prop_assert_eq!(before, after, "a rejected transaction changed balances");
            } else if replay {
                let applied: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
                let again = ledger.apply(tx).unwrap();
                prop_assert!(again.replayed);
                let after: Vec<_> = ledger.balances().map(|(a, c)| (*a, *c)).collect();
                prop_assert_eq!(applied, after, "a replay changed balances");
            }
            for (a, c) in ledger.balances() {
                prop_assert!(a.may_go_negative() || !c.is_negative(), "{a} is at {c}");
            }
        }
        prop_assert_eq!(ledger.check(), Ok(()));
        let issued: i64 = grants.iter().sum();
        prop_assert_eq!(ledger.issued(), Coins(issued));
    }
}
