//! Playing a move for the host: the squares it changes and the state after it follow
//! from the move and the board alone, so no position is built.

use chess4d_plugin_api::{Move as AbiMove, SquareChange, State};

use super::convert::{color_of, from_abi};
use crate::rules::makemove::CASTLE_KEEP;
use crate::rules::{Kind, Move, Piece, SQUARES, Square, square_name};

/// The squares a move changes and the state after it, from the board alone.
///
/// Checks that the move is well formed and that its pieces stand where it says (the
/// mover of the side to move, a pushed monster or castling rook of the same side, a
/// captured piece); whether it is legal is the host's question, answered by
/// [`chess4d_plugin_api::RulesPlugin::legal_moves`].
pub(crate) fn apply(
    board: &[u8],
    state: State,
    abi: AbiMove,
    changes: &mut Vec<SquareChange>,
) -> Result<(Move, State), String> {
    let mv = from_abi(abi)?;
    if board.len() != SQUARES {
        return Err(refuse(mv, Refusal::Board(board.len())));
    }
    let us = color_of(state.side);
    let at = |sq: Square| Piece::from_code(board[sq as usize]);
    let Some(mover) = at(mv.from).filter(|p| p.color == us) else {
        return Err(refuse(mv, Refusal::NoMover));
    };
    if let Some((from2, _)) = mv.second() {
        let wanted = if mv.is_push() {
            Kind::Monster
        } else {
            Kind::Rook
        };
        if at(from2) != Some(Piece::new(us, wanted)) {
            return Err(refuse(mv, Refusal::NoSecond(wanted, from2)));
        }
    }
    let captured = match mv.capture_square() {
        Some(c) if at(c).is_none_or(|p| p.color == us) => {
            return Err(refuse(mv, Refusal::NothingToTake(c)));
        }
        Some(_) => true,
        None => mv.second().is_none() && at(mv.to).is_some(),
    };
    if mv.promotion().is_some() && mover.kind != Kind::Pawn {
        return Err(refuse(mv, Refusal::NotAPawn));
    }
    // Every piece lands on an empty square or on one this move empties (a capture on
    // `to` aside), so the position after it stays consistent whatever the host sends.
    let vacated = |sq: Square| sq == mv.from || mv.second().is_some_and(|(f2, _)| f2 == sq);
    let free = |sq: Square| board[sq as usize] == 0 || vacated(sq);
    let lands_well = match (mv.second(), mv.capture_square()) {
        (Some(_), Some(_)) => false,
        (Some((_, to2)), None) => mv.to != to2 && free(mv.to) && free(to2),
        // A monster may end where it started, having taken the monster it jumped over.
        (None, Some(c)) => c != mv.to && c != mv.from && free(mv.to),
        (None, None) => mv.to != mv.from && at(mv.to).is_none_or(|p| p.color != us),
    };
    if !lands_well {
        return Err(refuse(mv, Refusal::Crowded));
    }

    let change = |square: Square, piece: u8| SquareChange::new(square as u16, piece);
    // In this order a pushed monster may land on the pusher's start square.
    changes.push(change(mv.from, 0));
    if let Some(c) = mv.capture_square() {
        changes.push(change(c, 0));
    }
    if let Some((from2, to2)) = mv.second() {
        let second = board[from2 as usize];
        changes.push(change(from2, 0));
        changes.push(change(to2, second));
    }
    let landed = match mv.promotion() {
        Some(kind) => Piece::new(us, kind),
        None => mover,
    };
    changes.push(change(mv.to, landed.code()));

    let pawn = mover.kind == Kind::Pawn;
    let mut after = state.after_move(pawn || captured);
    after.castling = (state.castling & 15)
        & (CASTLE_KEEP[mv.from as usize] & CASTLE_KEEP[mv.to as usize]) as u32;
    let passed = (mv.from as usize + mv.to as usize) / 2;
    // A double step over the pawn's own monster gives no en passant.
    if pawn && mv.from.abs_diff(mv.to) == 20 && board[passed] == 0 {
        after.en_passant = Some(passed as u16);
    }
    Ok((mv, after))
}

/// Why [`apply`] refused a move; put into words only when it happens.
#[derive(Clone, Copy)]
enum Refusal {
    Board(usize),
    NoMover,
    NoSecond(Kind, Square),
    NothingToTake(Square),
    NotAPawn,
    Crowded,
}

#[cold]
#[inline(never)]
fn refuse(mv: Move, why: Refusal) -> String {
    match why {
        Refusal::Board(len) => {
            format!("the board has {len} squares; Tensor chess has 80 (10x8)")
        }
        Refusal::NoMover => format!(
            "{mv}: no piece of the side to move on {}",
            square_name(mv.from)
        ),
        Refusal::NoSecond(kind, sq) => format!(
            "{mv}: there is no {} of the side to move on {}",
            kind.name(),
            square_name(sq)
        ),
        Refusal::NothingToTake(sq) => format!(
            "{mv}: nothing of the other side to take on {}",
            square_name(sq)
        ),
        Refusal::NotAPawn => format!("{mv}: only a pawn promotes"),
        Refusal::Crowded => format!(
            "{mv}: a piece would land on {} or another occupied square",
            square_name(mv.to)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::convert::{position_data, state_of, to_abi};
    use crate::rules::{Position, START_FEN, legal_moves, make_move, parse_fen, to_fen};

    /// Plays `mv` through [`apply`] on a copy of the board and compares with make_move.
    fn check_apply(pos: &Position, mv: Move) {
        let data = position_data(pos);
        let mut changes = Vec::new();
        let (read, state) = apply(&data.board, data.state, to_abi(mv), &mut changes)
            .unwrap_or_else(|e| panic!("{mv} in {}: {e}", to_fen(pos)));
        assert_eq!(read, mv);
        let mut board = data.board.clone();
        for c in &changes {
            board[c.square as usize] = c.piece;
        }
        let mut played = pos.clone();
        make_move(&mut played, mv);
        assert_eq!(board.as_slice(), played.board(), "{mv} in {}", to_fen(pos));
        assert_eq!(state, state_of(&played), "{mv} in {}", to_fen(pos));
    }

    #[test]
    fn apply_agrees_with_make_move_on_every_kind_of_move() {
        let fens = [
            START_FEN,
            // Castling both ways, promotion with capture, en passant.
            "r4k3r/1P8/10/4pP4/10/10/10/R4K3R w KQkq e6 0 1",
            // Monster capture, pushes by every slider and a knight, a pawn push.
            "5k4/10/3t6/2T1t5/1N8/1T8/1P1T6/R3QK4 w - - 3 9",
            "r4k3r/1p2t2pp1/3b6/2pP1t4/10/1T6T1/PP1N3PPP/R4KB2R w KQkq c6 0 12",
        ];
        for fen in fens {
            let pos = parse_fen(fen).expect("test FEN");
            let mut moves = Vec::new();
            legal_moves(&pos, &mut moves);
            assert!(!moves.is_empty(), "{fen}");
            for mv in moves {
                check_apply(&pos, mv);
            }
        }
    }

    #[test]
    fn apply_refuses_moves_whose_pieces_are_not_there() {
        let data = position_data(&Position::start());
        let refuse = |abi: AbiMove| {
            let mut ch = Vec::new();
            let e = apply(&data.board, data.state, abi, &mut ch).unwrap_err();
            assert!(ch.is_empty(), "a refused move changes nothing");
            e
        };
        // Empty start square, the other side's piece, a push without a monster, a
        // castling without a rook, an en passant with nothing to take, a knight promoting.
        assert!(refuse(AbiMove::new(34, 44)).contains("no piece"));
        assert!(refuse(AbiMove::new(64, 44)).contains("no piece"));
        assert!(refuse(AbiMove::new(2, 12).with_second(12, 22)).contains("monster"));
        assert!(refuse(AbiMove::new(5, 8).with_second(4, 7)).contains("rook"));
        assert!(refuse(AbiMove::new(14, 25).with_capture(24)).contains("nothing"));
        assert!(refuse(AbiMove::new(2, 23).with_promotion(1)).contains("only a pawn"));
        assert!(refuse(AbiMove::new(0, 900)).contains("off the 10x8 board"));
        // Landing on its own piece, a push onto a piece, castling onto a piece.
        assert!(refuse(AbiMove::new(0, 10)).contains("land"));
        assert!(refuse(AbiMove::new(0, 1).with_second(1, 11)).contains("land"));
        let crowded =
            position_data(&parse_fen("r4k3r/10/10/10/10/10/10/R4KNB1R w KQkq - 0 1").unwrap());
        let mut ch = Vec::new();
        let castle = AbiMove::new(5, 8).with_second(9, 7);
        let e = apply(&crowded.board, crowded.state, castle, &mut ch).unwrap_err();
        assert!(e.contains("land"), "{e}");
        assert!(apply(&data.board[..64], data.state, AbiMove::new(14, 24), &mut ch).is_err());
    }
}
