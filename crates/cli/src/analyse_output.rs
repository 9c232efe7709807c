//! Printing a game analysis: a table for people (Chinese notation, evaluations in pawns from
//! Red's view, marks and better lines) or JSON for programs.

use engine::analysis::{Eval, GameAnalysis, PlayerSummary};
use serde_json::{json, Value};
use xiangqi::notation::{write_move, Notation};
use xiangqi::record::Game;
use xiangqi::{Move, Position};

/// Moves of a better line shown.
const LINE_LEN: usize = 6;

/// The table: one row per move, then each player's figures.
pub fn table(game: &Game, a: &GameAnalysis) -> String {
    let name = |tag: &str, default: &str| game.tags.get(tag).unwrap_or(default).to_string();
    let mut out = format!(
        "Red: {}  Black: {}  Result: {}  Depth: {}\n\n",
        name("Red", "?"),
        name("Black", "?"),
        game.result,
        a.positions.first().map_or(0, |p| p.depth)
    );
    out.push_str(&format!(
        "{:>5}  {}  {:>7}  {:>5}  mark\n",
        "ply",
        pad("move", 10),
        "eval",
        "loss"
    ));
    let mut pos = game.start.clone();
    for m in &a.moves {
        let text = write_move(&pos, m.mv, Notation::Chinese);
        let number = if m.ply % 2 == 1 || m.ply == 1 {
            format!("{}.", m.ply.div_ceil(2))
        } else {
            String::new()
        };
        let mark = match m.judgment {
            Some(j) => format!(
                "{} {}  better: {}",
                j.symbol(),
                j.name(),
                line(&pos, &m.best_line)
            ),
            None => String::new(),
        };
        out.push_str(&format!(
            "{:>5}  {}  {:>7}  {:>5.1}  {}\n",
            number,
            pad(&text, 10),
            m.after.to_string(),
            m.loss,
            mark
        ));
        if pos.play_mut(m.mv).is_err() {
            break;
        }
    }
    out.push('\n');
    for (label, p) in [("Red", &a.players.red), ("Black", &a.players.black)] {
        out.push_str(&format!("{label:<6}{}\n", summary(p)));
    }
    out
}

fn summary(p: &PlayerSummary) -> String {
    let accuracy = p.accuracy.map_or("-".to_string(), |a| format!("{a:.1} %"));
    format!(
        "accuracy {accuracy}  inaccuracies {}  mistakes {}  blunders {}  average loss {:.0} cp",
        p.inaccuracies, p.mistakes, p.blunders, p.average_loss_cp
    )
}

/// A line of moves from `pos` in Chinese notation (the first [`LINE_LEN`] moves).
fn line(pos: &Position, moves: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::new();
    for &m in moves.iter().take(LINE_LEN) {
        words.push(write_move(&pos, m, Notation::Chinese));
        if pos.play_mut(m).is_err() {
            break;
        }
    }
    words.join(" ")
}

/// Pads `s` to `width` display columns (a CJK character counts as two).
fn pad(s: &str, width: usize) -> String {
    let w: usize = s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

fn eval_json(e: Eval) -> Value {
    let (mate, mated) = match e {
        Eval::Mate(n) => (json!(n), Value::Null),
        Eval::Mated(c) => (json!(0), json!(c.name())),
        Eval::Cp(_) => (Value::Null, Value::Null),
    };
    json!({ "text": e.to_string(), "pawns": e.pawns(), "mate": mate, "mated": mated })
}

fn player_json(p: &PlayerSummary) -> Value {
    json!({
        "accuracy": p.accuracy,
        "inaccuracies": p.inaccuracies,
        "mistakes": p.mistakes,
        "blunders": p.blunders,
        "average_loss_cp": p.average_loss_cp,
    })
}

/// The analysis as one JSON object (moves in ICCS and Chinese notation).
pub fn json(game: &Game, a: &GameAnalysis) -> String {
    let mut pos = game.start.clone();
    let mut moves = Vec::new();
    for m in &a.moves {
        moves.push(json!({
            "ply": m.ply,
            "side": m.side.name(),
            "move": m.mv.to_string(),
            "chinese": write_move(&pos, m.mv, Notation::Chinese),
            "before": eval_json(m.before),
            "after": eval_json(m.after),
            "best": m.best.map(|b| b.to_string()),
            "best_line": m.best_line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "loss": m.loss,
            "accuracy": m.accuracy,
            "judgment": m.judgment.map(|j| j.name()),
        }));
        if pos.play_mut(m.mv).is_err() {
            break;
        }
    }
    let positions: Vec<Value> = a
        .positions
        .iter()
        .map(|p| json!({ "eval": eval_json(p.eval), "depth": p.depth }))
        .collect();
    let value = json!({
        "red": game.tags.get("Red"),
        "black": game.tags.get("Black"),
        "result": game.result.to_string(),
        "start": game.start.fen(),
        "positions": positions,
        "moves": moves,
        "players": { "red": player_json(&a.players.red), "black": player_json(&a.players.black) },
    });
    format!("{value:#}\n")
}
