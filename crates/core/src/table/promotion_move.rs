//! Promotion as a move of its own (sittuyin): instead of moving, a pawn standing in the
//! promotion region — anywhere, when it is its side's last pawn — becomes the promoted
//! kind (sittuyin's met, a ferz) on its own square or on an empty square the new piece
//! could move to from there, while its side has fewer than the limit of that kind. The
//! new piece may attack no enemy piece, and the move may give no check.
//!
//! A promotion on the pawn's own square is written as a move from the square to
//! itself with the promotion and, to tell it from a drop, the square as a second piece
//! that stays put: Fairy-Stockfish's `g3g3f`. It works on boards of any axes: the new
//! piece's squares are its own lines from the pawn's square.

use super::attacks::attacked;
use super::{Mode, SquareSet, TableRules, VariantError};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::VariantInfo;

/// A variant's promotion move, as a variant file gives it (`[promotion_move]`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PromotionMoveDef {
    /// The kind a pawn becomes; `None`: no such move.
    pub kind: Option<char>,
    /// Where a pawn may do it (any square when it is its side's last pawn); `None`:
    /// anywhere.
    pub region: Option<String>,
    /// Only while the side has fewer than this many of the kind (0: no limit).
    pub limit: u8,
}

/// The compiled rule.
#[derive(Clone, Debug, Default)]
pub(super) struct PromotionMove {
    pub(super) active: bool,
    kind: Option<PieceKind>,
    region: Option<[SquareSet; 2]>,
    limit: u8,
}

impl PromotionMove {
    pub(super) fn new(
        def: &PromotionMoveDef,
        info: &VariantInfo,
        regions: &super::region::Regions,
    ) -> Result<PromotionMove, VariantError> {
        let Some(letter) = def.kind else {
            return Ok(PromotionMove::default());
        };
        let kind = info
            .kind_by_letter(letter)
            .filter(|k| !info.pieces[k.index()].royal)
            .ok_or(VariantError::BadPromotion(letter))?;
        let region = match &def.region {
            None => None,
            Some(name) => Some(regions.require(name, "the promotion move")?),
        };
        Ok(PromotionMove {
            active: true,
            kind: Some(kind),
            region,
            limit: def.limit,
        })
    }
}

/// Adds the side to move's legal promotion moves to `out`.
pub(super) fn generate(rules: &TableRules, pos: &Position, out: &mut Vec<Move>) {
    let pm = &rules.promotion_move;
    let Some(kind) = pm.kind else { return };
    let us = pos.side_to_move();
    let (mut pawns, mut have) = (Vec::new(), 0u32);
    for (sq, p) in pos.pieces().filter(|(_, p)| p.color() == us) {
        if rules.is_pawn(p) {
            pawns.push(sq);
        }
        have += u32::from(p.kind() == kind);
    }
    if pm.limit > 0 && have >= u32::from(pm.limit) {
        return;
    }
    let last = pawns.len() == 1;
    let new = Piece::new(kind, us);
    for from in pawns {
        if !last
            && pm
                .region
                .as_ref()
                .is_some_and(|r| !r[us.index()].contains(from))
        {
            continue;
        }
        let mut targets = vec![from];
        reach(rules, &|s| pos.piece_at(s), new, from, |to, occupant| {
            if occupant.is_none() {
                targets.push(to);
            }
            false
        });
        for to in targets {
            let view = |s: Square| {
                if s == to {
                    Some(new)
                } else if s == from {
                    None
                } else {
                    pos.piece_at(s)
                }
            };
            if allowed(rules, pos, &view, new, to) {
                out.push(if to == from {
                    Move::new(from, from)
                        .with_promotion(kind)
                        .with_second(from, from)
                } else {
                    Move::new(from, to).with_promotion(kind)
                });
            }
        }
    }
}

/// Whether the promotion that leaves the board as `view` shows is legal: the own king
/// safe, no check given, and the new piece on `to` attacking no enemy piece.
fn allowed(
    rules: &TableRules,
    pos: &Position,
    view: &impl Fn(Square) -> Option<Piece>,
    new: Piece,
    to: Square,
) -> bool {
    let us = new.color();
    let rights = pos.castling_rights();
    let king_safe = |c: crate::piece::Color| {
        pos.king(c)
            .is_none_or(|k| !attacked(rules, view, k, !c, rights))
    };
    if !king_safe(us) || !king_safe(!us) {
        return false;
    }
    !reach(rules, view, new, to, |_, occupant| {
        occupant.is_some_and(|q| q.color() != us)
    })
}

/// Walks `piece`'s lines from `from` on the board `at` describes: calls `visit` with
/// each empty square it may move to (`None`) and each enemy piece it attacks
/// (`Some`); stops and returns true as soon as `visit` does.
fn reach(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    piece: Piece,
    from: Square,
    mut visit: impl FnMut(Square, Option<Piece>) -> bool,
) -> bool {
    for span in rules.spans_of(piece, from) {
        let ray = rules.rays.squares(span.start, span.len as usize);
        for (i, &s) in ray.iter().enumerate() {
            let near = i + 1 < span.min as usize;
            match at(s) {
                None => {
                    if !near && span.mode != Mode::Capture && visit(s, None) {
                        return true;
                    }
                }
                Some(q) => {
                    if !near && q.color() != piece.color() && span.mode != Mode::Move {
                        // An attack on an enemy piece: never a square to move to here.
                        if visit(s, Some(q)) {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
    }
    false
}
