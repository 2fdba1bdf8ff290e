//! Positions: the board, the side to move, rights, counters and the hash.

pub(crate) mod check;
mod fen;
mod gates;
mod pocket;
pub mod zobrist;

pub use check::{MAX_FULLMOVE, PositionError, PositionErrorKind, check_position};
pub use fen::{FenError, FenErrorKind};

use crate::geometry::{Shape, Square};
use crate::piece::{Color, Piece};

/// A position: what stands on every square and the state the rules keep beside it.
///
/// A `Position` is a set-up, not a promise: [`Position::empty`] and [`Position::put`]
/// build any board on purpose (the piece explorer's lone piece, tests, a search). What
/// comes from outside is checked against its variant by [`crate::Rules::check_position`],
/// which [`crate::Rules::parse_position`] runs.
///
/// Every rules implementation shares this type. Board writes go through
/// [`Position::set`], which keeps the Zobrist hash current and records what it
/// overwrote in an [`Undo`], so unmaking a move is the same for every variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    shape: Shape,
    board: Box<[Option<Piece>]>,
    side: Color,
    castling: u32,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u32,
    hash: u64,
    kings: [Option<Square>; 2],
    /// By colour: the occupied squares below 128 as bits (bit `i`: square `i`), kept
    /// beside the board so that move generation finds pieces and blockers by bit scans
    /// (exact on boards of up to 128 squares, which the generator's fast paths need).
    occupied: [u128; 2],
    /// By piece code (entry `code - 1`, codes up to [`TRACKED_CODES`]): its squares
    /// below 128 as bits, so that perft's count takes a side's pawns as one set without
    /// visiting them and the king's guard sees at once where no attacker of a line is.
    by_code: [u128; TRACKED_CODES],
    /// Per-side counters a variant's rules keep (the checks each side has left to give
    /// in n-check); `None` where the variant keeps none.
    counters: Option<[u8; 2]>,
    /// Pieces in hand and promoted marks, for variants with drops.
    pockets: Option<Box<pocket::Pockets>>,
}

/// The piece codes whose squares [`Position`] keeps as bits (codes 1 to 16: the first
/// eight kinds of both colours): enough for the pawns of every variant the count takes
/// as a set, and for the attackers of xiangqi's and manchu's special lines.
pub(crate) const TRACKED_CODES: usize = 16;

/// The most board squares one move may change (from, to, a capture square, and a second
/// piece's from and to).
pub const MAX_CHANGES: usize = 6;

/// What a move overwrote, enough to restore the position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    changes: [(Square, Option<Piece>); MAX_CHANGES],
    len: u8,
    side: Color,
    castling: u32,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u32,
    hash: u64,
    kings: [Option<Square>; 2],
    counters: Option<[u8; 2]>,
    pocket: pocket::PocketUndo,
}

impl Position {
    /// An empty board of this shape, White to move, move 1.
    pub fn empty(shape: Shape) -> Position {
        Position {
            shape,
            board: vec![None; shape.len()].into_boxed_slice(),
            side: Color::White,
            castling: 0,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
            kings: [None; 2],
            occupied: [0; 2],
            by_code: [0; TRACKED_CODES],
            counters: None,
            pockets: None,
        }
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// What stands on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// The whole board, indexed by square.
    #[inline]
    pub fn board(&self) -> &[Option<Piece>] {
        &self.board
    }

    /// The whole board as piece codes (`0` empty, else [`Piece::code`]), indexed by
    /// square: what a rule plugin is lent, with no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// # use chess4d_core::{Color, Piece, PieceKind, Position, Shape, Square};
    /// let mut pos = Position::empty(Shape::new(&[3]).unwrap());
    /// pos.put(Square(1), Some(Piece::new(PieceKind(2), Color::Black)));
    /// assert_eq!(pos.board_codes(), &[0, 6, 0]);
    /// ```
    #[inline]
    pub fn board_codes(&self) -> &[u8] {
        // SAFETY: `Piece` is `repr(transparent)` over `NonZeroU8`, and
        // `Option<NonZeroU8>` is guaranteed to have the size, alignment and ABI of `u8`
        // with `None` as 0; so `[Option<Piece>]` and `[u8]` of one length are the same
        // bytes, and every byte value read this way is a valid `u8`.
        unsafe { std::slice::from_raw_parts(self.board.as_ptr().cast::<u8>(), self.board.len()) }
    }

    /// Every occupied square with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square(i as u16), p)))
    }

    /// The squares of `color`'s pieces as bits (bit `i`: square `i`); only squares
    /// below 128 are recorded, so this is the whole set on boards of up to 128 squares.
    #[inline]
    pub fn occupancy(&self, color: Color) -> u128 {
        self.occupied[color.index()]
    }

    /// The squares of the pieces of `code` as bits (as [`Position::occupancy`]), where
    /// the code is one kept (up to [`TRACKED_CODES`]).
    #[inline]
    pub(crate) fn squares_of(&self, code: u8) -> Option<u128> {
        self.by_code.get(usize::from(code).wrapping_sub(1)).copied()
    }

    /// Keeps [`Position::occupancy`] in step with a write of `new` over `old` on `sq`.
    #[inline]
    fn mark(&mut self, sq: Square, old: Option<Piece>, new: Option<Piece>) {
        if sq.0 < 128 {
            let bit = 1u128 << sq.0;
            if let Some(p) = old {
                self.occupied[p.color().index()] &= !bit;
                if let Some(set) = self.by_code.get_mut(usize::from(p.code()) - 1) {
                    *set &= !bit;
                }
            }
            if let Some(p) = new {
                self.occupied[p.color().index()] |= bit;
                if let Some(set) = self.by_code.get_mut(usize::from(p.code()) - 1) {
                    *set |= bit;
                }
            }
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights as a bit mask; bit `i` is the variant's castling option `i`.
    #[inline]
    pub fn castling_rights(&self) -> u32 {
        self.castling
    }

    /// The square a pawn passed over on the last move, capturable en passant.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of board, side to move, castling rights and en-passant square.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s royal piece, when the rules keep track of it.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// Records where `color`'s royal piece stands (rules implementations call this).
    #[inline]
    pub fn set_king(&mut self, color: Color, sq: Option<Square>) {
        self.kings[color.index()] = sq;
    }

    /// Starts recording a change to this position.
    #[inline]
    pub fn begin_undo(&self) -> Undo {
        Undo {
            changes: [(Square(0), None); MAX_CHANGES],
            len: 0,
            side: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
            kings: self.kings,
            counters: self.counters,
            pocket: pocket::PocketUndo::default(),
        }
    }

    /// Puts `piece` (or nothing) on `sq`, updating the hash and recording the old
    /// content in `undo`. Squares off the board are ignored.
    #[inline]
    pub fn set(&mut self, undo: &mut Undo, sq: Square, piece: Option<Piece>) {
        let Some(slot) = self.board.get_mut(sq.index()) else {
            return;
        };
        let old = *slot;
        if old == piece {
            return;
        }
        if (undo.len as usize) < MAX_CHANGES {
            undo.changes[undo.len as usize] = (sq, old);
            undo.len += 1;
        } else {
            debug_assert!(false, "a move changed more than {MAX_CHANGES} squares");
        }
        if let Some(p) = old {
            self.hash ^= zobrist::piece_key(sq.0, p.code());
        }
        if let Some(p) = piece {
            self.hash ^= zobrist::piece_key(sq.0, p.code());
        }
        *slot = piece;
        self.mark(sq, old, piece);
    }

    /// Writes `piece` on `sq` in the board alone, returning what stood there: the hash,
    /// the squares kept as bits and the undo record are left as they were. For a look
    /// at the board as a move would leave it, by code that reads squares one by one
    /// (the attack walk) and writes the old contents back, in reverse order, before
    /// anything else reads the position.
    #[inline]
    pub(crate) fn poke(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        self.board
            .get_mut(sq.index())
            .and_then(|slot| std::mem::replace(slot, piece))
    }

    /// Puts a piece on a square while setting a position up (hash kept current).
    ///
    /// As [`Position::set`] without the record for undoing it: static exchange
    /// evaluation lifts and puts back pieces this way at every node.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        let Some(slot) = self.board.get_mut(sq.index()) else {
            return;
        };
        let old = *slot;
        if old == piece {
            return;
        }
        if let Some(p) = old {
            self.hash ^= zobrist::piece_key(sq.0, p.code());
        }
        if let Some(p) = piece {
            self.hash ^= zobrist::piece_key(sq.0, p.code());
        }
        *slot = piece;
        self.mark(sq, old, piece);
    }

    /// Sets the side to move (hash kept current).
    #[inline]
    pub fn set_side_to_move(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
            self.side = side;
        }
    }

    /// Sets the castling rights (hash kept current).
    #[inline]
    pub fn set_castling_rights(&mut self, rights: u32) {
        self.hash ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(rights);
        self.castling = rights;
    }

    /// Sets the en-passant square (hash kept current).
    #[inline]
    pub fn set_en_passant(&mut self, sq: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant_key(old.0);
        }
        if let Some(new) = sq {
            self.hash ^= zobrist::en_passant_key(new.0);
        }
        self.en_passant = sq;
    }

    /// Sets the half-move clock.
    #[inline]
    pub fn set_halfmove_clock(&mut self, plies: u16) {
        self.halfmove_clock = plies;
    }

    /// Sets the full-move number.
    #[inline]
    pub fn set_fullmove_number(&mut self, n: u32) {
        self.fullmove_number = n;
    }

    /// Restores the position to what it was when `undo` was begun.
    #[inline]
    pub fn restore(&mut self, undo: &Undo) {
        for &(sq, old) in undo.changes[..undo.len as usize].iter().rev() {
            let now = self.board[sq.index()];
            self.board[sq.index()] = old;
            self.mark(sq, now, old);
        }
        self.side = undo.side;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.fullmove_number = undo.fullmove_number;
        self.hash = undo.hash;
        self.kings = undo.kings;
        self.counters = undo.counters;
        if self.pockets.is_some() {
            self.restore_pockets(&undo.pocket);
        }
    }

    /// Recomputes the hash from scratch (for checks; make/unmake keep it current).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.pieces() {
            h ^= zobrist::piece_key(sq.0, p.code());
        }
        if self.side == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h ^= zobrist::castling_key(self.castling);
        if let Some(ep) = self.en_passant {
            h ^= zobrist::en_passant_key(ep.0);
        }
        h ^ zobrist::counters_key(self.counters) ^ self.pockets_hash()
    }

    /// The per-side counters the variant's rules keep (in n-check: the checks White and
    /// Black have left to give), or `None`.
    #[inline]
    pub fn counters(&self) -> Option<[u8; 2]> {
        self.counters
    }

    /// Sets the per-side counters (hash kept current).
    #[inline]
    pub fn set_counters(&mut self, counters: Option<[u8; 2]>) {
        self.hash ^= zobrist::counters_key(self.counters) ^ zobrist::counters_key(counters);
        self.counters = counters;
    }
}

impl Undo {
    /// The hash of the position before the move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The squares the move changed, with what stood there before.
    pub fn changes(&self) -> &[(Square, Option<Piece>)] {
        &self.changes[..self.len as usize]
    }
}

/// Reads a position string for a variant (the default of [`crate::Rules::parse_position`]).
pub fn parse_fen(info: &crate::VariantInfo, text: &str) -> Result<Position, FenError> {
    fen::parse(info, text)
}

/// Writes a position string for a variant.
pub fn format_fen(info: &crate::VariantInfo, pos: &Position) -> String {
    fen::format(info, pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceKind;

    /// The squares of every code up to `TRACKED_CODES` are kept (the eighth kind's black
    /// pieces included: manchu's banner), none beyond, and a piece taken off leaves no
    /// trace.
    #[test]
    fn the_first_eight_kinds_of_both_colours_are_kept_as_bits() {
        let shape = Shape::new(&[9, 10]).unwrap();
        let mut pos = Position::empty(shape);
        for kind in 0..9u8 {
            for color in Color::ALL {
                let p = Piece::new(PieceKind(kind), color);
                let sq = Square(u16::from(kind) * 9 + color.index() as u16);
                pos.put(sq, Some(p));
                let kept = usize::from(p.code()) <= TRACKED_CODES;
                assert_eq!(pos.squares_of(p.code()), kept.then_some(1u128 << sq.0));
                pos.put(sq, None);
                assert_eq!(pos.squares_of(p.code()), kept.then_some(0));
            }
        }
        assert_eq!(pos.squares_of(0), None);
    }
}
