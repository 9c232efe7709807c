//! UCCI (RULES.md §5.1): parsing and formatting.
//!
//! `setoption` has no `name`/`value` keywords; times in `go` are seconds unless `usemillisec` is
//! on; scores are printed without `cp`; no move is answered with `nobestmove`.

use super::command::{number_after, parse_position, Command, GoParams};
use crate::search::{SearchInfo, MATE, MATE_BOUND};
use xiangqi::Move;

/// Parses one UCCI line (`millis`: the `usemillisec` option).
#[must_use]
pub fn parse(line: &str, millis: bool) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&head) = words.first() else {
        return Command::Ignore;
    };
    let parse_move = |w: &str| w.parse::<Move>().ok();
    match head {
        "ucci" => Command::Hello,
        "isready" => Command::IsReady,
        "setoption" => {
            let name = words
                .get(1)
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            if name == "newgame" {
                return Command::NewGame;
            }
            Command::SetOption {
                name,
                value: words.get(2..).map(|v| v.join(" ")).unwrap_or_default(),
            }
        }
        "position" => match parse_position(&words[1..], parse_move) {
            Ok(spec) => Command::Position(spec),
            Err(e) => Command::Invalid(e),
        },
        "probe" => match parse_position(&words[1..], parse_move) {
            Ok(spec) => Command::Probe(spec),
            Err(e) => Command::Invalid(e),
        },
        "banmoves" => {
            let moves: Option<Vec<Move>> = words[1..].iter().map(|w| parse_move(w)).collect();
            match moves {
                Some(m) => Command::BanMoves(m),
                None => Command::Invalid("bad move in banmoves".to_string()),
            }
        }
        "go" => Command::Go(parse_go(&words[1..], millis)),
        "ponderhit" => Command::PonderHit {
            draw_offer: words.get(1) == Some(&"draw"),
        },
        "stop" => Command::Stop,
        "uccinewgame" => Command::NewGame,
        "quit" => Command::Quit,
        _ => Command::Ignore,
    }
}

fn parse_go(words: &[&str], millis: bool) -> GoParams {
    let scale = |v: f64| -> u64 {
        let ms = if millis { v } else { v * 1000.0 };
        ms.max(0.0) as u64
    };
    let mut g = GoParams::default();
    let mut has_mode = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "ponder" => g.ponder = true,
            "draw" => g.draw_offer = true,
            "infinite" => {
                g.infinite = true;
                has_mode = true;
            }
            "depth" => {
                g.depth = number_after(words, i);
                has_mode = true;
                if words.get(i + 1) == Some(&"infinite") {
                    g.infinite = true;
                }
                i += 1;
            }
            "nodes" => {
                g.nodes = number_after(words, i);
                has_mode = true;
                i += 1;
            }
            "time" => {
                g.time = number_after::<f64>(words, i).map(scale);
                has_mode = true;
                i += 1;
            }
            "increment" => {
                g.increment = number_after::<f64>(words, i).map(scale);
                i += 1;
            }
            "movestogo" => {
                g.movestogo = number_after(words, i);
                i += 1;
            }
            "opptime" | "oppincrement" | "oppmovestogo" => i += 1,
            _ => {}
        }
        i += 1;
    }
    if !has_mode {
        g.infinite = true;
    }
    g
}

/// Formats a progress report: `info depth … score … pv …` (no `cp`).
#[must_use]
pub fn format_info(info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    // UCCI has no mate score: report mates as large values.
    let score = if info.score.abs() >= MATE_BOUND {
        info.score.signum() * (MATE - (MATE - info.score.abs()))
    } else {
        info.score
    };
    format!(
        "info depth {} score {} time {} nodes {} pv {}",
        info.depth,
        score,
        info.time_ms,
        info.nodes,
        pv.join(" ")
    )
}
