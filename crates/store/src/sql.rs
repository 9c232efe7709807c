//! The SQL boundary: stored integers are `i64`; in memory, ids are [`UserId`], [`GameId`],
//! [`TableId`] and [`TeamId`], instants [`Millis`] or `u64`. Every conversion between the two is
//! here: [`Sql::sql`] to bind a value, [`get`] and [`get_opt`] to read a column.

use platform::{GameId, Millis, TableId, TeamId, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A value stored in an `i64` column.
pub(crate) trait Sql: Sized {
    /// The stored integer (`i64::MAX` for a value too large, which is never written).
    fn sql(self) -> i64;
    /// The value of a stored integer (negative ones, never written, read as 0).
    fn from_sql(v: i64) -> Self;
}

impl Sql for u64 {
    fn sql(self) -> i64 {
        i64::try_from(self).unwrap_or(i64::MAX)
    }

    fn from_sql(v: i64) -> u64 {
        u64::try_from(v).unwrap_or(0)
    }
}

/// Ids and instants: their number.
macro_rules! stored_as_number {
    ($($t:ident),*) => {$(
        impl Sql for $t {
            fn sql(self) -> i64 {
                self.0.sql()
            }

            fn from_sql(v: i64) -> $t {
                $t(u64::from_sql(v))
            }
        }
    )*};
}

stored_as_number!(UserId, GameId, TableId, TeamId, Millis);

/// Column `col` of `row`.
pub(crate) fn get<T: Sql>(row: &AnyRow, col: &str) -> Result<T, sqlx::Error> {
    row.try_get::<i64, _>(col).map(T::from_sql)
}

/// Column `col` of `row`, which may be `NULL`.
pub(crate) fn get_opt<T: Sql>(row: &AnyRow, col: &str) -> Result<Option<T>, sqlx::Error> {
    Ok(row.try_get::<Option<i64>, _>(col)?.map(T::from_sql))
}

/// `rows` parenthesised rows of numbered parameters, `($1, $2), ($3, $4), …`, one per entry
/// of `casts` in each row, with that cast when it is not empty (`$1::BIGINT`).
pub(crate) fn numbered_rows(rows: usize, casts: &[&str]) -> String {
    let mut sql = String::new();
    for r in 0..rows {
        sql.push_str(if r > 0 { ", (" } else { "(" });
        for (i, cast) in casts.iter().enumerate() {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", r * casts.len() + i + 1));
            if !cast.is_empty() {
                sql.push_str("::");
                sql.push_str(cast);
            }
        }
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_out_of_range_values_clamp() {
        assert_eq!(GameId::from_sql(GameId(42).sql()), GameId(42));
        assert_eq!(TableId(7).sql(), 7);
        assert_eq!(u64::MAX.sql(), i64::MAX);
        assert_eq!(UserId::from_sql(-3), UserId(0));
    }
}
