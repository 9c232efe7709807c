//! `chuhe judge --fen FEN --moves "h2e2 h9g7 …" [--rules axf|cxa] [--json] [--explain]`: plays the
//! moves in order and reports the first game-end ruling (moves after it are not played).
//!
//! Without `--json` the output is for people; with it, the last line is exactly
//! `{"result":"1-0"|"0-1"|"1/2-1/2"|"*","reason":"checkmate"|…|null,"ply":N}`, and with
//! `--explain` too it gains `"evidence":{…}` (or `null`) after `ply`. `--explain` alone prints the
//! evidence of a repetition ruling in words and move by move (see `judge_explain.rs`).

use crate::judge_explain;
use xiangqi::notation::{parse_move, Notation};
use xiangqi::rulings::{Judge, Profile, RuleSet, Ruling};
use xiangqi::{GameResult, Position, START_FEN};

/// Arguments of `chuhe judge`.
#[derive(clap::Args)]
pub struct Args {
    /// The starting position (defaults to the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves in ICCS coordinates (`h2e2`), separated by spaces or commas.
    #[arg(long, default_value = "")]
    moves: String,
    /// The rule profile: `axf` (Asian/World rules, default) or `cxa` (Chinese rules).
    #[arg(long, default_value = "axf")]
    rules: Profile,
    /// Print the ruling as one JSON line.
    #[arg(long)]
    json: bool,
    /// Explain a repetition ruling: who checked or chased what on every move of the cycle.
    #[arg(long)]
    explain: bool,
}

/// Plays the moves and prints the ruling.
pub fn run(args: &Args) -> Result<(), String> {
    let start = Position::from_fen(&args.fen).map_err(|e| format!("invalid FEN: {e}"))?;
    let mut judge = Judge::new(start, RuleSet::for_profile(args.rules));
    let mut unplayed = 0;
    let tokens: Vec<&str> = args
        .moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    for (i, text) in tokens.iter().enumerate() {
        if judge.ruling().is_some() {
            unplayed = tokens.len() - i;
            break;
        }
        let ply = i + 1;
        let m = parse_move(judge.position(), text, Notation::Iccs)
            .map_err(|e| format!("ply {ply}: {e}"))?;
        judge
            .play(m)
            .map_err(|e| format!("ply {ply}: {e} ('{text}')"))?;
    }
    let ruling = judge.ruling();
    let evidence = judge.evidence();
    if args.json {
        let mut line = json_line(ruling, judge.ply());
        if args.explain {
            let value = evidence.as_ref().map(judge_explain::to_json);
            let value = value.unwrap_or(serde_json::Value::Null);
            line.pop(); // the closing brace
            line.push_str(&format!(r#","evidence":{value}}}"#));
        }
        println!("{line}");
    } else {
        print!("{}", human(ruling, judge.ply(), unplayed, args.rules));
        if args.explain {
            match &evidence {
                Some(ev) => print!("{}", judge_explain::to_text(ev)),
                None => println!("why: no repetition ruling to explain"),
            }
        }
    }
    Ok(())
}

/// The JSON line: result, reason (or null) and ply.
fn json_line(ruling: Option<Ruling>, played: usize) -> String {
    match ruling {
        Some(r) => format!(
            r#"{{"result":"{}","reason":"{}","ply":{}}}"#,
            r.outcome.result.as_str(),
            r.outcome.reason.as_str(),
            r.ply
        ),
        None => format!(
            r#"{{"result":"{}","reason":null,"ply":{played}}}"#,
            GameResult::Unfinished.as_str()
        ),
    }
}

/// The human-readable report.
fn human(ruling: Option<Ruling>, played: usize, unplayed: usize, profile: Profile) -> String {
    let mut out = format!("rules: {profile}\nmoves played: {played}\n");
    match ruling {
        Some(r) => {
            out.push_str(&format!(
                "result: {} ({}) at ply {}\n",
                r.outcome.result, r.outcome.reason, r.ply
            ));
            if unplayed > 0 {
                out.push_str(&format!(
                    "{unplayed} move(s) after the ruling were not played\n"
                ));
            }
        }
        None => out.push_str("result: * (no ruling)\n"),
    }
    out
}
