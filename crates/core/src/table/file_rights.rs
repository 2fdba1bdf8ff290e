//! Rights by file: each side's castling line (the line along X through its king's start
//! square, its back rank in chess) carries one right per file, lost as soon as a piece
//! moves from or onto that square. Position strings name them by file letter, capitals
//! for White, as Shredder-FEN does (`HAha`, Cambodian chess's `DEde`).
//!
//! Two rules use them: castling from any start array ([`super::castling960`]), where
//! a right names the rook's file, and movements only an unmoved piece may use (the
//! Cambodian king's leap and the met's double step), where it names the piece's own.
//! The bits of [`Position::castling_rights`] are White's files from bit 0, then
//! Black's: a board of up to 16 files fits.

use super::{TableRules, VariantDef, VariantError};
use crate::geometry::{Shape, Square};
use crate::piece::Color;
use crate::position::{Position, PositionError, PositionErrorKind};

/// The most files a board with rights by file may have (two sides in 32 bits).
const MAX_FILES: u8 = 16;

/// The compiled rights by file of a variant.
#[derive(Clone, Debug, Default)]
pub(super) struct FileRights {
    /// Whether the variant has rights by file at all.
    pub(super) active: bool,
    /// The number of files (squares along X) of a castling line.
    width: u8,
    /// By colour, by file: the squares of its castling line.
    line: [Vec<Square>; 2],
    /// By square: the rights a move from or onto it takes away.
    lost: Vec<u32>,
}

impl FileRights {
    /// The rights by file of a variant that asks for them (castling from any start
    /// array, or a movement for unmoved pieces): each side's line runs through its
    /// royal piece's square in the start position.
    pub(super) fn new(
        def: &VariantDef,
        start: &Position,
        royal: &[bool],
    ) -> Result<FileRights, VariantError> {
        if !wanted(def) {
            return Ok(FileRights::default());
        }
        let bad = |reason: String| VariantError::BadCastling {
            letter: '-',
            reason,
        };
        if !def.castling.is_empty() {
            return Err(bad(
                "castling options by square and rights by file do not mix: keep one".into(),
            ));
        }
        let shape = def.shape;
        let width = shape.sizes()[0];
        if width > MAX_FILES {
            return Err(bad(format!(
                "rights by file need a board of at most {MAX_FILES} files"
            )));
        }
        let mut line: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            let king = start
                .pieces()
                .find(|(_, p)| p.color() == color && royal[p.kind().index()])
                .map(|(sq, _)| sq)
                .ok_or_else(|| {
                    bad(format!(
                        "{color} has no king in the start position to set its castling line"
                    ))
                })?;
            line[color.index()] = line_through(&shape, king);
        }
        let mut lost = vec![0u32; shape.len()];
        for color in Color::ALL {
            for (x, sq) in line[color.index()].iter().enumerate() {
                lost[sq.index()] |= bit(width, color, x as u8);
            }
        }
        Ok(FileRights {
            active: true,
            width,
            line,
            lost,
        })
    }

    /// The rights a move from or onto `sq` takes away.
    #[inline]
    pub(super) fn lost_at(&self, sq: Square) -> u32 {
        self.lost.get(sq.index()).copied().unwrap_or(0)
    }

    /// Every right of `color`.
    #[inline]
    pub(super) fn side_mask(&self, color: Color) -> u32 {
        let files = (1u32 << self.width) - 1;
        files << (color.index() as u32 * self.width as u32)
    }

    /// The right of `color` on file `x`.
    #[inline]
    pub(super) fn bit(&self, color: Color, x: u8) -> u32 {
        bit(self.width, color, x)
    }

    /// The square of file `x` on `color`'s line.
    #[inline]
    pub(super) fn square(&self, color: Color, x: u8) -> Option<Square> {
        self.line[color.index()].get(x as usize).copied()
    }

    /// The file of `sq` on `color`'s line, if it is on it.
    #[inline]
    pub(super) fn file_of(&self, color: Color, sq: Square) -> Option<u8> {
        self.line[color.index()]
            .iter()
            .position(|&s| s == sq)
            .map(|x| x as u8)
    }

    /// Whether `color` holds the right on `sq` (its piece there has not moved).
    #[inline]
    pub(super) fn holds(&self, pos: &Position, color: Color, sq: Square) -> bool {
        pos.castling_rights() & self.lost_at(sq) & self.side_mask(color) != 0
    }

    /// The files `color` holds rights on, lowest first.
    pub(super) fn files(&self, rights: u32, color: Color) -> impl Iterator<Item = u8> + '_ {
        (0..self.width).filter(move |&x| rights & self.bit(color, x) != 0)
    }

    /// The number of files of a line.
    pub(super) fn width(&self) -> u8 {
        self.width
    }
}

/// Whether a variant asks for rights by file.
fn wanted(def: &VariantDef) -> bool {
    def.castling960.is_some() || def.pieces.iter().any(|p| p.moves.iter().any(|m| m.unmoved))
}

/// The right of `color` on file `x` of a board `width` files wide.
#[inline]
fn bit(width: u8, color: Color, x: u8) -> u32 {
    1u32.checked_shl(color.index() as u32 * width as u32 + x as u32)
        .unwrap_or(0)
}

/// The squares that share every coordinate with `sq` but X, by X.
fn line_through(shape: &Shape, sq: Square) -> Vec<Square> {
    let c = shape.coords(sq);
    (0..shape.sizes()[0])
        .filter_map(|x| shape.square([x, c[1], c[2], c[3]]))
        .collect()
}

/// The position-string letters of the rights, in bit order: White's files in capitals,
/// then Black's.
pub(super) fn letters(def: &VariantDef) -> Vec<char> {
    if !wanted(def) {
        return def.castling.iter().map(|c| c.letter).collect();
    }
    let width = def.shape.sizes()[0].min(MAX_FILES);
    let files = |base: u8| (0..width).map(move |x| (base + x) as char);
    files(b'A').chain(files(b'a')).collect()
}

/// Each right belongs to a piece of its side on its square; with castling from any
/// start array, to the side's castling piece with the king on the line beside it, at
/// most one on each side of the king.
pub(super) fn check(rules: &TableRules, pos: &Position) -> Result<(), PositionError> {
    let fr = &rules.file_rights;
    let rights = pos.castling_rights();
    let all = fr.side_mask(Color::White) | fr.side_mask(Color::Black);
    if rights & !all != 0 {
        return Err(PositionError::new(
            PositionErrorKind::InvalidCastlingRights,
            "castling rights beyond the board's files",
        ));
    }
    for color in Color::ALL {
        for x in fr.files(rights, color) {
            if let Err(why) = usable(rules, pos, color, x) {
                let letter = letters_of(fr, color, x);
                return Err(PositionError::new(
                    PositionErrorKind::InvalidCastlingRights,
                    format!("castling right '{letter}': {why}"),
                ));
            }
        }
    }
    Ok(())
}

/// The letter of `color`'s right on file `x`.
fn letters_of(fr: &FileRights, color: Color, x: u8) -> char {
    let base = if color == Color::White { b'A' } else { b'a' };
    (base + x.min(fr.width)) as char
}

/// Why `color`'s right on file `x` cannot be used in `pos`, if it cannot.
fn usable(rules: &TableRules, pos: &Position, color: Color, x: u8) -> Result<(), String> {
    let fr = &rules.file_rights;
    let Some(sq) = fr.square(color, x) else {
        return Err("off the board".into());
    };
    let name = rules.info.shape.square_name(sq);
    let on_it = pos.piece_at(sq).filter(|p| p.color() == color);
    if !rules.castling960.active {
        return match on_it {
            Some(_) => Ok(()),
            None => Err(format!("{color} has no piece on {name}")),
        };
    }
    super::castling960::usable(rules, pos, color, x, on_it.map(|p| p.kind()))
}

/// The rights of `pos` that can be used: the others dropped, so that equal positions
/// hash equally.
pub(super) fn usable_rights(rules: &TableRules, pos: &Position) -> u32 {
    let fr = &rules.file_rights;
    let rights = pos.castling_rights();
    let mut kept = 0;
    for color in Color::ALL {
        for x in fr.files(rights, color) {
            if usable(rules, pos, color, x).is_ok() {
                kept |= fr.bit(color, x);
            }
        }
    }
    kept
}
