//! Turns at SQLite's one write lock, handed out in this process before a connection is taken.
//!
//! SQLite admits one writer at a time. Left to SQLite, writers that find the lock taken sleep in
//! its busy handler (1, 2, 5 … 100 ms) while holding a pooled connection: a burst of game ends
//! filled the pool with waiting writers, reads waited seconds for a connection, and the journal
//! writer, waking late from its own sleeps, held up every move behind it. Here a writer first
//! waits for its turn (no connection held), and the journal's turns come before the others'
//! ([`Priority::Moves`]): a move waits for at most the one write in progress.
//!
//! PostgreSQL has no such lock; its writers do not take turns.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{Mutex, Notify, OwnedMutexGuard};

/// Whose turn comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Priority {
    /// The journal: moves and other commands of games in progress, acknowledged once stored.
    Moves,
    /// Everything else (game ends, new games, accounts, coins).
    Other,
}

/// The gate (one per database).
#[derive(Debug, Default)]
pub(crate) struct WriteGate {
    lock: Arc<Mutex<()>>,
    /// Writers of [`Priority::Other`] line up here first, so at most one of them ever waits at
    /// `lock` ahead of a move.
    others: Arc<Mutex<()>>,
    /// Writers of [`Priority::Moves`] waiting for a turn.
    urgent: AtomicUsize,
    /// Told when no writer of [`Priority::Moves`] waits any more.
    calm: Notify,
}

/// A turn at the write lock: held for the whole write transaction, released on drop.
#[derive(Debug)]
pub(crate) struct WriteTurn {
    _guard: OwnedMutexGuard<()>,
    _line: Option<OwnedMutexGuard<()>>,
}

impl WriteGate {
    /// Waits for a turn. Turns of one priority come in order of asking; a [`Priority::Other`]
    /// turn is not given while a [`Priority::Moves`] writer waits.
    pub(crate) async fn turn(&self, priority: Priority) -> WriteTurn {
        match priority {
            Priority::Moves => {
                self.urgent.fetch_add(1, Ordering::SeqCst);
                let guard = self.lock.clone().lock_owned().await;
                if self.urgent.fetch_sub(1, Ordering::SeqCst) == 1 {
                    self.calm.notify_waiters();
                }
                WriteTurn {
                    _guard: guard,
                    _line: None,
                }
            }
            Priority::Other => {
                let line = self.others.clone().lock_owned().await;
                loop {
                    self.until_calm().await;
                    let guard = self.lock.clone().lock_owned().await;
                    if self.urgent.load(Ordering::SeqCst) == 0 {
                        return WriteTurn {
                            _guard: guard,
                            _line: Some(line),
                        };
                    }
                    // A move came meanwhile: it goes first.
                    drop(guard);
                }
            }
        }
    }

    /// Returns once no [`Priority::Moves`] writer waits.
    async fn until_calm(&self) {
        loop {
            let calm = self.calm.notified();
            tokio::pin!(calm);
            calm.as_mut().enable();
            if self.urgent.load(Ordering::SeqCst) == 0 {
                return;
            }
            calm.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn moves_go_before_other_writers_that_wait() {
        let gate = Arc::new(WriteGate::default());
        let first = gate.turn(Priority::Other).await;
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut waiting = Vec::new();
        for (name, priority) in [
            ("end 1", Priority::Other),
            ("end 2", Priority::Other),
            ("move", Priority::Moves),
        ] {
            let (gate, order) = (gate.clone(), order.clone());
            waiting.push(tokio::spawn(async move {
                let _turn = gate.turn(priority).await;
                order.lock().unwrap().push(name);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }));
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(first);
        for w in waiting {
            w.await.unwrap();
        }
        let mut order = order.lock().unwrap().clone();
        assert_eq!(order[0], "move", "{order:?}");
        order[1..].sort_unstable();
        assert_eq!(order[1..], ["end 1", "end 2"], "{order:?}");
    }

    #[tokio::test]
    async fn one_turn_at_a_time() {
        let gate = Arc::new(WriteGate::default());
        let inside = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (gate, inside) = (gate.clone(), inside.clone());
            tasks.push(tokio::spawn(async move {
                let priority = if i % 3 == 0 {
                    Priority::Moves
                } else {
                    Priority::Other
                };
                let _turn = gate.turn(priority).await;
                assert_eq!(inside.fetch_add(1, Ordering::SeqCst), 0);
                tokio::task::yield_now().await;
                inside.fetch_sub(1, Ordering::SeqCst);
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
    }
}
