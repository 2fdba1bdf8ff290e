//! The coordinate notation the program prints and parses: from-square, landing square,
//! then a suffix for everything else that lands or is taken — `e2e4`, `a7a8q`
//! (promotion, `q r b n t`), `c3e5xd4` (capture away from the landing square),
//! `a1b1>a1` (push: the monster on b1 goes to a1), `f1i1+j1h1` (castling rook).

use std::fmt;

use super::board::Position;
use super::movegen::legal_moves;
use super::moves::Move;
use super::types::{Kind, Square, parse_square, push_square};

/// Why a move string was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveParseError {
    /// The text does not follow the coordinate notation.
    Syntax {
        /// The text read.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Well formed, but not a legal move in the position.
    Illegal {
        /// The text read.
        text: String,
    },
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Syntax { text, reason } => write!(
                f,
                "\"{text}\" is not a move: {reason} (write e2e4, a7a8q, c3e5xd4, a1b1>a1 or f1i1+j1h1)"
            ),
            MoveParseError::Illegal { text } => {
                write!(f, "{text} is not a legal move in this position")
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

/// The coordinate notation of a move.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, legal_moves, move_to_string};
/// let mut moves = Vec::new();
/// legal_moves(&Position::start(), &mut moves);
/// let names: Vec<String> = moves.iter().map(|&m| move_to_string(m)).collect();
/// assert!(names.contains(&"j1i1>j1".to_string()));
/// assert!(names.contains(&"b1d3".to_string()));
/// ```
pub fn move_to_string(mv: Move) -> String {
    let mut s = String::with_capacity(10);
    push_square(&mut s, mv.from);
    push_square(&mut s, mv.to);
    if let Some(k) = mv.promotion() {
        s.push(k.letter().to_ascii_lowercase());
    }
    if let Some(c) = mv.capture_square() {
        s.push('x');
        push_square(&mut s, c);
    }
    if let Some((a, b)) = mv.second() {
        if mv.is_push() {
            s.push('>');
            push_square(&mut s, b);
        } else {
            s.push('+');
            push_square(&mut s, a);
            push_square(&mut s, b);
        }
    }
    s
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&move_to_string(*self))
    }
}

/// Parses the notation into a move without looking at a position (only the form is
/// checked). Use [`parse_move`] to get a legal move.
///
/// # Examples
/// ```
/// use tensor_chess::{parse_move_text, parse_square};
/// let m = parse_move_text("c3e5xd4").unwrap();
/// assert_eq!(m.capture_square(), parse_square("d4"));
/// assert!(parse_move_text("e2e9").is_err());
/// ```
pub fn parse_move_text(text: &str) -> Result<Move, MoveParseError> {
    let err = |reason| MoveParseError::Syntax {
        text: text.to_string(),
        reason,
    };
    if !text.is_ascii() {
        return Err(err("only ASCII letters and digits are used"));
    }
    let t = text.trim();
    if t.len() < 4 {
        return Err(err("a move starts with two squares"));
    }
    let sq = |s: &str| parse_square(s).ok_or_else(|| err("squares run from a1 to j8"));
    let from = sq(&t[0..2])?;
    let to = sq(&t[2..4])?;
    let mut rest = &t[4..];
    let mut promotion = None;
    if let Some(c) = rest
        .chars()
        .next()
        .filter(|c| c.is_ascii_alphabetic() && *c != 'x')
    {
        let kind = Kind::from_letter(c)
            .filter(|k| !matches!(k, Kind::King | Kind::Pawn))
            .ok_or_else(|| err("promotion letters are q, r, b, n and t"))?;
        promotion = Some(kind);
        rest = &rest[1..];
    }
    let mut capture: Option<Square> = None;
    let mut second = None;
    if let Some(tail) = rest.strip_prefix('x') {
        capture = Some(sq(tail
            .get(0..2)
            .ok_or_else(|| err("'x' is followed by a square"))?)?);
        rest = &tail[2..];
    } else if let Some(tail) = rest.strip_prefix('>') {
        let b = sq(tail
            .get(0..2)
            .ok_or_else(|| err("'>' is followed by a square"))?)?;
        second = Some((to, b));
        rest = &tail[2..];
    } else if let Some(tail) = rest.strip_prefix('+') {
        let a = sq(tail
            .get(0..2)
            .ok_or_else(|| err("'+' is followed by two squares"))?)?;
        let b = sq(tail
            .get(2..4)
            .ok_or_else(|| err("'+' is followed by two squares"))?)?;
        if a == to {
            return Err(err(
                "a castling rook cannot start on the king's landing square",
            ));
        }
        second = Some((a, b));
        rest = &tail[4..];
    }
    if !rest.is_empty() {
        return Err(err("unexpected text after the move"));
    }
    Move::from_parts(from, to, promotion, capture, second).map_err(|_| err("malformed move"))
}

/// Parses a move in coordinate notation and checks it is legal in `pos`.
///
/// # Examples
/// ```
/// use tensor_chess::{Position, parse_move};
/// let pos = Position::start();
/// assert!(parse_move(&pos, "b2b4").is_ok());
/// assert!(parse_move(&pos, "b1b3").is_ok());     // straight jump over the pawn
/// assert!(parse_move(&pos, "a1b1").is_err());    // the rook must push its monster
/// assert!(parse_move(&pos, "hello").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let wanted = parse_move_text(text)?;
    let mut moves = Vec::with_capacity(64);
    legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .find(|&m| m == wanted)
        .ok_or_else(|| MoveParseError::Illegal {
            text: text.trim().to_string(),
        })
}

impl std::str::FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        parse_move_text(s)
    }
}
