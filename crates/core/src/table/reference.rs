//! The move generator as it was before the bitboard fast paths, kept verbatim as the
//! oracle of move ORDER: the engine breaks ties by the order of the legal-move list, so
//! the shipped puzzles and exact search results depend on it. `legal_moves` here walks
//! the mailbox square by square; tests compare its list with the fast generator's,
//! move for move, over random games of every catalog variant.

use super::attacks::{PinList, attacked, checks, pinned};
use super::movegen::{
    Wanted, castling_moves, distinct, double_step, en_passant, push, special_moves,
};
use super::{Mode, TableRules};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

pub(super) fn legal_moves(rules: &TableRules, pos: &Position, wanted: Wanted, out: &mut Vec<Move>) {
    out.clear();
    let us = pos.side_to_move();
    let them = !us;
    let king = pos.king(us).filter(|&k| {
        pos.piece_at(k)
            .is_some_and(|p| p.color() == us && rules.is_royal(p))
    });
    let Some(king) = king else {
        // No king on the board (the piece explorer): nothing to keep safe.
        for (i, slot) in pos.board().iter().enumerate() {
            if let Some(p) = *slot
                && p.color() == us
            {
                piece_moves(rules, pos, us, Square(i as u16), p, wanted, out);
                special_moves(rules, pos, Square(i as u16), p, wanted, out);
            }
        }
        if wanted == Wanted::All {
            castling_moves(rules, pos, us, None, out);
        }
        return;
    };
    if rules.special.full_legality {
        legal_moves_in_full(rules, pos, king, wanted, out);
        return;
    }
    let checks = checks(rules, pos, king, them);
    let in_check = checks.count > 0;
    let mut pins = PinList::new();
    let pins_known = pinned(rules, pos, king, us, &mut pins) && checks.complete;
    for (i, slot) in pos.board().iter().enumerate() {
        let Some(p) = *slot else { continue };
        if p.color() != us {
            continue;
        }
        let from = Square(i as u16);
        let first = out.len();
        if in_check && checks.count > 1 && !rules.is_royal(p) {
            continue; // only the king can answer a double check
        }
        piece_moves(rules, pos, us, from, p, wanted, out);
        let royal = rules.is_royal(p);
        let free = !royal && !in_check && pins_known && !pins.contains(from);
        // Most pieces are neither the king nor pinned: their moves are legal as
        // generated, except an en-passant capture, which removes a second piece.
        let mut keep = first;
        for j in first..out.len() {
            let m = out[j];
            let legal = if free && m.capture.is_none() {
                true
            } else if royal {
                !attacked_after(rules, pos, m, p, m.to, them)
            } else {
                let answers = !in_check
                    || m.to == checks.checker
                    || m.capture == Some(checks.checker)
                    || checks.blocks(m.to)
                    || !checks.complete;
                answers && !attacked_after(rules, pos, m, p, king, them)
            };
            if legal {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    if !in_check && wanted == Wanted::All {
        castling_moves(rules, pos, us, Some(king), out);
    }
}

/// Legal moves where hops, lame leaps or confinement escape the line-walk shortcuts
/// (moving any piece may open or close a screen or a leg): every move is judged on the
/// board after it.
#[inline(never)]
fn legal_moves_in_full(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    wanted: Wanted,
    out: &mut Vec<Move>,
) {
    let us = pos.side_to_move();
    let them = !us;
    for (i, slot) in pos.board().iter().enumerate() {
        let Some(p) = *slot else { continue };
        if p.color() != us {
            continue;
        }
        let from = Square(i as u16);
        let first = out.len();
        piece_moves(rules, pos, us, from, p, wanted, out);
        special_moves(rules, pos, from, p, wanted, out);
        let royal = rules.is_royal(p);
        let mut keep = first;
        for j in first..out.len() {
            let m = out[j];
            let target = if royal { m.to } else { king };
            if !attacked_after(rules, pos, m, p, target, them) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    if wanted == Wanted::All
        && !attacked(
            rules,
            &|s| pos.piece_at(s),
            king,
            them,
            pos.castling_rights(),
        )
    {
        castling_moves(rules, pos, us, Some(king), out);
    }
}

/// Whether `target` is attacked by `them` on the board as it would be after `m`.
#[inline]
fn attacked_after(
    rules: &TableRules,
    pos: &Position,
    m: Move,
    moving: Piece,
    target: Square,
    them: Color,
) -> bool {
    let view = |s: Square| {
        if s == m.to {
            Some(moving)
        } else if s == m.from || Some(s) == m.capture {
            None
        } else {
            pos.piece_at(s)
        }
    };
    attacked(rules, &view, target, them, pos.castling_rights())
}

fn piece_moves(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    from: Square,
    p: Piece,
    wanted: Wanted,
    out: &mut Vec<Move>,
) {
    let pawn = rules.is_pawn(p);
    let quiet = wanted == Wanted::All;
    let first = out.len();
    for span in rules.spans_of(p, from) {
        let mut ray = rules.rays.squares(span.start, span.len as usize);
        if span.min > 1 {
            // Nearer than its minimum: passed over, so those squares must be empty.
            let (passed, rest) = ray.split_at((span.min as usize - 1).min(ray.len()));
            if passed.iter().any(|&s| pos.piece_at(s).is_some()) {
                continue;
            }
            ray = rest;
        }
        for &to in ray {
            match pos.piece_at(to) {
                None => {
                    if span.mode != Mode::Capture {
                        push(rules, pawn, us, Move::new(from, to), quiet, out);
                    } else if pawn && pos.en_passant() == Some(to) {
                        en_passant(rules, pos, us, from, to, out);
                    }
                }
                Some(q) => {
                    if q.color() != us && span.mode != Mode::Move {
                        push(rules, pawn, us, Move::new(from, to), true, out);
                    }
                    break;
                }
            }
        }
        if pawn && span.len == 1 && span.mode == Mode::Move && span.push_axis < 4 && span.full > 1 {
            double_step(rules, pos, us, from, span, quiet, out);
        }
    }
    if rules.twice[p.code() as usize] {
        distinct(out, first);
    }
}
