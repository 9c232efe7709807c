//! Difficulty levels 1–10.
//!
//! Key decision: a weaker level is the same search with a smaller budget (depth and node caps)
//! plus a controlled choice among the best-scored root moves: every root move gets an exact score,
//! and the level picks among the top few whose score is within its margin of the best, favouring
//! better moves. It never picks a move that loses by force (mate or rule) when another does not,
//! and never strays more than the margin, so its mistakes are positional or shallow-tactical —
//! plausible, never random. Level 10 is full strength.

/// Settings of one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Deepest iteration (None = unlimited).
    pub max_depth: Option<i32>,
    /// Node cap per move (None = unlimited).
    pub max_nodes: Option<u64>,
    /// Largest score loss (centipawns) the level may accept when choosing a move.
    pub margin: i32,
    /// How many of the best moves are candidates.
    pub candidates: usize,
}

/// Highest (full-strength) level.
pub const MAX_LEVEL: u8 = 10;

/// Each level's measured Elo over level 1 (docs/engine.md, "Measured ladder"; read as ±150–300).
/// The server starts the levels' ratings from it.
pub const LADDER_ELO: [f64; MAX_LEVEL as usize] = [
    0.0, 300.0, 430.0, 700.0, 805.0, 1105.0, 1405.0, 1675.0, 1825.0, 2260.0,
];

/// The settings of `level` (clamped to 1–10).
#[must_use]
pub fn settings(level: u8) -> LevelSettings {
    const DEPTH: [i32; 9] = [1, 2, 2, 3, 4, 5, 6, 8, 10];
    const NODES: [u64; 9] = [
        400, 1_500, 4_000, 12_000, 30_000, 80_000, 250_000, 800_000, 3_000_000,
    ];
    const MARGIN: [i32; 9] = [260, 200, 150, 110, 80, 55, 35, 20, 10];
    const CANDIDATES: [usize; 9] = [5, 5, 4, 4, 4, 3, 3, 2, 2];
    let l = level.clamp(1, MAX_LEVEL);
    if l == MAX_LEVEL {
        return LevelSettings {
            max_depth: None,
            max_nodes: None,
            margin: 0,
            candidates: 1,
        };
    }
    let i = usize::from(l - 1);
    LevelSettings {
        max_depth: Some(DEPTH[i]),
        max_nodes: Some(NODES[i]),
        margin: MARGIN[i],
        candidates: CANDIDATES[i],
    }
}

/// A small deterministic random generator (xorshift64*), so that games can be replayed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a constant).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// Test support: the positions of a random legal game from the start, one after each move, of
/// `rng.below(max_plies)` moves at most (fewer when a side has no move).
#[cfg(test)]
pub(crate) fn random_game(rng: &mut Rng, max_plies: u64) -> Vec<xiangqi::Position> {
    let mut pos = xiangqi::Position::startpos();
    let mut line = Vec::new();
    for _ in 0..rng.below(max_plies) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len() as u64) as usize];
        pos.play_mut(m).expect("a generated move is legal");
        line.push(pos.clone());
    }
    line
}

/// Test support: the last position of [`random_game`] (the start position for an empty game).
#[cfg(test)]
pub(crate) fn random_position(rng: &mut Rng, max_plies: u64) -> xiangqi::Position {
    random_game(rng, max_plies)
        .pop()
        .unwrap_or_else(xiangqi::Position::startpos)
}

/// Chooses among `scored` root moves (best first) as `level` would. Returns an index.
#[must_use]
pub fn choose(scored: &[(xiangqi::Move, i32)], level: u8, rng: &mut Rng) -> usize {
    let s = settings(level);
    let Some(&(_, best)) = scored.first() else {
        return 0;
    };
    if s.candidates <= 1 {
        return 0;
    }
    let losing = |v: i32| v <= -crate::types::MATE_BOUND;
    let mut weights = Vec::new();
    for &(_, v) in scored.iter().take(s.candidates) {
        let loss = best - v;
        if loss > s.margin || (losing(v) && !losing(best)) {
            break;
        }
        // Quadratic preference for the better moves.
        let w = (s.margin - loss + 10).max(1) as u64;
        weights.push(w * w);
    }
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return 0;
    }
    let mut r = rng.below(total);
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    0
}
