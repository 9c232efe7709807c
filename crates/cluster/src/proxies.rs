//! [`Proxies`]: on a table's owner, the connections of other nodes that use its tables. Each
//! has a stand-in here, a local [`Outbox`] like a connection's own, so a table treats a remote
//! watcher exactly as a local one (its events, answers and close signal); the forwarder of
//! `table_service` publishes what the outbox receives, in order, to the connection's node
//! (docs/scale.md, "Remote tables").

use platform::TableId;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use tables::table::{Close, ConnId, Outbox};
use tables::user::UserInfo;
use tokio::sync::{mpsc, watch};

/// The receiving ends of a new stand-in's outbox: its messages and its close signal.
pub type Ends = (mpsc::Receiver<Arc<str>>, watch::Receiver<Option<Close>>);

/// A remote connection as seen here: which node, and its id there.
type Key = (Arc<str>, u64);

/// One remote connection.
#[derive(Debug)]
struct Proxy {
    conn: ConnId,
    user: Arc<UserInfo>,
    out: Outbox,
    tables: BTreeSet<TableId>,
}

/// A remote connection's stand-in at this node's tables.
#[derive(Clone, Debug)]
pub struct Stand {
    /// Its id here (distinct from every local connection's).
    pub conn: ConnId,
    /// Its user, read once.
    pub user: Arc<UserInfo>,
    /// Where the tables answer it.
    pub out: Outbox,
}

/// The remote connections that use this node's tables.
#[derive(Debug, Default)]
pub struct Proxies {
    by_key: Mutex<HashMap<Key, Proxy>>,
}

impl Proxies {
    /// The stand-in of connection `conn` of `node`; a new one for `user` when it has none,
    /// with the receiving ends of its outbox (for its forwarder).
    pub fn add(&self, node: &str, conn: u64, user: Arc<UserInfo>) -> Option<(Stand, Option<Ends>)> {
        let mut map = self.by_key.lock().ok()?;
        let key: Key = (Arc::from(node), conn);
        if let Some(p) = map.get(&key) {
            return Some((stand_of(p), None));
        }
        let (out, rx, closing) = Outbox::new();
        let proxy = Proxy {
            conn: ConnId::next(),
            user,
            out,
            tables: BTreeSet::new(),
        };
        let stand = stand_of(&proxy);
        map.insert(key, proxy);
        Some((stand, Some((rx, closing))))
    }

    /// The stand-in of connection `conn` of `node`, if it has one.
    #[must_use]
    pub fn find_stand(&self, node: &str, conn: u64) -> Option<Stand> {
        self.find(&(Arc::from(node), conn))
    }

    fn find(&self, key: &Key) -> Option<Stand> {
        self.by_key.lock().ok()?.get(key).map(stand_of)
    }

    /// Notes that the connection watches `table` (`true`) or stopped (`false`); a connection
    /// that watches nothing here any more is forgotten.
    pub fn watches(&self, node: &str, conn: u64, table: TableId, on: bool) {
        let Ok(mut map) = self.by_key.lock() else {
            return;
        };
        let key: Key = (Arc::from(node), conn);
        if let Some(p) = map.get_mut(&key) {
            if on {
                p.tables.insert(table);
            } else {
                p.tables.remove(&table);
                if p.tables.is_empty() {
                    map.remove(&key);
                }
            }
        }
    }

    /// Forgets the connections of nodes not in `live` (their node died): returns each one's id
    /// here and the tables it watched, which are told that it closed.
    pub fn drop_dead_nodes(&self, live: &[String]) -> Vec<(ConnId, Vec<TableId>)> {
        let Ok(mut map) = self.by_key.lock() else {
            return Vec::new();
        };
        let dead: Vec<Key> = map
            .keys()
            .filter(|(node, _)| !live.iter().any(|l| **l == **node))
            .cloned()
            .collect();
        dead.into_iter()
            .filter_map(|k| map.remove(&k))
            .map(|p| (p.conn, p.tables.into_iter().collect()))
            .collect()
    }

    /// How many remote connections use this node's tables.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_key.lock().map_or(0, |m| m.len())
    }

    /// Whether none does.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets connection `conn` of `node` (it closed) unless it still watches a table here
    /// (the table's own close request forgets it then); returns its stand-in's id here.
    pub fn forget_idle(&self, node: &str, conn: u64) -> Option<ConnId> {
        let mut map = self.by_key.lock().ok()?;
        let key: Key = (Arc::from(node), conn);
        if map.get(&key)?.tables.is_empty() {
            return map.remove(&key).map(|p| p.conn);
        }
        None
    }

    /// Forgets connection `conn` of `node`, if its stand-in here is still `id`.
    pub fn forget(&self, node: &str, conn: u64, id: ConnId) {
        if let Ok(mut map) = self.by_key.lock() {
            let key: Key = (Arc::from(node), conn);
            if map.get(&key).is_some_and(|p| p.conn == id) {
                map.remove(&key);
            }
        }
    }
}

fn stand_of(p: &Proxy) -> Stand {
    Stand {
        conn: p.conn,
        user: p.user.clone(),
        out: p.out.clone(),
    }
}
