//! Puzzles (migration 0023, docs/puzzles.md): importing them, serving the next one near a
//! user's rating without repeats, rating a round, the daily puzzle and 残局闯关 progress.
//!
//! Key decision: the domain decides (`platform::puzzle`: the rating windows, the rating of a
//! round, the daily choice); this file asks the database for the few rows each decision needs.
//! The next puzzle is two index range scans (`puzzles_by_rating` or `puzzle_themes_by_rating`)
//! of at most [`NEAR`] rows each side of the target, with the user's played puzzles excluded by
//! the `puzzle_rounds` primary key.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::puzzle::campaign::Progress;
use platform::puzzle::rating::{rate_round, Angle, RoundMode, RoundRatings};
use platform::puzzle::select::windows;
use platform::puzzle::{Puzzle, PuzzleId, Source, Theme};
use platform::rating::{Glicko2Params, PlayerRating};
use platform::{Millis, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// Rows read each side of the target in one window.
pub const NEAR: i64 = 16;

const COLUMNS: &str = "id, fen, last_move, line, alternatives, themes, rating, deviation, \
                       volatility, plays, source";

fn moves(text: &str) -> Result<Vec<xiangqi::Move>, StoreError> {
    text.split_whitespace()
        .map(|m| {
            m.parse()
                .map_err(|_| StoreError::Corrupt(format!("puzzle move {m}")))
        })
        .collect()
}

fn joined<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn puzzle_row(row: &AnyRow) -> Result<Puzzle, StoreError> {
    let last: Option<String> = row.try_get("last_move")?;
    let themes: String = row.try_get("themes")?;
    let source: String = row.try_get("source")?;
    let plays: i64 = row.try_get("plays")?;
    Ok(Puzzle {
        id: PuzzleId(row.try_get("id")?),
        fen: row.try_get("fen")?,
        last_move: last
            .as_deref()
            .map(moves)
            .transpose()?
            .and_then(|v| v.first().copied()),
        line: moves(&row.try_get::<String, _>("line")?)?,
        alternatives: moves(&row.try_get::<String, _>("alternatives")?)?,
        themes: themes
            .split_whitespace()
            .filter_map(Theme::from_key)
            .collect(),
        rating: PlayerRating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: u32::try_from(plays).unwrap_or(0),
        },
        source: serde_json::from_str::<Source>(&source)
            .map_err(|e| StoreError::Corrupt(format!("puzzle source: {e}")))?,
    })
}

impl Db {
    /// Adds `puzzles` as published (those whose id is already stored are left alone); returns
    /// how many were added.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn import_puzzles(
        &self,
        puzzles: &[Puzzle],
        now: Millis,
    ) -> Result<usize, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut added = 0;
        for p in puzzles {
            let source =
                serde_json::to_string(&p.source).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let themes: Vec<&str> = p.themes.iter().map(|t| t.key()).collect();
            let done = sqlx::query(
                "INSERT INTO puzzles (id, fen, last_move, line, alternatives, themes, rating, \
                 deviation, volatility, source, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING",
            )
            .bind(&p.id.0)
            .bind(&p.fen)
            .bind(p.last_move.map(|m| m.to_string()))
            .bind(joined(&p.line))
            .bind(joined(&p.alternatives))
            .bind(themes.join(" "))
            .bind(p.rating.rating)
            .bind(p.rating.deviation)
            .bind(p.rating.volatility)
            .bind(source)
            .bind(now.sql())
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() == 0 {
                continue;
            }
            added += 1;
            for t in &p.themes {
                sqlx::query(
                    "INSERT INTO puzzle_themes (theme, puzzle_id, rating) VALUES ($1, $2, $3) \
                     ON CONFLICT (theme, puzzle_id) DO NOTHING",
                )
                .bind(t.key())
                .bind(&p.id.0)
                .bind(p.rating.rating)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(added)
    }

    /// The puzzle `id`, published or not.
    ///
    /// # Errors
    /// [`StoreError::Db`], [`StoreError::Corrupt`].
    pub async fn puzzle(&self, id: &str) -> Result<Option<Puzzle>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM puzzles WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(puzzle_row).transpose()
    }

    /// Number of published puzzles.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_count(&self) -> Result<u64, StoreError> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM puzzles WHERE status = 'published'")
            .fetch_one(&self.pool)
            .await?;
        Ok(u64::from_sql(n))
    }

    /// `user`'s puzzle rating (a new player's when they never played).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_rating(&self, user: UserId) -> Result<PlayerRating, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM puzzle_ratings WHERE user_id = $1",
        )
        .bind(user.sql())
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(r) => PlayerRating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
                games: u32::try_from(r.try_get::<i64, _>("games")?).unwrap_or(0),
            },
            None => Glicko2Params::default().initial(),
        })
    }

    /// The next puzzle for `user` (`None`: an anonymous visitor, nothing excluded) near
    /// `target`, of `theme` if given: the first of the domain's windows with an unplayed puzzle,
    /// `seed` choosing among the nearest rows.
    ///
    /// # Errors
    /// [`StoreError::Db`], [`StoreError::Corrupt`].
    pub async fn next_puzzle(
        &self,
        user: Option<UserId>,
        target: f64,
        theme: Option<Theme>,
        seed: u64,
    ) -> Result<Option<Puzzle>, StoreError> {
        let uid = user.map_or(-1, Sql::sql);
        let (from, theme_key) = match theme {
            Some(t) => (
                "puzzle_themes p WHERE p.theme = $5 AND",
                t.key().to_string(),
            ),
            None => (
                "puzzles p WHERE p.status = 'published' AND $5 = $5 AND",
                String::new(),
            ),
        };
        let id_col = if theme.is_some() {
            "p.puzzle_id"
        } else {
            "p.id"
        };
        for w in windows(target) {
            let mut ids: Vec<String> = vec![];
            for (cmp, order) in [(">=", "ASC"), ("<", "DESC")] {
                let sql = format!(
                    "SELECT {id_col} AS id FROM {from} p.rating {cmp} $1 AND p.rating BETWEEN $2 AND $3 \
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r WHERE r.user_id = $4 \
                     AND r.puzzle_id = {id_col}) ORDER BY p.rating {order} LIMIT {NEAR}"
                );
                let rows = sqlx::query(&sql)
                    .bind(target)
                    .bind(w.lo)
                    .bind(w.hi)
                    .bind(uid)
                    .bind(&theme_key)
                    .fetch_all(&self.pool)
                    .await?;
                for r in rows {
                    ids.push(r.try_get("id")?);
                }
            }
            if ids.is_empty() {
                continue;
            }
            let n = u64::try_from(ids.len()).unwrap_or(1);
            let i = usize::try_from(seed % n).unwrap_or(0);
            if let Some(id) = ids.get(i) {
                return self.puzzle(id).await;
            }
        }
        Ok(None)
    }

    /// Ends `user`'s round on puzzle `id`: rated on the first play when `mode` is rated, casual
    /// on a replay; the round is recorded (for no repeats and the dashboard). `None` when the
    /// puzzle does not exist.
    ///
    /// # Errors
    /// [`StoreError::Db`], [`StoreError::Corrupt`].
    pub async fn finish_puzzle(
        &self,
        user: UserId,
        id: &str,
        win: bool,
        mode: RoundMode,
        angle: Angle,
        now: Millis,
    ) -> Result<Option<RoundRatings>, StoreError> {
        let Some(puzzle) = self.puzzle(id).await? else {
            return Ok(None);
        };
        let user_rating = self.puzzle_rating(user).await?;
        let mut tx = self.pool.begin().await?;
        let replay: Option<i64> = sqlx::query_scalar(
            "SELECT at FROM puzzle_rounds WHERE user_id = $1 AND puzzle_id = $2",
        )
        .bind(user.sql())
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let mode = if replay.is_some() {
            RoundMode::Casual
        } else {
            mode
        };
        let params = Glicko2Params::default();
        let out = rate_round(&params, &user_rating, &puzzle.rating, win, angle, mode);
        if replay.is_none() {
            sqlx::query(
                "INSERT INTO puzzle_rounds (user_id, puzzle_id, at, win, rated, puzzle_rating, \
                 user_rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(user.sql())
            .bind(id)
            .bind(now.sql())
            .bind(i64::from(win))
            .bind(i64::from(mode == RoundMode::Rated))
            .bind(puzzle.rating.rating)
            .bind(out.user.rating)
            .execute(&mut *tx)
            .await?;
        }
        if mode == RoundMode::Rated {
            write_ratings(&mut tx, user, id, &out, win).await?;
        }
        tx.commit().await?;
        Ok(Some(out))
    }

    /// The daily puzzle of `day` (days since 1970-01-01 UTC): the one already chosen for that
    /// day, or a new choice among published puzzles never used (two solver moves or more, rated
    /// 1 300–2 300, most played first), marked at once.
    ///
    /// # Errors
    /// [`StoreError::Db`], [`StoreError::Corrupt`].
    pub async fn daily_puzzle(&self, day: u64) -> Result<Option<Puzzle>, StoreError> {
        let chosen: Option<String> =
            sqlx::query_scalar("SELECT id FROM puzzles WHERE daily_day = $1")
                .bind(day.sql())
                .fetch_optional(&self.pool)
                .await?;
        if let Some(id) = chosen {
            return self.puzzle(&id).await;
        }
        let pick: Option<String> = sqlx::query_scalar(
            "SELECT id FROM puzzles WHERE status = 'published' AND daily_day IS NULL \
             AND line LIKE '% % %' ORDER BY (CASE WHEN rating BETWEEN 1300 AND 2300 THEN 0 ELSE 1 END), \
             plays DESC, id LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        let Some(id) = pick else {
            return Ok(None);
        };
        // A concurrent choice for the same day loses on the unique index and reads the winner.
        let _ =
            sqlx::query("UPDATE puzzles SET daily_day = $1 WHERE id = $2 AND daily_day IS NULL")
                .bind(day.sql())
                .bind(&id)
                .execute(&mut *self.writer().await?)
                .await;
        let chosen: Option<String> =
            sqlx::query_scalar("SELECT id FROM puzzles WHERE daily_day = $1")
                .bind(day.sql())
                .fetch_optional(&self.pool)
                .await?;
        match chosen {
            Some(id) => self.puzzle(&id).await,
            None => Ok(None),
        }
    }

    /// `user`'s 残局闯关 stars.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn campaign_progress(&self, user: UserId) -> Result<Progress, StoreError> {
        let rows = sqlx::query("SELECT level, stars FROM campaign_progress WHERE user_id = $1")
            .bind(user.sql())
            .fetch_all(&self.pool)
            .await?;
        let mut p = Progress::default();
        for r in rows {
            let stars: i64 = r.try_get("stars")?;
            p.stars.insert(
                r.try_get("level")?,
                u8::try_from(stars.clamp(0, 3)).unwrap_or(0),
            );
        }
        Ok(p)
    }

    /// Records `stars` for `user` at `level` if better than their best; returns whether it was.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn record_stars(
        &self,
        user: UserId,
        level: &str,
        stars: u8,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO campaign_progress (user_id, level, stars, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, level) DO UPDATE SET stars = excluded.stars, at = excluded.at \
             WHERE campaign_progress.stars < excluded.stars",
        )
        .bind(user.sql())
        .bind(level)
        .bind(i64::from(stars.min(3)))
        .bind(now.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The rounds `user` played, newest first, at most `limit`: (puzzle id, win, puzzle
    /// rating).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_rounds(
        &self,
        user: UserId,
        limit: i64,
    ) -> Result<Vec<(String, bool, f64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT puzzle_id, win, puzzle_rating FROM puzzle_rounds WHERE user_id = $1 \
             ORDER BY at DESC LIMIT $2",
        )
        .bind(user.sql())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("puzzle_id")?,
                    get::<u64>(r, "win")? != 0,
                    r.try_get("puzzle_rating")?,
                ))
            })
            .collect()
    }
}

/// Writes a rated round's new ratings in `conn`'s transaction: the player's puzzle rating, and
/// the puzzle's rating, plays and wins (with its themes' copy of the rating).
pub(super) async fn write_ratings(
    conn: &mut sqlx::AnyConnection,
    user: UserId,
    id: &str,
    out: &RoundRatings,
    win: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, games) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games",
    )
    .bind(user.sql())
    .bind(out.user.rating)
    .bind(out.user.deviation)
    .bind(out.user.volatility)
    .bind(i64::from(out.user.games))
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, \
         plays = plays + 1, wins = wins + $4 WHERE id = $5",
    )
    .bind(out.puzzle.rating)
    .bind(out.puzzle.deviation)
    .bind(out.puzzle.volatility)
    .bind(i64::from(win))
    .bind(id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE puzzle_themes SET rating = $1 WHERE puzzle_id = $2")
        .bind(out.puzzle.rating)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests;
