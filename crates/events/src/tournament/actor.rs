//! One task per event: its director, the event's only writer. It takes one message at a time;
//! every command it accepts is applied to a copy of the event's core, journaled (with the
//! event's status, in one transaction) and only then kept and published — a refused or unstored
//! command changes nothing. [`publish`] is the only way out. What differs between the systems
//! (which command starts or pairs, which games are due, which command records a result) is
//! asked of the core's [`Rules`](super::system::Rules). A timer starts the event at
//! `starts_at` and runs the next round `round_gap_secs` after the last result; the games due are
//! opened by [`super::boards`], and their ends come back as [`DirectorMsg::GameEnded`].
//!
//! [`publish`]: Director::publish

use super::entry::Entry;
use super::msg::{DirectorMsg, Refusal};
use super::spec::Spec;
use super::system::view;
use super::system::{Command, Core, CoreEvent, Effect};
use super::view::{rows, status_of, TournamentView};
use crate::deps::Events;
use kit::clock;
use platform::clock::TimeControl;
use platform::tournament::swiss::Phase;
use platform::tournament::TournamentError;
use platform::{Millis, TableId};
use protocol::events::{DirectorEvent, TournamentEventView};
use protocol::ServerMsg;
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use store::Fence;
use tables::table::{ConnId, Outbox};
use tokio::sync::mpsc;

/// A director: the event, its journal position, its watchers and its timer.
pub(super) struct Director {
    pub(super) id: u64,
    pub(super) name: String,
    pub(super) starts_at: Millis,
    pub(super) spec: Spec,
    pub(super) control: TimeControl,
    pub(super) core: Core,
    pub(super) cancelled: bool,
    /// The next journal position.
    pub(super) seq: u64,
    /// When to run the next round (`None`: not due).
    pub(super) pair_at: Option<Millis>,
    /// When the system next needs the timer by itself (an arena's rematch wait or end).
    wake: Option<Millis>,
    /// While the journal is replayed: nothing is stored, opened or published.
    pub(super) replaying: bool,
    /// Tables opened for games due (not journaled: rebuilt from the games at a restart).
    pub(super) opened: HashSet<TableId>,
    pub(super) state: Events,
    /// This node's lease of the event (`None`: a copy rebuilt only to be read): every journal
    /// write carries it.
    pub(super) lease: Option<Fence>,
    /// Set when a write was refused by the lease's fence: another node runs the event now, so
    /// the task stops without a further write.
    pub(super) fenced: bool,
    v: u64,
    pub(super) watchers: HashMap<ConnId, Outbox>,
}

impl Director {
    /// A director of a new (or to-be-replayed) event.
    pub(super) fn new(
        state: &Events,
        (id, name, starts_at): (u64, String, Millis),
        spec: Spec,
    ) -> Result<Director, String> {
        let (control, _) = spec.check()?;
        Ok(Director {
            id,
            name,
            starts_at,
            core: Core::new(&spec, starts_at)?,
            spec,
            control,
            cancelled: false,
            seq: 0,
            pair_at: None,
            wake: None,
            replaying: false,
            opened: HashSet::new(),
            state: state.clone(),
            lease: None,
            fenced: false,
            v: 0,
            watchers: HashMap::new(),
        })
    }

    /// The event as it stands.
    pub(super) fn view(&self) -> TournamentView {
        let mut v = view(
            (self.id, &self.name, self.starts_at.0),
            &self.spec,
            &self.core,
            self.cancelled,
        );
        if self.phase() == Phase::Running {
            v.next_at = self.pair_at.map(|t| t.0);
        }
        v
    }

    /// Registration, running or finished.
    pub(super) fn phase(&self) -> Phase {
        self.core.rules().phase()
    }

    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<DirectorMsg>) {
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
            if self.fenced {
                self.step_down();
                break;
            }
        }
    }

    /// When the timer is due: the start, or the next round.
    fn deadline(&self) -> Option<Millis> {
        match (self.cancelled, self.phase()) {
            (true, _) | (_, Phase::Finished) => None,
            (_, Phase::Registration) => Some(self.starts_at),
            (_, Phase::Running) => match (self.pair_at, self.wake) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
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
                let r = match self.entry_of(user, rating).await {
                    Ok(cmd) => self.command(cmd, now).await,
                    Err(e) => Err(e),
                };
                let _ = reply.send(r);
            }
            DirectorMsg::Withdraw { user, reply } => {
                let cmd = self.core.rules().withdraw(user);
                let _ = reply.send(self.command(cmd, now).await);
            }
            DirectorMsg::Start(reply) => {
                let r = if self.phase() == Phase::Registration {
                    self.command(self.core.rules().start(), now).await
                } else {
                    Err(Refusal::Started)
                };
                let _ = reply.send(r);
            }
            DirectorMsg::Cancel(reply) => {
                let _ = reply.send(self.cancel(now).await);
            }
            DirectorMsg::Organise { cmd, reply } => {
                let _ = reply.send(self.command(cmd, now).await);
            }
            DirectorMsg::GameEnded { table, end } => self.game_ended(table, end, now).await,
            DirectorMsg::Berserked { table, user } => {
                if let Some(cmd) = self.core.rules().berserk_at(self.id, table, user) {
                    if let Err(e) = self.command(cmd, now).await {
                        tracing::warn!(event = self.id, "berserk not recorded: {e}");
                    }
                }
            }
            DirectorMsg::View(reply) => {
                let _ = reply.send(self.view());
            }
            DirectorMsg::Watch { conn, out } => {
                if let Ok(v) = serde_json::value::to_raw_value(&self.view()) {
                    let state = ServerMsg::TState {
                        tournament: self.id,
                        v: self.v,
                        state: &v,
                    };
                    out.send(state.to_text());
                }
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

    /// The start is due (or a cancellation for want of players), or the next round: the
    /// system's next pairing if it has one, else the games due are opened.
    async fn on_time(&mut self, now: Millis) {
        self.pair_at = None;
        let rules = self.core.rules();
        let cmd = if self.phase() == Phase::Registration {
            if rules.players().len() < 2 {
                let _ = self.cancel(now).await;
                return;
            }
            rules.start()
        } else if let Some(cmd) = rules.next_round() {
            cmd
        } else {
            self.open_due().await;
            return;
        };
        match self.command(cmd, now).await {
            Ok(()) => {}
            Err(Refusal::Core(
                TournamentError::NotEnoughPlayers | TournamentError::NoValidPairing,
            )) => {
                let Some(finish) = self.core.rules().finish() else {
                    return;
                };
                if let Err(e) = self.command(finish, now).await {
                    tracing::error!(event = self.id, "cannot finish: {e}");
                }
            }
            Err(e) => {
                tracing::error!(event = self.id, "cannot go on: {e}");
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
        if self.phase() != Phase::Registration {
            return Err(Refusal::Started);
        }
        let users: Vec<_> = self.core.rules().players().iter().map(|p| p.user).collect();
        let coins = self.refund_all(&users)?;
        let status = (status_of(self.phase(), true), None);
        self.store(&Entry::Cancel, now, status, (coins, &[]))
            .await?;
        self.cancelled = true;
        self.publish(
            &TournamentEventView::Director(DirectorEvent::Cancelled),
            now,
        );
        Ok(())
    }

    /// Applies `cmd` to a copy of the event; journals it; keeps the copy; acts on its events.
    pub(super) async fn command(&mut self, cmd: Command, now: Millis) -> Result<(), Refusal> {
        if self.cancelled {
            return Err(Refusal::Cancelled);
        }
        let before = self.core.rules().phase();
        let playing = self.core.rules().due(self.id);
        let pairs = self.core.rules().is_pairing(&cmd);
        let mut next = self.core.clone();
        let events = next.rules_mut().apply(cmd.clone(), now)?;
        if events.is_empty() && self.core.rules().is_tick(&cmd) {
            // The timer's tick changed nothing: nothing to journal.
            self.wake = self.core.rules().wake_at(now);
            return Ok(());
        }
        let finished = events.iter().any(|e| e.effect() == Effect::Finished);
        let standings = next.rules().standings();
        let final_rows = finished
            .then(|| serde_json::to_string(&rows(&standings)).ok())
            .flatten();
        let coins = if self.replaying {
            None
        } else {
            let entrants = next.rules().players().len();
            self.coins_of(before, &events, &standings, entrants)?
        };
        let status = (
            status_of(next.rules().phase(), false),
            final_rows.as_deref(),
        );
        let awards = if finished && !self.replaying {
            self.awards(&standings)
        } else {
            Vec::new()
        };
        self.store(&Entry::from(cmd), now, status, (coins, &awards))
            .await?;
        self.core = next;
        self.wake = self.core.rules().wake_at(now);
        if pairs {
            // A round paired (by hand too) replaces the timer's pairing.
            self.pair_at = None;
        }
        let rests = self.core.rules().rests_after(&events);
        for e in &events {
            if let (Effect::Withdrew(user), false) = (e.effect(), self.replaying) {
                self.resign_withdrawn(user, &playing).await;
            }
            self.publish(&TournamentEventView::from(e), now);
        }
        if finished {
            self.pair_at = None;
        } else if rests {
            self.pair_at = Some(now + Millis::from_secs(self.spec.round_gap_secs));
        }
        if self.pair_at.is_none() && !self.replaying {
            self.open_due().await;
        }
        Ok(())
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

impl<'a> From<&'a CoreEvent> for TournamentEventView<'a> {
    fn from(e: &'a CoreEvent) -> Self {
        match e {
            CoreEvent::Swiss(e) => TournamentEventView::Swiss(e),
            CoreEvent::Robin(e) => TournamentEventView::Robin(e),
            CoreEvent::Knockout(e) => TournamentEventView::Knockout(e),
            CoreEvent::Arena(e) => TournamentEventView::Arena(e),
        }
    }
}
