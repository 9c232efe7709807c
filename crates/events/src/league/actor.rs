//! One task per league: its director, the league's only writer. It takes one message at a
//! time; every command it accepts is applied to a copy of the league, journaled
//! (`league_log`), and only then kept and acted on — board tables opened, players and captains
//! told. A refused or unstored command changes nothing. A timer applies `Tick` when a match is
//! due or a board deadline passes.

use super::msg::{LeagueMsg, Refusal};
use crate::deps::Events;
use kit::clock;
use platform::league::{League, LeagueCommand, LeagueEvent};
use platform::Millis;
use std::time::Duration;
use store::{Fence, LeagueLogEntry, StoreError};
use tokio::sync::mpsc;

/// The longest the director sleeps between looks at the time.
const NAP: Millis = Millis(60_000);

/// A league's director.
pub(super) struct Director {
    pub(super) id: u32,
    pub(super) name: String,
    pub(super) league: League,
    /// The next journal position.
    pub(super) seq: u64,
    /// While the journal is replayed: nothing is stored, opened or sent.
    pub(super) replaying: bool,
    pub(super) state: Events,
    /// This node's lease of the league: every journal write carries it.
    pub(super) lease: Option<Fence>,
    /// Set when a write was refused by the lease's fence: another node runs the league now.
    pub(super) fenced: bool,
}

impl Director {
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<LeagueMsg>) {
        loop {
            let now = clock::now();
            let due = self.league.next_due().unwrap_or(now + NAP).min(now + NAP);
            let wait = Duration::from_millis(due.0.saturating_sub(now.0));
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    self.handle(msg).await;
                }
                () = tokio::time::sleep(wait) => self.tick().await,
            }
            if self.fenced {
                tracing::warn!(
                    league = self.id,
                    "the league's lease was taken over; stopping"
                );
                self.state.leagues.remove(self.id);
                break;
            }
        }
    }

    /// Applies `Tick` if it changes something (journaled only then).
    pub(super) async fn tick(&mut self) {
        let now = clock::now();
        let mut probe = self.league.clone();
        if probe
            .apply(LeagueCommand::Tick, now)
            .is_ok_and(|e| !e.is_empty())
        {
            if let Err(e) = self.command(LeagueCommand::Tick, now).await {
                tracing::error!(league = self.id, "tick: {e}");
            }
        }
    }

    async fn handle(&mut self, msg: LeagueMsg) {
        let now = clock::now();
        match msg {
            LeagueMsg::Command { cmd, reply } => {
                let r = self.command(cmd, now).await;
                let _ = reply.send(r);
            }
            LeagueMsg::GameEnded {
                table,
                end,
                present,
            } => {
                let black = super::table_ids::board_of_table(table)
                    .and_then(|(_, m, b)| self.league.get(m)?.boards.get(usize::from(b))?.black);
                let black_absent = black.is_none_or(|u| !present.contains(&u));
                let result = super::outcome::result_of(&end, black_absent);
                self.report(table, result, now).await;
            }
            LeagueMsg::View(reply) => {
                let _ = reply.send((self.name.clone(), self.league.clone()));
            }
        }
    }

    /// Records `result` for the board played at `table`, if still open.
    pub(super) async fn report(
        &mut self,
        table: platform::TableId,
        result: platform::league::BoardResult,
        now: Millis,
    ) {
        let Some((league, m, board)) = super::table_ids::board_of_table(table) else {
            return;
        };
        let open = self
            .league
            .get(m)
            .and_then(|x| x.boards.get(usize::from(board)))
            .is_some_and(|b| b.result.is_none());
        if league != self.id || !open {
            return;
        }
        let cmd = LeagueCommand::Report { m, board, result };
        if let Err(e) = self.command(cmd, now).await {
            tracing::error!(league = self.id, table = table.0, "result refused: {e}");
        }
    }

    /// Applies `cmd` to a copy of the league; journals it; keeps the copy; acts on its events.
    pub(super) async fn command(
        &mut self,
        cmd: LeagueCommand,
        now: Millis,
    ) -> Result<Vec<LeagueEvent>, Refusal> {
        let mut next = self.league.clone();
        let events = next.apply(cmd.clone(), now)?;
        if !self.replaying {
            let (Some(fence), false) = (self.lease, self.fenced) else {
                return Err(Refusal::NotStored("the league runs on another node".into()));
            };
            let e = LeagueLogEntry {
                seq: self.seq,
                at: now.0,
                entry: serde_json::to_string(&cmd)
                    .map_err(|e| Refusal::NotStored(e.to_string()))?,
            };
            self.state
                .db
                .append_league_log((self.id, fence), &e)
                .await
                .map_err(|e| {
                    self.fenced |= matches!(e, StoreError::Fenced(_));
                    Refusal::NotStored(e.to_string())
                })?;
        }
        self.seq += 1;
        let before = std::mem::replace(&mut self.league, next);
        if !self.replaying {
            for e in &events {
                match e {
                    LeagueEvent::MatchBegan { m } => self.open_boards(*m).await,
                    LeagueEvent::Withdrew { team, .. } => {
                        self.resign_withdrawn(&before, *team).await;
                    }
                    _ => {}
                }
                self.tell(e).await;
            }
        }
        Ok(events)
    }
}
