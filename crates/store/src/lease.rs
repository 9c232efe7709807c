//! Table ownership as stored (migration 0010, docs/scale.md "Ownership"): each node's heartbeat
//! row (`nodes`), each table's owner and fencing epoch (`table_owner`), and the fence that every
//! journal, result and ledger write of a table checks in its own transaction.
//!
//! Decision: the claim is one conditional upsert, so the database alone decides who owns a
//! table: it succeeds only when the table is unowned (or released), owned by the claiming node
//! itself (a restart: reclaimed at once), or owned by a node whose beat is older than the lease.
//! Every grant raises the epoch. A write of a table carries the epoch its owner was granted
//! ([`Fence`]); [`fence_in`] compares it with the stored one inside the write's transaction,
//! holding the owner row (`FOR SHARE` on PostgreSQL; SQLite has one writer at a time), so a
//! takeover waits for writes in flight and refuses every later write of the old owner.

use super::sql::{get, Sql};
use super::{Backend, Db, DbTx, StoreError};
use platform::TableId;
use sqlx::Row;
use std::collections::{BTreeSet, HashMap};

/// A table's fencing epoch: it rises with every grant of the table to a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Epoch(pub u64);

/// What a write of a table must find stored: the table is still granted at this epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fence {
    /// The table.
    pub table: TableId,
    /// The epoch its owner was granted.
    pub epoch: Epoch,
}

/// What a claimed table is, recorded with its first claim: the takeover of a dead node's
/// tables asks this, never the table's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// A room or event table, or a director's lease.
    Table,
    /// A table of a game against the computer (its id is never reused).
    Computer,
}

impl TableKind {
    /// The stored name (`table_owner.kind`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TableKind::Table => "table",
            TableKind::Computer => "computer",
        }
    }
}

/// A granted claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The table and its new epoch.
    pub fence: Fence,
    /// The owner before this grant (`None`: the table was unowned or released) and its last
    /// beat (ms since the epoch; 0 if it never beat).
    pub previous: Option<(String, u64)>,
}

/// A table's stored owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The owning node (`""` once released).
    pub node: String,
    /// The current epoch.
    pub epoch: Epoch,
}

impl Db {
    /// Records that `node` (in its run `run`) is alive at `at` (ms since the epoch).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn beat(&self, node: &str, run: &str, at: u64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO nodes (node_id, run_id, beat_at) VALUES ($1, $2, $3) \
             ON CONFLICT (node_id) DO UPDATE SET run_id = excluded.run_id, \
             beat_at = excluded.beat_at",
        )
        .bind(node)
        .bind(run)
        .bind(at.sql())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `node`'s last beat (0 if it never beat): where its games are paused after a crash.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn last_beat(&self, node: &str) -> Result<u64, StoreError> {
        let at: Option<i64> = sqlx::query_scalar("SELECT beat_at FROM nodes WHERE node_id = $1")
            .bind(node)
            .fetch_optional(&self.pool)
            .await?;
        Ok(at.map_or(0, u64::from_sql))
    }

    /// The nodes whose last beat is at or after `since`, sorted.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn live_nodes(&self, since: u64) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT node_id FROM nodes WHERE beat_at >= $1 ORDER BY node_id")
                .bind(since.sql())
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Claims `table` for `node`: granted when the table is unowned or released, owned by
    /// `node` itself, or owned by a node whose last beat is before `stale_before`; the epoch
    /// then rises by one. `None`: a live node owns it (nothing changed).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn claim_table(
        &self,
        table: TableId,
        node: &str,
        stale_before: u64,
    ) -> Result<Option<Grant>, StoreError> {
        self.claim_table_as(table, TableKind::Table, node, stale_before)
            .await
    }

    /// [`Db::claim_table`] for a table of `kind`, recorded on the table's first claim (a
    /// table's kind never changes).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn claim_table_as(
        &self,
        table: TableId,
        kind: TableKind,
        node: &str,
        stale_before: u64,
    ) -> Result<Option<Grant>, StoreError> {
        super::retry::retry("table claim", || async {
            let mut tx = self.begin_write().await?;
            let lock = match self.backend {
                Backend::Postgres => " FOR UPDATE OF o",
                Backend::Sqlite => "",
            };
            let before = sqlx::query(&format!(
                "SELECT o.node_id, n.beat_at FROM table_owner o \
                 LEFT JOIN nodes n ON n.node_id = o.node_id WHERE o.table_id = $1{lock}"
            ))
            .bind(table.sql())
            .fetch_optional(&mut *tx)
            .await?;
            let previous = match before {
                Some(row) => {
                    let owner: String = row.try_get("node_id")?;
                    let beat: Option<i64> = row.try_get("beat_at")?;
                    (!owner.is_empty()).then(|| (owner, beat.map_or(0, u64::from_sql)))
                }
                None => None,
            };
            let epoch: Option<i64> = sqlx::query_scalar(
                "INSERT INTO table_owner (table_id, node_id, epoch, kind) VALUES ($1, $2, 1, $4) \
                 ON CONFLICT (table_id) DO UPDATE SET node_id = excluded.node_id, \
                 epoch = table_owner.epoch + 1 \
                 WHERE table_owner.node_id = excluded.node_id OR NOT EXISTS \
                 (SELECT 1 FROM nodes n WHERE n.node_id = table_owner.node_id AND n.beat_at >= $3) \
                 RETURNING epoch",
            )
            .bind(table.sql())
            .bind(node)
            .bind(stale_before.sql())
            .bind(kind.as_str())
            .fetch_optional(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(epoch.map(|e| Grant {
                fence: Fence {
                    table,
                    epoch: Epoch(u64::from_sql(e)),
                },
                previous,
            }))
        })
        .await
    }

    /// Gives up `node`'s tables (a clean stop): their rows stay, unowned, so their epochs keep
    /// rising; any node may claim them at once.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn release_tables(&self, node: &str) -> Result<u64, StoreError> {
        let done = sqlx::query("UPDATE table_owner SET node_id = '' WHERE node_id = $1")
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Gives up one table held under `fence` (placement gives it another live node now): its
    /// row stays, unowned, so any node may claim it at once. `false`: the fence no longer
    /// holds (nothing changed).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn release_table(&self, fence: Fence) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE table_owner SET node_id = '' WHERE table_id = $1 AND epoch = $2")
                .bind(fence.table.sql())
                .bind(fence.epoch.0.sql())
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The stored owner of `table`, if it was ever claimed.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn table_owner(&self, table: TableId) -> Result<Option<Owner>, StoreError> {
        let row = sqlx::query("SELECT node_id, epoch FROM table_owner WHERE table_id = $1")
            .bind(table.sql())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| -> Result<Owner, StoreError> {
            Ok(Owner {
                node: r.try_get("node_id")?,
                epoch: Epoch(get(&r, "epoch")?),
            })
        })
        .transpose()
    }

    /// Every claimed table with its owner (`""`: released).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn table_owners(&self) -> Result<HashMap<TableId, String>, StoreError> {
        let rows = sqlx::query("SELECT table_id, node_id FROM table_owner")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((get(r, "table_id")?, r.try_get("node_id")?)))
            .collect()
    }

    /// The claimed tables of games against the computer ([`TableKind::Computer`]) with their
    /// owners (`""`: released).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn computer_table_owners(&self) -> Result<HashMap<TableId, String>, StoreError> {
        let rows = sqlx::query("SELECT table_id, node_id FROM table_owner WHERE kind = 'computer'")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((get(r, "table_id")?, r.try_get("node_id")?)))
            .collect()
    }

    /// Forgets the owner row of a table that will never be opened again (a table of a game
    /// against the computer, whose id is never reused), if `fence` still holds.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn drop_table_owner(&self, fence: Fence) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM table_owner WHERE table_id = $1 AND epoch = $2")
            .bind(fence.table.sql())
            .bind(fence.epoch.0.sql())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A fresh id for a table of a game against the computer (a sequence on PostgreSQL, a
    /// counter row on SQLite): never handed out twice, whichever node asks.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn next_ai_table_id(&self) -> Result<TableId, StoreError> {
        let id: i64 = match self.backend {
            Backend::Postgres => {
                sqlx::query_scalar("SELECT nextval('ai_table_id')")
                    .fetch_one(&self.pool)
                    .await?
            }
            Backend::Sqlite => {
                sqlx::query_scalar(
                    "UPDATE id_counters SET next = next + 1 WHERE name = 'ai_table' \
                     RETURNING next - 1",
                )
                .fetch_one(&self.pool)
                .await?
            }
        };
        Ok(TableId::from_sql(id))
    }
}

/// Tables per fence query (one parameter each).
const TABLES_PER_QUERY: usize = 64;

/// The fence: which of `fences` still hold, checked inside `tx` (the write's own transaction),
/// each owner row held until it commits (`FOR SHARE` on PostgreSQL, in table order; SQLite's
/// write lock is held already). A table with no stored owner is fenced too.
///
/// # Errors
/// [`StoreError::Db`].
pub(crate) async fn fences_held(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    fences: &BTreeSet<Fence>,
) -> Result<BTreeSet<Fence>, StoreError> {
    let lock = match db.backend {
        Backend::Postgres => " FOR SHARE",
        Backend::Sqlite => "",
    };
    let tables: Vec<TableId> = fences
        .iter()
        .map(|f| f.table)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut stored: HashMap<TableId, Epoch> = HashMap::with_capacity(tables.len());
    for chunk in tables.chunks(TABLES_PER_QUERY) {
        let params: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT table_id, epoch FROM table_owner WHERE table_id IN ({}) \
             ORDER BY table_id{lock}",
            params.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for t in chunk {
            q = q.bind(t.sql());
        }
        for row in q.fetch_all(&mut *tx).await? {
            stored.insert(get(&row, "table_id")?, Epoch(get(&row, "epoch")?));
        }
    }
    Ok(fences
        .iter()
        .filter(|f| stored.get(&f.table) == Some(&f.epoch))
        .copied()
        .collect())
}

/// [`StoreError::Fenced`] unless `fence` still holds, checked inside `tx` (see [`fences_held`]).
///
/// # Errors
/// [`StoreError::Fenced`], [`StoreError::Db`].
pub(crate) async fn fence_in(db: &Db, tx: &mut DbTx, fence: Fence) -> Result<(), StoreError> {
    if fences_held(db, tx, &BTreeSet::from([fence]))
        .await?
        .is_empty()
    {
        Err(StoreError::Fenced(fence.table))
    } else {
        Ok(())
    }
}
