//! Promotion beyond "on the last rank, to any of a list": optional promotion inside the
//! promotion region (mandatory only at the far end), and limits on how many of a kind a
//! side may have (grand chess: a pawn promotes only to a piece its side has lost).
//!
//! Generation promotes on every square of the region to every kind of the list; this
//! step then drops the promotions the limits forbid and adds the choice of staying a
//! pawn where the region allows it.

use super::{SquareSet, TableRules, VariantError};
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use crate::rules::VariantInfo;

/// How a variant's promotion departs from chess's.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PromotionDef {
    /// A pawn in the promotion region may stay a pawn, except where promotion is
    /// mandatory (the far end of the promotion axes).
    pub optional: bool,
    /// (letter, most of that kind a side may have): a pawn promotes to it only while
    /// its side has fewer.
    pub limits: Vec<(char, u8)>,
}

/// The compiled form.
#[derive(Clone, Debug, Default)]
pub(super) struct Promotion {
    pub(super) active: bool,
    optional: bool,
    /// By kind: the most a side may have (0: no limit).
    limits: Vec<u8>,
    /// By colour: where promotion is mandatory.
    mandatory: Option<[SquareSet; 2]>,
}

impl Promotion {
    pub(super) fn new(
        def: &PromotionDef,
        info: &VariantInfo,
        mandatory: [SquareSet; 2],
    ) -> Result<Promotion, VariantError> {
        let mut limits = vec![0u8; info.pieces.len()];
        for &(letter, n) in &def.limits {
            let k = info
                .kind_by_letter(letter)
                .ok_or(VariantError::BadPromotion(letter))?;
            limits[k.index()] = n;
        }
        Ok(Promotion {
            active: def.optional || limits.iter().any(|&n| n > 0),
            optional: def.optional,
            limits,
            mandatory: Some(mandatory),
        })
    }
}

impl Promotion {
    /// Whether a pawn of `color` arriving on `sq` has to promote, where promotion is
    /// optional (`None` where it is not: the promotion zone decides).
    pub(super) fn must_promote(&self, sq: crate::geometry::Square, color: Color) -> Option<bool> {
        if !self.optional {
            return None;
        }
        Some(
            self.mandatory
                .as_ref()
                .is_some_and(|z| z[color.index()].contains(sq)),
        )
    }
}

/// Applies the limits and the optional choice to a generated move list.
#[inline(never)]
pub(super) fn adjust(rules: &TableRules, pos: &Position, noisy: bool, moves: &mut Vec<Move>) {
    let p = &rules.promotion_rules;
    let us = pos.side_to_move();
    let mut counts = vec![0u16; p.limits.len()];
    for (_, piece) in pos.pieces() {
        if piece.color() == us
            && let Some(n) = counts.get_mut(piece.kind().index())
        {
            *n += 1;
        }
    }
    // Every pawn move that reached the region, once, before any promotion is dropped.
    let mut reached: Vec<Move> = Vec::new();
    for m in moves.iter().filter(|m| m.promotion.is_some()) {
        let plain = Move {
            promotion: None,
            ..*m
        };
        if !reached.contains(&plain) {
            reached.push(plain);
        }
    }
    moves.retain(|m| {
        m.promotion.is_none_or(|k| {
            let limit = p.limits.get(k.index()).copied().unwrap_or(0);
            limit == 0 || counts.get(k.index()).copied().unwrap_or(0) < limit as u16
        })
    });
    if !p.optional {
        return;
    }
    let mandatory = |m: &Move, color: Color| {
        p.mandatory
            .as_ref()
            .is_some_and(|z| z[color.index()].contains(m.to))
    };
    for m in reached {
        let capture = m.capture.is_some() || pos.piece_at(m.to).is_some_and(|q| q.color() != us);
        if !mandatory(&m, us) && (!noisy || capture) {
            moves.push(m);
        }
    }
}
