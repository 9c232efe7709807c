//! How a game's moves and clock readings are stored in `games.moves` and `games.clocks`, per row
//! by `games.record_format` (migration 0007):
//!
//! * `0` (legacy): moves two bytes each (`Move::to_u16`, big-endian), readings four bytes each
//!   (ms, big-endian), exact;
//! * `1` (compact): `xiangqi::record::compact` — moves as Huffman-coded ranks among the legal
//!   moves from `start_fen` (exact), readings kept to 10 ms (a reading `v` reads back as
//!   `v - v % 10`; `u32::MAX`, "unknown", stays `u32::MAX`).
//!
//! Every game stored from now on is compact. Rows of format 0 are converted in place when the
//! migrations run ([`Db::compact_old_games`]); a row that cannot be converted (its moves are not
//! a legal game from its start) stays as it is and is still read, by the legacy path.

use super::sql::Sql;
use super::{Db, StoreError};
use platform::GameId;
use sqlx::Row;
use xiangqi::record::compact;
use xiangqi::{Move, Position};

/// `games.record_format` of the legacy fixed-width packing.
pub const FORMAT_LEGACY: i64 = 0;
/// `games.record_format` of the compact encoding.
pub const FORMAT_COMPACT: i64 = 1;

/// A game's moves and readings as stored: (format, moves blob, clocks blob).
pub type StoredRecord = (i64, Vec<u8>, Vec<u8>);

/// Packs moves two bytes each (format 0).
#[must_use]
pub fn pack_moves(moves: &[Move]) -> Vec<u8> {
    moves
        .iter()
        .flat_map(|m| m.to_u16().to_be_bytes())
        .collect()
}

/// Unpacks [`pack_moves`].
///
/// # Errors
/// [`StoreError::Corrupt`] on an odd length or an impossible move.
pub fn unpack_moves(bytes: &[u8]) -> Result<Vec<Move>, StoreError> {
    if bytes.len() % 2 == 1 {
        return Err(StoreError::Corrupt("odd move blob".into()));
    }
    bytes
        .chunks_exact(2)
        .map(|c| {
            Move::from_u16(u16::from_be_bytes([c[0], c[1]]))
                .ok_or_else(|| StoreError::Corrupt("bad move".into()))
        })
        .collect()
}

/// Packs readings four bytes each (format 0).
#[must_use]
pub fn pack_clocks(clocks: &[u32]) -> Vec<u8> {
    clocks.iter().flat_map(|c| c.to_be_bytes()).collect()
}

/// Unpacks [`pack_clocks`] (a partial last reading is dropped).
#[must_use]
pub fn unpack_clocks(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A game's record in the compact format, or in the legacy one when the moves are not a legal
/// game from `start_fen` (nothing is ever lost for want of an encoding).
#[must_use]
pub fn encode_record(start_fen: &str, moves: &[Move], clocks: &[u32]) -> StoredRecord {
    let compact = Position::from_fen(start_fen)
        .ok()
        .and_then(|start| compact::encode_moves(&start, moves).ok());
    match compact {
        Some(m) => (FORMAT_COMPACT, m, compact::encode_clocks(clocks)),
        None => (FORMAT_LEGACY, pack_moves(moves), pack_clocks(clocks)),
    }
}

/// Reads a stored record back: (moves, clock readings). A missing blob is an empty list.
///
/// # Errors
/// [`StoreError::Corrupt`] if the blobs are not of their format.
pub fn decode_record(
    format: i64,
    start_fen: &str,
    moves: Option<&[u8]>,
    clocks: Option<&[u8]>,
) -> Result<(Vec<Move>, Vec<u32>), StoreError> {
    let corrupt =
        |what: &str, e: &dyn std::fmt::Display| StoreError::Corrupt(format!("{what}: {e}"));
    match format {
        FORMAT_LEGACY => Ok((
            unpack_moves(moves.unwrap_or_default())?,
            unpack_clocks(clocks.unwrap_or_default()),
        )),
        FORMAT_COMPACT => {
            let start = Position::from_fen(start_fen).map_err(|e| corrupt("start_fen", &e))?;
            let moves = match moves {
                Some(b) => compact::decode_moves(&start, b).map_err(|e| corrupt("moves", &e))?,
                None => Vec::new(),
            };
            let clocks = match clocks {
                Some(b) => compact::decode_clocks(b).map_err(|e| corrupt("clocks", &e))?,
                None => Vec::new(),
            };
            Ok((moves, clocks))
        }
        other => Err(StoreError::Corrupt(format!("record format {other}"))),
    }
}

/// Rows converted per batch by [`Db::compact_old_games`].
const BATCH: i64 = 200;

impl Db {
    /// The stored form of game `id`'s record (its start position is read from its row).
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub(super) async fn stored_record(
        &self,
        id: GameId,
        moves: &[Move],
        clocks: &[u32],
    ) -> Result<StoredRecord, StoreError> {
        let fen: Option<String> = sqlx::query_scalar("SELECT start_fen FROM games WHERE id = $1")
            .bind(id.sql())
            .fetch_optional(&self.pool)
            .await?;
        Ok(encode_record(
            fen.as_deref().unwrap_or(xiangqi::START_FEN),
            moves,
            clocks,
        ))
    }

    /// Converts the stored games of the legacy format to the compact one, in place, in batches;
    /// returns how many were converted. Each row is one statement that changes it only if it is
    /// still legacy, so an interrupted run (or two at once) leaves every row readable and the
    /// next run finishes the job. Games in progress have no stored moves yet and are skipped.
    ///
    /// # Errors
    /// [`StoreError::Db`].
    pub async fn compact_old_games(&self) -> Result<u64, StoreError> {
        let (mut after, mut converted) = (0i64, 0u64);
        loop {
            let rows = sqlx::query(
                "SELECT id, start_fen, moves, clocks FROM games WHERE record_format = 0 \
                 AND status <> 'playing' AND id > $1 ORDER BY id LIMIT $2",
            )
            .bind(after)
            .bind(BATCH)
            .fetch_all(&self.pool)
            .await?;
            let Some(last) = rows.last() else {
                return Ok(converted);
            };
            after = last.try_get("id")?;
            for row in &rows {
                let id: i64 = row.try_get("id")?;
                let fen: String = row.try_get("start_fen")?;
                let moves: Option<Vec<u8>> = row.try_get("moves")?;
                let clocks: Option<Vec<u8>> = row.try_get("clocks")?;
                let Ok((moves, clocks)) =
                    decode_record(FORMAT_LEGACY, &fen, moves.as_deref(), clocks.as_deref())
                else {
                    continue;
                };
                let (format, m, c) = encode_record(&fen, &moves, &clocks);
                if format != FORMAT_COMPACT {
                    continue;
                }
                let done = sqlx::query(
                    "UPDATE games SET record_format = $1, moves = $2, clocks = $3 \
                     WHERE id = $4 AND record_format = 0",
                )
                .bind(format)
                .bind(m)
                .bind(c)
                .bind(id)
                .execute(&mut *self.writer().await?)
                .await?;
                converted += done.rows_affected();
            }
            tracing::info!(converted, up_to = after, "compacting stored games");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &[&str]) -> Vec<Move> {
        text.iter().map(|s| s.parse().expect("move")).collect()
    }

    #[test]
    fn legacy_packing_round_trips() {
        let ms = moves(&["h2e2", "h9g7", "a0a1"]);
        let packed = pack_moves(&ms);
        assert_eq!(packed.len(), 6);
        assert_eq!(unpack_moves(&packed).unwrap(), ms);
        assert!(unpack_moves(&packed[..5]).is_err());
        assert_eq!(unpack_clocks(&pack_clocks(&[1, 70_000])), vec![1, 70_000]);
    }

    #[test]
    fn records_are_compact_and_read_back() {
        let ms = moves(&["h2e2", "h9g7", "h0g2", "i9h9"]);
        let clocks = [599_873, 598_001, 597_000, u32::MAX];
        let (format, m, c) = encode_record(xiangqi::START_FEN, &ms, &clocks);
        assert_eq!(format, FORMAT_COMPACT);
        assert!(m.len() < 2 * ms.len() && c.len() < 4 * clocks.len());
        let back = decode_record(format, xiangqi::START_FEN, Some(&m), Some(&c)).unwrap();
        assert_eq!(
            back,
            (ms.clone(), vec![599_870, 598_000, 597_000, u32::MAX])
        );
        // Not a legal game from the start: kept in the legacy format, exactly.
        let (format, m, c) = encode_record(xiangqi::START_FEN, &ms[1..], &clocks);
        assert_eq!(format, FORMAT_LEGACY);
        let back = decode_record(format, xiangqi::START_FEN, Some(&m), Some(&c)).unwrap();
        assert_eq!(back, (ms[1..].to_vec(), clocks.to_vec()));
        assert!(decode_record(FORMAT_COMPACT, xiangqi::START_FEN, Some(&[1, 9]), None).is_err());
        assert!(decode_record(7, xiangqi::START_FEN, None, None).is_err());
    }
}
