//! [`FlagKind`]: which limit of a time control a player exceeded.

use serde::{Deserialize, Serialize};

/// Which limit a player exceeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagKind {
    /// Game time ran out with no byoyomi (局时).
    GameTime,
    /// The per-move limit was exceeded (步时).
    MoveTime,
    /// The last byoyomi period was exceeded (读秒).
    Byoyomi,
}
