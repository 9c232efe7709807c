//! Joining, seats, readiness, time-control agreement, and starting a game.

use super::error::TableError;
use super::event::Event;
use super::game::Game;
use super::model::{Proposal, Seat, Table};
use crate::clock::{Clock, TimeControl};
use crate::ids::{Millis, UserId};
use xiangqi::{ByColor, Color, EndReason, GameResult, Outcome};

impl Table {
    pub(crate) fn join(&mut self, user: UserId, events: &mut Vec<Event>) -> Result<(), TableError> {
        if self.is_present(user) {
            return Err(TableError::AlreadyHere);
        }
        if self.spectators.len() >= self.config.max_spectators {
            return Err(TableError::TableFull);
        }
        self.spectators.insert(user);
        events.push(Event::Joined(user));
        Ok(())
    }

    /// Leaves the table; a player of the game in progress loses it by abandonment first.
    pub(crate) fn leave(
        &mut self,
        user: UserId,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        if !self.is_present(user) {
            return Err(TableError::NotAtTable);
        }
        if let Ok(color) = self.playing_color(user) {
            let outcome = Outcome {
                result: GameResult::win_for(!color),
                reason: EndReason::Abandoned,
            };
            self.finish_with(outcome, now, events);
        }
        if let Some(color) = self.seat_of(user) {
            self.vacate(color, events);
        }
        self.spectators.remove(&user);
        events.push(Event::Left(user));
        Ok(())
    }

    pub(crate) fn sit(
        &mut self,
        user: UserId,
        color: Color,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        if self.seat_of(user).is_some() {
            return Err(TableError::AlreadySeated);
        }
        if self.seat(color).is_some() {
            return Err(TableError::SeatTaken(color));
        }
        // Both seats are held during a game, so a free seat means no game is in progress.
        self.spectators.remove(&user);
        *self.seats.get_mut(color) = Some(Seat {
            user,
            ready: false,
            away_since: None,
        });
        events.push(Event::Sat { user, color });
        Ok(())
    }

    pub(crate) fn stand(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if self.is_playing() {
            return Err(TableError::GameInProgress);
        }
        self.vacate(color, events);
        self.spectators.insert(user);
        Ok(())
    }

    /// Empties a seat (no game may be in progress), dropping that side's proposal.
    pub(crate) fn vacate(&mut self, color: Color, events: &mut Vec<Event>) {
        if let Some(seat) = self.seats.get_mut(color).take() {
            if self.proposal.as_ref().is_some_and(|p| p.by == color) {
                self.proposal = None;
            }
            events.push(Event::Stood {
                user: seat.user,
                color,
            });
            self.drop_handicap(events);
        }
    }

    /// The seat of `user` when no game is in progress.
    fn idle_seat(&self, user: UserId) -> Result<Color, TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if self.is_playing() {
            return Err(TableError::GameInProgress);
        }
        Ok(color)
    }

    pub(crate) fn set_ready(
        &mut self,
        user: UserId,
        ready: bool,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.idle_seat(user)?;
        if ready && (self.proposal.is_some() || self.handicap_proposal.is_some()) {
            return Err(TableError::ProposalPending);
        }
        let Some(seat) = self.seats.get_mut(color).as_mut() else {
            return Err(TableError::NotSeated);
        };
        if seat.ready != ready {
            seat.ready = ready;
            events.push(Event::Ready { color, ready });
        }
        self.start_if_ready(now, events);
        Ok(())
    }

    pub(crate) fn propose(
        &mut self,
        user: UserId,
        control: TimeControl,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.idle_seat(user)?;
        control.validate().map_err(TableError::InvalidTimeControl)?;
        self.unready_all(events);
        if self.seat(!color).is_none() {
            self.proposal = None;
            self.control = control.clone();
            events.push(Event::TimeControlSet(control));
        } else {
            self.proposal = Some(Proposal {
                by: color,
                control: control.clone(),
            });
            events.push(Event::TimeControlProposed { by: color, control });
        }
        Ok(())
    }

    pub(crate) fn accept_proposal(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.idle_seat(user)?;
        let p = self.proposal.as_ref().ok_or(TableError::NoProposal)?;
        if p.by == color {
            return Err(TableError::OwnProposal);
        }
        let control = p.control.clone();
        self.proposal = None;
        self.control = control.clone();
        events.push(Event::TimeControlSet(control));
        Ok(())
    }

    pub(crate) fn decline_proposal(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.idle_seat(user)?;
        if self.proposal.take().is_none() {
            return Err(TableError::NoProposal);
        }
        events.push(Event::TimeControlDeclined { by: color });
        Ok(())
    }

    pub(crate) fn unready_all(&mut self, events: &mut Vec<Event>) {
        for color in Color::ALL {
            if let Some(seat) = self.seats.get_mut(color).as_mut() {
                if seat.ready {
                    seat.ready = false;
                    events.push(Event::Ready {
                        color,
                        ready: false,
                    });
                }
            }
        }
    }

    /// Starts a game when both seats are taken and ready.
    fn start_if_ready(&mut self, now: Millis, events: &mut Vec<Event>) {
        let (Some(red), Some(black)) = (self.seat(Color::Red), self.seat(Color::Black)) else {
            return;
        };
        if !(red.ready && black.ready)
            || self.proposal.is_some()
            || self.handicap_proposal.is_some()
        {
            return;
        }
        let players = ByColor {
            red: red.user,
            black: black.user,
        };
        // Black's own control holds while the table keeps the configured one.
        let black = (self.control == self.config.time_control)
            .then(|| self.config.black_time_control.clone())
            .flatten();
        // The table's controls were validated when they were set.
        let Ok(clock) = Clock::per_colour(self.control.clone(), black) else {
            return;
        };
        for color in Color::ALL {
            if let Some(seat) = self.seats.get_mut(color).as_mut() {
                seat.ready = false;
            }
        }
        self.games_played += 1;
        let (start, handicap) = match &self.handicap {
            Some(a) => (a.start.clone(), Some(a.handicap.clone())),
            None => (self.config.start.clone(), None),
        };
        self.game = Some(Game::start(
            self.games_played,
            players,
            (start, handicap),
            self.config.rules,
            clock,
            now,
        ));
        events.push(Event::GameStarted {
            number: self.games_played,
            red: players.red,
            black: players.black,
            control: self.control.clone(),
        });
    }
}
