//! A free pawn's moves counted by a few fixed masks (perft's last ply).
//!
//! Almost every pawn's lines are one square long: its pushes, its captures, and the
//! lines that do both. Such a line cannot be blocked, so all of a kind's squares are
//! one mask, and the pawn's moves are a popcount of each mask against the board: the
//! captures on enemies, the pushes on empty squares. A push that may double (or triple)
//! keeps its own entry, since the squares beyond it count only while it is empty.
//! Pawns with a longer line keep the line-by-line count of `count.rs`.

use super::bitset::BitSet;
use super::count::BulkSpan;

/// The most double-stepping pushes one pawn may have on one square (4D pawns push
/// along two axes).
const MAX_DOUBLES: usize = 2;

/// One push that may double: its square and the squares beyond it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Double {
    pub(super) push: u128,
    pub(super) beyond: BulkSpan,
}

/// A pawn's lines from one square as masks.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PawnMasks {
    /// Whether the masks hold every line (all one square long, no two of a kind
    /// landing on one square); else the pawn is counted line by line.
    pub(super) exact: bool,
    /// Squares it captures on (only on an enemy, or en passant).
    pub(super) captures: u128,
    /// Squares it pushes to (only when empty).
    pub(super) pushes: u128,
    /// Squares it moves or captures on (unless its own piece stands there).
    pub(super) both: u128,
    /// The pushes that may double from here.
    pub(super) doubles: [Double; MAX_DOUBLES],
    pub(super) ndoubles: u8,
}

impl PawnMasks {
    /// Adds one line; `false` where it does not fit the masks.
    pub(super) fn add(
        &mut self,
        mode: super::Mode,
        len: u16,
        mask: u128,
        double: BulkSpan,
    ) -> bool {
        if len != 1 || mask.count_ones() != 1 {
            return false;
        }
        let set = match mode {
            super::Mode::Capture => &mut self.captures,
            super::Mode::Move => &mut self.pushes,
            super::Mode::Both => &mut self.both,
        };
        if *set & mask != 0 {
            // Two lines onto one square list the move twice.
            return false;
        }
        *set |= mask;
        if double.mask != 0 {
            let Some(slot) = self.doubles.get_mut(self.ndoubles as usize) else {
                return false;
            };
            *slot = Double {
                push: mask,
                beyond: double,
            };
            self.ndoubles += 1;
        }
        true
    }

    /// The pawn's moves on a board occupied as `occ` (`own` the mover's, `ep` the
    /// en-passant square as bits), each weighed by `weigh` (promotion choices); `None`
    /// where it may take en passant (then it is listed, for the test after).
    #[inline(always)]
    pub(super) fn count<B: BitSet>(
        &self,
        occ: B,
        own: B,
        ep: B,
        weigh: impl Fn(B) -> u64,
    ) -> Option<u64> {
        let captures = B::narrow(self.captures);
        if captures & ep != B::ZERO {
            return None;
        }
        let mut n = weigh(captures & occ & !own)
            + weigh(B::narrow(self.pushes) & !occ)
            + weigh(B::narrow(self.both) & !own);
        for d in &self.doubles[..self.ndoubles as usize] {
            if occ & B::narrow(d.push) == B::ZERO {
                n += weigh(d.beyond.reach(occ) & !occ);
            }
        }
        Some(n)
    }
}
