//! Entry points: [`Table::apply`], [`Table::tick`], pause/resume, and routing of commands to
//! the collaborators (seating, play, draw, undo, presence, chat).

use super::command::{Action, Command};
use super::error::TableError;
use super::event::Event;
use super::game::Game;
use super::model::Table;
use crate::ids::Millis;
use xiangqi::Color;

impl Table {
    /// Applies `cmd` at `now` and returns the events it produced, in order.
    ///
    /// Time-driven endings due by `now` (flag fall, first-move deadline, a disconnected player's
    /// grace running out) are settled first, exactly as [`Table::tick`] would, and their events
    /// come first. The whole call is atomic: on error nothing changes, not even those
    /// settlements (the next tick makes them).
    ///
    /// # Errors
    /// A [`TableError`] saying why the command was refused.
    pub fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, TableError> {
        if self.paused_at.is_some() {
            return Err(TableError::Paused);
        }
        let mut next = self.clone();
        let mut events = next.settle(now);
        next.execute(cmd, now, &mut events)?;
        *self = next;
        Ok(events)
    }

    /// Settles everything due by `now`: a flag fall ends the game on time, a missed first move
    /// aborts it, a player away past the grace loses (逃跑) or, between games, loses the seat.
    /// The server calls this at [`Table::next_deadline`].
    pub fn tick(&mut self, now: Millis) -> Vec<Event> {
        if self.paused_at.is_some() {
            return Vec::new();
        }
        self.settle(now)
    }

    /// Pauses the table at `now` (server going down): the game clock stops and no grace or
    /// deadline runs until [`Table::resume`]; commands are refused meanwhile.
    ///
    /// # Errors
    /// [`TableError::Paused`] if already paused.
    pub fn pause(&mut self, now: Millis) -> Result<Vec<Event>, TableError> {
        if self.paused_at.is_some() {
            return Err(TableError::Paused);
        }
        let mut events = self.settle(now);
        if let Some(g) = self.game_mut() {
            // The clock runs during a game (an invariant), so pausing it cannot fail.
            let _ = g.clock.pause(now);
            events.push(Event::Paused);
        }
        self.paused_at = Some(now);
        Ok(events)
    }

    /// Resumes a paused table at `now`; the downtime is charged to nobody.
    ///
    /// # Errors
    /// [`TableError::NotPaused`] unless paused.
    pub fn resume(&mut self, now: Millis) -> Result<Vec<Event>, TableError> {
        let Some(since) = self.paused_at.take() else {
            return Err(TableError::NotPaused);
        };
        let downtime = now.saturating_sub(since);
        for c in Color::ALL {
            if let Some(seat) = self.seats.get_mut(c) {
                if let Some(t) = seat.away_since.as_mut() {
                    *t += downtime;
                }
            }
        }
        let mut events = Vec::new();
        if let Some(g) = self.game_mut() {
            g.turn_since += downtime;
            let _ = g.clock.resume(now);
            events.push(Event::Resumed);
        }
        Ok(events)
    }

    fn execute(
        &mut self,
        cmd: Command,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let user = cmd.user;
        match cmd.action {
            Action::Join => self.join(user, events),
            Action::Leave => self.leave(user, now, events),
            Action::Sit(color) => self.sit(user, color, events),
            Action::Stand => self.stand(user, events),
            Action::Ready(ready) => self.set_ready(user, ready, now, events),
            Action::DeclineRematch => self.decline_rematch(user, events),
            Action::ProposeTimeControl(tc) => self.propose(user, tc, events),
            Action::AcceptTimeControl => self.accept_proposal(user, events),
            Action::DeclineTimeControl => self.decline_proposal(user, events),
            Action::ProposeHandicap(h) => self.propose_handicap(user, h, events),
            Action::AcceptHandicap => self.accept_handicap(user, events),
            Action::DeclineHandicap => self.decline_handicap(user, events),
            Action::Move { mv, lag } => self.play_move(user, mv, lag, now, events),
            Action::OfferDraw => self.offer_draw(user, now, events),
            Action::AcceptDraw => self.accept_draw(user, now, events),
            Action::DeclineDraw => self.decline_draw(user, events),
            Action::RequestUndo => self.request_undo(user, events),
            Action::AcceptUndo => self.accept_undo(user, now, events),
            Action::DeclineUndo => self.decline_undo(user, events),
            Action::Resign => self.resign(user, now, events),
            Action::Berserk => self.berserk(user, now, events),
            Action::Abort => self.abort(user, now, events),
            Action::Disconnect => self.disconnect(user, now, events),
            Action::Reconnect => self.reconnect(user, events),
            Action::Chat(text) => {
                if !self.is_present(user) {
                    return Err(TableError::NotAtTable);
                }
                let text = self.chat.admit(&self.config.chat, user, &text, now)?;
                events.push(Event::Chat { user, text });
                Ok(())
            }
        }
    }

    /// The side `user` plays in the game in progress.
    pub(crate) fn playing_color(&self, user: crate::ids::UserId) -> Result<Color, TableError> {
        let g = self.game.as_ref().filter(|g| g.is_playing());
        g.ok_or(TableError::NotPlaying)?
            .color_of(user)
            .ok_or(TableError::NotAPlayer)
    }

    /// The side `user` plays and the game in progress, for commands only a player may give.
    pub(crate) fn player_game(
        &mut self,
        user: crate::ids::UserId,
    ) -> Result<(Color, &mut Game), TableError> {
        let color = self.playing_color(user)?;
        let g = self.game_mut().ok_or(TableError::NotPlaying)?;
        Ok((color, g))
    }
}
