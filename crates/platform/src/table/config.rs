//! Table settings and their defaults.

use super::handicap::HandicapOffsets;
use crate::clock::TimeControl;
use crate::ids::Millis;
use xiangqi::rulings::RuleSet;
use xiangqi::Position;

/// How long a disconnected player may stay away before leaving counts (逃跑). The clock keeps
/// running meanwhile.
pub const RECONNECT_GRACE: Millis = Millis::from_secs(60);
/// How long each side has for its first move before the game is aborted unrated.
pub const FIRST_MOVE_DEADLINE: Millis = Millis::from_secs(30);
/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 140;
/// Most chat messages one user may send within [`CHAT_WINDOW`].
pub const CHAT_BURST: usize = 5;
/// The window of the chat flood limit.
pub const CHAT_WINDOW: Millis = Millis::from_secs(10);
/// Undos each player may have granted per game.
pub const MAX_UNDOS: u32 = 3;
/// Most spectators at one table.
pub const MAX_SPECTATORS: usize = 500;

/// Chat limits of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChatLimits {
    /// Longest message, in characters.
    pub max_chars: usize,
    /// Most messages per user within `window`.
    pub burst: usize,
    /// The flood window.
    pub window: Millis,
}

impl Default for ChatLimits {
    fn default() -> Self {
        ChatLimits {
            max_chars: MAX_CHAT_CHARS,
            burst: CHAT_BURST,
            window: CHAT_WINDOW,
        }
    }
}

/// Settings of one table, fixed when it is created (the room decides them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableConfig {
    /// The position every game starts from (the standard one, or a handicap setup).
    pub start: Position,
    /// The game-end rules (repetition profile, move limit).
    pub rules: RuleSet,
    /// The time control until the players agree on another.
    pub time_control: TimeControl,
    /// Grace for a disconnected player before leaving counts as a loss.
    pub reconnect_grace: Millis,
    /// Deadline for each side's first move (`None`: no deadline).
    pub first_move_deadline: Option<Millis>,
    /// Whether undo (悔棋) may be requested.
    pub undo_allowed: bool,
    /// Undos each player may have granted per game.
    pub max_undos: u32,
    /// Most spectators.
    pub max_spectators: usize,
    /// Chat limits.
    pub chat: ChatLimits,
    /// Plies that must be played before a draw may be offered (0: any time; tournaments).
    pub draw_offer_min_ply: usize,
    /// Whether handicap games are rated, with these offsets (`None`: unrated, the default).
    pub handicap_rating: Option<HandicapOffsets>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            start: Position::startpos(),
            rules: RuleSet::default(),
            time_control: TimeControl::ourgame(),
            reconnect_grace: RECONNECT_GRACE,
            first_move_deadline: Some(FIRST_MOVE_DEADLINE),
            undo_allowed: true,
            max_undos: MAX_UNDOS,
            max_spectators: MAX_SPECTATORS,
            chat: ChatLimits::default(),
            draw_offer_min_ply: 0,
            handicap_rating: None,
        }
    }
}
