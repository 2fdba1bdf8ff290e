//! Colours, piece kinds and pieces.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::Not;

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `+1` for White (towards higher ranks), `-1` for Black.
    #[inline]
    pub fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The FEN letter: `w` or `b`.
    pub fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most piece kinds one variant may define (codes `1 + 2*kind + color` fit a byte).
pub const MAX_KINDS: usize = 64;
const _: () = assert!(2 * MAX_KINDS < 256, "piece codes must fit in a byte");

/// A piece kind: an index into the variant's piece table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKind(pub u8);

impl PieceKind {
    /// The index as a `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A coloured piece, stored in one non-zero byte: `1 + kind*2 + color`.
///
/// `Option<Piece>` is one byte too, so a board is a plain byte array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// The piece of this kind and colour.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::{Color, Piece, PieceKind};
    /// let p = Piece::new(PieceKind(3), Color::Black);
    /// assert_eq!(p.kind(), PieceKind(3));
    /// assert_eq!(p.color(), Color::Black);
    /// ```
    ///
    /// # Panics
    ///
    /// When `kind` is [`MAX_KINDS`] or more, in every build: such a code would wrap
    /// into another piece's. Kinds from input go through [`Piece::try_new`].
    #[inline]
    pub fn new(kind: PieceKind, color: Color) -> Piece {
        match Piece::try_new(kind, color) {
            Some(p) => p,
            None => panic!("piece kind {} is beyond the limit of {MAX_KINDS}", kind.0),
        }
    }

    /// The piece of this kind and colour, or `None` when `kind` is [`MAX_KINDS`] or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::{Color, Piece, PieceKind};
    /// assert!(Piece::try_new(PieceKind(63), Color::Black).is_some());
    /// assert!(Piece::try_new(PieceKind(128), Color::White).is_none());
    /// ```
    #[inline]
    pub const fn try_new(kind: PieceKind, color: Color) -> Option<Piece> {
        if kind.0 as usize >= MAX_KINDS {
            return None;
        }
        // MAX_KINDS keeps 1 + 2*kind + 1 under 256, so the value is never zero.
        match NonZeroU8::new(1 + kind.0 * 2 + color as u8) {
            Some(code) => Some(Piece(code)),
            None => None,
        }
    }

    /// The piece with this code, if the code is a valid non-zero piece code.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        NonZeroU8::new(code)
            .filter(|c| ((c.get() - 1) / 2) < MAX_KINDS as u8)
            .map(Piece)
    }

    /// The byte code `1 + kind*2 + color`, never 0.
    #[inline]
    pub fn code(self) -> u8 {
        self.0.get()
    }

    /// The kind.
    #[inline]
    pub fn kind(self) -> PieceKind {
        PieceKind((self.0.get() - 1) >> 1)
    }

    /// The colour.
    #[inline]
    pub fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// What the rest of the program needs to know about a piece kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The letter in FEN and notation, uppercase (White's form).
    pub letter: char,
    /// The name people use ("rook", "monster").
    pub name: String,
    /// Worth for the engine, in centipawns.
    pub value: i32,
    /// The piece whose capture (checkmate) ends the game.
    pub royal: bool,
    /// A pawn: promotes, resets the move counter.
    pub pawn: bool,
}

impl PieceInfo {
    /// The letter as it is written for a piece of `color`.
    pub fn letter_for(&self, color: Color) -> char {
        match color {
            Color::White => self.letter.to_ascii_uppercase(),
            Color::Black => self.letter.to_ascii_lowercase(),
        }
    }
}
