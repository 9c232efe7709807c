//! The evidence behind a repetition ruling: who did what on every move of the repeating cycle.
//!
//! [`RepetitionEvidence`] is built from the same classification the judge rules on (so it can
//! never disagree with the ruling) and holds only plain data with public fields, for a server
//! to serialize or a board to draw; [`RepetitionEvidence::explain`] says it in a sentence.

use super::attack::king_attackers;
use super::history::State;
use super::repetition::{self, Ply, Window};
use super::{Profile, RuleSet};
use crate::{Color, EndReason, Move, Outcome, Piece, Square};

/// One attack made by a move of the cycle: the attacking piece and its point, the attacked piece
/// and its point, all in the position after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The attacking piece.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// The attacked piece (the king for a check).
    pub target: Piece,
    /// Where that stands.
    pub square: Square,
}

/// One move of the repeating cycle and what it did.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CycleStep {
    /// The game ply of the move (1 = the first move of the game).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The piece that moved (its colour is the mover).
    pub piece: Piece,
    /// The pieces giving check after the move (target: the enemy king); empty if no check.
    pub checks: Vec<Target>,
    /// The enemy pieces the move newly chases (捉), under the profile's definition of a chase.
    pub chases: Vec<Target>,
    /// CXA profile only: the move threatens mate (杀).
    pub mate_threat: bool,
}

impl CycleStep {
    /// The side that played the move.
    #[must_use]
    pub fn mover(&self) -> Color {
        self.piece.color
    }

    /// Whether the move gave check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        !self.checks.is_empty()
    }
}

/// How one side played the repetition, as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Conduct {
    /// Every move gave check (长将).
    PerpetualCheck,
    /// AXF: one same enemy piece was chased on every move (长捉); the chased pieces, where they
    /// stand at the end.
    PerpetualChase(Vec<(Piece, Square)>),
    /// CXA: every move was a check, a mate threat or a chase, not all of them checks (长杀,
    /// 长捉, 一将一捉, 一将一杀, 一杀一捉): a forbidden cycle.
    Forbidden,
    /// Anything else (idle moves, or attacks that the rules allow).
    Allowed,
}

/// Why a game ended by repetition: the ruling, what each side did, and the moves of the last
/// repeating cycle with what each of them checked or chased.
///
/// The verdict is made over all plies since the first counted occurrence of the position (for a
/// threefold repetition two cycles); [`RepetitionEvidence::cycle`] lists the last cycle only
/// (from the previous occurrence of the final position), which for a clean repetition says the
/// same.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionEvidence {
    /// The rules the ruling was made under.
    pub profile: Profile,
    /// The ruling's result and reason (`Repetition`, `PerpetualCheck` or `PerpetualChase`).
    pub outcome: Outcome,
    /// How Red played the repetition.
    pub red: Conduct,
    /// How Black played the repetition.
    pub black: Conduct,
    /// How many times the final position occurred.
    pub occurrences: usize,
    /// The moves of the last cycle, in order.
    pub cycle: Vec<CycleStep>,
}

impl RepetitionEvidence {
    /// How `color` played the repetition.
    #[must_use]
    pub fn conduct(&self, color: Color) -> &Conduct {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The side that lost by the repetition rules (`None` for a draw).
    #[must_use]
    pub fn loser(&self) -> Option<Color> {
        self.outcome.result.winner().map(|w| !w)
    }

    /// The moves of `color` in the cycle.
    pub fn moves_of(&self, color: Color) -> impl Iterator<Item = &CycleStep> {
        self.cycle.iter().filter(move |s| s.mover() == color)
    }
}

/// The evidence for the repetition completed by the last state, if it completes one under
/// `rules` and the ruling on it is a repetition ruling. `states` are those since the last
/// capture; `states[0]` is ply `base`.
pub(crate) fn build(states: &[State], base: usize, rules: &RuleSet) -> Option<RepetitionEvidence> {
    let window = repetition::window(states, rules)?;
    let outcome = repetition::verdict(&window, rules.profile);
    if !matches!(
        outcome.reason,
        EndReason::Repetition | EndReason::PerpetualCheck | EndReason::PerpetualChase
    ) {
        return None;
    }
    let last = states.last()?;
    let conduct = |color| conduct(&window, color, rules.profile, last);
    let skip = window.cycle_start.saturating_sub(window.first);
    let cycle = window
        .plies
        .iter()
        .enumerate()
        .skip(skip)
        .filter_map(|(k, (_, ply))| step(states, base, window.first + 1 + k, ply))
        .collect();
    Some(RepetitionEvidence {
        profile: rules.profile,
        outcome,
        red: conduct(Color::Red),
        black: conduct(Color::Black),
        occurrences: repetition::occurrences(states, rules.repetition_count).0,
        cycle,
    })
}

/// What `color` did over the window.
fn conduct(window: &Window, color: Color, profile: Profile, last: &State) -> Conduct {
    let moves = window.side(color);
    if repetition::perpetual_check(&moves) {
        return Conduct::PerpetualCheck;
    }
    match profile {
        Profile::Axf => {
            let ids = repetition::always_chased(&moves);
            let victims: Vec<(Piece, Square)> = (1..64u8)
                .filter(|id| ids & (1u64 << id) != 0)
                .filter_map(|id| last.ids.find(id))
                .filter_map(|sq| last.pos.piece_at(sq).map(|p| (p, sq)))
                .collect();
            if victims.is_empty() {
                Conduct::Allowed
            } else {
                Conduct::PerpetualChase(victims)
            }
        }
        Profile::Cxa if repetition::cxa_forbidden(&moves) => Conduct::Forbidden,
        Profile::Cxa => Conduct::Allowed,
    }
}

/// The step for the ply that led to `states[index]` (ply `base + index`).
fn step(states: &[State], base: usize, index: usize, ply: &Ply) -> Option<CycleStep> {
    let after = states.get(index)?;
    let mv = after.last_move?;
    let pos = &after.pos;
    let piece = pos.piece_at(mv.to())?;
    let target = |from: Square, square: Square| {
        Some(Target {
            piece: pos.piece_at(from)?,
            from,
            target: pos.piece_at(square)?,
            square,
        })
    };
    let king = pos.king(!piece.color);
    let checks = if ply.check {
        king_attackers(pos, !piece.color)
            .into_iter()
            .filter_map(|from| target(from, king))
            .collect()
    } else {
        Vec::new()
    };
    let chases = ply
        .chases
        .iter()
        .filter_map(|p| target(p.attacker, p.victim))
        .collect();
    Some(CycleStep {
        ply: base + index,
        mv,
        piece,
        checks,
        chases,
        mate_threat: ply.mate_threat,
    })
}
