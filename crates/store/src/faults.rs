//! A fault-injection seam: tests make chosen writes fail the way a database would (a refused
//! row, a lost connection), so that the paths taken on failure are exercised against the real
//! server. Nothing is armed unless a test arms it; unarmed, each check is one atomic load.

use platform::GameId;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The writes a test can make fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A batch of journal rows (a bad row fails its whole statement).
    Journal,
    /// The row of a game that starts.
    NewGame,
    /// The transaction that stores a game's end (result, ratings, settlements).
    Finish,
    /// A ledger or coin write outside a game's end (grants, stakes, bets).
    Ledger,
}

/// Armed faults (see [`Fault`]); shared by every clone of a `Db`.
#[derive(Debug, Default)]
pub struct Faults {
    journal: AtomicU32,
    new_game: AtomicU32,
    finish: AtomicU32,
    ledger: AtomicU32,
    /// The game whose journal rows are refused (0: none), as a database refuses a bad row.
    bad_journal_game: AtomicU64,
    /// Milliseconds each game's end holds its transaction open (0: none), as a slow disk would.
    slow_finish_ms: AtomicU64,
}

impl Faults {
    fn counter(&self, fault: Fault) -> &AtomicU32 {
        match fault {
            Fault::Journal => &self.journal,
            Fault::NewGame => &self.new_game,
            Fault::Finish => &self.finish,
            Fault::Ledger => &self.ledger,
        }
    }

    /// Makes the next `n` writes of kind `fault` fail (`u32::MAX`: all of them; 0 disarms).
    pub fn fail_next(&self, fault: Fault, n: u32) {
        self.counter(fault).store(n, Ordering::SeqCst);
    }

    /// Refuses every journal row of `game` (`None`: of no game), like a row the database
    /// rejects; a batch holding such a row fails as a whole.
    pub fn refuse_journal_of(&self, game: Option<GameId>) {
        let id = game.map_or(0, |g| g.0);
        self.bad_journal_game.store(id, Ordering::SeqCst);
    }

    /// Makes every game's end hold its transaction open for `delay` (zero: no delay), as a slow
    /// disk would: the moves of other games must still be stored and relayed meanwhile.
    pub fn slow_finishes(&self, delay: std::time::Duration) {
        let ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.slow_finish_ms.store(ms, Ordering::SeqCst);
    }

    /// How long a game's end holds its transaction open ([`Faults::slow_finishes`]).
    pub(crate) fn finish_delay(&self) -> Option<std::time::Duration> {
        let ms = self.slow_finish_ms.load(Ordering::Relaxed);
        (ms > 0).then(|| std::time::Duration::from_millis(ms))
    }

    /// Whether the write about to happen fails (counting it down).
    pub(crate) fn hit(&self, fault: Fault) -> bool {
        let c = self.counter(fault);
        let mut left = c.load(Ordering::Relaxed);
        loop {
            if left == 0 {
                return false;
            }
            let next = if left == u32::MAX { left } else { left - 1 };
            match c.compare_exchange_weak(left, next, Ordering::SeqCst, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => left = now,
            }
        }
    }

    /// Whether a journal row of `game_id` is refused.
    pub(crate) fn refuses_journal_of(&self, game_id: GameId) -> bool {
        let bad = self.bad_journal_game.load(Ordering::Relaxed);
        bad != 0 && bad == game_id.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_armed_fault_counts_down_and_max_stays_armed() {
        let f = Faults::default();
        assert!(!f.hit(Fault::Journal));
        f.fail_next(Fault::Journal, 2);
        assert!(f.hit(Fault::Journal));
        assert!(!f.hit(Fault::Finish));
        assert!(f.hit(Fault::Journal));
        assert!(!f.hit(Fault::Journal));
        f.fail_next(Fault::Finish, u32::MAX);
        for _ in 0..5 {
            assert!(f.hit(Fault::Finish));
        }
        f.fail_next(Fault::Finish, 0);
        assert!(!f.hit(Fault::Finish));
        f.refuse_journal_of(Some(GameId(7)));
        assert!(f.refuses_journal_of(GameId(7)));
        assert!(!f.refuses_journal_of(GameId(8)));
    }
}
