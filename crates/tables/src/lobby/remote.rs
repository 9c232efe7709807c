//! [`NodeTables`]: what one lobby knows of another node's tables — each table's room and
//! `TableSummary` JSON as that node wrote it, and who sits in a game in progress there (read
//! once, when the summary arrives), so the seek desk can tell a player busy on another node,
//! and which tables stand free there (to seat a pair at when its own node has none).

use super::SharedSummary;
use platform::{TableId, UserId};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Instant;

/// Another node's tables.
pub(super) struct NodeTables {
    /// When the node was last heard from.
    pub(super) heard: Instant,
    /// Each table's room and summary.
    pub(super) tables: BTreeMap<TableId, (String, Arc<RawValue>)>,
    /// The players of each table with a game in progress.
    playing: BTreeMap<TableId, [UserId; 2]>,
    /// The tables with both seats empty and no game in progress.
    free: BTreeSet<TableId>,
}

/// The part of a `TableSummary` that says who plays.
#[derive(Deserialize)]
struct Players {
    status: String,
    seats: Seats,
}

#[derive(Deserialize)]
struct Seats {
    red: Option<Seat>,
    black: Option<Seat>,
}

#[derive(Deserialize)]
struct Seat {
    user: SeatUser,
}

#[derive(Deserialize)]
struct SeatUser {
    id: UserId,
}

/// What a summary says of its seats.
enum Seating {
    /// A game in progress between these two.
    Playing([UserId; 2]),
    /// Both seats empty, no game.
    Free,
    /// Anything else (one seated, a finished game still shown, an odd summary).
    Other,
}

/// Who plays the game in progress that `summary` shows, or whether the table is free.
fn seating(summary: &RawValue) -> Seating {
    let Ok(p) = serde_json::from_str::<Players>(summary.get()) else {
        return Seating::Other;
    };
    match (p.status == "playing", p.seats.red, p.seats.black) {
        (true, Some(r), Some(b)) => Seating::Playing([r.user.id, b.user.id]),
        (false, None, None) => Seating::Free,
        _ => Seating::Other,
    }
}

impl NodeTables {
    /// Nothing known yet; heard from now.
    pub(super) fn new() -> NodeTables {
        NodeTables {
            heard: Instant::now(),
            tables: BTreeMap::new(),
            playing: BTreeMap::new(),
            free: BTreeSet::new(),
        }
    }

    /// Table `s.table` now shows `s`.
    pub(super) fn put(&mut self, s: SharedSummary) {
        self.playing.remove(&s.table);
        self.free.remove(&s.table);
        match seating(&s.json) {
            Seating::Playing(p) => {
                self.playing.insert(s.table, p);
            }
            Seating::Free => {
                self.free.insert(s.table);
            }
            Seating::Other => {}
        }
        self.tables.insert(s.table, (s.room, s.json));
    }

    /// Table `table` is gone.
    pub(super) fn remove(&mut self, table: TableId) {
        self.tables.remove(&table);
        self.playing.remove(&table);
        self.free.remove(&table);
    }

    /// Whether `s` says what is already known of its table.
    pub(super) fn same(&self, s: &SharedSummary) -> bool {
        self.tables
            .get(&s.table)
            .is_some_and(|(_, old)| old.get() == s.json.get())
    }

    /// Forgets every table.
    pub(super) fn clear(&mut self) {
        self.tables.clear();
        self.playing.clear();
        self.free.clear();
    }

    /// The free tables of `room` here.
    pub(super) fn free_in<'a>(&'a self, room: &'a str) -> impl Iterator<Item = TableId> + 'a {
        self.free
            .iter()
            .copied()
            .filter(move |t| self.tables.get(t).is_some_and(|(r, _)| r == room))
    }

    /// Whether `user` plays a game in progress at one of these tables.
    pub(super) fn plays(&self, user: UserId) -> bool {
        self.playing.values().any(|p| p.contains(&user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(table: u64, json: &str) -> SharedSummary {
        SharedSummary {
            table: TableId(table),
            room: "r".to_owned(),
            json: Arc::from(RawValue::from_string(json.to_owned()).expect("json")),
        }
    }

    const PLAYING: &str = r#"{"id":1,"status":"playing","seats":{"red":{"user":{"id":7,"name":"a"},"ready":true,"away":false},"black":{"user":{"id":8,"name":"b"},"ready":true,"away":false}}}"#;

    #[test]
    fn players_of_a_game_in_progress_are_known_until_it_ends() {
        let mut n = NodeTables::new();
        n.put(summary(1, PLAYING));
        assert!(n.plays(UserId(7)) && n.plays(UserId(8)));
        assert!(!n.plays(UserId(9)));
        n.put(summary(1, &PLAYING.replace("playing", "finished")));
        assert!(!n.plays(UserId(7)));
        n.put(summary(1, PLAYING));
        n.remove(TableId(1));
        assert!(!n.plays(UserId(8)));
    }

    #[test]
    fn a_waiting_table_or_an_odd_summary_plays_nobody() {
        let mut n = NodeTables::new();
        n.put(summary(
            2,
            r#"{"status":"waiting","seats":{"red":{"user":{"id":7}},"black":null}}"#,
        ));
        n.put(summary(3, r#"{"oops":1}"#));
        assert!(!n.plays(UserId(7)));
        assert_eq!(n.tables.len(), 2);
        assert_eq!(n.free_in("r").count(), 0, "neither is free");
    }

    #[test]
    fn free_tables_are_known_by_room_until_someone_sits() {
        let mut n = NodeTables::new();
        let empty = r#"{"status":"waiting","seats":{"red":null,"black":null}}"#;
        n.put(summary(4, empty));
        n.put(summary(5, empty));
        n.put(SharedSummary {
            room: "other".to_owned(),
            ..summary(6, empty)
        });
        assert_eq!(
            n.free_in("r").collect::<Vec<_>>(),
            vec![TableId(4), TableId(5)]
        );
        n.put(summary(4, PLAYING));
        assert_eq!(n.free_in("r").collect::<Vec<_>>(), vec![TableId(5)]);
        n.remove(TableId(5));
        assert_eq!(n.free_in("r").count(), 0);
        assert_eq!(n.free_in("other").collect::<Vec<_>>(), vec![TableId(6)]);
    }
}
