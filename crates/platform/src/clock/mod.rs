//! Game clocks: one [`TimeControl`] model for every system of the portals (联众 stages, QQ
//! 局时/步时/读秒, Guangdong total + per-move, Fischer increment, untimed), and the [`Clock`]
//! that runs it with lag compensation, pause/resume and undo support.
//!
//! ```
//! use platform::clock::{Clock, TimeControl};
//! use platform::Millis;
//! let mut clock = Clock::new(TimeControl::blitz())?;
//! clock.start(Millis(0))?;
//! let press = clock.press(Millis(4_000))?; // Red moves after 4 s and gets 3 s back
//! assert_eq!(press.charge.increment, Millis::from_secs(3));
//! let view = clock.snapshot(Millis(4_000));
//! assert_eq!(view.red.game_time, Some(Millis::from_secs(299)));
//! # Ok::<_, platform::clock::ClockError>(())
//! ```

mod control;
mod error;
mod flag;
mod game_clock;
mod lag;
mod player;
mod presets;
mod snapshot;

pub use control::{
    Byoyomi, Stage, TimeControl, MAX_BYOYOMI_PERIOD, MAX_BYOYOMI_PERIODS, MAX_INCREMENT,
    MAX_PER_MOVE, MAX_STAGES, MAX_STAGE_MOVES, MAX_STAGE_TIME,
};
pub use error::ClockError;
pub use flag::FlagKind;
pub use game_clock::{Clock, Press, RunState};
pub use lag::{
    LagBudget, FLAG_GRACE_MAX, LAG_GAIN_MAX, LAG_GAIN_MIN, LAG_QUOTA_MAX_MOVES,
    LAG_QUOTA_START_MOVES,
};
pub use player::{Charge, PlayerClock};
pub use snapshot::{ClockSnapshot, PlayerView};
