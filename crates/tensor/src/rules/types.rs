//! The game's vocabulary: colours, piece kinds, piece codes, squares and square sets.
//!
//! Piece codes follow the workspace convention `code = 1 + kind * 2 + color`, with the
//! kinds in the order K Q R B N P T (see [`Kind`]) and colour 0 for White, 1 for Black;
//! code 0 is an empty square. So White's king is 1, Black's king 2, ... White's monster
//! 13 and Black's monster 14.

use std::fmt;

/// Files on the board (a–j).
pub const FILES: usize = 10;
/// Ranks on the board (1–8).
pub const RANKS: usize = 8;
/// Squares on the board; a square index is `file + 10 * rank`.
pub const SQUARES: usize = FILES * RANKS;

/// A square index, `file + 10 * rank`, in `0..80`.
pub type Square = u8;

/// The side a piece belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// Moves first, from ranks 1 and 2.
    White = 0,
    /// Moves second, from ranks 7 and 8.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A kind of piece. The discriminant is the kind index used in piece codes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Kind {
    /// The king (K).
    King = 0,
    /// The queen (Q).
    Queen = 1,
    /// The rook (R).
    Rook = 2,
    /// The bishop (B).
    Bishop = 3,
    /// The knight (N).
    Knight = 4,
    /// The pawn (P).
    Pawn = 5,
    /// The Tensor monster (letter T): steps like a king, jumps like a checker, captures
    /// only enemy monsters, and lets its own pieces pass over, bounce off and push it.
    Monster = 6,
}

impl Kind {
    /// Every kind, in code order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Monster,
    ];

    /// The kinds a pawn may promote to, in the order moves are generated.
    pub const PROMOTIONS: [Kind; 5] = [
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Monster,
    ];

    /// The kind index (0..7).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index, if any.
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < 7 { Some(Kind::ALL[i]) } else { None }
    }

    /// Upper-case letter: K Q R B N P T.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
            Kind::Monster => 'T',
        }
    }

    /// The kind for a letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            'T' => Kind::Monster,
            _ => return None,
        })
    }

    /// The English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
            Kind::Monster => "monster",
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The piece of this colour and kind.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The board code `1 + kind * 2 + color` (1..=14).
    #[inline]
    pub const fn code(self) -> u8 {
        1 + (self.kind as u8) * 2 + self.color as u8
    }

    /// The piece for a board code; `None` for 0 (empty) and codes above 14.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 14 {
            return None;
        }
        let c = code - 1;
        let color = if c & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        match Kind::from_index((c >> 1) as usize) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub fn to_char(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}

/// The square on `file` (0 = a) and `rank` (0 = rank 1), if on the board.
#[inline]
pub const fn square(file: usize, rank: usize) -> Option<Square> {
    if file < FILES && rank < RANKS {
        Some((file + FILES * rank) as Square)
    } else {
        None
    }
}

/// File index (0 = a) of a square.
#[inline]
pub const fn file_of(sq: Square) -> usize {
    sq as usize % FILES
}

/// Rank index (0 = rank 1) of a square.
#[inline]
pub const fn rank_of(sq: Square) -> usize {
    sq as usize / FILES
}

/// The name of a square, such as `e4`; `??` off the board.
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    push_square(&mut s, sq);
    s
}

pub(crate) fn push_square(s: &mut String, sq: Square) {
    if (sq as usize) < SQUARES {
        s.push((b'a' + file_of(sq) as u8) as char);
        s.push((b'1' + rank_of(sq) as u8) as char);
    } else {
        s.push_str("??");
    }
}

/// Parses a square name (`a1` … `j8`).
///
/// # Examples
/// ```
/// use tensor_chess::{parse_square, square_name};
/// let sq = parse_square("j8").unwrap();
/// assert_eq!(sq, 79);
/// assert_eq!(square_name(sq), "j8");
/// assert!(parse_square("k1").is_none());
/// ```
pub fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].checked_sub(b'a')? as usize;
    let rank = b[1].checked_sub(b'1')? as usize;
    square(file, rank)
}

/// A set of squares as an 80-bit mask (bit `sq` set when `sq` is in the set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (sq as usize) < SQUARES && self.0 >> sq & 1 != 0
    }

    /// Whether the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set has.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(self) -> Bits {
        Bits(self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(square_name)).finish()
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Bits;
    fn into_iter(self) -> Bits {
        Bits(self.0)
    }
}

/// Iterator over the set bits of a mask, lowest first.
#[derive(Clone, Debug)]
pub struct Bits(pub(crate) u128);

impl Iterator for Bits {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as Square;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_round_trip_and_follow_the_documented_order() {
        for code in 1..=14u8 {
            let p = Piece::from_code(code).expect("codes 1..=14 are pieces");
            assert_eq!(p.code(), code);
            assert_eq!(Piece::from_char(p.to_char()), Some(p));
        }
        assert_eq!(Piece::new(Color::White, Kind::King).code(), 1);
        assert_eq!(Piece::new(Color::Black, Kind::King).code(), 2);
        assert_eq!(Piece::new(Color::White, Kind::Monster).code(), 13);
        assert_eq!(Piece::new(Color::Black, Kind::Monster).code(), 14);
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_code(15), None);
        assert_eq!(Piece::from_code(255), None);
    }

    #[test]
    fn square_names() {
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(9), "j1");
        assert_eq!(square_name(79), "j8");
        assert_eq!(square_name(80), "??");
        assert_eq!(parse_square("e2"), Some(14));
        for bad in ["", "a", "a9", "a0", "k1", "A1", "e22", "é1"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }
}
