//! The natural move limit (自然限着, RULES.md §6.6): plies without a capture, where a side's checks
//! beyond the counted number (10) are refunded together with the replies to them.

use super::RuleSet;
use crate::Color;

/// The move-limit counter after some ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveCounter {
    /// Plies since the last capture (or since the start, plus the start FEN's field 5).
    plies: u32,
    /// Checks given by each side since the last capture.
    checks: [u32; 2],
}

impl MoveCounter {
    /// The counter of a starting position whose FEN says `halfmoves` plies since a capture.
    pub(crate) fn new(halfmoves: u32) -> MoveCounter {
        MoveCounter {
            plies: halfmoves,
            checks: [0; 2],
        }
    }

    /// The counter after a ply by `mover` that captured or not and gave check or not.
    pub(crate) fn after(self, mover: Color, capture: bool, check: bool) -> MoveCounter {
        if capture {
            return MoveCounter::default();
        }
        let mut next = self;
        next.plies += 1;
        if check {
            next.checks[mover.index()] += 1;
        }
        next
    }

    /// The plies that count towards the limit: every ply, less two for each check a side gave
    /// beyond `rules.counted_checks` (the check and the reply to it).
    pub(crate) fn counted(&self, rules: &RuleSet) -> u32 {
        let excess: u32 = self
            .checks
            .iter()
            .map(|&c| c.saturating_sub(rules.counted_checks))
            .sum();
        self.plies.saturating_sub(2 * excess)
    }

    /// Whether the limit of `rules` is reached.
    pub(crate) fn reached(&self, rules: &RuleSet) -> bool {
        rules
            .move_limit
            .is_some_and(|limit| self.counted(rules) >= limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_reset_and_excess_checks_are_refunded() {
        let rules = RuleSet::default();
        let mut c = MoveCounter::new(5);
        c = c.after(Color::Red, false, false);
        assert_eq!(c.counted(&rules), 6);
        c = c.after(Color::Black, true, false);
        assert_eq!(c.counted(&rules), 0);
        for _ in 0..12 {
            c = c.after(Color::Red, false, true);
            c = c.after(Color::Black, false, false);
        }
        // 24 plies, Red gave 12 checks: 2 beyond the 10th, refunded with their replies.
        assert_eq!(c.counted(&rules), 20);
    }
}
