//! Playing a move on a position.

use super::TableRules;
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::{Position, Undo};

/// The castling rights left after `mv` by `piece`: those of every square it moves
/// from or onto are gone, and in Chess960 all of a king's once it moves.
#[inline]
fn rights_after(
    rules: &TableRules,
    pos: &Position,
    mv: Move,
    piece: Piece,
    capture_sq: crate::geometry::Square,
) -> u32 {
    let kept = &rules.rights_kept;
    let mut rights = pos.castling_rights()
        & kept[mv.from.index()]
        & kept[mv.to.index()]
        & kept[capture_sq.index()];
    if let Some((f2, _)) = mv.second {
        rights &= kept[f2.index()];
    }
    if rules.castling960.active && rules.is_royal(piece) {
        // In Chess960 the king's square is the game's: its first move ends castling.
        rights &= !rules.file_rights.side_mask(piece.color());
    }
    rights
}

/// Whether `mv` checks the opponent, read off the board as [`make_move`] would leave it
/// without making the move; `None` where the move does more to the board than move one
/// piece, take one and promote it (a drop, castling, a gate), for the caller to play.
///
/// It follows [`make_move`] step by step: the same mover, captured piece, landing
/// piece and castling rights, and no king left to check once it is taken. The attack
/// walk reads only the board's squares, so only they are written, and then written back.
pub(super) fn gives_check(rules: &TableRules, pos: &mut Position, mv: Move) -> Option<bool> {
    if rules.gating.active || mv.second.is_some() {
        return None;
    }
    // Only a drop starts on an empty square.
    let piece = pos.piece_at(mv.from)?;
    let us = piece.color();
    let capture_sq = mv.capture.unwrap_or(mv.to);
    let captured = pos.piece_at(capture_sq).filter(|p| p.color() != us);
    if captured.is_some_and(|c| rules.is_royal(c)) {
        return Some(false);
    }
    let Some(king) = pos.king(!us) else {
        return Some(false);
    };
    if untouched_lines(rules, pos, mv, (us, capture_sq), king) {
        return Some(false);
    }
    let landed = mv.promotion.map_or(piece, |k| Piece::new(k, us));
    let rights = rights_after(rules, pos, mv, piece, capture_sq);
    let taken_aside = captured.is_some() && capture_sq != mv.to;
    let from_was = pos.poke(mv.from, None);
    let aside_was = taken_aside.then(|| pos.poke(capture_sq, None));
    let to_was = pos.poke(mv.to, Some(landed));
    let check = super::attacks::attacked(rules, &|s| pos.piece_at(s), king, us, rights);
    pos.poke(mv.to, to_was);
    if let Some(was) = aside_was {
        pos.poke(capture_sq, was);
    }
    pos.poke(mv.from, from_was);
    Some(check)
}

/// Whether `mv` leaves every square of the lines into the enemy's royal `king` as it
/// was: then whether the king is attacked along lines is unchanged, and in a legal
/// position the side not to move is not in check. Where pieces move by more than lines
/// (hops, lame leaps) every move is judged on the board.
#[inline]
fn untouched_lines(
    rules: &TableRules,
    pos: &Position,
    mv: Move,
    (us, capture_sq): (Color, Square),
    king: Square,
) -> bool {
    let Some(&lines) = rules.attack_lines[us.index()].get(king.index()) else {
        return false;
    };
    let touched = 1u128 << mv.from.0 | 1u128 << mv.to.0 | 1u128 << capture_sq.0;
    !rules.special.any_moves
        && lines & touched == 0
        && pos.piece_at(king).is_some_and(|k| rules.is_royal(k))
}

/// Plays `mv` on `pos`; the undo restores it.
pub(super) fn make_move(rules: &TableRules, pos: &mut Position, mv: Move) -> Undo {
    let mut undo = pos.begin_undo();
    let Some(piece) = pos.piece_at(mv.from) else {
        // Only a drop starts on an empty square.
        if rules.drops.active && mv.is_drop() {
            return super::drops::make_drop(rules, pos, mv);
        }
        return undo;
    };
    // A gating move's `promotion` is the piece that enters, not the mover's new kind.
    let gate = if rules.gating.active {
        super::gating::gate_of(rules, pos, mv)
    } else {
        None
    };
    let board_mv = if gate.is_some() {
        Move {
            promotion: None,
            ..mv
        }
    } else {
        mv
    };
    let mv = board_mv;
    let us = piece.color();
    let capture_sq = mv.capture.unwrap_or(mv.to);
    let captured = pos.piece_at(capture_sq).filter(|p| p.color() != us);

    pos.set(&mut undo, mv.from, None);
    if captured.is_some() && capture_sq != mv.to {
        pos.set(&mut undo, capture_sq, None);
    }
    let rights = rights_after(rules, pos, mv, piece, capture_sq);
    if let Some((f2, t2)) = mv.second {
        let p2 = pos.piece_at(f2);
        pos.set(&mut undo, f2, None);
        pos.set(&mut undo, t2, p2);
    }
    let landed = mv.promotion.map_or(piece, |k| Piece::new(k, us));
    pos.set(&mut undo, mv.to, Some(landed));
    if rights != pos.castling_rights() {
        pos.set_castling_rights(rights);
    }

    let pawn = rules.is_pawn(piece);
    let mut ep = None;
    if pawn && rules.info.en_passant && captured.is_none() {
        let shape = &rules.info.shape;
        let (a, b) = (rules.coords(mv.from), rules.coords(mv.to));
        // A double (or triple) step along one axis: the square just behind the pawn.
        let mut changed = (0..4).filter(|&i| a[i] != b[i]);
        if let (Some(axis), None) = (changed.next(), changed.next())
            && a[axis].abs_diff(b[axis]) >= 2
        {
            let mut behind = b;
            behind[axis] = if b[axis] > a[axis] {
                b[axis] - 1
            } else {
                b[axis] + 1
            };
            ep = shape.square(behind);
        }
        // With a double-step region (horde: the first two ranks), only a step from
        // the region's front edge leaves an en-passant square: one that passes over
        // a square of the region (horde's first-rank pawn) does not, as in
        // Fairy-Stockfish (its en-passant region) and lichess.
        if let (Some(zone), Some(sq)) = (&rules.double_step_from, ep)
            && zone[us.index()].contains(sq)
        {
            ep = None;
        }
    }
    pos.set_en_passant(ep);
    if pawn || captured.is_some() {
        pos.set_halfmove_clock(0);
    } else {
        pos.set_halfmove_clock(pos.halfmove_clock().saturating_add(1));
    }
    if us == Color::Black {
        pos.set_fullmove_number(pos.fullmove_number().saturating_add(1));
    }
    if rules.is_royal(piece) {
        pos.set_king(us, Some(mv.to));
    }
    if captured.is_some_and(|c| rules.is_royal(c)) {
        pos.set_king(!us, None);
    }
    if rules.drops.active {
        super::drops::after_board_move(rules, pos, &mut undo, mv, us, captured, capture_sq);
    }
    if rules.gating.active {
        super::gating::after_board_move(rules, pos, &mut undo, mv, gate, capture_sq);
    }
    if rules.ends.checks() > 0 {
        super::counters::after_move(rules, pos, us);
    }
    if rules.passing.active {
        super::passing::after_move(pos, mv);
    }
    pos.set_side_to_move(!us);
    undo
}
