//! Bishop, rook and queen moves. A slider passes over its own monsters, is stopped by
//! every other piece (it takes the first enemy that is not a monster), and at one of its
//! own monsters it may instead bounce off at a right angle or push the monster on.

use super::super::board::Position;
use super::super::geometry::{ALL_DIRS, DIAGONAL, NONE, PERPENDICULAR, STEP, STRAIGHT, bit};
use super::super::moves::Move;
use super::super::types::{Bits, Color, Kind, Square};

/// The directions a piece of this kind slides in (None for non-sliders).
#[inline]
pub(crate) fn slide_dirs(kind: Kind) -> Option<&'static [usize]> {
    match kind {
        Kind::Bishop => Some(&DIAGONAL),
        Kind::Rook => Some(&STRAIGHT),
        Kind::Queen => Some(&ALL_DIRS),
        _ => None,
    }
}

/// The context a slide runs in: whose pieces are whose.
pub(crate) struct Sides {
    pub occupied: u128,
    pub own_monsters: u128,
    pub prey: u128,
}

impl Sides {
    pub(crate) fn of(pos: &Position, us: Color) -> Sides {
        let them = us.flip();
        Sides {
            occupied: pos.all(),
            own_monsters: pos.mask(us, Kind::Monster),
            prey: pos.occupied_by(them).0 & !pos.mask(them, Kind::Monster),
        }
    }
}

/// Walks from `from` in `dir`, passing over own monsters, and returns the squares it may
/// stop on: empty ones and the first piece that can be taken.
#[inline]
pub(crate) fn slide(from: Square, dir: usize, sides: &Sides) -> u128 {
    let mut stops = 0;
    let mut sq = STEP[from as usize][dir];
    while sq != NONE {
        let b = bit(sq);
        if sides.occupied & b == 0 {
            stops |= b;
        } else if sides.own_monsters & b == 0 {
            stops |= sides.prey & b;
            break;
        }
        sq = STEP[sq as usize][dir];
    }
    stops
}

pub(super) fn generate(pos: &Position, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
    let Some(dirs) = slide_dirs(kind) else { return };
    let sides = Sides::of(pos, us);
    let mut stops = 0u128;
    for &d in dirs {
        let mut sq = STEP[from as usize][d];
        while sq != NONE {
            let b = bit(sq);
            if sides.occupied & b == 0 {
                stops |= b;
            } else if sides.own_monsters & b != 0 {
                for e in PERPENDICULAR[d] {
                    stops |= slide(sq, e, &sides);
                }
                push_monster(from, sq, dirs, sides.occupied & !bit(from), out);
            } else {
                stops |= sides.prey & b;
                break;
            }
            sq = STEP[sq as usize][d];
        }
    }
    for to in Bits(stops & !bit(from)) {
        out.push(Move::plain(from, to));
    }
}

/// The pusher lands on the monster's square `at`; the monster slides on along any of the
/// pusher's lines through `at`, over empty squares only (the pusher's start is empty now).
fn push_monster(from: Square, at: Square, dirs: &[usize], occupied: u128, out: &mut Vec<Move>) {
    for &d in dirs {
        let mut sq = STEP[at as usize][d];
        while sq != NONE && occupied & bit(sq) == 0 {
            out.push(Move::push(from, at, sq));
            sq = STEP[sq as usize][d];
        }
    }
}
