//! [`SpectatorDelay`]: how far behind the game its spectators are kept, so that none of them can
//! relay the live position to a player (rooms with spectator bets, tournament tables). The
//! players and the game itself are never delayed; only what spectators are shown is.
//!
//! A ply is shown to spectators once `plies` more plies have been played after it **and**
//! `secs` seconds have passed since it was played (a rule at 0 holds nothing back). The pure
//! part is here: given when each ply was played, how many plies are shown now and when the
//! next one is due.
//!
//! ```
//! use platform::table::SpectatorDelay;
//! use platform::Millis;
//! let d = SpectatorDelay { plies: 2, secs: 0 };
//! let played = [Millis(1_000), Millis(2_000), Millis(3_000)];
//! assert_eq!(d.shown(&played, Millis(3_000)), 1);
//! let d = SpectatorDelay { plies: 0, secs: 10 };
//! assert_eq!(d.shown(&played, Millis(11_500)), 1);
//! assert_eq!(d.next_release(&played, Millis(11_500)), Some(Millis(12_000)));
//! ```

use crate::ids::Millis;

/// The most plies a room or event may hold back.
pub const MAX_DELAY_PLIES: u32 = 100;
/// The most seconds a room or event may hold a ply back.
pub const MAX_DELAY_SECS: u32 = 3_600;

/// How far behind the game its spectators are kept (both at 0: not at all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpectatorDelay {
    /// A ply is shown once this many more plies have been played after it.
    pub plies: u32,
    /// A ply is shown once this many seconds have passed since it was played.
    pub secs: u32,
}

impl SpectatorDelay {
    /// A delay of `plies` plies and `secs` seconds.
    ///
    /// # Errors
    /// Either above its limit ([`MAX_DELAY_PLIES`], [`MAX_DELAY_SECS`]), in words.
    pub fn new(plies: u32, secs: u32) -> Result<SpectatorDelay, String> {
        if plies > MAX_DELAY_PLIES {
            return Err(format!(
                "spectator_delay_plies must be 0..={MAX_DELAY_PLIES}"
            ));
        }
        if secs > MAX_DELAY_SECS {
            return Err(format!("spectator_delay_secs must be 0..={MAX_DELAY_SECS}"));
        }
        Ok(SpectatorDelay { plies, secs })
    }

    /// Whether spectators see the game as it is played (no delay).
    #[must_use]
    pub const fn is_none(&self) -> bool {
        self.plies == 0 && self.secs == 0
    }

    fn hold(&self) -> Millis {
        Millis::from_secs(u64::from(self.secs))
    }

    /// Plies shown to spectators at `now` of a game whose plies were played at `played`
    /// (oldest first; ply `k` at `played[k - 1]`).
    #[must_use]
    pub fn shown(&self, played: &[Millis], now: Millis) -> usize {
        let by_plies = played.len().saturating_sub(self.plies as usize);
        let hold = self.hold();
        let by_time = played
            .iter()
            .take_while(|at| at.saturating_add(hold) <= now)
            .count();
        by_plies.min(by_time)
    }

    /// When the next ply held back only by time is shown (`None`: none is; the next one waits
    /// for more plies, or all are shown).
    #[must_use]
    pub fn next_release(&self, played: &[Millis], now: Millis) -> Option<Millis> {
        let shown = self.shown(played, now);
        let by_plies = played.len().saturating_sub(self.plies as usize);
        (shown < by_plies).then(|| played[shown].saturating_add(self.hold()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: &[u64]) -> Vec<Millis> {
        secs.iter().map(|s| Millis::from_secs(*s)).collect()
    }

    #[test]
    fn no_delay_shows_every_ply_at_once() {
        let d = SpectatorDelay::default();
        assert!(d.is_none());
        let played = at(&[1, 2, 3]);
        assert_eq!(d.shown(&played, Millis::from_secs(3)), 3);
        assert_eq!(d.next_release(&played, Millis::from_secs(3)), None);
    }

    #[test]
    fn a_ply_is_shown_only_after_n_more_plies() {
        let d = SpectatorDelay::new(3, 0).expect("delay");
        let mut played = Vec::new();
        for k in 1..=10u64 {
            played.push(Millis::from_secs(k));
            assert_eq!(
                d.shown(&played, Millis::from_secs(k)),
                (k as usize).saturating_sub(3)
            );
            // Time alone never releases a ply held back by plies.
            assert_eq!(
                d.shown(&played, Millis::from_secs(10_000)),
                played.len().saturating_sub(3)
            );
            assert_eq!(d.next_release(&played, Millis::from_secs(10_000)), None);
        }
    }

    #[test]
    fn a_ply_is_shown_secs_after_it_was_played() {
        let d = SpectatorDelay::new(0, 5).expect("delay");
        let played = at(&[10, 12, 20]);
        assert_eq!(d.shown(&played, Millis::from_secs(14)), 0);
        assert_eq!(
            d.next_release(&played, Millis::from_secs(14)),
            Some(Millis::from_secs(15))
        );
        assert_eq!(d.shown(&played, Millis::from_secs(15)), 1);
        assert_eq!(d.shown(&played, Millis::from_secs(17)), 2);
        assert_eq!(
            d.next_release(&played, Millis::from_secs(17)),
            Some(Millis::from_secs(25))
        );
        assert_eq!(d.shown(&played, Millis::from_secs(25)), 3);
        assert_eq!(d.next_release(&played, Millis::from_secs(25)), None);
    }

    #[test]
    fn both_rules_hold_a_ply_until_both_allow_it() {
        let d = SpectatorDelay::new(1, 5).expect("delay");
        let played = at(&[10, 11, 12]);
        // By plies 2 could be shown; by time none yet.
        assert_eq!(d.shown(&played, Millis::from_secs(12)), 0);
        assert_eq!(
            d.next_release(&played, Millis::from_secs(12)),
            Some(Millis::from_secs(15))
        );
        assert_eq!(d.shown(&played, Millis::from_secs(16)), 2);
        // The third waits for another ply, whatever the time.
        assert_eq!(d.shown(&played, Millis::from_secs(100)), 2);
        assert_eq!(d.next_release(&played, Millis::from_secs(100)), None);
    }

    #[test]
    fn limits_are_checked() {
        assert!(SpectatorDelay::new(MAX_DELAY_PLIES + 1, 0).is_err());
        assert!(SpectatorDelay::new(0, MAX_DELAY_SECS + 1).is_err());
        assert!(SpectatorDelay::new(MAX_DELAY_PLIES, MAX_DELAY_SECS).is_ok());
    }
}
