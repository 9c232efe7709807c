//! UCI (RULES.md §5.2–5.3): Pikafish dialect by default (ranks 0–9), Fairy-Stockfish dialect
//! (ranks 1–10) when the `UCI_Ranks1to10` option is on — which happens automatically when the GUI
//! sets `UCI_Variant` to `xiangqi`, as a Fairy-Stockfish GUI does.

use super::command::{number_after, parse_position, Command, GoParams};
use crate::search::{Score, SearchInfo};
use xiangqi::notation::{write_move, Notation};
use xiangqi::{Move, Position};

/// Writes a move in the dialect.
#[must_use]
pub fn write(m: Move, ranks1to10: bool) -> String {
    if ranks1to10 {
        write_move(&Position::startpos(), m, Notation::Uci)
    } else {
        m.to_string()
    }
}

/// Parses one UCI line.
#[must_use]
pub fn parse(line: &str, ranks1to10: bool) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&head) = words.first() else {
        return Command::Ignore;
    };
    match head {
        "uci" => Command::Hello,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "setoption" => {
            // setoption name <words…> [value <words…>]
            let vi = words.iter().position(|w| *w == "value");
            let name_end = vi.unwrap_or(words.len());
            let name = words
                .get(2..name_end)
                .map(|n| n.join(" "))
                .unwrap_or_default();
            let value = vi
                .and_then(|v| words.get(v + 1..))
                .map(|v| v.join(" "))
                .unwrap_or_default();
            Command::SetOption {
                name: name.to_ascii_lowercase(),
                value,
            }
        }
        "position" => match parse_position(&words[1..], |w| coords(w, ranks1to10)) {
            Ok(spec) => Command::Position(spec),
            Err(e) => Command::Invalid(e),
        },
        "go" => Command::Go(parse_go(&words[1..])),
        "ponderhit" => Command::PonderHit { draw_offer: false },
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        _ => Command::Ignore,
    }
}

/// Coordinates only (no legality): ranks 1–10 or 0–9.
fn coords(w: &str, ranks1to10: bool) -> Option<Move> {
    if !ranks1to10 {
        return w.parse().ok();
    }
    let b = w.as_bytes();
    let mut i = 0;
    let mut square = || -> Option<xiangqi::Square> {
        let f = *b.get(i)?;
        if !(b'a'..=b'i').contains(&f) {
            return None;
        }
        i += 1;
        let rank = if b.get(i) == Some(&b'1') && b.get(i + 1) == Some(&b'0') {
            i += 2;
            10
        } else {
            let d = *b.get(i)?;
            if !(b'1'..=b'9').contains(&d) {
                return None;
            }
            i += 1;
            d - b'0'
        };
        let (f, r) = (
            xiangqi::File::try_new(f - b'a')?,
            xiangqi::Rank::try_new(rank - 1)?,
        );
        Some(xiangqi::Square::from_coords(f, r))
    };
    let from = square()?;
    let to = square()?;
    (i == b.len() && from != to).then(|| Move::new(from, to))
}

fn parse_go(words: &[&str]) -> GoParams {
    let mut g = GoParams::default();
    let mut wtime = None;
    let mut btime = None;
    let mut winc = None;
    let mut binc = None;
    let mut any = false;
    let mut i = 0;
    while i < words.len() {
        let mut skip = 1;
        match words[i] {
            "ponder" => g.ponder = true,
            "infinite" => {
                g.infinite = true;
                any = true;
            }
            "depth" => g.depth = number_after(words, i),
            "mate" => g.depth = number_after::<i32>(words, i).map(|m| 2 * m + 1),
            "nodes" => g.nodes = number_after(words, i),
            "movetime" => g.movetime = number_after(words, i),
            "wtime" => wtime = number_after::<i64>(words, i),
            "btime" => btime = number_after::<i64>(words, i),
            "winc" => winc = number_after::<i64>(words, i),
            "binc" => binc = number_after::<i64>(words, i),
            "movestogo" => g.movestogo = number_after(words, i),
            _ => skip = 0,
        }
        if skip == 1 && !matches!(words[i], "ponder" | "infinite") {
            any = true;
            i += 1;
        }
        i += 1;
    }
    if wtime.is_some() || btime.is_some() {
        any = true;
    }
    if !any {
        g.infinite = true;
    }
    let ms = |v: Option<i64>| v.map(|v| v.max(0) as u64);
    g.time = ms(wtime);
    g.increment = ms(winc);
    g.black_time = ms(btime);
    g.black_increment = ms(binc);
    g
}

/// Formats a progress report.
#[must_use]
pub fn format_info(info: &SearchInfo, ranks1to10: bool) -> String {
    let pv: Vec<String> = info.pv.iter().map(|&m| write(m, ranks1to10)).collect();
    let score = match Score::from_internal(info.score) {
        Score::Cp(v) => format!("cp {v}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}
