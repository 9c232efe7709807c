//! [`Clock`]: the two players' clocks, which side runs, and pause/resume/restore.
//!
//! The clock stores no running countdown: it keeps each player's state as of the start of their
//! move plus the instant the current move began, and computes everything else from `now`. A move
//! is charged only when the player presses ([`Clock::press`]), so pausing, restoring and
//! snapshots never lose precision.

use super::control::TimeControl;
use super::error::ClockError;
use super::flag::FlagKind;
use super::player::{Charge, PlayerClock};
use super::snapshot::{ClockSnapshot, PlayerView};
use crate::ids::{color_serde, Millis};
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// `color`'s control of a clock with Red on `red` and Black on `black` (or Red's).
fn control_of<'a>(
    red: &'a TimeControl,
    black: Option<&'a TimeControl>,
    color: Color,
) -> &'a TimeControl {
    match color {
        Color::Red => red,
        Color::Black => black.unwrap_or(red),
    }
}

/// Whether the clock runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum RunState {
    /// Set up, not started.
    NotStarted,
    /// The side on move's time runs since `since`; `banked` is time of this move run before a
    /// pause.
    Running {
        /// When the clock last started or resumed.
        since: Millis,
        /// Time of the current move counted before the last pause.
        banked: Millis,
    },
    /// Stopped for a while (server restart): the downtime is not charged.
    Paused {
        /// Time of the current move counted before the pause.
        banked: Millis,
    },
    /// The game is over.
    Stopped {
        /// Time of the last, unfinished move.
        banked: Millis,
    },
}

/// A completed press: whose move it was and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Press {
    /// The side that pressed (made the move).
    #[serde(with = "color_serde")]
    pub color: Color,
    /// What the move cost.
    pub charge: Charge,
}

/// A game clock for both players: one time control for both, or one per colour (a knockout's
/// sudden-death game: Red 6′ + 3″, Black 4′ + 3″).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clock {
    /// Red's control (and Black's, unless `black` is set).
    control: TimeControl,
    /// Black's own control, when it differs from Red's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<TimeControl>,
    players: [PlayerClock; 2],
    #[serde(with = "color_serde")]
    turn: Color,
    run: RunState,
}

impl Clock {
    /// A clock for `control`, not started, Red to move.
    ///
    /// # Errors
    /// [`ClockError::InvalidControl`] when the control does not validate.
    pub fn new(control: TimeControl) -> Result<Clock, ClockError> {
        Clock::per_colour(control, None)
    }

    /// A clock with Red on `red` and Black on `black` (`None` or the same control: Red's),
    /// not started, Red to move.
    ///
    /// # Errors
    /// [`ClockError::InvalidControl`] when either control does not validate.
    pub fn per_colour(red: TimeControl, black: Option<TimeControl>) -> Result<Clock, ClockError> {
        red.validate()?;
        let black = black.filter(|b| *b != red);
        if let Some(b) = &black {
            b.validate()?;
        }
        let r = PlayerClock::new(&red);
        let b = PlayerClock::new(black.as_ref().unwrap_or(&red));
        Ok(Clock {
            control: red,
            black,
            players: [r, b],
            turn: Color::Red,
            run: RunState::NotStarted,
        })
    }

    /// The time control (Red's, where each colour has its own).
    #[must_use]
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Black's own control, where it differs from Red's.
    #[must_use]
    pub fn black_control(&self) -> Option<&TimeControl> {
        self.black.as_ref()
    }

    /// `color`'s time control.
    #[must_use]
    pub fn control_of(&self, color: Color) -> &TimeControl {
        control_of(&self.control, self.black.as_ref(), color)
    }

    /// The side whose clock runs (or would run).
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// `color`'s clock as of the start of its current or next move.
    #[must_use]
    pub fn player(&self, color: Color) -> &PlayerClock {
        &self.players[color.index()]
    }

    /// Whether the clock is running, paused or not started or stopped.
    #[must_use]
    pub fn run_state(&self) -> RunState {
        self.run
    }

    /// Whether a game is in progress on this clock: running or paused.
    #[must_use]
    pub fn is_active(&self) -> bool {
        matches!(self.run, RunState::Running { .. } | RunState::Paused { .. })
    }

    /// Puts `color` on `control` from now on (an arena's berserk: half the time, no
    /// increment), only before `color`'s first move: their side of the clock starts afresh on
    /// it; the other side keeps its own. Time already spent on a move in progress still counts.
    ///
    /// # Errors
    /// [`ClockError::InvalidControl`]; [`ClockError::AlreadyMoved`] once `color` has moved;
    /// [`ClockError::Stopped`] after the game.
    pub fn set_control(&mut self, color: Color, control: TimeControl) -> Result<(), ClockError> {
        control.validate()?;
        if matches!(self.run, RunState::Stopped { .. }) {
            return Err(ClockError::Stopped);
        }
        if self.players[color.index()].moves > 0 {
            return Err(ClockError::AlreadyMoved);
        }
        let (red, black) = match color {
            Color::Red => (control, self.control_of(Color::Black).clone()),
            Color::Black => (self.control.clone(), control),
        };
        self.players[color.index()] = PlayerClock::new(match color {
            Color::Red => &red,
            Color::Black => &black,
        });
        self.black = Some(black).filter(|b| *b != red);
        self.control = red;
        Ok(())
    }

    /// Starts Red's clock at `now`.
    ///
    /// # Errors
    /// [`ClockError::AlreadyStarted`] unless the clock is new.
    pub fn start(&mut self, now: Millis) -> Result<(), ClockError> {
        self.start_for(Color::Red, now)
    }

    /// Starts `first`'s clock at `now` (Black first in a position with Black to move).
    ///
    /// # Errors
    /// [`ClockError::AlreadyStarted`] unless the clock is new.
    pub fn start_for(&mut self, first: Color, now: Millis) -> Result<(), ClockError> {
        if self.run != RunState::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.turn = first;
        self.run = RunState::Running {
            since: now,
            banked: Millis::ZERO,
        };
        Ok(())
    }

    /// How long the current move has lasted at `now` (time before `since` counts as zero).
    #[must_use]
    pub fn move_elapsed(&self, now: Millis) -> Millis {
        match self.run {
            RunState::NotStarted => Millis::ZERO,
            RunState::Running { since, banked } => banked + now.saturating_sub(since),
            RunState::Paused { banked } | RunState::Stopped { banked } => banked,
        }
    }

    /// The side whose time has run out at `now`, with the limit passed. Only the side on move
    /// can flag; a stopped clock never flags.
    #[must_use]
    pub fn flag(&self, now: Millis) -> Option<(Color, FlagKind)> {
        self.flag_after(now, Millis::ZERO)
    }

    /// The side whose time has run out at `now`. A limit counts as passed only once the move
    /// lasts strictly longer than it allows.
    #[must_use]
    pub fn flagged(&self, now: Millis) -> Option<Color> {
        self.flag(now).map(|(c, _)| c)
    }

    /// Like [`Clock::flag`], but forgiving the side on move its lag grace (its remaining lag quota,
    /// capped): the server flags with this so a move already in flight can still arrive.
    #[must_use]
    pub fn flag_with_grace(&self, now: Millis) -> Option<(Color, FlagKind)> {
        self.flag_after(now, self.player(self.turn).lag.flag_grace())
    }

    fn flag_after(&self, now: Millis, grace: Millis) -> Option<(Color, FlagKind)> {
        if !self.is_active() {
            return None;
        }
        let a = self
            .player(self.turn)
            .allowance(self.control_of(self.turn))?;
        (self.move_elapsed(now).saturating_sub(grace) > a.limit).then_some((self.turn, a.kind))
    }

    /// The first instant at which [`Clock::flag`] reports a flag, if the clock runs and the
    /// move is limited; the server schedules its next tick for then.
    #[must_use]
    pub fn flag_at(&self) -> Option<Millis> {
        let RunState::Running { since, banked } = self.run else {
            return None;
        };
        let a = self
            .player(self.turn)
            .allowance(self.control_of(self.turn))?;
        Some(since + a.limit.saturating_sub(banked) + Millis(1))
    }

    /// The first instant at which [`Clock::flag_with_grace`] reports a flag.
    #[must_use]
    pub fn flag_at_with_grace(&self) -> Option<Millis> {
        self.flag_at()
            .map(|at| at + self.player(self.turn).lag.flag_grace())
    }

    /// Ends the move of the side on move at `now`: charges it, applies the increment, stage change
    /// or byoyomi, and starts the other side's clock.
    ///
    /// # Errors
    /// [`ClockError::NotRunning`] unless running; [`ClockError::Flagged`] if the move came too
    /// late (the clock is then unchanged; the caller ends the game).
    pub fn press(&mut self, now: Millis) -> Result<Press, ClockError> {
        self.press_with_lag(now, Millis::ZERO)
    }

    /// [`Clock::press`] for a move whose client reported `lag`: up to the player's lag quota of
    /// it is credited back before charging.
    ///
    /// # Errors
    /// As [`Clock::press`].
    pub fn press_with_lag(&mut self, now: Millis, lag: Millis) -> Result<Press, ClockError> {
        if !matches!(self.run, RunState::Running { .. }) {
            return Err(self.not_running());
        }
        let color = self.turn;
        let elapsed = self.move_elapsed(now);
        let control = control_of(&self.control, self.black.as_ref(), color);
        let p = &mut self.players[color.index()];
        let credit = p.lag.credit(lag, elapsed);
        let spent = elapsed.saturating_sub(credit);
        if let Some(a) = p.allowance(control) {
            if spent > a.limit {
                return Err(ClockError::Flagged {
                    color,
                    kind: a.kind,
                });
            }
        }
        let charge = p.charge(control, spent, credit);
        self.turn = !color;
        self.run = RunState::Running {
            since: now,
            banked: Millis::ZERO,
        };
        Ok(Press { color, charge })
    }

    /// Pauses at `now` (e.g. the server is going down); the downtime until [`Clock::resume`] is
    /// not charged.
    ///
    /// # Errors
    /// [`ClockError::NotRunning`] unless running.
    pub fn pause(&mut self, now: Millis) -> Result<(), ClockError> {
        if !matches!(self.run, RunState::Running { .. }) {
            return Err(self.not_running());
        }
        self.run = RunState::Paused {
            banked: self.move_elapsed(now),
        };
        Ok(())
    }

    /// Resumes a paused clock at `now`.
    ///
    /// # Errors
    /// [`ClockError::NotPaused`] unless paused.
    pub fn resume(&mut self, now: Millis) -> Result<(), ClockError> {
        let RunState::Paused { banked } = self.run else {
            return Err(ClockError::NotPaused);
        };
        self.run = RunState::Running { since: now, banked };
        Ok(())
    }

    /// Stops the clock for good at `now` (game over). Stopping a stopped clock does nothing.
    pub fn stop(&mut self, now: Millis) {
        if !matches!(self.run, RunState::Stopped { .. }) {
            self.run = RunState::Stopped {
                banked: self.move_elapsed(now),
            };
        }
    }

    /// Puts back both players' clocks (`sides`, Red's first, as saved before some move) and the
    /// turn, for an undo: the side then on move starts a fresh move at `now`. The run state
    /// (running or paused) is kept.
    ///
    /// # Errors
    /// [`ClockError::NotRunning`] unless running or paused.
    pub fn restore(
        &mut self,
        sides: [PlayerClock; 2],
        turn: Color,
        now: Millis,
    ) -> Result<(), ClockError> {
        if !self.is_active() {
            return Err(self.not_running());
        }
        self.players = sides;
        self.turn = turn;
        self.run = match self.run {
            RunState::Paused { .. } => RunState::Paused {
                banked: Millis::ZERO,
            },
            _ => RunState::Running {
                since: now,
                banked: Millis::ZERO,
            },
        };
        Ok(())
    }

    /// What clients display at `now`.
    #[must_use]
    pub fn snapshot(&self, now: Millis) -> ClockSnapshot {
        let elapsed = self.move_elapsed(now);
        let view = |c: Color| {
            let e = if c == self.turn {
                elapsed
            } else {
                Millis::ZERO
            };
            PlayerView::new(self.control_of(c), self.player(c), e)
        };
        ClockSnapshot {
            running: matches!(self.run, RunState::Running { .. }).then_some(self.turn),
            turn: self.turn,
            paused: matches!(self.run, RunState::Paused { .. }),
            red: view(Color::Red),
            black: view(Color::Black),
        }
    }

    fn not_running(&self) -> ClockError {
        match self.run {
            RunState::Stopped { .. } => ClockError::Stopped,
            _ => ClockError::NotRunning,
        }
    }
}
