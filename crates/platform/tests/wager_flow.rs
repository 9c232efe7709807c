//! Player wagers (竞猜): negotiation, escrow, top-ups, settlement and refunds, applied to a ledger.

use platform::ledger::{
    AccountId, Coins, GameId, IdempotencyKey, Ledger, TaxRate, Transaction, TxKind, UserId,
};
use platform::wager::{
    RefundReason, Wager, WagerEnd, WagerError, WagerGameEnd, WagerMode, WagerStatus, WagerStep,
};
use xiangqi::{EndReason, GameResult};

const A: UserId = UserId(1);
const B: UserId = UserId(2);

fn ledger() -> Ledger {
    let mut l = Ledger::new();
    for (u, amount) in [(A, 1000), (B, 500)] {
        let key = IdempotencyKey::new(format!("grant:{u}")).unwrap();
        l.apply(Transaction::starting_grant(u, Coins(amount), key).unwrap())
            .unwrap();
    }
    l
}

fn bal(l: &Ledger, u: UserId) -> i64 {
    l.balance(&AccountId::User(u)).get()
}

/// Applies a step's transaction and returns the new wager, as the server would.
fn commit(l: &mut Ledger, step: WagerStep) -> Wager {
    if let Some(tx) = step.transaction {
        l.apply(tx).unwrap();
    }
    l.check().unwrap();
    step.wager
}

fn rate(bp: u16) -> TaxRate {
    TaxRate::new(bp).unwrap()
}

/// A proposes [200 for A, 100 for B]; B confirms; both agree with no game in progress.
fn escrowed(l: &mut Ledger, mode: WagerMode, stakes: [i64; 2], tax: u16) -> Wager {
    let w = Wager::propose(
        7,
        A,
        B,
        mode,
        [Coins(stakes[0]), Coins(stakes[1])],
        rate(tax),
        &*l,
    )
    .unwrap();
    let w = w.confirm(B).unwrap();
    assert_eq!(
        w.status,
        WagerStatus::Confirmed {
            agreed: [false, false]
        }
    );
    let step = w.agree(A, None, &*l).unwrap();
    assert!(step.transaction.is_none());
    let step = step.wager.agree(B, None, &*l).unwrap();
    commit(l, step)
}

fn end(result: GameResult, reason: EndReason) -> WagerGameEnd {
    WagerGameEnd {
        game: GameId(9),
        red: B,
        black: A,
        result,
        reason,
    }
}

#[test]
fn negotiation_until_both_confirm_the_same_amounts() {
    let l = ledger();
    let w = Wager::propose(
        1,
        A,
        B,
        WagerMode::Ordinary,
        [Coins(200), Coins(100)],
        rate(0),
        &l,
    )
    .unwrap();
    assert_eq!(
        w.status,
        WagerStatus::Negotiating {
            confirmed: [true, false]
        }
    );
    // B changes the amounts: now only B has confirmed.
    let w = w.modify(B, Coins(150), Coins(300), &l).unwrap();
    assert_eq!(w.stakes, [Coins(300), Coins(150)]);
    assert_eq!(
        w.status,
        WagerStatus::Negotiating {
            confirmed: [false, true]
        }
    );
    let w = w.confirm(A).unwrap();
    assert!(matches!(w.status, WagerStatus::Confirmed { .. }));
    // Disagree goes back to negotiation with nobody confirmed.
    let w = w.disagree(B).unwrap();
    assert_eq!(
        w.status,
        WagerStatus::Negotiating {
            confirmed: [false, false]
        }
    );
    assert!(matches!(
        w.agree(A, None, &l),
        Err(WagerError::WrongState { .. })
    ));
    // Cancelling before escrow moves nothing.
    assert_eq!(w.cancel().unwrap().status, WagerStatus::Cancelled);
}

#[test]
fn stakes_are_checked_against_balances_and_modes() {
    let l = ledger();
    let ordinary = WagerMode::Ordinary;
    assert_eq!(
        Wager::propose(1, A, B, ordinary, [Coins(10), Coins(501)], rate(0), &l),
        Err(WagerError::StakeAboveBalance {
            player: B,
            stake: Coins(501),
            balance: Coins(500)
        })
    );
    assert_eq!(
        Wager::propose(1, A, B, ordinary, [Coins(0), Coins(0)], rate(0), &l),
        Err(WagerError::NothingStaked)
    );
    assert_eq!(
        Wager::propose(1, A, B, ordinary, [Coins(-1), Coins(5)], rate(0), &l),
        Err(WagerError::NegativeStake(Coins(-1)))
    );
    assert_eq!(
        Wager::propose(1, A, A, ordinary, [Coins(1), Coins(1)], rate(0), &l),
        Err(WagerError::SamePlayer)
    );
    let coaching = WagerMode::Coaching { coach: B };
    assert_eq!(
        Wager::propose(1, A, B, coaching, [Coins(50), Coins(10)], rate(0), &l),
        Err(WagerError::CoachMustStakeZero)
    );
    assert_eq!(
        Wager::propose(1, A, B, coaching, [Coins(0), Coins(0)], rate(0), &l),
        Err(WagerError::StudentMustPay)
    );
    let stranger = WagerMode::Coaching { coach: UserId(99) };
    assert_eq!(
        Wager::propose(1, A, B, stranger, [Coins(50), Coins(0)], rate(0), &l),
        Err(WagerError::NotAPlayer(UserId(99)))
    );
    let w = Wager::propose(1, A, B, ordinary, [Coins(5), Coins(5)], rate(0), &l).unwrap();
    assert_eq!(w.confirm(UserId(3)), Err(WagerError::NotAPlayer(UserId(3))));
}

#[test]
fn winner_takes_both_stakes_less_tax_on_the_gain() {
    // A stakes 200, B 100, tax 10 %. B (red) resigns, A wins:
    // A gets 200 + ⌊100·0.9⌋ = 290; the house 100 − 90 = 10.
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 1000);
    assert_eq!((bal(&l, A), bal(&l, B)), (800, 400));
    assert_eq!(l.balance(&w.escrow()), Coins(300));
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::BlackWins, EndReason::Resignation))
            .unwrap(),
    );
    assert_eq!((bal(&l, A), bal(&l, B)), (1090, 400));
    assert_eq!(l.balance(&AccountId::House), Coins(10));
    assert_eq!(l.balance(&w.escrow()), Coins(0));
    let sa = w.statement(A).unwrap();
    assert_eq!(
        (sa.stake, sa.returned, sa.net),
        (Coins(200), Coins(290), Coins(90))
    );
    assert_eq!(sa.tax_rate.to_string(), "10.00%");
    let sb = w.statement(B).unwrap();
    assert_eq!(
        (sb.stake, sb.returned, sb.net),
        (Coins(100), Coins(0), Coins(-100))
    );
    assert!(matches!(
        w.status,
        WagerStatus::Closed {
            end: WagerEnd::Paid {
                to: A,
                tax: Coins(10)
            },
            game: Some(GameId(9)),
            ..
        }
    ));
    // The wager lapsed: it cannot be settled for another game.
    assert!(w
        .settle(&end(GameResult::RedWins, EndReason::Checkmate))
        .is_err());
}

#[test]
fn a_draw_refunds_both() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 1000);
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::Draw, EndReason::Agreement))
            .unwrap(),
    );
    assert_eq!((bal(&l, A), bal(&l, B)), (1000, 500));
    assert_eq!(l.balance(&AccountId::House), Coins(0));
    assert_eq!(w.statement(B).unwrap().net, Coins(0));
}

#[test]
fn top_up_adds_to_the_stake() {
    // Tax 5 %. A adds 55 twice (keys topup:1, topup:2): stakes 310 / 100. B wins and gets
    // 100 + ⌊310·0.95⌋ = 100 + ⌊294.5⌋ = 394, the house 310 − 294 = 16.
    // Balances: A 1000 − 310 = 690; B 500 − 100 + 394 = 794.
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 500);
    let step = w.top_up(A, Coins(55), &l).unwrap();
    assert_eq!(
        step.transaction.as_ref().unwrap().key.as_str(),
        "wager:7:topup:1"
    );
    assert_eq!(step.transaction.as_ref().unwrap().kind, TxKind::WagerTopUp);
    let w = commit(&mut l, step);
    let step = w.top_up(A, Coins(55), &l).unwrap();
    assert_eq!(
        step.transaction.as_ref().unwrap().key.as_str(),
        "wager:7:topup:2"
    );
    let w = commit(&mut l, step);
    assert_eq!(w.stakes, [Coins(310), Coins(100)]);
    assert_eq!(
        w.top_up(A, Coins(0), &l),
        Err(WagerError::NonPositiveTopUp(Coins(0)))
    );
    assert!(matches!(
        w.top_up(A, Coins(691), &l),
        Err(WagerError::StakeAboveBalance { .. })
    ));
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::RedWins, EndReason::Checkmate))
            .unwrap(),
    );
    assert_eq!((bal(&l, A), bal(&l, B)), (690, 794));
    assert_eq!(l.balance(&AccountId::House), Coins(16));
    assert_eq!(w.statement(A).unwrap().net, Coins(-310));
}

#[test]
fn a_wager_made_between_games_applies_to_the_next_one() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 0);
    assert_eq!(w.status, WagerStatus::Escrowed { game: None });
    let w = w.start_game(GameId(9)).unwrap();
    assert_eq!(
        w.status,
        WagerStatus::Escrowed {
            game: Some(GameId(9))
        }
    );
    assert_eq!(w.start_game(GameId(9)).unwrap(), w);
    assert!(matches!(
        w.start_game(GameId(10)),
        Err(WagerError::WrongGame { .. })
    ));
    let other = WagerGameEnd {
        game: GameId(10),
        ..end(GameResult::RedWins, EndReason::Checkmate)
    };
    assert!(matches!(
        w.settle(&other),
        Err(WagerError::WrongGame { .. })
    ));
    // Once bound, it is not "unplayed".
    assert!(w.refund_unplayed().is_err());
}

#[test]
fn a_wager_made_during_a_game_applies_to_that_game() {
    let mut l = ledger();
    let w = Wager::propose(
        3,
        A,
        B,
        WagerMode::Ordinary,
        [Coins(10), Coins(10)],
        rate(0),
        &l,
    )
    .unwrap()
    .confirm(B)
    .unwrap();
    let w = w.agree(A, Some(GameId(9)), &l).unwrap().wager;
    let step = w.agree(B, Some(GameId(9)), &l).unwrap();
    let w = commit(&mut l, step);
    assert_eq!(
        w.status,
        WagerStatus::Escrowed {
            game: Some(GameId(9))
        }
    );
}

#[test]
fn a_game_never_played_refunds_the_stakes() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 1000);
    let w = commit(&mut l, w.refund_unplayed().unwrap());
    assert_eq!((bal(&l, A), bal(&l, B)), (1000, 500));
    assert!(matches!(
        w.status,
        WagerStatus::Closed {
            end: WagerEnd::Refunded(RefundReason::NeverPlayed),
            game: None,
            ..
        }
    ));
    assert!(w.top_up(A, Coins(1), &l).is_err());
}

#[test]
fn an_aborted_game_refunds_the_stakes() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 1000);
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::Unfinished, EndReason::Abandoned))
            .unwrap(),
    );
    assert_eq!((bal(&l, A), bal(&l, B)), (1000, 500));
    assert!(matches!(
        w.status,
        WagerStatus::Closed {
            end: WagerEnd::Refunded(RefundReason::Aborted),
            ..
        }
    ));
}

#[test]
fn coaching_fee_goes_to_the_coach_whatever_the_result() {
    // A (student) pays B (coach) a 100 fee at 5 % tax: B gets ⌊100·0.95⌋ = 95, house 5.
    for (result, reason) in [
        (GameResult::BlackWins, EndReason::Checkmate), // A (black) wins
        (GameResult::RedWins, EndReason::Checkmate),   // B (red) wins
        (GameResult::Draw, EndReason::Repetition),
        (GameResult::RedWins, EndReason::Abandoned), // the student left
    ] {
        let mut l = ledger();
        let w = escrowed(&mut l, WagerMode::Coaching { coach: B }, [100, 0], 500);
        assert_eq!(w.top_up(B, Coins(5), &l), Err(WagerError::CoachCannotTopUp));
        let w = commit(&mut l, w.settle(&end(result, reason)).unwrap());
        assert_eq!((bal(&l, A), bal(&l, B)), (900, 595), "{result} {reason}");
        assert_eq!(l.balance(&AccountId::House), Coins(5));
        assert_eq!(w.statement(B).unwrap().net, Coins(95));
    }
}

#[test]
fn coaching_fee_is_refunded_if_the_coach_leaves() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Coaching { coach: B }, [100, 0], 500);
    // B is red and left: black (A) wins by abandonment.
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::BlackWins, EndReason::Abandoned))
            .unwrap(),
    );
    assert_eq!((bal(&l, A), bal(&l, B)), (1000, 500));
    assert!(matches!(
        w.status,
        WagerStatus::Closed {
            end: WagerEnd::Refunded(RefundReason::CoachLeft),
            ..
        }
    ));
}

#[test]
fn escrow_fails_atomically_if_a_balance_dropped() {
    let mut l = ledger();
    let w = Wager::propose(
        5,
        A,
        B,
        WagerMode::Ordinary,
        [Coins(100), Coins(500)],
        rate(0),
        &l,
    )
    .unwrap()
    .confirm(B)
    .unwrap();
    let w = w.agree(A, None, &l).unwrap().wager;
    // B spends 1 coin elsewhere before agreeing.
    let spend = Transaction::from_transfers(
        IdempotencyKey::new("spend").unwrap(),
        TxKind::Bet,
        "",
        &[platform::ledger::Transfer {
            from: AccountId::User(B),
            to: AccountId::House,
            amount: Coins(1),
        }],
    )
    .unwrap();
    l.apply(spend).unwrap();
    assert!(matches!(
        w.agree(B, None, &l),
        Err(WagerError::StakeAboveBalance { .. })
    ));
    assert_eq!(bal(&l, A), 1000);
}

#[test]
fn settlement_checks_the_players() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [10, 10], 0);
    let wrong = WagerGameEnd {
        red: UserId(3),
        ..end(GameResult::RedWins, EndReason::Checkmate)
    };
    assert_eq!(w.settle(&wrong), Err(WagerError::PlayersMismatch));
}

#[test]
fn a_retried_settlement_applies_once() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Ordinary, [200, 100], 0);
    let step = w
        .settle(&end(GameResult::BlackWins, EndReason::Timeout))
        .unwrap();
    let tx = step.transaction.clone().unwrap();
    assert_eq!(tx.key.as_str(), "wager:7:close");
    l.apply(tx.clone()).unwrap();
    // The server crashed before saving the wager and settles again: same key, no effect.
    let again = w
        .settle(&end(GameResult::BlackWins, EndReason::Timeout))
        .unwrap();
    assert!(l.apply(again.transaction.unwrap()).unwrap().replayed);
    assert_eq!(bal(&l, A), 1100);
    l.check().unwrap();
}

#[test]
fn wagers_are_storable() {
    let mut l = ledger();
    let w = escrowed(&mut l, WagerMode::Coaching { coach: B }, [100, 0], 250);
    let w = commit(
        &mut l,
        w.settle(&end(GameResult::Draw, EndReason::Agreement))
            .unwrap(),
    );
    let json = serde_json::to_string(&w).unwrap();
    let back: Wager = serde_json::from_str(&json).unwrap();
    assert_eq!(back, w);
}
