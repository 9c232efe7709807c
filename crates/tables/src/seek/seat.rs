//! Seating a pair: a free table of the room (both seats empty, no game) is asked to seat both
//! players and start their game (`TableMsg::SeatPair`); a table that became busy meanwhile
//! refuses and the next is tried. This node's tables come first; on a cluster, when none of
//! them is free, another node's free table is asked through that node
//! (the site's `seat_at`). When the room has no free table, both seekers are told
//! `seek_gone` `no_free_table` and the seeks are dropped (they may seek again). Both players
//! are told `seek_paired` with the table, and their other seeks are dropped. A pair of whom one
//! is seated in a game in progress by now is not seated (`seek_gone` `playing` to both).

use super::desk::Desk;
use super::notify;
use crate::site::SeatRequest;
use crate::table::TableMsg;
use crate::user::UserInfo;
use platform::seek::Pairing;
use platform::{TableId, UserId};
use std::sync::Arc;
use tokio::sync::oneshot;
use xiangqi::Color;

/// Tables tried for one pair before giving up.
const TRIES: usize = 16;

impl Desk {
    /// The user `id`, as a seek of theirs shows them, else as stored.
    pub(super) async fn user_info(&self, id: UserId) -> Option<Arc<UserInfo>> {
        if let Some(m) = self.meta.values().find(|m| m.user.id == id) {
            return Some(m.user.clone());
        }
        match self.state.db.user(id).await {
            Ok(row) => row.map(|r| Arc::new(UserInfo::from(r))),
            Err(e) => {
                tracing::error!("user {id:?}: {e}");
                None
            }
        }
    }

    /// Seats the pair `p`; `came` is one of the two (the other is looked up).
    pub(super) async fn seat(&mut self, p: Pairing, came: &Arc<UserInfo>) {
        let other_id = if came.id == p.red.user {
            p.black.user
        } else {
            p.red.user
        };
        let other = self.user_info(other_id).await;
        self.touch(&p.room);
        let Some(other) = other else {
            notify::gone(&self.state, came.id, p.seek, "no_free_table");
            return self.forget_gone();
        };
        let (red, black) = if came.id == p.red.user {
            (came.clone(), other)
        } else {
            (other, came.clone())
        };
        // Checked again now: a game of either may have started since their seek was made.
        if self.plays(red.id) || self.plays(black.id) {
            notify::gone(&self.state, red.id, p.seek, "playing");
            notify::gone(&self.state, black.id, p.seek, "playing");
            self.drop_playing();
            return self.forget_gone();
        }
        let mut seated = self.seat_here(&p, &red, &black).await;
        if seated.is_none() {
            seated = self.seat_elsewhere(&p, &red, &black).await;
        }
        match seated {
            Some(table) => {
                notify::paired(&self.state, red.id, p.seek, table, Color::Red);
                notify::paired(&self.state, black.id, p.seek, table, Color::Black);
                self.drop_others(red.id);
                self.drop_others(black.id);
            }
            None => {
                notify::gone(&self.state, red.id, p.seek, "no_free_table");
                notify::gone(&self.state, black.id, p.seek, "no_free_table");
            }
        }
        self.forget_gone();
    }

    /// Seats the pair at one of this node's free tables of the room; the table, if one took them.
    async fn seat_here(
        &self,
        p: &Pairing,
        red: &Arc<UserInfo>,
        black: &Arc<UserInfo>,
    ) -> Option<TableId> {
        for table in self
            .state
            .lobby
            .free_tables(&p.room)
            .into_iter()
            .take(TRIES)
        {
            let Some(handle) = crate::table::wake(&self.state, table) else {
                continue;
            };
            let (reply, answer) = oneshot::channel();
            let msg = TableMsg::SeatPair {
                red: red.clone(),
                black: black.clone(),
                control: p.control.clone(),
                rated: p.rated,
                reply,
            };
            if !handle.send(msg).await {
                continue;
            }
            match answer.await {
                Ok(Ok(())) => return Some(table),
                Ok(Err(why)) => tracing::debug!(table = table.0, "pair not seated: {why}"),
                Err(_) => {}
            }
        }
        None
    }

    /// Seats the pair at another node's free table of the room (none with the in-process
    /// broker); the table, if one took them.
    async fn seat_elsewhere(
        &self,
        p: &Pairing,
        red: &Arc<UserInfo>,
        black: &Arc<UserInfo>,
    ) -> Option<TableId> {
        if !self.state.site.is_clustered() {
            return None;
        }
        let tables = self.state.lobby.free_tables_elsewhere(&p.room);
        for (node, table) in tables.into_iter().take(TRIES) {
            let req = SeatRequest {
                table,
                red: red.id,
                black: black.id,
                control: p.control.clone(),
                rated: p.rated,
            };
            match self.state.site.seat_at(&node, &req).await {
                Ok(()) => return Some(table),
                Err(why) => tracing::debug!(table = table.0, node, "pair not seated: {why}"),
            }
        }
        None
    }

    /// Forgets what the desk kept of seeks that no longer wait.
    fn forget_gone(&mut self) {
        let book = &self.book;
        self.meta.retain(|id, _| book.get(*id).is_some());
    }
}
