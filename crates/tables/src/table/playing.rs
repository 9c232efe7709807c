//! [`Playing`]: who is seated in a game in progress at which of this node's tables. Each table
//! task tells it whenever that changes (`TableCore::note_players`) and when it stops; the seek
//! desk asks it (no seeking while playing, a seeker's seeks go once a game of theirs starts).

use platform::{TableId, UserId};
use std::collections::HashMap;
use std::sync::Mutex;

/// The players of every game in progress, by table, and how many games each user plays.
#[derive(Debug, Default)]
pub(crate) struct Playing {
    inner: Mutex<Games>,
}

#[derive(Debug, Default)]
struct Games {
    by_table: HashMap<TableId, [UserId; 2]>,
    by_user: HashMap<UserId, usize>,
}

impl Playing {
    /// Table `table` now has a game in progress between `players`, or none.
    pub(crate) fn set(&self, table: TableId, players: Option<[UserId; 2]>) {
        let Ok(mut g) = self.inner.lock() else {
            return;
        };
        if let Some(old) = g.by_table.remove(&table) {
            for u in old {
                if let Some(n) = g.by_user.get_mut(&u) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        g.by_user.remove(&u);
                    }
                }
            }
        }
        if let Some(new) = players {
            for u in new {
                *g.by_user.entry(u).or_default() += 1;
            }
            g.by_table.insert(table, new);
        }
    }

    /// Whether `user` plays a game in progress.
    pub(crate) fn has(&self, user: UserId) -> bool {
        self.inner
            .lock()
            .is_ok_and(|g| g.by_user.contains_key(&user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_plays_while_any_game_of_theirs_is_in_progress() {
        let p = Playing::default();
        let (a, b, c) = (UserId(1), UserId(2), UserId(3));
        p.set(TableId(1), Some([a, b]));
        p.set(TableId(2), Some([a, c]));
        assert!(p.has(a) && p.has(b) && p.has(c));
        p.set(TableId(1), None);
        assert!(p.has(a) && !p.has(b) && p.has(c));
        // A table's next game replaces its players.
        p.set(TableId(2), Some([b, c]));
        assert!(!p.has(a) && p.has(b) && p.has(c));
        p.set(TableId(2), None);
        p.set(TableId(2), None);
        assert!(!p.has(b) && !p.has(c));
    }
}
