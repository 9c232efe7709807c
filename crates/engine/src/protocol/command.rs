//! The protocol-independent command vocabulary.

use xiangqi::{Move, Position};

/// A position as `position`/`probe` describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// The starting position (after the last capture in UCCI).
    pub base: Position,
    /// Moves played from it.
    pub moves: Vec<Move>,
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Search while the opponent thinks; no clock until `ponderhit`.
    pub ponder: bool,
    /// The opponent offers a draw (UCCI `go draw`).
    pub draw_offer: bool,
    /// Search until `stop`.
    pub infinite: bool,
    /// Depth limit.
    pub depth: Option<i32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Fixed time for this move (ms).
    pub movetime: Option<u64>,
    /// Remaining time (ms): the side to move's (UCCI `time`) or Red's (UCI `wtime`).
    pub time: Option<u64>,
    /// Increment (ms): the side to move's (UCCI) or Red's (UCI `winc`).
    pub increment: Option<u64>,
    /// Black's remaining time (UCI `btime`); when set, `time` is Red's.
    pub black_time: Option<u64>,
    /// Black's increment (UCI `binc`).
    pub black_increment: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
}

/// One parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci` / `uci`: identify and list options.
    Hello,
    /// `isready`.
    IsReady,
    /// `setoption`.
    SetOption {
        /// Option name (lower-cased).
        name: String,
        /// Value (may be empty for buttons).
        value: String,
    },
    /// `position`.
    Position(PositionSpec),
    /// `banmoves`.
    BanMoves(Vec<Move>),
    /// `go`.
    Go(GoParams),
    /// `ponderhit` (UCCI may add `draw`).
    PonderHit {
        /// The opponent offers a draw.
        draw_offer: bool,
    },
    /// `stop`.
    Stop,
    /// `probe` (UCCI).
    Probe(PositionSpec),
    /// `ucinewgame` / `uccinewgame` / `setoption newgame`.
    NewGame,
    /// `quit`.
    Quit,
    /// A line that could not be understood, with the reason.
    Invalid(String),
    /// An empty line or an unknown command that is ignored.
    Ignore,
}

/// Parses `{startpos | fen <fields…>} [moves m…]` with `parse_move` for the moves.
///
/// # Errors
/// A description of the first problem.
pub fn parse_position(
    words: &[&str],
    parse_move: impl Fn(&str) -> Option<Move>,
) -> Result<PositionSpec, String> {
    let (base, rest) = match words.first() {
        Some(&"startpos") => (Position::startpos(), &words[1..]),
        Some(&"fen") => {
            let end = words
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(words.len());
            let fen = words[1..end].join(" ");
            let pos = Position::from_fen(&fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
            (pos, &words[end..])
        }
        _ => return Err("expected 'startpos' or 'fen'".to_string()),
    };
    let mut moves = Vec::new();
    if rest.first() == Some(&"moves") {
        let mut pos = base.clone();
        for w in &rest[1..] {
            let m = parse_move(w).ok_or_else(|| format!("bad move '{w}'"))?;
            pos.play_mut(m).map_err(|_| format!("illegal move '{w}'"))?;
            moves.push(m);
        }
    }
    Ok(PositionSpec { base, moves })
}

/// Reads the number after `key` in `words`.
pub(crate) fn number_after<T: std::str::FromStr>(words: &[&str], i: usize) -> Option<T> {
    words.get(i + 1).and_then(|w| w.parse().ok())
}
