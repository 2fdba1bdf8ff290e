//! The grasshopper: along a line to the first piece it meets (the hurdle, of either
//! colour), then onto the square just past it, capturing an enemy there. Any rider's
//! lines serve (queen lines for the grasshopper, rook lines for a rook-hopper); a range
//! bounds how far away the hurdle may stand (1: a hurdle next to it, the kinghopper).
//! It is the cannon's [`super::Path::Hop`] with no squares after the hurdle but the landing.

use super::AttackLine;
use crate::geometry::Square;
use crate::piece::{Color, Piece};

/// The squares a grasshopper line must hold from a square: up to `range` squares to the
/// hurdle, and the landing square past it.
pub(super) fn reach(full: usize, range: u8) -> usize {
    full.min(range as usize + 1)
}

/// Where a grasshopper lands along `ray` (its span): just past the first piece, if that
/// square is on the board.
pub(super) fn landing(ray: &[Square], at: impl Fn(Square) -> Option<Piece>) -> Option<Square> {
    let hurdle = ray.iter().position(|&s| at(s).is_some())?;
    ray.get(hurdle + 1).copied()
}

/// Whether a grasshopper of `by` attacks the target along `line`: the square next to
/// the target, on `ray` (the line reversed from the target), holds the hurdle, and the
/// first piece beyond it is such a grasshopper within its range of the hurdle.
pub(super) fn attacks(
    line: &AttackLine,
    ray: &[Square],
    at: &impl Fn(Square) -> Option<Piece>,
    by: Color,
) -> Option<(Square, Piece)> {
    let (&hurdle, beyond) = ray.split_first()?;
    at(hurdle)?;
    for (k, &sq) in beyond.iter().enumerate() {
        let Some(p) = at(sq) else { continue };
        let hit = p.color() == by
            && k < line.range as usize
            && line.codes.get(p.code() as usize).copied().unwrap_or(false);
        return hit.then_some((sq, p));
    }
    None
}
