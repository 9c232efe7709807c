//! Swiss: properties of whole events driven through the command API.

use platform::tournament::swiss::{Phase, Swiss, SwissCommand, SwissConfig, SwissEvent};
use platform::tournament::{GameResult, TournamentError};
use platform::{Millis, UserId};
use proptest::prelude::*;
use std::collections::BTreeMap;
use xiangqi::Color;

/// Drives an event from a script of random choices; returns the state and every accepted command.
fn run(n: u64, rounds: u32, choices: &[u8]) -> (Swiss, Vec<SwissCommand>) {
    let mut s = Swiss::new(SwissConfig {
        rounds,
        ..SwissConfig::default()
    });
    let mut log = Vec::new();
    let mut c = choices.iter().copied().cycle();
    let apply = |s: &mut Swiss, cmd: SwissCommand, log: &mut Vec<SwissCommand>| {
        if s.apply(cmd.clone(), Millis(log.len() as u64)).is_ok() {
            log.push(cmd);
        }
    };
    for u in 1..=n {
        let rating = 1200 + u32::from(c.next().unwrap_or(0)) * 3;
        apply(
            &mut s,
            SwissCommand::Register {
                user: UserId(u),
                rating,
            },
            &mut log,
        );
    }
    if c.next().unwrap_or(0) < 100 {
        let a = UserId(1 + u64::from(c.next().unwrap_or(0)) % n);
        let b = UserId(1 + u64::from(c.next().unwrap_or(0)) % n);
        apply(&mut s, SwissCommand::Forbid { a, b }, &mut log);
    }
    for r in 0..rounds {
        if c.next().unwrap_or(0) < 30 {
            let late = UserId(1000 + u64::from(r));
            apply(
                &mut s,
                SwissCommand::Register {
                    user: late,
                    rating: 1500,
                },
                &mut log,
            );
        }
        if c.next().unwrap_or(0) < 20 {
            let u = UserId(1 + u64::from(c.next().unwrap_or(0)) % n);
            apply(&mut s, SwissCommand::Withdraw { user: u }, &mut log);
        }
        if s.apply(SwissCommand::PairRound, Millis(0)).is_err() {
            break;
        }
        log.push(SwissCommand::PairRound);
        let reds: Vec<UserId> = s.rounds[r as usize]
            .boards
            .iter()
            .filter(|b| b.is_pending())
            .map(|b| b.red)
            .collect();
        for red in reds {
            let result = match c.next().unwrap_or(0) % 7 {
                0 | 1 => GameResult::RedWins,
                2 | 3 => GameResult::BlackWins,
                4 | 5 => GameResult::Draw,
                _ => GameResult::Forfeit {
                    winner: Color::Black,
                },
            };
            apply(&mut s, SwissCommand::RecordResult { red, result }, &mut log);
        }
    }
    (s, log)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn swiss_rules_hold(n in 2u64..26, rounds in 1u32..8, choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let (s, log) = run(n, rounds, &choices);
        let mut met: BTreeMap<(u64, u64), u32> = BTreeMap::new();
        let mut byes: BTreeMap<u64, u32> = BTreeMap::new();
        let mut colors: BTreeMap<u64, Vec<bool>> = BTreeMap::new();
        for r in &s.rounds {
            for b in &r.boards {
                match b.black {
                    None => *byes.entry(b.red.0).or_default() += 1,
                    Some(black) => {
                        let key = (b.red.0.min(black.0), b.red.0.max(black.0));
                        // A pair may meet again only if an earlier game between them was a forfeit.
                        let played = matches!(b.result, Some(r) if r.is_played());
                        if played { *met.entry(key).or_default() += 1; }
                        if played {
                            colors.entry(b.red.0).or_default().push(true);
                            colors.entry(black.0).or_default().push(false);
                        }
                    }
                }
            }
        }
        prop_assert!(met.values().all(|&m| m == 1), "rematch: {met:?}");
        for &(a, b) in &s.forbidden {
            prop_assert!(!met.contains_key(&(a.0.min(b.0), a.0.max(b.0))), "forbidden pair met");
        }
        // The state survives a serde round trip.
        let state: Option<Swiss> = serde_json::to_string(&s).ok().and_then(|j| serde_json::from_str(&j).ok());
        prop_assert_eq!(state.as_ref(), Some(&s));
        prop_assert!(byes.values().all(|&b| b == 1), "two byes: {byes:?}");
        // Colour rules (C.3) hold for every player outside the final round's topscorers.
        let last = s.rounds.len() as u32 == rounds;
        for (u, c) in &colors {
            let whites = c.iter().filter(|&&w| w).count() as i64;
            let diff = (2 * whites - c.len() as i64).abs();
            let three = c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            prop_assert!(last || (diff <= 2 && !three), "colours of {u}: {c:?}");
        }
        // Replaying the journal of commands rebuilds the same state.
        let json = serde_json::to_string(&log).unwrap_or_default();
        let cmds: Vec<SwissCommand> = serde_json::from_str(&json).unwrap_or_default();
        let mut replay = Swiss::new(s.config.clone());
        for (i, cmd) in cmds.into_iter().enumerate() {
            prop_assert!(replay.apply(cmd, Millis(i as u64)).is_ok() || replay.phase == Phase::Finished);
        }
        prop_assert_eq!(replay.standings(), s.standings());
        prop_assert_eq!(replay.rounds.len(), s.rounds.len());
    }
}

#[test]
fn refused_commands_change_nothing() {
    let mut s = Swiss::new(SwissConfig {
        rounds: 4,
        ..SwissConfig::default()
    });
    for u in 1..=4 {
        s.apply(
            SwissCommand::Register {
                user: UserId(u),
                rating: 1500,
            },
            Millis(0),
        )
        .ok();
    }
    let before = s.clone();
    assert_eq!(
        s.apply(
            SwissCommand::Register {
                user: UserId(1),
                rating: 1
            },
            Millis(0)
        ),
        Err(TournamentError::AlreadyRegistered)
    );
    assert_eq!(
        s.apply(
            SwissCommand::RecordResult {
                red: UserId(1),
                result: GameResult::Draw
            },
            Millis(0)
        ),
        Err(TournamentError::NoSuchGame)
    );
    assert_eq!(s, before);
    s.apply(SwissCommand::PairRound, Millis(1)).ok();
    let before = s.clone();
    assert_eq!(
        s.apply(SwissCommand::PairRound, Millis(2)),
        Err(TournamentError::RoundInProgress)
    );
    assert_eq!(s, before);
}

#[test]
fn late_entry_gets_a_half_point_bye_and_closes_after_half() {
    let mut s = Swiss::new(SwissConfig {
        rounds: 4,
        ..SwissConfig::default()
    });
    for u in 1..=4 {
        s.apply(
            SwissCommand::Register {
                user: UserId(u),
                rating: 1500 + u as u32,
            },
            Millis(0),
        )
        .ok();
    }
    for round in 0..3 {
        s.apply(SwissCommand::PairRound, Millis(0)).ok();
        let reds: Vec<UserId> = s.rounds[round]
            .boards
            .iter()
            .filter(|b| b.is_pending())
            .map(|b| b.red)
            .collect();
        for red in reds {
            s.apply(
                SwissCommand::RecordResult {
                    red,
                    result: GameResult::RedWins,
                },
                Millis(0),
            )
            .ok();
        }
        let late = s.apply(
            SwissCommand::Register {
                user: UserId(100 + round as u64),
                rating: 1400,
            },
            Millis(0),
        );
        // Rounds paired so far: round + 1; entry is open while that is at most half of 4.
        assert_eq!(late.is_ok(), round < 2, "round {round}");
    }
    let row = s
        .standings()
        .into_iter()
        .find(|r| r.user == UserId(100))
        .map(|r| r.points);
    // Joined after round 1: a half-point bye (a draw, 1 point on 2/1/0) for round 1.
    assert!(row.is_some_and(|p| p >= 1));
}

#[test]
fn manual_pairing_and_withdrawal_forfeit() {
    let mut s = Swiss::new(SwissConfig {
        rounds: 3,
        ..SwissConfig::default()
    });
    for u in 1..=5 {
        s.apply(
            SwissCommand::Register {
                user: UserId(u),
                rating: 1500,
            },
            Millis(0),
        )
        .ok();
    }
    let boards = vec![
        (UserId(1), Some(UserId(2))),
        (UserId(3), Some(UserId(4))),
        (UserId(5), None),
    ];
    assert!(s
        .apply(
            SwissCommand::PairManually {
                boards: vec![(UserId(1), Some(UserId(1)))],
                absent: vec![],
            },
            Millis(0)
        )
        .is_err());
    s.apply(
        SwissCommand::PairManually {
            boards,
            absent: vec![],
        },
        Millis(0),
    )
    .ok();
    assert!(s.rounds[0].manual);
    let events = s.apply(SwissCommand::Withdraw { user: UserId(2) }, Millis(5));
    assert!(matches!(
        events.as_deref(),
        Ok([
            SwissEvent::Withdrew { .. },
            SwissEvent::ResultRecorded { .. }
        ])
    ));
    assert_eq!(
        s.rounds[0].boards[0].result,
        Some(GameResult::Forfeit { winner: Color::Red })
    );
    s.apply(
        SwissCommand::RecordResult {
            red: UserId(3),
            result: GameResult::Draw,
        },
        Millis(6),
    )
    .ok();
    s.apply(SwissCommand::PairRound, Millis(7)).ok();
    assert!(s.rounds[1].board_of(UserId(2)).is_none());
}

#[test]
fn trf_export_has_a_line_per_player() {
    let (s, _) = run(9, 3, &[7, 99, 3, 250, 41]);
    let trf = s.to_trf("test");
    assert!(trf.contains("XXR 3"));
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001")).count(),
        s.entrants.len()
    );
}

fn five() -> Swiss {
    let mut s = Swiss::new(SwissConfig {
        rounds: 3,
        ..SwissConfig::default()
    });
    for u in 1..=5 {
        s.apply(
            SwissCommand::Register {
                user: UserId(u),
                rating: 1500,
            },
            Millis(0),
        )
        .ok();
    }
    s
}

#[test]
fn manual_pairing_lists_every_active_player_once_and_no_forbidden_pair() {
    let mut s = five();
    s.apply(
        SwissCommand::Forbid {
            a: UserId(2),
            b: UserId(1),
        },
        Millis(0),
    )
    .ok();
    assert_eq!(
        s.apply(
            SwissCommand::Forbid {
                a: UserId(1),
                b: UserId(99),
            },
            Millis(0),
        ),
        Err(TournamentError::NotRegistered)
    );
    let pair = |boards: Vec<(u64, Option<u64>)>, absent: Vec<u64>| SwissCommand::PairManually {
        boards: boards
            .into_iter()
            .map(|(r, b)| (UserId(r), b.map(UserId)))
            .collect(),
        absent: absent.into_iter().map(UserId).collect(),
    };
    let before = s.clone();
    let forbidden = s.apply(
        pair(vec![(1, Some(2)), (3, Some(4)), (5, None)], vec![]),
        Millis(1),
    );
    assert_eq!(
        forbidden,
        Err(TournamentError::InvalidPairing("a forbidden pairing"))
    );
    let missing = s.apply(pair(vec![(1, Some(3)), (2, Some(4))], vec![]), Millis(1));
    assert_eq!(
        missing,
        Err(TournamentError::InvalidPairing(
            "an active player is not listed"
        ))
    );
    let twice = s.apply(
        pair(vec![(1, Some(3)), (2, Some(4))], vec![5, 1]),
        Millis(1),
    );
    assert_eq!(
        twice,
        Err(TournamentError::InvalidPairing("a player is listed twice"))
    );
    let no_game = s.apply(pair(vec![(5, None)], vec![1, 2, 3, 4]), Millis(1));
    assert_eq!(no_game, Err(TournamentError::InvalidPairing("no game")));
    assert_eq!(s, before, "a refused pairing changes nothing");
    let events = s
        .apply(pair(vec![(1, Some(3)), (2, Some(4))], vec![5]), Millis(1))
        .expect("valid");
    assert!(matches!(
        events[0],
        SwissEvent::RoundPaired { manual: true, .. }
    ));
    assert!(s.rounds[0].board_of(UserId(5)).is_none());
}

#[test]
fn a_result_is_corrected_before_the_next_round_and_the_standings_follow() {
    let mut s = five();
    s.apply(SwissCommand::PairRound, Millis(0)).expect("paired");
    let correct = |board: u32| SwissCommand::Correct {
        round: 1,
        board,
        result: GameResult::BlackWins,
    };
    assert_eq!(
        s.apply(correct(0), Millis(1)),
        Err(TournamentError::NoSuchGame),
        "a game without a result is not corrected"
    );
    let reds: Vec<UserId> = s.rounds[0]
        .boards
        .iter()
        .filter(|b| b.black.is_some())
        .map(|b| b.red)
        .collect();
    for red in reds {
        s.apply(
            SwissCommand::RecordResult {
                red,
                result: GameResult::RedWins,
            },
            Millis(2),
        )
        .expect("result");
    }
    let b0 = s.rounds[0].boards[0];
    let black = b0.black.expect("a game");
    let top = |s: &Swiss| {
        s.standings()
            .iter()
            .find(|r| r.user == black)
            .map(|r| r.points)
    };
    assert_eq!(top(&s), Some(0));
    let events = s.apply(correct(0), Millis(3)).expect("corrected");
    assert!(matches!(
        events.as_slice(),
        [SwissEvent::ResultCorrected {
            round: 1,
            index: 0,
            ..
        }]
    ));
    assert_eq!(s.rounds[0].boards[0].result, Some(GameResult::BlackWins));
    assert_eq!(top(&s), Some(2));
    s.apply(SwissCommand::PairRound, Millis(4))
        .expect("round 2");
    assert_eq!(
        s.apply(correct(9), Millis(5)),
        Err(TournamentError::NoSuchGame),
        "no such board"
    );
}

/// Records `result` for every pending board of the last round.
fn play_round(s: &mut Swiss, result: GameResult) {
    let reds: Vec<UserId> = s.rounds.last().map_or(Vec::new(), |r| {
        r.boards
            .iter()
            .filter(|b| b.is_pending())
            .map(|b| b.red)
            .collect()
    });
    for red in reds {
        s.apply(SwissCommand::RecordResult { red, result }, Millis(9))
            .expect("result");
    }
}

#[test]
fn an_earlier_round_is_corrected_later_pairings_stay_and_standings_follow() {
    let mut s = five();
    s.apply(SwissCommand::PairRound, Millis(0))
        .expect("round 1");
    play_round(&mut s, GameResult::RedWins);
    s.apply(SwissCommand::PairRound, Millis(1))
        .expect("round 2");
    play_round(&mut s, GameResult::Draw);
    s.apply(SwissCommand::PairRound, Millis(2))
        .expect("round 3");
    let rounds_before: Vec<_> = s.rounds.iter().map(|r| r.boards.clone()).collect();
    let before = s.standings();
    // Round 1's first board, corrected while round 3 is being played.
    let fixed = GameResult::BlackWins;
    let events = s
        .apply(
            SwissCommand::Correct {
                round: 1,
                board: 0,
                result: fixed,
            },
            Millis(3),
        )
        .expect("an earlier round is corrected");
    assert!(matches!(
        events.as_slice(),
        [SwissEvent::ResultCorrected {
            round: 1,
            index: 0,
            ..
        }]
    ));
    assert_ne!(s.standings(), before, "the standings follow");
    let after: Vec<_> = s.rounds.iter().map(|r| r.boards.clone()).collect();
    assert_eq!(
        after[1..],
        rounds_before[1..],
        "later pairings are not redone"
    );

    // The standings are those of an event where round 1 had the right result from the start
    // (the later rounds paired by hand as they were).
    let mut twin = five();
    twin.apply(SwissCommand::PairRound, Millis(0))
        .expect("round 1");
    let pairs = |b: &[platform::tournament::swiss::SwissBoard]| -> Vec<_> {
        b.iter().map(|b| (b.red, b.black)).collect()
    };
    assert_eq!(pairs(&twin.rounds[0].boards), pairs(&rounds_before[0]));
    let first = twin.rounds[0].boards[0].red;
    twin.apply(
        SwissCommand::RecordResult {
            red: first,
            result: fixed,
        },
        Millis(1),
    )
    .expect("result");
    play_round(&mut twin, GameResult::RedWins);
    for (r, result) in [(1, Some(GameResult::Draw)), (2, None)] {
        let boards = rounds_before[r].iter().map(|b| (b.red, b.black)).collect();
        twin.apply(
            SwissCommand::PairManually {
                boards,
                absent: Vec::new(),
            },
            Millis(2),
        )
        .expect("same boards");
        if let Some(result) = result {
            play_round(&mut twin, result);
        }
    }
    assert_eq!(twin.standings(), s.standings());

    // Once the event is over (prizes and titles paid with the finish) results are final.
    play_round(&mut s, GameResult::RedWins);
    assert_eq!(s.phase, Phase::Finished);
    assert_eq!(
        s.apply(
            SwissCommand::Correct {
                round: 2,
                board: 0,
                result: fixed,
            },
            Millis(4),
        ),
        Err(TournamentError::ResultsFinal)
    );
}
