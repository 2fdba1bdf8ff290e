//! Castling counted against the enemy's attack set (perft's last ply).
//!
//! The bulk count has the squares the enemy attacks with the king lifted. Out of
//! check, that set is exact for the squares the king crosses: lifting the king only
//! opens lines through its square, and such a line would check it. For the landing
//! square it is exact unless the rook's move changes a line to it (its old square on
//! a long line from there, opening one, or its new square, closing one); such options
//! are judged on the board after castling as the generator judges them.

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
    /// Whether the enemy's attack set decides the landing square (the rook's move
    /// opens or closes no long line to it).
    exact: bool,
}

impl CastleMasks {
    /// The masks of `c`, given by colour and square the squares of the enemy's long
    /// attack lines (`pin_lines`: attack lines of two squares or more).
    pub(super) fn new(c: &Castling, pin_lines: &[Vec<u128>; 2]) -> CastleMasks {
        let bits = |squares: &[Square]| squares.iter().fold(0u128, |m, s| m | 1u128 << s.0);
        let crossed = &c.king_path[..c.king_path.len().saturating_sub(1)];
        let d = &c.def;
        let lines = pin_lines[(!d.color).index()]
            .get(d.king_to.index())
            .copied()
            .unwrap_or(u128::MAX);
        let rooks = 1u128 << d.rook_from.0 | 1u128 << d.rook_to.0;
        CastleMasks {
            empty: bits(&c.empty),
            crossed: bits(crossed),
            exact: lines & rooks == 0,
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
    for (bit, (c, masks)) in rules.castling.iter().zip(&rules.bulk.castles).enumerate() {
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
            let lands = if masks.exact {
                danger & B::bit(u32::from(d.king_to.0)) != B::ZERO
            } else {
                lands_attacked(rules, pos, d, king_piece, rook)
            };
            if lands {
                continue;
            }
        }
        n += 1;
    }
    n
}
