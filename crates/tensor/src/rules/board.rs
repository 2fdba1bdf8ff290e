//! The position: what stands where, whose turn it is, castling rights, the en-passant
//! square and the move clocks. Piece masks are kept beside the square array so that move
//! generation and attack tests can find a side's monsters or knights without scanning.

use super::geometry::{NONE, bit};
use super::types::{Color, Kind, Piece, SQUARES, Square, SquareSet};
use super::zobrist::KEYS;

/// Castling right: White may castle on the j-file side (king f1, rook j1). FEN `K`.
pub const WHITE_SHORT: u8 = 1;
/// Castling right: White may castle on the a-file side (king f1, rook a1). FEN `Q`.
pub const WHITE_LONG: u8 = 2;
/// Castling right: Black may castle on the j-file side (king f8, rook j8). FEN `k`.
pub const BLACK_SHORT: u8 = 4;
/// Castling right: Black may castle on the a-file side (king f8, rook a8). FEN `q`.
pub const BLACK_LONG: u8 = 8;

/// The start position of Tensor chess.
pub const START_FEN: &str = "rtnbqkbntr/pppppppppp/10/10/10/10/PPPPPPPPPP/RTNBQKBNTR w KQkq - 0 1";

/// A Tensor chess position.
///
/// Build one with [`Position::start`] or [`crate::parse_fen`]; change it only through
/// [`crate::make_move`] / [`crate::unmake_move`], which keep the piece masks and the
/// Zobrist key in step with the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) board: [u8; SQUARES],
    /// `pieces[color][kind]`: mask of the squares holding that piece.
    pub(crate) pieces: [[u128; 7]; 2],
    pub(crate) occupied: [u128; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// En-passant square or [`NONE`].
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// An empty board, White to move, no rights; FEN parsing fills it in.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; SQUARES],
            pieces: [[0; 7]; 2],
            occupied: [0; 2],
            side: Color::White,
            castling: 0,
            ep: NONE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The start position.
    ///
    /// # Examples
    /// ```
    /// use tensor_chess::{Position, to_fen, START_FEN};
    /// assert_eq!(to_fen(&Position::start()), START_FEN);
    /// ```
    pub fn start() -> Position {
        match super::fen::parse_fen(START_FEN) {
            Ok(p) => p,
            // The constant is tested to parse; an empty board is a safe, visible fallback.
            Err(_) => Position::empty(),
        }
    }

    /// The piece codes of all 80 squares (`file + 10 * rank`; see [`Piece::code`]).
    #[inline]
    pub fn board(&self) -> &[u8; SQUARES] {
        &self.board
    }

    /// The piece on a square (None when empty or off the board).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board
            .get(sq as usize)
            .and_then(|&c| Piece::from_code(c))
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights as a mask of [`WHITE_SHORT`], [`WHITE_LONG`], [`BLACK_SHORT`],
    /// [`BLACK_LONG`].
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant square (the square a double-stepping pawn passed), if any.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NONE).then_some(self.ep)
    }

    /// Plies since the last capture or pawn move (the 50-move rule draws at 100).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Full move number, starting at 1 and increased after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key of the position (pieces, side, castling, en-passant square).
    #[inline]
    pub fn key(&self) -> u64 {
        self.hash
    }

    /// The squares holding pieces of this colour and kind.
    #[inline]
    pub fn squares_of(&self, color: Color, kind: Kind) -> SquareSet {
        SquareSet(self.pieces[color.index()][kind.index()])
    }

    /// The squares holding pieces of this colour.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet(self.occupied[color.index()])
    }

    /// The king's square (None only for a position built from a bad move sequence).
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let m = self.pieces[color.index()][Kind::King.index()];
        (m != 0).then(|| m.trailing_zeros() as Square)
    }

    #[inline]
    pub(crate) fn all(&self) -> u128 {
        self.occupied[0] | self.occupied[1]
    }

    #[inline]
    pub(crate) fn mask(&self, color: Color, kind: Kind) -> u128 {
        self.pieces[color.index()][kind.index()]
    }

    /// Puts a piece code on an empty square (code 0 does nothing).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, code: u8) {
        if let Some(p) = Piece::from_code(code) {
            let b = bit(sq);
            self.board[sq as usize] = code;
            self.pieces[p.color.index()][p.kind.index()] |= b;
            self.occupied[p.color.index()] |= b;
            self.hash ^= KEYS.piece[code as usize][sq as usize];
        }
    }

    /// Empties a square and returns what stood there (0 when it was empty).
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> u8 {
        let code = self.board[sq as usize];
        if let Some(p) = Piece::from_code(code) {
            let b = !bit(sq);
            self.board[sq as usize] = 0;
            self.pieces[p.color.index()][p.kind.index()] &= b;
            self.occupied[p.color.index()] &= b;
            self.hash ^= KEYS.piece[code as usize][sq as usize];
        }
        code
    }

    #[inline]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^=
            KEYS.castling[self.castling as usize & 15] ^ KEYS.castling[rights as usize & 15];
        self.castling = rights & 15;
    }

    #[inline]
    pub(crate) fn set_ep(&mut self, ep: u8) {
        if self.ep != NONE {
            self.hash ^= KEYS.en_passant[self.ep as usize];
        }
        self.ep = ep;
        if ep != NONE {
            self.hash ^= KEYS.en_passant[ep as usize];
        }
    }

    #[inline]
    pub(crate) fn flip_side(&mut self) {
        self.side = self.side.flip();
        self.hash ^= KEYS.black_to_move;
    }

    /// Recomputes the key from scratch (used after FEN parsing and in tests).
    pub(crate) fn compute_key(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            if c != 0 && (c as usize) < 15 {
                h ^= KEYS.piece[c as usize][sq];
            }
        }
        if self.side == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h ^= KEYS.castling[self.castling as usize & 15];
        if self.ep != NONE {
            h ^= KEYS.en_passant[self.ep as usize];
        }
        h
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}
