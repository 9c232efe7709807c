//! `chuhe convert <INPUT|-> [--from pgn|xqf|dhtmlxq|auto] [--to pgn|dhtmlxq]
//! [--notation chinese|wxf|iccs] [-o OUTPUT]`: converts game records between formats.
//!
//! Text input is decoded by `study::decode_record`: UTF-8, UTF-16, GB18030/GBK or Big5, detected
//! and confirmed by reading the moves, or the encoding `--encoding` names; XQF strings are
//! GB18030. Output is always UTF-8.

use std::fs;
use std::io::{Read, Write};
use std::path::PathBuf;
use xiangqi::notation::Notation;
use xiangqi::record::{parse_dhtmlxq, read_collection, write_dhtmlxq, write_pgn, Game};

/// Input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Detect: XQF by its `XQ` signature, DhtmlXQ by a `[DhtmlXQ` tag, PGN otherwise.
    Auto,
    /// PGN (xqbase dialect or pychess SAN), one or more games.
    Pgn,
    /// XQStudio binary.
    Xqf,
    /// DhtmlXQ / UBB text (the first record).
    Dhtmlxq,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// xqbase-style PGN.
    Pgn,
    /// DhtmlXQ block.
    Dhtmlxq,
}

/// Arguments of `chuhe convert`.
#[derive(clap::Args)]
pub struct Args {
    /// Input file, or `-` for standard input.
    input: String,
    /// Input format.
    #[arg(long, value_enum, default_value = "auto")]
    from: InputFormat,
    /// Output format.
    #[arg(long, value_enum, default_value = "pgn")]
    to: OutputFormat,
    /// Move notation of PGN output (chinese, wxf or iccs).
    #[arg(long, default_value = "chinese")]
    notation: Notation,
    /// Output file (standard output when absent).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Text encoding of the input (utf-8, utf-16le, utf-16be, gb18030, gbk, big5); detected when
    /// absent.
    #[arg(long)]
    encoding: Option<String>,
}

/// Reads the input, converts every game and writes the result. Skipped text is reported on
/// stderr as a warning; games that cannot be read are reported there too, the others are still
/// converted, and the exit status is then 1.
pub fn run(args: &Args) -> Result<(), String> {
    let bytes = read_input(&args.input)?;
    let encoding = match &args.encoding {
        Some(label) => Some(study::encoding_for_label(label).map_err(|e| e.to_string())?),
        None => None,
    };
    let (games, broken) = read_games_in(&bytes, args.from, &args.input, encoding)?;
    let text = render(&games, args.to, args.notation)?;
    match &args.output {
        Some(path) => {
            fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?
        }
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write to standard output: {e}"))?,
    }
    if broken > 0 {
        return Err(format!(
            "{}: {broken} of {} games could not be read",
            args.input,
            broken + games.len()
        ));
    }
    Ok(())
}

pub(crate) fn read_input(input: &str) -> Result<Vec<u8>, String> {
    if input == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(buf)
    } else {
        fs::read(input).map_err(|e| format!("cannot read {input}: {e}"))
    }
}

/// The format of `bytes` when `--from auto`.
fn detect(bytes: &[u8], text: &str) -> InputFormat {
    if bytes.starts_with(b"XQ") {
        InputFormat::Xqf
    } else if text.contains("[DhtmlXQ") {
        InputFormat::Dhtmlxq
    } else {
        InputFormat::Pgn
    }
}

/// The games of the input and the number of broken ones (already reported on stderr).
pub(crate) fn read_games(
    bytes: &[u8],
    from: InputFormat,
    name: &str,
) -> Result<(Vec<Game>, usize), String> {
    read_games_in(bytes, from, name, None)
}

/// [`read_games`] with the text encoding forced or (`None`) detected.
pub(crate) fn read_games_in(
    bytes: &[u8],
    from: InputFormat,
    name: &str,
    encoding: Option<&'static study::Encoding>,
) -> Result<(Vec<Game>, usize), String> {
    let text = || {
        study::decode_record(bytes, encoding)
            .map(|(t, _)| t)
            .map_err(|e| format!("{name}: {e}"))
    };
    let from = match from {
        InputFormat::Auto if bytes.starts_with(b"XQ") => InputFormat::Xqf,
        InputFormat::Auto => detect(bytes, &text()?),
        f => f,
    };
    let (games, broken) = match from {
        InputFormat::Xqf => (
            // Strings in GBK or Big5, told apart by `study::read_record` (or `--encoding`).
            study::records::read_xqf_record(bytes, encoding)
                .map_err(|e| format!("{name}: {e}"))?
                .collection
                .games,
            0,
        ),
        InputFormat::Dhtmlxq => (
            vec![parse_dhtmlxq(&text()?).map_err(|e| format!("{name}: {e}"))?],
            0,
        ),
        InputFormat::Pgn | InputFormat::Auto => read_pgn_games(&text()?, name)?,
    };
    if games.is_empty() && broken == 0 {
        return Err(format!("{name}: no game found"));
    }
    Ok((games, broken))
}

/// Every PGN game; warnings and broken games go to stderr. Fails only when no game can be read.
pub(crate) fn read_pgn_games(text: &str, name: &str) -> Result<(Vec<Game>, usize), String> {
    let collection = read_collection(text);
    for w in &collection.warnings {
        eprintln!("warning: {name}: {w}");
    }
    let broken = collection.errors.len();
    if collection.games.is_empty() {
        return match collection.errors.into_iter().next() {
            Some(e) if broken == 1 => Err(format!("{name}: {}", e.error)),
            Some(e) => Err(format!("{name}: no game could be read; {e}")),
            None => Err(format!("{name}: no game found")),
        };
    }
    for e in &collection.errors {
        eprintln!("error: {name}: {e}");
    }
    Ok((collection.games, broken))
}

fn render(games: &[Game], to: OutputFormat, notation: Notation) -> Result<String, String> {
    let mut parts = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        let text = match to {
            OutputFormat::Pgn => write_pgn(g, notation),
            OutputFormat::Dhtmlxq => write_dhtmlxq(g),
        }
        .map_err(|e| format!("game {}: {e}", i + 1))?;
        parts.push(text);
    }
    Ok(parts.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        assert_eq!(detect(b"XQ\x0a", ""), InputFormat::Xqf);
        assert_eq!(detect(b"", "x [DhtmlXQ_movelist]"), InputFormat::Dhtmlxq);
        assert_eq!(detect(b"", "[Game \"Chinese Chess\"]"), InputFormat::Pgn);
    }

    #[test]
    fn gbk_and_big5_are_decoded() {
        // 1. 炮二平五 马8进7 in GBK, and 1. 炮二平五 馬８進７ in Big5.
        let (gbk, _, _) = encoding_rs::GBK.encode("1. 炮二平五 马8进7 *");
        let (games, _) = read_games(&gbk, InputFormat::Auto, "gbk").unwrap();
        assert_eq!(games[0].moves.len(), 2);
        let (big5, _, _) = encoding_rs::BIG5.encode("1. 炮二平五 馬８進７ *");
        let (games, _) = read_games(&big5, InputFormat::Auto, "big5").unwrap();
        assert_eq!(games[0].moves.len(), 2);
        let forced = read_games_in(&big5, InputFormat::Pgn, "big5", Some(encoding_rs::UTF_8));
        assert!(forced.unwrap_err().contains("not well-formed UTF-8"));
    }
}
