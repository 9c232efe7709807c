//! Time to recompute standings with tie-breaks: 5,000 players, 9 rounds (22,500 games).
//! Plain timing: `cargo bench -p platform --bench standings`.

use platform::tournament::{standings, GameResult, Preset, Record, RecordedGame};
use platform::UserId;
use std::time::Instant;

fn main() {
    let n = 5_000u64;
    let mut rec = Record {
        players: (1..=n)
            .map(|u| (UserId(u), 1000 + (u % 1000) as u32))
            .collect(),
        ..Record::default()
    };
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for round in 1..=9u32 {
        for i in (1..=n).step_by(2) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let opp = 1 + (i + u64::from(round) * 2 + 1) % n;
            let result =
                [GameResult::RedWins, GameResult::Draw, GameResult::BlackWins][(seed % 3) as usize];
            rec.games.push(RecordedGame {
                round,
                red: UserId(i),
                black: UserId(opp),
                result,
                ended_at: None,
            });
        }
    }
    for preset in [
        Preset::cxa_swiss_opponent(),
        Preset::cxa_swiss_progressive(),
        Preset::cxa_round_robin(),
        Preset::lichess(),
    ] {
        let t = Instant::now();
        let rows = standings(&rec, &preset);
        println!(
            "standings {} players, {} games, {:<15} {:>9.3?} ({} rows)",
            n,
            rec.games.len(),
            preset.name,
            t.elapsed(),
            rows.len()
        );
    }
}
