//! Pawn moves. From its start rank a pawn may step two squares through an empty square or
//! over its own monster (no capture, no en passant after the latter), or push the monster
//! in front of it one square on. It captures diagonally forward, never a monster, and
//! promotes on the last rank to a queen, rook, bishop, knight or monster.

use super::super::board::Position;
use super::super::geometry::{NONE, PAWN_CAPTURES, bit};
use super::super::moves::Move;
use super::super::types::{Bits, Color, Kind, RANKS, Square, rank_of};

#[inline]
fn add_promotions(from: Square, to: Square, out: &mut Vec<Move>) {
    for kind in Kind::PROMOTIONS {
        out.push(Move::promoting(from, to, kind));
    }
}

pub(super) fn generate(pos: &Position, us: Color, out: &mut Vec<Move>) {
    let them = us.flip();
    let occupied = pos.all();
    let own_monsters = pos.mask(us, Kind::Monster);
    let prey = pos.occupied_by(them).0 & !pos.mask(them, Kind::Monster);
    let (forward, start_rank, last_rank): (i16, usize, usize) = match us {
        Color::White => (10, 1, RANKS - 1),
        Color::Black => (-10, RANKS - 2, 0),
    };
    for from in Bits(pos.mask(us, Kind::Pawn)) {
        let rank = rank_of(from);
        if rank == last_rank {
            continue; // Not a legal position; make no move rather than leave the board.
        }
        let one = (from as i16 + forward) as Square;
        if occupied & bit(one) == 0 {
            if rank_of(one) == last_rank {
                add_promotions(from, one, out);
            } else {
                out.push(Move::plain(from, one));
            }
        }
        if rank == start_rank {
            let two = (one as i16 + forward) as Square;
            let free = occupied & bit(two) == 0;
            if free && occupied & bit(one) == 0 {
                out.push(Move::plain(from, two));
            } else if free && own_monsters & bit(one) != 0 {
                out.push(Move::plain(from, two));
                out.push(Move::push(from, one, two));
            }
        }
        for to in Bits(PAWN_CAPTURES[us.index()][from as usize]) {
            if prey & bit(to) != 0 {
                if rank_of(to) == last_rank {
                    add_promotions(from, to, out);
                } else {
                    out.push(Move::plain(from, to));
                }
            } else if to == pos.ep && pos.ep != NONE {
                let victim = (to as i16 - forward) as Square;
                if pos.mask(them, Kind::Pawn) & bit(victim) != 0 {
                    out.push(Move::capturing(from, to, victim));
                }
            }
        }
    }
}
