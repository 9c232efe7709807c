//! Table settings and their defaults.

use super::handicap::HandicapOffsets;
use super::spectator_delay::SpectatorDelay;
use crate::clock::TimeControl;
use crate::ids::Millis;
use crate::rating::RatingPool;
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

/// What a table does with a move that would lose by the repetition rules (perpetual check or
/// chase): play it, and the game is lost (the client warns before), or refuse it
/// (xiangqi.com style).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RepetitionPolicy {
    /// The move is played and loses; clients are told beforehand which moves would.
    #[default]
    Warn,
    /// The move is refused ([`crate::table::TableError::LosingRepetition`]); nothing changes.
    Refuse,
}

impl RepetitionPolicy {
    /// The name used in configuration and on the wire: `warn` or `refuse`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RepetitionPolicy::Warn => "warn",
            RepetitionPolicy::Refuse => "refuse",
        }
    }
}

impl std::str::FromStr for RepetitionPolicy {
    type Err = String;
    /// Parses `warn` or `refuse`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "warn" => Ok(RepetitionPolicy::Warn),
            "refuse" => Ok(RepetitionPolicy::Refuse),
            _ => Err(format!("unknown repetition policy {s:?} (warn or refuse)")),
        }
    }
}

/// The longest natural move limit a room or event may set, in moves.
pub const MAX_MOVE_LIMIT: u32 = 1_000;

/// The rule set a room or event names: the repetition profile (`axf` or `cxa`) with the natural
/// move limit in moves (pairs of plies) without a capture, 0 for none.
///
/// ```
/// use platform::table::rule_set;
/// use xiangqi::rulings::Profile;
/// let rules = rule_set("cxa", 50)?;
/// assert_eq!((rules.profile, rules.move_limit), (Profile::Cxa, Some(100)));
/// assert_eq!(rule_set("axf", 0)?.move_limit, None);
/// assert!(rule_set("fide", 60).is_err() && rule_set("axf", 5_000).is_err());
/// # Ok::<_, String>(())
/// ```
///
/// # Errors
/// An unknown profile, or a limit above [`MAX_MOVE_LIMIT`], in words.
pub fn rule_set(profile: &str, move_limit: u32) -> Result<RuleSet, String> {
    let profile: xiangqi::rulings::Profile = profile.parse()?;
    if move_limit > MAX_MOVE_LIMIT {
        return Err(format!(
            "move_limit must be 0..={MAX_MOVE_LIMIT} moves (0: none)"
        ));
    }
    Ok(RuleSet::for_profile(profile).with_move_limit((move_limit > 0).then_some(2 * move_limit)))
}

/// Settings of one table, fixed when it is created (the room decides them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableConfig {
    /// The position every game starts from (the standard one, or a handicap setup).
    pub start: Position,
    /// The game-end rules (repetition profile, move limit).
    pub rules: RuleSet,
    /// Whether a move that would lose by repetition is played (and loses) or refused.
    pub repetition: RepetitionPolicy,
    /// The time control until the players agree on another.
    pub time_control: TimeControl,
    /// Black's own control while the table keeps `time_control` (Red's), for games with a
    /// control per colour (a knockout's sudden-death game); `None`: both play `time_control`.
    pub black_time_control: Option<TimeControl>,
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
    /// How far behind the game its spectators are kept (none by default); the table itself
    /// ignores it: the server's spectator feed applies it.
    pub spectator_delay: SpectatorDelay,
    /// Whether a player may berserk before their first move (an arena's tables): half their
    /// time, no increment.
    pub berserk: bool,
    /// The pool its games are rated in (a ladder's or tournament's own); `None`: the site's
    /// rating.
    pub rating_pool: Option<RatingPool>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            start: Position::startpos(),
            rules: RuleSet::default(),
            repetition: RepetitionPolicy::Warn,
            time_control: TimeControl::ourgame(),
            black_time_control: None,
            reconnect_grace: RECONNECT_GRACE,
            first_move_deadline: Some(FIRST_MOVE_DEADLINE),
            undo_allowed: true,
            max_undos: MAX_UNDOS,
            max_spectators: MAX_SPECTATORS,
            chat: ChatLimits::default(),
            draw_offer_min_ply: 0,
            handicap_rating: None,
            spectator_delay: SpectatorDelay::default(),
            berserk: false,
            rating_pool: None,
        }
    }
}
