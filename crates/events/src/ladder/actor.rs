//! One task per ladder: its director, the ladder's only writer. It takes one message at a
//! time; every command it accepts is applied to a copy of the ladder, journaled
//! (`ladder_log`), and only then kept and acted on — a game opened, a game resigned, players
//! told. A refused or unstored command changes nothing. A timer sends the deadline reminders
//! and applies `Tick` (inactivity), journaled only when it changes something.

use super::msg::{LadderMsg, Refusal};
use super::spec::LadderSpec;
use super::view::{view, LadderView};
use crate::deps::Events;
use kit::clock;
use platform::clock::TimeControl;
use platform::ladder::{ChallengeId, Ladder, LadderCommand, LadderEvent, Outcome};
use platform::{Millis, UserId};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use store::{Fence, LadderLogEntry, StoreError};
use tokio::sync::mpsc;

/// How often inactivity is looked at.
const TICK_EVERY: Millis = Millis(60_000);

/// A ladder's director.
pub(super) struct Director {
    pub(super) spec: LadderSpec,
    pub(super) control: TimeControl,
    pub(super) ladder: Ladder,
    /// The next journal position.
    pub(super) seq: u64,
    /// While the journal is replayed: nothing is stored, opened or sent.
    pub(super) replaying: bool,
    pub(super) state: Events,
    /// Player names for the view.
    pub(super) names: BTreeMap<UserId, String>,
    /// Challenges whose reminder went out (this run).
    reminded: BTreeSet<ChallengeId>,
    next_tick: Millis,
    /// This node's lease of the ladder: every journal write carries it.
    pub(super) lease: Option<Fence>,
    /// Set when a write was refused by the lease's fence: another node runs the ladder now.
    fenced: bool,
}

impl Director {
    /// A director of an empty ladder (to be replayed).
    pub(super) fn new(state: &Events, spec: LadderSpec) -> Result<Director, String> {
        let control = spec.check()?;
        Ok(Director {
            ladder: Ladder::new(spec.config()),
            spec,
            control,
            seq: 0,
            replaying: false,
            state: state.clone(),
            names: BTreeMap::new(),
            reminded: BTreeSet::new(),
            next_tick: Millis::ZERO,
            lease: None,
            fenced: false,
        })
    }

    /// The ladder as it stands.
    pub(super) fn view(&self) -> LadderView {
        view(&self.spec, &self.ladder, &self.names, clock::now())
    }

    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<LadderMsg>) {
        loop {
            let wait = Duration::from_millis(self.deadline().0.saturating_sub(clock::now().0));
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    self.handle(msg).await;
                }
                () = tokio::time::sleep(wait) => self.on_time(clock::now()).await,
            }
            if self.fenced {
                tracing::warn!(
                    ladder = self.spec.id,
                    "the ladder's lease was taken over; stopping"
                );
                self.state.ladders.remove(self.spec.id);
                break;
            }
        }
    }

    /// The next reminder or inactivity check.
    fn deadline(&self) -> Millis {
        let before = Millis::from_secs(self.spec.remind_before_secs);
        self.ladder
            .open
            .iter()
            .filter(|c| !self.reminded.contains(&c.id))
            .map(|c| c.deadline.saturating_sub(before))
            .chain(std::iter::once(self.next_tick))
            .min()
            .unwrap_or(self.next_tick)
    }

    async fn on_time(&mut self, now: Millis) {
        self.remind(now).await;
        if now >= self.next_tick {
            self.next_tick = now + TICK_EVERY;
            if self.spec.inactive_secs > 0 {
                // Journaled only when it changes something.
                let mut probe = self.ladder.clone();
                if probe
                    .apply(LadderCommand::Tick, now)
                    .is_ok_and(|e| !e.is_empty())
                {
                    if let Err(e) = self.command(LadderCommand::Tick, now).await {
                        tracing::error!(ladder = self.spec.id, "tick: {e}");
                    }
                }
            }
        }
    }

    /// Tells both players of each challenge whose deadline is near.
    async fn remind(&mut self, now: Millis) {
        let before = Millis::from_secs(self.spec.remind_before_secs);
        let due: Vec<_> = self
            .ladder
            .open
            .iter()
            .filter(|c| !self.reminded.contains(&c.id) && c.deadline.saturating_sub(before) <= now)
            .cloned()
            .collect();
        for c in due {
            self.reminded.insert(c.id);
            self.remind_of(&c).await;
        }
    }

    /// Routes one message.
    async fn handle(&mut self, msg: LadderMsg) {
        let now = clock::now();
        match msg {
            LadderMsg::Join {
                user,
                name,
                rating,
                reply,
            } => {
                self.names.insert(user, name);
                let r = self
                    .command(LadderCommand::Join { user, rating }, now)
                    .await;
                let _ = reply.send(r.map(|_| self.ladder.place_of(user).unwrap_or(0)));
            }
            LadderMsg::Leave { user, reply } => {
                let r = self.command(LadderCommand::Leave { user }, now).await;
                let _ = reply.send(r.map(|_| ()));
            }
            LadderMsg::Challenge {
                challenger,
                defender,
                rating,
                reply,
            } => {
                let cmd = LadderCommand::Challenge {
                    challenger,
                    defender,
                    rating,
                };
                let r = self.command(cmd, now).await.map(|_| {
                    let id = ChallengeId(self.ladder.last_id);
                    (id, super::table_ids::table_of(self.spec.id, id))
                });
                let _ = reply.send(r);
            }
            LadderMsg::GameEnded { table, end } => {
                let outcome = super::outcome::outcome_of(&end);
                self.report(table, outcome, now).await;
            }
            LadderMsg::View(reply) => {
                let _ = reply.send(self.view());
            }
        }
    }

    /// Records `outcome` for the challenge played at `table`, if still open.
    pub(super) async fn report(&mut self, table: platform::TableId, outcome: Outcome, now: Millis) {
        let Some((ladder, challenge)) = super::table_ids::challenge_of_table(table) else {
            return;
        };
        if ladder != self.spec.id || self.ladder.challenge(challenge).is_none() {
            return;
        }
        if let Err(e) = self
            .command(LadderCommand::Report { challenge, outcome }, now)
            .await
        {
            tracing::error!(
                ladder = self.spec.id,
                table = table.0,
                "result refused: {e}"
            );
        }
    }

    /// Applies `cmd` to a copy of the ladder; journals it; keeps the copy; acts on its events.
    pub(super) async fn command(
        &mut self,
        cmd: LadderCommand,
        now: Millis,
    ) -> Result<Vec<LadderEvent>, Refusal> {
        let mut next = self.ladder.clone();
        let events = next.apply(cmd.clone(), now)?;
        if !self.replaying {
            let (Some(fence), false) = (self.lease, self.fenced) else {
                return Err(Refusal::NotStored("the ladder runs on another node".into()));
            };
            let e = LadderLogEntry {
                seq: self.seq,
                at: now.0,
                entry: serde_json::to_string(&cmd)
                    .map_err(|e| Refusal::NotStored(e.to_string()))?,
            };
            self.state
                .db
                .append_ladder_log((self.spec.id, fence), &e)
                .await
                .map_err(|e| {
                    self.fenced |= matches!(e, StoreError::Fenced(_));
                    Refusal::NotStored(e.to_string())
                })?;
        }
        self.seq += 1;
        let before = std::mem::replace(&mut self.ladder, next);
        if !self.replaying {
            for e in &events {
                self.on_event(e, &before).await;
            }
        }
        Ok(events)
    }

    /// What an accepted event sets in motion: a game opened or resigned, players told.
    async fn on_event(&mut self, e: &LadderEvent, before: &Ladder) {
        match e {
            LadderEvent::Challenged { challenge } => self.open_game(challenge, None).await,
            LadderEvent::Ended {
                challenge,
                outcome: Outcome::Withdrawn,
            } => {
                if let Some(c) = before.challenge(*challenge) {
                    for user in [c.challenger, c.defender] {
                        if self.ladder.place_of(user).is_none() {
                            self.resign_for(c, user).await;
                        }
                    }
                }
            }
            _ => {}
        }
        self.tell(e, before).await;
    }
}
