//! Applying and taking back moves, keeping masks, key, rights and clocks in step.

use super::board::{BLACK_LONG, BLACK_SHORT, Position, WHITE_LONG, WHITE_SHORT};
use super::geometry::NONE;
use super::moves::{Move, Undo};
use super::types::{Color, Kind, Piece, SQUARES};

const fn build_castle_keep() -> [u8; SQUARES] {
    let mut t = [15u8; SQUARES];
    // Touching the king's square loses both rights; touching a rook's corner loses one.
    t[5] = !(WHITE_SHORT | WHITE_LONG) & 15;
    t[0] = !WHITE_LONG & 15;
    t[9] = !WHITE_SHORT & 15;
    t[75] = !(BLACK_SHORT | BLACK_LONG) & 15;
    t[70] = !BLACK_LONG & 15;
    t[79] = !BLACK_SHORT & 15;
    t
}

/// The castling rights that survive a move leaving or landing on each square.
pub(crate) static CASTLE_KEEP: [u8; SQUARES] = build_castle_keep();

/// Plays a move and returns what [`unmake_move`] needs to take it back.
///
/// The move must come from [`crate::legal_moves`] (or [`crate::parse_move`]) for this
/// position; other moves never panic but leave an unspecified position.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, parse_move, make_move, unmake_move, to_fen};
/// let mut pos = Position::start();
/// let before = pos.clone();
/// let mv = parse_move(&pos, "a1b1>a1").unwrap();
/// let undo = make_move(&mut pos, mv);
/// assert_eq!(to_fen(&pos), "rtnbqkbntr/pppppppppp/10/10/10/10/PPPPPPPPPP/TRNBQKBNTR b Kkq - 1 1");
/// unmake_move(&mut pos, &undo);
/// assert_eq!(pos, before);
/// ```
pub fn make_move(pos: &mut Position, mv: Move) -> Undo {
    let moved = pos.board[mv.from as usize];
    let mut undo = Undo {
        mv,
        moved,
        captured: 0,
        captured_on: NONE,
        castling: pos.castling,
        ep: pos.ep,
        halfmove: pos.halfmove,
        fullmove: pos.fullmove,
        hash: pos.hash,
    };
    let is_pawn = Piece::from_code(moved).is_some_and(|p| p.kind == Kind::Pawn);
    let mut new_ep = NONE;

    if mv.is_push() {
        // Lift both pieces first: the monster may land on the pusher's start square.
        pos.take(mv.from);
        let monster = pos.take(mv.to);
        pos.put(mv.to2, monster);
        pos.put(mv.to, moved);
    } else if mv.is_castling() {
        pos.take(mv.from);
        let rook = pos.take(mv.from2);
        pos.put(mv.to, moved);
        pos.put(mv.to2, rook);
    } else {
        let on = if mv.capture != NONE {
            mv.capture
        } else {
            mv.to
        };
        // A legal move never "captures" the mover itself; guard against foreign moves.
        if on != mv.from {
            let captured = pos.take(on);
            if captured != 0 {
                undo.captured = captured;
                undo.captured_on = on;
            }
        }
        pos.take(mv.from);
        if pos.board[mv.to as usize] != 0 {
            // Only a malformed move lands on a piece; drop it so the masks stay right.
            pos.take(mv.to);
        }
        let landed = match (mv.promotion(), Piece::from_code(moved)) {
            (Some(kind), Some(p)) => Piece::new(p.color, kind).code(),
            _ => moved,
        };
        pos.put(mv.to, landed);
        if is_pawn && (mv.to as i16 - mv.from as i16).abs() == 20 {
            let passed = (mv.from + mv.to) / 2;
            // A double step over the pawn's own monster never gives en passant.
            if pos.board[passed as usize] == 0 {
                new_ep = passed;
            }
        }
    }

    let keep = CASTLE_KEEP[mv.from as usize] & CASTLE_KEEP[mv.to as usize];
    pos.set_castling(pos.castling & keep);
    pos.set_ep(new_ep);
    pos.halfmove = if is_pawn || undo.captured != 0 {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    if pos.side == Color::Black {
        pos.fullmove = pos.fullmove.saturating_add(1);
    }
    pos.flip_side();
    undo
}

/// Takes back the move [`make_move`] returned `undo` for.
pub fn unmake_move(pos: &mut Position, undo: &Undo) {
    let mv = undo.mv;
    if mv.is_push() {
        pos.take(mv.to);
        let monster = pos.take(mv.to2);
        pos.put(mv.to, monster);
        pos.put(mv.from, undo.moved);
    } else if mv.is_castling() {
        pos.take(mv.to);
        let rook = pos.take(mv.to2);
        pos.put(mv.from, undo.moved);
        pos.put(mv.from2, rook);
    } else {
        pos.take(mv.to);
        pos.put(mv.from, undo.moved);
        if undo.captured != 0 && undo.captured_on != NONE {
            pos.put(undo.captured_on, undo.captured);
        }
    }
    pos.side = pos.side.flip();
    pos.castling = undo.castling;
    pos.ep = undo.ep;
    pos.halfmove = undo.halfmove;
    pos.fullmove = undo.fullmove;
    pos.hash = undo.hash;
}
