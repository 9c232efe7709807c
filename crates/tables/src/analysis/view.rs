//! The stored and served shape of an analysis (`Analysis` in docs/protocol.md), and of an
//! evaluation (`Eval`, also used by the live lines): everything from Red's point of view.

use engine::analysis::{Eval, GameAnalysis, PlayerSummary};
use serde::Serialize;
use xiangqi::notation::{write_chinese, ChineseDigits};
use xiangqi::{Color, Move, Position};

/// An evaluation from Red's point of view.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EvalView {
    /// Centipawns (`null` for a mate).
    pub cp: Option<i32>,
    /// Moves to mate: positive when Red mates, negative when Black mates; 0 when the side to
    /// move is mated on the board (`null` when not a mate).
    pub mate: Option<i32>,
    /// Pawns for a graph (mates count as ±10).
    pub pawns: f64,
    /// `+1.25`, `-0.40`, `#3`, `#-2`.
    pub text: String,
}

impl From<Eval> for EvalView {
    fn from(e: Eval) -> EvalView {
        let (cp, mate) = match e {
            Eval::Cp(cp) => (Some(cp), None),
            Eval::Mate(n) => (None, Some(n)),
            Eval::Mated(_) => (None, Some(0)),
        };
        EvalView {
            cp,
            mate,
            pawns: e.pawns(),
            text: e.to_string(),
        }
    }
}

/// One position of the game: before the first move, then after each move.
#[derive(Debug, Serialize)]
pub struct PositionView {
    /// Its evaluation.
    pub eval: EvalView,
    /// Search depth reached.
    pub depth: i32,
}

/// One move, judged.
#[derive(Debug, Serialize)]
pub struct MoveView {
    /// 1-based ply.
    pub ply: usize,
    /// `red` or `black`.
    pub side: &'static str,
    /// The move (ICCS).
    pub mv: String,
    /// The move in Chinese notation.
    pub chinese: String,
    /// Evaluation after the move.
    pub eval: EvalView,
    /// Winning-probability points (0–100) the mover lost.
    pub loss: f64,
    /// Move accuracy, 0–100.
    pub accuracy: f64,
    /// `inaccuracy`, `mistake`, `blunder` or `null`.
    pub judgment: Option<&'static str>,
    /// `?!`, `?`, `??` or `null`.
    pub mark: Option<&'static str>,
    /// The engine's better line from the position before the move (ICCS; empty when the move
    /// played was the engine's).
    pub best_line: Vec<String>,
    /// The same line in Chinese notation.
    pub best_line_chinese: Vec<String>,
}

/// A player's figures.
#[derive(Debug, Serialize)]
pub struct PlayerView {
    /// Game accuracy 0–100 (`null`: made no move).
    pub accuracy: Option<f64>,
    /// Mean centipawn loss.
    pub average_loss_cp: f64,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
}

impl From<&PlayerSummary> for PlayerView {
    fn from(p: &PlayerSummary) -> PlayerView {
        PlayerView {
            accuracy: p.accuracy.map(|a| (a * 10.0).round() / 10.0),
            average_loss_cp: p.average_loss_cp.round(),
            inaccuracies: p.inaccuracies,
            mistakes: p.mistakes,
            blunders: p.blunders,
        }
    }
}

/// Red's and Black's figures.
#[derive(Debug, Serialize)]
pub struct PlayersView {
    /// Red.
    pub red: PlayerView,
    /// Black.
    pub black: PlayerView,
}

/// A whole game analysed (`Analysis`).
#[derive(Debug, Serialize)]
pub struct AnalysisView {
    /// The depth each position was searched to.
    pub depth: u32,
    /// One per position (moves + 1).
    pub positions: Vec<PositionView>,
    /// One per move.
    pub moves: Vec<MoveView>,
    /// Per player.
    pub players: PlayersView,
}

/// The longest better line shown, in moves.
pub const LINE_MOVES: usize = 8;

impl AnalysisView {
    /// The view of `a`, the analysis of the game from `start` searched to `depth`.
    #[must_use]
    pub fn new(start: &Position, a: &GameAnalysis, depth: u32) -> AnalysisView {
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(a.moves.len());
        for m in &a.moves {
            let better = m.best.is_some_and(|b| b != m.mv);
            let line: &[Move] = if better { &m.best_line } else { &[] };
            let line = &line[..line.len().min(LINE_MOVES)];
            moves.push(MoveView {
                ply: m.ply,
                side: side_name(m.side),
                mv: m.mv.to_string(),
                chinese: write_chinese(&pos, m.mv, ChineseDigits::Ascii),
                eval: m.after.into(),
                loss: (m.loss * 10.0).round() / 10.0,
                accuracy: (m.accuracy * 10.0).round() / 10.0,
                judgment: m.judgment.map(|j| j.name()),
                mark: m.judgment.map(|j| j.symbol()),
                best_line: line.iter().map(ToString::to_string).collect(),
                best_line_chinese: chinese_line(&pos, line),
            });
            if pos.play_mut(m.mv).is_err() {
                break;
            }
        }
        AnalysisView {
            depth,
            positions: a
                .positions
                .iter()
                .map(|p| PositionView {
                    eval: p.eval.into(),
                    depth: p.depth,
                })
                .collect(),
            moves,
            players: PlayersView {
                red: (&a.players.red).into(),
                black: (&a.players.black).into(),
            },
        }
    }
}

/// `red` or `black`.
#[must_use]
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// `moves` from `pos` in Chinese notation (as far as they are legal).
#[must_use]
pub fn chinese_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(write_chinese(&pos, m, ChineseDigits::Ascii));
        if pos.play_mut(m).is_err() {
            break;
        }
    }
    out
}
