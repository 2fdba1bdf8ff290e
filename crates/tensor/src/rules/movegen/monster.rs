//! Monster moves: a king-like step to an empty square, or a chain of checkers-style jumps,
//! all diagonal or all straight. Nothing is taken during a chain, so the board is fixed
//! while it runs (only the monster's own start square is vacated): the squares a chain
//! can reach are a closure, computed with whole-board mask shifts instead of a search
//! over routes. Chains may revisit squares and may pass through the start square; a
//! chain ends elsewhere, or on the start square only when its last jump takes a monster.

use super::super::board::Position;
use super::super::geometry::{BOARD, DELTA, DIAGONAL, KING, STRAIGHT, bit, shift};
use super::super::moves::Move;
use super::super::types::{Bits, Color, Kind, Square};

/// Every square a chain of jumps in `dirs` can land on, start included.
/// `occupied` excludes the jumping monster; `empty` includes its start square.
#[inline]
pub(crate) fn jump_closure(start: u128, occupied: u128, empty: u128, dirs: &[usize; 4]) -> u128 {
    let mut reach = start;
    let mut frontier = start;
    while frontier != 0 {
        let mut next = 0;
        for &d in dirs {
            next |= shift(shift(frontier, d) & occupied, d) & empty;
        }
        frontier = next & !reach;
        reach |= frontier;
    }
    reach
}

/// The landing squares of jumps from `reach` over a piece in `targets`, in direction `d`.
#[inline]
fn jumps_over(reach: u128, targets: u128, empty: u128, d: usize) -> u128 {
    shift(shift(reach, d) & targets, d) & empty
}

pub(super) fn generate(pos: &Position, from: Square, us: Color, out: &mut Vec<Move>) {
    let start = bit(from);
    let occupied = pos.all() & !start;
    let empty = BOARD & !occupied;
    let diagonal = jump_closure(start, occupied, empty, &DIAGONAL);
    let straight = jump_closure(start, occupied, empty, &STRAIGHT);
    // Steps land next to the start and jumps two apart on each axis, so the only overlap
    // to remove is a square reachable by both kinds of chain (the union does it).
    let quiet = (KING[from as usize] & empty) | ((diagonal | straight) & !start);
    for to in Bits(quiet) {
        out.push(Move::plain(from, to));
    }
    let prey = pos.mask(us.flip(), Kind::Monster);
    if prey == 0 {
        return;
    }
    for (reach, dirs) in [(diagonal, &DIAGONAL), (straight, &STRAIGHT)] {
        for &d in dirs {
            // Each landing square has exactly one jumped square in direction d, so these
            // never repeat; and a capture ends the chain, even on the start square.
            for to in Bits(jumps_over(reach, prey, empty, d)) {
                let taken = (to as i16 - DELTA[d] as i16) as Square;
                out.push(Move::capturing(from, to, taken));
            }
        }
    }
}

/// The enemy monsters the monster on `from` (of colour `us`) can capture.
pub(crate) fn monster_capture_squares(pos: &Position, from: Square, us: Color) -> u128 {
    let start = bit(from);
    let occupied = pos.all() & !start;
    let empty = BOARD & !occupied;
    let prey = pos.mask(us.flip(), Kind::Monster);
    let mut taken = 0;
    for dirs in [&DIAGONAL, &STRAIGHT] {
        let reach = jump_closure(start, occupied, empty, dirs);
        for &d in dirs {
            let over = shift(reach, d) & prey;
            taken |= over & shift(empty, opposite(d));
        }
    }
    taken
}

#[inline]
fn opposite(d: usize) -> usize {
    d ^ 1 ^ if d >= 4 { 2 } else { 0 }
}

/// A shortest chain of landing squares from `from` to `to` using jumps in `dirs`, start
/// and end included, with the monster's start square vacated. None if unreachable.
pub(crate) fn jump_route(
    pos: &Position,
    from: Square,
    to: Square,
    dirs: &[usize; 4],
) -> Option<Vec<Square>> {
    let start = bit(from);
    let occupied = pos.all() & !start;
    let empty = super::super::geometry::BOARD & !occupied;
    // Breadth-first layers, then walk back from the target.
    let mut layers = vec![start];
    let mut reach = start;
    while layers.last().is_some_and(|l| l & bit(to) == 0) {
        let frontier = *layers.last()?;
        let mut next = 0;
        for &d in dirs {
            next |= shift(shift(frontier, d) & occupied, d) & empty;
        }
        let fresh = next & !reach;
        if fresh == 0 {
            return None;
        }
        reach |= fresh;
        layers.push(fresh);
    }
    let mut route = vec![to];
    let mut here = to;
    for layer in layers.iter().rev().skip(1) {
        let prev = dirs.iter().find_map(|&d| {
            let back = (here as i16 - 2 * DELTA[d] as i16) as i32;
            let over = (here as i16 - DELTA[d] as i16) as i32;
            let ok = (0..80).contains(&back)
                && layer & (1u128 << back) != 0
                && shift(shift(1u128 << back, d) & occupied, d) & bit(here) != 0
                && occupied & (1u128 << over) != 0;
            ok.then_some(back as Square)
        })?;
        route.push(prev);
        here = prev;
    }
    route.reverse();
    Some(route)
}
