//! Repetition adjudication (RULES.md §6.7).
//!
//! After every ply the current position is looked up among the positions since the last capture
//! (the start counts). When it has occurred `repetition_count` times, the window is every ply
//! after the first of those occurrences, and each side's moves in the window are classified:
//! * AXF: a side that checked on every move is a perpetual checker (level 2); otherwise a side
//!   that chased one same enemy piece on every move is a perpetual chaser (level 1; a checking
//!   move chases nothing, so alternating check and chase is allowed). Equal levels draw; the
//!   higher level loses.
//! * CXA: a side whose every move was a check, a mate threat or a chase (targets may vary) is
//!   forbidden. A lone perpetual checker loses; two draw; otherwise a lone forbidden side loses;
//!   otherwise draw.

use super::history::State;
use super::ids::IdSet;
use super::{chase, cxa, Profile, RuleSet};
use crate::{Color, EndReason, GameResult, Outcome, Position};

/// What one ply of the window did.
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    check: bool,
    /// Pieces newly chased (empty for checking moves).
    chased: IdSet,
    /// CXA only: the move threatens mate.
    mate_threat: bool,
}

/// How many times the position of the last state has occurred since the last capture
/// (including now), and the index of the earliest of the last `count` occurrences when there are
/// at least `count`.
pub(crate) fn occurrences(states: &[State], count: usize) -> (usize, Option<usize>) {
    let Some(last) = states.last() else {
        return (0, None);
    };
    let key = last.pos.hash();
    let found: Vec<usize> = (last.since_capture..states.len())
        .filter(|&i| states[i].pos.hash() == key && same_placement(&states[i].pos, &last.pos))
        .collect();
    let first = found.len().checked_sub(count).map(|k| found[k]);
    (found.len(), first)
}

/// Same pieces on the same points and the same side to move (the counters may differ).
fn same_placement(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn() && a.board == b.board
}

/// The verdict if the last state completes a repetition under `rules`.
pub(crate) fn adjudicate(states: &[State], rules: &RuleSet) -> Option<Outcome> {
    let (_, first) = occurrences(states, rules.repetition_count);
    let first = first?;
    let n = states.len() - 1;
    let mut by_side: [Vec<Ply>; 2] = [Vec::new(), Vec::new()];
    for i in first + 1..=n {
        let (before, after) = (&states[i - 1], &states[i]);
        let mover = before.pos.turn();
        by_side[mover.index()].push(classify(before, after, rules));
    }
    Some(match rules.profile {
        Profile::Axf => axf_verdict(&by_side),
        Profile::Cxa => cxa_verdict(&by_side),
    })
}

fn classify(before: &State, after: &State, rules: &RuleSet) -> Ply {
    if after.check {
        return Ply {
            check: true,
            ..Ply::default()
        };
    }
    match rules.profile {
        Profile::Axf => Ply {
            check: false,
            chased: chase::new_chases(
                &before.pos,
                &before.ids,
                &after.pos,
                &after.ids,
                rules.minor_chases_major,
            ),
            mate_threat: false,
        },
        Profile::Cxa => {
            let chased = cxa::new_chases(&before.pos, &before.ids, &after.pos, &after.ids);
            Ply {
                check: false,
                chased,
                mate_threat: chased == 0
                    && cxa::is_mate_threat(&after.pos, rules.mate_threat_checks),
            }
        }
    }
}

fn perpetual_check(moves: &[Ply]) -> bool {
    !moves.is_empty() && moves.iter().all(|p| p.check)
}

fn perpetual_chase(moves: &[Ply]) -> bool {
    !moves.is_empty() && moves.iter().fold(IdSet::MAX, |acc, p| acc & p.chased) != 0
}

fn loss(loser: Color, reason: EndReason) -> Outcome {
    Outcome {
        result: GameResult::win_for(!loser),
        reason,
    }
}

const DRAW: Outcome = Outcome {
    result: GameResult::Draw,
    reason: EndReason::Repetition,
};

fn axf_verdict(by_side: &[Vec<Ply>; 2]) -> Outcome {
    let level = |moves: &[Ply]| {
        if perpetual_check(moves) {
            2
        } else if perpetual_chase(moves) {
            1
        } else {
            0
        }
    };
    let red = level(&by_side[Color::Red.index()]);
    let black = level(&by_side[Color::Black.index()]);
    let reason = |l| {
        if l == 2 {
            EndReason::PerpetualCheck
        } else {
            EndReason::PerpetualChase
        }
    };
    match red.cmp(&black) {
        std::cmp::Ordering::Equal => DRAW,
        std::cmp::Ordering::Greater => loss(Color::Red, reason(red)),
        std::cmp::Ordering::Less => loss(Color::Black, reason(black)),
    }
}

fn cxa_verdict(by_side: &[Vec<Ply>; 2]) -> Outcome {
    let red = &by_side[Color::Red.index()];
    let black = &by_side[Color::Black.index()];
    match (perpetual_check(red), perpetual_check(black)) {
        (true, true) => return DRAW,
        (true, false) => return loss(Color::Red, EndReason::PerpetualCheck),
        (false, true) => return loss(Color::Black, EndReason::PerpetualCheck),
        (false, false) => {}
    }
    let forbidden = |moves: &[Ply]| {
        !moves.is_empty()
            && moves
                .iter()
                .all(|p| p.check || p.mate_threat || p.chased != 0)
    };
    // A forbidden cycle with a chase in it is reported as a perpetual chase, one made of checks
    // and mate threats only (长杀, 一将一杀) as a perpetual check.
    let reason = |moves: &[Ply]| {
        if moves.iter().any(|p| p.chased != 0) {
            EndReason::PerpetualChase
        } else {
            EndReason::PerpetualCheck
        }
    };
    match (forbidden(red), forbidden(black)) {
        (true, false) => loss(Color::Red, reason(red)),
        (false, true) => loss(Color::Black, reason(black)),
        _ => DRAW,
    }
}
