//! The arena's state, commands, events and errors.

use crate::clock::TimeControl;
use crate::ids::{Millis, TeamId, UserId};
use crate::tournament::{GameResult, PlayerResult, Scale};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use xiangqi::Color;

/// The team a player entered with, and its name as it was then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEntry {
    /// The team.
    pub id: TeamId,
    /// Its name when the player joined.
    pub name: String,
}

/// How an arena is run (thresholds in plies, as lila's with Xiangqi's move counts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaConfig {
    /// When pairing starts.
    pub starts_at: Millis,
    /// When it ends; games still running then do not count.
    pub ends_at: Millis,
    /// The clocks of every game (berserk halves them).
    pub time_control: TimeControl,
    /// Points per result before streak and berserk (2/1/0).
    pub scale: Scale,
    /// Whether players may berserk.
    pub berserk: bool,
    /// A draw shorter than this scores nothing.
    pub min_draw_plies: u32,
    /// A berserk win earns its bonus point only once the berserker made this many moves.
    pub berserk_min_moves: u32,
    /// A draw at least this long escapes the draw-streak rule.
    pub long_draw_plies: u32,
    /// The most games in a row with one colour.
    pub max_same_color: usize,
    /// Two players who just met may meet again once both have waited this long.
    pub rematch_after: Millis,
    /// A team battle when above 0: players enter with a team, and a team scores the sum of its
    /// this many best players' scores.
    #[serde(default)]
    pub team_top: u32,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            starts_at: Millis::ZERO,
            ends_at: Millis::from_mins(60),
            time_control: TimeControl::fischer(Millis::from_mins(5), Millis::from_secs(3)),
            scale: Scale::default(),
            berserk: true,
            min_draw_plies: 20,
            berserk_min_moves: 7,
            long_draw_plies: 60,
            max_same_color: 3,
            rematch_after: Millis::from_secs(30),
            team_top: 0,
        }
    }
}

/// What a player is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum Status {
    /// Waiting for a pairing since then.
    Waiting {
        /// Since when.
        since: Millis,
    },
    /// Playing game `game`.
    Playing {
        /// The game.
        game: u64,
    },
    /// Paused or left: not paired until joining again.
    Paused,
}

/// One counted game on a player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetEntry {
    /// The game.
    pub game: u64,
    /// The player's result.
    pub result: PlayerResult,
    /// Points scored.
    pub points: u32,
    /// Whether the player was on fire (double points).
    pub fire: bool,
}

/// A player of the arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaPlayer {
    /// Rating at joining.
    pub rating: u32,
    /// Current status.
    pub status: Status,
    /// Counted games.
    pub sheet: Vec<SheetEntry>,
    /// Colours of games played, in order.
    #[serde(with = "colors_serde")]
    pub colors: Vec<Color>,
    /// The last opponent.
    pub last_opponent: Option<UserId>,
    /// Sum of opponents' ratings ±500 (for performance).
    pub perf_sum: i64,
    /// Paused while playing: not paired again once the game in progress ends.
    #[serde(default)]
    pub pause_after: bool,
    /// The team entered with (a team battle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamEntry>,
}

impl ArenaPlayer {
    /// Total points.
    #[must_use]
    pub fn score(&self) -> u32 {
        self.sheet.iter().map(|e| e.points).sum()
    }

    /// Performance: mean of opponent rating ±500, or the rating before any game.
    #[must_use]
    pub fn performance(&self) -> i64 {
        match self.sheet.len() as i64 {
            0 => i64::from(self.rating),
            n => self.perf_sum / n,
        }
    }
}

/// An arena game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaGame {
    /// The Red player.
    pub red: UserId,
    /// The Black player.
    pub black: UserId,
    /// When it was paired.
    pub started_at: Millis,
    /// Whether Red berserked.
    pub red_berserk: bool,
    /// Whether Black berserked.
    pub black_berserk: bool,
    /// Result and plies once finished.
    pub result: Option<(GameResult, u32)>,
    /// Still running when the arena ended: does not count.
    pub void: bool,
}

/// An arena event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arena {
    /// How it is run.
    pub config: ArenaConfig,
    /// Players.
    pub players: BTreeMap<UserId, ArenaPlayer>,
    /// Games by id (ids from 1 in pairing order).
    pub games: BTreeMap<u64, ArenaGame>,
    /// Whether pairing has begun (at `starts_at`, or earlier by [`ArenaCommand::Start`]).
    #[serde(default)]
    pub started: bool,
    /// Whether it has ended.
    pub ended: bool,
}

/// What a player or the director asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum ArenaCommand {
    /// Join (or come back from a pause) and wait for a pairing.
    Join {
        /// The player.
        user: UserId,
        /// Their rating.
        rating: u32,
        /// Their team (a team battle needs one; kept from the first entry on coming back).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team: Option<TeamEntry>,
    },
    /// Start pairing now, before `starts_at` (the arena keeps its length: `ends_at` moves by as
    /// much).
    Start,
    /// Stop being paired (the current game goes on; the player is not paired after it). Before
    /// the start it takes the player out of the arena.
    Pause {
        /// The player.
        user: UserId,
    },
    /// Berserk in `game` (the director allows it only before the player's first move).
    Berserk {
        /// The player.
        user: UserId,
        /// The game.
        game: u64,
    },
    /// A game ended.
    GameFinished {
        /// The game.
        game: u64,
        /// How.
        result: GameResult,
        /// Plies played.
        plies: u32,
    },
    /// Time passes: start, re-pair waiting players, or end at `ends_at`.
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "t")]
pub enum ArenaEvent {
    /// Pairing has begun; the arena ends at `ends_at`.
    Started {
        /// When it ends.
        ends_at: Millis,
    },
    /// A player joined or came back.
    Joined {
        /// The player.
        user: UserId,
        /// Coming back after a pause (not a new entry).
        #[serde(default)]
        again: bool,
    },
    /// A player left before the start (no longer in the arena).
    Left {
        /// The player.
        user: UserId,
    },
    /// A player paused.
    Paused {
        /// The player.
        user: UserId,
    },
    /// A game was paired.
    Paired {
        /// Game id.
        game: u64,
        /// Red.
        red: UserId,
        /// Black.
        black: UserId,
    },
    /// A player berserked: their clock for the game.
    Berserked {
        /// The game.
        game: u64,
        /// The player.
        user: UserId,
        /// Their clock: half the time, no increment.
        control: TimeControl,
    },
    /// A game was scored.
    Scored {
        /// The game.
        game: u64,
        /// Red's sheet entry.
        red: SheetEntry,
        /// Black's sheet entry.
        black: SheetEntry,
    },
    /// The arena ended; these games were still running and do not count.
    Ended {
        /// Voided games.
        void: Vec<u64>,
    },
}

/// Why a command was refused. A refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The arena has ended.
    #[error("the arena has ended")]
    Ended,
    /// Not a player.
    #[error("not in this arena")]
    NotJoined,
    /// Already waiting or playing.
    #[error("already in")]
    AlreadyIn,
    /// Already paused (or paused after the game in progress).
    #[error("already paused")]
    NotIn,
    /// Pairing has already begun.
    #[error("the arena has started")]
    Started,
    /// No such running game of this player.
    #[error("no such game")]
    NoSuchGame,
    /// Berserk is off here, or already used.
    #[error("berserk not allowed")]
    BerserkNotAllowed,
    /// A team battle: the player has no team to enter with.
    #[error("a team battle: join a team first")]
    NoTeam,
}

mod colors_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use xiangqi::Color;

    pub(super) fn serialize<S: Serializer>(v: &[Color], s: S) -> Result<S::Ok, S::Error> {
        let text: String = v
            .iter()
            .map(|c| if *c == Color::Red { 'r' } else { 'b' })
            .collect();
        s.serialize_str(&text)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Color>, D::Error> {
        let text = String::deserialize(d)?;
        Ok(text
            .chars()
            .map(|c| if c == 'r' { Color::Red } else { Color::Black })
            .collect())
    }
}
