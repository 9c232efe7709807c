//! Joining a table: a connection starts watching it (`join`: admitted by [`super::presence`],
//! then caught up with the events it missed or the whole `table_state`), or opens a game
//! against the computer there (`ai_start`: seated by [`super::computer`]).

use super::actor::TableActor;
use super::caller::Caller;
use super::computer::Computer;
use super::outbox::Outbox;
use super::presence;
use crate::error_code::ErrorCode;
use crate::user::{UserInfo, COMPUTER};
use platform::table::Action;
use platform::Millis;
use std::sync::Arc;
use xiangqi::Color;

impl TableActor {
    /// Remembers `user` as shown at the table.
    pub(super) fn see(&mut self, user: &Arc<UserInfo>) {
        self.core.users.insert(user.id, user.clone());
    }

    /// Starts watching: the caller gets the events it missed or the whole `table_state`.
    pub(super) async fn join(&mut self, caller: Caller, since: Option<(String, u64)>, now: Millis) {
        let (id, user) = (self.core.id, caller.user.clone());
        // Whoever is already at the table (a player coming back) is never turned away.
        let present = self.core.table.is_present(user.id);
        if !present {
            if let Err((code, why)) = presence::admits(&self.core, &user).await {
                return caller.refuse(id, code, &why);
            }
        }
        self.see(&user);
        if !present {
            if let Err(e) = self.apply(user.id, Action::Join, now).await {
                return caller.reply(id, Err(e));
            }
        }
        self.watchers.add(&caller);
        match presence::missed(&self.history, &self.core.state.epoch, since) {
            Some(events) => {
                for e in events {
                    caller.out.send(e);
                }
            }
            None => self.send_state(&caller.out, now),
        }
        self.desk.send_my_bet(&self.core, user.id);
        self.publish_notices();
        if presence::is_away(&self.core.table, user.id) {
            let _ = self.apply(user.id, Action::Reconnect, now).await;
        }
        caller.ack();
    }

    pub(super) fn send_state(&self, out: &Outbox, now: Millis) {
        out.send(self.core.state_msg(&self.desk, self.history.v(), now));
    }

    /// Seats the caller and the computer and starts their game. In a rated game the computer is
    /// the level's stored player, read now (its current rating).
    pub(super) async fn start_ai(&mut self, caller: Caller, _color: Color, now: Millis) {
        let Some(ai) = self.core.ai else { return };
        let computer = if ai.player == COMPUTER {
            UserInfo::computer(ai.level, &self.core.state.profile)
        } else {
            match self.core.state.db.user(ai.player).await {
                Ok(Some(row)) => row.into(),
                _ => {
                    self.core.state.tables.release_ai_game(self.core.id);
                    let why = "the computer's level cannot be read";
                    return caller.refuse(self.core.id, ErrorCode::Internal, why);
                }
            }
        };
        self.see(&caller.user);
        self.see(&Arc::new(computer));
        self.watchers.add(&caller);
        for (user, action) in Computer::seating(caller.user.id, ai) {
            if let Err(e) = self.apply(user, action, now).await {
                return caller.reply(self.core.id, Err(e));
            }
        }
        self.send_state(&caller.out, now);
        caller.ack();
    }
}
