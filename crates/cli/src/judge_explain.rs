//! `chuhe judge --explain`: the evidence behind a repetition ruling, as text and as JSON.
//!
//! The JSON shape (`"evidence"` in `--json` output) is the one a server can send: pieces as FEN
//! letters (upper case Red), points and moves in ICCS.

use serde_json::{json, Value};
use xiangqi::rulings::{Conduct, CycleStep, Lang, RepetitionEvidence, Target};
use xiangqi::{Color, Piece, Square};

/// The evidence as a JSON value.
pub fn to_json(ev: &RepetitionEvidence) -> Value {
    json!({
        "profile": ev.profile.name(),
        "loser": ev.loser().map(Color::name),
        "red": conduct(&ev.red),
        "black": conduct(&ev.black),
        "occurrences": ev.occurrences,
        "cycle": ev.cycle.iter().map(step).collect::<Vec<_>>(),
        "explanation": {
            "zh": ev.explain(Lang::Zh),
            "en": ev.explain(Lang::En),
        },
    })
}

fn conduct(c: &Conduct) -> Value {
    match c {
        Conduct::PerpetualCheck => json!({ "conduct": "perpetual_check" }),
        Conduct::PerpetualChase(victims) => json!({
            "conduct": "perpetual_chase",
            "victims": victims.iter().map(|&(p, sq)| placed(p, sq)).collect::<Vec<_>>(),
        }),
        Conduct::Forbidden => json!({ "conduct": "forbidden" }),
        Conduct::Allowed => json!({ "conduct": "allowed" }),
    }
}

fn placed(piece: Piece, sq: Square) -> Value {
    json!({ "piece": piece.fen_char().to_string(), "square": sq.to_string() })
}

fn target(t: &Target) -> Value {
    json!({
        "piece": t.piece.fen_char().to_string(),
        "from": t.from.to_string(),
        "target": t.target.fen_char().to_string(),
        "square": t.square.to_string(),
    })
}

fn step(s: &CycleStep) -> Value {
    json!({
        "ply": s.ply,
        "move": s.mv.to_string(),
        "piece": s.piece.fen_char().to_string(),
        "checks": s.checks.iter().map(target).collect::<Vec<_>>(),
        "chases": s.chases.iter().map(target).collect::<Vec<_>>(),
        "mate_threat": s.mate_threat,
    })
}

/// The evidence for people: the sentences, then one line per move of the cycle.
pub fn to_text(ev: &RepetitionEvidence) -> String {
    let mut out = format!(
        "why (zh): {}\nwhy (en): {}\ncycle:\n",
        ev.explain(Lang::Zh),
        ev.explain(Lang::En)
    );
    for s in &ev.cycle {
        let mut line = format!("  ply {:>3}  {}  {}", s.ply, s.mv, s.piece.fen_char());
        let attacks = |kind: &str, list: &[Target]| -> String {
            let items: Vec<String> = list
                .iter()
                .map(|t| {
                    let (p, v) = (t.piece.fen_char(), t.target.fen_char());
                    format!("{p} {}->{v} {}", t.from, t.square)
                })
                .collect();
            format!("  {kind}: {}", items.join(", "))
        };
        if !s.checks.is_empty() {
            line.push_str(&attacks("check", &s.checks));
        }
        if !s.chases.is_empty() {
            line.push_str(&attacks("chase", &s.chases));
        }
        if s.mate_threat {
            line.push_str("  mate threat");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
