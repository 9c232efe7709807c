//! Clock readings: one number of milliseconds per ply, kept to the 10 ms below it (centiseconds,
//! truncated), each coded as the difference from a prediction.
//!
//! Precision: a reading `v` decodes as `v - v % 10`; readings of 4,294,967,290 ms or more (which
//! includes the server's `u32::MAX` "unknown" mark) decode as `u32::MAX`.
//!
//! Layout: one format byte ([`CLOCKS_FORMAT`]), the number of readings (LEB128), one mode bit,
//! then per reading a Huffman-coded size class and the bits below its leading one. Reading `i` is
//! predicted from the same side's earlier readings (`i - 2`, `i - 4`): in mode 0 it repeats
//! reading `i - 2` (the time spent is what is coded), in mode 1 it continues the trend
//! (`2·c[i-2] - c[i-4]`: a change in the time spent is coded). The encoder writes both and keeps
//! the shorter. The first reading of the game is predicted as 0, the second as the first.

use super::bits::{read_varint, write_varint, BitReader, BitWriter};
use super::huffman::Code;
use super::tables;
use super::CompactError;

/// The format byte of this version of the clock encoding.
pub const CLOCKS_FORMAT: u8 = 1;

/// Number of size classes: class 0 is the value 0, class `k` ≥ 1 the values with `k` bits.
pub const CLOCK_CLASSES: usize = 33;

// The shipped code lengths have one entry per class.
const _: () = assert!(super::format1::CLOCK_LENGTHS.len() == CLOCK_CLASSES);

/// The reading as kept: centiseconds.
fn to_centis(ms: u32) -> i64 {
    i64::from(ms / 10)
}

/// A kept reading back in milliseconds.
fn to_millis(cs: i64) -> Result<u32, CompactError> {
    const TOP: i64 = (u32::MAX / 10) as i64;
    match cs {
        c if c < 0 => Err(CompactError::Corrupt),
        c if c >= TOP => Ok(u32::MAX),
        c => u32::try_from(c * 10).map_err(|_| CompactError::Corrupt),
    }
}

/// What reading `i` is predicted to be, given the readings before it.
fn predict(c: &[i64], i: usize, mode: u32) -> i64 {
    match i {
        0 => 0,
        1 => c[0],
        2 | 3 => c[i - 2],
        _ if mode == 1 => 2 * c[i - 2] - c[i - 4],
        _ => c[i - 2],
    }
}

/// The residuals of `c` (zigzag-coded differences from the prediction) in `mode`.
pub(crate) fn residuals(c: &[i64], mode: u32) -> Vec<u64> {
    (0..c.len())
        .map(|i| {
            let d = c[i] - predict(c, i, mode);
            ((d << 1) ^ (d >> 63)) as u64
        })
        .collect()
}

/// The size class of a residual.
pub(crate) fn class_of(z: u64) -> usize {
    (64 - z.leading_zeros()) as usize
}

fn write_residuals(w: &mut BitWriter, code: &Code, zs: &[u64]) -> Result<(), CompactError> {
    for &z in zs {
        let class = class_of(z);
        if !code.write(w, class) {
            return Err(CompactError::Corrupt);
        }
        if class >= 2 {
            let bits = class as u32 - 1;
            w.write((z & ((1u64 << bits) - 1)) as u32, bits);
        }
    }
    Ok(())
}

/// The cost in bits of `zs` under `code`.
fn cost(code: &Code, zs: &[u64]) -> u64 {
    zs.iter()
        .map(|&z| {
            let class = class_of(z);
            u64::from(code.len_of(class)) + class.saturating_sub(1) as u64
        })
        .sum()
}

/// Encodes clock readings (ms) at the precision the module documents.
#[must_use]
pub fn encode_clocks(readings: &[u32]) -> Vec<u8> {
    let c: Vec<i64> = readings.iter().map(|&v| to_centis(v)).collect();
    let code = tables::clock_code();
    let plain = residuals(&c, 0);
    let trend = residuals(&c, 1);
    let (mode, zs) = if cost(code, &trend) < cost(code, &plain) {
        (1, trend)
    } else {
        (0, plain)
    };
    let mut header = vec![CLOCKS_FORMAT];
    write_varint(&mut header, readings.len() as u64);
    let mut w = BitWriter::new(header);
    w.write(mode, 1);
    // Every class of a 31-bit residual has a code in the committed table.
    if write_residuals(&mut w, code, &zs).is_err() {
        return Vec::new();
    }
    w.finish()
}

/// Decodes [`encode_clocks`]'s bytes.
///
/// # Errors
/// [`CompactError`] for bytes that are not such an encoding (never a panic).
pub fn decode_clocks(bytes: &[u8]) -> Result<Vec<u32>, CompactError> {
    let (&format, rest) = bytes.split_first().ok_or(CompactError::Truncated)?;
    if format != CLOCKS_FORMAT {
        return Err(CompactError::UnknownFormat(format));
    }
    let (n, body) = read_varint(rest)?;
    if n > (body.len() as u64) * 8 {
        return Err(CompactError::Truncated);
    }
    let code = tables::clock_code();
    let mut r = BitReader::new(body);
    let mode = r.bit()?;
    let n = usize::try_from(n).map_err(|_| CompactError::Corrupt)?;
    let mut c: Vec<i64> = Vec::with_capacity(n);
    for i in 0..n {
        let class = code.read(&mut r)?;
        let z: u64 = match class {
            0 => 0,
            1 => 1,
            k if k <= 32 => {
                let bits = k as u32 - 1;
                (1u64 << bits) | u64::from(r.read(bits)?)
            }
            _ => return Err(CompactError::Corrupt),
        };
        let d = ((z >> 1) as i64) ^ -((z & 1) as i64);
        let v = predict(&c, i, mode)
            .checked_add(d)
            .ok_or(CompactError::Corrupt)?;
        if !(0..=i64::from(u32::MAX / 10)).contains(&v) {
            return Err(CompactError::Corrupt);
        }
        c.push(v);
    }
    if !r.at_padding() {
        return Err(CompactError::Corrupt);
    }
    c.into_iter().map(to_millis).collect()
}

/// The readings as [`decode_clocks`] gives them back.
#[must_use]
pub fn kept_clocks(readings: &[u32]) -> Vec<u32> {
    readings
        .iter()
        .map(|&v| to_millis(to_centis(v)).unwrap_or(u32::MAX))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_keep_ten_milliseconds() {
        let readings = [
            600_000,
            598_765,
            599_999,
            590_001,
            0,
            9,
            u32::MAX,
            4_294_967_289,
        ];
        let bytes = encode_clocks(&readings);
        assert_eq!(
            decode_clocks(&bytes).unwrap(),
            vec![
                600_000,
                598_760,
                599_990,
                590_000,
                0,
                0,
                u32::MAX,
                4_294_967_280
            ]
        );
        assert_eq!(kept_clocks(&readings), decode_clocks(&bytes).unwrap());
    }

    #[test]
    fn steady_play_is_small() {
        let readings: Vec<u32> = (0..100).map(|i| 600_000 - (i / 2) * 3_000).collect();
        // The old format took 400 bytes.
        assert!(encode_clocks(&readings).len() < 60);
        assert_eq!(decode_clocks(&encode_clocks(&readings)).unwrap(), readings);
    }
}
