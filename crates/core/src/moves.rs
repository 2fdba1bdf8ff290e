//! Moves: what a move does to the board, small enough to copy freely.

use crate::geometry::Square;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::VariantInfo;

/// What a move is, asked of the move rather than decoded from its squares
/// ([`Move::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece goes from one square to another (a capture, a promotion, en passant, a
    /// piece gated in behind it, a second piece pushed along).
    Board,
    /// A piece of this kind from the mover's hand is put on an empty square.
    Drop(PieceKind),
    /// The mover passes: its piece "moves" to its own square (janggi).
    Pass,
    /// The king and a rook of the same side move together (the king may stay put, as
    /// in Chess960).
    Castle,
    /// A pawn becomes a piece of this kind where it stands (sittuyin).
    InPlacePromotion(PieceKind),
}

/// A move: from, to, and everything else it does to the board.
///
/// Most moves only need `from` and `to`. The optional parts let rules express more:
/// a promotion, a capture away from the landing square (en passant, a jumping capture),
/// and a second piece that moves in the same turn (a castling rook, a pushed piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// The kind it becomes on landing, if it promotes.
    pub promotion: Option<PieceKind>,
    /// The square of the captured piece when it is not `to`.
    pub capture: Option<Square>,
    /// A second piece that moves: (from, to).
    pub second: Option<(Square, Square)>,
}

impl Move {
    /// A plain move from one square to another.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::{Move, Square};
    /// let m = Move::new(Square(0), Square(16));
    /// assert_eq!(m.to, Square(16));
    /// assert!(m.promotion.is_none());
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            capture: None,
            second: None,
        }
    }

    /// The same move, promoting to `kind`.
    #[inline]
    pub const fn with_promotion(mut self, kind: PieceKind) -> Move {
        self.promotion = Some(kind);
        self
    }

    /// The same move, capturing the piece on `sq` (which is not the landing square).
    #[inline]
    pub const fn with_capture(mut self, sq: Square) -> Move {
        self.capture = Some(sq);
        self
    }

    /// The same move, also moving a second piece.
    #[inline]
    pub const fn with_second(mut self, from: Square, to: Square) -> Move {
        self.second = Some((from, to));
        self
    }

    /// A drop: a piece of `kind` from the mover's hand put on the empty square `sq`.
    ///
    /// A drop is written as a move from the square to itself promoting to the kind
    /// dropped, so it travels wherever a move does (the plugin ABI, the engine's
    /// tables) with no new field. A board move that starts and ends on one square
    /// promotes to nothing (a pass, a Chess960 castling whose king stays) or names the
    /// square as a second piece that stays put (a sittuyin pawn promoting where it
    /// stands), which no drop does.
    ///
    /// ```
    /// use chess4d_core::{Move, PieceKind, Square};
    /// let m = Move::drop(PieceKind(5), Square(28));
    /// assert!(m.is_drop());
    /// assert_eq!(m.dropped(), Some(PieceKind(5)));
    /// assert!(!Move::new(Square(0), Square(8)).is_drop());
    /// assert!(!Move::new(Square(4), Square(4)).is_drop()); // a pass
    /// ```
    #[inline]
    pub const fn drop(kind: PieceKind, sq: Square) -> Move {
        Move::new(sq, sq).with_promotion(kind)
    }

    /// Whether the move drops a piece from hand.
    #[inline]
    pub const fn is_drop(&self) -> bool {
        self.from.0 == self.to.0 && self.promotion.is_some() && self.second.is_none()
    }

    /// The kind dropped, when the move is a drop.
    #[inline]
    pub const fn dropped(&self) -> Option<PieceKind> {
        if self.is_drop() { self.promotion } else { None }
    }

    /// What kind of move this is in `pos`, the position it is played from.
    ///
    /// ```
    /// use chess4d_core::{Move, MoveKind, PieceKind, Square};
    /// # fn demo(info: &chess4d_core::VariantInfo, pos: &chess4d_core::Position) {
    /// assert_eq!(Move::drop(PieceKind(1), Square(9)).kind(info, pos), MoveKind::Drop(PieceKind(1)));
    /// assert_eq!(Move::new(Square(4), Square(4)).kind(info, pos), MoveKind::Pass);
    /// # }
    /// ```
    pub fn kind(&self, info: &VariantInfo, pos: &Position) -> MoveKind {
        if let Some(k) = self.dropped() {
            return MoveKind::Drop(k);
        }
        match (self.second, self.promotion) {
            (Some((f, t)), Some(k)) if f == t && f == self.from && self.to == self.from => {
                MoveKind::InPlacePromotion(k)
            }
            (Some((f, _)), _) if f != self.from && self.is_castling(info, pos, f) => {
                MoveKind::Castle
            }
            (None, None) if self.from == self.to => MoveKind::Pass,
            _ => MoveKind::Board,
        }
    }

    /// Whether the second piece (on `second_from`) and the mover are castling: one side's
    /// royal piece and another of its pieces that is not royal, moved while that side
    /// still holds a castling right of the variant (the letter's case gives the side).
    /// A king that pushes or carries its own piece where it has no right left, or in a
    /// variant without castling, makes a board move.
    fn is_castling(&self, info: &VariantInfo, pos: &Position, second_from: Square) -> bool {
        let (Some(a), Some(b)) = (pos.piece_at(self.from), pos.piece_at(second_from)) else {
            return false;
        };
        let royal = |p: crate::Piece| info.pieces.get(p.kind().index()).is_some_and(|i| i.royal);
        let color = a.color();
        let rights = pos.castling_rights();
        let holds_right = info
            .castling_letters
            .iter()
            .enumerate()
            .any(|(bit, letter)| {
                let side = if letter.is_ascii_uppercase() {
                    crate::Color::White
                } else {
                    crate::Color::Black
                };
                side == color && rights.checked_shr(bit as u32).unwrap_or(0) & 1 == 1
            });
        color == b.color() && royal(a) != royal(b) && holds_right
    }

    /// Every square where a piece lands, the main one first.
    pub fn landings(&self) -> impl Iterator<Item = Square> + use<> {
        std::iter::once(self.to).chain(self.second.map(|(_, t)| t))
    }
}
