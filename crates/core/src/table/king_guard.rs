//! The king's guard where every move is judged on the board after it (hops, lame
//! leaps, confinement): which squares decide whether the king is attacked, so that a
//! move touching none of them is judged without looking.

use super::TableRules;
use super::attacks::attacked;
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// Whether the king is attacked now, and which squares the attack test read to decide
/// it.
///
/// The test is a pure function of the squares it reads, so a move that changes none of
/// them (and does not move the king) leaves its answer as it is: such a move is legal
/// exactly when the king is not in check now. This spares the judgement on the board
/// after the move for most moves where hops, lame leaps or confinement keep the line
/// shortcuts away, whatever those rules are: a cannon's screen and a horse's leg are
/// squares the test reads, and a palace confines by the king's own square, which only
/// the king's moves change (those are always looked at).
pub(super) struct KingGuard {
    pub(super) in_check: bool,
    /// The squares read, as bits; `None` on boards of more than 128 squares.
    read: Option<u128>,
}

impl KingGuard {
    pub(super) fn new(rules: &TableRules, pos: &Position, king: Square, them: Color) -> KingGuard {
        let rights = pos.castling_rights();
        if rules.info.shape.len() > 128 {
            let in_check = attacked(rules, &|s| pos.piece_at(s), king, them, rights);
            return KingGuard {
                in_check,
                read: None,
            };
        }
        let read = std::cell::Cell::new(0u128);
        let view = |s: Square| {
            read.set(read.get() | 1u128 << s.index());
            pos.piece_at(s)
        };
        let in_check = attacked(rules, &view, king, them, rights);
        KingGuard {
            in_check,
            read: Some(read.get()),
        }
    }

    /// Whether the king is in check after `m`, where the squares read decide it without
    /// looking at the board after the move; `None` where it must be looked at.
    #[inline]
    pub(super) fn answer(&self, m: Move, royal: bool) -> Option<bool> {
        let read = self.read?;
        if royal || m.second.is_some() {
            return None;
        }
        let bit = |s: Square| 1u128 << s.index();
        let touched = bit(m.from) | bit(m.to) | m.capture.map_or(0, bit);
        (touched & read == 0).then_some(self.in_check)
    }
}
