//! Counting legal moves in bulk where every move is judged on the board after it (hops,
//! lame leaps, palaces, first-move leaps: the xiangqi, janggi and makruk families).
//!
//! The king's guard (`king_guard.rs`) knows which squares its attack test read. A piece
//! that is not royal, stands on none of them and lands on none moves legally exactly when
//! the king is not in check now: those of its moves that the masks give are one popcount.
//! Its masked moves onto a square read are judged one by one; its hops and lame leaps,
//! and every move of the royal, confined, twice-listed or unmasked pieces and of the
//! pieces on a square read, are listed and judged as the list judges them. The list's
//! later steps (confinement, the flying general, passing) are applied to what is listed;
//! the pieces whose masked moves they could remove are listed.

use super::lean::{MASKED, PAWN, Width};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::table::attacks::attacked_along_lines;
use crate::table::bitset::BitSet;
use crate::table::king_guard::{KingGuard, keep_from};
use crate::table::movegen::{
    Wanted, board_after, castling_moves, own_king, piece_moves, special_moves,
};
use crate::table::special::{self, Generals};
use crate::table::{Mode, TableRules};

/// The number of legal moves at `pos`, or `None` where this count does not apply (no
/// king on the board, royal pieces facing each other, squares read not known).
#[inline(always)]
pub(in crate::table) fn count<B: Width>(
    rules: &TableRules,
    pos: &Position,
    scratch: &mut Vec<Move>,
) -> Option<u64> {
    let king = own_king(rules, pos)?;
    let us = pos.side_to_move();
    let them = !us;
    let guard = KingGuard::new(rules, pos, king, them);
    let (stays, judged) = guard.count_squares()?;
    let (stays, judged) = (B::narrow(stays), B::narrow(judged));
    let own = B::narrow(pos.occupancy(us));
    let passes = if rules.passing.active {
        crate::table::passing::count(rules, pos, guard.in_check)?
    } else {
        0
    };
    let king_bit = B::bit(u32::from(king.0));
    // Listed: the king, the pieces whose leaving the guard must judge, and where the
    // flying general rules the one man between the royal pieces (the only piece whose
    // leaving would open the line).
    let mut listed = king_bit | (own & stays);
    if rules.special.flying_general {
        match special::generals(rules, pos) {
            Generals::Apart => {}
            Generals::Between(_, men) if men >= 2 => {}
            Generals::Between(set, 1) => listed |= own & B::narrow(set),
            _ => return None,
        }
    }
    scratch.clear();
    let (counted, unmasked) = count_free(rules, pos, &guard, king, own & !listed, judged, scratch);
    listed |= unmasked;
    while listed != B::ZERO {
        let sq = listed.lowest();
        listed = listed.without_lowest();
        let from = Square(sq as u16);
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let first = scratch.len();
        piece_moves(rules, pos, us, from, p, Wanted::All, scratch);
        special_moves(rules, pos, from, p, Wanted::All, scratch);
        if from == king {
            keep_legal_steps(rules, pos, &guard, p, king, scratch, first);
        } else {
            guard.keep_legal(rules, pos, p, king, scratch, first);
        }
    }
    if !guard.in_check {
        castling_moves(rules, pos, us, Some(king), scratch);
    }
    if rules.special.any_confined {
        special::confine(rules, pos, scratch);
    }
    if rules.special.flying_general {
        special::flying_general(rules, pos, scratch);
    }
    Some(passes + counted + scratch.len() as u64)
}

/// The moves of the free pieces among `free` that their masks give, each judged where
/// it lands on a square of `judged`, their special moves listed into `scratch` and
/// judged; and the pieces that must be listed after all (no masks for their moves).
#[inline(always)]
fn count_free<B: Width>(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    king: Square,
    mut free: B,
    judged: B,
    scratch: &mut Vec<Move>,
) -> (u64, B) {
    let own = B::narrow(pos.occupancy(pos.side_to_move()));
    let occ = own | B::narrow(pos.occupancy(!pos.side_to_move()));
    let (mut counted, mut unmasked) = (0, B::ZERO);
    while free != B::ZERO {
        let sq = free.lowest();
        free = free.without_lowest();
        let from = Square(sq as u16);
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let mut n = 0;
        let judge = |set: B| judge_landings(rules, pos, guard, p, from, king, set, judged);
        if !landings::<B>(rules, pos, p, sq, occ, own, |set| n += judge(set)) {
            unmasked |= B::bit(sq);
            continue;
        }
        counted += n;
        // Its hops, lame leaps and first-move leaps, as the list has them.
        if rules.special.moves_at(p, from, rules.info.shape.len()) {
            let first = scratch.len();
            special_moves(rules, pos, from, p, Wanted::All, scratch);
            guard.keep_legal(rules, pos, p, king, scratch, first);
        }
    }
    (counted, unmasked)
}

/// Where the free piece `p` on square `sq` lands by its masks, as sets passed to
/// `each` whose squares each count once (a line at a time where the list walks lines
/// one by one); `false` where it must be listed (royal, listed twice on some square, a
/// pawn that may take en passant or promote, lines not masks). A confined piece's
/// sets are cut to its region.
#[inline(always)]
fn landings<B: Width>(
    rules: &TableRules,
    pos: &Position,
    p: Piece,
    sq: u32,
    occ: B,
    own: B,
    mut each: impl FnMut(B),
) -> bool {
    let code = usize::from(p.code());
    if rules.twice.get(code).copied().unwrap_or(true) {
        return false;
    }
    let t = B::tables(&rules.bulk().lean);
    let i = code * rules.info.shape.len() + sq as usize;
    let Some(e) = t.entries.get(i) else {
        return false;
    };
    if e.royal {
        return false;
    }
    let stand = B::narrow(rules.special.stand_bits(p));
    match e.moves {
        MASKED => match t.attacks(e, occ) {
            Some(set) => each(set & !own & stand),
            None => return false,
        },
        PAWN => {
            let ep = pos
                .en_passant()
                .map_or(B::ZERO, |sq| B::bit(u32::from(sq.0)));
            let Some(sets) = t.pawns.get(i).and_then(|m| m.landings(occ, own, ep)) else {
                return false;
            };
            for set in sets {
                each(set & stand);
            }
        }
        _ if !rules.is_pawn(p) => {
            // Lines that only move or only capture (a cannon's quiet slides), line by
            // line as the list walks them.
            let (a, b) = (
                rules.span_index[i] as usize,
                rules.span_index[i + 1] as usize,
            );
            let spans = &rules.spans[a..b];
            if !spans.iter().all(super::bit_walked) {
                return false;
            }
            for (j, s) in spans.iter().enumerate() {
                let Some(line) = rules.bulk().spans.get(a + j) else {
                    return false;
                };
                let reach = line.reach(occ);
                each(
                    stand
                        & match s.mode {
                            Mode::Move => reach & !occ,
                            Mode::Capture => reach & occ & !own,
                            Mode::Both => reach & !own,
                        },
                );
            }
        }
        _ => return false,
    }
    true
}

/// How many of the free piece's moves from `from` onto `set` are legal: those landing
/// off the squares `read` exactly when the king is not in check, those onto them as
/// the guard judges each.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn judge_landings<B: BitSet>(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    p: Piece,
    from: Square,
    king: Square,
    set: B,
    read: B,
) -> u64 {
    let mut n = if guard.in_check {
        0
    } else {
        u64::from((set & !read).count())
    };
    let mut judged = set & read;
    while judged != B::ZERO {
        let to = Square(judged.lowest() as u16);
        judged = judged.without_lowest();
        let m = Move::new(from, to);
        n += u64::from(!guard.attacked_after(rules, pos, m, p, false, king, !p.color()));
    }
    n
}

/// [`KingGuard::keep_legal`] for the king's own moves (the piece `p` on `king`): each
/// is judged by the whole attack test on its landing square, as the guard judges it,
/// with the special lines' attackers looked up once for all of them.
#[inline(never)]
fn keep_legal_steps(
    rules: &TableRules,
    pos: &Position,
    guard: &KingGuard,
    p: Piece,
    king: Square,
    moves: &mut Vec<Move>,
    first: usize,
) {
    let them = !p.color();
    let armed = if moves.len() > first + 1 && rules.special.any_moves {
        special::ArmedLines::new(rules, them, pos)
    } else {
        None
    };
    let Some(armed) = armed.filter(|_| guard.read_squares().is_some()) else {
        return guard.keep_legal(rules, pos, p, king, moves, first);
    };
    let rights = pos.castling_rights();
    keep_from(moves, first, |m| {
        if m.second.is_some() || m.from == m.to {
            return !guard.attacked_after(rules, pos, m, p, true, king, them);
        }
        let after = board_after(pos, m, p);
        !(attacked_along_lines(rules, &after, m.to, them)
            || armed.attacked_after_their_move(rules, &after, m.to, them, rights))
    });
}
