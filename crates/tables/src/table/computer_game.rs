//! Opening a table for a game against the computer: the checks (level, time control, the
//! per-user limit of such games; a rated game needs a registered player and a real time
//! control), the table's settings (no first-move deadline; undo granted, or none in a rated
//! game), and its task. The WebSocket edge only forwards `ai_start` here; restored games use the
//! same settings. The table's id comes from the database (never reused, whichever node asks)
//! and the table is claimed by this node, the user's (docs/scale.md, "Ownership").

use super::registry::TableHandle;
use super::setup::{AiSide, TableSetup};
use super::spawn::spawn_table;
use crate::live::Live;
use crate::lobby::RoomInfo;
use crate::owner::Owner;
use crate::user::{UserInfo, COMPUTER};
use platform::clock::TimeControl;
use platform::{TableId, UserId};
use protocol::error_code::ErrorCode;
use std::sync::Arc;
use store::GameRow;
use xiangqi::Color;

/// What `ai_start` asks for.
#[derive(Clone, Debug)]
pub struct AiRequest {
    /// The level, 1..=10.
    pub level: u8,
    /// The human's colour.
    pub color: Color,
    /// The time control (untimed when not given; a rated game needs one).
    pub control: Option<TimeControl>,
    /// Whether the game is rated.
    pub rated: bool,
}

/// Opens a private table where `user` plays against the computer as `req` says, counting it
/// against the user's limit; returns the table's id and handle. The game itself starts with
/// `TableMsg::StartAi`.
///
/// # Errors
/// `(code, message)`: `bad_message` for a level out of range, `invalid_time_control` (also an
/// untimed rated game), `guest_not_allowed` (a guest asking for a rated game),
/// `too_many_ai_games`, or `internal` if the table cannot be created.
pub async fn open_computer_table(
    state: &Live,
    user: &UserInfo,
    req: AiRequest,
) -> Result<(TableId, TableHandle), (ErrorCode, String)> {
    let level = req.level;
    if !(1..=engine::level::MAX_LEVEL).contains(&level) {
        return Err((ErrorCode::BadMessage, "level must be 1..=10".into()));
    }
    let control = req.control.unwrap_or_else(TimeControl::untimed);
    if let Err(e) = control.validate() {
        return Err((ErrorCode::InvalidTimeControl, e.to_string()));
    }
    let player = if req.rated {
        if user.guest {
            return Err((
                ErrorCode::GuestNotAllowed,
                "guests play the computer unrated; register to play rated".into(),
            ));
        }
        if control.is_untimed() {
            return Err((
                ErrorCode::InvalidTimeControl,
                "a rated game needs a time control".into(),
            ));
        }
        level_player(state, level)
            .ok_or_else(|| (ErrorCode::Internal, "no stored player for the level".into()))?
    } else {
        COMPUTER
    };
    let internal = |e: store::StoreError| {
        tracing::error!("opening a table against the computer: {e}");
        (
            ErrorCode::Internal,
            "the table could not be opened".to_owned(),
        )
    };
    let table = state.db.next_ai_table_id().await.map_err(internal)?;
    let tables = &state.tables;
    if !tables.claim_ai_game(user.id, table, state.config.ai_games_per_user) {
        return Err((
            ErrorCode::TooManyAiGames,
            "finish a game against the computer first".into(),
        ));
    }
    let ai = AiSide {
        color: !req.color,
        level,
        player,
        rated: req.rated,
    };
    let lease = match state
        .node
        .claim_as(&state.db, table, store::TableKind::Computer)
        .await
    {
        Ok(Some(lease)) => lease,
        Ok(None) => {
            tables.release_ai_game(table);
            return Err(internal(store::StoreError::Fenced(table)));
        }
        Err(e) => {
            tables.release_ai_game(table);
            return Err(internal(e));
        }
    };
    let setup = ai_setup(state, table, control, ai);
    match spawn_table(state, setup, lease, None) {
        Ok(handle) => Ok((table, handle)),
        Err(e) => {
            tables.release_ai_game(table);
            Err((ErrorCode::Internal, e.to_string()))
        }
    }
}

/// The stored player of `level` (rated games), if the server has one.
#[must_use]
pub fn level_player(state: &Live, level: u8) -> Option<UserId> {
    state
        .computers
        .get(usize::from(level).checked_sub(1)?)
        .copied()
}

/// The computer's side in the stored game `g`, if one of its players is the computer (unrated)
/// or a level's stored player (rated).
#[must_use]
pub fn restored_ai_side(state: &Live, g: &GameRow) -> Option<AiSide> {
    let level = g.ai_level?;
    let rated_player = level_player(state, level);
    [(Color::Red, g.red), (Color::Black, g.black)]
        .into_iter()
        .find_map(|(color, id)| {
            let rated = Some(id) == rated_player;
            (id == COMPUTER || rated).then_some(AiSide {
                color,
                level,
                player: id,
                rated,
            })
        })
}

/// The setup of a table for a game against the computer playing `ai`.
#[must_use]
pub fn ai_setup(state: &Live, table: TableId, control: TimeControl, ai: AiSide) -> TableSetup {
    let mut config = state.config.table_config(control);
    config.first_move_deadline = None;
    config.undo_allowed = !ai.rated;
    config.max_undos = if ai.rated { 0 } else { 1_000 };
    TableSetup {
        id: table,
        room: Arc::new(RoomInfo {
            id: "ai".into(),
            name: "Computer".into(),
            min_coins: 0,
            min_behaviour: 0,
        }),
        config,
        ai: Some(ai),
        owner: Owner::Room,
    }
}
