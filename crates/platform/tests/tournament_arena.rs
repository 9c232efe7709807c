//! Arena: pairing constraints, scoring rules, the end.

use platform::tournament::arena::{Arena, ArenaCommand, ArenaConfig, ArenaEvent, Status};
use platform::tournament::GameResult;
use platform::{Millis, UserId};
use proptest::prelude::*;
use std::collections::BTreeMap;
use xiangqi::Color;

fn config() -> ArenaConfig {
    ArenaConfig {
        rematch_after: Millis::MAX,
        ends_at: Millis(1_000_000),
        ..ArenaConfig::default()
    }
}

proptest! {
    #[test]
    fn pairings_respect_their_constraints(ops in prop::collection::vec((0u8..4, 0u64..12, any::<u8>()), 1..150)) {
        let mut a = Arena::new(config());
        let mut last: BTreeMap<UserId, UserId> = BTreeMap::new();
        let mut colors: BTreeMap<UserId, Vec<Color>> = BTreeMap::new();
        for (t, (op, u, x)) in ops.into_iter().enumerate() {
            let user = UserId(u);
            let cmd = match op {
                0 => ArenaCommand::Join { user, rating: 1200 + u32::from(x) * 4, team: None },
                1 => ArenaCommand::Pause { user },
                _ => {
                    let running: Vec<u64> = a.games.iter().filter(|g| g.1.result.is_none()).map(|g| *g.0).collect();
                    let Some(&game) = running.get(usize::from(x) % running.len().max(1)) else { continue };
                    let result = [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw][usize::from(x) % 3];
                    ArenaCommand::GameFinished { game, result, plies: u32::from(x) }
                }
            };
            let Ok(events) = a.apply(cmd, Millis(t as u64)) else { continue };
            for e in events {
                if let ArenaEvent::Paired { red, black, .. } = e {
                    prop_assert!(last.get(&red) != Some(&black) && last.get(&black) != Some(&red), "rematch");
                    last.insert(red, black);
                    last.insert(black, red);
                    colors.entry(red).or_default().push(Color::Red);
                    colors.entry(black).or_default().push(Color::Black);
                }
            }
            // Continuous pairing: no two waiting players could still be paired.
            let waiting: Vec<UserId> = a.players.iter().filter(|p| matches!(p.1.status, Status::Waiting { .. })).map(|p| *p.0).collect();
            for (i, &x) in waiting.iter().enumerate() {
                for &y in &waiting[i + 1..] {
                    let rematch = last.get(&x) == Some(&y) || last.get(&y) == Some(&x);
                    let forced = |u: &UserId| colors.get(u).filter(|c| c.len() >= 3 && c[c.len() - 3..].iter().all(|&k| k == c[c.len() - 1])).map(|c| c[c.len() - 1]);
                    let clash = forced(&x).is_some() && forced(&x) == forced(&y);
                    prop_assert!(rematch || clash, "{x:?} and {y:?} left waiting");
                }
            }
        }
        for c in colors.values() {
            prop_assert!(!c.windows(4).any(|w| w.iter().all(|&k| k == w[0])), "four in a row: {c:?}");
        }
        let playing = a.players.values().filter(|p| matches!(p.status, Status::Playing { .. })).count();
        prop_assert_eq!(playing, 2 * a.games.values().filter(|g| g.result.is_none()).count());
    }
}

fn finish(a: &mut Arena, game: u64, result: GameResult, plies: u32, now: u64) {
    a.apply(
        ArenaCommand::GameFinished {
            game,
            result,
            plies,
        },
        Millis(now),
    )
    .ok();
}

#[test]
fn streaks_berserk_and_the_end() {
    let mut a = Arena::new(ArenaConfig {
        ends_at: Millis(10_000),
        ..config()
    });
    for u in 1..=3 {
        a.apply(
            ArenaCommand::Join {
                user: UserId(u),
                rating: 1500,
                team: None,
            },
            Millis(0),
        )
        .ok();
    }
    // Three players: one game at a time, with rotation (no immediate rematch).
    let mut now = 1;
    let mut winner_points = Vec::new();
    for _ in 0..3 {
        let (&id, g) = a
            .games
            .iter()
            .find(|g| g.1.result.is_none())
            .expect("a game");
        let red = g.red;
        if winner_points.len() == 2 {
            a.apply(
                ArenaCommand::Berserk {
                    user: red,
                    game: id,
                },
                Millis(now),
            )
            .ok();
        }
        finish(&mut a, id, GameResult::RedWins, 40, now);
        now += 1;
        let last = a.players[&red].sheet.last().map(|e| e.points);
        winner_points.push(last);
        let _ = red;
    }
    // A berserk win on fire (after two wins) would score 2·2 + 1 = 5; a first win 2.
    assert_eq!(winner_points[0], Some(2));
    // A short draw scores nothing.
    let (&id, _) = a
        .games
        .iter()
        .find(|g| g.1.result.is_none())
        .expect("a game");
    finish(&mut a, id, GameResult::Draw, 10, now);
    let zero = a.games[&id].red;
    assert_eq!(a.players[&zero].sheet.last().map(|e| e.points), Some(0));
    // At the end, a running game is void and cannot be scored.
    let events = a
        .apply(ArenaCommand::Tick, Millis(10_000))
        .unwrap_or_default();
    let void = events.iter().find_map(|e| match e {
        ArenaEvent::Ended { void } => Some(void.clone()),
        _ => None,
    });
    assert!(void.is_some_and(|v| v.len() == 1));
    assert!(a.apply(ArenaCommand::Tick, Millis(10_001)).is_err());
}

#[test]
fn fire_doubles_and_berserk_adds_one() {
    use platform::tournament::arena::scoring::score;
    use platform::tournament::arena::{ArenaPlayer, SheetEntry};
    use platform::tournament::PlayerResult;
    let c = ArenaConfig::default();
    let win = |g| SheetEntry {
        game: g,
        result: PlayerResult::Win,
        points: 2,
        fire: false,
    };
    let p = ArenaPlayer {
        rating: 1500,
        status: Status::Paused,
        sheet: vec![win(1), win(2)],
        colors: vec![],
        last_opponent: None,
        perf_sum: 0,
        pause_after: false,
        team: None,
    };
    assert_eq!(
        score(&c, &p, 3, PlayerResult::Win, 30, Some(Color::Red)).points,
        5
    );
    assert_eq!(
        score(&c, &p, 3, PlayerResult::Win, 10, Some(Color::Red)).points,
        4
    );
    // The bonus counts the berserker's own moves (7 by default): Red's 7th is ply 13,
    // Black's ply 14.
    assert_eq!(c.berserk_min_moves, 7);
    assert_eq!(
        score(&c, &p, 3, PlayerResult::Win, 13, Some(Color::Red)).points,
        5
    );
    assert_eq!(
        score(&c, &p, 3, PlayerResult::Win, 13, Some(Color::Black)).points,
        4
    );
    assert_eq!(
        score(&c, &p, 3, PlayerResult::Win, 14, Some(Color::Black)).points,
        5
    );
    assert_eq!(score(&c, &p, 3, PlayerResult::Draw, 30, None).points, 2);
    let drew = SheetEntry {
        game: 1,
        result: PlayerResult::Draw,
        points: 1,
        fire: false,
    };
    let lost = SheetEntry {
        game: 2,
        result: PlayerResult::Loss,
        points: 0,
        fire: false,
    };
    let q = ArenaPlayer {
        sheet: vec![drew, lost],
        ..p
    };
    assert_eq!(score(&c, &q, 3, PlayerResult::Draw, 30, None).points, 0);
    assert_eq!(score(&c, &q, 3, PlayerResult::Draw, 80, None).points, 1);
}

fn later() -> ArenaConfig {
    ArenaConfig {
        starts_at: Millis(1_000),
        ends_at: Millis(5_000),
        rematch_after: Millis(300),
        ..ArenaConfig::default()
    }
}

fn join(a: &mut Arena, u: u64, now: u64) -> Vec<ArenaEvent> {
    a.apply(
        ArenaCommand::Join {
            user: UserId(u),
            rating: 1500,
            team: None,
        },
        Millis(now),
    )
    .expect("join")
}

#[test]
fn an_early_start_keeps_the_length_and_pairs_at_once() {
    let mut a = Arena::new(later());
    assert_eq!(
        join(&mut a, 1, 10),
        vec![ArenaEvent::Joined {
            user: UserId(1),
            again: false
        }]
    );
    join(&mut a, 2, 20);
    assert!(a.games.is_empty(), "nobody is paired before the start");
    assert_eq!(a.wake_at(Millis(20)), Some(Millis(1_000)));
    let events = a.apply(ArenaCommand::Start, Millis(100)).expect("start");
    assert_eq!(
        events[0],
        ArenaEvent::Started {
            ends_at: Millis(4_100)
        }
    );
    assert!(matches!(events[1], ArenaEvent::Paired { game: 1, .. }));
    assert_eq!(
        a.apply(ArenaCommand::Start, Millis(200)),
        Err(platform::tournament::arena::ArenaError::Started)
    );
}

#[test]
fn the_start_comes_with_the_first_command_at_its_time() {
    let mut a = Arena::new(later());
    join(&mut a, 1, 10);
    join(&mut a, 2, 20);
    let events = a.apply(ArenaCommand::Tick, Millis(1_000)).expect("tick");
    assert_eq!(
        events[0],
        ArenaEvent::Started {
            ends_at: Millis(5_000)
        }
    );
    assert!(a.started);
    assert_eq!(a.games.len(), 1);
}

#[test]
fn leaving_before_the_start_takes_the_entry_back() {
    let mut a = Arena::new(later());
    join(&mut a, 1, 10);
    let left = a.apply(ArenaCommand::Pause { user: UserId(1) }, Millis(20));
    assert_eq!(left, Ok(vec![ArenaEvent::Left { user: UserId(1) }]));
    assert!(a.players.is_empty());
    // Coming back is a new entry.
    assert_eq!(
        join(&mut a, 1, 30),
        vec![ArenaEvent::Joined {
            user: UserId(1),
            again: false
        }]
    );
}

#[test]
fn a_pause_during_a_game_takes_effect_after_it() {
    let mut a = Arena::new(later());
    join(&mut a, 1, 10);
    join(&mut a, 2, 20);
    a.apply(ArenaCommand::Tick, Millis(1_000)).expect("start");
    let g = a.games[&1].clone();
    let paused = a.apply(ArenaCommand::Pause { user: g.red }, Millis(1_100));
    assert_eq!(paused, Ok(vec![ArenaEvent::Paused { user: g.red }]));
    assert!(
        a.apply(ArenaCommand::Pause { user: g.red }, Millis(1_150))
            .is_err(),
        "already paused after the game"
    );
    finish(&mut a, 1, GameResult::RedWins, 40, 1_200);
    assert_eq!(a.players[&g.red].status, Status::Paused);
    assert_eq!(
        a.players[&g.black].status,
        Status::Waiting {
            since: Millis(1_200)
        }
    );
    // Back again: waiting, not a new entry; the pair may meet again once both have waited.
    assert_eq!(
        join(&mut a, g.red.0, 1_250),
        vec![ArenaEvent::Joined {
            user: g.red,
            again: true
        }]
    );
    assert_eq!(a.games.len(), 1, "no immediate rematch");
    assert_eq!(a.wake_at(Millis(1_250)), Some(Millis(1_500)));
    let events = a.apply(ArenaCommand::Tick, Millis(1_550)).expect("tick");
    assert!(matches!(events[..], [ArenaEvent::Paired { game: 2, .. }]));
    // Nobody waits: the next wake is the end.
    assert_eq!(a.wake_at(Millis(1_550)), Some(Millis(5_000)));
}

#[test]
fn coming_back_during_the_game_cancels_the_pause() {
    let mut a = Arena::new(later());
    join(&mut a, 1, 10);
    join(&mut a, 2, 20);
    a.apply(ArenaCommand::Tick, Millis(1_000)).expect("start");
    let red = a.games[&1].red;
    a.apply(ArenaCommand::Pause { user: red }, Millis(1_100))
        .expect("pause");
    join(&mut a, red.0, 1_150);
    finish(&mut a, 1, GameResult::Draw, 40, 1_200);
    assert!(matches!(a.players[&red].status, Status::Waiting { .. }));
}
