//! Playing puzzles over HTTP (docs/puzzles.md): a round rated once per user and puzzle, the
//! streak and storm runs (`puzzle_runs`, the domain's state as JSON), the puzzles of a run, and
//! the rounds with their themes for the dashboard.
//!
//! Key decision: the round's row is inserted first (`ON CONFLICT DO NOTHING` on the primary key
//! user × puzzle), so two submissions of one round, even at once, rate it once: the second
//! finds the row and changes nothing.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::puzzle::dashboard::RoundResult;
use platform::puzzle::rating::{rate_round, Angle, RoundMode, RoundRatings};
use platform::puzzle::select::RatingWindow;
use platform::puzzle::Theme;
use platform::rating::Glicko2Params;
use platform::{Millis, UserId};
use sqlx::Row;

/// What became of a submitted round.
#[derive(Clone, Debug, PartialEq)]
pub enum RoundOutcome {
    /// No such puzzle.
    NoPuzzle,
    /// The user had played this puzzle already: nothing changed.
    AlreadyPlayed,
    /// Recorded (and rated when the mode was rated).
    Recorded(RoundRatings),
}

/// A stored streak or storm run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRow {
    /// Its id.
    pub id: i64,
    /// Its player.
    pub user: UserId,
    /// `streak` or `storm`.
    pub kind: String,
    /// The domain's state (JSON).
    pub state: String,
    /// Whether it has ended.
    pub ended: bool,
}

impl Db {
    /// Records `user`'s first round on puzzle `id` and rates it when `mode` is rated; a second
    /// round on the same puzzle is [`RoundOutcome::AlreadyPlayed`] and changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Db`], [`StoreError::Corrupt`].
    pub async fn play_puzzle_once(
        &self,
        user: UserId,
        id: &str,
        win: bool,
        mode: RoundMode,
        now: Millis,
    ) -> Result<RoundOutcome, StoreError> {
        let Some(puzzle) = self.puzzle(id).await? else {
            return Ok(RoundOutcome::NoPuzzle);
        };
        let user_rating = self.puzzle_rating(user).await?;
        let out = rate_round(
            &Glicko2Params::default(),
            &user_rating,
            &puzzle.rating,
            win,
            Angle::Mix,
            mode,
        );
        let mut tx = self.begin_write().await?;
        let inserted = sqlx::query(
            "INSERT INTO puzzle_rounds (user_id, puzzle_id, at, win, rated, puzzle_rating, \
             user_rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (user_id, puzzle_id) DO NOTHING",
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
        if inserted.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(RoundOutcome::AlreadyPlayed);
        }
        if mode == RoundMode::Rated {
            super::puzzles::write_ratings(&mut tx, user, id, &out, win).await?;
        }
        tx.commit().await?;
        Ok(RoundOutcome::Recorded(out))
    }

    /// Puzzles for a run, easiest first: for each window the lowest-rated published puzzle not
    /// taken yet and not below it (while enough are left for the windows after), each puzzle
    /// once; a set smaller than the run gives all its puzzles.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_ladder(&self, steps: &[RatingWindow]) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, rating FROM puzzles WHERE status = 'published' ORDER BY rating, id",
        )
        .fetch_all(&self.pool)
        .await?;
        let all: Vec<(String, f64)> = rows
            .iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("rating")?)))
            .collect::<Result<_, StoreError>>()?;
        if all.len() <= steps.len() {
            return Ok(all.into_iter().map(|(id, _)| id).collect());
        }
        let mut next = 0;
        let mut out = vec![];
        for (i, w) in steps.iter().enumerate() {
            // Lower ones are skipped only while enough remain for the steps left.
            let left = steps.len() - i;
            while all.get(next).is_some_and(|(_, r)| *r < w.lo) && all.len() - next > left {
                next += 1;
            }
            let Some((id, _)) = all.get(next) else {
                break;
            };
            out.push(id.clone());
            next += 1;
        }
        Ok(out)
    }

    /// Stores a new run; returns its id.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn create_puzzle_run(
        &self,
        user: UserId,
        kind: &str,
        state: &str,
        now: Millis,
    ) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "INSERT INTO puzzle_runs (user_id, kind, state, started_at) VALUES ($1, $2, $3, $4) \
             RETURNING id",
        )
        .bind(user.sql())
        .bind(kind)
        .bind(state)
        .bind(now.sql())
        .fetch_one(&mut *self.writer().await?)
        .await?;
        Ok(row.try_get("id")?)
    }

    /// The run `id`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_run(&self, id: i64) -> Result<Option<RunRow>, StoreError> {
        let row =
            sqlx::query("SELECT id, user_id, kind, state, ended_at FROM puzzle_runs WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(RunRow {
                id: r.try_get("id")?,
                user: UserId::from_sql(r.try_get("user_id")?),
                kind: r.try_get("kind")?,
                state: r.try_get("state")?,
                ended: r.try_get::<Option<i64>, _>("ended_at")?.is_some(),
            })
        })
        .transpose()
    }

    /// Saves a run's new state if it has not ended and is still `old` (two answers at once:
    /// the second is not saved); `ended`: it ends now. Returns whether it was saved.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn save_puzzle_run(
        &self,
        id: i64,
        old: &str,
        state: &str,
        score: u32,
        ended: bool,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE puzzle_runs SET state = $1, score = $2, ended_at = $3 \
             WHERE id = $4 AND ended_at IS NULL AND state = $5",
        )
        .bind(state)
        .bind(i64::from(score))
        .bind(ended.then(|| now.sql()))
        .bind(id)
        .bind(old)
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// `user`'s best score in runs of `kind`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn best_puzzle_run(&self, user: UserId, kind: &str) -> Result<u32, StoreError> {
        let best: Option<i64> = sqlx::query_scalar(
            "SELECT MAX(score) FROM puzzle_runs WHERE user_id = $1 AND kind = $2",
        )
        .bind(user.sql())
        .bind(kind)
        .fetch_one(&self.pool)
        .await?;
        Ok(u32::try_from(best.unwrap_or(0)).unwrap_or(0))
    }

    /// `user`'s most recent `limit` rounds with the puzzles' themes (for the dashboard).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn puzzle_results(
        &self,
        user: UserId,
        limit: i64,
    ) -> Result<Vec<RoundResult>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.win, r.puzzle_rating, p.themes FROM puzzle_rounds r \
             JOIN puzzles p ON p.id = r.puzzle_id WHERE r.user_id = $1 \
             ORDER BY r.at DESC LIMIT $2",
        )
        .bind(user.sql())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let themes: String = r.try_get("themes")?;
                Ok(RoundResult {
                    themes: themes
                        .split_whitespace()
                        .filter_map(Theme::from_key)
                        .collect(),
                    rating: r.try_get("puzzle_rating")?,
                    win: get::<u64>(r, "win")? != 0,
                })
            })
            .collect()
    }
}
