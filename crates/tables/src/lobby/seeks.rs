//! The lobby's open-seek lists, one per room, as the site's seek desk last published them.
//!
//! The desk lives on one node (docs/scale.md, "The seek desk"); its lists reach every other
//! node's lobby through the lobby relay. A list is kept as the JSON the desk's node wrote
//! (`[Seek]`) with its number `v` and the node it came from. The numbers belong to the site, not
//! to one desk: a desk's next list is numbered one above the highest this lobby has seen, so a
//! desk that moves to another node goes on counting up and clients (which drop older lists)
//! take its lists. A list from another node replaces one of a lower or equal number.

use protocol::views::SeekView;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, RwLock};

/// One room's list.
#[derive(Clone, Debug)]
struct RoomSeeks {
    v: u64,
    json: Arc<RawValue>,
    /// The node whose desk made it (`None`: this node's).
    from: Option<String>,
}

/// A room's list as it is shown or relayed: the room, its number and its `[Seek]` JSON.
#[derive(Clone, Debug)]
pub struct SeekList {
    /// The room.
    pub room: String,
    /// The list's number.
    pub v: u64,
    /// `[Seek]`.
    pub json: Arc<RawValue>,
}

/// Every room's seek list.
#[derive(Debug, Default)]
pub struct SeekLists {
    rooms: RwLock<BTreeMap<String, RoomSeeks>>,
}

/// `[]`: the list of a room without seeks.
fn empty() -> Arc<RawValue> {
    static EMPTY: LazyLock<Arc<RawValue>> =
        LazyLock::new(|| Arc::from(RawValue::from_string("[]".to_owned()).expect("`[]` is JSON")));
    EMPTY.clone()
}

impl SeekLists {
    /// Stores this node's desk's new list for `room`, numbered one above the highest seen.
    /// `None` if the seeks could not be written as JSON.
    pub fn set_local(&self, room: &str, seeks: &[SeekView]) -> Option<SeekList> {
        let json: Arc<RawValue> = Arc::from(serde_json::value::to_raw_value(seeks).ok()?);
        let mut rooms = self.rooms.write().ok()?;
        let v = rooms.get(room).map_or(0, |r| r.v) + 1;
        rooms.insert(
            room.to_owned(),
            RoomSeeks {
                v,
                json: json.clone(),
                from: None,
            },
        );
        Some(SeekList {
            room: room.to_owned(),
            v,
            json,
        })
    }

    /// Takes in `node`'s desk's list; `true` if it replaced what was known (not older).
    pub fn merge(&self, node: &str, list: &SeekList) -> bool {
        let Ok(mut rooms) = self.rooms.write() else {
            return false;
        };
        if rooms.get(&list.room).is_some_and(|r| r.v > list.v) {
            return false;
        }
        rooms.insert(
            list.room.clone(),
            RoomSeeks {
                v: list.v,
                json: list.json.clone(),
                from: Some(node.to_owned()),
            },
        );
        true
    }

    /// Empties the lists that came from `node` (its desk died with it), keeping their numbers;
    /// returns the emptied lists to announce.
    pub fn forget_node(&self, node: &str) -> Vec<SeekList> {
        let Ok(mut rooms) = self.rooms.write() else {
            return Vec::new();
        };
        let mut emptied = Vec::new();
        for (room, r) in rooms.iter_mut() {
            if r.from.as_deref() == Some(node) && r.json.get() != "[]" {
                r.json = empty();
                emptied.push(SeekList {
                    room: room.clone(),
                    v: r.v,
                    json: r.json.clone(),
                });
            }
        }
        emptied
    }

    /// The lists this node's desk made (the relay sends them again every beat).
    #[must_use]
    pub fn local(&self) -> Vec<SeekList> {
        self.rooms.read().map_or_else(
            |_| Vec::new(),
            |rooms| {
                rooms
                    .iter()
                    .filter(|(_, r)| r.from.is_none())
                    .map(|(room, r)| SeekList {
                        room: room.clone(),
                        v: r.v,
                        json: r.json.clone(),
                    })
                    .collect()
            },
        )
    }

    /// `room`'s list (`[]` when none).
    #[must_use]
    pub fn get(&self, room: &str) -> Arc<RawValue> {
        self.rooms
            .read()
            .ok()
            .and_then(|rooms| rooms.get(room).map(|r| r.json.clone()))
            .unwrap_or_else(empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(room: &str, v: u64, json: &str) -> SeekList {
        SeekList {
            room: room.to_owned(),
            v,
            json: Arc::from(RawValue::from_string(json.to_owned()).expect("json")),
        }
    }

    #[test]
    fn a_desk_counts_on_from_the_highest_number_seen() {
        let lists = SeekLists::default();
        assert!(lists.merge("n1", &list("r", 7, "[1]")));
        let mine = lists.set_local("r", &[]).expect("stored");
        assert_eq!(mine.v, 8);
        assert_eq!(lists.get("r").get(), "[]");
        assert_eq!(lists.local().len(), 1);
    }

    #[test]
    fn an_older_list_is_refused_and_an_equal_one_taken() {
        let lists = SeekLists::default();
        assert!(lists.merge("n1", &list("r", 5, "[1]")));
        assert!(!lists.merge("n2", &list("r", 4, "[2]")));
        assert_eq!(lists.get("r").get(), "[1]");
        assert!(lists.merge("n1", &list("r", 5, "[3]")));
        assert_eq!(lists.get("r").get(), "[3]");
        assert!(lists.local().is_empty());
    }

    #[test]
    fn a_dead_desks_lists_are_emptied_under_their_number() {
        let lists = SeekLists::default();
        lists.merge("n1", &list("a", 3, "[1]"));
        lists.merge("n2", &list("b", 4, "[2]"));
        let gone = lists.forget_node("n1");
        assert_eq!(gone.len(), 1);
        assert_eq!((gone[0].room.as_str(), gone[0].v), ("a", 3));
        assert_eq!(lists.get("a").get(), "[]");
        assert_eq!(lists.get("b").get(), "[2]");
        assert!(lists.forget_node("n1").is_empty());
    }
}
