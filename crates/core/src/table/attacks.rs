//! Attack detection: look outward from the target along every reversed movement.

use super::TableRules;
use crate::geometry::Square;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// Whether `by` attacks `target` on the board `at` describes.
///
/// `at` is a view of the board so that legality can be judged on the board as it would
/// be after a move without making it.
#[inline]
pub(super) fn attacked(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
) -> bool {
    for ad in &rules.attack_dirs[by.index()] {
        let ray = rules.rays.ray(ad.dir, target);
        let reach = ray.len().min(ad.max_range as usize);
        for (k, &sq) in ray[..reach].iter().enumerate() {
            if let Some(p) = at(sq) {
                if p.color() == by && ad.range_of[p.code() as usize] as usize > k {
                    return true;
                }
                break;
            }
        }
    }
    false
}

/// Every square holding a piece of `by` that attacks `target`.
pub(super) fn attackers(
    rules: &TableRules,
    pos: &Position,
    target: Square,
    by: Color,
    out: &mut Vec<Square>,
) {
    out.clear();
    for ad in &rules.attack_dirs[by.index()] {
        let ray = rules.rays.ray(ad.dir, target);
        let reach = ray.len().min(ad.max_range as usize);
        for (k, &sq) in ray[..reach].iter().enumerate() {
            if let Some(p) = pos.piece_at(sq) {
                if p.color() == by
                    && ad.range_of[p.code() as usize] as usize > k
                    && !out.contains(&sq)
                {
                    out.push(sq);
                }
                break;
            }
        }
    }
}

/// Squares of the mover's pieces that shield its king from a line attack: moving one
/// off its line could expose the king, so such moves are checked in full.
///
/// Returns `false` when there were more shields than `out` holds (then every move must
/// be checked in full).
pub(super) fn pinned(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    us: Color,
    out: &mut PinList,
) -> bool {
    for ad in &rules.attack_dirs[(!us).index()] {
        if ad.max_range < 2 {
            continue;
        }
        let ray = rules.rays.ray(ad.dir, king);
        let reach = ray.len().min(ad.max_range as usize);
        let mut shield: Option<Square> = None;
        for (k, &sq) in ray[..reach].iter().enumerate() {
            if let Some(p) = pos.piece_at(sq) {
                if p.color() == us {
                    if shield.is_some() {
                        break;
                    }
                    shield = Some(sq);
                } else {
                    if let Some(s) = shield
                        && ad.range_of[p.code() as usize] as usize > k
                        && !out.push(s)
                    {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    true
}

/// A fixed-size list of pinned squares (no allocation in move generation).
pub(super) struct PinList {
    squares: [Square; 64],
    len: usize,
}

impl PinList {
    pub(super) fn new() -> PinList {
        PinList {
            squares: [Square(0); 64],
            len: 0,
        }
    }

    fn push(&mut self, sq: Square) -> bool {
        if self.len == self.squares.len() {
            return false;
        }
        self.squares[self.len] = sq;
        self.len += 1;
        true
    }

    #[inline]
    pub(super) fn contains(&self, sq: Square) -> bool {
        self.squares[..self.len].contains(&sq)
    }
}
