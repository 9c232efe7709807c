//! Moves: each one written as its rank among the legal moves ([`super::order`]), Huffman-coded
//! with the trained rank code.
//!
//! Layout: one format byte ([`MOVES_FORMAT`]), the number of plies (LEB128), then the codes,
//! most significant bit first, the last byte padded with zero bits.

use super::bits::{read_varint, write_varint, BitReader, BitWriter};
use super::order::{for_each_move, ranked_moves, score, History};
use super::tables;
use super::CompactError;
use crate::{Move, Position};

/// The format byte of this version of the move encoding.
pub const MOVES_FORMAT: u8 = 1;

/// Encodes `moves`, played from `start`.
///
/// # Errors
/// [`CompactError::IllegalMove`] if a move is not legal where it is played.
pub fn encode_moves(start: &Position, moves: &[Move]) -> Result<Vec<u8>, CompactError> {
    let mut header = vec![MOVES_FORMAT];
    write_varint(&mut header, moves.len() as u64);
    let mut w = BitWriter::new(header);
    let code = tables::rank_code();
    let weights = tables::weights();
    let mut pos = start.clone();
    let mut hist = History::default();
    for (ply, &m) in moves.iter().enumerate() {
        let rank = rank_of(&mut pos, hist, weights, m).ok_or(CompactError::IllegalMove { ply })?;
        if !code.write(&mut w, rank) {
            return Err(CompactError::IllegalMove { ply });
        }
        pos.do_move(m);
        hist = hist.after(m);
    }
    Ok(w.finish())
}

/// Decodes [`encode_moves`]'s bytes, played from `start`.
///
/// # Errors
/// [`CompactError`] for bytes that are not such an encoding (never a panic).
pub fn decode_moves(start: &Position, bytes: &[u8]) -> Result<Vec<Move>, CompactError> {
    let (&format, rest) = bytes.split_first().ok_or(CompactError::Truncated)?;
    if format != MOVES_FORMAT {
        return Err(CompactError::UnknownFormat(format));
    }
    let (plies, body) = read_varint(rest)?;
    // Every code is at least one bit long.
    if plies > (body.len() as u64) * 8 {
        return Err(CompactError::Truncated);
    }
    let code = tables::rank_code();
    let weights = tables::weights();
    let mut r = BitReader::new(body);
    let mut pos = start.clone();
    let mut hist = History::default();
    let mut moves = Vec::with_capacity(usize::try_from(plies).unwrap_or(0));
    for _ in 0..plies {
        let rank = code.read(&mut r)?;
        let ranked = ranked_moves(&mut pos, hist, weights);
        let m = *ranked.as_slice().get(rank).ok_or(CompactError::Corrupt)?;
        pos.do_move(m);
        hist = hist.after(m);
        moves.push(m);
    }
    if !r.at_padding() {
        return Err(CompactError::Corrupt);
    }
    Ok(moves)
}

/// The rank of `m` among the legal moves of `pos` (without sorting: the number of moves ahead
/// of it), or `None` if it is not legal.
pub(crate) fn rank_of(
    pos: &mut Position,
    hist: History,
    weights: &[i16],
    m: Move,
) -> Option<usize> {
    let mut mine = None;
    let mut all = [(0i32, 0u16); crate::MAX_MOVES];
    let mut n = 0;
    for_each_move(pos, hist, |mv, feats| {
        let key = (-score(weights, feats), mv.to_u16());
        if mv == m {
            mine = Some(key);
        }
        if let Some(slot) = all.get_mut(n) {
            *slot = key;
            n += 1;
        }
    });
    let mine = mine?;
    Some(all[..n].iter().filter(|&&k| k < mine).count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_game_is_two_bytes() {
        let start = Position::startpos();
        let bytes = encode_moves(&start, &[]).unwrap();
        assert_eq!(bytes, vec![MOVES_FORMAT, 0]);
        assert_eq!(decode_moves(&start, &bytes).unwrap(), vec![]);
    }

    #[test]
    fn rank_agrees_with_the_sorted_list() {
        let mut pos = Position::startpos();
        let ranked = ranked_moves(&mut pos, History::default(), tables::weights());
        for (i, &m) in ranked.iter().enumerate() {
            assert_eq!(
                rank_of(&mut pos, History::default(), tables::weights(), m),
                Some(i)
            );
        }
    }

    #[test]
    fn an_illegal_move_is_refused() {
        let start = Position::startpos();
        let bad: Move = "a0a5".parse().unwrap();
        assert_eq!(
            encode_moves(&start, &[bad]),
            Err(CompactError::IllegalMove { ply: 0 })
        );
    }
}
