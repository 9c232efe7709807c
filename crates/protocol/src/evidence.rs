//! `Evidence`: why a game ended by the repetition rules, as the client draws and says it — the
//! rules, what each side did, the moves of the repeating cycle with what each checked or chased,
//! and the ruling in a sentence (zh/en). Built from `xiangqi::rulings::RepetitionEvidence`.

use serde::Serialize;
use xiangqi::rulings::{Conduct, CycleStep, Lang, Profile, RepetitionEvidence, Target};
use xiangqi::{Color, Move, Position};

/// The evidence of a repetition ruling.
#[derive(Clone, Debug, Serialize)]
pub struct EvidenceView {
    /// The rules it was ruled under: `"axf"` or `"cxa"`.
    pub rules: &'static str,
    /// How Red played the repetition.
    pub red: ConductView,
    /// How Black played it.
    pub black: ConductView,
    /// How many times the final position occurred.
    pub occurrences: usize,
    /// The moves of the last cycle, in order.
    pub cycle: Vec<StepView>,
    /// The ruling in a sentence, in Chinese and in English.
    pub explain: Explained,
}

/// How one side played the repetition.
#[derive(Clone, Debug, Serialize)]
pub struct ConductView {
    /// `"perpetual_check"`, `"perpetual_chase"`, `"forbidden"` (CXA) or `"allowed"`.
    pub kind: &'static str,
    /// For a perpetual chase: the chased pieces (FEN letter) and where they stand.
    pub chased: Vec<PieceAt>,
}

/// A piece (its FEN letter: upper case Red) on a point.
#[derive(Clone, Debug, Serialize)]
pub struct PieceAt {
    /// `"N"`, `"r"`, …
    pub piece: char,
    /// `"e2"`.
    pub square: String,
}

/// One move of the cycle and what it did.
#[derive(Clone, Debug, Serialize)]
pub struct StepView {
    /// The game ply of the move (1 = the first move).
    pub ply: usize,
    /// The move (ICCS).
    pub mv: String,
    /// The piece that moved.
    pub piece: char,
    /// The checks it gave: attacker → king.
    pub checks: Vec<AttackView>,
    /// The chases it made: attacker → chased piece.
    pub chases: Vec<AttackView>,
    /// CXA only: it threatened mate.
    pub mate_threat: bool,
}

/// An attack: a piece on `from` attacking the piece on `to`.
#[derive(Clone, Debug, Serialize)]
pub struct AttackView {
    /// The attacking piece.
    pub piece: char,
    /// Where it stands.
    pub from: String,
    /// The attacked piece.
    pub target: char,
    /// Where that stands.
    pub to: String,
}

/// A sentence in both interface languages.
#[derive(Clone, Debug, Serialize)]
pub struct Explained {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

impl From<&RepetitionEvidence> for EvidenceView {
    fn from(e: &RepetitionEvidence) -> EvidenceView {
        EvidenceView {
            rules: match e.profile {
                Profile::Axf => "axf",
                Profile::Cxa => "cxa",
            },
            red: conduct(e.conduct(Color::Red)),
            black: conduct(e.conduct(Color::Black)),
            occurrences: e.occurrences,
            cycle: e.cycle.iter().map(step).collect(),
            explain: Explained {
                zh: e.explain(Lang::Zh),
                en: e.explain(Lang::En),
            },
        }
    }
}

impl EvidenceView {
    /// The evidence of the game from `start` through `moves` under `rules`, if its last move
    /// ended it by the repetition rules (for stored games, which keep no evidence).
    #[must_use]
    pub fn replayed(
        start: Position,
        rules: xiangqi::rulings::RuleSet,
        moves: &[Move],
    ) -> Option<EvidenceView> {
        let mut judge = xiangqi::rulings::Judge::new(start, rules);
        for m in moves {
            judge.play(*m).ok()?;
        }
        judge.evidence().as_ref().map(EvidenceView::from)
    }
}

fn conduct(c: &Conduct) -> ConductView {
    let (kind, chased) = match c {
        Conduct::PerpetualCheck => ("perpetual_check", Vec::new()),
        Conduct::PerpetualChase(v) => (
            "perpetual_chase",
            v.iter()
                .map(|(p, sq)| PieceAt {
                    piece: p.fen_char(),
                    square: sq.to_string(),
                })
                .collect(),
        ),
        Conduct::Forbidden => ("forbidden", Vec::new()),
        Conduct::Allowed => ("allowed", Vec::new()),
    };
    ConductView { kind, chased }
}

fn step(s: &CycleStep) -> StepView {
    StepView {
        ply: s.ply,
        mv: s.mv.to_string(),
        piece: s.piece.fen_char(),
        checks: s.checks.iter().map(attack).collect(),
        chases: s.chases.iter().map(attack).collect(),
        mate_threat: s.mate_threat,
    }
}

fn attack(t: &Target) -> AttackView {
    AttackView {
        piece: t.piece.fen_char(),
        from: t.from.to_string(),
        target: t.target.fen_char(),
        to: t.square.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perpetual_chase_is_shown_move_by_move() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1").expect("fen");
        let moves: Vec<Move> = "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9"
            .split(' ')
            .map(|m| m.parse().expect("move"))
            .collect();
        let e = EvidenceView::replayed(start.clone(), Default::default(), &moves)
            .expect("a repetition ruling");
        assert_eq!(e.red.kind, "perpetual_chase");
        assert_eq!(e.black.kind, "allowed");
        assert_eq!(e.red.chased[0].piece, 'r');
        assert!(e.explain.zh.starts_with("红方长捉"));
        // Every Red move of the cycle chases the chariot on c2.
        let red_steps: Vec<_> = e.cycle.iter().filter(|s| s.piece == 'N').collect();
        assert!(!red_steps.is_empty());
        assert!(red_steps
            .iter()
            .all(|s| s.chases.iter().any(|a| a.target == 'r' && a.to == "c2")));
        // Not ended by repetition: no evidence.
        assert!(EvidenceView::replayed(start, Default::default(), &moves[..4]).is_none());
    }
}
