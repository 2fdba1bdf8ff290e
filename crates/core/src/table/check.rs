//! The table rules' position checks: the shared ones, with the exact castling squares,
//! promotion zone and double-step rank the variant file gives.

use super::TableRules;
use crate::position::check::{
    check_board, check_clocks, check_en_passant, check_opposite, check_pawns, check_royals,
};
use crate::position::{Position, PositionError, PositionErrorKind};

impl TableRules {
    /// Every check of [`crate::check_position`], with this variant's own squares.
    pub(super) fn checked(&self, pos: &Position) -> Result<(), PositionError> {
        check_board(self, pos)?;
        self.check_holes(pos)?;
        check_royals(self, pos)?;
        if !self.promotion.is_empty() {
            // Where promotion is optional (grand), a pawn may stand in the zone short of
            // the squares where it must promote.
            check_pawns(self, pos, &|sq, color| {
                self.promotion_rules
                    .must_promote(sq, color)
                    .unwrap_or_else(|| self.in_promotion_zone(sq, color))
            })?;
        }
        // The square a double step passes is one beyond the rank it starts from.
        let passed = self.double_step_rank.map(|r| r.saturating_add(1));
        match (&self.double_step_from, passed) {
            (Some(zone), _) => {
                check_en_passant(self, pos, None, self.pawn_push_axes())?;
                self.check_region_en_passant(pos, zone)?;
            }
            (None, Some(rank)) => {
                check_en_passant(self, pos, Some(rank), self.pawn_push_axes())?;
            }
            (None, None) if pos.en_passant().is_some() => {
                return Err(PositionError::new(
                    PositionErrorKind::InvalidEnPassant,
                    "this variant's pawns have no double step, so no en-passant square",
                ));
            }
            (None, None) => {}
        }
        self.check_castling(pos)?;
        check_clocks(self, pos)?;
        check_opposite(self, pos)
    }

    /// No piece stands on a square the board does not have (donut's centre).
    fn check_holes(&self, pos: &Position) -> Result<(), PositionError> {
        let (holes, _) = self.rays.board();
        match pos
            .pieces()
            .find(|(sq, _)| holes.get(sq.index()) == Some(&true))
        {
            Some((sq, _)) => Err(PositionError::new(
                PositionErrorKind::WrongBoard,
                format!(
                    "a piece stands on {}, a hole: {}'s board has no such square",
                    self.info.shape.square_name(sq),
                    self.info.name
                ),
            )),
            None => Ok(()),
        }
    }

    /// With a double-step region (horde: the first two ranks) the en-passant square is
    /// one a step from the region's front edge passes: just outside the region, the
    /// square behind it inside. A step from further back passes a square of the region
    /// and leaves none (Fairy-Stockfish writes none there either).
    fn check_region_en_passant(
        &self,
        pos: &Position,
        zone: &[super::SquareSet; 2],
    ) -> Result<(), PositionError> {
        let Some(ep) = pos.en_passant() else {
            return Ok(());
        };
        let mover = !pos.side_to_move();
        let shape = &self.info.shape;
        let bad = |why: String| {
            Err(PositionError::new(
                PositionErrorKind::InvalidEnPassant,
                format!("en-passant square {}: {why}", shape.square_name(ep)),
            ))
        };
        if zone[mover.index()].contains(ep) {
            return bad(format!(
                "it lies where {mover}'s pawns start their double steps, and a double \
                 step over such a square (from {mover}'s first rank in horde) leaves no \
                 en-passant square"
            ));
        }
        let axes = self.pawn_push_axes();
        let from_region = (0..shape.axes())
            .filter(|&a| axes & (1 << a) != 0)
            .any(|axis| {
                let mut back = [0i8; 4];
                back[axis] = -mover.forward();
                shape
                    .offset(ep, back)
                    .is_some_and(|sq| zone[mover.index()].contains(sq))
            });
        if !from_region {
            return bad(format!(
                "no double step by {mover} passes it: the square behind it is not one \
                 {mover}'s pawns double-step from"
            ));
        }
        Ok(())
    }

    /// The axes along which a pawn's push may double (bit 1: Y; bit 3: W): where an
    /// en-passant square can lie behind a pawn.
    fn pawn_push_axes(&self) -> u8 {
        let mut axes = 0u8;
        let kinds = (0..self.info.pieces.len()).map(|k| crate::PieceKind(k as u8));
        for p in kinds.flat_map(|k| crate::Color::ALL.map(|c| crate::Piece::new(k, c))) {
            if !self.is_pawn(p) {
                continue;
            }
            for sq in 0..self.info.shape.len() {
                for span in self.spans_of(p, crate::Square(sq as u16)) {
                    if span.mode == super::Mode::Move && span.len == 1 && span.push_axis < 4 {
                        axes |= 1 << span.push_axis;
                    }
                }
            }
        }
        if axes == 0 { 0b10 } else { axes }
    }

    /// Each castling right has its king and rook on their starting squares.
    fn check_castling(&self, pos: &Position) -> Result<(), PositionError> {
        if self.file_rights.active {
            return super::file_rights::check(self, pos);
        }
        let rights = pos.castling_rights();
        if rights.checked_shr(self.castling.len() as u32).unwrap_or(0) != 0 {
            return Err(PositionError::new(
                PositionErrorKind::InvalidCastlingRights,
                "castling rights beyond the variant's castling letters",
            ));
        }
        let name = |sq| self.info.shape.square_name(sq);
        for (bit, c) in self.castling.iter().enumerate() {
            if rights & (1 << bit) == 0 {
                continue;
            }
            let def = &c.def;
            // Without a royal kind (giveaway, extinction) the castling "king" is the
            // piece on that square, royal or not.
            let any_royal = self.royal.contains(&true);
            let king_ok = pos
                .piece_at(def.king_from)
                .is_some_and(|p| p.color() == def.color && (!any_royal || self.is_royal(p)));
            let rook_ok = pos
                .piece_at(def.rook_from)
                .is_some_and(|p| p.color() == def.color && !self.is_royal(p));
            let missing = match (king_ok, rook_ok) {
                (true, true) => continue,
                (false, _) => format!("{}'s king is not on {}", def.color, name(def.king_from)),
                (true, false) => format!("{} has no rook on {}", def.color, name(def.rook_from)),
            };
            return Err(PositionError::new(
                PositionErrorKind::InvalidCastlingRights,
                format!("castling right '{}': {missing}", def.letter),
            ));
        }
        Ok(())
    }
}
