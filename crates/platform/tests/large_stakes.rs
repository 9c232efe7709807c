//! Amounts at the limits: bets, stakes and grants above `MAX_COINS` are refused, and pools and
//! wagers of the largest amounts settle exactly (the 2^59-coin bettors included).

use platform::ledger::{
    AccountId, Coins, GameId, IdempotencyKey, Ledger, TaxRate, Transaction, UserId, MAX_COINS,
};
use platform::parimutuel::{Bet, Pick, Pool, PoolConfig, PoolError, PoolStatus};
use platform::wager::{Wager, WagerError, WagerGameEnd, WagerMode};
use xiangqi::{EndReason, GameResult};

fn funded(users: &[(u64, i64)]) -> Ledger {
    let mut l = Ledger::new();
    for &(u, c) in users {
        let key = IdempotencyKey::new(format!("grant:{u}")).unwrap();
        l.apply(Transaction::admin_grant(UserId(u), Coins(c), "t", key).unwrap())
            .unwrap();
    }
    l
}

fn pool() -> Pool {
    let config = PoolConfig {
        tax_rate: TaxRate::new(500).unwrap(),
        close_at_ply: 20,
    };
    Pool::new(4, GameId(9), [UserId(1), UserId(2)], config)
}

#[test]
fn two_bettors_of_two_to_the_59_settle_exactly() {
    let big = 1i64 << 59;
    let mut l = funded(&[(10, big), (11, big)]);
    let mut p = pool();
    // ~5.8e17 on red and on black, as in the issue.
    for (who, pick) in [(10, Pick::RedWins), (11, Pick::BlackWins)] {
        let step = p.place(UserId(who), pick, Coins(big - 7), 3, &l).unwrap();
        l.apply(step.transaction.unwrap()).unwrap();
        p = step.pool;
    }
    let step = p.settle(GameResult::RedWins).unwrap();
    l.apply(step.transaction.unwrap()).unwrap();
    // payout = s + ⌊(T − Tw)·s·0.95/Tw⌋ with s = Tw: s + ⌊0.95·s⌋.
    let s = i128::from(big - 7);
    let expected = s + s * 9_500 / 10_000;
    assert_eq!(
        i128::from(l.balance(&AccountId::User(UserId(10))).get()),
        expected + 7
    );
    assert_eq!(l.balance(&AccountId::User(UserId(11))), Coins(7));
    assert_eq!(l.balance(&p.escrow()), Coins::ZERO);
    let PoolStatus::Settled { tax, remainder, .. } = step.pool.status else {
        panic!("settled")
    };
    assert_eq!(i128::from(tax.get() + remainder.get()), 2 * s - expected);
    l.check().unwrap();
}

#[test]
fn any_i64_pool_settles_without_overflow() {
    // Built directly (beyond what placing allows): the arithmetic alone must hold.
    let mut p = pool();
    p.bets = vec![
        Bet {
            bettor: UserId(10),
            pick: Pick::RedWins,
            amount: Coins(i64::MAX / 2),
        },
        Bet {
            bettor: UserId(11),
            pick: Pick::BlackWins,
            amount: Coins(i64::MAX / 2 - 3),
        },
        Bet {
            bettor: UserId(12),
            pick: Pick::RedWins,
            amount: Coins(3),
        },
    ];
    let step = p.settle(GameResult::RedWins).unwrap();
    let tx = step.transaction.unwrap();
    assert_eq!(tx.sum(), 0);
    let paid: i128 = tx
        .entries
        .iter()
        .filter(|e| e.amount.get() > 0)
        .map(|e| i128::from(e.amount.get()))
        .sum();
    assert_eq!(paid, i128::from(i64::MAX - 1));
}

#[test]
fn bets_above_max_coins_are_refused() {
    let l = funded(&[(10, MAX_COINS.get())]);
    let over = Coins(MAX_COINS.get() + 1);
    assert_eq!(
        pool().place(UserId(10), Pick::Draw, over, 0, &l),
        Err(PoolError::AboveMaximum(over))
    );
    let step = pool()
        .place(UserId(10), Pick::Draw, MAX_COINS, 0, &l)
        .unwrap();
    // Adding to a bet of MAX_COINS is refused too (whatever the balance says).
    let rich = |_: UserId| Coins(i64::MAX);
    assert_eq!(
        step.pool.place(UserId(10), Pick::Draw, Coins(1), 0, &rich),
        Err(PoolError::AboveMaximum(over))
    );
}

#[test]
fn stakes_above_max_coins_are_refused_and_the_largest_wager_settles() {
    let rich = |_: UserId| Coins(i64::MAX);
    let tax = TaxRate::new(500).unwrap();
    let (a, b) = (UserId(1), UserId(2));
    let over = Coins(MAX_COINS.get() + 1);
    assert_eq!(
        Wager::propose(1, a, b, WagerMode::Ordinary, [over, Coins(1)], tax, &rich),
        Err(WagerError::AboveMaximum(over))
    );
    let mut l = funded(&[(1, MAX_COINS.get()), (2, MAX_COINS.get())]);
    let w = Wager::propose(
        1,
        a,
        b,
        WagerMode::Ordinary,
        [MAX_COINS, MAX_COINS],
        tax,
        &l,
    )
    .unwrap();
    let w = w.confirm(b).unwrap();
    let w = w.agree(a, None, &l).unwrap().wager;
    let step = w.agree(b, None, &l).unwrap();
    l.apply(step.transaction.unwrap()).unwrap();
    let w = step.wager.start_game(GameId(9)).unwrap();
    assert_eq!(
        w.top_up(a, Coins(1), &rich),
        Err(WagerError::AboveMaximum(over))
    );
    let end = WagerGameEnd {
        game: GameId(9),
        red: a,
        black: b,
        result: GameResult::RedWins,
        reason: EndReason::Checkmate,
    };
    let step = w.settle(&end).unwrap();
    l.apply(step.transaction.unwrap()).unwrap();
    let gain = MAX_COINS.get() / 20 * 19;
    assert_eq!(
        l.balance(&AccountId::User(a)),
        Coins(MAX_COINS.get() + gain)
    );
    l.check().unwrap();
}
