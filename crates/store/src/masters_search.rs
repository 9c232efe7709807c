//! Searching the masters database: by player, event, year, opening, result and position, and one
//! game with its moves.

use super::sql::{get, Sql};
use super::{Db, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A search of the masters: every field given must match.
#[derive(Clone, Debug, Default)]
pub struct MastersFilter {
    /// Part of either player's search key (`names::search_key` of what was typed).
    pub player: Option<String>,
    /// Part of the event's search key.
    pub event: Option<String>,
    /// From this year on.
    pub year_from: Option<i64>,
    /// Up to this year.
    pub year_to: Option<i64>,
    /// The ECCO code exactly.
    pub ecco: Option<String>,
    /// Part of the opening's name (Chinese or English, case-insensitive).
    pub opening: Option<String>,
    /// The result exactly.
    pub result: Option<String>,
    /// Games that reach this position (`Position::hash` as stored).
    pub position: Option<i64>,
    /// Only games with ids below this (the next page).
    pub before: Option<u64>,
    /// At most this many, newest id first.
    pub limit: u32,
}

/// A master game in a list (`MasterGame` in docs/protocol.md; `start_fen` and `moves` only when
/// one game is read).
#[derive(Clone, Debug, serde::Serialize)]
pub struct MasterEntry {
    /// Its id.
    pub id: u64,
    /// Where it came from.
    pub source: String,
    /// `Red` as written.
    pub red: String,
    /// `Black` as written.
    pub black: String,
    /// `Red` in simplified characters.
    pub red_hans: String,
    /// `Black` in simplified characters.
    pub black_hans: String,
    /// `Event` as written.
    pub event: String,
    /// `Event` in simplified characters.
    pub event_hans: String,
    /// `Site`.
    pub site: String,
    /// `Date` as written.
    pub date: String,
    /// The year, 0 when unknown.
    pub year: i64,
    /// The result.
    pub result: String,
    /// ECCO code, or empty.
    pub ecco: String,
    /// The opening's Chinese name.
    pub opening: String,
    /// Its English gloss.
    pub opening_en: String,
    /// Moves of the main line.
    pub plies: u64,
    /// The start position (one game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The moves, compact (one game; the caller decodes them).
    #[serde(skip)]
    pub moves: Option<Vec<u8>>,
    /// `Round` (one game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
}

const COLUMNS: &str = "id, source, red, black, red_hans, black_hans, event, event_hans, site, \
                       date, year, result, ecco, opening, opening_en, plies";

fn entry(r: &AnyRow, whole: bool) -> Result<MasterEntry, sqlx::Error> {
    Ok(MasterEntry {
        id: get::<u64>(r, "id")?,
        source: r.try_get("source")?,
        red: r.try_get("red")?,
        black: r.try_get("black")?,
        red_hans: r.try_get("red_hans")?,
        black_hans: r.try_get("black_hans")?,
        event: r.try_get("event")?,
        event_hans: r.try_get("event_hans")?,
        site: r.try_get("site")?,
        date: r.try_get("date")?,
        year: r.try_get("year")?,
        result: r.try_get("result")?,
        ecco: r.try_get("ecco")?,
        opening: r.try_get("opening")?,
        opening_en: r.try_get("opening_en")?,
        plies: get::<u64>(r, "plies")?,
        start_fen: if whole {
            Some(r.try_get("start_fen")?)
        } else {
            None
        },
        moves: if whole {
            Some(r.try_get("moves")?)
        } else {
            None
        },
        round: if whole {
            Some(r.try_get("round")?)
        } else {
            None
        },
    })
}

/// A value bound to a placeholder.
pub(crate) enum Bind {
    Text(String),
    Int(i64),
}

/// `LIKE` pattern for "contains `s`" (with `\` escaping `%`, `_` and itself).
pub(crate) fn contains(s: &str) -> String {
    let mut out = String::from("%");
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The `WHERE` conditions of `f` (joined by `AND`, `TRUE` when none) and their values, numbered
/// from `$1`. `prefix` names the games table (`g.` or empty).
pub(crate) fn conditions(f: &MastersFilter, prefix: &str) -> (String, Vec<Bind>) {
    let mut conds: Vec<String> = Vec::new();
    let mut binds: Vec<Bind> = Vec::new();
    let next = |b: Bind, binds: &mut Vec<Bind>| {
        binds.push(b);
        format!("${}", binds.len())
    };
    if let Some(p) = &f.player {
        let a = next(Bind::Text(contains(p)), &mut binds);
        conds.push(format!(
            "({prefix}red_key LIKE {a} ESCAPE '\\' OR {prefix}black_key LIKE {a} ESCAPE '\\')"
        ));
    }
    if let Some(e) = &f.event {
        let a = next(Bind::Text(contains(e)), &mut binds);
        conds.push(format!("{prefix}event_key LIKE {a} ESCAPE '\\'"));
    }
    if let Some(y) = f.year_from {
        let a = next(Bind::Int(y), &mut binds);
        conds.push(format!("{prefix}year >= {a}"));
    }
    if let Some(y) = f.year_to {
        let a = next(Bind::Int(y), &mut binds);
        conds.push(format!("{prefix}year <= {a} AND {prefix}year > 0"));
    }
    if let Some(c) = &f.ecco {
        let a = next(Bind::Text(c.to_ascii_uppercase()), &mut binds);
        conds.push(format!("{prefix}ecco = {a}"));
    }
    if let Some(o) = &f.opening {
        let a = next(Bind::Text(contains(&o.to_lowercase())), &mut binds);
        conds.push(format!(
            "({prefix}opening LIKE {a} ESCAPE '\\' OR LOWER({prefix}opening_en) LIKE {a} ESCAPE '\\')"
        ));
    }
    if let Some(r) = &f.result {
        let a = next(Bind::Text(r.clone()), &mut binds);
        conds.push(format!("{prefix}result = {a}"));
    }
    if let Some(k) = f.position {
        let a = next(Bind::Int(k), &mut binds);
        conds.push(format!(
            "{prefix}id IN (SELECT game_id FROM masters_positions WHERE pos_key = {a})"
        ));
    }
    if let Some(b) = f.before {
        let a = next(Bind::Int(b.sql()), &mut binds);
        conds.push(format!("{prefix}id < {a}"));
    }
    let sql = if conds.is_empty() {
        "1 = 1".to_owned()
    } else {
        conds.join(" AND ")
    };
    (sql, binds)
}

/// Binds `binds` to `q` in order.
pub(crate) fn bind_all<'q>(
    mut q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    binds: Vec<Bind>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for b in binds {
        q = match b {
            Bind::Text(t) => q.bind(t),
            Bind::Int(i) => q.bind(i),
        };
    }
    q
}

impl Db {
    /// The master games `f` finds, newest id first, and how many it finds in all.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn search_masters(
        &self,
        f: &MastersFilter,
    ) -> Result<(Vec<MasterEntry>, u64), StoreError> {
        let (cond, binds) = conditions(f, "");
        let sql = format!(
            "SELECT {COLUMNS} FROM masters_games WHERE {cond} ORDER BY id DESC LIMIT {}",
            f.limit.clamp(1, 200)
        );
        let rows = bind_all(sqlx::query(&sql), binds)
            .fetch_all(&self.pool)
            .await?;
        let games = rows
            .iter()
            .map(|r| entry(r, false))
            .collect::<Result<Vec<_>, _>>()?;
        let unpaged = MastersFilter {
            before: None,
            ..f.clone()
        };
        let (cond, binds) = conditions(&unpaged, "");
        let count_sql = format!("SELECT COUNT(*) FROM masters_games WHERE {cond}");
        let total: i64 = match bind_all(sqlx::query(&count_sql), binds)
            .fetch_one(&self.pool)
            .await
        {
            Ok(row) => row.try_get(0)?,
            Err(e) => return Err(e.into()),
        };
        Ok((games, u64::from_sql(total)))
    }

    /// One master game with its start and moves.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn master_game(&self, id: u64) -> Result<Option<MasterEntry>, StoreError> {
        let sql =
            format!("SELECT {COLUMNS}, start_fen, moves, round FROM masters_games WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.sql())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| entry(&r, true)).transpose()?)
    }
}
