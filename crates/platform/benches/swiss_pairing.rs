//! Time to pair one Swiss round (FIDE Dutch) of N players: round 1 and round 5 of an event with
//! simulated results. Plain timing (no harness): `cargo bench -p platform --bench swiss_pairing`;
//! sizes from `SWISS_BENCH_SIZES` (comma-separated, default `100,200,400,1000`; issue #18's
//! target is one round of 1,000 players in under a second). Each line ends with a digest of the
//! pairings, to check that a change to the pairer leaves them identical.

use platform::tournament::swiss::dutch::{
    pair_round, Board, DutchInput, DutchPlayer, EntryKind, RoundEntry,
};
use std::time::Instant;

fn event(n: u32) -> DutchInput {
    DutchInput {
        players: (1..=n)
            .map(|number| DutchPlayer {
                number,
                rounds: Vec::new(),
                present: true,
            })
            .collect(),
        total_rounds: 9,
        forbidden: Vec::new(),
        first_white: true,
    }
}

/// Plays one round: the higher number scores by a fixed pseudo-random rule.
fn play(input: &mut DutchInput, seed: &mut u64) -> bool {
    let Ok(boards) = pair_round(input) else {
        return false;
    };
    let n = input.players.len();
    let mut entries: Vec<Option<RoundEntry>> = vec![None; n];
    for b in boards {
        let r = b.red as usize - 1;
        let Some(black) = b.black else {
            entries[r] = Some(RoundEntry {
                kind: EntryKind::PairingBye,
                opponent: None,
                white: None,
                points: 10,
            });
            continue;
        };
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let (rp, bp) = [(10, 0), (5, 5), (0, 10)][(*seed % 3) as usize];
        let k = black as usize - 1;
        entries[r] = Some(RoundEntry {
            kind: EntryKind::Played,
            opponent: Some(black),
            white: Some(true),
            points: rp,
        });
        entries[k] = Some(RoundEntry {
            kind: EntryKind::Played,
            opponent: Some(b.red),
            white: Some(false),
            points: bp,
        });
    }
    for (p, e) in input.players.iter_mut().zip(entries) {
        p.rounds.push(e.unwrap_or(RoundEntry {
            kind: EntryKind::ZeroBye,
            opponent: None,
            white: None,
            points: 0,
        }));
    }
    true
}

/// FNV-1a of the boards of rounds 1 and 5, to check that a change leaves the pairings identical.
fn digest(r1: &[Board], r5: &[Board]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in r1.iter().chain(r5) {
        for x in [b.red, b.black.unwrap_or(0)] {
            h = (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// CPU time of this thread (user + system) from `/proc/thread-self/stat`, in 10 ms ticks (zero
/// where unavailable): on a shared machine it leaves out the time the thread waited for a core.
fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime: fields 14 and 15 of the line, indices 11 and 12 after the command name.
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}

/// `SWISS_BENCH_EVERY=1`: the time of each of the 9 rounds (results simulated as above), wall
/// clock and, in brackets, CPU time.
fn every_round(n: u32) {
    let mut input = event(n);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut line = format!("swiss {n:>5} players, every round:");
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for round in 1..=9 {
        let (t, c) = (Instant::now(), cpu_ticks());
        let boards = pair_round(&input);
        let time = t.elapsed();
        let cpu = (cpu_ticks() - c) * 10;
        line.push_str(&format!(" r{round} {time:.3?} ({cpu} ms)"));
        h ^= digest(boards.as_deref().unwrap_or(&[]), &[]);
        h = h.wrapping_mul(0x100_0000_01b3);
        if !play(&mut input, &mut seed) {
            break;
        }
    }
    println!("{line}, pairings {h:016x}");
}

fn main() {
    let sizes: Vec<u32> = std::env::var("SWISS_BENCH_SIZES")
        .unwrap_or_else(|_| "100,200,400,1000".to_string())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let every = std::env::var("SWISS_BENCH_EVERY").is_ok();
    for n in sizes {
        if every {
            every_round(n);
            continue;
        }
        let mut input = event(n);
        let t = Instant::now();
        let r1 = pair_round(&input);
        let first = t.elapsed();
        let ok = r1.is_ok();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4 {
            play(&mut input, &mut seed);
        }
        let t = Instant::now();
        let r5 = pair_round(&input);
        let mut fifth = t.elapsed();
        // `SWISS_BENCH_REPEAT=R`: round 5 paired R times more, the median reported.
        let repeat: usize = std::env::var("SWISS_BENCH_REPEAT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        if repeat > 0 {
            let mut times = vec![fifth];
            for _ in 0..repeat {
                let t = Instant::now();
                let _ = pair_round(&input);
                times.push(t.elapsed());
            }
            times.sort();
            fifth = times[times.len() / 2];
        }
        let ok5 = r5.is_ok();
        let sum = digest(r1.as_deref().unwrap_or(&[]), r5.as_deref().unwrap_or(&[]));
        println!(
            "swiss {n:>5} players: round 1 {first:>10.3?} ({ok}), round 5 {fifth:>10.3?} ({ok5}), \
             pairings {sum:016x}"
        );
    }
}
