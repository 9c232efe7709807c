//! The puzzle rating on simulated solvers: solvers of known strength, playing puzzles of known
//! difficulty chosen near their rating, end up in the right order, and the puzzles too.

use platform::puzzle::rating::{rate_round, Angle, RoundMode};
use platform::puzzle::select::{pick, Candidate};
use platform::puzzle::PuzzleId;
use platform::rating::{Glicko2Params, PlayerRating};
use std::collections::HashSet;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Spearman's rank correlation (no ties expected).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let ranks = |v: &[f64]| {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
        let mut r = vec![0.0; v.len()];
        for (k, &i) in idx.iter().enumerate() {
            r[i] = k as f64;
        }
        r
    };
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y) * (x - y)).sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

#[test]
fn simulated_solvers_converge_to_the_right_order() {
    let params = Glicko2Params::default();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // 400 puzzles of true difficulty 800..2800, all seeded at 1500.
    let truth: Vec<f64> = (0..400).map(|i| 800.0 + 5.0 * f64::from(i)).collect();
    let mut puzzles: Vec<PlayerRating> = truth.iter().map(|_| params.initial()).collect();
    // Eight solvers of true strength 1000..2400.
    let strength: Vec<f64> = (0..8).map(|i| 1000.0 + 200.0 * f64::from(i)).collect();
    let mut users: Vec<PlayerRating> = strength.iter().map(|_| params.initial()).collect();
    let mut played: Vec<HashSet<PuzzleId>> = vec![HashSet::new(); users.len()];
    for round in 0..300u64 {
        for u in 0..users.len() {
            let pool: Vec<Candidate> = puzzles
                .iter()
                .enumerate()
                .map(|(i, p)| Candidate {
                    id: PuzzleId(i.to_string()),
                    rating: p.rating,
                    themes: vec![],
                })
                .collect();
            let seen = &played[u];
            let Some(c) = pick(
                &pool,
                users[u].rating,
                None,
                &|id| seen.contains(id),
                rng.next() ^ round,
            ) else {
                continue;
            };
            let i: usize = c.id.0.parse().expect("index");
            played[u].insert(c.id.clone());
            // The solver wins with the Elo expectation of the true ratings.
            let p_win = 1.0 / (1.0 + 10f64.powf((truth[i] - strength[u]) / 400.0));
            let win = rng.unit() < p_win;
            let out = rate_round(
                &params,
                &users[u],
                &puzzles[i],
                win,
                Angle::Mix,
                RoundMode::Rated,
            );
            users[u] = out.user;
            puzzles[i] = out.puzzle;
        }
    }
    let ratings: Vec<f64> = users.iter().map(|r| r.rating).collect();
    for w in ratings.windows(2) {
        assert!(w[0] < w[1], "solvers out of order: {ratings:?}");
    }
    // The puzzles that were played often enough line up with their difficulty too.
    let (mut t, mut r) = (vec![], vec![]);
    for (i, p) in puzzles.iter().enumerate() {
        if p.games >= 3 {
            t.push(truth[i]);
            r.push(p.rating);
        }
    }
    assert!(t.len() >= 50, "only {} puzzles played 3 times", t.len());
    let rho = spearman(&t, &r);
    assert!(rho >= 0.5, "Spearman {rho} over {} puzzles", t.len());
}

#[test]
fn no_user_ever_gets_a_puzzle_twice() {
    let params = Glicko2Params::default();
    let pool: Vec<Candidate> = (0..100)
        .map(|i| Candidate {
            id: PuzzleId(format!("{i}")),
            rating: 1000.0 + 10.0 * f64::from(i),
            themes: vec![],
        })
        .collect();
    let mut seen = HashSet::new();
    let mut rating = params.initial();
    for round in 0..100u64 {
        let c = {
            let s = &seen;
            pick(&pool, rating.rating, None, &|id| s.contains(id), round)
                .expect("a puzzle left")
                .clone()
        };
        assert!(seen.insert(c.id.clone()));
        let p = PlayerRating {
            rating: c.rating,
            ..params.initial()
        };
        rating = rate_round(
            &params,
            &rating,
            &p,
            round % 3 != 0,
            Angle::Mix,
            RoundMode::Rated,
        )
        .user;
    }
    assert!(pick(&pool, 1500.0, None, &|id| seen.contains(id), 0).is_none());
}
