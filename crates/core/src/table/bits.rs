//! Bitboard fast paths of move generation that keep the mailbox walk's order exactly.
//!
//! The engine breaks ties by the order of the legal-move list, so these paths find
//! the same squares the square-by-square walk found and emit them in the same order:
//! own pieces in square order (bit scan upward), and along a line the empty squares
//! up to the first blocker, which a bit scan in the line's direction finds. Square
//! indices are `x + X·(y + Y·(z + Z·w))`, so a straight line that does not wrap runs
//! monotonically through the indices on every board; a line that bends or wraps
//! (griffon, cylinder) is not monotonic and keeps the walk. Boards of more than 128
//! squares keep the walk everywhere (no bits for them).

use super::Mode;
use crate::geometry::Square;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// The most squares a board may have for the bitboard paths.
pub(super) const MAX_BITS: usize = 128;

/// How a span's squares are walked.
pub(super) const WALK_MAILBOX: u8 = 0;
/// The span's squares rise in index: its first blocker is the lowest set bit.
pub(super) const WALK_UP: u8 = 1;
/// The span's squares fall in index: its first blocker is the highest set bit.
pub(super) const WALK_DOWN: u8 = 2;

/// The walk and the square mask of a span of `squares` on a board of `nsq` squares:
/// bits for a monotonic line of at least two squares, the mailbox walk otherwise.
pub(super) fn span_walk(squares: &[Square], nsq: usize) -> (u8, u128) {
    if nsq > MAX_BITS || squares.len() < 2 {
        return (WALK_MAILBOX, 0);
    }
    let up = squares.windows(2).all(|w| w[0] < w[1]);
    let down = squares.windows(2).all(|w| w[0] > w[1]);
    let mask = squares.iter().fold(0u128, |m, s| m | 1u128 << s.0);
    match (up, down) {
        (true, _) => (WALK_UP, mask),
        (_, true) => (WALK_DOWN, mask),
        _ => (WALK_MAILBOX, 0),
    }
}

/// Calls `f` on each of `us`'s pieces in square order (the mailbox scan's order).
#[inline]
pub(super) fn each_own(pos: &Position, us: Color, mut f: impl FnMut(Square, Piece)) {
    let board = pos.board();
    if board.len() <= 64 {
        // The common boards (8x8, 4x4x2x2) scan one word.
        let mut bits = pos.occupancy(us) as u64;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(&Some(p)) = board.get(i) {
                f(Square(i as u16), p);
            }
        }
    } else if board.len() <= MAX_BITS {
        let mut bits = pos.occupancy(us);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(&Some(p)) = board.get(i) {
                f(Square(i as u16), p);
            }
        }
    } else {
        for (i, slot) in board.iter().enumerate() {
            if let Some(p) = *slot
                && p.color() == us
            {
                f(Square(i as u16), p);
            }
        }
    }
}

/// The first blocker along a bit-walked span (`walk` up or down, squares `mask`) on
/// a board whose occupied squares are `occ`; none: the span is open to its end.
#[inline]
pub(super) fn first_blocker(walk: u8, mask: u128, occ: u128) -> Option<Square> {
    let blockers = occ & mask;
    if blockers == 0 {
        None
    } else if walk == WALK_UP {
        Some(Square(blockers.trailing_zeros() as u16))
    } else {
        Some(Square((127 - blockers.leading_zeros()) as u16))
    }
}

/// Whether a line of `mode` may land on a blocker, by colour: captures on enemies.
#[inline]
pub(super) fn takes(mode: Mode, blocker: Square, enemies: u128) -> bool {
    mode != Mode::Move && enemies >> blocker.0 & 1 != 0
}

/// A line's squares as bits with the walk that finds its first blocker; a line of one
/// square walks up, a line that bends or wraps keeps the mailbox walk (mask empty).
#[derive(Clone, Copy, Debug)]
pub(super) struct BitSpan {
    pub(super) mask: u128,
    pub(super) walk: u8,
}

impl BitSpan {
    /// The bits of a line of `squares` on a board of `nsq` squares.
    pub(super) fn of(squares: &[Square], nsq: usize) -> BitSpan {
        match squares {
            [one] if nsq <= MAX_BITS => BitSpan {
                mask: 1u128 << one.0,
                walk: WALK_UP,
            },
            _ => {
                let (walk, mask) = span_walk(squares, nsq);
                BitSpan { mask, walk }
            }
        }
    }
}
