//! Live engine lines for an analysis board: `analyse {fen, multipv}` starts a search of the
//! position on this connection (replacing the one before), `analyse_stop` ends it, and the
//! search streams `analysis_lines` as its depth grows (docs/protocol.md).
//!
//! Key decisions: one search per connection ([`LiveSession`]) and at most
//! `[limits] live_analyses_at_once` over the server ([`LiveBudget`]); a connection keeps its
//! slot while it replaces its position, so moving a piece on the board is never refused. Each
//! search ends at `live_analysis_depth` or after `live_analysis_secs`. The lines are
//! `engine::analysis::top_lines` (the best moves of earlier lines banned at the root), searched
//! depth by depth; a depth is sent when 200 ms have passed since the last message, and the last
//! one always (`done: true`).

use super::view::EvalView;
use crate::table::Outbox;
use engine::analysis::top_lines;
use engine::{Budget, Control, Engine, Limits};
use kit::limits::Limits as ServerLimits;
use protocol::error_code::ErrorCode;
use protocol::server::{LineView, ServerMsg};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use xiangqi::Position;

/// Most lines one search may ask for.
pub const MAX_MULTIPV: u8 = 5;

/// Least time between two `analysis_lines` of one search.
pub const LINES_INTERVAL: Duration = Duration::from_millis(200);

/// Hash table of a live search's engine, in MiB.
const LIVE_HASH_MB: usize = 16;

/// The live searches running over the whole server.
#[derive(Clone, Debug, Default)]
pub struct LiveBudget {
    running: Arc<AtomicUsize>,
}

impl LiveBudget {
    /// A slot, unless `cap` searches run already.
    fn take(&self, cap: usize) -> Option<Slot> {
        let mut now = self.running.load(Ordering::SeqCst);
        loop {
            if now >= cap {
                return None;
            }
            match self
                .running
                .compare_exchange(now, now + 1, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => return Some(Slot(self.running.clone())),
                Err(seen) => now = seen,
            }
        }
    }

    /// Live searches holding a slot now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// One slot of the budget, given back when dropped.
#[derive(Debug)]
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A connection's live search, if any; dropping it stops the search.
#[derive(Debug, Default)]
pub struct LiveSession {
    current: Option<(Arc<Control>, Arc<Slot>)>,
}

impl LiveSession {
    /// Starts searching `fen` for `multipv` lines, replacing the search before. A bad request
    /// changes nothing.
    ///
    /// # Errors
    /// `bad_message` for `multipv` out of 1..=5, `bad_fen` for an unreadable or illegal
    /// position, `analysis_busy` when the server runs its most live searches.
    pub fn start(
        &mut self,
        budget: &LiveBudget,
        limits: &ServerLimits,
        out: &Outbox,
        fen: &str,
        multipv: u8,
    ) -> Result<(), (ErrorCode, String)> {
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err((
                ErrorCode::BadMessage,
                format!("multipv must be 1..={MAX_MULTIPV}"),
            ));
        }
        let pos = Position::from_fen(fen)
            .map_err(|e| (ErrorCode::BadFen, format!("bad position: {e}")))?;
        let slot = match self.current.take() {
            Some((control, slot)) => {
                control.stop();
                slot
            }
            None => Arc::new(budget.take(limits.live_analyses_at_once).ok_or_else(|| {
                (
                    ErrorCode::AnalysisBusy,
                    "the server runs its most live analyses; try again soon".to_owned(),
                )
            })?),
        };
        let control = Arc::new(Control::new());
        let search = Search {
            fen: fen.to_owned(),
            pos,
            multipv: usize::from(multipv),
            depth: limits.live_analysis_depth,
            time: Duration::from_secs(limits.live_analysis_secs),
            control: control.clone(),
            out: out.clone(),
            _slot: slot.clone(),
        };
        tokio::task::spawn_blocking(move || search.run());
        self.current = Some((control, slot));
        Ok(())
    }

    /// Stops the search, if any.
    pub fn stop(&mut self) {
        if let Some((control, _)) = self.current.take() {
            control.stop();
        }
    }
}

impl Drop for LiveSession {
    fn drop(&mut self) {
        self.stop();
    }
}

/// One live search, on a blocking thread.
struct Search {
    fen: String,
    pos: Position,
    multipv: usize,
    depth: u32,
    time: Duration,
    control: Arc<Control>,
    out: Outbox,
    /// Held while the search runs (the session holds it too).
    _slot: Arc<Slot>,
}

impl Search {
    fn run(self) {
        let ms = u64::try_from(self.time.as_millis()).unwrap_or(u64::MAX);
        let limits = Limits {
            time: Some(Budget {
                optimum_ms: ms,
                maximum_ms: ms,
            }),
            ..Limits::default()
        };
        if self.pos.legal_moves().is_empty() {
            self.send(0, Vec::new(), true);
            return;
        }
        let mut engine = Engine::new(LIVE_HASH_MB);
        let mut last_sent: Option<Instant> = None;
        let mut unsent: Option<(i32, Vec<LineView>)> = None;
        let max = i32::try_from(self.depth).unwrap_or(24);
        for depth in 1..=max {
            let lines = top_lines(
                &mut engine,
                &self.pos,
                depth,
                self.multipv,
                &limits,
                &self.control,
            );
            if self.control.is_stopped() || self.out.is_closed() {
                return;
            }
            if self.control.elapsed_ms() >= ms {
                // The time ran out during this depth: its lines are incomplete.
                let (d, lines) = unsent.take().unwrap_or((depth - 1, Vec::new()));
                self.send(d, lines, true);
                return;
            }
            let lines: Vec<LineView> = lines.into_iter().map(line_view).collect();
            if depth == max {
                self.send(depth, lines, true);
                return;
            }
            if last_sent.is_none_or(|t| t.elapsed() >= LINES_INTERVAL) {
                self.send(depth, lines, false);
                last_sent = Some(Instant::now());
                unsent = None;
            } else {
                unsent = Some((depth, lines));
            }
        }
    }

    fn send(&self, depth: i32, lines: Vec<LineView>, done: bool) {
        if self.control.is_stopped() {
            return;
        }
        self.out.send_msg(&ServerMsg::AnalysisLines {
            fen: &self.fen,
            depth,
            lines,
            done,
        });
    }
}

/// An engine line as the protocol shows it.
fn line_view(l: engine::analysis::Line) -> LineView {
    let e = EvalView::from(l.eval);
    LineView {
        cp: e.cp,
        mate: e.mate,
        pv: l.pv.iter().map(ToString::to_string).collect(),
    }
}
