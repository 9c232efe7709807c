//! A fixed-width signed integer of `N` 64-bit limbs (two's complement, little-endian limbs).

use super::Weight;
use std::cmp::Ordering;

/// A signed integer of `64 * N` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// The value `v`.
    #[must_use]
    pub fn from_i64(v: i64) -> Self {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; N];
        limbs[0] = v as u64;
        Wide(limbs)
    }

    /// `1 << bit` (zero when `bit` is out of range).
    #[must_use]
    pub fn bit(bit: u32) -> Self {
        let mut limbs = [0; N];
        let i = (bit / 64) as usize;
        if i < N {
            limbs[i] = 1 << (bit % 64);
        }
        Wide(limbs)
    }

    /// `self << k` (bits shifted out are lost).
    #[must_use]
    pub fn shifted_left(self, k: u32) -> Self {
        let (limbs, bits) = ((k / 64) as usize, k % 64);
        let mut out = [0u64; N];
        for i in (0..N).rev() {
            if i < limbs {
                break;
            }
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Whether the value is negative.
    #[must_use]
    pub fn is_negative(self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// Whether the value is zero.
    #[must_use]
    pub fn is_zero(self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const ONE: Self = {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    };
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *o = s;
            borrow = b1 || b2;
        }
        Wide(out)
    }
    fn double(self) -> Self {
        self.shifted_left(1)
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate() {
            let hi = if i + 1 < N {
                self.0[i + 1] << 63
            } else {
                self.0[i] & (1 << 63)
            };
            *o = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_i128() {
        let vals: [i64; 6] = [0, 1, -1, 12345, -98765, i64::MAX];
        for &a in &vals {
            for &b in &vals {
                let (wa, wb) = (Wide::<2>::from_i64(a), Wide::<2>::from_i64(b));
                let sum = i128::from(a) + i128::from(b);
                assert_eq!(wa.add(wb).0[0], sum as u64);
                assert_eq!(wa.cmp(&wb), a.cmp(&b));
                assert_eq!(wa.sub(wb).is_negative(), i128::from(a) - i128::from(b) < 0);
            }
            assert_eq!(
                Wide::<2>::from_i64(a).double().half(),
                Wide::<2>::from_i64(a)
            );
        }
        assert_eq!(Wide::<2>::bit(70), Wide::<2>::from_i64(1).shifted_left(70));
        assert_eq!(Wide::<2>::from_i64(-3).half(), Wide::<2>::from_i64(-2));
    }
}
