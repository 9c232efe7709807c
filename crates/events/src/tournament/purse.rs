//! The event's coins: entry fees into the event's escrow (`escrow:tournament:{id}`) when a
//! player registers, refunds when a player withdraws before the start or the event is
//! cancelled, and the prize table paid from the escrow when it finishes. Each is one balanced
//! ledger transaction, keyed `tournament:{id}:{seq}` by the journal entry it belongs to and
//! stored in the same database transaction as that entry, so coins and journal never disagree
//! (a replay after a restart moves no coins).

use super::actor::Director;
use super::msg::Refusal;
use super::system::{CoreEvent, Effect};
use platform::ledger::{
    AccountId, Coins, EscrowId, IdempotencyKey, LedgerError, Transaction, Transfer, TxKind,
};
use platform::tournament::swiss::Phase;
use platform::tournament::Row;
use platform::UserId;
use tables::coins::account_of;

impl Director {
    fn escrow(&self) -> AccountId {
        AccountId::Escrow(EscrowId::Tournament(self.id))
    }

    /// The coins that the command producing `events` moves (`before`: the phase it met), or
    /// `None`. `standings` and `entrants` (each paid the fee) are those after it.
    pub(super) fn coins_of(
        &self,
        before: Phase,
        events: &[CoreEvent],
        standings: &[Row],
        entrants: usize,
    ) -> Result<Option<Transaction>, Refusal> {
        let fee = self.spec.entry_fee;
        if fee <= 0 {
            return Ok(None);
        }
        for e in events {
            match e.effect() {
                Effect::Registered(user) => {
                    let t = [(account_of(user), self.escrow(), fee)];
                    return self.tx(TxKind::EntryFee, &t);
                }
                Effect::Withdrew(user) if before == Phase::Registration => {
                    let t = [(self.escrow(), account_of(user), fee)];
                    return self.tx(TxKind::EntryRefund, &t);
                }
                Effect::Finished => {
                    let pot = fee.saturating_mul(i64::try_from(entrants).unwrap_or(0));
                    let t = self.prizes(standings, pot);
                    return self.tx(TxKind::Prize, &t);
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// Every entrant's fee back (the event is cancelled).
    pub(super) fn refund_all(&self, users: &[UserId]) -> Result<Option<Transaction>, Refusal> {
        let t: Vec<_> = users
            .iter()
            .map(|u| (self.escrow(), account_of(*u), self.spec.entry_fee))
            .collect();
        self.tx(TxKind::EntryRefund, &t)
    }

    /// The prize table applied to `pot`: place `i` gets `prizes[i]`‰ (rounded down); what is
    /// left (unawarded places, rounding, the organiser's share) goes to the house.
    fn prizes(&self, standings: &[Row], pot: i64) -> Vec<(AccountId, AccountId, i64)> {
        let mut left = pot;
        let mut out = Vec::new();
        for (row, permille) in standings.iter().zip(&self.spec.prizes) {
            let amount = i64::try_from(i128::from(pot) * i128::from(*permille) / 1_000)
                .unwrap_or(0)
                .min(left);
            left -= amount;
            out.push((self.escrow(), account_of(row.user), amount));
        }
        out.push((self.escrow(), AccountId::House, left));
        out
    }

    /// One transaction of `transfers` (those of nothing left out), keyed by the journal entry
    /// about to be written; `None` if nothing moves.
    fn tx(
        &self,
        kind: TxKind,
        transfers: &[(AccountId, AccountId, i64)],
    ) -> Result<Option<Transaction>, Refusal> {
        let transfers: Vec<Transfer> = transfers
            .iter()
            .filter(|t| t.2 > 0)
            .map(|&(from, to, amount)| Transfer {
                from,
                to,
                amount: Coins(amount),
            })
            .collect();
        if transfers.is_empty() {
            return Ok(None);
        }
        let bad = |e: LedgerError| Refusal::NotStored(e.to_string());
        let key =
            IdempotencyKey::new(format!("tournament:{}:{}", self.id, self.seq)).map_err(bad)?;
        let memo = format!("tournament {}", self.id);
        Transaction::from_transfers(key, kind, memo, &transfers)
            .map(Some)
            .map_err(bad)
    }
}
