//! Square names: `e4` on 8x8, `c3[2]` on 5x5x5, `a1[0,1]` on 4x4x2x2.

use super::{Shape, Square};
use std::fmt::{self, Write};

/// What kind of problem a square name has, as a value to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SquareParseErrorKind {
    /// It does not start with a file letter.
    NoFile,
    /// The file letter is beyond the board.
    FileOffBoard,
    /// No rank number follows the file.
    NoRank,
    /// The rank number is beyond the board.
    RankOffBoard,
    /// A board of three or four axes needs the bracketed coordinates.
    NoBrackets,
    /// A bracketed coordinate is missing or not a number.
    NoCoordinate,
    /// A bracketed coordinate is beyond the board.
    CoordinateOffBoard,
    /// A `,` or `]` is missing.
    Separator,
    /// Something follows a whole square name.
    TrailingText,
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareParseError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
    /// What kind of problem it is.
    pub kind: SquareParseErrorKind,
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad square '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for SquareParseError {}

impl Shape {
    /// Writes the name of a square into `out` (no allocation besides `out`'s growth).
    pub fn write_square(&self, sq: Square, out: &mut impl Write) -> fmt::Result {
        let c = self.coords(sq);
        out.write_char((b'a' + c[0]) as char)?;
        if self.axes() >= 2 {
            write!(out, "{}", c[1] as u32 + 1)?;
        }
        if self.axes() >= 3 {
            out.write_char('[')?;
            for (i, v) in c[2..self.axes()].iter().enumerate() {
                if i > 0 {
                    out.write_char(',')?;
                }
                write!(out, "{v}")?;
            }
            out.write_char(']')?;
        }
        Ok(())
    }

    /// The name of a square.
    pub fn square_name(&self, sq: Square) -> String {
        let mut s = String::with_capacity(8);
        let _ = self.write_square(sq, &mut s);
        s
    }

    /// Reads a whole square name.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_core::Shape;
    /// let chess = Shape::new(&[8, 8]).unwrap();
    /// assert_eq!(chess.coords(chess.parse_square("e4").unwrap()), [4, 3, 0, 0]);
    /// assert!(chess.parse_square("i9").is_err());
    /// ```
    pub fn parse_square(&self, text: &str) -> Result<Square, SquareParseError> {
        match self.parse_square_prefix(text) {
            Ok((sq, used)) if used == text.len() => Ok(sq),
            Ok((_, used)) => Err(SquareParseError {
                text: text.to_string(),
                reason: format!("unexpected '{}' after the square", &text[used..]),
                kind: SquareParseErrorKind::TrailingText,
            }),
            Err(e) => Err(e),
        }
    }

    /// Reads a square name at the start of `text`; returns it and the bytes used.
    pub fn parse_square_prefix(&self, text: &str) -> Result<(Square, usize), SquareParseError> {
        use SquareParseErrorKind as K;
        let err = |kind: SquareParseErrorKind, reason: String| SquareParseError {
            text: text.to_string(),
            reason,
            kind,
        };
        let bytes = text.as_bytes();
        let mut coords = [0u8; 4];
        let file = match bytes.first() {
            Some(b) if b.is_ascii_lowercase() => b - b'a',
            _ => {
                return Err(err(
                    K::NoFile,
                    "a square starts with a file letter a-z".into(),
                ));
            }
        };
        if file >= self.sizes[0] {
            return Err(err(
                K::FileOffBoard,
                format!(
                    "file '{}' is off the board (files a-{})",
                    bytes[0] as char,
                    (b'a' + self.sizes[0] - 1) as char
                ),
            ));
        }
        coords[0] = file;
        let mut pos = 1;
        if self.axes() >= 2 {
            let start = pos;
            while pos < bytes.len() && bytes[pos].is_ascii_digit() && pos - start < 4 {
                pos += 1;
            }
            let rank: u32 = text[start..pos]
                .parse()
                .map_err(|_| err(K::NoRank, "a rank number must follow the file".into()))?;
            if rank == 0 || rank > self.sizes[1] as u32 {
                return Err(err(
                    K::RankOffBoard,
                    format!("rank {rank} is off the board (ranks 1-{})", self.sizes[1]),
                ));
            }
            coords[1] = (rank - 1) as u8;
        }
        if self.axes() >= 3 {
            if bytes.get(pos) != Some(&b'[') {
                return Err(err(
                    K::NoBrackets,
                    format!(
                        "this board has {} axes: write the square as {}",
                        self.axes(),
                        if self.axes() == 3 { "a1[z]" } else { "a1[z,w]" }
                    ),
                ));
            }
            pos += 1;
            #[allow(clippy::needless_range_loop)] // the axis number is needed for messages
            for axis in 2..self.axes() {
                let start = pos;
                while pos < bytes.len() && bytes[pos].is_ascii_digit() && pos - start < 4 {
                    pos += 1;
                }
                let v: u32 = text[start..pos].parse().map_err(|_| {
                    err(
                        K::NoCoordinate,
                        "a number must stand in the brackets".into(),
                    )
                })?;
                if v >= self.sizes[axis] as u32 {
                    return Err(err(
                        K::CoordinateOffBoard,
                        format!(
                            "{} = {v} is off the board ({} runs 0-{})",
                            super::Axis::ALL[axis].letter(),
                            super::Axis::ALL[axis].letter(),
                            self.sizes[axis] - 1
                        ),
                    ));
                }
                coords[axis] = v as u8;
                let sep = if axis + 1 < self.axes() { b',' } else { b']' };
                if bytes.get(pos) != Some(&sep) {
                    return Err(err(K::Separator, format!("expected '{}'", sep as char)));
                }
                pos += 1;
            }
        }
        let sq = self
            .square(coords)
            .ok_or_else(|| err(K::CoordinateOffBoard, "off the board".into()))?;
        Ok((sq, pos))
    }
}
