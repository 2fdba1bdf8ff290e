//! Position strings: FEN extended to four axes (boards separated by `|`).

use super::Position;
use super::check::{PositionError, PositionErrorKind};
use crate::geometry::Square;
use crate::piece::{Color, Piece, PieceKind};
use crate::rules::VariantInfo;
use std::fmt::{self, Write};

/// What kind of problem a position string has, as a value to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The string is empty.
    Empty,
    /// More than six fields, or a field too long to read.
    Fields,
    /// The board field: boards, ranks or squares do not add up.
    Board,
    /// A letter that names no piece of the variant.
    UnknownPiece,
    /// The side to move is not `w` or `b`.
    SideToMove,
    /// The castling field cannot be read.
    Castling,
    /// The en-passant field cannot be read.
    EnPassant,
    /// A clock field is not a number in range.
    Clock,
    /// The check counter of an n-check variant (`3+3`) cannot be read.
    CheckCounter,
    /// The string reads, but the position cannot occur: see the [`PositionErrorKind`].
    Impossible(PositionErrorKind),
    /// The variant's own reader (a rule plugin) refused the string.
    Refused,
}

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// 1-based character column where the problem is.
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
    /// What kind of problem it is.
    pub kind: FenErrorKind,
}

impl FenError {
    /// An error of `kind` at a column.
    pub fn new(kind: FenErrorKind, column: usize, message: impl Into<String>) -> FenError {
        FenError {
            column,
            message: message.into(),
            kind,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::new(FenErrorKind::Impossible(e.kind), 1, e.message)
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            FenErrorKind::Impossible(_) => write!(f, "impossible position: {}", self.message),
            _ => write!(
                f,
                "position string, column {}: {}",
                self.column, self.message
            ),
        }
    }
}

impl std::error::Error for FenError {}

fn fail<T>(kind: FenErrorKind, column: usize, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(kind, column, message))
}

/// Reads a position string for a variant.
pub(crate) fn parse(info: &VariantInfo, text: &str) -> Result<Position, FenError> {
    let shape = info.shape;
    let mut pos = Position::empty(shape);
    // Split into fields, remembering each field's starting column.
    let mut fields: Vec<(usize, &str)> = Vec::with_capacity(6);
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((s, &text[s..]));
    }
    let col = |byte: usize| text[..byte].chars().count() + 1;
    if fields.is_empty() {
        return fail(FenErrorKind::Empty, 1, "the position string is empty");
    }
    if fields.len() > 6 {
        return fail(
            FenErrorKind::Fields,
            col(fields[6].0),
            "more than six fields",
        );
    }
    let (board_at, board) = fields[0];
    parse_board(info, &mut pos, board, board_at, &col)?;

    let side = match fields.get(1) {
        None => Color::White,
        Some((_, "w")) => Color::White,
        Some((_, "b")) => Color::Black,
        Some((at, other)) => {
            return fail(
                FenErrorKind::SideToMove,
                col(*at),
                format!("side to move must be 'w' or 'b', not '{other}'"),
            );
        }
    };
    pos.set_side_to_move(side);

    if let Some(&(at, castling)) = fields.get(2) {
        let mut rights = 0u32;
        if castling != "-" {
            for (i, c) in castling.char_indices() {
                match info.castling_letters.iter().position(|&l| l == c) {
                    Some(bit) if bit < 32 && rights & (1 << bit) == 0 => rights |= 1 << bit,
                    Some(_) => {
                        return fail(
                            FenErrorKind::Castling,
                            col(at + i),
                            format!("castling right '{c}' given twice"),
                        );
                    }
                    None if info.castling_letters.is_empty() => {
                        return fail(
                            FenErrorKind::Castling,
                            col(at + i),
                            "this variant has no castling: write '-'",
                        );
                    }
                    None => {
                        let known: String = info.castling_letters.iter().collect();
                        return fail(
                            FenErrorKind::Castling,
                            col(at + i),
                            format!("unknown castling right '{c}' (this variant has {known})"),
                        );
                    }
                }
            }
        }
        pos.set_castling_rights(rights);
    }

    if let Some(&(at, ep)) = fields.get(3)
        && ep != "-"
    {
        if !info.en_passant {
            return fail(
                FenErrorKind::EnPassant,
                col(at),
                "this variant has no en passant: write '-'",
            );
        }
        let sq = shape
            .parse_square(ep)
            .map_err(|e| FenError::new(FenErrorKind::EnPassant, col(at), e.to_string()))?;
        pos.set_en_passant(Some(sq));
    }

    if let Some(&(at, half)) = fields.get(4) {
        let n: u16 = half.parse().map_err(|_| {
            FenError::new(
                FenErrorKind::Clock,
                col(at),
                format!("half-move clock must be a number 0-65535, not '{half}'"),
            )
        })?;
        pos.set_halfmove_clock(n);
    }
    if let Some(&(at, full)) = fields.get(5) {
        let n: u32 = full.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            FenError::new(
                FenErrorKind::Clock,
                col(at),
                format!("full-move number must be a number from 1, not '{full}'"),
            )
        })?;
        pos.set_fullmove_number(n);
    }
    Ok(pos)
}

fn parse_board(
    info: &VariantInfo,
    pos: &mut Position,
    board: &str,
    at: usize,
    col: &dyn Fn(usize) -> usize,
) -> Result<(), FenError> {
    let shape = info.shape;
    let [sx, sy, sz, sw] = shape.sizes();
    let slabs = sz as usize * sw as usize;
    let parts: Vec<&str> = board.split('|').collect();
    if parts.len() != slabs {
        return fail(
            FenErrorKind::Board,
            col(at),
            format!(
                "this {shape} board is written as {slabs} board(s) separated by '|', found {}",
                parts.len()
            ),
        );
    }
    let mut offset = at;
    for (slab, part) in parts.iter().enumerate() {
        let z = (slab % sz as usize) as u8;
        let w = (slab / sz as usize) as u8;
        let ranks: Vec<&str> = part.split('/').collect();
        if ranks.len() != sy as usize {
            return fail(
                FenErrorKind::Board,
                col(offset),
                format!(
                    "board {} has {} rank(s), expected {sy}",
                    slab + 1,
                    ranks.len()
                ),
            );
        }
        let mut rank_at = offset;
        for (ri, rank) in ranks.iter().enumerate() {
            let y = sy as usize - 1 - ri;
            let mut x: usize = 0;
            let mut chars = rank.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c as usize - '0' as usize;
                    while let Some(&(_, d)) = chars.peek() {
                        if !d.is_ascii_digit() {
                            break;
                        }
                        n = n
                            .saturating_mul(10)
                            .saturating_add(d as usize - '0' as usize);
                        chars.next();
                    }
                    if n == 0 {
                        return fail(
                            FenErrorKind::Board,
                            col(rank_at + i),
                            "an empty run must be at least 1",
                        );
                    }
                    x = x.saturating_add(n);
                } else {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = info
                        .pieces
                        .iter()
                        .position(|p| p.letter.eq_ignore_ascii_case(&c) && c.is_ascii_alphabetic())
                        .ok_or_else(|| {
                            FenError::new(
                                FenErrorKind::UnknownPiece,
                                col(rank_at + i),
                                format!("'{c}' is not a piece of this variant"),
                            )
                        })?;
                    if x >= sx as usize {
                        return fail(
                            FenErrorKind::Board,
                            col(rank_at + i),
                            format!("rank has more than {sx} squares"),
                        );
                    }
                    let sq = shape.square([x as u8, y as u8, z, w]).ok_or_else(|| {
                        FenError::new(FenErrorKind::Board, col(rank_at + i), "off the board")
                    })?;
                    let piece = Piece::new(PieceKind(kind as u8), color);
                    pos.put(sq, Some(piece));
                    if info.pieces[kind].royal && pos.king(color).is_none() {
                        pos.set_king(color, Some(sq));
                    }
                    x += 1;
                }
                if x > sx as usize {
                    return fail(
                        FenErrorKind::Board,
                        col(rank_at + i),
                        format!("rank has more than {sx} squares"),
                    );
                }
            }
            if x != sx as usize {
                return fail(
                    FenErrorKind::Board,
                    col(rank_at + rank.len()),
                    format!(
                        "rank {} of board {} has {x} squares, expected {sx}",
                        y + 1,
                        slab + 1
                    ),
                );
            }
            rank_at += rank.len() + 1;
        }
        offset += part.len() + 1;
    }
    Ok(())
}

/// Writes a position string for a variant.
pub(crate) fn format(info: &VariantInfo, pos: &Position) -> String {
    let shape = pos.shape();
    let [sx, sy, sz, sw] = shape.sizes();
    let mut out = String::with_capacity(96);
    for w in 0..sw {
        for z in 0..sz {
            if z + w > 0 {
                out.push('|');
            }
            for y in (0..sy).rev() {
                let mut empty = 0;
                for x in 0..sx {
                    let sq = shape.square([x, y, z, w]).unwrap_or(Square(0));
                    match pos.piece_at(sq) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                let _ = write!(out, "{empty}");
                                empty = 0;
                            }
                            let letter =
                                info.pieces.get(p.kind().index()).map_or('?', |i| i.letter);
                            out.push(match p.color() {
                                Color::White => letter.to_ascii_uppercase(),
                                Color::Black => letter.to_ascii_lowercase(),
                            });
                        }
                    }
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                }
                if y > 0 {
                    out.push('/');
                }
            }
        }
    }
    out.push(' ');
    out.push(pos.side_to_move().fen_char());
    out.push(' ');
    let rights = pos.castling_rights();
    let before = out.len();
    for (bit, &l) in info.castling_letters.iter().enumerate() {
        if rights.checked_shr(bit as u32).unwrap_or(0) & 1 != 0 {
            out.push(l);
        }
    }
    if out.len() == before {
        out.push('-');
    }
    out.push(' ');
    match pos.en_passant() {
        Some(sq) => {
            let _ = shape.write_square(sq, &mut out);
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {} {}", pos.halfmove_clock(), pos.fullmove_number());
    out
}
