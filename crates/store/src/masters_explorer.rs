//! The opening explorer over the masters database: from one position, the moves played with
//! their results, how often each resulting position was reached at all (transpositions), and
//! the games.

use super::masters_search::{bind_all, conditions, MasterEntry, MastersFilter};
use super::{Db, StoreError};
use sqlx::Row;

/// One move from the explored position.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExplorerMove {
    /// `Move::to_u16` of the move.
    pub mv: u16,
    /// Games in which it was played here and Red won.
    pub red: u64,
    /// … that were drawn.
    pub draw: u64,
    /// … that Black won.
    pub black: u64,
    /// … whose result is unknown.
    pub unknown: u64,
}

impl ExplorerMove {
    /// Games in which the move was played here.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.red + self.draw + self.black + self.unknown
    }
}

/// What the explorer finds at one position.
#[derive(Clone, Debug, Default)]
pub struct ExplorerCounts {
    /// The moves played from it, most played first.
    pub moves: Vec<ExplorerMove>,
    /// Games that reached it and ended there.
    pub ended_here: u64,
}

impl Db {
    /// The moves played from the position `key` in the master games `f` admits (its `player`,
    /// `year_from`, `year_to`; the position itself is `key`), most played first.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn explore_masters(
        &self,
        key: i64,
        f: &MastersFilter,
    ) -> Result<ExplorerCounts, StoreError> {
        let mut sql = String::from(
            "SELECT next_move, result, COUNT(*) AS n FROM masters_positions p WHERE pos_key = $1",
        );
        let mut binds = Vec::new();
        if f.year_from.is_some() || f.year_to.is_some() || f.player.is_some() {
            let only = MastersFilter {
                player: f.player.clone(),
                year_from: f.year_from,
                year_to: f.year_to,
                ..MastersFilter::default()
            };
            let (cond, b) = conditions(&only, "g.");
            // The games' placeholders follow $1.
            let cond = renumber(&cond, 1);
            sql.push_str(&format!(
                " AND p.game_id IN (SELECT g.id FROM masters_games g WHERE {cond})"
            ));
            binds = b;
        }
        sql.push_str(" GROUP BY next_move, result");
        let q = sqlx::query(&sql).bind(key);
        let rows = bind_all(q, binds).fetch_all(&self.pool).await?;
        let mut counts = ExplorerCounts::default();
        for r in &rows {
            let mv: i64 = r.try_get("next_move")?;
            let result: i64 = r.try_get("result")?;
            let n = u64::try_from(r.try_get::<i64, _>("n")?).unwrap_or(0);
            let Ok(mv) = u16::try_from(mv) else {
                counts.ended_here += n;
                continue;
            };
            let i = match counts.moves.iter().position(|m| m.mv == mv) {
                Some(i) => i,
                None => {
                    counts.moves.push(ExplorerMove {
                        mv,
                        ..ExplorerMove::default()
                    });
                    counts.moves.len() - 1
                }
            };
            let m = &mut counts.moves[i];
            match result {
                0 => m.red += n,
                1 => m.black += n,
                2 => m.draw += n,
                _ => m.unknown += n,
            }
        }
        counts
            .moves
            .sort_by(|a, b| b.games().cmp(&a.games()).then(a.mv.cmp(&b.mv)));
        Ok(counts)
    }

    /// How many master games reach each of `keys` at all (by any move order).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn masters_reaching(&self, keys: &[i64]) -> Result<Vec<(i64, u64)>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let marks: Vec<String> = (1..=keys.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT pos_key, COUNT(*) AS n FROM masters_positions WHERE pos_key IN ({}) \
             GROUP BY pos_key",
            marks.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for k in keys {
            q = q.bind(*k);
        }
        let rows = q.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get::<i64, _>("pos_key")?,
                    u64::try_from(r.try_get::<i64, _>("n")?).unwrap_or(0),
                ))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The most recent master games (by year, then id) that reach the position `key`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn masters_top_games(
        &self,
        key: i64,
        limit: u32,
    ) -> Result<Vec<MasterEntry>, StoreError> {
        let f = MastersFilter {
            position: Some(key),
            limit,
            ..MastersFilter::default()
        };
        Ok(self.search_masters(&f).await?.0)
    }
}

/// `cond` with each `$n` made `$(n + by)`.
fn renumber(cond: &str, by: usize) -> String {
    let mut out = String::with_capacity(cond.len());
    let mut chars = cond.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' {
            let mut n = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                n.push(*d);
                chars.next();
            }
            match n.parse::<usize>() {
                Ok(v) => out.push_str(&(v + by).to_string()),
                Err(_) => out.push_str(&n),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn placeholders_are_renumbered() {
        assert_eq!(
            super::renumber("a = $1 AND b > $12", 1),
            "a = $2 AND b > $13"
        );
    }
}
