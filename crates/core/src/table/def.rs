//! The description of a table variant: pieces in the movement vocabulary, setup, switches.

use crate::geometry::{Shape, Square};
use crate::piece::{Color, PieceInfo};
use std::fmt;

/// When a movement may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// To move to an empty square or to capture.
    Both,
    /// Only to an empty square (a pawn's push).
    Move,
    /// Only to capture (a pawn's diagonal).
    Capture,
}

/// One movement in the vocabulary "which axes change, and by how much".
///
/// `deltas` lists how far each changing axis moves; the axes are any distinct ones
/// (limited by `axes`), in any direction. A rook is `[1]` repeated without limit, a
/// bishop `[1, 1]` repeated, a knight `[2, 1]` once, a king every one of `[1]`,
/// `[1, 1]`, `[1, 1, 1]`, `[1, 1, 1, 1]` once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAtom {
    /// Distance along each changing axis (each at least 1).
    pub deltas: Vec<u8>,
    /// How many times the step may repeat along a line: 1 for a leap, 0 without limit.
    pub range: u8,
    /// Bit mask of the axes it may use (bit 0 = X .. bit 3 = W).
    pub axes: u8,
    /// Bit mask of axes that may only change towards the mover's forward direction;
    /// when not 0, at least one of them must change (a pawn's "forward").
    pub forward: u8,
    /// Moving, capturing, or both.
    pub mode: Mode,
    /// Only as a first move: from a square where a piece of this kind and colour
    /// starts (a king's first leap, a triple step); such a movement may not capture.
    pub first: bool,
    /// Exact offsets instead of `deltas` on any axes: a directed leap or rider (the
    /// shogi knight's `[1, 2, 0, 0]` and `[-1, 2, 0, 0]`), written for White; Black's
    /// are reversed on the `forward` axes. Empty: the movement is `deltas`.
    pub offsets: Vec<[i8; 4]>,
    /// The shortest distance a repeating movement may go (0 or 1: from the first
    /// square); nearer squares must be empty, as a slide passes them.
    pub min_range: u8,
    /// A bent rider: after the one step `deltas` describes, it slides on along this
    /// many axes, turning outward (the griffon: `deltas` `[1, 1]` and `bend` 1); `range`
    /// limits the slide. 0: a straight movement.
    pub bend: u8,
    /// A circular rider (the rose, `deltas` `[2, 1]`): the leap repeats, each time
    /// turned one step further round the same way in a plane of two allowed axes, both
    /// ways round; `range` limits the number of leaps (0: all but the one home).
    pub circle: bool,
    /// A multi-leg rider: these legs (exact offsets, x first) walked in turn, over and
    /// over, stopping at the first piece (the crooked bishop: `[1, 1, 0, 0]`,
    /// `[1, -1, 0, 0]`); the piece gets every image of them under the board's
    /// symmetries on the allowed axes. `range` limits the legs (0: to the edge).
    /// Empty: not one.
    pub cycle: Vec<[i8; 4]>,
    /// How it treats the pieces on its way: open, hopping (cannon) or lame (horse).
    pub path: super::Path,
    /// The region the piece must stand in to use this movement (the xiangqi soldier's
    /// sideways step across the river); `None`: anywhere.
    pub within: Option<String>,
    /// Only while the piece's square keeps its right by file (the piece has not moved
    /// since the position string gave it, like Cambodian chess's `DEde`); a royal
    /// piece's such movement, like castling, is no way out of check.
    pub unmoved: bool,
    /// The region every square of the movement keeps to, from its start to its landing
    /// (janggi's palace diagonals); `None`: anywhere.
    pub along: Option<String>,
    /// A hop that never jumps over nor captures a piece of its own kind, of either side
    /// (the janggi cannon).
    pub spare_own_kind: bool,
}

impl MoveAtom {
    /// A flag in [`MoveAtom::axes`]: the distances go to the allowed axes in order
    /// (the first to the lowest axis), not to any of them — the shogi knight's
    /// `[1, 2]` on x and y is one file sideways and two ranks forward, never the reverse.
    pub const ORDERED: u8 = 0b1_0000;

    /// A movement on any axes, both moving and capturing.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::MoveAtom;
    /// let rook = MoveAtom::new(&[1], 0);
    /// let knight = MoveAtom::new(&[2, 1], 1);
    /// assert_eq!(knight.deltas, vec![2, 1]);
    /// assert_eq!(rook.range, 0);
    /// ```
    pub fn new(deltas: &[u8], range: u8) -> MoveAtom {
        MoveAtom {
            deltas: deltas.to_vec(),
            range,
            axes: 0b1111,
            forward: 0,
            mode: Mode::Both,
            first: false,
            offsets: Vec::new(),
            min_range: 0,
            bend: 0,
            circle: false,
            cycle: Vec::new(),
            path: super::Path::Open,
            within: None,
            unmoved: false,
            along: None,
            spare_own_kind: false,
        }
    }
}

/// A piece kind of a table variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// Letter, name, value, royal and pawn flags.
    pub info: PieceInfo,
    /// Its movements.
    pub moves: Vec<MoveAtom>,
    /// The region it never leaves (a palace); `None`: the whole board.
    pub confined: Option<String>,
}

/// One castling option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingDef {
    /// The letter in the FEN castling field (`K`, `Q`, `k`, `q`).
    pub letter: char,
    /// Whose castling it is.
    pub color: Color,
    /// Where the king starts and ends.
    pub king_from: Square,
    /// Where the king ends.
    pub king_to: Square,
    /// Where the rook starts.
    pub rook_from: Square,
    /// Where the rook ends.
    pub rook_to: Square,
}

/// A whole table variant, as the variant loader builds it from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantDef {
    /// Short catalog name.
    pub name: String,
    /// Name shown to people.
    pub title: String,
    /// One paragraph for people.
    pub description: String,
    /// The board.
    pub shape: Shape,
    /// The piece kinds.
    pub pieces: Vec<PieceDef>,
    /// The start position string.
    pub start: String,
    /// Castling options (empty: no castling).
    pub castling: Vec<CastlingDef>,
    /// Castling from any start array, the rights naming the rook's file (Chess960);
    /// `None`: castling is `castling`'s options only.
    pub castling960: Option<super::Castling960Def>,
    /// Whether a pawn that advanced two squares may be taken en passant.
    pub en_passant: bool,
    /// The rank (0 = own back rank) from which a pawn may advance two squares, counted
    /// along the axis of its push (Y in chess, W for pawns that advance along W).
    pub double_step_rank: Option<u8>,
    /// Whether a pawn on its double-step rank may also advance three squares (en
    /// passant then takes on the square just behind it).
    pub triple_step: bool,
    /// Squares that do not exist: no piece enters or passes them (leapers jump over).
    pub holes: Vec<Square>,
    /// Bit mask of the axes that wrap around, the last square next to the first
    /// (x for cylinder chess).
    pub wrap: u8,
    /// The letters a pawn may promote to (empty: no promotion).
    pub promotion: Vec<char>,
    /// Bit mask of the axes on which a pawn must reach the far end to promote
    /// (Y alone in chess; Y and Z in Raumschach).
    pub promotion_axes: u8,
    /// Occurrence of a position that draws (0: off).
    pub repetition_limit: u8,
    /// Plies without capture or pawn move that draw (0: off).
    pub move_limit_plies: u16,
    /// Whether two bare kings draw.
    pub bare_kings_draw: bool,
    /// Named sets of squares the other rules refer to.
    pub regions: Vec<super::RegionDef>,
    /// The region where pawns promote, instead of the far end of `promotion_axes`.
    pub promotion_region: Option<String>,
    /// Optional promotion and limits on the kinds promoted to.
    pub promotion_rules: super::PromotionDef,
    /// The region of squares a pawn may double-step from, instead of
    /// `double_step_rank` (horde: the first two ranks).
    pub double_step_region: Option<String>,
    /// How the game ends besides checkmate, and the obligations on moves.
    pub ends: super::EndsDef,
    /// Pieces in hand and drops (crazyhouse, shogi); off by default.
    pub drops: super::DropsDef,
    /// Shogi promotion: each kind's promoted form; off by default.
    pub forms: super::FormsDef,
    /// Passing and the endings it brings (janggi); off by default.
    pub passing: super::PassingDef,
    /// Gating (S-Chess): pieces in hand enter where first-rank pieces leave; off by
    /// default.
    pub gating: super::GatingDef,
    /// Promotion as a move of its own (sittuyin's met); off by default.
    pub promotion_move: super::PromotionMoveDef,
}

/// Why a table variant was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// No piece kinds at all.
    NoPieces,
    /// More piece kinds than one variant may have.
    TooManyPieces(usize),
    /// Two kinds share a letter.
    DuplicateLetter(char),
    /// A letter that is not a–z.
    BadLetter(char),
    /// A movement that cannot be used.
    BadMovement {
        /// The piece's letter.
        piece: char,
        /// Which movement (0-based).
        index: usize,
        /// Why.
        reason: String,
    },
    /// The start position does not parse.
    Start(crate::FenError),
    /// A side has no royal piece (king) in the start position.
    NoKing(Color),
    /// A side has more than one royal piece.
    TwoKings(Color),
    /// A promotion letter that no piece defines, or names a royal piece.
    BadPromotion(char),
    /// A castling option that does not fit the board or the start position.
    BadCastling {
        /// The option's letter.
        letter: char,
        /// Why.
        reason: String,
    },
    /// A region that does not fit the board, or a name no region has.
    BadRegion {
        /// The region's name.
        name: String,
        /// Why.
        reason: String,
    },
    /// An ending rule that names something the variant lacks.
    BadEnds(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::NoPieces => write!(f, "the variant defines no pieces"),
            VariantError::TooManyPieces(n) => {
                write!(
                    f,
                    "the variant defines {n} pieces, more than {}",
                    crate::piece::MAX_KINDS
                )
            }
            VariantError::DuplicateLetter(c) => write!(f, "two pieces use the letter '{c}'"),
            VariantError::BadLetter(c) => write!(f, "piece letter '{c}' must be a letter a-z"),
            VariantError::BadMovement {
                piece,
                index,
                reason,
            } => {
                write!(f, "piece '{piece}', movement {}: {reason}", index + 1)
            }
            VariantError::Start(e) => write!(f, "start position: {e}"),
            VariantError::NoKing(c) => {
                write!(f, "{c} has no king (royal piece) in the start position")
            }
            VariantError::TwoKings(c) => write!(f, "{c} has more than one royal piece"),
            VariantError::BadPromotion(c) => {
                write!(
                    f,
                    "promotion to '{c}': no such non-royal piece in this variant"
                )
            }
            VariantError::BadCastling { letter, reason } => {
                write!(f, "castling '{letter}': {reason}")
            }
            VariantError::BadRegion { name, reason } => write!(f, "region \"{name}\": {reason}"),
            VariantError::BadEnds(reason) => write!(f, "ending rules: {reason}"),
        }
    }
}

impl std::error::Error for VariantError {}
