//! Castling counted against the enemy's attack set (perft's last ply).
//!
//! The bulk count has the squares the enemy attacks with the king lifted. Out of
//! check, that set is exact for the squares the king crosses: lifting the king only
//! opens lines through its square, and such a line would check it. For the landing
//! square it is exact unless the rook's move changes a line to it: its old square
//! inside a line from there may open one (then the option is judged on the board
//! after castling, as the generator judges it), and its new square may close one
//! (which matters only where the set says the square is attacked).

use super::bitset::BitSet;
use super::movegen::lands_attacked;
use super::{Castling, TableRules};
use crate::geometry::Square;
use crate::position::Position;

/// One castling option's squares as bits.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CastleMasks {
    /// The squares that must be empty.
    empty: u128,
    /// The squares the king crosses before its landing square.
    crossed: u128,
    /// Whether the rook leaves a square inside an enemy attack line to the landing
    /// square (one with squares beyond it): it may open that line.
    opens: bool,
    /// Whether the rook lands inside such a line: it may close it.
    closes: bool,
}

impl CastleMasks {
    /// The masks of `c` under `rules`.
    pub(super) fn new(rules: &TableRules, c: &Castling) -> CastleMasks {
        let bits = |squares: &[Square]| squares.iter().fold(0u128, |m, s| m | 1u128 << s.0);
        let crossed = &c.king_path[..c.king_path.len().saturating_sub(1)];
        let d = &c.def;
        // The squares of the enemy's attack lines to the landing square that have a
        // square beyond them on their line.
        let inner = rules
            .attack_spans_of(!d.color, d.king_to)
            .iter()
            .flat_map(|a| {
                let ray = rules.rays.squares(a.start, a.len as usize);
                &ray[..ray.len().saturating_sub(1)]
            })
            .fold(0u128, |m, s| m | 1u128 << s.0);
        let on = |sq: Square| sq.0 >= 128 || inner >> sq.0 & 1 != 0;
        CastleMasks {
            empty: bits(&c.empty),
            crossed: bits(crossed),
            opens: on(d.rook_from),
            closes: on(d.rook_to),
        }
    }
}

/// The castling moves of the side to move, out of check with its king on `king`,
/// as [`super::movegen::castling_moves`] lists them; `danger`: the enemy's attacks
/// with the king lifted.
#[inline(always)]
pub(super) fn count<B: BitSet>(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    occ: B,
    danger: B,
) -> u64 {
    let us = pos.side_to_move();
    let mut n = 0;
    for (bit, (c, masks)) in rules.castling.iter().zip(&rules.bulk().castles).enumerate() {
        let d = &c.def;
        if d.color != us || pos.castling_rights() & (1 << bit) == 0 {
            continue;
        }
        if B::narrow(masks.empty) & occ != B::ZERO {
            continue;
        }
        // As the generator: a royal castling piece must be the side's king; one that
        // is not royal (giveaway's king) is never impeded by attacks.
        let royal =
            d.king_from == king || pos.piece_at(d.king_from).is_some_and(|p| rules.is_royal(p));
        if royal && d.king_from != king {
            continue;
        }
        let rook = pos.piece_at(d.rook_from);
        if !rook.is_some_and(|r| r.color() == us && !rules.is_royal(r)) {
            continue;
        }
        let Some(king_piece) = pos.piece_at(d.king_from).filter(|p| p.color() == us) else {
            continue;
        };
        if royal {
            if B::narrow(masks.crossed) & danger != B::ZERO {
                continue;
            }
            let seen = danger & B::bit(u32::from(d.king_to.0)) != B::ZERO;
            let lands = if masks.opens || seen && masks.closes {
                lands_attacked(rules, pos, d, king_piece, rook)
            } else {
                seen
            };
            if lands {
                continue;
            }
        }
        n += 1;
    }
    n
}
