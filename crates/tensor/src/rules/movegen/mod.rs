//! Move generation: pseudo-legal moves by piece (each generator already merges routes
//! with the same result into one move), then a legality filter that plays each move and
//! asks whether the mover's king is attacked. With bounces and monster shields a move can
//! expose the king in ways no pin table captures, so the filter tests every move.

pub(crate) mod castling;
pub(crate) mod leapers;
pub(crate) mod monster;
pub(crate) mod pawns;
pub(crate) mod sliders;

use super::attacks::piece_attacks;
use super::board::Position;
use super::geometry::{DIR_TO, NONE, PERPENDICULAR, QUEEN_LINES, RAY, bit};
use super::makemove::{make_move, unmake_move};
use super::moves::Move;
use super::types::{Bits, Kind};

/// Appends the pseudo-legal moves of the side to move (its king may be left attacked).
pub fn pseudo_legal_moves(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side_to_move();
    let c = us.index();
    pawns::generate(pos, us, out);
    for from in Bits(pos.pieces[c][Kind::Knight.index()]) {
        leapers::knight(pos, from, us, out);
    }
    for kind in [Kind::Bishop, Kind::Rook, Kind::Queen] {
        for from in Bits(pos.pieces[c][kind.index()]) {
            sliders::generate(pos, from, kind, us, out);
        }
    }
    for from in Bits(pos.pieces[c][Kind::Monster.index()]) {
        monster::generate(pos, from, us, out);
    }
    for from in Bits(pos.pieces[c][Kind::King.index()]) {
        leapers::king(pos, from, us, out);
    }
    castling::generate(pos, us, out);
}

/// Fills `out` (cleared first) with every legal move of the side to move. Each move
/// appears once: routes with the same result on the board are one move.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, legal_moves};
/// let mut moves = Vec::new();
/// legal_moves(&Position::start(), &mut moves);
/// assert_eq!(moves.len(), 30);
/// ```
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    let mut scratch = pos.clone();
    legal_moves_in_place(&mut scratch, out);
}

/// [`legal_moves`] for a position the caller lets us play moves on (and take back), which
/// saves a copy in tight loops such as perft and search. `pos` is unchanged afterwards.
pub fn legal_moves_in_place(pos: &mut Position, out: &mut Vec<Move>) {
    out.clear();
    pseudo_legal_moves(pos, out);
    let us = pos.side_to_move();
    let them = us.flip();
    let Some(king) = pos.king_square(us) else {
        return;
    };
    // Outside check, a move by another piece can only expose the king by emptying a
    // square on a line through the king (a direct attack, or the leg of a bounce that
    // reaches the king) or on the arriving leg of a bounce: a line through an enemy
    // monster in line with the king, at a right angle to that line. Moves that empty no
    // such square need no test. (Knights leap, pawns and kings touch: nothing to open.)
    let mut danger = QUEEN_LINES[king as usize];
    if piece_attacks(pos, king, them) {
        danger = !0;
    }
    for m in Bits(pos.mask(them, Kind::Monster)) {
        let d = DIR_TO[m as usize][king as usize];
        if d != NONE {
            for e in PERPENDICULAR[d as usize] {
                danger |= RAY[m as usize][e];
            }
        }
    }
    out.retain(|&mv| {
        let emptied = bit(mv.from) | mv.capture_square().map_or(0, bit);
        if mv.from != king && emptied & danger == 0 {
            return true;
        }
        let undo = make_move(pos, mv);
        let safe = match pos.king_square(us) {
            Some(k) => !piece_attacks(pos, k, them),
            None => true,
        };
        unmake_move(pos, &undo);
        safe
    });
}

/// Whether the side to move has at least one legal move (stops at the first).
pub fn has_legal_move(pos: &Position) -> bool {
    let mut scratch = pos.clone();
    let mut moves = Vec::with_capacity(64);
    pseudo_legal_moves(&scratch, &mut moves);
    let us = scratch.side_to_move();
    moves.iter().any(|&mv| {
        let undo = make_move(&mut scratch, mv);
        let safe = scratch
            .king_square(us)
            .is_none_or(|k| !piece_attacks(&scratch, k, us.flip()));
        unmake_move(&mut scratch, &undo);
        safe
    })
}
