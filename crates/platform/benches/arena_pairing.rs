//! Arena re-pairing time: 500 players; the start pairs all of them at once, then games finish one
//! by one over the arena's hour and each result re-pairs the waiting players (continuous
//! pairing). Reports the start's pairing and the slowest and median re-pairing after a result.
//! Plain timing: `cargo bench -p platform --bench arena_pairing` (`ARENA_BENCH_PLAYERS`).

use platform::tournament::arena::{Arena, ArenaCommand, ArenaConfig};
use platform::tournament::GameResult;
use platform::{Millis, UserId};
use std::time::{Duration, Instant};

fn main() {
    let n: u64 = std::env::var("ARENA_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let mut a = Arena::new(ArenaConfig {
        starts_at: Millis(1_000),
        ends_at: Millis::from_mins(60),
        ..ArenaConfig::default()
    });
    for u in 1..=n {
        let join = ArenaCommand::Join {
            user: UserId(u),
            rating: 1200 + ((u * 7_919) % 1_000) as u32,
            team: None,
        };
        a.apply(join, Millis(u)).expect("join");
    }
    let t = Instant::now();
    a.apply(ArenaCommand::Tick, Millis(1_000)).expect("start");
    println!(
        "arena {n} players: start pairs {} games in {:.3?}",
        a.games.len(),
        t.elapsed()
    );
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut times: Vec<Duration> = Vec::new();
    let mut now = 2_000u64;
    while times.len() < 3_000 {
        let running: Vec<u64> = a
            .games
            .iter()
            .filter(|g| g.1.result.is_none())
            .map(|g| *g.0)
            .collect();
        if running.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let game = running[(seed % running.len() as u64) as usize];
        let result =
            [GameResult::RedWins, GameResult::Draw, GameResult::BlackWins][(seed % 3) as usize];
        now += 1_000;
        let t = Instant::now();
        a.apply(
            ArenaCommand::GameFinished {
                game,
                result,
                plies: 40,
            },
            Millis(now),
        )
        .expect("result");
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "arena {n} players: {} results re-paired; median {:.3?}, p99 {:.3?}, slowest {:.3?}",
        times.len(),
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}
