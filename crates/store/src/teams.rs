//! Teams: a name, a captain and members in join order ([`platform::team`] holds the rules).
//! Every change runs in one transaction that first bumps the team's `version` (locking its row
//! on both back ends), reads the roster, applies the pure operation and writes the difference;
//! a refused operation ([`StoreError::Team`]) writes nothing.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use platform::team::{Departure, Roster, TeamName};
use platform::{Millis, TeamId, UserId};
use sqlx::any::AnyRow;
use sqlx::AnyConnection;
use sqlx::Row;

/// A team with its members, as leagues read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRoster {
    /// Its id.
    pub id: TeamId,
    /// Its name as shown.
    pub name: String,
    /// The captain, always one of `members`.
    pub captain: UserId,
    /// The members in join order (the default board order).
    pub members: Vec<UserId>,
    /// Whether anyone may join.
    pub open: bool,
    /// When it was created.
    pub created_at: Millis,
}

/// A line of the team list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSummary {
    /// Its id.
    pub id: TeamId,
    /// Its name as shown.
    pub name: String,
    /// The captain.
    pub captain: UserId,
    /// The captain's name.
    pub captain_name: String,
    /// How many members it has.
    pub members: u64,
    /// Whether anyone may join.
    pub open: bool,
}

/// A change to a team, asked for by a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamOp {
    /// The player joins.
    Join(UserId),
    /// The player leaves (the captain only when alone, which dissolves the team).
    Leave(UserId),
    /// The captain `by` removes `user`.
    Kick {
        /// Who asks (must be the captain).
        by: UserId,
        /// Who is removed.
        user: UserId,
    },
    /// The captain `by` hands the captaincy to `to`.
    Captain {
        /// Who asks (must be the captain).
        by: UserId,
        /// The new captain, a member.
        to: UserId,
    },
    /// The captain `by` opens or closes the team to new members.
    Open {
        /// Who asks (must be the captain).
        by: UserId,
        /// Open (`true`) or closed.
        open: bool,
    },
}

/// What a stored change left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamChange {
    /// The team as it is now.
    Changed(TeamRoster),
    /// The captain left alone: the team is gone.
    Dissolved,
}

/// A member's record over finished games: `(wins, draws, losses)`.
pub type MemberResults = (u64, u64, u64);

const SUMMARY: &str = "SELECT t.id, t.name, t.captain, t.open_join, u.name AS captain_name, \
     (SELECT COUNT(*) FROM team_members m WHERE m.team_id = t.id) AS members \
     FROM teams t JOIN users u ON u.id = t.captain";

fn summary(row: &AnyRow) -> Result<TeamSummary, StoreError> {
    Ok(TeamSummary {
        id: get(row, "id")?,
        name: row.try_get("name")?,
        captain: get(row, "captain")?,
        captain_name: row.try_get("captain_name")?,
        members: get(row, "members")?,
        open: row.try_get::<i64, _>("open_join")? != 0,
    })
}

impl Db {
    /// Creates a team whose captain and only member is `captain`.
    ///
    /// # Errors
    /// [`StoreError::NameTaken`] if a team has the same name key; nothing is written then.
    pub async fn create_team(
        &self,
        name: &TeamName,
        captain: UserId,
        at: Millis,
    ) -> Result<TeamId, StoreError> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            "INSERT INTO teams (name, name_key, captain, created_at) VALUES ($1, $2, $3, $4) \
             RETURNING id",
        )
        .bind(&name.display)
        .bind(&name.key)
        .bind(captain.sql())
        .bind(at.sql())
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| match e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::NameTaken,
            other => StoreError::Db(other),
        })?;
        let id: TeamId = get(&row, "id")?;
        sqlx::query(
            "INSERT INTO team_members (team_id, user_id, seq, joined_at) VALUES ($1, $2, 0, $3)",
        )
        .bind(id.sql())
        .bind(captain.sql())
        .bind(at.sql())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The team `id` with its members in join order, or `None` if there is none.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn team_roster(&self, id: TeamId) -> Result<Option<TeamRoster>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let roster = read_roster(&mut tx, id).await?;
        tx.commit().await?;
        Ok(roster)
    }

    /// Teams by id, at most `limit` of them with ids above `after`.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn teams(&self, after: TeamId, limit: u32) -> Result<Vec<TeamSummary>, StoreError> {
        let rows = sqlx::query(&format!("{SUMMARY} WHERE t.id > $1 ORDER BY t.id LIMIT $2"))
            .bind(after.sql())
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(summary).collect()
    }

    /// The teams `user` is a member of, by id.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn teams_of(&self, user: UserId) -> Result<Vec<TeamSummary>, StoreError> {
        let rows = sqlx::query(&format!(
            "{SUMMARY} WHERE t.id IN (SELECT team_id FROM team_members WHERE user_id = $1) \
             ORDER BY t.id"
        ))
        .bind(user.sql())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(summary).collect()
    }

    /// Applies `op` to the team `id` and stores the result in one transaction; `None` if there
    /// is no such team.
    ///
    /// # Errors
    /// [`StoreError::Team`] when the rules refuse (nothing is written), [`StoreError::Db`].
    pub async fn change_team(
        &self,
        id: TeamId,
        op: TeamOp,
        at: Millis,
    ) -> Result<Option<TeamChange>, StoreError> {
        let mut tx = self.begin_write().await?;
        let locked = sqlx::query("UPDATE teams SET version = version + 1 WHERE id = $1")
            .bind(id.sql())
            .execute(&mut *tx)
            .await?;
        if locked.rows_affected() == 0 {
            return Ok(None);
        }
        let Some(before) = read_roster(&mut tx, id).await? else {
            return Ok(None);
        };
        let mut roster = Roster {
            captain: before.captain,
            members: before.members.clone(),
            open: before.open,
        };
        let departure = match op {
            TeamOp::Join(user) => roster.join(user).map(|()| Departure::Left),
            TeamOp::Leave(user) => roster.leave(user),
            TeamOp::Kick { by, user } => roster.kick(by, user).map(|()| Departure::Left),
            TeamOp::Captain { by, to } => roster.transfer(by, to).map(|()| Departure::Left),
            TeamOp::Open { by, open } => roster.set_open(by, open).map(|()| Departure::Left),
        }?;
        if departure == Departure::Dissolved {
            for table in ["team_members WHERE team_id", "teams WHERE id"] {
                sqlx::query(&format!("DELETE FROM {table} = $1"))
                    .bind(id.sql())
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            return Ok(Some(TeamChange::Dissolved));
        }
        write_difference(&mut tx, &before, &roster, at).await?;
        tx.commit().await?;
        Ok(Some(TeamChange::Changed(TeamRoster {
            captain: roster.captain,
            members: roster.members,
            open: roster.open,
            ..before
        })))
    }

    /// `user`'s wins, draws and losses over finished games.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn member_results(&self, user: UserId) -> Result<MemberResults, StoreError> {
        let row = sqlx::query(
            "SELECT \
             COALESCE(SUM(CASE WHEN (red = $1 AND result = '1-0') OR (black = $1 AND result = '0-1') \
                  THEN 1 ELSE 0 END), 0) AS wins, \
             COALESCE(SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END), 0) AS draws, \
             COALESCE(SUM(CASE WHEN (red = $1 AND result = '0-1') OR (black = $1 AND result = '1-0') \
                  THEN 1 ELSE 0 END), 0) AS losses \
             FROM games WHERE status = 'finished' AND (red = $1 OR black = $1)",
        )
        .bind(user.sql())
        .fetch_one(&self.pool)
        .await?;
        Ok((
            get(&row, "wins")?,
            get(&row, "draws")?,
            get(&row, "losses")?,
        ))
    }
}

async fn read_roster(tx: &mut AnyConnection, id: TeamId) -> Result<Option<TeamRoster>, StoreError> {
    let Some(row) =
        sqlx::query("SELECT id, name, captain, open_join, created_at FROM teams WHERE id = $1")
            .bind(id.sql())
            .fetch_optional(&mut *tx)
            .await?
    else {
        return Ok(None);
    };
    let members = sqlx::query("SELECT user_id FROM team_members WHERE team_id = $1 ORDER BY seq")
        .bind(id.sql())
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| get(r, "user_id"))
        .collect::<Result<Vec<UserId>, _>>()?;
    Ok(Some(TeamRoster {
        id: get(&row, "id")?,
        name: row.try_get("name")?,
        captain: get(&row, "captain")?,
        members,
        open: row.try_get::<i64, _>("open_join")? != 0,
        created_at: get(&row, "created_at")?,
    }))
}

/// Stores what changed from `before` to `after`: members gone and new (at the end of the join
/// order), the captain and the open flag.
async fn write_difference(
    tx: &mut AnyConnection,
    before: &TeamRoster,
    after: &Roster,
    at: Millis,
) -> Result<(), StoreError> {
    let id = before.id;
    for gone in before.members.iter().filter(|m| !after.members.contains(m)) {
        sqlx::query("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2")
            .bind(id.sql())
            .bind(gone.sql())
            .execute(&mut *tx)
            .await?;
    }
    for new in after.members.iter().filter(|m| !before.members.contains(m)) {
        sqlx::query(
            "INSERT INTO team_members (team_id, user_id, seq, joined_at) VALUES ($1, $2, \
             (SELECT COALESCE(MAX(seq), -1) + 1 FROM team_members WHERE team_id = $1), $3)",
        )
        .bind(id.sql())
        .bind(new.sql())
        .bind(at.sql())
        .execute(&mut *tx)
        .await?;
    }
    if after.captain != before.captain || after.open != before.open {
        sqlx::query("UPDATE teams SET captain = $2, open_join = $3 WHERE id = $1")
            .bind(id.sql())
            .bind(after.captain.sql())
            .bind(i64::from(after.open))
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}
