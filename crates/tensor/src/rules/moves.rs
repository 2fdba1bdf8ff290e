//! A move as what it does to the board: one piece from a square to a square, plus an
//! optional promotion, an optional capture away from the landing square (monster
//! captures, en passant) and an optional second movement (a pushed monster or a castling
//! rook). The route (bounce square, jump chain) is not part of the move: two routes with
//! the same result are one move. See [`crate::move_path`] for the route shown to people.

use std::fmt;

use super::geometry::NONE;
use super::types::{Kind, SQUARES, Square};

/// A move (6 bytes, `Copy`). Build one through [`crate::legal_moves`],
/// [`crate::parse_move`] or [`Move::from_parts`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// 0 for none, otherwise `1 + kind index`.
    pub(crate) promo: u8,
    /// Square of the captured piece when it is not `to`, or [`NONE`].
    pub(crate) capture: u8,
    /// Second movement (pushed monster, castling rook), or [`NONE`].
    pub(crate) from2: u8,
    pub(crate) to2: u8,
}

/// Why [`Move::from_parts`] refused its parts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MovePartsError {
    /// A square index was 80 or more.
    SquareOffBoard(u8),
    /// Promotion to a king or a pawn.
    BadPromotion(Kind),
}

impl fmt::Display for MovePartsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovePartsError::SquareOffBoard(sq) => {
                write!(f, "square index {sq} is off the 10x8 board (valid: 0..80)")
            }
            MovePartsError::BadPromotion(k) => write!(
                f,
                "a pawn cannot promote to a {}; choose queen, rook, bishop, knight or monster",
                k.name()
            ),
        }
    }
}

impl std::error::Error for MovePartsError {}

impl Move {
    #[inline]
    pub(crate) const fn plain(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promo: 0,
            capture: NONE,
            from2: NONE,
            to2: NONE,
        }
    }

    #[inline]
    pub(crate) const fn capturing(from: Square, to: Square, capture: Square) -> Move {
        Move {
            from,
            to,
            promo: 0,
            capture,
            from2: NONE,
            to2: NONE,
        }
    }

    #[inline]
    pub(crate) const fn promoting(from: Square, to: Square, kind: Kind) -> Move {
        Move {
            from,
            to,
            promo: 1 + kind as u8,
            capture: NONE,
            from2: NONE,
            to2: NONE,
        }
    }

    /// A push: the pusher goes `from` → `to` (the monster's square), the monster `to` → `to2`.
    #[inline]
    pub(crate) const fn push(from: Square, to: Square, to2: Square) -> Move {
        Move {
            from,
            to,
            promo: 0,
            capture: NONE,
            from2: to,
            to2,
        }
    }

    #[inline]
    pub(crate) const fn castle(
        from: Square,
        to: Square,
        rook_from: Square,
        rook_to: Square,
    ) -> Move {
        Move {
            from,
            to,
            promo: 0,
            capture: NONE,
            from2: rook_from,
            to2: rook_to,
        }
    }

    /// Builds a move from its parts, checking only that they are well formed (squares on
    /// the board, promotion to q r b n t). Whether it is legal is a question for
    /// [`crate::legal_moves`]; apply only legal moves.
    ///
    /// # Examples
    /// ```
    /// use tensor_chess::{Move, Kind};
    /// let m = Move::from_parts(0, 1, None, None, Some((1, 0))).unwrap();
    /// assert!(m.is_push());
    /// assert_eq!(m.to_string(), "a1b1>a1");
    /// assert!(Move::from_parts(0, 80, None, None, None).is_err());
    /// assert!(Move::from_parts(60, 70, Some(Kind::King), None, None).is_err());
    /// ```
    pub fn from_parts(
        from: Square,
        to: Square,
        promotion: Option<Kind>,
        capture: Option<Square>,
        second: Option<(Square, Square)>,
    ) -> Result<Move, MovePartsError> {
        let check = |sq: Square| {
            if (sq as usize) < SQUARES {
                Ok(sq)
            } else {
                Err(MovePartsError::SquareOffBoard(sq))
            }
        };
        let promo = match promotion {
            None => 0,
            Some(k @ (Kind::King | Kind::Pawn)) => return Err(MovePartsError::BadPromotion(k)),
            Some(k) => 1 + k as u8,
        };
        let (from2, to2) = match second {
            Some((a, b)) => (check(a)?, check(b)?),
            None => (NONE, NONE),
        };
        Ok(Move {
            from: check(from)?,
            to: check(to)?,
            promo,
            capture: match capture {
                Some(c) => check(c)?,
                None => NONE,
            },
            from2,
            to2,
        })
    }

    /// The square the moving piece leaves.
    #[inline]
    pub fn from(self) -> Square {
        self.from
    }

    /// The square the moving piece lands on.
    #[inline]
    pub fn to(self) -> Square {
        self.to
    }

    /// The kind a pawn promotes to.
    #[inline]
    pub fn promotion(self) -> Option<Kind> {
        if self.promo == 0 {
            None
        } else {
            Kind::from_index(self.promo as usize - 1)
        }
    }

    /// The square of the captured piece when it is not the landing square (a monster's
    /// capture by jumping over, en passant). A capture on `to` is not recorded here: it
    /// follows from the board.
    #[inline]
    pub fn capture_square(self) -> Option<Square> {
        (self.capture != NONE).then_some(self.capture)
    }

    /// The second piece movement: a pushed monster (from `to`) or a castling rook.
    #[inline]
    pub fn second(self) -> Option<(Square, Square)> {
        (self.from2 != NONE).then_some((self.from2, self.to2))
    }

    /// Whether the move pushes a monster (its second movement starts on `to`).
    #[inline]
    pub fn is_push(self) -> bool {
        self.from2 != NONE && self.from2 == self.to
    }

    /// Whether the move is castling (its second movement is the rook).
    #[inline]
    pub fn is_castling(self) -> bool {
        self.from2 != NONE && self.from2 != self.to
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Whether the move takes a piece (on its landing square, or away from it).
///
/// # Examples
/// ```
/// use tensor_chess::{Position, parse_move, is_capture};
/// let pos = Position::start();
/// assert!(!is_capture(&pos, parse_move(&pos, "a1b1>a1").unwrap()));
/// ```
pub fn is_capture(pos: &super::board::Position, mv: Move) -> bool {
    mv.capture_square().is_some()
        || (!mv.is_push() && !mv.is_castling() && pos.piece_at(mv.to).is_some())
}

/// What [`crate::make_move`] needs to take a move back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    pub(crate) mv: Move,
    /// The code of the piece that moved (a pawn for promotions).
    pub(crate) moved: u8,
    /// Code of the captured piece (0 if none) and where it stood.
    pub(crate) captured: u8,
    pub(crate) captured_on: u8,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Undo {
    /// The move this undoes.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The piece code captured by the move, 0 when nothing was taken.
    pub fn captured(&self) -> u8 {
        self.captured
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_stay_small_and_parts_round_trip() {
        assert_eq!(std::mem::size_of::<Move>(), 6);
        let m = Move::from_parts(14, 34, None, None, None).expect("on the board");
        assert_eq!(
            (
                m.from(),
                m.to(),
                m.promotion(),
                m.capture_square(),
                m.second()
            ),
            (14, 34, None, None, None)
        );
        let castle = Move::from_parts(5, 8, None, None, Some((9, 7))).expect("on the board");
        assert!(castle.is_castling() && !castle.is_push());
        let promo = Move::from_parts(60, 70, Some(Kind::Monster), None, None).expect("valid");
        assert_eq!(promo.promotion(), Some(Kind::Monster));
        assert_eq!(
            Move::from_parts(5, 8, None, Some(200), None),
            Err(MovePartsError::SquareOffBoard(200))
        );
    }
}
