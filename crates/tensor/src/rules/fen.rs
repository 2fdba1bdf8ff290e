//! FEN for the 10x8 board: ranks 8 to 1, files a to j, runs of empty squares as numbers
//! up to 10, monster letters T/t. Castling letters K/Q/k/q mean the king on f1/f8 with
//! the rook on j1/a1 (j8/a8). Parsing validates everything it reads; printing a parsed
//! position gives back the same text (castling letters in KQkq order).

use std::fmt;

use super::attacks::piece_attacks;
use super::board::{BLACK_LONG, BLACK_SHORT, Position, WHITE_LONG, WHITE_SHORT};
use super::geometry::NONE;
use super::types::{
    Color, FILES, Kind, Piece, RANKS, SQUARES, Square, parse_square, rank_of, square, square_name,
};
use super::zobrist::KEYS;

/// What is wrong with a FEN string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not 4 or 6 space-separated fields.
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    RankCount(usize),
    /// A rank describes more or fewer than 10 squares.
    RankWidth {
        /// The rank, 1..=8.
        rank: usize,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    BadPieceChar {
        /// The rank, 1..=8.
        rank: usize,
        /// The character.
        ch: char,
    },
    /// An empty-run number of 0, or a run of digits that is not a number 1..=10.
    BadEmptyRun {
        /// The rank, 1..=8.
        rank: usize,
        /// The digits.
        text: String,
    },
    /// The side to move is not `w` or `b`.
    BadSide(String),
    /// The castling field is not `-` or distinct letters from `KQkq`.
    BadCastling(String),
    /// A castling right whose king or rook is not on its square.
    CastlingWithoutPieces(char),
    /// The en-passant field is not `-` or a square.
    BadEnPassant(String),
    /// An en-passant square no double step can have produced here.
    ImpossibleEnPassant(String),
    /// A move counter that is not a number (or a full-move number of 0).
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// What stands there.
        text: String,
    },
    /// A side without exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn on the first or last rank.
    PawnOnEdgeRank(String),
    /// The side that just moved left its king attacked.
    OpponentInCheck,
    /// A board array entry that is not a piece code (0..=14).
    BadPieceCode {
        /// The square's name.
        square: String,
        /// The code found there.
        code: u8,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "a Tensor FEN has 6 fields (placement, side, castling, en passant, halfmove, fullmove) or the first 4; found {n}"
            ),
            FenError::RankCount(n) => write!(
                f,
                "the placement must list 8 ranks separated by '/'; found {n}"
            ),
            FenError::RankWidth { rank, squares } => write!(
                f,
                "rank {} describes {squares} squares; every rank has 10 (files a-j)",
                rank + 1
            ),
            FenError::BadPieceChar { rank, ch } => write!(
                f,
                "rank {} has '{ch}', which is not a piece letter (K Q R B N P T, lower case for Black) or a digit",
                rank + 1
            ),
            FenError::BadEmptyRun { rank, text } => write!(
                f,
                "rank {} has the empty-square count \"{text}\"; counts run from 1 to 10",
                rank + 1
            ),
            FenError::BadSide(s) => write!(f, "side to move \"{s}\" must be 'w' or 'b'"),
            FenError::BadCastling(s) => write!(
                f,
                "castling field \"{s}\" must be '-' or distinct letters from K, Q, k, q"
            ),
            FenError::CastlingWithoutPieces(c) => {
                let (king, rook) = match c {
                    'K' => ("f1", "j1"),
                    'Q' => ("f1", "a1"),
                    'k' => ("f8", "j8"),
                    _ => ("f8", "a8"),
                };
                write!(
                    f,
                    "castling right '{c}' needs the king on {king} and a rook on {rook}"
                )
            }
            FenError::BadEnPassant(s) => {
                write!(
                    f,
                    "en-passant field \"{s}\" must be '-' or a square such as e3"
                )
            }
            FenError::ImpossibleEnPassant(s) => write!(
                f,
                "en-passant square {s} does not fit the position: it must lie behind a pawn that just stepped two squares over it (rank 3 with Black to move, rank 6 with White to move)"
            ),
            FenError::BadCounter { field, text } => {
                write!(
                    f,
                    "{field} \"{text}\" must be a whole number (full-move number at least 1)"
                )
            }
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "{color:?} has {count} kings; each side needs exactly one"
                )
            }
            FenError::PawnOnEdgeRank(sq) => {
                write!(
                    f,
                    "pawn on {sq}: pawns cannot stand on the first or last rank"
                )
            }
            FenError::BadPieceCode { square, code } => write!(
                f,
                "square {square} holds code {code}; piece codes are 0 (empty) to 14 (black monster)"
            ),
            FenError::OpponentInCheck => write!(
                f,
                "the side not to move is in check, so the position cannot arise in a game"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// Parses a FEN string (6 fields, or 4 with clocks defaulting to `0 1`).
///
/// # Examples
/// ```
/// use tensor_chess::{parse_fen, to_fen, START_FEN};
/// let pos = parse_fen(START_FEN).unwrap();
/// assert_eq!(to_fen(&pos), START_FEN);
/// assert!(parse_fen("rtnbqkbntr/pppppppppp/10/10 w - - 0 1").is_err());
/// ```
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut pos = Position::empty();
    parse_placement(fields[0], &mut pos)?;
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(FenError::BadSide(s.to_string())),
    };
    pos.castling = parse_castling(fields[2])?;
    pos.ep = match fields[3] {
        "-" => NONE,
        s => parse_square(s).ok_or_else(|| FenError::BadEnPassant(s.to_string()))?,
    };
    if fields.len() == 6 {
        pos.halfmove = fields[4].parse::<u32>().map_err(|_| FenError::BadCounter {
            field: "halfmove clock",
            text: fields[4].to_string(),
        })?;
        pos.fullmove = fields[5]
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| FenError::BadCounter {
                field: "fullmove number",
                text: fields[5].to_string(),
            })?;
    }
    validate(&mut pos)?;
    Ok(pos)
}

/// The checks every way of building a position shares; sets the key when they pass.
fn validate(pos: &mut Position) -> Result<(), FenError> {
    for color in [Color::White, Color::Black] {
        let count = pos.mask(color, Kind::King).count_ones() as usize;
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    let pawns = pos.mask(Color::White, Kind::Pawn) | pos.mask(Color::Black, Kind::Pawn);
    let edges = super::geometry::RANK_1 | super::geometry::RANK_8;
    if pawns & edges != 0 {
        let sq = (pawns & edges).trailing_zeros() as Square;
        return Err(FenError::PawnOnEdgeRank(square_name(sq)));
    }
    for (bit, c, color, king, rook) in [
        (WHITE_SHORT, 'K', Color::White, 5u8, 9u8),
        (WHITE_LONG, 'Q', Color::White, 5, 0),
        (BLACK_SHORT, 'k', Color::Black, 75, 79),
        (BLACK_LONG, 'q', Color::Black, 75, 70),
    ] {
        let here = |sq: u8, kind| pos.board[sq as usize] == Piece::new(color, kind).code();
        if pos.castling & bit != 0 && !(here(king, Kind::King) && here(rook, Kind::Rook)) {
            return Err(FenError::CastlingWithoutPieces(c));
        }
    }
    if pos.ep != NONE {
        check_ep(pos)?;
    }
    let them = pos.side.flip();
    if pos
        .king_square(them)
        .is_some_and(|k| piece_attacks(pos, k, pos.side))
    {
        return Err(FenError::OpponentInCheck);
    }
    pos.hash = pos.compute_key();
    Ok(())
}

fn parse_placement(text: &str, pos: &mut Position) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut run = String::from(ch);
                while let Some(&next) = chars.peek().filter(|c| c.is_ascii_digit()) {
                    run.push(next);
                    chars.next();
                }
                match run.parse::<usize>() {
                    Ok(n) if (1..=FILES).contains(&n) && !run.starts_with('0') => file += n,
                    _ => return Err(FenError::BadEmptyRun { rank, text: run }),
                }
            } else {
                let piece = Piece::from_char(ch).ok_or(FenError::BadPieceChar { rank, ch })?;
                let Some(sq) = square(file, rank) else {
                    return Err(FenError::RankWidth {
                        rank,
                        squares: file + 1,
                    });
                };
                pos.put(sq, piece.code());
                file += 1;
            }
            if file > FILES {
                return Err(FenError::RankWidth {
                    rank,
                    squares: file,
                });
            }
        }
        if file != FILES {
            return Err(FenError::RankWidth {
                rank,
                squares: file,
            });
        }
    }
    Ok(())
}

fn parse_castling(text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let bad = || FenError::BadCastling(text.to_string());
    let mut rights = 0u8;
    for c in text.chars() {
        let bit = match c {
            'K' => WHITE_SHORT,
            'Q' => WHITE_LONG,
            'k' => BLACK_SHORT,
            'q' => BLACK_LONG,
            _ => return Err(bad()),
        };
        if rights & bit != 0 {
            return Err(bad());
        }
        rights |= bit;
    }
    if rights == 0 {
        return Err(bad());
    }
    Ok(rights)
}

/// An en-passant square must lie behind a pawn of the side that just moved, on the
/// square it passed, with the square it came from empty.
fn check_ep(pos: &Position) -> Result<(), FenError> {
    let sq = pos.ep;
    let name = square_name(sq);
    if sq as usize >= SQUARES {
        return Err(FenError::BadEnPassant(name));
    }
    // White just double-stepped (Black to move): the square is on rank 3, the pawn on 4.
    let (rank, mover, step): (usize, Color, i16) = match pos.side {
        Color::Black => (2, Color::White, 10),
        Color::White => (5, Color::Black, -10),
    };
    if rank_of(sq) != rank {
        return Err(FenError::ImpossibleEnPassant(name));
    }
    let pawn = (sq as i16 + step) as usize;
    let origin = (sq as i16 - step) as usize;
    let ok = pos.board[sq as usize] == 0
        && pos.board[origin] == 0
        && pos.board[pawn] == Piece::new(mover, Kind::Pawn).code();
    if ok {
        Ok(())
    } else {
        Err(FenError::ImpossibleEnPassant(name))
    }
}

impl Position {
    /// Builds a position from a board array and the other FEN fields, with the same checks
    /// as [`parse_fen`] (the form a plugin host may hand over).
    ///
    /// # Examples
    /// ```
    /// use tensor_chess::{Position, Color, WHITE_SHORT, WHITE_LONG, BLACK_SHORT, BLACK_LONG};
    /// let start = Position::start();
    /// let all = WHITE_SHORT | WHITE_LONG | BLACK_SHORT | BLACK_LONG;
    /// let again = Position::from_board(start.board(), Color::White, all, None, 0, 1).unwrap();
    /// assert_eq!(again, start);
    /// let mut bad = *start.board();
    /// bad[40] = 99;
    /// assert!(Position::from_board(&bad, Color::White, 0, None, 0, 1).is_err());
    /// ```
    pub fn from_board(
        board: &[u8; SQUARES],
        side: Color,
        castling: u8,
        en_passant: Option<Square>,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        let mut pos = Position::fill(board, side, castling, en_passant, halfmove, fullmove)?;
        validate(&mut pos)?;
        Ok(pos)
    }

    /// Builds a position from a board array with only the checks the rules need to stay
    /// well defined: piece codes 0..=14 and an en-passant square on the board. Whether
    /// the position could arise in a game (one king a side, castling pieces in place, the
    /// side not to move out of check) is not asked, which makes this several times
    /// cheaper than [`Position::from_board`]; the move generator copes with such
    /// positions (no king, a right without its rook) without panicking.
    ///
    /// Meant for a host that keeps the position itself and only ever holds positions the
    /// rules produced (the plugin lends the board on every call).
    ///
    /// # Examples
    /// ```
    /// use tensor_chess::{Position, Color, legal_moves};
    /// let start = Position::start();
    /// let again = Position::from_board_lenient(start.board(), Color::White, 15, None, 0, 1);
    /// assert_eq!(again.unwrap(), start);
    /// // A lone rook (no kings) is not a game position, but it has moves.
    /// let mut board = [0u8; 80];
    /// board[0] = 5;
    /// let pos = Position::from_board_lenient(&board, Color::White, 0, None, 0, 1).unwrap();
    /// let mut moves = Vec::new();
    /// legal_moves(&pos, &mut moves);
    /// assert_eq!(moves.len(), 16);
    /// assert!(Position::from_board_lenient(&board, Color::White, 0, Some(80), 0, 1).is_err());
    /// ```
    pub fn from_board_lenient(
        board: &[u8; SQUARES],
        side: Color,
        castling: u8,
        en_passant: Option<Square>,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        let mut pos = Position::fill(board, side, castling, en_passant, halfmove, fullmove)?;
        // `put` has keyed the pieces; add the rest rather than rescan the board.
        if pos.side == Color::Black {
            pos.hash ^= KEYS.black_to_move;
        }
        pos.hash ^= KEYS.castling[pos.castling as usize];
        if pos.ep != NONE {
            pos.hash ^= KEYS.en_passant[pos.ep as usize];
        }
        Ok(pos)
    }

    /// The board and fields, with piece codes and the en-passant square checked.
    fn fill(
        board: &[u8; SQUARES],
        side: Color,
        castling: u8,
        en_passant: Option<Square>,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        let mut pos = Position::empty();
        for (sq, &code) in board.iter().enumerate() {
            if code > 14 {
                return Err(FenError::BadPieceCode {
                    square: square_name(sq as Square),
                    code,
                });
            }
            pos.put(sq as Square, code);
        }
        if let Some(ep) = en_passant.filter(|&e| e as usize >= SQUARES) {
            return Err(FenError::BadEnPassant(format!("square index {ep}")));
        }
        pos.side = side;
        pos.castling = castling & 15;
        pos.ep = en_passant.unwrap_or(NONE);
        pos.halfmove = halfmove;
        pos.fullmove = fullmove.max(1);
        Ok(pos)
    }
}

/// Writes a position as FEN (6 fields).
///
/// # Examples
/// ```
/// use tensor_chess::{Position, to_fen};
/// assert!(to_fen(&Position::start()).starts_with("rtnbqkbntr/pppppppppp/10/"));
/// ```
pub fn to_fen(pos: &Position) -> String {
    let mut s = String::with_capacity(96);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match Piece::from_code(pos.board[file + FILES * rank]) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(p.to_char());
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if pos.side == Color::White {
        " w "
    } else {
        " b "
    });
    if pos.castling == 0 {
        s.push('-');
    }
    for (bit, c) in [
        (WHITE_SHORT, 'K'),
        (WHITE_LONG, 'Q'),
        (BLACK_SHORT, 'k'),
        (BLACK_LONG, 'q'),
    ] {
        if pos.castling & bit != 0 {
            s.push(c);
        }
    }
    s.push(' ');
    match pos.en_passant() {
        Some(sq) => s.push_str(&square_name(sq)),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        parse_fen(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_fen(self))
    }
}
