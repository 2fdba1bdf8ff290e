//! Knight and king moves. A knight leaps over anything; landing on its own monster it may
//! leap again from there (a bounce, not back to its start) or push the monster one knight
//! leap on. A king steps, never onto or over a monster (castling aside).

use super::super::board::Position;
use super::super::geometry::{BOARD, KING, KNIGHT, bit};
use super::super::moves::Move;
use super::super::types::{Bits, Color, Kind, Square};

pub(super) fn knight(pos: &Position, from: Square, us: Color, out: &mut Vec<Move>) {
    let them = us.flip();
    let empty = BOARD & !pos.all();
    let landing = empty | (pos.occupied_by(them).0 & !pos.mask(them, Kind::Monster));
    let own_monsters = pos.mask(us, Kind::Monster);
    let leaps = KNIGHT[from as usize];
    let mut stops = leaps & landing;
    for m in Bits(leaps & own_monsters) {
        let again = KNIGHT[m as usize];
        stops |= again & landing;
        // Pushed monsters land on empty squares; the knight's start is empty by then.
        for to in Bits(again & (empty | bit(from))) {
            out.push(Move::push(from, m, to));
        }
    }
    for to in Bits(stops & !bit(from)) {
        out.push(Move::plain(from, to));
    }
}

pub(super) fn king(pos: &Position, from: Square, us: Color, out: &mut Vec<Move>) {
    let them = us.flip();
    let landing = (BOARD & !pos.all()) | (pos.occupied_by(them).0 & !pos.mask(them, Kind::Monster));
    for to in Bits(KING[from as usize] & landing) {
        out.push(Move::plain(from, to));
    }
}
