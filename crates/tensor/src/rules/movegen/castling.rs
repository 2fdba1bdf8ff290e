//! Castling. The king (on f1/f8) and a corner rook end next to each other, the rook on
//! the side nearer the centre, the king one or two squares from the edge: the player
//! chooses. King and rook may pass over their own monsters; every other square between
//! them must be empty, and both landing squares must be empty. The king may not be in
//! check, nor cross or land on an attacked square — a crossed square holding its own
//! monster counts as protected. Crossed squares are judged in the position before
//! castling; the legality filter then checks the king after castling.

use super::super::attacks::piece_attacks;
use super::super::board::{BLACK_LONG, BLACK_SHORT, Position, WHITE_LONG, WHITE_SHORT};
use super::super::geometry::bit;
use super::super::moves::Move;
use super::super::types::{Color, Kind, Piece, Square};

/// One castling choice: where king and rook end.
struct Landing {
    king_to: u8,
    rook_to: u8,
}

/// (right, rook file, the two options) for each wing, as files on the back rank.
const WINGS: [(u8, u8, [Landing; 2]); 2] = [
    (
        0,
        9,
        [
            Landing {
                king_to: 8,
                rook_to: 7,
            },
            Landing {
                king_to: 7,
                rook_to: 6,
            },
        ],
    ),
    (
        1,
        0,
        [
            Landing {
                king_to: 1,
                rook_to: 2,
            },
            Landing {
                king_to: 2,
                rook_to: 3,
            },
        ],
    ),
];

const KING_FILE: u8 = 5;

pub(super) fn generate(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let (rights, rank_base) = match us {
        Color::White => ([WHITE_SHORT, WHITE_LONG], 0u8),
        Color::Black => ([BLACK_SHORT, BLACK_LONG], 70u8),
    };
    if pos.castling & (rights[0] | rights[1]) == 0 {
        return;
    }
    let them = us.flip();
    let king_from = rank_base + KING_FILE;
    if pos.board[king_from as usize] != Piece::new(us, Kind::King).code() {
        return;
    }
    let own_monsters = pos.mask(us, Kind::Monster);
    let occupied = pos.all();
    let mut in_check: Option<bool> = None;
    for (wing, rook_file, options) in &WINGS {
        if pos.castling & rights[*wing as usize] == 0 {
            continue;
        }
        let rook_from = rank_base + rook_file;
        if pos.board[rook_from as usize] != Piece::new(us, Kind::Rook).code() {
            continue;
        }
        let between = span(king_from, rook_from) & !bit(king_from) & !bit(rook_from);
        if between & occupied & !own_monsters != 0 {
            continue;
        }
        for opt in options {
            let king_to = rank_base + opt.king_to;
            let rook_to = rank_base + opt.rook_to;
            if occupied & (bit(king_to) | bit(rook_to)) != 0 {
                continue;
            }
            if *in_check.get_or_insert_with(|| piece_attacks(pos, king_from, them)) {
                return;
            }
            let crossed = span(king_from, king_to) & !bit(king_from) & !own_monsters;
            let safe = super::super::types::Bits(crossed).all(|sq| !piece_attacks(pos, sq, them));
            if safe {
                out.push(Move::castle(king_from, king_to, rook_from, rook_to));
            }
        }
    }
}

/// The squares from `a` to `b` inclusive on one rank.
fn span(a: Square, b: Square) -> u128 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let ones = (1u128 << (hi - lo + 1)) - 1;
    ones << lo
}
