//! Repetition adjudication (RULES.md §6.7).
//!
//! After every ply the current position is looked up among the positions since the last capture
//! (the start counts). When it has occurred `repetition_count` times, the window is every ply
//! after the first of those occurrences, and each side's moves in the window are classified:
//! * AXF: a side that checked on every move is a perpetual checker (level 2); otherwise a side
//!   that chased one same enemy piece on every move is a perpetual chaser (level 1; the chasers
//!   may differ, see `chase.rs`). Equal levels draw; the higher level loses.
//! * CXA: a side whose every move was a check, a mate threat or a chase (targets may vary) is
//!   forbidden. A lone perpetual checker loses; two draw; otherwise a lone forbidden side loses;
//!   otherwise draw.

use super::chase::{self, Pair};
use super::history::State;
use super::ids::IdSet;
use super::{cxa, Profile, RuleSet};
use crate::{Color, EndReason, GameResult, Outcome, Position};

/// What one ply of the window did.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ply {
    /// The move gave check.
    pub check: bool,
    /// Pieces newly chased (identities after the move).
    pub chased: IdSet,
    /// The new chases, attacker and victim points after the move.
    pub chases: Vec<Pair>,
    /// CXA only: the move threatens mate.
    pub mate_threat: bool,
}

/// A detected repetition: the state index of the first counted occurrence, the index of the
/// occurrence before the last (where the last cycle starts) and every ply after `first`, with
/// the side that played it.
pub(crate) struct Window {
    pub first: usize,
    pub cycle_start: usize,
    pub plies: Vec<(Color, Ply)>,
}

impl Window {
    /// The plies of one side.
    pub fn side(&self, color: Color) -> Vec<&Ply> {
        self.plies
            .iter()
            .filter(|(c, _)| *c == color)
            .map(|(_, p)| p)
            .collect()
    }
}

/// How many times the position of the last state has occurred in `states` (the states since the
/// last capture, including now), and the index of the earliest of the last `count` occurrences
/// when there are at least `count`.
pub(crate) fn occurrences(states: &[State], count: usize) -> (usize, Option<usize>) {
    let Some(last) = states.last() else {
        return (0, None);
    };
    let key = last.pos.hash();
    let found: Vec<usize> = (0..states.len())
        .filter(|&i| states[i].pos.hash() == key && same_placement(&states[i].pos, &last.pos))
        .collect();
    let first = found.len().checked_sub(count).map(|k| found[k]);
    (found.len(), first)
}

/// Same pieces on the same points and the same side to move (the counters may differ).
fn same_placement(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn() && a.board == b.board
}

/// The window if the last state completes a repetition under `rules`.
pub(crate) fn window(states: &[State], rules: &RuleSet) -> Option<Window> {
    let (_, first) = occurrences(states, rules.repetition_count);
    let first = first?;
    let (_, previous) = occurrences(states, 2);
    let n = states.len() - 1;
    let plies = (first + 1..=n)
        .map(|i| {
            let (before, after) = (&states[i - 1], &states[i]);
            (before.pos.turn(), classify(before, after, rules))
        })
        .collect();
    Some(Window {
        first,
        cycle_start: previous.unwrap_or(first),
        plies,
    })
}

/// The verdict if the last state completes a repetition under `rules`.
pub(crate) fn adjudicate(states: &[State], rules: &RuleSet) -> Option<Outcome> {
    window(states, rules).map(|w| verdict(&w, rules.profile))
}

/// The verdict on a window.
pub(crate) fn verdict(window: &Window, profile: Profile) -> Outcome {
    let by_side = [window.side(Color::Red), window.side(Color::Black)];
    match profile {
        Profile::Axf => axf_verdict(&by_side),
        Profile::Cxa => cxa_verdict(&by_side),
    }
}

fn classify(before: &State, after: &State, rules: &RuleSet) -> Ply {
    let chases = match rules.profile {
        Profile::Axf => chase::new_chases(
            &before.pos,
            &before.ids,
            &after.pos,
            &after.ids,
            rules.minor_chases_major,
        ),
        Profile::Cxa => cxa::new_chases(&before.pos, &before.ids, &after.pos, &after.ids),
    };
    Ply {
        check: after.check,
        chased: chase::victims(&chases, &after.ids),
        chases,
        mate_threat: rules.profile == Profile::Cxa
            && !after.check
            && cxa::is_mate_threat(&after.pos, rules.mate_threat_checks),
    }
}

/// Whether every one of a side's moves gave check.
pub(crate) fn perpetual_check(moves: &[&Ply]) -> bool {
    !moves.is_empty() && moves.iter().all(|p| p.check)
}

/// The pieces (identities after the last move) chased on every one of a side's moves. A
/// victim's identity never changes while it stays on the board, so the sets can be intersected.
pub(crate) fn always_chased(moves: &[&Ply]) -> IdSet {
    if moves.is_empty() {
        return 0;
    }
    moves.iter().fold(IdSet::MAX, |acc, p| acc & p.chased)
}

/// CXA: whether every one of a side's moves was a check, a mate threat or a chase.
pub(crate) fn cxa_forbidden(moves: &[&Ply]) -> bool {
    !moves.is_empty()
        && moves
            .iter()
            .all(|p| p.check || p.mate_threat || p.chased != 0)
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

fn axf_verdict(by_side: &[Vec<&Ply>; 2]) -> Outcome {
    let level = |moves: &[&Ply]| {
        if perpetual_check(moves) {
            2
        } else if always_chased(moves) != 0 {
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

fn cxa_verdict(by_side: &[Vec<&Ply>; 2]) -> Outcome {
    let red = &by_side[Color::Red.index()];
    let black = &by_side[Color::Black.index()];
    match (perpetual_check(red), perpetual_check(black)) {
        (true, true) => return DRAW,
        (true, false) => return loss(Color::Red, EndReason::PerpetualCheck),
        (false, true) => return loss(Color::Black, EndReason::PerpetualCheck),
        (false, false) => {}
    }
    // A move is classified by its most serious effect (check > mate threat > chase). A forbidden
    // cycle with a plain chase in it is reported as a perpetual chase; one made of checks and
    // mate threats only (长杀, 一将一杀) as a perpetual check, the nearest reason there is.
    let reason = |moves: &[&Ply]| {
        if moves.iter().any(|p| !p.check && !p.mate_threat) {
            EndReason::PerpetualChase
        } else {
            EndReason::PerpetualCheck
        }
    };
    match (cxa_forbidden(red), cxa_forbidden(black)) {
        (true, false) => loss(Color::Red, reason(red)),
        (false, true) => loss(Color::Black, reason(black)),
        _ => DRAW,
    }
}
