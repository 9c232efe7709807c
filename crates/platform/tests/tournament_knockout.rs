//! Knockout: always exactly one winner, whatever the results.

use platform::tournament::knockout::{
    Knockout, KnockoutCommand, KnockoutConfig, KnockoutEvent, StageKind,
};
use platform::tournament::GameResult;
use platform::{Millis, UserId};
use proptest::prelude::*;
use xiangqi::Color;

fn play(
    n: u64,
    third: bool,
    games: u32,
    results: &[u8],
    withdraw: Option<u64>,
) -> (Knockout, Vec<KnockoutEvent>) {
    let mut config = KnockoutConfig {
        third_place: third,
        ..KnockoutConfig::default()
    };
    config.format.stages[0].games = games;
    let mut k = Knockout::new(config).expect("decisive");
    for u in 1..=n {
        k.apply(
            KnockoutCommand::Register {
                user: UserId(u),
                rating: 1000 + (u * 37 % 11) as u32,
            },
            Millis(0),
        )
        .ok();
    }
    let mut all = k
        .apply(KnockoutCommand::Start, Millis(0))
        .unwrap_or_default();
    let mut i = 0;
    while k.winner.is_none() && i < 10_000 {
        if withdraw.is_some_and(|w| i == w as usize) {
            all.extend(
                k.apply(
                    KnockoutCommand::Withdraw {
                        user: UserId(1 + (i as u64 % n)),
                    },
                    Millis(0),
                )
                .unwrap_or_default(),
            );
        }
        let pending = all.iter().rev().find_map(|e| match e {
            KnockoutEvent::GameScheduled { id, .. }
                if k.match_at(*id)
                    .and_then(|m| m.games.last())
                    .is_some_and(|g| g.result.is_none()) =>
            {
                Some(*id)
            }
            _ => None,
        });
        let Some(id) = pending else { break };
        let result = match results[i % results.len()] % 5 {
            0 => GameResult::RedWins,
            1 => GameResult::BlackWins,
            2 => GameResult::Forfeit { winner: Color::Red },
            _ => GameResult::Draw,
        };
        all.extend(
            k.apply(KnockoutCommand::RecordGame { id, result }, Millis(0))
                .unwrap_or_default(),
        );
        i += 1;
    }
    (k, all)
}

proptest! {
    #[test]
    fn exactly_one_winner(n in 2u64..20, third in any::<bool>(), games in 1u32..4,
                          results in prop::collection::vec(any::<u8>(), 1..50), withdraw in prop::option::of(0u64..30)) {
        let (k, events) = play(n, third, games, &results, withdraw);
        let finished: Vec<_> = events.iter().filter(|e| matches!(e, KnockoutEvent::Finished { .. })).collect();
        prop_assert!(k.winner.is_some(), "no winner");
        prop_assert_eq!(finished.len(), 1);
        // Every decided match has one winner among its players.
        for m in k.rounds.iter().flatten() {
            if let Some(w) = m.winner {
                prop_assert!(m.high == Some(w) || m.low == Some(w));
            }
        }
    }
}

#[test]
fn all_draws_reach_the_sudden_death_and_black_wins_it() {
    let (k, events) = play(2, false, 1, &[3], None);
    let last = events.iter().rev().find_map(|e| match e {
        KnockoutEvent::GameScheduled { game, .. } => Some(game.clone()),
        _ => None,
    });
    let game = last.expect("a game");
    assert_eq!(game.kind, StageKind::SuddenDeath);
    assert!(game.spec.draw_odds_black && game.spec.red != game.spec.black);
    assert_eq!(k.winner, Some(game.black));
    // 1 regular + 2 rapid + 2 blitz + 1 sudden death.
    assert_eq!(k.rounds[0][0].games.len(), 6);
}

#[test]
fn byes_go_to_the_top_seeds() {
    let mut k = Knockout::new(KnockoutConfig::default()).expect("decisive");
    for u in 1..=5 {
        k.apply(
            KnockoutCommand::Register {
                user: UserId(u),
                rating: 2000 - u as u32,
            },
            Millis(0),
        )
        .ok();
    }
    k.apply(KnockoutCommand::Start, Millis(0)).ok();
    let byes: Vec<_> = k.rounds[0]
        .iter()
        .filter(|m| m.low.is_none())
        .filter_map(|m| m.high)
        .collect();
    assert_eq!(byes, [UserId(1), UserId(2), UserId(3)]);
}
