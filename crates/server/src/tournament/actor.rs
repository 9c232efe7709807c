//! One task per event: its director, the event's only writer. It takes one message at a time;
//! every command it accepts is applied to a copy of the Swiss core, journaled (with the event's
//! status, in one transaction) and only then kept and published — a refused or unstored command
//! changes nothing. [`publish`] is the only way out. A timer starts the event at `starts_at` and
//! pairs the next round `round_gap_secs` after the last result; the round's games are opened by
//! [`super::boards`], and their ends come back as [`DirectorMsg::GameEnded`].
//!
//! [`publish`]: Director::publish

use super::entry::Entry;
use super::msg::{DirectorMsg, Refusal};
use super::spec::Spec;
use super::view::{status_of, view, TournamentView};
use crate::clock;
use crate::state::AppState;
use crate::store::{StoreError, TournamentLogEntry};
use crate::table::{ConnId, Outbox};
use crate::ws::protocol::events::{DirectorEvent, TournamentEventView};
use crate::ws::protocol::ServerMsg;
use platform::clock::TimeControl;
use platform::ledger::{LedgerError, Transaction};
use platform::tournament::swiss::{Phase, Swiss, SwissCommand, SwissError, SwissEvent};
use platform::Millis;
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;

/// A director: the event, its journal position, its watchers and its timer.
pub(super) struct Director {
    pub(super) id: u64,
    pub(super) name: String,
    pub(super) starts_at: Millis,
    pub(super) spec: Spec,
    pub(super) control: TimeControl,
    pub(super) swiss: Swiss,
    pub(super) cancelled: bool,
    /// The next journal position.
    pub(super) seq: u64,
    /// When to pair the next round (`None`: not due).
    pub(super) pair_at: Option<Millis>,
    /// While the journal is replayed: nothing is stored, opened or published.
    pub(super) replaying: bool,
    pub(super) state: AppState,
    v: u64,
    watchers: HashMap<ConnId, Outbox>,
}

impl Director {
    /// A director of a new (or to-be-replayed) event.
    pub(super) fn new(
        state: &AppState,
        (id, name, starts_at): (u64, String, Millis),
        spec: Spec,
    ) -> Result<Director, String> {
        let (control, _) = spec.check()?;
        Ok(Director {
            id,
            name,
            starts_at,
            swiss: Swiss::new(spec.swiss_config()?),
            spec,
            control,
            cancelled: false,
            seq: 0,
            pair_at: None,
            replaying: false,
            state: state.clone(),
            v: 0,
            watchers: HashMap::new(),
        })
    }

    /// The event as it stands.
    pub(super) fn view(&self) -> TournamentView {
        view(
            (self.id, &self.name, self.starts_at.0),
            &self.spec,
            &self.swiss,
            self.cancelled,
        )
    }

    pub(super) async fn run(mut self, mut rx: mpsc::UnboundedReceiver<DirectorMsg>) {
        loop {
            let wait = self
                .deadline()
                .map(|d| Duration::from_millis(d.0.saturating_sub(clock::now().0)));
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    if !self.handle(msg).await {
                        break;
                    }
                }
                () = clock::sleep_or_forever(wait) => self.on_time(clock::now()).await,
            }
        }
    }

    /// When the timer is due: the start, or the next pairing.
    fn deadline(&self) -> Option<Millis> {
        if self.cancelled || self.swiss.phase == Phase::Finished {
            return None;
        }
        if self.swiss.phase == Phase::Registration {
            return Some(self.starts_at);
        }
        self.pair_at
    }

    /// Routes one message; `false` stops the task.
    async fn handle(&mut self, msg: DirectorMsg) -> bool {
        let now = clock::now();
        match msg {
            DirectorMsg::Join {
                user,
                rating,
                reply,
            } => {
                let r = self
                    .command(SwissCommand::Register { user, rating }, now)
                    .await;
                let _ = reply.send(r);
            }
            DirectorMsg::Withdraw { user, reply } => {
                let r = self.command(SwissCommand::Withdraw { user }, now).await;
                let _ = reply.send(r);
            }
            DirectorMsg::Start(reply) => {
                let r = if self.swiss.phase == Phase::Registration {
                    self.command(SwissCommand::PairRound, now).await
                } else {
                    Err(Refusal::Started)
                };
                let _ = reply.send(r);
            }
            DirectorMsg::Cancel(reply) => {
                let _ = reply.send(self.cancel(now).await);
            }
            DirectorMsg::GameEnded { table, end } => self.game_ended(table, end, now).await,
            DirectorMsg::View(reply) => {
                let _ = reply.send(self.view());
            }
            DirectorMsg::Watch { conn, out } => {
                let v = self.view();
                out.send(
                    ServerMsg::TState {
                        tournament: self.id,
                        v: self.v,
                        state: &v,
                    }
                    .to_text(),
                );
                self.watchers.insert(conn, out);
            }
            DirectorMsg::Unwatch { conn } => {
                self.watchers.remove(&conn);
            }
            DirectorMsg::Stop(done) => {
                let _ = done.send(());
                return false;
            }
        }
        true
    }

    /// The start is due (pair round 1, or cancel for want of players), or the next round.
    async fn on_time(&mut self, now: Millis) {
        self.pair_at = None;
        if self.swiss.phase == Phase::Registration && self.swiss.entrants.len() < 2 {
            let _ = self.cancel(now).await;
            return;
        }
        match self.command(SwissCommand::PairRound, now).await {
            Ok(()) => {}
            Err(Refusal::Swiss(SwissError::NotEnoughPlayers | SwissError::NoValidPairing)) => {
                if let Err(e) = self.command(SwissCommand::Finish, now).await {
                    tracing::error!(event = self.id, "cannot finish: {e}");
                }
            }
            Err(e) => {
                tracing::error!(event = self.id, "cannot pair: {e}");
                // Try again later rather than spin.
                self.pair_at = Some(now + Millis::from_secs(5));
            }
        }
    }

    /// Cancels the event (only before it starts).
    async fn cancel(&mut self, now: Millis) -> Result<(), Refusal> {
        if self.cancelled {
            return Err(Refusal::Cancelled);
        }
        if self.swiss.phase != Phase::Registration {
            return Err(Refusal::Started);
        }
        let users: Vec<_> = self.swiss.entrants.iter().map(|e| e.user).collect();
        let coins = self.refund_all(&users)?;
        let status = (status_of(self.swiss.phase, true), None);
        self.store(&Entry::Cancel, now, status, coins).await?;
        self.cancelled = true;
        self.publish(
            &TournamentEventView::Director(DirectorEvent::Cancelled),
            now,
        );
        Ok(())
    }

    /// Applies `cmd` to a copy of the event; journals it; keeps the copy; acts on its events.
    pub(super) async fn command(&mut self, cmd: SwissCommand, now: Millis) -> Result<(), Refusal> {
        if self.cancelled {
            return Err(Refusal::Cancelled);
        }
        let round = self.swiss.rounds.last().map_or(0, |r| r.number);
        let playing = self.games_of(round);
        let mut next = self.swiss.clone();
        let events = next.apply(cmd.clone(), now)?;
        let finished = events.iter().find_map(|e| match e {
            SwissEvent::Finished { standings } => {
                serde_json::to_string(&super::view::rows(standings)).ok()
            }
            _ => None,
        });
        let coins = if self.replaying {
            None
        } else {
            self.coins_of(self.swiss.phase, &events, next.entrants.len())?
        };
        let status = (status_of(next.phase, false), finished.as_deref());
        self.store(&Entry::Swiss { cmd }, now, status, coins)
            .await?;
        self.swiss = next;
        for e in events {
            if let (SwissEvent::Withdrew { user }, false) = (&e, self.replaying) {
                self.resign_withdrawn(*user, &playing).await;
            }
            self.on_event(&e, now).await;
        }
        Ok(())
    }

    /// Journals `entry` with the event's `(status, final standings)` and the `coins` it moves,
    /// in one transaction (not while replaying); tells the paid users their balances.
    async fn store(
        &mut self,
        entry: &Entry,
        now: Millis,
        (status, standings): (&str, Option<&str>),
        coins: Option<Transaction>,
    ) -> Result<(), Refusal> {
        if !self.replaying {
            let e = TournamentLogEntry {
                seq: self.seq,
                at: now.0,
                entry: entry.encode(),
            };
            let db = &self.state.db;
            let applied = db
                .append_tournament_log(self.id, &e, (status, standings), coins.as_ref())
                .await
                .map_err(|e| match e {
                    StoreError::Ledger(LedgerError::InsufficientFunds { .. }) => {
                        Refusal::NotEnoughCoins
                    }
                    e => Refusal::NotStored(e.to_string()),
                })?;
            if let Some(applied) = applied {
                crate::coins::announce(&self.state, &applied);
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// What an accepted event sets in motion: tables for a new round, the next pairing.
    async fn on_event(&mut self, e: &SwissEvent, now: Millis) {
        match e {
            SwissEvent::RoundPaired { round, .. } => {
                self.pair_at = None;
                if !self.replaying {
                    self.open_round(*round, now).await;
                }
            }
            SwissEvent::RoundComplete { round } if *round < self.spec.rounds => {
                self.pair_at = Some(now + Millis::from_secs(self.spec.round_gap_secs));
            }
            SwissEvent::Finished { .. } => self.pair_at = None,
            _ => {}
        }
        self.publish(&TournamentEventView::Swiss(e), now);
    }

    /// Numbers `e` and sends it to every watching connection: the only way out.
    pub(super) fn publish(&mut self, e: &TournamentEventView<'_>, now: Millis) {
        if self.replaying {
            return;
        }
        self.v += 1;
        let msg = ServerMsg::TEv {
            tournament: self.id,
            v: self.v,
            now: now.0,
            e,
        }
        .to_text();
        self.watchers.retain(|_, out| {
            out.send(msg.clone());
            !out.is_closed()
        });
    }
}
