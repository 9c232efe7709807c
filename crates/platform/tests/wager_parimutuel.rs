//! Spectator betting pools: the payout formula, refunds, closing, and rounding to the house.

use platform::ledger::{
    AccountId, Coins, GameId, IdempotencyKey, Ledger, TaxRate, Transaction, UserId,
};
use platform::parimutuel::{
    Pick, Pool, PoolConfig, PoolError, PoolRefundReason, PoolStatus, PoolStep,
};
use xiangqi::GameResult;

const RED: UserId = UserId(1);
const BLACK: UserId = UserId(2);

fn ledger() -> Ledger {
    let mut l = Ledger::new();
    for u in 10..=15 {
        let key = IdempotencyKey::new(format!("grant:{u}")).unwrap();
        l.apply(Transaction::starting_grant(UserId(u), Coins(1000), key).unwrap())
            .unwrap();
    }
    l
}

fn bal(l: &Ledger, u: u64) -> i64 {
    l.balance(&AccountId::User(UserId(u))).get()
}

fn commit(l: &mut Ledger, step: PoolStep) -> Pool {
    if let Some(tx) = step.transaction {
        l.apply(tx).unwrap();
    }
    l.check().unwrap();
    step.pool
}

fn pool(tax_bp: u16) -> Pool {
    let config = PoolConfig {
        tax_rate: TaxRate::new(tax_bp).unwrap(),
        close_at_ply: 20,
    };
    Pool::new(4, GameId(9), [RED, BLACK], config)
}

fn bet(l: &mut Ledger, p: Pool, who: u64, pick: Pick, amount: i64) -> Pool {
    let step = p.place(UserId(who), pick, Coins(amount), 3, &*l).unwrap();
    commit(l, step)
}

#[test]
fn payout_formula_with_tax_and_rounding_remainder() {
    // Bets: 10 → 300 on red, 11 → 100 on red, 12 → 500 on black, 13 → 100 on a draw. Tax 5 %.
    // Red wins: T = 1000, Tw = 400.
    // 10: ((1000/400)·300 − 300)·0.95 + 300 = 450·0.95 + 300 = 727.5 → 727
    // 11: ((1000/400)·100 − 100)·0.95 + 100 = 150·0.95 + 100 = 242.5 → 242
    // Paid 969; house 31 = tax (1000 − 400)·5 % = 30 + remainder 1 (two halves rounded down).
    let mut l = ledger();
    let mut p = pool(500);
    for (who, pick, amount) in [
        (10, Pick::RedWins, 300),
        (11, Pick::RedWins, 100),
        (12, Pick::BlackWins, 500),
        (13, Pick::Draw, 100),
    ] {
        p = bet(&mut l, p, who, pick, amount);
    }
    assert_eq!(l.balance(&p.escrow()), Coins(1000));
    let totals = p.pick_total(Pick::RedWins);
    assert_eq!((totals.amount, totals.bettors), (Coins(400), 2));
    let p = commit(&mut l, p.settle(GameResult::RedWins).unwrap());
    assert_eq!(bal(&l, 10), 1000 - 300 + 727);
    assert_eq!(bal(&l, 11), 1000 - 100 + 242);
    assert_eq!(bal(&l, 12), 500);
    assert_eq!(bal(&l, 13), 900);
    assert_eq!(l.balance(&AccountId::House), Coins(31));
    assert_eq!(l.balance(&p.escrow()), Coins(0));
    let PoolStatus::Settled {
        result,
        tax,
        remainder,
        ..
    } = &p.status
    else {
        panic!()
    };
    assert_eq!(
        (*result, *tax, *remainder),
        (Pick::RedWins, Coins(30), Coins(1))
    );
    let s = p.statement(UserId(10)).unwrap();
    assert_eq!((s.returned, s.net), (Coins(727), Coins(427)));
    assert_eq!(p.statement(UserId(12)).unwrap().net, Coins(-500));
}

#[test]
fn draw_pick_wins_on_a_draw() {
    // 10 → 100 on a draw, 11 → 300 on red; no tax. Draw: 10 gets (400/100)·100 = 400.
    let mut l = ledger();
    let p = bet(&mut l, pool(0), 10, Pick::Draw, 100);
    let p = bet(&mut l, p, 11, Pick::RedWins, 300);
    commit(&mut l, p.settle(GameResult::Draw).unwrap());
    assert_eq!((bal(&l, 10), bal(&l, 11)), (1300, 700));
    assert_eq!(l.balance(&AccountId::House), Coins(0));
}

#[test]
fn a_single_bettor_is_refunded() {
    let mut l = ledger();
    let p = bet(&mut l, pool(500), 10, Pick::RedWins, 100);
    let p = bet(&mut l, p, 10, Pick::RedWins, 50);
    assert_eq!(p.bet_of(UserId(10)).unwrap().amount, Coins(150));
    let p = commit(&mut l, p.settle(GameResult::RedWins).unwrap());
    assert_eq!(
        p.status,
        PoolStatus::Refunded(PoolRefundReason::SingleBettor)
    );
    assert_eq!(bal(&l, 10), 1000);
    assert_eq!(p.statement(UserId(10)).unwrap().net, Coins(0));
}

#[test]
fn nobody_right_refunds_everyone() {
    let mut l = ledger();
    let p = bet(&mut l, pool(500), 10, Pick::RedWins, 100);
    let p = bet(&mut l, p, 11, Pick::RedWins, 200);
    let p = commit(&mut l, p.settle(GameResult::BlackWins).unwrap());
    assert_eq!(
        p.status,
        PoolStatus::Refunded(PoolRefundReason::NobodyRight)
    );
    assert_eq!((bal(&l, 10), bal(&l, 11)), (1000, 1000));
}

#[test]
fn an_aborted_game_refunds_everyone() {
    let mut l = ledger();
    let p = bet(&mut l, pool(500), 10, Pick::RedWins, 100);
    let p = bet(&mut l, p, 11, Pick::BlackWins, 200);
    let p = commit(&mut l, p.settle(GameResult::Unfinished).unwrap());
    assert_eq!(p.status, PoolStatus::Refunded(PoolRefundReason::Aborted));
    assert_eq!((bal(&l, 10), bal(&l, 11)), (1000, 1000));
    assert_eq!(
        p.settle(GameResult::RedWins).unwrap_err(),
        PoolError::Finished
    );
    // An empty pool aborts without a transaction.
    assert!(pool(0).abort().unwrap().transaction.is_none());
}

#[test]
fn players_cannot_bet_on_their_own_game() {
    let l = ledger();
    assert_eq!(
        pool(0)
            .place(RED, Pick::RedWins, Coins(1), 0, &l)
            .unwrap_err(),
        PoolError::PlayerCannotBet(RED)
    );
    assert_eq!(
        pool(0)
            .place(BLACK, Pick::Draw, Coins(1), 0, &l)
            .unwrap_err(),
        PoolError::PlayerCannotBet(BLACK)
    );
}

#[test]
fn bets_are_checked() {
    let mut l = ledger();
    let p = pool(0);
    assert_eq!(
        p.place(UserId(10), Pick::Draw, Coins(1001), 0, &l)
            .unwrap_err(),
        PoolError::AboveBalance {
            amount: Coins(1001),
            balance: Coins(1000)
        }
    );
    assert_eq!(
        p.place(UserId(10), Pick::Draw, Coins(0), 0, &l)
            .unwrap_err(),
        PoolError::NonPositiveBet(Coins(0))
    );
    let p = bet(&mut l, p, 10, Pick::Draw, 10);
    assert_eq!(
        p.place(UserId(10), Pick::RedWins, Coins(5), 0, &l)
            .unwrap_err(),
        PoolError::PickLocked(Pick::Draw)
    );
}

#[test]
fn betting_closes_at_the_configured_ply_or_when_closed() {
    let l = ledger();
    let p = pool(0);
    assert!(p.place(UserId(10), Pick::Draw, Coins(5), 19, &l).is_ok());
    assert_eq!(
        p.place(UserId(10), Pick::Draw, Coins(5), 20, &l)
            .unwrap_err(),
        PoolError::Closed
    );
    let closed = p.close().unwrap();
    assert_eq!(
        closed
            .place(UserId(10), Pick::Draw, Coins(5), 0, &l)
            .unwrap_err(),
        PoolError::Closed
    );
}

#[test]
fn bet_keys_are_numbered_and_a_retry_applies_once() {
    let mut l = ledger();
    let p = pool(0);
    let step = p.place(UserId(10), Pick::Draw, Coins(5), 0, &l).unwrap();
    let tx = step.transaction.clone().unwrap();
    assert_eq!(tx.key.as_str(), "pool:4:bet:1");
    l.apply(tx.clone()).unwrap();
    assert!(l.apply(tx).unwrap().replayed);
    assert_eq!(bal(&l, 10), 995);
    let p = step.pool;
    let next = p.place(UserId(11), Pick::Draw, Coins(5), 0, &l).unwrap();
    assert_eq!(next.transaction.unwrap().key.as_str(), "pool:4:bet:2");
}

#[test]
fn pools_are_storable() {
    let mut l = ledger();
    let p = bet(&mut l, pool(250), 10, Pick::Draw, 10);
    let p = bet(&mut l, p, 11, Pick::BlackWins, 30);
    let p = commit(&mut l, p.settle(GameResult::BlackWins).unwrap());
    let back: Pool = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert_eq!(back, p);
}
