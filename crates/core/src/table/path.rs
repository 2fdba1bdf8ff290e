//! The squares a move passes, for pictures: a slide lists every square of its line, a
//! leap only its start and landing, castling the king's way.

use super::TableRules;
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// Start, every square passed, landing; `[from, to]` when the move is a leap or is
/// not one of the piece's lines.
pub(super) fn move_path(rules: &TableRules, pos: &Position, mv: Move) -> Vec<Square> {
    if let Some(c) = rules
        .castling
        .iter()
        .find(|c| c.def.king_from == mv.from && c.def.king_to == mv.to && mv.second.is_some())
    {
        let mut path = vec![mv.from];
        path.extend(c.king_path.iter().copied());
        if path.last() != Some(&mv.to) {
            path.push(mv.to);
        }
        return path;
    }
    let Some(piece) = pos.piece_at(mv.from) else {
        return vec![mv.from, mv.to];
    };
    // The line the move really takes: one with nothing standing before the landing
    // square (around a wrapping axis two lines may reach it); else the first that
    // reaches it at all (a hopper's line, with its screen).
    for clear in [true, false] {
        for span in rules.spans_of(piece, mv.from) {
            // A pawn's double (or triple) step runs along its one-square push.
            let double =
                rules.is_pawn(piece) && span.push_axis < 4 && span.len == 1 && span.full > 1;
            let longest = if rules.triple_step { 3 } else { 2 };
            let len = if double {
                (span.full as usize).min(longest)
            } else {
                span.len as usize
            };
            let ray = rules.rays.squares(span.start, len);
            if let Some(i) = ray.iter().position(|&s| s == mv.to)
                && (!clear || ray[..i].iter().all(|&s| pos.piece_at(s).is_none()))
            {
                let mut path = Vec::with_capacity(i + 2);
                path.push(mv.from);
                path.extend_from_slice(&ray[..=i]);
                return path;
            }
        }
    }
    vec![mv.from, mv.to]
}
