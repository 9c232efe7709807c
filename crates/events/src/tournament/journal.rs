//! The director's journal: every accepted command is stored with the event's status, the coins
//! it moves and the titles it awards, in one transaction, before it is kept or published.

use super::actor::Director;
use super::entry::Entry;
use super::msg::Refusal;
use platform::ledger::{LedgerError, Transaction};
use platform::rating::Title;
use platform::tournament::Row;
use platform::{Millis, UserId};
use store::{StoreError, TournamentLogEntry};

impl Director {
    /// Journals `entry` with the event's `(status, final standings)` and the `coins` it moves,
    /// in one transaction (not while replaying); tells the paid users their balances.
    pub(super) async fn store(
        &mut self,
        entry: &Entry,
        now: Millis,
        (status, standings): (&str, Option<&str>),
        (coins, awards): (Option<Transaction>, &[(UserId, Title)]),
    ) -> Result<(), Refusal> {
        if !self.replaying {
            let (Some(fence), false) = (self.lease, self.fenced) else {
                return Err(Refusal::NotStored("the event runs on another node".into()));
            };
            let e = TournamentLogEntry {
                seq: self.seq,
                at: now.0,
                entry: entry.encode(),
            };
            let db = &self.state.db;
            let lease = (self.id, fence);
            let applied = db
                .append_tournament_log(lease, &e, (status, standings), (coins.as_ref(), awards))
                .await
                .map_err(|e| match e {
                    StoreError::Ledger(LedgerError::InsufficientFunds { .. }) => {
                        Refusal::NotEnoughCoins
                    }
                    e => {
                        self.fenced |= matches!(e, StoreError::Fenced(_));
                        Refusal::NotStored(e.to_string())
                    }
                })?;
            if let Some(applied) = applied {
                tables::coins::announce(&self.state, &applied);
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// The titles the final `standings` earn: the spec's titles to places 1, 2, … (a shared
    /// place earns the title of its rank).
    pub(super) fn awards(&self, standings: &[Row]) -> Vec<(UserId, Title)> {
        let Ok(titles) = self.spec.award_titles(&self.state.profile) else {
            return Vec::new();
        };
        standings
            .iter()
            .filter_map(|r| {
                let place = usize::try_from(r.rank).ok()?.checked_sub(1)?;
                titles.get(place).map(|t| (r.user, *t))
            })
            .collect()
    }
}
