//! Who is at a table: admission to a room's table (its `min_coins`), what a joining connection
//! gets first (the events it missed, or the whole `table_state`), and what the table applies
//! when a user's last connection to it closes.

use super::core::TableCore;
use super::history::History;
use crate::user::{UserInfo, COMPUTER};
use platform::table::{Action, Table};
use platform::UserId;
use protocol::error_code::ErrorCode;
use std::sync::Arc;

/// Whether `user`'s balance meets the room's `min_coins`; if not, the refusal to answer.
pub(super) async fn admits(core: &TableCore, user: &UserInfo) -> Result<(), (ErrorCode, String)> {
    let needed = core.room.min_coins;
    if needed <= 0 || user.id == COMPUTER {
        return Ok(());
    }
    match crate::coins::balance(&core.state, user.id).await {
        Ok(have) if have.get() >= needed => Ok(()),
        Ok(have) => Err((
            ErrorCode::NotEnoughCoins,
            format!("this room needs {needed} coins; you have {have}"),
        )),
        Err(e) => {
            tracing::error!(table = core.id.0, "balance: {e}");
            Err((ErrorCode::Internal, "something went wrong".to_owned()))
        }
    }
}

/// The events a client that has `(epoch, v)` missed, if the history still holds them all;
/// `None`: it needs the whole `table_state`.
pub(super) fn missed(
    history: &History,
    epoch: &str,
    since: Option<(String, u64)>,
) -> Option<Vec<Arc<str>>> {
    since
        .filter(|(e, _)| e == epoch)
        .and_then(|(_, v)| history.since(v))
}

/// Whether `user`, joining, is a seated player whose grace is running (then they reconnect).
pub(super) fn is_away(table: &Table, user: UserId) -> bool {
    table
        .seat_of(user)
        .is_some_and(|c| table.seat(c).is_some_and(|s| s.away_since.is_some()))
}

/// What the table applies when the last connection of `user` closed: a seated player is
/// disconnected (the grace runs), anyone else leaves.
pub(super) fn gone(table: &Table, user: UserId) -> Action {
    if table.seat_of(user).is_some() {
        Action::Disconnect
    } else {
        Action::Leave
    }
}

/// What players may not do at a tournament table: the director seats them and starts the game
/// (from the standard position: no handicap).
pub(super) fn director_only(action: &Action) -> bool {
    matches!(
        action,
        Action::Abort
            | Action::Sit(_)
            | Action::Stand
            | Action::Ready(_)
            | Action::ProposeTimeControl(_)
            | Action::AcceptTimeControl
            | Action::ProposeHandicap(_)
            | Action::AcceptHandicap
    )
}
