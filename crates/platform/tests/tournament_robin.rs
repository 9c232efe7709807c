//! Round robin: Berger schedules, colours, withdrawals, standings.

use platform::tournament::robin::berger::berger;
use platform::tournament::robin::{RobinCommand, RobinConfig, RobinEvent, RoundRobin};
use platform::tournament::GameResult;
use platform::{Millis, UserId};
use proptest::prelude::*;
use std::collections::BTreeMap;

proptest! {
    #[test]
    fn berger_pairs_everyone_once_with_balanced_colours(n in 2u32..30) {
        let t = berger(n);
        let mut met = BTreeMap::new();
        let mut reds = vec![0i32; n as usize + 1];
        let mut rests = vec![0; n as usize + 1];
        for round in &t {
            let mut seen = std::collections::BTreeSet::new();
            for &(a, b) in round {
                prop_assert!(seen.insert(a));
                match b {
                    Some(b) => {
                        prop_assert!(seen.insert(b));
                        *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                        reds[a as usize] += 1;
                        reds[b as usize] -= 1;
                    }
                    None => rests[a as usize] += 1,
                }
            }
            prop_assert_eq!(seen.len() as u32, n);
        }
        prop_assert_eq!(met.len() as u32, n * (n - 1) / 2);
        prop_assert!(met.values().all(|&m| m == 1));
        // Red minus Black is within ±1 for an even field, ±2 with rests.
        let bound = if n % 2 == 0 { 1 } else { 2 };
        prop_assert!(reds.iter().all(|r| r.abs() <= bound), "{:?}", reds);
        prop_assert!(rests[1..].iter().all(|&r| r == n % 2));
    }

    #[test]
    fn double_round_robin_balances_colours_and_finishes(n in 2u64..9, results in prop::collection::vec(0u8..3, 1..40)) {
        let mut rr = RoundRobin::new(RobinConfig { cycles: 2, ..RobinConfig::default() });
        for u in 1..=n {
            rr.apply(RobinCommand::Register { user: UserId(u), rating: 1500 }, Millis(0)).ok();
        }
        rr.apply(RobinCommand::Start, Millis(1)).ok();
        let mut balance: BTreeMap<UserId, i32> = BTreeMap::new();
        for g in rr.games.iter().filter(|g| g.black.is_some()) {
            *balance.entry(g.red).or_default() += 1;
            *balance.entry(g.black.unwrap_or(g.red)).or_default() -= 1;
        }
        prop_assert!(balance.values().all(|&b| b == 0));
        let games: Vec<_> = rr.games.iter().filter(|g| g.black.is_some()).map(|g| (g.round, g.red)).collect();
        let mut finished = false;
        for (i, (round, red)) in games.into_iter().enumerate() {
            let result = [GameResult::RedWins, GameResult::Draw, GameResult::BlackWins][usize::from(results[i % results.len()])];
            let ev = rr.apply(RobinCommand::RecordResult { round, red, result }, Millis(2));
            finished |= matches!(ev.as_deref(), Ok([.., RobinEvent::Finished { .. }]));
        }
        prop_assert!(finished && rr.finished);
        // Points add up: every game hands out 2 points on the 2/1/0 scale.
        let total: u32 = rr.standings().iter().map(|r| r.points).sum();
        prop_assert_eq!(total as u64, 2 * n * (n - 1));
    }
}

fn event(n: u64) -> RoundRobin {
    let mut rr = RoundRobin::new(RobinConfig::default());
    for u in 1..=n {
        rr.apply(
            RobinCommand::Register {
                user: UserId(u),
                rating: 2000 - u as u32,
            },
            Millis(0),
        )
        .ok();
    }
    rr.apply(RobinCommand::Start, Millis(0)).ok();
    rr
}

#[test]
fn early_withdrawal_annuls_late_withdrawal_forfeits() {
    let mut rr = event(4);
    rr.apply(RobinCommand::Withdraw { user: UserId(4) }, Millis(1))
        .ok();
    assert!(rr.standings().iter().all(|r| r.user != UserId(4)));
    assert!(rr
        .games
        .iter()
        .filter(|g| g.red == UserId(4) || g.black == Some(UserId(4)))
        .all(|g| g.annulled));

    let mut rr = event(4);
    let theirs: Vec<_> = rr
        .games
        .iter()
        .filter(|g| g.red == UserId(4) || g.black == Some(UserId(4)))
        .map(|g| (g.round, g.red))
        .collect();
    for &(round, red) in &theirs[..2] {
        rr.apply(
            RobinCommand::RecordResult {
                round,
                red,
                result: GameResult::Draw,
            },
            Millis(1),
        )
        .ok();
    }
    rr.apply(RobinCommand::Withdraw { user: UserId(4) }, Millis(2))
        .ok();
    let forfeits = rr
        .games
        .iter()
        .filter(|g| matches!(g.result, Some(GameResult::Forfeit { .. })))
        .count();
    assert_eq!(forfeits, 1);
    assert!(rr.standings().iter().any(|r| r.user == UserId(4)));
}
