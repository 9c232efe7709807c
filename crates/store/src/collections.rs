//! `collection_games` and `collection_tags`: each user's own imported games (their PGN, the
//! searched tags in columns) and the labels the user puts on them. Every query names the owner,
//! so nobody reads or changes another's collection.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::UserId;
use sqlx::any::AnyRow;
use sqlx::AnyConnection;
use sqlx::Row;

/// A game to save: its PGN and the columns searched.
#[derive(Clone, Debug, Default)]
pub struct NewCollectionGame {
    /// `Red` tag.
    pub red: String,
    /// `Black` tag.
    pub black: String,
    /// `Event` tag.
    pub event: String,
    /// `Date` tag.
    pub date: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// `ECCO` tag.
    pub ecco: String,
    /// `Opening` tag.
    pub opening: String,
    /// Moves of the main line.
    pub plies: u64,
    /// The game as ICCS PGN.
    pub pgn: String,
}

/// A saved game (`CollectionGame` in docs/protocol.md; `pgn` only when one game is asked for).
#[derive(Clone, Debug, serde::Serialize)]
pub struct CollectionEntry {
    /// Its id.
    pub id: u64,
    /// When it was saved (ms).
    pub saved_at: u64,
    /// The searched columns.
    pub red: String,
    /// `Black` tag.
    pub black: String,
    /// `Event` tag.
    pub event: String,
    /// `Date` tag.
    pub date: String,
    /// The result.
    pub result: String,
    /// `ECCO` tag.
    pub ecco: String,
    /// `Opening` tag.
    pub opening: String,
    /// Moves of the main line.
    pub plies: u64,
    /// The owner's labels, sorted.
    pub tags: Vec<String>,
    /// The game as ICCS PGN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pgn: Option<String>,
}

/// A search of one's collection: every field given must match (text: a case-insensitive part).
#[derive(Clone, Debug, Default)]
pub struct CollectionFilter {
    /// Part of the Red or Black name.
    pub player: Option<String>,
    /// Part of the event.
    pub event: Option<String>,
    /// Part of the ECCO code or the opening's name.
    pub opening: Option<String>,
    /// The result, exactly.
    pub result: Option<String>,
    /// One of the owner's labels, exactly.
    pub tag: Option<String>,
    /// Only games with ids below this.
    pub before: Option<u64>,
    /// At most this many (newest first).
    pub limit: u32,
}

/// A value bound to a placeholder.
enum Bind {
    Text(String),
    Int(i64),
}

/// `LIKE` pattern for "contains `s`" (with `\` escaping `%`, `_` and itself).
fn contains(s: &str) -> String {
    let mut out = String::from("%");
    for c in s.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

const COLUMNS: &str = "id, saved_at, red, black, event, date, result, ecco, opening, plies";

fn entry(r: &AnyRow, with_pgn: bool) -> Result<CollectionEntry, sqlx::Error> {
    Ok(CollectionEntry {
        id: get::<u64>(r, "id")?,
        saved_at: get::<u64>(r, "saved_at")?,
        red: r.try_get("red")?,
        black: r.try_get("black")?,
        event: r.try_get("event")?,
        date: r.try_get("date")?,
        result: r.try_get("result")?,
        ecco: r.try_get("ecco")?,
        opening: r.try_get("opening")?,
        plies: get::<u64>(r, "plies")?,
        tags: Vec::new(),
        pgn: if with_pgn {
            Some(r.try_get("pgn")?)
        } else {
            None
        },
    })
}

impl Db {
    /// Saves `g` with `tags` in `owner`'s collection unless it holds `max_games` already.
    /// Returns the new id, or `None` when the collection is full.
    ///
    /// # Errors
    /// [`StoreError::Db`]: nothing is written.
    pub async fn save_collection_game(
        &self,
        owner: UserId,
        g: &NewCollectionGame,
        tags: &[String],
        at: u64,
        max_games: u64,
    ) -> Result<Option<u64>, StoreError> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            "INSERT INTO collection_games \
             (owner_id, saved_at, red, black, event, date, result, ecco, opening, plies, pgn) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 \
             WHERE (SELECT COUNT(*) FROM collection_games WHERE owner_id = $1) < $12 \
             RETURNING id",
        )
        .bind(owner.sql())
        .bind(at.sql())
        .bind(&g.red)
        .bind(&g.black)
        .bind(&g.event)
        .bind(&g.date)
        .bind(&g.result)
        .bind(&g.ecco)
        .bind(&g.opening)
        .bind(g.plies.sql())
        .bind(&g.pgn)
        .bind(max_games.sql())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let id = get::<u64>(&row, "id")?;
        insert_tags(&mut tx, owner, id, tags).await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Replaces the labels of `owner`'s game `id`; `false` if there is no such game of theirs.
    ///
    /// # Errors
    /// [`StoreError::Db`]: nothing is changed.
    pub async fn set_collection_tags(
        &self,
        owner: UserId,
        id: u64,
        tags: &[String],
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let mine: Option<i64> =
            sqlx::query_scalar("SELECT id FROM collection_games WHERE id = $1 AND owner_id = $2")
                .bind(id.sql())
                .bind(owner.sql())
                .fetch_optional(&mut *tx)
                .await?;
        if mine.is_none() {
            return Ok(false);
        }
        sqlx::query("DELETE FROM collection_tags WHERE game_id = $1")
            .bind(id.sql())
            .execute(&mut *tx)
            .await?;
        insert_tags(&mut tx, owner, id, tags).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes `owner`'s game `id`; `false` if there is no such game of theirs.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn delete_collection_game(&self, owner: UserId, id: u64) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let gone = sqlx::query("DELETE FROM collection_games WHERE id = $1 AND owner_id = $2")
            .bind(id.sql())
            .bind(owner.sql())
            .execute(&mut *tx)
            .await?
            .rows_affected();
        sqlx::query("DELETE FROM collection_tags WHERE game_id = $1 AND owner_id = $2")
            .bind(id.sql())
            .bind(owner.sql())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(gone > 0)
    }

    /// `owner`'s game `id` with its PGN and labels, if it is theirs.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn collection_game(
        &self,
        owner: UserId,
        id: u64,
    ) -> Result<Option<CollectionEntry>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS}, pgn FROM collection_games WHERE id = $1 AND owner_id = $2"
        ))
        .bind(id.sql())
        .bind(owner.sql())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let mut e = entry(&row, true)?;
        e.tags = self
            .tags_of(owner, &[id])
            .await?
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        Ok(Some(e))
    }

    /// `owner`'s games matching `f`, newest first, with their labels (and their PGN when
    /// `with_pgn`).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn search_collection(
        &self,
        owner: UserId,
        f: &CollectionFilter,
        with_pgn: bool,
    ) -> Result<Vec<CollectionEntry>, StoreError> {
        let mut sql = format!(
            "SELECT {COLUMNS}{} FROM collection_games WHERE owner_id = $1",
            if with_pgn { ", pgn" } else { "" }
        );
        let mut binds = vec![Bind::Int(owner.sql())];
        let mut add = |sql: &mut String, clause: &str, values: Vec<Bind>| {
            let mut clause = clause.to_owned();
            for v in values {
                binds.push(v);
                clause = clause.replacen('?', &format!("${}", binds.len()), 1);
            }
            sql.push_str(" AND ");
            sql.push_str(&clause);
        };
        let like = |s: &str| Bind::Text(contains(s));
        if let Some(p) = &f.player {
            add(
                &mut sql,
                "(LOWER(red) LIKE ? ESCAPE '\\' OR LOWER(black) LIKE ? ESCAPE '\\')",
                vec![like(p), like(p)],
            );
        }
        if let Some(e) = &f.event {
            add(&mut sql, "LOWER(event) LIKE ? ESCAPE '\\'", vec![like(e)]);
        }
        if let Some(o) = &f.opening {
            add(
                &mut sql,
                "(LOWER(ecco) LIKE ? ESCAPE '\\' OR LOWER(opening) LIKE ? ESCAPE '\\')",
                vec![like(o), like(o)],
            );
        }
        if let Some(r) = &f.result {
            add(&mut sql, "result = ?", vec![Bind::Text(r.clone())]);
        }
        if let Some(t) = &f.tag {
            add(
                &mut sql,
                "id IN (SELECT game_id FROM collection_tags WHERE owner_id = ? AND tag = ?)",
                vec![Bind::Int(owner.sql()), Bind::Text(t.clone())],
            );
        }
        if let Some(b) = f.before {
            add(&mut sql, "id < ?", vec![Bind::Int(b.sql())]);
        }
        sql.push_str(&format!(" ORDER BY id DESC LIMIT {}", f.limit));
        let mut q = sqlx::query(&sql);
        for b in binds {
            q = match b {
                Bind::Text(s) => q.bind(s),
                Bind::Int(i) => q.bind(i),
            };
        }
        let rows = q.fetch_all(&self.pool).await?;
        let mut out = rows
            .iter()
            .map(|r| entry(r, with_pgn))
            .collect::<Result<Vec<_>, _>>()?;
        let ids: Vec<u64> = out.iter().map(|e| e.id).collect();
        for (id, tag) in self.tags_of(owner, &ids).await? {
            if let Some(e) = out.iter_mut().find(|e| e.id == id) {
                e.tags.push(tag);
            }
        }
        Ok(out)
    }

    /// `(game, tag)` of `owner`'s games `ids`, sorted by tag.
    async fn tags_of(&self, owner: UserId, ids: &[u64]) -> Result<Vec<(u64, String)>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list: Vec<String> = ids.iter().map(u64::to_string).collect();
        let rows = sqlx::query(&format!(
            "SELECT game_id, tag FROM collection_tags WHERE owner_id = $1 AND game_id IN ({}) \
             ORDER BY tag",
            list.join(",")
        ))
        .bind(owner.sql())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((get::<u64>(r, "game_id")?, r.try_get("tag")?)))
            .collect()
    }
}

async fn insert_tags(
    tx: &mut AnyConnection,
    owner: UserId,
    id: u64,
    tags: &[String],
) -> Result<(), StoreError> {
    for tag in tags {
        sqlx::query("INSERT INTO collection_tags (game_id, owner_id, tag) VALUES ($1, $2, $3)")
            .bind(id.sql())
            .bind(owner.sql())
            .bind(tag)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::contains;

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(contains("Hu_1%"), "%hu\\_1\\%%");
    }
}
