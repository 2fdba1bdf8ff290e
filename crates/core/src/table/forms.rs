//! Shogi promotion: each piece kind its own promoted form, taken at will by a move that
//! starts or ends in the promotion zone, and forced where the unpromoted piece could
//! never move again (a pawn on the last rank). A captured promoted piece goes to hand
//! as its unpromoted kind, and a promoted form is written `+` and the unpromoted letter
//! in Fairy-Stockfish's position strings (`+P` a tokin, `+B` a horse).

use super::{SquareSet, TableRules, VariantError};
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::Position;
use crate::rules::VariantInfo;

/// A variant's promoted forms, as a variant file gives them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FormsDef {
    /// (unpromoted letter, promoted letter) for each kind that promotes.
    pub promotes: Vec<(char, char)>,
    /// The region where a move that starts or ends may promote.
    pub zone: Option<String>,
    /// No move or drop may leave a piece where it has no move at all (the pawn on the
    /// last rank): there it must promote, and it is never dropped there.
    pub immobility_illegal: bool,
    /// A move that may promote must (euroshogi).
    pub mandatory: bool,
    /// A promoted form that moves in the zone turns back into its unpromoted kind
    /// (kyoto shogi, where every move flips the piece).
    pub demotes: bool,
    /// A piece in hand may be dropped as its promoted form too (kyoto shogi).
    pub drop_promoted: bool,
    /// Pieces flip on capturing moves only, anywhere (micro shogi), not in a zone.
    pub on_capture: bool,
}

/// The compiled forms.
#[derive(Clone, Debug, Default)]
pub(super) struct Forms {
    pub(super) active: bool,
    /// By kind: its promoted form.
    promoted: Vec<Option<PieceKind>>,
    /// By kind: the unpromoted kind it came from (a promoted form only).
    pub(super) base: Vec<Option<PieceKind>>,
    zone: Option<[SquareSet; 2]>,
    immobility_illegal: bool,
    mandatory: bool,
    demotes: bool,
    pub(super) drop_promoted: bool,
    on_capture: bool,
    /// By `code * squares + square`: the piece has no move at all from there.
    immobile: Vec<bool>,
}

impl Forms {
    pub(super) fn new(
        def: &FormsDef,
        info: &VariantInfo,
        regions: &super::region::Regions,
    ) -> Result<Forms, VariantError> {
        if def.promotes.is_empty() && !def.immobility_illegal {
            return Ok(Forms::default());
        }
        let n = info.pieces.len();
        let mut promoted = vec![None; n];
        let mut base = vec![None; n];
        for &(from, to) in &def.promotes {
            let f = info
                .kind_by_letter(from)
                .ok_or(VariantError::BadPromotion(from))?;
            let t = info
                .kind_by_letter(to)
                .ok_or(VariantError::BadPromotion(to))?;
            promoted[f.index()] = Some(t);
            base[t.index()] = Some(f);
        }
        let zone = match &def.zone {
            None => None,
            Some(name) => Some(regions.require(name, "promotion")?),
        };
        Ok(Forms {
            active: true,
            promoted,
            base,
            zone,
            immobility_illegal: def.immobility_illegal,
            mandatory: def.mandatory,
            demotes: def.demotes,
            drop_promoted: def.drop_promoted,
            on_capture: def.on_capture,
            immobile: Vec::new(),
        })
    }

    /// Fills the immobility table once the rules' spans exist.
    pub(super) fn finish(rules: &mut TableRules) {
        if !rules.forms.active {
            return;
        }
        let shape = rules.info.shape;
        let mut immobile = vec![false; rules.ncodes * shape.len()];
        for k in 0..rules.info.pieces.len() {
            for color in Color::ALL {
                let p = Piece::new(PieceKind(k as u8), color);
                for sq in shape.squares() {
                    immobile[p.code() as usize * shape.len() + sq.index()] =
                        rules.spans_of(p, sq).is_empty() && !rules.special.any_moves;
                }
            }
        }
        rules.forms.immobile = immobile;
    }

    /// Whether `p` standing on `sq` could never move.
    #[inline]
    pub(super) fn immobile(
        &self,
        rules: &TableRules,
        p: Piece,
        sq: crate::geometry::Square,
    ) -> bool {
        self.immobility_illegal
            && self
                .immobile
                .get(p.code() as usize * rules.info.shape.len() + sq.index())
                .copied()
                .unwrap_or(false)
    }

    /// Whether [`adjust`] may change the moves of `p` (it promotes, demotes, or may
    /// stand somewhere it could never move from): a count that does not list its moves
    /// must list them.
    pub(super) fn adjusts(&self, rules: &TableRules, p: Piece) -> bool {
        let kind = p.kind();
        let nsq = rules.info.shape.len();
        let code = p.code() as usize;
        self.promoted_of(kind).is_some()
            || self.demotes && self.base.get(kind.index()).copied().flatten().is_some()
            || self.immobility_illegal
                && self
                    .immobile
                    .get(code * nsq..(code + 1) * nsq)
                    .is_none_or(|squares| squares.iter().any(|&i| i))
    }

    /// The promoted form of a kind, if it has one.
    pub(super) fn promoted_of(&self, kind: PieceKind) -> Option<PieceKind> {
        self.promoted.get(kind.index()).copied().flatten()
    }
}

/// Adds the promotions the zone allows to the board moves in `moves`, and takes out
/// the moves that would leave a piece with no move.
pub(super) fn adjust(rules: &TableRules, pos: &Position, moves: &mut Vec<Move>) {
    let f = &rules.forms;
    let us = pos.side_to_move();
    let n = moves.len();
    for i in 0..n {
        let m = moves[i];
        if m.is_drop() || m.promotion.is_some() {
            continue;
        }
        let Some(p) = pos.piece_at(m.from) else {
            continue;
        };
        let in_zone = if f.on_capture {
            pos.piece_at(m.to).is_some_and(|q| q.color() != us)
        } else {
            f.zone
                .as_ref()
                .is_some_and(|z| z[us.index()].contains(m.from) || z[us.index()].contains(m.to))
        };
        if f.demotes
            && in_zone
            && let Some(base) = f.base.get(p.kind().index()).copied().flatten()
        {
            moves[i] = m.with_promotion(base);
            continue;
        }
        let Some(to_kind) = f.promoted_of(p.kind()) else {
            continue;
        };
        if in_zone {
            moves.push(m.with_promotion(to_kind));
            if f.mandatory {
                // Marked for removal below: the unpromoted move is not allowed.
                moves[i].capture = Some(m.from);
            }
        }
    }
    if f.mandatory {
        moves.retain(|m| m.capture != Some(m.from) || m.is_drop());
    }
    if f.immobility_illegal {
        moves.retain(|m| {
            m.is_drop()
                || pos.piece_at(m.from).is_none_or(|p| {
                    let landed = m.promotion.map_or(p, |k| Piece::new(k, us));
                    !f.immobile(rules, landed, m.to)
                })
        });
    }
}
