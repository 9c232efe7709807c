//! Joining a table: a connection starts watching it (`join`: admitted by [`super::presence`],
//! then caught up with the events it missed or the whole `table_state`), or opens a game
//! against the computer there (`ai_start`: seated by [`super::computer`]); a tournament
//! table's seating and reports to its director.

use super::actor::TableActor;
use super::caller::Caller;
use super::computer::Computer;
use super::delayed::delayed_epoch;
use super::msg::DirectorCmd;
use super::presence;
use crate::owner::{Owner, TableNews};
use crate::user::{UserInfo, COMPUTER};
use platform::table::Action;
use platform::{Millis, UserId};
use protocol::error_code::ErrorCode;
use std::sync::Arc;
use xiangqi::Color;

impl super::core::TableCore {
    /// A player of an event's game here berserked: its director records it.
    pub(super) fn report_berserk(&self, owner: &Owner, color: Color) {
        let user = self.table.game().map(|g| g.player(color));
        if let (Some(director), Some(user)) = (owner.director(), user) {
            let table = self.id;
            director.tell(TableNews::Berserked { table, user });
        }
    }
}

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
        // Spectators of a table with a spectator delay get its delayed feed.
        let delayed = self.is_delayed(user.id);
        self.watchers.add(&caller, delayed);
        let epoch = &self.core.state.epoch;
        let missed = match self.spectators.as_ref().filter(|_| delayed) {
            Some(feed) => presence::missed(&feed.history, &delayed_epoch(epoch), since),
            None => presence::missed(&self.history, epoch, since),
        };
        match missed {
            Some(events) => {
                for e in events {
                    caller.out.send(e);
                }
            }
            None => self.send_state(&caller.out, now, delayed),
        }
        self.desk.send_my_bet(&self.core, user.id);
        self.publish_notices();
        if presence::is_away(&self.core.table, user.id) {
            let _ = self.apply(user.id, Action::Reconnect, now).await;
        }
        caller.ack();
    }

    /// What a tournament's director asks: seat a game, or resign a withdrawn player's game.
    pub(super) async fn director(&mut self, cmd: DirectorCmd, now: Millis) {
        match cmd {
            DirectorCmd::Seat { red, black } => self.seat(red, black, now).await,
            DirectorCmd::Resign { user } => {
                if let Err(e) = self.apply(user, Action::Resign, now).await {
                    tracing::info!(table = self.core.id.0, "withdrawn player's game: {e}");
                }
            }
        }
    }

    /// Seats the two players of a tournament game (present or not) and starts it: a player
    /// who does not come forfeits at the first-move deadline.
    async fn seat(&mut self, red: UserId, black: UserId, now: Millis) {
        for id in [red, black] {
            if let Ok(score) = crate::behaviour::gate::score_of(&self.core.state, id).await {
                self.core.behaviour.insert(id, score);
            }
            match self.core.state.db.user(id).await {
                Ok(Some(row)) => self.see(&Arc::new(row.into())),
                _ => tracing::warn!(
                    table = self.core.id.0,
                    user = id.0,
                    "seating an unknown user"
                ),
            }
        }
        let steps = [
            (red, Action::Sit(Color::Red)),
            (black, Action::Sit(Color::Black)),
            (red, Action::Ready(true)),
            (black, Action::Ready(true)),
        ];
        for (user, action) in steps {
            if let Err(e) = self.apply(user, action, now).await {
                tracing::error!(table = self.core.id.0, "tournament seating refused: {e}");
                return;
            }
        }
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
        self.watchers.add(&caller, false);
        for (user, action) in Computer::seating(caller.user.id, ai) {
            if let Err(e) = self.apply(user, action, now).await {
                return caller.reply(self.core.id, Err(e));
            }
        }
        self.send_state(&caller.out, now, false);
        caller.ack();
    }
}
