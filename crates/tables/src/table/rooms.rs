//! The rooms' tables as the configuration lists them: numbered from 1 in the order of the
//! rooms, each with its room's settings. Every node of a site computes the same list, so a
//! table id means the same table on all of them.

use super::setup::TableSetup;
use crate::lobby::RoomInfo;
use crate::owner::Owner;
use crate::settings::TableSettings;
use platform::clock::TimeControl;
use platform::{Millis, TableId};
use std::sync::Arc;

/// The setup of every room table of `settings` (`rooms`: the rooms' infos, in the same order).
///
/// # Errors
/// A room's start position that is not a legal FEN, or rules it names that do not exist.
pub fn room_tables(
    settings: &TableSettings,
    rooms: &[Arc<RoomInfo>],
) -> Result<Vec<TableSetup>, String> {
    let mut out = Vec::new();
    let mut next_id = 1u64;
    for (room, rc) in rooms.iter().zip(&settings.rooms) {
        let control = TimeControl::preset(&rc.time_control).unwrap_or_default();
        let mut table_config = settings.table_config(control);
        if let Some(secs) = rc.first_move_deadline_secs {
            table_config.first_move_deadline = (secs > 0).then(|| Millis::from_secs(secs));
        }
        let (rules, repetition) = rc.rules().map_err(|e| format!("room {}: {e}", rc.id))?;
        table_config.rules = rules;
        table_config.repetition = repetition;
        if let Some(fen) = &rc.start_fen {
            table_config.start =
                xiangqi::Position::from_fen(fen).map_err(|e| format!("room {}: {e}", rc.id))?;
        }
        table_config.handicap_rating = rc.handicap_rating.map(Into::into);
        table_config.spectator_delay = rc
            .spectator_delay()
            .map_err(|e| format!("room {}: {e}", rc.id))?;
        for _ in 0..rc.tables {
            out.push(TableSetup {
                id: TableId(next_id),
                room: room.clone(),
                config: table_config.clone(),
                ai: None,
                owner: Owner::Room,
            });
            next_id += 1;
        }
    }
    Ok(out)
}
