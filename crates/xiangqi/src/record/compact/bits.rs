//! Bit-level writing and reading, most significant bit first, and the unsigned LEB128 varint of
//! the headers.

use super::CompactError;

/// Appends bits to a byte vector, most significant bit first; the last byte is padded with zeros.
#[derive(Debug, Default)]
pub(crate) struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    used: u32,
}

impl BitWriter {
    /// A writer that appends after `prefix`.
    pub(crate) fn new(prefix: Vec<u8>) -> BitWriter {
        BitWriter {
            bytes: prefix,
            acc: 0,
            used: 0,
        }
    }

    /// Writes the low `n` bits of `value` (`n` ≤ 32), highest first.
    pub(crate) fn write(&mut self, value: u32, n: u32) {
        if n == 0 {
            return;
        }
        let masked = u64::from(value) & ((1u64 << n) - 1);
        self.acc = (self.acc << n) | masked;
        self.used += n;
        while self.used >= 8 {
            self.used -= 8;
            // Truncation keeps exactly the byte just completed.
            self.bytes.push((self.acc >> self.used) as u8);
        }
        self.acc &= (1u64 << self.used) - 1;
    }

    /// The bytes written, the last one padded with zero bits.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        if self.used > 0 {
            self.bytes.push((self.acc << (8 - self.used)) as u8);
        }
        self.bytes
    }
}

/// Reads bits from a byte slice, most significant bit first.
#[derive(Debug)]
pub(crate) struct BitReader<'a> {
    bytes: &'a [u8],
    bit: usize,
}

impl<'a> BitReader<'a> {
    /// A reader at the first bit of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, bit: 0 }
    }

    /// The next bit.
    ///
    /// # Errors
    /// [`CompactError::Truncated`] at the end of the input.
    pub(crate) fn bit(&mut self) -> Result<u32, CompactError> {
        let byte = self
            .bytes
            .get(self.bit / 8)
            .ok_or(CompactError::Truncated)?;
        let b = (byte >> (7 - self.bit % 8)) & 1;
        self.bit += 1;
        Ok(u32::from(b))
    }

    /// The next `n` bits (`n` ≤ 32) as a number, highest first.
    ///
    /// # Errors
    /// [`CompactError::Truncated`] at the end of the input.
    pub(crate) fn read(&mut self, n: u32) -> Result<u32, CompactError> {
        let mut v: u64 = 0;
        for _ in 0..n {
            v = (v << 1) | u64::from(self.bit()?);
        }
        u32::try_from(v).map_err(|_| CompactError::Corrupt)
    }

    /// Whether only zero padding (less than a byte) is left.
    pub(crate) fn at_padding(&self) -> bool {
        let total = self.bytes.len() * 8;
        if total - self.bit.min(total) >= 8 {
            return false;
        }
        (self.bit..total).all(|i| (self.bytes[i / 8] >> (7 - i % 8)) & 1 == 0)
    }
}

/// Appends `v` as an unsigned LEB128 varint.
pub(crate) fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let low = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Reads an unsigned LEB128 varint from the front of `bytes`; returns it and the rest.
///
/// # Errors
/// [`CompactError::Truncated`], or [`CompactError::Corrupt`] (longer than 64 bits, or not in
/// its shortest form).
pub(crate) fn read_varint(bytes: &[u8]) -> Result<(u64, &[u8]), CompactError> {
    let mut v: u64 = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if i >= 10 {
            return Err(CompactError::Corrupt);
        }
        let part = u64::from(b & 0x7f);
        v |= part
            .checked_shl(7 * i as u32)
            .ok_or(CompactError::Corrupt)?;
        if b & 0x80 == 0 {
            // One way to write each number: no trailing zero groups.
            if i > 0 && b == 0 {
                return Err(CompactError::Corrupt);
            }
            return Ok((v, &bytes[i + 1..]));
        }
    }
    Err(CompactError::Truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let mut w = BitWriter::new(vec![7]);
        w.write(0b101, 3);
        w.write(0xdead_beef, 32);
        w.write(1, 1);
        let bytes = w.finish();
        assert_eq!(bytes[0], 7);
        let mut r = BitReader::new(&bytes[1..]);
        assert_eq!(r.read(3).unwrap(), 0b101);
        assert_eq!(r.read(32).unwrap(), 0xdead_beef);
        assert_eq!(r.bit().unwrap(), 1);
        assert!(r.at_padding());
        assert!(r.read(8).is_err());
    }

    #[test]
    fn varints_round_trip() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            write_varint(&mut out, v);
            assert_eq!(read_varint(&out).unwrap(), (v, &[][..]));
        }
        assert!(read_varint(&[0x80]).is_err());
        assert!(read_varint(&[0xff; 11]).is_err());
        assert!(read_varint(&[0x80, 0x00]).is_err());
    }
}
