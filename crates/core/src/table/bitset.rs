//! Square sets of one machine word where the board fits one.
//!
//! The tables keep every set as `u128` (boards of up to 128 squares), but the boards
//! played most (8x8 and the 4x4x2x2 sets) have 64 squares: there a set is one `u64`
//! register, and an AND, a popcount or a bit scan is one instruction instead of two
//! and a branch. The hot counting path is generic over [`BitSet`] and chosen once per
//! call by the board's size; a table's `u128` is cut to the word on reading.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares as bits (bit `i`: square `i`): `u64` for boards of up to 64
/// squares, `u128` up to 128. Public so that the engine's square sets are the same.
pub trait BitSet:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;
    /// Every bit.
    const ALL: Self;
    /// The highest bit's index.
    const TOP: u32;
    /// A table's set, cut to this width (the board fits it).
    fn narrow(x: u128) -> Self;
    /// The set as a table's `u128`.
    fn wide(self) -> u128;
    /// How many squares the set holds.
    fn count(self) -> u32;
    /// The lowest set bit's index (the set is not empty).
    fn lowest(self) -> u32;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// The set shifted up by `n` squares.
    fn shl(self, n: u32) -> Self;
    /// The set shifted down by `n` squares.
    fn shr(self, n: u32) -> Self;
    /// The set of one square.
    fn bit(i: u32) -> Self;
    /// Every bit up to and including the lowest set one; every bit where none is set
    /// (one `blsmsk`, no branch).
    fn through_lowest(self) -> Self;
    /// Every bit from the highest set one up; every bit where none is set (no branch:
    /// bit 0 stands in for an empty set, and from bit 0 up is every bit).
    fn up_from_highest(self) -> Self;
}

macro_rules! bit_set {
    ($t:ty) => {
        impl BitSet for $t {
            const ZERO: Self = 0;
            const ALL: Self = <$t>::MAX;
            const TOP: u32 = <$t>::BITS - 1;
            #[inline(always)]
            fn narrow(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn through_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }
            #[inline(always)]
            fn up_from_highest(self) -> Self {
                Self::MAX << (Self::TOP - (self | 1).leading_zeros())
            }
        }
    };
}

bit_set!(u64);
bit_set!(u128);

#[cfg(test)]
mod tests {
    use super::BitSet;

    #[test]
    fn both_widths_agree_on_a_set_within_64_bits() {
        let x: u128 = 0b1011_0000_0100;
        let y = <u64 as BitSet>::narrow(x);
        assert_eq!(y.wide(), x);
        assert_eq!(
            (y.count(), y.lowest(), y.up_from_highest().wide() & x),
            (x.count(), x.lowest(), x.up_from_highest() & x)
        );
        assert_eq!((y.count(), y.lowest()), (4, 2));
        assert_eq!(y.without_lowest().wide(), x.without_lowest());
        assert_eq!(0b1010_0000u64.through_lowest(), 0b11_1111);
        assert_eq!(0u64.through_lowest(), u64::MAX);
        assert_eq!(0b1010_0000u128.up_from_highest(), !0u128 << 7);
        assert_eq!(0u64.up_from_highest(), u64::MAX);
        assert_eq!(1u64.up_from_highest(), u64::MAX);
    }
}
