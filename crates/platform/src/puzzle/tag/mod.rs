//! Automatic theme tagging: mate in N, the mating patterns, tactics, length and phase.
//!
//! Key decision: tagging needs only the rules (the line is given), so it lives in the pure domain
//! beside the puzzle and runs wherever puzzles are made (the miner, the curated import, tests).

mod geometry;
mod mates;
mod tactics;

pub use mates::mate_patterns;
pub use tactics::tactics;

use super::Theme;
use xiangqi::{Color, Move, Position, Role};

/// The heavy-material phase: 2 per chariot, 1 per horse or cannon, both sides (16 at the start).
#[must_use]
pub fn phase(pos: &Position) -> u32 {
    let count = |role: Role| {
        u32::try_from(pos.count(Color::Red, role) + pos.count(Color::Black, role)).unwrap_or(0)
    };
    2 * count(Role::Chariot) + count(Role::Horse) + count(Role::Cannon)
}

/// The phase theme: the opening up to move 12 with most material on the board, the endgame at a
/// phase of 6 or less, the middle game otherwise.
#[must_use]
pub fn phase_theme(pos: &Position) -> Theme {
    let p = phase(pos);
    if p <= 6 {
        Theme::Endgame
    } else if pos.fullmoves() <= 12 && p >= 14 {
        Theme::Opening
    } else {
        Theme::Middlegame
    }
}

/// Every theme of the puzzle at `start` (solver on move) with `line`. Illegal moves end the
/// tagging quietly (the caller validates lines).
#[must_use]
pub fn tag(start: &Position, line: &[Move]) -> Vec<Theme> {
    let mut out = vec![phase_theme(start)];
    let mut end = start.clone();
    let mut played: usize = 0;
    for &m in line {
        if end.play_mut(m).is_err() {
            break;
        }
        played += 1;
    }
    let solver_moves = played.div_ceil(2);
    let mated = played % 2 == 1 && !end.has_legal_move();
    if mated {
        out.push(Theme::Mate);
        out.extend(Theme::mate_in(solver_moves));
        out.extend(mate_patterns(&end));
    } else {
        out.push(match solver_moves {
            0 | 1 => Theme::OneMove,
            2 => Theme::Short,
            3 => Theme::Long,
            _ => Theme::VeryLong,
        });
    }
    if mated && solver_moves >= 2 {
        out.push(match solver_moves {
            2 => Theme::Short,
            3 => Theme::Long,
            _ => Theme::VeryLong,
        });
    }
    out.extend(tactics(start, &line[..played]));
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().expect("move")
    }

    #[test]
    fn mate_in_two_with_its_pattern_length_and_phase() {
        let p = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1").expect("fen");
        let t = tag(&p, &[mv("a1a8"), mv("e9f9"), mv("b0b9")]);
        for want in [
            Theme::Mate,
            Theme::MateIn2,
            Theme::Short,
            Theme::Endgame,
            Theme::TwoChariots,
        ] {
            assert!(t.contains(&want), "{want:?} missing from {t:?}");
        }
        assert!(!t.contains(&Theme::MateIn1));
    }

    #[test]
    fn the_start_position_is_the_opening() {
        assert_eq!(phase(&Position::startpos()), 16);
        assert_eq!(phase_theme(&Position::startpos()), Theme::Opening);
        let t = tag(&Position::startpos(), &[mv("h2e2")]);
        assert!(t.contains(&Theme::OneMove));
        // An illegal line is cut, not a panic.
        let t = tag(&Position::startpos(), &[mv("a0a9")]);
        assert!(t.contains(&Theme::OneMove));
    }
}
