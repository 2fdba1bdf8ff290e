//! Each piece's rays as square sets, on boards of at most 128 squares whose rays all
//! run monotonically through the square indices (every board without wrapping: an
//! index is `x + X·(y + Y·(z + Z·w))`, so a straight line changes it by a constant). A
//! piece's reach is then its one-square rays together and, per longer ray, the squares
//! up to and including the first man on it, found by one bit scan in the ray's
//! direction: the squares the ray walk of [`super::terms`] visits, without walking.
//! The sets are one word ([`u64`]) where the board has at most 64 squares, else two.

use super::geometry::RayTable;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of squares in one integer: bit `i` is square `i`.
pub(crate) trait Squares:
    Copy
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// How many squares it holds at most.
    const BITS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set of square `sq` alone.
    fn one(sq: usize) -> Self;
    /// Whether it holds square `sq`.
    fn has(self, sq: usize) -> bool;
    /// How many squares it holds.
    fn count(self) -> u32;
    /// Its lowest square (`BITS` when empty).
    fn lowest(self) -> usize;
    /// It without its lowest square.
    fn less_lowest(self) -> Self;
    /// Every square up to and including its lowest (all of them when empty).
    fn up_to_lowest(self) -> Self;
    /// Every square from its highest up (all of them when empty).
    fn at_and_above_highest(self) -> Self;
    /// The set of the first words of a square set kept as `u64` words.
    fn from_words(words: &[u64]) -> Self;
    /// The set of a position's squares kept as bits ([`chess4d_core::Position::occupancy`]).
    fn from_bits(bits: u128) -> Self;
}

impl Squares for u64 {
    const BITS: usize = 64;
    const EMPTY: u64 = 0;
    #[inline(always)]
    fn one(sq: usize) -> u64 {
        1 << sq
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        self >> sq & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn less_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn up_to_lowest(self) -> u64 {
        self ^ self.wrapping_sub(1)
    }
    #[inline(always)]
    fn at_and_above_highest(self) -> u64 {
        u64::MAX << (63 - (self | 1).leading_zeros())
    }
    #[inline(always)]
    fn from_words(words: &[u64]) -> u64 {
        words.first().copied().unwrap_or(0)
    }
    #[inline(always)]
    fn from_bits(bits: u128) -> u64 {
        bits as u64
    }
}

impl Squares for u128 {
    const BITS: usize = 128;
    const EMPTY: u128 = 0;
    #[inline(always)]
    fn one(sq: usize) -> u128 {
        1 << sq
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        self >> sq & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn less_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn up_to_lowest(self) -> u128 {
        self ^ self.wrapping_sub(1)
    }
    #[inline(always)]
    fn at_and_above_highest(self) -> u128 {
        u128::MAX << (127 - (self | 1).leading_zeros())
    }
    #[inline(always)]
    fn from_words(words: &[u64]) -> u128 {
        let word = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
        word(0) | word(1) << 64
    }
    #[inline(always)]
    fn from_bits(bits: u128) -> u128 {
        bits
    }
}

/// Per (piece code, square): the squares of its one-square rays, and the range of its
/// longer rays in [`BitRays::lines`].
#[derive(Clone, Copy, Default)]
struct Entry<B> {
    near: B,
    start: u32,
    end: u32,
}

/// A ray of two squares or more: its squares, and whether they rise in index from the
/// piece (else they fall).
#[derive(Clone, Copy)]
struct Line<B> {
    mask: B,
    up: bool,
}

/// The ray table of one variant as square sets.
pub(crate) struct BitRays<B> {
    squares: usize,
    entries: Vec<Entry<B>>,
    lines: Vec<Line<B>>,
}

/// The ray table as sets of the width the board needs.
pub(crate) enum BoardRays {
    /// Boards of at most 64 squares.
    Narrow(BitRays<u64>),
    /// Boards of 65 to 128 squares.
    Wide(BitRays<u128>),
}

impl BoardRays {
    /// The square sets of every ray in `rays` on a board of `squares` squares, or
    /// `None` where the board is too large or some ray bends or wraps (not monotonic
    /// in the index): the walk serves those.
    pub(crate) fn build(rays: &RayTable, squares: usize) -> Option<BoardRays> {
        if squares <= u64::BITS as usize {
            BitRays::build(rays, squares).map(BoardRays::Narrow)
        } else {
            BitRays::build(rays, squares).map(BoardRays::Wide)
        }
    }
}

impl<B: Squares> BitRays<B> {
    fn build(rays: &RayTable, squares: usize) -> Option<BitRays<B>> {
        if squares == 0 || squares > B::BITS {
            return None;
        }
        let codes = rays.codes(squares);
        let mut t = BitRays {
            squares,
            entries: Vec::with_capacity(codes * squares),
            lines: Vec::new(),
        };
        for code in 0..codes {
            for sq in 0..squares {
                let mut entry = Entry {
                    near: B::EMPTY,
                    start: t.lines.len() as u32,
                    end: 0,
                };
                for ray in rays.rays(code, squares, sq) {
                    let mask = ray
                        .iter()
                        .fold(B::EMPTY, |m, &s| m | B::one(usize::from(s)));
                    match ray {
                        [_] => entry.near |= mask,
                        _ if ray.windows(2).all(|w| w[0] < w[1]) => {
                            t.lines.push(Line { mask, up: true })
                        }
                        _ if ray.windows(2).all(|w| w[0] > w[1]) => {
                            t.lines.push(Line { mask, up: false })
                        }
                        _ => return None,
                    }
                }
                entry.end = t.lines.len() as u32;
                t.entries.push(entry);
            }
        }
        Some(t)
    }

    /// The squares a piece `code` on `sq` reaches on a board whose occupied squares
    /// are `occupied`: every square of its rays up to and including the first man on
    /// each.
    #[inline]
    pub(crate) fn reach(&self, code: usize, sq: usize, occupied: B) -> B {
        let Some(entry) = self.entries.get(code * self.squares + sq) else {
            return B::EMPTY;
        };
        let mut reach = entry.near;
        let lines = self
            .lines
            .get(entry.start as usize..entry.end as usize)
            .unwrap_or(&[]);
        for line in lines {
            let men = line.mask & occupied;
            reach |= line.mask
                & if line.up {
                    men.up_to_lowest()
                } else {
                    men.at_and_above_highest()
                };
        }
        reach
    }
}
