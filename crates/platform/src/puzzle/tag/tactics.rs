//! Tactics along a solution line: 捉双 (fork), 抽将 (discovered check), 牵制 (pin), 弃子
//! (sacrifice).
//!
//! Key decision: each test looks at the solver's moves of the line as played, with the rules
//! crate's move generator for attacks; they tag what the line does, not what the position
//! threatens.

use super::geometry::{attacked_by, attackers_of, major, material, value};
use crate::puzzle::Theme;
use xiangqi::{Move, MoveList, Position, Role, Square};

/// The defender's pieces pinned to their king in `pos` (defender on move, not in check): major
/// pieces with a pseudo-legal move but no legal one.
fn pinned(pos: &Position) -> Vec<Square> {
    if pos.is_check() {
        return vec![];
    }
    let mut list = MoveList::new();
    pos.pseudo_moves_into(&mut list);
    let legal = pos.legal_moves();
    let mut out: Vec<Square> = list
        .iter()
        .map(|m| m.from())
        .filter(|&from| {
            pos.piece_at(from).is_some_and(|p| major(p.role))
                && !legal.iter().any(|m| m.from() == from)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The tactical themes of `line` (solver move first) from `start`. Stops quietly at an illegal
/// move.
#[must_use]
pub fn tactics(start: &Position, line: &[Move]) -> Vec<Theme> {
    let solver = start.turn();
    let mut out = vec![];
    let mut pos = start.clone();
    let balance = |p: &Position| material(p, solver) - material(p, !solver);
    let start_balance = balance(start);
    let mut pins: Vec<Square> = vec![];
    for (i, &m) in line.iter().enumerate() {
        let solver_move = i.is_multiple_of(2);
        if solver_move && pins.contains(&m.to()) && pos.is_capture(m) {
            out.push(Theme::Pin);
        }
        let Ok(after) = pos.play(m) else {
            break;
        };
        if solver_move {
            let king = after.king(!solver);
            let check = after.is_check();
            if check {
                let checkers = attackers_of(&after, king, solver);
                if !checkers.is_empty() && checkers.iter().all(|(s, _)| *s != m.to()) {
                    out.push(Theme::DiscoveredCheck);
                }
            }
            let hit = attacked_by(&after, m.to());
            let mover_value = after.piece_at(m.to()).map_or(0.0, |p| value(p.role));
            let targets = hit
                .iter()
                .filter(|(_, p)| {
                    p.role == Role::King || (major(p.role) && value(p.role) >= mover_value)
                })
                .count();
            if targets >= 2 {
                out.push(Theme::Fork);
            }
            pins = pinned(&after);
        } else if balance(&after) <= start_balance - 2.0 {
            out.push(Theme::Sacrifice);
        }
        pos = after;
    }
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

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("fen")
    }

    #[test]
    fn a_horse_fork_of_two_chariots() {
        // Red horse e4 jumps to d6, attacking the chariots c8 and f7.
        let p = pos("3k5/2r6/5r3/9/9/4N4/9/9/9/4K4 w - - 0 1");
        let t = tactics(&p, &[mv("e4d6")]);
        assert!(t.contains(&Theme::Fork), "{t:?}");
    }

    #[test]
    fn a_discovered_check() {
        // Red chariot e2 behind the red horse e5, black king e9: the horse steps away.
        let p = pos("4k4/9/9/9/4N4/9/9/4R4/9/3K5 w - - 0 1");
        let t = tactics(&p, &[mv("e5c6")]);
        assert!(t.contains(&Theme::DiscoveredCheck), "{t:?}");
        assert!(!t.contains(&Theme::Fork), "{t:?}");
    }

    #[test]
    fn a_sacrifice_is_material_given() {
        // Red chariot takes a defended pawn and is taken back.
        let p = pos("5k3/9/4r4/9/4p4/9/9/4R4/9/3K5 w - - 0 1");
        let t = tactics(&p, &[mv("e2e5"), mv("e7e5")]);
        assert!(t.contains(&Theme::Sacrifice), "{t:?}");
    }
}
