//! The computer's opening book: in the first plies of a game against the computer, at the
//! levels that use it, the computer plays a move the masters played in the position
//! (`masters_positions`, docs/masters.md) instead of searching, chosen at random in proportion
//! to how often it was played, among the moves played often enough that did not score badly for
//! the side that played them. Games against the computer only: the engine itself (UCI/UCCI,
//! engine matches, analysis, hints) never reads it.

use serde::Deserialize;
use store::{Db, ExplorerMove, MastersFilter};
use xiangqi::{Color, Move, Position};

/// `[book]`: which levels use the book, and how far into the game.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct BookConfig {
    /// The computer's levels (1..=10) that play book moves; empty: none.
    pub levels: Vec<u8>,
    /// Plies of the game (both sides) during which the book is asked.
    pub plies: u32,
    /// A move is a book move once the masters played it this often in the position.
    pub min_games: u64,
}

impl Default for BookConfig {
    fn default() -> Self {
        BookConfig {
            levels: (3..=10).collect(),
            plies: 20,
            min_games: 3,
        }
    }
}

impl BookConfig {
    /// The first value out of range, if any.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        if self
            .levels
            .iter()
            .any(|l| !(1..=engine::level::MAX_LEVEL).contains(l))
        {
            return Some("book: levels are 1..=10");
        }
        if self.plies > 200 {
            return Some("book: plies must be at most 200");
        }
        if self.min_games == 0 {
            return Some("book: min_games must be at least 1");
        }
        None
    }

    /// Whether the computer at `level` asks the book at ply `ply` (0: the first move).
    #[must_use]
    pub fn applies(&self, level: u8, ply: usize) -> bool {
        self.levels.contains(&level) && ply < self.plies as usize
    }
}

/// A move that scored at least this (for its side, draws half) is playable from the book.
const LEAST_SCORE: f64 = 0.35;

/// Picks a book move for `mover` among `moves` (the explorer's counts at the position): one
/// played at least `min_games` times, scoring at least [`LEAST_SCORE`] for `mover` where its
/// results are known, chosen in proportion to how often it was played; `roll` is a random
/// number. `None`: no book move.
#[must_use]
pub fn pick(moves: &[ExplorerMove], mover: Color, min_games: u64, roll: u64) -> Option<u16> {
    let playable: Vec<&ExplorerMove> = moves
        .iter()
        .filter(|m| m.games() >= min_games.max(1))
        .filter(|m| score(m, mover).is_none_or(|s| s >= LEAST_SCORE))
        .collect();
    let total: u64 = playable.iter().map(|m| m.games()).sum();
    if total == 0 {
        return None;
    }
    let mut at = roll % total;
    for m in playable {
        if at < m.games() {
            return Some(m.mv);
        }
        at -= m.games();
    }
    None
}

/// How the games with `m` scored for `mover` (wins and half the draws); `None` when no result
/// is known.
fn score(m: &ExplorerMove, mover: Color) -> Option<f64> {
    let (won, lost) = match mover {
        Color::Red => (m.red, m.black),
        Color::Black => (m.black, m.red),
    };
    let known = won + lost + m.draw;
    (known > 0).then(|| (won as f64 + m.draw as f64 / 2.0) / known as f64)
}

/// The book's move after `moves` from `start`, for the computer at `level`, if the book
/// applies and has one (a legal move); a database failure is no book move.
pub async fn book_move(
    db: &Db,
    config: &BookConfig,
    level: u8,
    start: &Position,
    moves: &[Move],
) -> Option<Move> {
    if !config.applies(level, moves.len()) {
        return None;
    }
    let mut pos = start.clone();
    for &m in moves {
        pos.play_mut(m).ok()?;
    }
    let key = store::position_key(&pos);
    let counts = match db.explore_masters(key, &MastersFilter::default()).await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!("reading the opening book: {e}");
            return None;
        }
    };
    let mv = pick(&counts.moves, pos.turn(), config.min_games, rand::random())?;
    Move::from_u16(mv).filter(|&m| pos.is_legal(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(mv: u16, red: u64, draw: u64, black: u64) -> ExplorerMove {
        ExplorerMove {
            mv,
            red,
            draw,
            black,
            unknown: 0,
        }
    }

    #[test]
    fn only_moves_played_often_enough_that_did_not_score_badly_are_picked() {
        let moves = [
            counts(1, 6, 2, 2), // played 10 times, good for Red
            counts(2, 0, 0, 5), // lost every time by Red
            counts(3, 1, 0, 0), // played once
        ];
        for roll in 0..100 {
            assert_eq!(pick(&moves, Color::Red, 3, roll), Some(1));
        }
        // Black's side of the same games: move 2 won every time, move 1 scored 30 %.
        let picked: std::collections::BTreeSet<u16> = (0..15)
            .filter_map(|roll| pick(&moves, Color::Black, 3, roll))
            .collect();
        assert_eq!(picked, [2].into());
        assert_eq!(pick(&moves, Color::Red, 20, 7), None);
        assert_eq!(pick(&[], Color::Red, 1, 7), None);
    }

    #[test]
    fn moves_are_picked_in_proportion_to_how_often_they_were_played() {
        let moves = [counts(1, 3, 3, 3), counts(2, 1, 1, 1)];
        let ones = (0..1_200)
            .filter(|&roll| pick(&moves, Color::Red, 1, roll) == Some(1))
            .count();
        assert_eq!(ones, 900);
    }

    #[test]
    fn the_book_applies_at_its_levels_during_its_plies() {
        let c = BookConfig::default();
        assert!(c.applies(5, 0) && c.applies(10, 19));
        assert!(!c.applies(5, 20) && !c.applies(1, 0));
        assert_eq!(c.problem(), None);
        let bad = BookConfig {
            levels: vec![11],
            ..c
        };
        assert!(bad.problem().is_some());
    }
}
