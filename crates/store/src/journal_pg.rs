//! The journal's batch on PostgreSQL as one statement per chunk: the fence check and the insert
//! in a single round trip (autocommit, so the commit is part of it), instead of `BEGIN`, the
//! fence query, the insert and `COMMIT`. The owner rows of the batch's tables are locked
//! `FOR SHARE`, in table order, until the statement commits: a takeover (which raises the
//! epoch) waits for it, or has committed first and then the rows of its table do not join.

use super::journal_entry::JournalEntry;
use super::lease::Fence;
use super::sql::{get, numbered_rows, Sql};
use super::StoreError;
use platform::GameId;
use std::collections::{BTreeSet, HashSet};

/// Rows per statement (7 parameters each).
const ROWS_PER_STATEMENT: usize = 64;

/// The statement for `rows` rows: `$1…$7` are the first row's game, seq, at, user, action,
/// table and epoch.
fn statement(rows: usize) -> String {
    const CASTS: [&str; 7] = [
        "BIGINT", "BIGINT", "BIGINT", "BIGINT", "TEXT", "BIGINT", "BIGINT",
    ];
    let mut sql = format!(
        "WITH v (game_id, seq, at, user_id, action, table_id, epoch) AS (VALUES {}",
        numbered_rows(rows, &CASTS)
    );
    sql.push_str(
        "), held AS (SELECT o.table_id, o.epoch FROM table_owner o \
         WHERE (o.table_id, o.epoch) IN (SELECT table_id, epoch FROM v) \
         ORDER BY o.table_id FOR SHARE OF o) \
         INSERT INTO game_log (game_id, seq, at, user_id, action) \
         SELECT v.game_id, v.seq, v.at, v.user_id, v.action FROM v \
         JOIN held h ON h.table_id = v.table_id AND h.epoch = v.epoch \
         RETURNING game_id, seq",
    );
    sql
}

/// Writes the rows of `batch` whose fence holds; returns the fences that did not hold (none of
/// their rows were written).
pub(super) async fn write(
    conn: &mut sqlx::AnyConnection,
    batch: &[(Fence, &JournalEntry)],
) -> Result<BTreeSet<Fence>, StoreError> {
    let mut written: HashSet<(GameId, u64)> = HashSet::with_capacity(batch.len());
    for chunk in batch.chunks(ROWS_PER_STATEMENT) {
        let sql = statement(chunk.len());
        let mut q = sqlx::query(&sql);
        for (f, e) in chunk {
            q = q
                .bind(e.game_id.sql())
                .bind(e.seq.sql())
                .bind(e.at.sql())
                .bind(e.user.sql())
                .bind(&e.action)
                .bind(f.table.sql())
                .bind(f.epoch.0.sql());
        }
        for row in q.fetch_all(&mut *conn).await? {
            written.insert((get(&row, "game_id")?, get(&row, "seq")?));
        }
    }
    Ok(batch
        .iter()
        .filter(|(_, e)| !written.contains(&(e.game_id, e.seq)))
        .map(|(f, _)| *f)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_statement_numbers_seven_parameters_a_row() {
        let sql = statement(2);
        assert!(sql.contains("($8::BIGINT, $9::BIGINT"), "{sql}");
        assert!(sql.contains("$14::BIGINT)), held AS"), "{sql}");
        assert!(!sql.contains("$15"), "{sql}");
    }
}
