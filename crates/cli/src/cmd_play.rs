//! `chuhe play`: a game against the engine in the terminal.
//!
//! The board is drawn with Chinese piece characters and ANSI colours. Moves are typed in Chinese
//! (`炮二平五`), WXF (`C2.5`) or ICCS (`h2e2`, `H2-E2`), read by `xiangqi::notation::parse_any`.
//! Commands: `undo`/`悔棋`, `hint`/`提示`, `resign`/`认输`, `save FILE`,
//! `load FILE`, `flip`, `help`, `quit`. Games are saved and loaded as Xiangqi PGN
//! (`xiangqi::record`).

use engine::repetition::{verdict, RepEntry, Repetition};
use engine::{Control, Engine, Limits};
use std::io::{self, BufRead, Write};
use xiangqi::notation::{parse_any, write_move, Notation};
use xiangqi::record::{parse_pgn, write_pgn, Game as Record};
use xiangqi::{Color, EndReason, File, GameResult, Move, Position, Rank, Role, Square};

/// Arguments of `chuhe play`.
#[derive(clap::Args)]
pub struct Args {
    /// Engine level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Your side: red (moves first) or black.
    #[arg(long, default_value = "red", value_parser = ["red", "black"])]
    side: String,
    /// Engine thinking time per move in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    movetime: u64,
    /// Start from a saved game (PGN, see `save`).
    #[arg(long)]
    load: Option<String>,
    /// Draw without colours.
    #[arg(long)]
    no_color: bool,
}

/// Plies without capture that draw the game (RULES.md §6.6).
const MOVE_LIMIT: u32 = 120;

/// The game being played: start position and moves.
struct Game {
    start: Position,
    moves: Vec<Move>,
}

impl Game {
    fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            // Moves were checked when they were added.
            let _ = pos.play_mut(m);
        }
        pos
    }

    fn history(&self) -> Vec<RepEntry> {
        let mut pos = self.start.clone();
        let entry = |p: &Position| RepEntry {
            key: p.hash(),
            check: p.is_check(),
            halfmoves: p.halfmoves(),
        };
        let mut h = vec![entry(&pos)];
        for &m in &self.moves {
            let _ = pos.play_mut(m);
            h.push(entry(&pos));
        }
        h
    }

    /// The game as Xiangqi PGN (Chinese move notation), with the result when it is over.
    fn to_pgn(&self, result: GameResult, reason: Option<EndReason>) -> Result<String, String> {
        let mut record = Record::new(self.start.clone());
        record.moves = self.moves.clone();
        record.result = result;
        record.reason = reason;
        record.tags.set("Event", "chuhe play");
        write_pgn(&record, Notation::Chinese).map_err(|e| e.to_string())
    }

    /// Reads a PGN game (any notation the record module understands).
    fn from_pgn(text: &str) -> Result<Game, String> {
        let record = parse_pgn(text).map_err(|e| e.to_string())?;
        Ok(Game {
            start: record.start,
            moves: record.moves,
        })
    }
}

/// How the game stands after the last move.
enum Status {
    Playing(Option<String>),
    Over(GameResult, String),
}

fn status(game: &Game) -> Status {
    let mut pos = game.position();
    let mover = pos.turn();
    if !pos.has_legal_move() {
        let why = if pos.is_check() {
            "checkmate 将死"
        } else {
            "stalemate 困毙"
        };
        return Status::Over(GameResult::win_for(!mover), why.to_string());
    }
    let h = game.history();
    let n = h.len() - 1;
    let reach = (h[n].halfmoves as usize).min(n);
    let earlier: Vec<usize> = (n - reach..n)
        .filter(|&j| (n - j).is_multiple_of(2) && h[j].key == h[n].key)
        .collect();
    if earlier.len() >= 2 {
        let j = earlier[0];
        return match verdict(&h, j, n) {
            Repetition::Win => Status::Over(
                GameResult::win_for(mover),
                "perpetual check 长将 by the opponent".to_string(),
            ),
            Repetition::Loss => Status::Over(
                GameResult::win_for(!mover),
                "perpetual check 长将".to_string(),
            ),
            _ => Status::Over(GameResult::Draw, "repetition 重复局面".to_string()),
        };
    }
    if pos.halfmoves() >= MOVE_LIMIT {
        return Status::Over(GameResult::Draw, "move limit 60 回合无吃子".to_string());
    }
    let attackers = pos.pieces().any(|(_, p)| {
        matches!(
            p.role,
            Role::Chariot | Role::Horse | Role::Cannon | Role::Pawn
        )
    });
    if !attackers {
        return Status::Over(
            GameResult::Draw,
            "insufficient material 双方无攻击子力".to_string(),
        );
    }
    let mut note = None;
    if earlier.len() == 1 {
        note = Some("warning: this position has occurred before (重复局面警告)".to_string());
    }
    if pos.is_check() {
        let check = format!("{} is in check 将军!", side_name(mover));
        note = Some(note.map_or(check.clone(), |n| format!("{check} {n}")));
    }
    Status::Playing(note)
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red 红方",
        Color::Black => "Black 黑方",
    }
}

/// Draws the board, Red at the bottom unless `flipped`.
fn render(pos: &Position, last: Option<Move>, color: bool, flipped: bool) -> String {
    const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    const BLACK_FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
    let mut s = String::new();
    let files: Vec<File> = if flipped {
        File::ALL.into_iter().rev().collect()
    } else {
        File::ALL.to_vec()
    };
    let ranks: Vec<Rank> = if flipped {
        Rank::ALL.to_vec()
    } else {
        Rank::ALL.into_iter().rev().collect()
    };
    let top = if flipped { &RED_FILES } else { &BLACK_FILES };
    let bottom = if flipped { &BLACK_FILES } else { &RED_FILES };
    let label = |labels: &[&str; 9]| -> String {
        let mut l = String::from("   ");
        for &f in &files {
            l.push_str(labels[f.index()]);
        }
        l
    };
    s.push_str(&label(top));
    s.push('\n');
    for (i, &r) in ranks.iter().enumerate() {
        s.push_str(&format!("{r}  "));
        for &f in &files {
            let sq = Square::from_coords(f, r);
            let highlight = last.is_some_and(|m| m.from() == sq || m.to() == sq);
            let cell = match pos.piece_at(sq) {
                Some(p) => {
                    // Traditional characters tell the sides apart even without colour (俥 vs 車).
                    let ch = p.traditional_char().to_string();
                    match (color, p.color) {
                        (true, Color::Red) => format!("\x1b[1;31m{ch}\x1b[0m"),
                        (true, Color::Black) => format!("\x1b[1;36m{ch}\x1b[0m"),
                        (false, _) => ch,
                    }
                }
                None => "＋".to_string(),
            };
            if highlight && color {
                s.push_str(&format!("\x1b[7m{cell}\x1b[0m"));
            } else {
                s.push_str(&cell);
            }
        }
        s.push('\n');
        if i == 4 {
            s.push_str("   　　楚　河　　汉　界　　\n");
        }
    }
    s.push_str(&label(bottom));
    s.push('\n');
    s.push_str("   ");
    for &f in &files {
        s.push(' ');
        s.push(f.char());
    }
    s.push('\n');
    s
}

const HELP: &str = "Type a move in Chinese (炮二平五), WXF (C2.5) or ICCS (h2e2). Commands: \
undo/悔棋, hint/提示, resign/认输, save FILE.pgn, load FILE.pgn, flip, help, quit.";

/// Plays a game on stdin/stdout.
pub fn run(args: &Args) -> Result<(), String> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    play(args, &mut input, &mut out).map_err(|e| format!("terminal: {e}"))
}

fn play(args: &Args, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    let human = if args.side == "black" {
        Color::Black
    } else {
        Color::Red
    };
    let mut game = Game {
        start: Position::startpos(),
        moves: Vec::new(),
    };
    if let Some(path) = &args.load {
        let text =
            std::fs::read_to_string(path).map_err(|e| io::Error::other(format!("{path}: {e}")))?;
        game = Game::from_pgn(&text).map_err(io::Error::other)?;
    }
    let mut engine = Engine::new(32);
    engine.set_level(args.level);
    engine.set_seed(std::process::id().into());
    let limits = Limits {
        time: Some(engine::budget(
            engine::ClockState::MoveTime { ms: args.movetime },
            20,
        )),
        ..Limits::default()
    };
    let mut flipped = human == Color::Black;
    writeln!(
        out,
        "Chuhe 楚河 — you play {} against level {}. {HELP}",
        side_name(human),
        args.level
    )?;
    loop {
        let pos = game.position();
        writeln!(
            out,
            "\n{}",
            render(&pos, game.moves.last().copied(), !args.no_color, flipped)
        )?;
        match status(&game) {
            Status::Over(result, why) => {
                writeln!(out, "Game over: {} ({why})", result.as_str())?;
                return Ok(());
            }
            Status::Playing(Some(note)) => writeln!(out, "{note}")?,
            Status::Playing(None) => {}
        }
        if pos.turn() != human {
            writeln!(out, "Engine is thinking…")?;
            out.flush()?;
            engine
                .set_position(&game.start, &game.moves)
                .map_err(|e| io::Error::other(e.to_string()))?;
            match engine.go(&limits, &Control::new(), &mut |_| {}).best {
                Some(m) => {
                    let chinese = write_move(&pos, m, Notation::Chinese);
                    let wxf = write_move(&pos, m, Notation::Wxf);
                    writeln!(out, "Engine plays {chinese} ({wxf}, {m})")?;
                    game.moves.push(m);
                }
                None => {
                    writeln!(out, "Engine has no move.")?;
                    return Ok(());
                }
            }
            continue;
        }
        write!(out, "{} to move> ", side_name(human))?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match cmd {
            "" => {}
            "help" | "?" => writeln!(out, "{HELP}")?,
            "quit" | "exit" => return Ok(()),
            "flip" => flipped = !flipped,
            "resign" | "认输" => {
                writeln!(
                    out,
                    "Game over: {} (resignation 认输)",
                    GameResult::win_for(!human).as_str()
                )?;
                return Ok(());
            }
            "undo" | "悔棋" => {
                // Take back the engine's reply and your move.
                let n = if game.moves.len() % 2 == usize::from(human == Color::Black) {
                    2
                } else {
                    1
                };
                if game.moves.len() >= n {
                    game.moves.truncate(game.moves.len() - n);
                } else {
                    writeln!(out, "Nothing to undo.")?;
                }
            }
            "hint" | "提示" => {
                engine
                    .set_position(&game.start, &game.moves)
                    .map_err(|e| io::Error::other(e.to_string()))?;
                let level = engine.level();
                engine.set_level(10);
                let hint = engine.go(&limits, &Control::new(), &mut |_| {}).best;
                engine.set_level(level);
                match hint {
                    Some(m) => writeln!(
                        out,
                        "Hint: {} ({m})",
                        write_move(&pos, m, Notation::Chinese)
                    )?,
                    None => writeln!(out, "No legal move.")?,
                }
            }
            "save" if !arg.is_empty() => {
                let saved = game
                    .to_pgn(GameResult::Unfinished, None)
                    .and_then(|text| std::fs::write(arg, text).map_err(|e| e.to_string()));
                match saved {
                    Ok(()) => writeln!(out, "Saved to {arg}.")?,
                    Err(e) => writeln!(out, "Cannot save {arg}: {e}")?,
                }
            }
            "load" if !arg.is_empty() => {
                match std::fs::read_to_string(arg)
                    .map_err(|e| e.to_string())
                    .and_then(|t| Game::from_pgn(&t))
                {
                    Ok(g) => game = g,
                    Err(e) => writeln!(out, "Cannot load {arg}: {e}")?,
                }
            }
            _ => match parse_any(&pos, line) {
                Ok((m, _)) => game.moves.push(m),
                Err(e) => writeln!(out, "Not understood: {e}. {HELP}")?,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_and_load_round_trip() {
        let game = Game {
            start: Position::startpos(),
            moves: vec!["h2e2".parse().unwrap(), "h9g7".parse().unwrap()],
        };
        let pgn = game.to_pgn(GameResult::Unfinished, None).unwrap();
        assert!(pgn.contains("炮二平五"), "{pgn}");
        let back = Game::from_pgn(&pgn).unwrap();
        assert_eq!(back.moves, game.moves);
        assert!(
            Game::from_pgn("[Format \"ICCS\"]\n1. H2-H8 *").is_err(),
            "illegal move rejected"
        );
    }

    #[test]
    fn scripted_game_ends_with_a_reason() {
        let args = Args {
            level: 1,
            side: "red".to_string(),
            movetime: 20,
            load: None,
            no_color: true,
        };
        let mut input = io::Cursor::new("炮二平五\nfoo\nundo\nC2.5\nhint\nresign\n");
        let mut out = Vec::new();
        play(&args, &mut input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("帥") && text.contains("將"), "board drawn");
        assert!(text.contains("Not understood"));
        assert!(text.contains("Hint: "));
        assert_eq!(text.matches("Engine plays").count(), 2, "{text}");
        assert!(text.contains("Game over: 0-1 (resignation"), "{text}");
    }
}
