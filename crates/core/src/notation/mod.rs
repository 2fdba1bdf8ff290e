//! Standard algebraic notation (SAN) for every variant: `Nf3`, `exd5`, `e8=Q#`, `O-O`,
//! and on boards of three and four axes `Ra1[0,1]`, `Nxb3[1,0]+`, `Nb[0,1]c3[1,1]`.
//!
//! A move is written as its piece letter (none for a pawn), the fewest coordinates of
//! its start square that tell it from the other pieces of its kind that can reach the
//! same square, `x` when it takes, the landing square, `=` and the promotion letter,
//! then `+` for check or `#` for checkmate. Castling is `O-O` when the king goes
//! towards higher files and `O-O-O` towards lower ones. A piece gated in (S-Chess) is
//! written after a slash, as Fairy-Stockfish writes it: `Nc3/H`, and `O-O/Ee1` or
//! `O-O/Eh1` with the square it enters on.
//!
//! The coordinates of a square are its groups: the *file* (the letter, axis X), the
//! *rank* (the number, axis Y) and, on boards of three or four axes, the *bracket*
//! (`[z]` or `[z,w]`, written whole). A disambiguation writes the groups with the
//! fewest coordinates that single the move out, preferring the file, then the rank,
//! then the bracket, as orthodox SAN prefers the file to the rank. A pawn that takes
//! always names its file.
//!
//! Moves SAN cannot say (a push of a second piece, a capture away from the landing
//! square by a piece that is not a pawn, two legal moves with the same start, landing
//! and promotion) keep the rules' own notation ([`crate::Rules::format_move`]), which the
//! parser also reads.

mod parse;
mod san;
mod uci;

pub use parse::{parse_notation, parse_san, play_notation};
pub use san::{SanHistory, game_san, san, san_line, san_moves};
pub use uci::{UciMove, UciSuffix, find_uci_move, format_uci_move, parse_uci_move};

use crate::geometry::Shape;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::VariantInfo;

/// The groups of a square's coordinates a disambiguation can write.
const FILE: u8 = 1;
const RANK: u8 = 2;
const BRACKET: u8 = 4;

/// How a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A piece letter, a landing square and what else SAN writes.
    Plain,
    /// Castling: `+1` towards higher files (`O-O`), `-1` towards lower ones (`O-O-O`).
    Castle(i8),
    /// The rules' own notation.
    Foreign,
}

/// The direction of a castling move along the files, or `None` when `mv` is not one:
/// the royal piece moves and a second piece of its side moves with it; the direction
/// is the side of the king the partner starts on (in Chess960 the king may stay, or
/// land on the rook's square). Where a piece gates in on the rook's square (S-Chess)
/// the rook is the main piece and the king the second.
fn castle_direction(info: &VariantInfo, pos: &Position, mv: Move) -> Option<i8> {
    let (second_from, _) = mv.second?;
    let royal = |sq| {
        pos.piece_at(sq)
            .and_then(|p| info.pieces.get(p.kind().index()))
            .is_some_and(|i| i.royal)
    };
    let (king_from, partner_from) = if royal(mv.from) {
        (mv.from, second_from)
    } else if mv.promotion.is_some() && royal(second_from) {
        (second_from, mv.from)
    } else {
        return None;
    };
    let piece = pos.piece_at(king_from)?;
    let partner = pos.piece_at(partner_from)?;
    if mv.capture.is_some() || partner.color() != piece.color() {
        return None;
    }
    let shape = &info.shape;
    let (from, to) = (shape.coords(king_from)[0], shape.coords(partner_from)[0]);
    match to.cmp(&from) {
        std::cmp::Ordering::Greater => Some(1),
        std::cmp::Ordering::Less => Some(-1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether two castling moves bring in the same gated piece on the same square (or
/// none): what tells the S-Chess castlings of one direction apart.
fn same_gate(a: Move, b: Move) -> bool {
    a.promotion == b.promotion && (a.promotion.is_none() || a.from == b.from)
}

/// How `mv` (one of `legal`) is written in SAN.
fn form(info: &VariantInfo, pos: &Position, legal: &[Move], mv: Move) -> Form {
    let Some(piece) = pos.piece_at(mv.from) else {
        return Form::Foreign;
    };
    let pawn = info
        .pieces
        .get(piece.kind().index())
        .is_some_and(|p| p.pawn);
    if mv.second.is_some() {
        return match castle_direction(info, pos, mv) {
            Some(dir) => {
                let same_way = legal
                    .iter()
                    .filter(|&&m| castle_direction(info, pos, m) == Some(dir) && same_gate(m, mv))
                    .count();
                if same_way == 1 {
                    Form::Castle(dir)
                } else {
                    Form::Foreign
                }
            }
            None => Form::Foreign,
        };
    }
    if mv.capture.is_some_and(|c| c != mv.to) && !pawn {
        return Form::Foreign;
    }
    let twins = legal
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to && m.promotion == mv.promotion)
        .count();
    if twins == 1 {
        Form::Plain
    } else {
        Form::Foreign
    }
}

/// The coordinate groups a board has: the file always, the rank from two axes, the
/// bracket from three.
fn groups(shape: &Shape) -> u8 {
    match shape.axes() {
        1 => FILE,
        2 => FILE | RANK,
        _ => FILE | RANK | BRACKET,
    }
}

/// How many coordinates the groups in `set` write.
fn coordinate_count(shape: &Shape, set: u8) -> usize {
    let mut n = 0;
    if set & FILE != 0 {
        n += 1;
    }
    if set & RANK != 0 {
        n += 1;
    }
    if set & BRACKET != 0 {
        n += shape.axes().saturating_sub(2);
    }
    n
}

/// The disambiguations a board allows, fewest coordinates first; among equals the
/// file before the rank before the bracket.
fn disambiguations(shape: &Shape) -> Vec<u8> {
    let have = groups(shape);
    let mut sets: Vec<u8> = [
        FILE,
        RANK,
        BRACKET,
        FILE | RANK,
        FILE | BRACKET,
        RANK | BRACKET,
        FILE | RANK | BRACKET,
    ]
    .into_iter()
    .filter(|s| s & !have == 0)
    .collect();
    sets.sort_by_key(|&s| coordinate_count(shape, s));
    sets
}

/// The axes a set of groups covers, as `[x, y, z, w]` flags.
fn axes_of(shape: &Shape, set: u8) -> [bool; 4] {
    let mut axes = [false; 4];
    axes[0] = set & FILE != 0;
    axes[1] = set & RANK != 0 && shape.axes() >= 2;
    for a in axes.iter_mut().take(shape.axes()).skip(2) {
        *a = set & BRACKET != 0;
    }
    axes
}

#[cfg(test)]
mod tests;
