//! The table's rules on the wire (`RulesView` in `table_state`) and the repetition warnings of
//! the side to move (`warnings` in `GameState`, `moved` and `undone`; issue 21): which moves
//! would lose by the repetition rules now, and which would repeat a position for the last
//! allowed time.

use platform::table::{Game, TableConfig};
use serde::Serialize;
use xiangqi::rulings::{MoveWarning, WarningKind};

/// `Rules`: how the table's games are judged.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RulesView {
    /// The repetition profile: `axf` or `cxa`.
    pub profile: &'static str,
    /// The natural move limit in moves (pairs of plies) without a capture; `null`: none.
    pub move_limit: Option<u32>,
    /// What happens to a move that would lose by repetition: `warn` (played, and the client is
    /// warned beforehand) or `refuse` (refused with `losing_repetition`).
    pub repetition: &'static str,
}

impl RulesView {
    /// The rules of a table configured with `config`.
    #[must_use]
    pub fn of(config: &TableConfig) -> RulesView {
        RulesView {
            profile: config.rules.profile.name(),
            move_limit: config.rules.move_limit.map(|plies| plies / 2),
            repetition: config.repetition.name(),
        }
    }
}

/// `MoveWarning`: a move of the side to move that the client marks before it is played.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WarningView {
    /// Playing it loses now (`reason`: `perpetual_check` or `perpetual_chase`); a table in
    /// `refuse` mode refuses it.
    Loses {
        /// The move (ICCS).
        mv: String,
        /// The ruling it brings about.
        reason: &'static str,
    },
    /// Playing it repeats a position for the last allowed time: the next repetition is ruled.
    /// `loses_next`: that ruling would go against the mover, judged on the moves so far.
    Last {
        /// The move (ICCS).
        mv: String,
        /// Whether the mover's play so far is a violation (perpetual check or chase).
        loses_next: bool,
    },
}

impl From<&MoveWarning> for WarningView {
    fn from(w: &MoveWarning) -> WarningView {
        let mv = w.mv.to_string();
        match w.kind {
            WarningKind::Loses(reason) => WarningView::Loses {
                mv,
                reason: reason.as_str(),
            },
            WarningKind::LastRepetition { loses_next } => WarningView::Last { mv, loses_next },
        }
    }
}

/// The warnings of `game`'s side to move (empty once it is over).
#[must_use]
pub fn warnings(game: &Game) -> Vec<WarningView> {
    game.repetition_warnings()
        .iter()
        .map(WarningView::from)
        .collect()
}
