//! Opening a table for a game against the computer: the checks (level, time control, the
//! per-user limit of such games), the table's settings (no first-move deadline, undo granted),
//! and its task. The WebSocket edge only forwards `ai_start` here; restored games use the same
//! settings.

use super::actor::spawn_table;
use super::registry::TableHandle;
use super::setup::{AiSide, TableSetup};
use crate::error_code::ErrorCode;
use crate::lobby::RoomInfo;
use crate::state::AppState;
use platform::clock::TimeControl;
use platform::{TableId, UserId};
use std::sync::Arc;

/// Opens a private table where `user` plays `color` against the computer at `level` (1..=10)
/// with `control` (default untimed), counting it against the user's limit; returns the table's
/// id and handle. The game itself starts with `TableMsg::StartAi`.
///
/// # Errors
/// `(code, message)`: `bad_message` for a level out of range, `invalid_time_control`,
/// `too_many_ai_games`, or `internal` if the table cannot be created.
pub fn open_computer_table(
    state: &AppState,
    user: UserId,
    level: u8,
    color: xiangqi::Color,
    control: Option<TimeControl>,
) -> Result<(TableId, TableHandle), (ErrorCode, String)> {
    if !(1..=engine::level::MAX_LEVEL).contains(&level) {
        return Err((ErrorCode::BadMessage, "level must be 1..=10".into()));
    }
    let control = control.unwrap_or_else(TimeControl::untimed);
    if let Err(e) = control.validate() {
        return Err((ErrorCode::InvalidTimeControl, e.to_string()));
    }
    let tables = &state.tables;
    let table = tables.next_ai_id(TableId(0));
    if !tables.claim_ai_game(user, table, state.config.ai_games_per_user) {
        return Err((
            ErrorCode::TooManyAiGames,
            "finish a game against the computer first".into(),
        ));
    }
    let setup = ai_setup(state, table, control, !color, level);
    match spawn_table(state, setup, None) {
        Ok(handle) => Ok((table, handle)),
        Err(e) => {
            tables.release_ai_game(table);
            Err((ErrorCode::Internal, e.to_string()))
        }
    }
}

/// The setup of a table for a game against the computer playing `ai_color` at `level`.
#[must_use]
pub fn ai_setup(
    state: &AppState,
    table: TableId,
    control: TimeControl,
    ai_color: xiangqi::Color,
    level: u8,
) -> TableSetup {
    let mut config = state.config.table_config(control);
    config.first_move_deadline = None;
    config.undo_allowed = true;
    config.max_undos = 1_000;
    TableSetup {
        id: table,
        room: Arc::new(RoomInfo {
            id: "ai".into(),
            name: "Computer".into(),
            min_coins: 0,
        }),
        config,
        ai: Some(AiSide {
            color: ai_color,
            level,
        }),
        tournament: None,
    }
}
