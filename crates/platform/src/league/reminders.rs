//! Reminders before a match: once its time is `remind_before` away (and it has not begun), a
//! tick reminds its two teams once ([`LeagueEvent::Reminder`]); the match keeps that it was
//! reminded, so a replayed journal never reminds again. An agreed new time reminds anew.

use super::command::LeagueEvent;
use super::schedule::MatchId;
use super::state::League;
use crate::Millis;

impl League {
    /// The reminders due at `now`, marked as sent.
    pub(super) fn remind(&mut self, now: Millis) -> Vec<LeagueEvent> {
        let before = self.config.remind_before;
        if before.is_zero() {
            return Vec::new();
        }
        let due: Vec<(MatchId, Millis)> = self
            .matches
            .iter()
            .filter(|x| !x.begun() && !x.reminded)
            .filter(|x| x.time().saturating_sub(before) <= now && now < x.time())
            .map(|x| (x.id, x.time()))
            .collect();
        for (m, _) in &due {
            if let Some(x) = self.get_mut(*m) {
                x.reminded = true;
            }
        }
        due.into_iter()
            .map(|(m, at)| LeagueEvent::Reminder { m, at })
            .collect()
    }

    /// When the next reminder is due, if any.
    pub(super) fn next_reminder(&self) -> Option<Millis> {
        let before = self.config.remind_before;
        if before.is_zero() {
            return None;
        }
        self.matches
            .iter()
            .filter(|x| !x.begun() && !x.reminded)
            .map(|x| x.time().saturating_sub(before))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use crate::league::{League, LeagueCommand as C, LeagueConfig, LeagueEvent as E, TeamId};
    use crate::{Millis, UserId};

    fn league() -> League {
        let mut l = League::new(LeagueConfig {
            divisions: vec!["甲级".into()],
            boards: 1,
            double_round: false,
            round_every: Millis(10_000),
            window: Millis(9_000),
            default_at: Millis(5_000),
            remind_before: Millis(1_000),
            ..LeagueConfig::default()
        });
        for n in 1..=2u64 {
            let cmd = C::Enter {
                team: TeamId(n),
                name: format!("t{n}"),
                captain: UserId(n),
                members: vec![UserId(n)],
                division: None,
            };
            l.apply(cmd, Millis(0)).unwrap();
        }
        l.apply(C::Start, Millis(0)).unwrap();
        l
    }

    #[test]
    fn a_match_is_reminded_once_before_its_time() {
        let mut l = league();
        let m = l.matches[0].id;
        assert_eq!(l.next_due(), Some(Millis(4_000)));
        assert_eq!(l.apply(C::Tick, Millis(3_999)).unwrap(), vec![]);
        let e = l.apply(C::Tick, Millis(4_000)).unwrap();
        assert_eq!(
            e,
            vec![E::Reminder {
                m,
                at: Millis(5_000)
            }]
        );
        assert!(l.matches[0].reminded);
        assert_eq!(l.next_due(), Some(Millis(5_000)), "the match itself next");
        assert_eq!(
            l.apply(C::Tick, Millis(4_500)).unwrap(),
            vec![],
            "once only"
        );
        // Replaying the journal (the same ticks) reminds exactly as often.
        let mut again = league();
        again.apply(C::Tick, Millis(3_999)).unwrap();
        again.apply(C::Tick, Millis(4_000)).unwrap();
        assert_eq!(again, l);
    }

    #[test]
    fn no_reminder_once_the_match_is_due_or_when_switched_off() {
        let mut l = league();
        let e = l.apply(C::Tick, Millis(5_000)).unwrap();
        assert!(!e.iter().any(|e| matches!(e, E::Reminder { .. })), "{e:?}");
        let mut off = league();
        off.config.remind_before = Millis::ZERO;
        assert_eq!(off.next_due(), Some(Millis(5_000)));
        assert_eq!(off.apply(C::Tick, Millis(4_500)).unwrap(), vec![]);
    }
}
