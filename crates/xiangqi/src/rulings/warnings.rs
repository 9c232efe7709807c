//! Warned before losing (issue #21 item 2, the pure part): which moves of the side to move would
//! lose by the repetition rules right now, or would repeat a position for the last time before
//! the repetition is ruled. A client marks them before they are played; a room that refuses
//! losing repetitions (xiangqi.com style) refuses the `Loses` ones.

use super::Judge;
use crate::{EndReason, GameResult, Move, Position};

/// Why a move is flagged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// Playing it completes a repetition that its player loses at once (`PerpetualCheck` or
    /// `PerpetualChase`, the reason given).
    Loses(EndReason),
    /// Playing it brings a position to its last occurrence before the one that is ruled on: the
    /// next repetition ends the game. `loses_next`: judged on the moves so far, that ruling
    /// would go against the mover.
    LastRepetition {
        /// The mover's play so far is a violation (perpetual check or chase, CXA-forbidden).
        loses_next: bool,
    },
}

/// A flagged move of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveWarning {
    /// The move.
    pub mv: Move,
    /// Why it is flagged.
    pub kind: WarningKind,
}

impl Judge {
    /// The legal moves of the side to move that would lose by the repetition rules now, or would
    /// repeat a position for the last allowed time, in move-generation order (empty once the
    /// game is over). Moves that do neither are not listed.
    #[must_use]
    pub fn repetition_warnings(&self) -> Vec<MoveWarning> {
        if self.ruling().is_some() {
            return Vec::new();
        }
        let count = self.rules().repetition_count;
        let mover = self.position().turn();
        let loses = |probe: &Judge, m: Move| {
            let r = probe.ruling_after(m)?;
            let repetition = matches!(
                r.outcome.reason,
                EndReason::PerpetualCheck | EndReason::PerpetualChase
            );
            (repetition && r.outcome.result == GameResult::win_for(!mover))
                .then_some(r.outcome.reason)
        };
        let mut out = Vec::new();
        for &m in self.position().legal_moves().iter() {
            // Only a move to a position seen since the last capture can repeat it.
            let seen = self.earlier_occurrences(m);
            if seen + 1 >= count {
                if let Some(reason) = loses(self, m) {
                    out.push(MoveWarning {
                        mv: m,
                        kind: WarningKind::Loses(reason),
                    });
                }
            } else if seen >= 1 && seen + 2 == count {
                // Judge the repetition as if it were ruled one occurrence earlier.
                let earlier = self.with_rules(self.rules().with_repetition_count(count - 1));
                let loses_next = loses(&earlier, m).is_some();
                out.push(MoveWarning {
                    mv: m,
                    kind: WarningKind::LastRepetition { loses_next },
                });
            }
        }
        out
    }

    /// How many earlier states (since the last capture) have the position `m` leads to (0 for a
    /// capture).
    fn earlier_occurrences(&self, m: Move) -> usize {
        let pos = self.position();
        if pos.is_capture(m) {
            return 0;
        }
        let mut next: Position = pos.clone();
        next.do_move(m);
        self.positions_since_capture()
            .filter(|p| p.hash() == next.hash() && p.turn() == next.turn() && p.board == next.board)
            .count()
    }
}

/// The repetition warnings for a game given by its start and moves (see
/// [`Judge::repetition_warnings`]); `None` if a move is illegal or the game has already ended.
#[must_use]
pub fn repetition_warnings(
    start: Position,
    moves: &[Move],
    rules: super::RuleSet,
) -> Option<Vec<MoveWarning>> {
    let mut judge = Judge::new(start, rules);
    for &m in moves {
        judge.play(m).ok()?;
    }
    judge
        .ruling()
        .is_none()
        .then(|| judge.repetition_warnings())
}
