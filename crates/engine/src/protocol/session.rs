//! The protocol loop: reads commands, drives the engine, writes answers.
//!
//! Key decision: the `Engine` value itself moves into the search thread on `go` and comes back
//! through the thread's `JoinHandle`; commands that need it while a search runs (`position`,
//! `setoption`, a new `go`, `quit`) first stop and join that search. `stop`, `ponderhit` and
//! `isready` only touch the shared [`Control`] or the output, so they are answered at once.

use super::command::{Command, GoParams};
use super::{ucci, uci};
use crate::control::Control;
use crate::engine::{Engine, DEFAULT_HASH_MB, MAX_THREADS};
use crate::level::MAX_LEVEL;
use crate::search::{Limits, SearchResult};
use crate::time::{budget, ClockState, DEFAULT_OVERHEAD_MS};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;
use xiangqi::Color;

/// Where answers go; shared with the search thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// An in-memory output for tests and embedding: cloneable handle to one buffer.
#[derive(Clone, Default)]
pub struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// An empty buffer.
    #[must_use]
    pub fn new() -> SharedBuffer {
        SharedBuffer::default()
    }

    /// Everything written so far.
    #[must_use]
    pub fn contents(&self) -> String {
        let guard = match self.0.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        String::from_utf8_lossy(&guard).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.lock() {
            Ok(mut g) => g.extend_from_slice(buf),
            Err(p) => p.into_inner().extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes one line and flushes (errors, e.g. a closed pipe, are ignored: nobody is listening).
fn send(out: &Output, line: &str) {
    let mut w = match out.lock() {
        Ok(w) => w,
        Err(p) => p.into_inner(),
    };
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    Ucci,
    Uci,
}

struct Session {
    dialect: Dialect,
    out: Output,
    engine: Option<Engine>,
    search: Option<JoinHandle<Engine>>,
    search_is_infinite: bool,
    control: Arc<Control>,
    millis: bool,
    ranks1to10: bool,
    overhead_ms: u64,
}

/// Runs the protocol until `quit` or the end of input. The first `ucci` or `uci` line chooses the
/// dialect; lines before it are ignored.
///
/// # Errors
/// An error reading the input.
pub fn run<R: BufRead>(input: R, out: Output) -> io::Result<()> {
    let mut lines = input.lines();
    let dialect = loop {
        let Some(line) = lines.next() else {
            return Ok(());
        };
        match line?.trim() {
            "ucci" => break Dialect::Ucci,
            "uci" => break Dialect::Uci,
            "quit" => return Ok(()),
            _ => {}
        }
    };
    let mut s = Session {
        dialect,
        out,
        engine: Some(Engine::new(DEFAULT_HASH_MB)),
        search: None,
        search_is_infinite: false,
        control: Arc::new(Control::new()),
        millis: false,
        ranks1to10: false,
        overhead_ms: DEFAULT_OVERHEAD_MS,
    };
    s.hello();
    for line in lines {
        let line = line?;
        if !s.handle(&line) {
            return Ok(());
        }
    }
    s.stop_and_join();
    Ok(())
}

impl Session {
    fn parse(&self, line: &str) -> Command {
        match self.dialect {
            Dialect::Ucci => ucci::parse(line, self.millis),
            Dialect::Uci => uci::parse(line, self.ranks1to10),
        }
    }

    /// Handles one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> bool {
        match self.parse(line) {
            Command::Hello => self.hello(),
            Command::IsReady => send(&self.out, "readyok"),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Position(spec) => {
                let engine = self.engine();
                if let Err(e) = engine.set_position(&spec.base, &spec.moves) {
                    self.message(&format!("error: {e}"));
                }
            }
            Command::BanMoves(moves) => self.engine().set_banned(&moves),
            Command::Go(params) => self.go(&params),
            Command::PonderHit { .. } => self.control.ponderhit(),
            Command::Stop => {
                if self.search.is_some() {
                    self.stop_and_join();
                } else if self.dialect == Dialect::Ucci {
                    send(&self.out, "nobestmove");
                }
            }
            Command::Probe(spec) => self.probe(&spec),
            Command::NewGame => self.engine().new_game(),
            Command::Quit => {
                self.stop_and_join();
                if self.dialect == Dialect::Ucci {
                    send(&self.out, "bye");
                }
                return false;
            }
            Command::Invalid(e) => self.message(&format!("error: {e}")),
            Command::Ignore => {}
        }
        true
    }

    fn message(&self, text: &str) {
        let prefix = match self.dialect {
            Dialect::Ucci => "info message",
            Dialect::Uci => "info string",
        };
        send(&self.out, &format!("{prefix} {text}"));
    }

    fn hello(&mut self) {
        let lines: &[&str] = match self.dialect {
            Dialect::Ucci => &[
                "id name Chuhe",
                "id copyright MIT OR Apache-2.0",
                "id author Chuhe developers",
                "option usemillisec type check default false",
                "option hashsize type spin min 1 max 4096 default 64",
                "option threads type spin min 1 max 64 default 1",
                "option level type spin min 1 max 10 default 10",
                "option movelimit type spin min 0 max 1000 default 120",
                "option evalfile type string default <classical>",
                "option newgame type button",
                "ucciok",
            ],
            Dialect::Uci => &[
                "id name Chuhe",
                "id author Chuhe developers",
                "option name Hash type spin default 64 min 1 max 4096",
                "option name Threads type spin default 1 min 1 max 64",
                "option name Clear Hash type button",
                "option name Ponder type check default false",
                "option name Move Overhead type spin default 20 min 0 max 5000",
                "option name Level type spin default 10 min 1 max 10",
                "option name MoveLimit type spin default 120 min 0 max 1000",
                "option name EvalFile type string default <classical>",
                "option name UCI_Variant type combo default xiangqi var xiangqi",
                "option name UCI_Ranks1to10 type check default false",
                "uciok",
            ],
        };
        for l in lines {
            send(&self.out, l);
        }
    }

    /// The engine, stopping a running search first.
    fn engine(&mut self) -> &mut Engine {
        self.stop_and_join();
        self.engine
            .get_or_insert_with(|| Engine::new(DEFAULT_HASH_MB))
    }

    fn stop_and_join(&mut self) {
        if let Some(handle) = self.search.take() {
            self.control.stop();
            // A panicking search thread loses its engine; start a fresh one.
            self.engine = Some(
                handle
                    .join()
                    .unwrap_or_else(|_| Engine::new(DEFAULT_HASH_MB)),
            );
        }
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let flag = matches!(
            value.trim().to_ascii_lowercase().as_str(),
            "true" | "on" | "1"
        );
        let number = value.trim().parse::<u64>().ok();
        match name {
            "usemillisec" => self.millis = flag,
            "hashsize" | "hash" => {
                if let Some(mb) = number {
                    let mb = if mb == 0 { DEFAULT_HASH_MB as u64 } else { mb };
                    self.engine()
                        .set_hash_mb(usize::try_from(mb).unwrap_or(DEFAULT_HASH_MB));
                }
            }
            "level" | "skill level" => {
                if let Some(l) = number {
                    self.engine()
                        .set_level(u8::try_from(l.min(u64::from(MAX_LEVEL))).unwrap_or(MAX_LEVEL));
                }
            }
            "threads" => {
                if let Some(n) = number {
                    self.engine()
                        .set_threads(usize::try_from(n).unwrap_or(MAX_THREADS));
                }
            }
            "movelimit" => {
                if let Some(n) = number {
                    self.engine().set_move_limit(u32::try_from(n).unwrap_or(0));
                }
            }
            "move overhead" => {
                if let Some(n) = number {
                    self.overhead_ms = n.min(5000);
                }
            }
            "uci_variant" => {
                if value.trim().eq_ignore_ascii_case("xiangqi") {
                    self.ranks1to10 = true;
                } else {
                    self.message(&format!("unsupported variant '{value}'"));
                }
            }
            "uci_ranks1to10" => self.ranks1to10 = flag,
            "evalfile" => self.set_eval_file(value.trim()),
            "clear hash" => self.engine().new_game(),
            _ => {}
        }
    }

    /// `EvalFile`: a network file (docs/engine.md, NNUE), or `<classical>` / empty for the
    /// hand-written evaluation. A file that cannot be used leaves the evaluation as it was and
    /// says why.
    fn set_eval_file(&mut self, value: &str) {
        if value.is_empty() || value.eq_ignore_ascii_case("<classical>") {
            self.engine().set_network(None);
            self.message("evaluation: classical");
            return;
        }
        match crate::nnue::Network::load(std::path::Path::new(value)) {
            Ok(net) => {
                let sum = net.checksum();
                self.engine().set_network(Some(std::sync::Arc::new(net)));
                self.message(&format!(
                    "evaluation: network {value} (checksum {sum:016x})"
                ));
            }
            Err(e) => self.message(&format!("error: {e}; evaluation unchanged")),
        }
    }

    fn limits(&self, g: &GoParams, turn: Color) -> Limits {
        let (time, inc) = if turn == Color::Black && g.black_time.is_some() {
            (g.black_time, g.black_increment)
        } else {
            (g.time, g.increment)
        };
        let clock = if let Some(ms) = g.movetime {
            Some(ClockState::MoveTime { ms })
        } else {
            time.map(|remaining_ms| match g.movestogo {
                Some(n) if n > 0 => ClockState::Staged {
                    remaining_ms,
                    moves_to_go: n,
                },
                _ => ClockState::Fischer {
                    remaining_ms,
                    increment_ms: inc.unwrap_or(0),
                },
            })
        };
        Limits {
            depth: g.depth,
            nodes: g.nodes,
            time: clock.map(|c| budget(c, self.overhead_ms)),
            infinite: g.infinite,
        }
    }

    fn go(&mut self, g: &GoParams) {
        self.stop_and_join();
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let limits = self.limits(g, engine.position().turn());
        self.control.start(g.ponder);
        let control = Arc::clone(&self.control);
        let out = Arc::clone(&self.out);
        let dialect = self.dialect;
        let ranks = self.ranks1to10;
        let wait = g.infinite;
        self.search_is_infinite = g.infinite || g.ponder;
        let draw_offer = g.draw_offer;
        let spawned = thread::Builder::new()
            .name("search".to_string())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let result = engine.go(&limits, &control, &mut |info| {
                    let line = match dialect {
                        Dialect::Ucci => ucci::format_info(info),
                        Dialect::Uci => uci::format_info(info, ranks),
                    };
                    send(&out, &line);
                });
                // `go infinite` and pondering must not answer before `stop` / `ponderhit`.
                while (wait || control.is_pondering()) && !control.is_stopped() {
                    thread::sleep(Duration::from_millis(2));
                }
                send(&out, &bestmove_line(&result, dialect, ranks, draw_offer));
                engine
            });
        match spawned {
            Ok(h) => self.search = Some(h),
            Err(e) => {
                self.message(&format!("error: cannot start search thread: {e}"));
                self.engine = Some(Engine::new(DEFAULT_HASH_MB));
            }
        }
    }

    /// Waits for a search that ends by itself (not infinite or pondering) to finish.
    fn join_finite(&mut self) {
        if !self.search_is_infinite {
            if let Some(handle) = self.search.take() {
                self.engine = Some(
                    handle
                        .join()
                        .unwrap_or_else(|_| Engine::new(DEFAULT_HASH_MB)),
                );
            }
        }
    }

    fn probe(&mut self, spec: &super::PositionSpec) {
        self.join_finite();
        let mut pos = spec.base.clone();
        for &m in &spec.moves {
            if pos.play_mut(m).is_err() {
                send(&self.out, "pophash");
                return;
            }
        }
        let Some(engine) = self.engine.as_ref() else {
            send(&self.out, "pophash");
            return;
        };
        let mut line = String::from("pophash");
        if let Some(e) = engine.probe(&pos) {
            if let Some(m) = e.best_move() {
                line.push_str(&format!(" bestmove {m}"));
            }
            match e.bound() {
                crate::tt::Bound::Lower => {
                    line.push_str(&format!(" lowerbound {} depth {}", e.score(), e.depth()));
                }
                crate::tt::Bound::Upper => {
                    line.push_str(&format!(" upperbound {} depth {}", e.score(), e.depth()));
                }
                crate::tt::Bound::Exact => line.push_str(&format!(
                    " lowerbound {s} depth {d} upperbound {s} depth {d}",
                    s = e.score(),
                    d = e.depth()
                )),
                crate::tt::Bound::None => {}
            }
        }
        send(&self.out, &line);
    }
}

/// Score at or below which an offered draw is accepted.
const ACCEPT_DRAW_BELOW: i32 = -80;

fn bestmove_line(r: &SearchResult, dialect: Dialect, ranks: bool, draw_offer: bool) -> String {
    let Some(best) = r.best else {
        return match dialect {
            Dialect::Ucci => "nobestmove".to_string(),
            Dialect::Uci => "bestmove (none)".to_string(),
        };
    };
    let mv = |m| match dialect {
        Dialect::Ucci => format!("{m}"),
        Dialect::Uci => uci::write(m, ranks),
    };
    let mut line = format!("bestmove {}", mv(best));
    if let Some(p) = r.ponder {
        line.push_str(&format!(" ponder {}", mv(p)));
    }
    if dialect == Dialect::Ucci && draw_offer && r.score <= ACCEPT_DRAW_BELOW {
        line.push_str(" draw");
    }
    line
}
