//! Property tests: for random betting pools and wagers, coins in = coins out + tax exactly,
//! nobody goes below zero, and replaying any step's transaction changes nothing.

use platform::ledger::{
    AccountId, Coins, GameId, IdempotencyKey, Ledger, TaxRate, Transaction, UserId,
};
use platform::parimutuel::{Pick, Pool, PoolConfig, PoolStatus};
use platform::wager::{Wager, WagerEnd, WagerGameEnd, WagerMode, WagerStatus};
use proptest::prelude::*;
use xiangqi::{EndReason, GameResult};

fn funded(users: impl IntoIterator<Item = u64>, amount: i64) -> Ledger {
    let mut l = Ledger::new();
    for u in users {
        let key = IdempotencyKey::new(format!("grant:{u}")).unwrap();
        l.apply(Transaction::starting_grant(UserId(u), Coins(amount), key).unwrap())
            .unwrap();
    }
    l
}

/// Applies a transaction, then replays it and checks that the replay changed nothing.
fn apply_twice(l: &mut Ledger, tx: Transaction) -> Result<(), TestCaseError> {
    l.apply(tx.clone())
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let before: Vec<_> = l.balances().map(|(a, c)| (*a, *c)).collect();
    prop_assert!(l.apply(tx).unwrap().replayed);
    let after: Vec<_> = l.balances().map(|(a, c)| (*a, *c)).collect();
    prop_assert_eq!(before, after);
    Ok(())
}

fn result_strategy() -> impl Strategy<Value = GameResult> {
    prop_oneof![
        Just(GameResult::RedWins),
        Just(GameResult::BlackWins),
        Just(GameResult::Draw),
        Just(GameResult::Unfinished),
    ]
}

fn pick_strategy() -> impl Strategy<Value = Pick> {
    prop_oneof![Just(Pick::RedWins), Just(Pick::BlackWins), Just(Pick::Draw)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pools_pay_out_exactly(
        bets in prop::collection::vec((10u64..18, pick_strategy(), 1i64..5000), 0..25),
        tax in 0u16..=10_000,
        result in result_strategy(),
    ) {
        let mut l = funded(10..18, 1_000_000);
        let config = PoolConfig { tax_rate: TaxRate::new(tax).unwrap(), close_at_ply: 20 };
        let mut pool = Pool::new(1, GameId(1), [UserId(1), UserId(2)], config);
        for (who, pick, amount) in bets {
            // Additions with another pick are refused; skip them.
            if let Ok(step) = pool.place(UserId(who), pick, Coins(amount), 0, &l) {
                apply_twice(&mut l, step.transaction.unwrap())?;
                pool = step.pool;
            }
        }
        let total = pool.total().unwrap();
        prop_assert_eq!(l.balance(&pool.escrow()), total);
        let step = pool.settle(result).unwrap();
        if let Some(tx) = step.transaction {
            apply_twice(&mut l, tx)?;
        }
        let pool = step.pool;
        prop_assert_eq!(l.balance(&pool.escrow()), Coins::ZERO);
        let paid: i64 = (10..18).map(|u| l.balance(&AccountId::User(UserId(u))).get() - 1_000_000 + pool.bet_of(UserId(u)).map_or(0, |b| b.amount.get())).sum();
        let house = l.balance(&AccountId::House).get();
        // Coins in = coins out + tax (+ rounding remainder), all to the house.
        prop_assert_eq!(total.get(), paid + house);
        match &pool.status {
            PoolStatus::Settled { tax: t, remainder, statements, .. } => {
                prop_assert_eq!(house, t.get() + remainder.get());
                prop_assert!(remainder.get() >= 0);
                // Rounding loses less than one coin per winner.
                let winners = statements.iter().filter(|s| s.returned.is_positive()).count() as i64;
                prop_assert!(remainder.get() <= winners);
                for s in statements {
                    // A winner never gets less than their stake back.
                    prop_assert!(s.returned.is_zero() || s.returned >= s.bet.amount);
                }
            }
            PoolStatus::Refunded(_) => prop_assert_eq!(house, 0),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
        for (a, c) in l.balances() {
            prop_assert!(a.may_go_negative() || !c.is_negative());
        }
        prop_assert_eq!(l.check(), Ok(()));
    }

    #[test]
    fn wagers_pay_out_exactly(
        stakes in (0i64..2000, 0i64..2000),
        top_ups in prop::collection::vec((any::<bool>(), 1i64..500), 0..4),
        coaching in any::<bool>(),
        tax in 0u16..=10_000,
        result in result_strategy(),
        abandoned in any::<bool>(),
        red_is_a in any::<bool>(),
    ) {
        let (a, b) = (UserId(1), UserId(2));
        let mut l = funded([1, 2], 3000);
        let (mode, stakes) = if coaching {
            (WagerMode::Coaching { coach: b }, [Coins(stakes.0.max(1)), Coins(0)])
        } else {
            (WagerMode::Ordinary, [Coins(stakes.0), Coins(stakes.1)])
        };
        let Ok(w) = Wager::propose(3, a, b, mode, stakes, TaxRate::new(tax).unwrap(), &l) else {
            // Only "nothing staked" is refused for these amounts.
            prop_assert!(!coaching && stakes == [Coins(0), Coins(0)]);
            return Ok(());
        };
        let w = w.confirm(b).unwrap().agree(a, None, &l).unwrap().wager;
        let step = w.agree(b, None, &l).unwrap();
        apply_twice(&mut l, step.transaction.unwrap())?;
        let mut w = step.wager;
        for (by_a, amount) in top_ups {
            if let Ok(step) = w.top_up(if by_a { a } else { b }, Coins(amount), &l) {
                apply_twice(&mut l, step.transaction.unwrap())?;
                w = step.wager;
            }
        }
        let pot = w.pot();
        prop_assert_eq!(l.balance(&w.escrow()), pot);
        let (red, black) = if red_is_a { (a, b) } else { (b, a) };
        let reason = if abandoned { EndReason::Abandoned } else { EndReason::Checkmate };
        let end = WagerGameEnd { game: GameId(8), red, black, result, reason };
        let step = w.settle(&end).unwrap();
        apply_twice(&mut l, step.transaction.unwrap())?;
        let w = step.wager;
        prop_assert_eq!(l.balance(&w.escrow()), Coins::ZERO);
        let out = l.balance(&AccountId::User(a)).get() + l.balance(&AccountId::User(b)).get();
        let house = l.balance(&AccountId::House).get();
        prop_assert_eq!(out + house, 6000, "coins created or lost");
        let WagerStatus::Closed { end, statements, .. } = w.status else {
            return Err(TestCaseError::fail("not closed"));
        };
        let returned: i64 = statements.iter().map(|s| s.returned.get()).sum();
        prop_assert_eq!(returned + house, pot.get());
        match end {
            WagerEnd::Paid { tax, .. } => prop_assert_eq!(tax.get(), house),
            WagerEnd::Refunded(_) => prop_assert_eq!(house, 0),
        }
        prop_assert_eq!(l.check(), Ok(()));
    }
}
