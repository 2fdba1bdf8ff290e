//! Each piece's rays as square sets, on boards of at most 128 squares whose rays all
//! run monotonically through the square indices (every board without wrapping: an
//! index is `x + X·(y + Y·(z + Z·w))`, so a straight line changes it by a constant). A
//! piece's reach is then its one-square rays together and, per longer ray, the squares
//! up to and including the first man on it, found by one bit scan in the ray's
//! direction: the squares the ray walk of [`super::terms`] visits, without walking.
//! The sets are one word ([`u64`]) where the board has at most 64 squares, else two.

use super::geometry::RayTable;
use chess4d_core::BitSet;

/// Whether `set` holds square `sq`.
#[inline(always)]
pub(crate) fn has<B: BitSet>(set: B, sq: usize) -> bool {
    set & B::bit(sq as u32) != B::ZERO
}

/// The set of square `sq` alone.
#[inline(always)]
pub(crate) fn one<B: BitSet>(sq: usize) -> B {
    B::bit(sq as u32)
}

/// A square set kept as `u64` words (the evaluation's pawn sets and zones), cut to
/// the width `B`.
#[inline(always)]
pub(crate) fn from_words<B: BitSet>(words: &[u64]) -> B {
    let word = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
    B::narrow(word(0) | word(1) << 64)
}

/// Per (piece code, square): the squares of its one-square rays, and the range of its
/// longer rays in [`BitRays::lines`].
#[derive(Clone, Copy)]
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
        if squares <= 64 {
            BitRays::build(rays, squares).map(BoardRays::Narrow)
        } else {
            BitRays::build(rays, squares).map(BoardRays::Wide)
        }
    }
}

impl<B: BitSet> BitRays<B> {
    fn build(rays: &RayTable, squares: usize) -> Option<BitRays<B>> {
        if squares == 0 || squares > B::TOP as usize + 1 {
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
                    near: B::ZERO,
                    start: t.lines.len() as u32,
                    end: 0,
                };
                for ray in rays.rays(code, squares, sq) {
                    let mask = ray.iter().fold(B::ZERO, |m, &s| m | one(usize::from(s)));
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
            return B::ZERO;
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
                    men.through_lowest()
                } else {
                    men.up_from_highest()
                };
        }
        reach
    }
}
