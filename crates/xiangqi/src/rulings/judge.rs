//! [`Judge`]: follows a game move by move and makes the game-end rulings of RULES.md §6.

use super::evidence::{self, RepetitionEvidence};
use super::history::{State, Window};
use super::material::insufficient_material;
use super::{repetition, RuleSet, Ruling};
use crate::{Color, EndReason, GameResult, IllegalMove, Move, Outcome, Position};

/// Follows a game from a starting position and rules on its end after every move, in this
/// order: checkmate or stalemate (the side to move has no legal move and loses), repetition
/// (perpetual check or chase loses, otherwise a draw), the move limit, insufficient material.
///
/// ```
/// use xiangqi::rulings::{Judge, RuleSet};
/// use xiangqi::{EndReason, GameResult, Position};
/// // Red's soldier checks forever (RULES.md §6.8, FSF line 1174).
/// let start = Position::from_fen("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1")?;
/// let mut judge = Judge::new(start, RuleSet::default());
/// let mut ruling = None;
/// for m in "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2".split(' ') {
///     ruling = judge.play(m.parse()?)?;
/// }
/// let ruling = ruling.expect("a ruling on the 8th ply");
/// assert_eq!(ruling.outcome.result, GameResult::RedWins);
/// assert_eq!(ruling.outcome.reason, EndReason::PerpetualCheck);
/// assert_eq!(ruling.ply, 8);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Judge {
    rules: RuleSet,
    /// The starting position.
    start: Position,
    /// The moves played, in order.
    moves: Vec<Move>,
    /// The states since the last capture: all the repetition rules look at.
    window: Window,
    ruling: Option<Ruling>,
}

impl Judge {
    /// Starts following a game from `start` under `rules`. If `start` itself ends the game (no
    /// legal move, insufficient material, move limit already reached), [`Judge::ruling`] says so
    /// at ply 0.
    #[must_use]
    pub fn new(start: Position, rules: RuleSet) -> Judge {
        let mut judge = Judge {
            rules,
            window: Window::new(start.clone()),
            start,
            moves: Vec::new(),
            ruling: None,
        };
        judge.ruling = judge.evaluate();
        judge
    }

    /// The rules applied.
    #[must_use]
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current().pos
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Moves played so far.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The moves played so far, in order.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.moves.clone()
    }

    /// The moves played so far, in order, lent.
    #[must_use]
    pub fn played(&self) -> &[Move] {
        &self.moves
    }

    /// The ruling that ended the game, if it has ended.
    #[must_use]
    pub fn ruling(&self) -> Option<Ruling> {
        self.ruling
    }

    /// Why the game ended by repetition: the evidence behind a `Repetition`, `PerpetualCheck`
    /// or `PerpetualChase` ruling (`None` for any other ruling, or while the game goes on).
    #[must_use]
    pub fn evidence(&self) -> Option<RepetitionEvidence> {
        let ruling = self.ruling?;
        if !matches!(
            ruling.outcome.reason,
            EndReason::Repetition | EndReason::PerpetualCheck | EndReason::PerpetualChase
        ) {
            return None;
        }
        evidence::build(&self.window.states, self.window.base, &self.rules)
    }

    /// Plays `m` and returns the ruling it brings about, if any.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal in the current position, or the game has already
    /// ended (no move is legal then; [`Judge::undo`] first to continue). Nothing changes.
    pub fn play(&mut self, m: Move) -> Result<Option<Ruling>, IllegalMove> {
        if self.ruling.is_some() || !self.position().is_legal(m) {
            return Err(IllegalMove(m));
        }
        self.moves.push(m);
        self.window.push(m, self.moves.len());
        self.ruling = self.evaluate();
        Ok(self.ruling)
    }

    /// Takes back the last move (悔棋) and returns it; `None` at the start. A ruling made by
    /// that move is withdrawn.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        self.window.pop(&self.start, &self.moves);
        self.ruling = self.evaluate();
        Some(last)
    }

    /// How many times the current position has occurred since the last capture, counting the
    /// start and now. A UI can warn from 2 on; the repetition is ruled on at
    /// [`RuleSet::repetition_count`].
    #[must_use]
    pub fn repetition_count(&self) -> usize {
        repetition::occurrences(&self.window.states, self.rules.repetition_count).0
    }

    /// What playing `m` would bring about, without playing it (`None` if `m` is illegal, the
    /// game is over, or no ruling would follow).
    #[must_use]
    pub fn ruling_after(&self, m: Move) -> Option<Ruling> {
        let mut probe = self.clone();
        probe.play(m).ok().flatten()
    }

    /// Whether `m` would complete a repetition that its player loses (perpetual check or chase,
    /// or a CXA-forbidden cycle). An engine or UI should avoid or refuse such a move
    /// (xiangqi.com style; for UCCI engines send it as `banmoves`).
    #[must_use]
    pub fn is_forbidden_repetition(&self, m: Move) -> bool {
        let mover = self.position().turn();
        self.ruling_after(m).is_some_and(|r| {
            matches!(
                r.outcome.reason,
                EndReason::PerpetualCheck | EndReason::PerpetualChase
            ) && r.outcome.result == GameResult::win_for(!mover)
        })
    }

    /// The legal moves of the current position that are not forbidden repetitions (empty once
    /// the game is over).
    #[must_use]
    pub fn allowed_moves(&self) -> Vec<Move> {
        if self.ruling.is_some() {
            return Vec::new();
        }
        self.position()
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| !self.is_forbidden_repetition(m))
            .collect()
    }

    /// A copy following the same game under other rules, with no ruling yet (for probes).
    pub(super) fn with_rules(&self, rules: RuleSet) -> Judge {
        Judge {
            rules,
            start: self.start.clone(),
            moves: self.moves.clone(),
            window: self.window.clone(),
            ruling: None,
        }
    }

    /// The positions since the last capture (the start counts if there was none), oldest first.
    pub(super) fn positions_since_capture(&self) -> impl Iterator<Item = &Position> {
        self.window.states.iter().map(|s| &s.pos)
    }

    fn current(&self) -> &State {
        self.window.current()
    }

    /// The ruling on the current state, checked in order.
    fn evaluate(&self) -> Option<Ruling> {
        let state = self.current();
        let mut pos = state.pos.clone();
        let outcome = if !pos.has_legal_move() {
            let loser: Color = pos.turn();
            Some(Outcome {
                result: GameResult::win_for(!loser),
                reason: if state.check {
                    EndReason::Checkmate
                } else {
                    EndReason::Stalemate
                },
            })
        } else if let Some(outcome) = repetition::adjudicate(&self.window.states, &self.rules) {
            Some(outcome)
        } else if state.counter.reached(&self.rules) {
            Some(draw(EndReason::MoveLimit))
        } else if insufficient_material(&pos) {
            Some(draw(EndReason::InsufficientMaterial))
        } else {
            None
        };
        outcome.map(|outcome| Ruling {
            outcome,
            ply: self.ply(),
        })
    }
}

fn draw(reason: EndReason) -> Outcome {
    Outcome {
        result: GameResult::Draw,
        reason,
    }
}
