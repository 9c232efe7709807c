//! Maximum-weight matching on general graphs (Edmonds' blossom algorithm with dual variables,
//! after Galil's exposition and van Rantwijk's formulation), generic over the weight type so the
//! Swiss pairer can use wide integers whose bit fields encode its criteria in priority order.

mod blossom;
mod wide;

pub use blossom::{max_weight_matching, DynamicMatching};
pub use wide::Wide;

/// A weight usable by [`max_weight_matching`]: exact integer arithmetic in two's complement.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `self + other` (no overflow in correct use).
    #[must_use]
    fn add(self, other: Self) -> Self;
    /// `self - other`.
    #[must_use]
    fn sub(self, other: Self) -> Self;
    /// `self * 2`.
    #[must_use]
    fn double(self) -> Self;
    /// `self / 2`, rounding toward negative infinity.
    #[must_use]
    fn half(self) -> Self;
}

impl Weight for i64 {
    const ZERO: i64 = 0;
    const ONE: i64 = 1;
    fn add(self, other: i64) -> i64 {
        self + other
    }
    fn sub(self, other: i64) -> i64 {
        self - other
    }
    fn double(self) -> i64 {
        self * 2
    }
    fn half(self) -> i64 {
        self >> 1
    }
}
