//! What the protocol thread shares with a running search: the stop flag, the ponder state and the
//! moment the clock started.
//!
//! Key decision: plain atomics, polled by the search every few thousand nodes; the protocol loop
//! never blocks on the search to deliver `stop` or `ponderhit`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Shared search control. Wrap it in an `Arc` to hand it to a search thread.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    epoch: Instant,
    start_ms: AtomicU64,
}

impl Default for Control {
    fn default() -> Self {
        Control::new()
    }
}

impl Control {
    /// A control with the clock starting now and nothing stopped.
    #[must_use]
    pub fn new() -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            epoch: Instant::now(),
            start_ms: AtomicU64::new(0),
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Resets for a new search: clock starts now, not stopped, pondering as given.
    pub fn start(&self, pondering: bool) {
        self.start_ms.store(self.now_ms(), Ordering::SeqCst);
        self.pondering.store(pondering, Ordering::SeqCst);
        self.stop.store(false, Ordering::SeqCst);
    }

    /// Asks the search to finish as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was requested.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The pondered move was played: start the clock now and search normally.
    pub fn ponderhit(&self) {
        self.start_ms.store(self.now_ms(), Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Whether the search is pondering (no time limits apply).
    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Milliseconds since the clock started.
    #[must_use]
    pub fn elapsed_ms(&self) -> u64 {
        self.now_ms()
            .saturating_sub(self.start_ms.load(Ordering::Relaxed))
    }
}
