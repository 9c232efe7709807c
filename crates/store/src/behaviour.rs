//! Behaviour records (`docs/behaviour.md`): each player's conduct per game, stored once per game
//! (a replayed end records nothing new), and sanctions — bans and mutes, automatic or by a
//! moderator, lifted by setting `lifted_at`.

use super::sql::{get, get_opt, Sql};
use super::{Db, StoreError};
use platform::behaviour::{Conduct, Counters, Incident};
use platform::{GameId, Millis, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A ban or a mute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanctionKind {
    /// No sitting down, seeking or joining events.
    Ban,
    /// No chat.
    Mute,
}

impl SanctionKind {
    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SanctionKind::Ban => "ban",
            SanctionKind::Mute => "mute",
        }
    }
}

/// A stored sanction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanctionRow {
    /// Its id.
    pub id: u64,
    /// Whom.
    pub user: UserId,
    /// `ban` or `mute`.
    pub kind: String,
    /// Given by the ban policy (not by a moderator).
    pub automatic: bool,
    /// Why.
    pub reason: String,
    /// Its start.
    pub starts_at: Millis,
    /// Its end.
    pub ends_at: Millis,
    /// The moderator who gave it.
    pub by: Option<String>,
}

/// A sanction to store.
#[derive(Clone, Debug)]
pub struct NewSanction<'a> {
    /// Whom.
    pub user: UserId,
    /// What.
    pub kind: SanctionKind,
    /// Given by the ban policy.
    pub automatic: bool,
    /// Why.
    pub reason: &'a str,
    /// Its start.
    pub starts_at: Millis,
    /// Its end.
    pub ends_at: Millis,
    /// The moderator.
    pub by: Option<&'a str>,
}

fn sanction_from(r: &AnyRow) -> Result<SanctionRow, StoreError> {
    Ok(SanctionRow {
        id: get(r, "id")?,
        user: get(r, "user_id")?,
        kind: r.try_get("kind")?,
        automatic: r.try_get::<i64, _>("automatic")? != 0,
        reason: r.try_get("reason")?,
        starts_at: get(r, "starts_at")?,
        ends_at: get(r, "ends_at")?,
        by: r.try_get("by_name")?,
    })
}

fn conduct_of(r: &AnyRow) -> Result<Conduct, StoreError> {
    let text: String = r.try_get("conduct")?;
    text.parse().map_err(StoreError::Corrupt)
}

impl Db {
    /// Records `user`'s conduct in `game` at `at`; `false` if it was recorded already.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn record_conduct(
        &self,
        user: UserId,
        game: GameId,
        conduct: Conduct,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO behaviour_events (user_id, game_id, conduct, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, game_id) DO NOTHING",
        )
        .bind(user.sql())
        .bind(game.sql())
        .bind(conduct.as_str())
        .bind(at.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// `user`'s conduct in their latest `limit` games, newest first.
    ///
    /// # Errors
    /// [`StoreError::Db`], or [`StoreError::Corrupt`] for an unknown stored conduct.
    pub async fn recent_conduct(
        &self,
        user: UserId,
        limit: usize,
    ) -> Result<Vec<Conduct>, StoreError> {
        let rows = sqlx::query(
            "SELECT conduct FROM behaviour_events WHERE user_id = $1 \
             ORDER BY at DESC, game_id DESC LIMIT $2",
        )
        .bind(user.sql())
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(conduct_of).collect()
    }

    /// `user`'s totals over all games.
    ///
    /// # Errors
    /// As [`Db::recent_conduct`].
    pub async fn conduct_counters(&self, user: UserId) -> Result<Counters, StoreError> {
        let rows = sqlx::query(
            "SELECT conduct, COUNT(*) AS n FROM behaviour_events WHERE user_id = $1 GROUP BY conduct",
        )
        .bind(user.sql())
        .fetch_all(&self.pool)
        .await?;
        let mut c = Counters::default();
        for r in &rows {
            c.add(conduct_of(r)?, get(r, "n")?);
        }
        Ok(c)
    }

    /// `user`'s leaves and no-shows after `since`.
    ///
    /// # Errors
    /// As [`Db::recent_conduct`].
    pub async fn incidents_since(
        &self,
        user: UserId,
        since: Millis,
    ) -> Result<Vec<Incident>, StoreError> {
        let rows = sqlx::query(
            "SELECT conduct, at FROM behaviour_events \
             WHERE user_id = $1 AND at > $2 AND conduct IN ('left', 'no_show')",
        )
        .bind(user.sql())
        .bind(since.sql())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Incident {
                    at: get(r, "at")?,
                    conduct: conduct_of(r)?,
                })
            })
            .collect()
    }

    /// The starts of `user`'s automatic bans after `since` (lifted ones too: they still count).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn auto_ban_starts(
        &self,
        user: UserId,
        since: Millis,
    ) -> Result<Vec<Millis>, StoreError> {
        let rows = sqlx::query(
            "SELECT starts_at FROM sanctions \
             WHERE user_id = $1 AND kind = 'ban' AND automatic = 1 AND starts_at > $2",
        )
        .bind(user.sql())
        .bind(since.sql())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(get(r, "starts_at")?)).collect()
    }

    /// Stores a sanction; returns its id.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn add_sanction(&self, s: &NewSanction<'_>) -> Result<u64, StoreError> {
        let row = sqlx::query(
            "INSERT INTO sanctions (user_id, kind, automatic, reason, starts_at, ends_at, by_name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(s.user.sql())
        .bind(s.kind.as_str())
        .bind(i64::from(s.automatic))
        .bind(s.reason)
        .bind(s.starts_at.sql())
        .bind(s.ends_at.sql())
        .bind(s.by)
        .fetch_one(&self.pool)
        .await?;
        Ok(get(&row, "id")?)
    }

    /// `user`'s `kind` sanction in force at `now` that ends last, if any.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn active_sanction(
        &self,
        user: UserId,
        kind: SanctionKind,
        now: Millis,
    ) -> Result<Option<SanctionRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, user_id, kind, automatic, reason, starts_at, ends_at, by_name FROM sanctions \
             WHERE user_id = $1 AND kind = $2 AND lifted_at IS NULL AND starts_at <= $3 AND ends_at > $3 \
             ORDER BY ends_at DESC LIMIT 1",
        )
        .bind(user.sql())
        .bind(kind.as_str())
        .bind(now.sql())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(sanction_from).transpose()
    }

    /// Lifts `user`'s sanctions of `kind` (both kinds: `None`) in force at `now`; returns how
    /// many were lifted.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn lift_sanctions(
        &self,
        user: UserId,
        kind: Option<SanctionKind>,
        now: Millis,
    ) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE sanctions SET lifted_at = $3 \
             WHERE user_id = $1 AND ($2 = '' OR kind = $2) AND lifted_at IS NULL AND ends_at > $3",
        )
        .bind(user.sql())
        .bind(kind.map_or("", SanctionKind::as_str))
        .bind(now.sql())
        .execute(&mut *self.writer().await?)
        .await?;
        Ok(done.rows_affected())
    }

    /// Sanctions in force at `now`, latest first (at most `limit`).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn active_sanctions(
        &self,
        now: Millis,
        limit: usize,
    ) -> Result<Vec<SanctionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, user_id, kind, automatic, reason, starts_at, ends_at, by_name FROM sanctions \
             WHERE lifted_at IS NULL AND starts_at <= $1 AND ends_at > $1 \
             ORDER BY starts_at DESC LIMIT $2",
        )
        .bind(now.sql())
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(sanction_from).collect()
    }
}

/// Reads an optional instant (kept for reports).
pub(super) fn opt_millis(r: &AnyRow, col: &str) -> Result<Option<Millis>, StoreError> {
    Ok(get_opt(r, col)?)
}
