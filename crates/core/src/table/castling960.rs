//! Castling from any start array (Chess960, Capablanca random): the king, wherever it
//! stands on its castling line, castles with the castling piece of any file, the right
//! naming that piece's file (see [`super::file_rights`]). The king ends on the file the
//! variant names for its side of the line (g or c in chess), the rook beside it, inside.
//!
//! As Fairy-Stockfish rules it: every square between king and rook and their landing
//! squares must be empty (but for themselves); the king may not be in check, nor may any
//! square from its start (exclusive) to its landing square be attacked on the board as
//! it stands; and its landing square may not be attacked once the rook has left.
//!
//! Position strings read `KQkq` (the outermost castling piece on that side, X-FEN) and
//! file letters (Shredder-FEN, X-FEN's inner rooks); they are written with file letters,
//! king's side first, as Fairy-Stockfish writes them.

use super::attacks::attacked;
use super::{TableRules, VariantError};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, PieceKind};
use crate::position::{FenError, FenErrorKind, Position};
use crate::rules::VariantInfo;

/// Castling from any start array, as a variant describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling960Def {
    /// The files (0 = a) where the king ends: castling towards the last file, then
    /// towards the first (`[6, 2]`, g and c, in chess).
    pub king_files: [u8; 2],
    /// The letter of the piece the king castles with (`R`).
    pub piece: char,
}

/// The compiled rule.
#[derive(Clone, Debug, Default)]
pub(super) struct Castling960 {
    pub(super) active: bool,
    king_files: [u8; 2],
    piece: Option<PieceKind>,
}

impl Castling960 {
    /// Checks the rule against the board and the pieces.
    pub(super) fn new(
        def: Option<&Castling960Def>,
        info: &VariantInfo,
    ) -> Result<Self, VariantError> {
        let Some(def) = def else {
            return Ok(Castling960::default());
        };
        let bad = |reason: String| VariantError::BadCastling {
            letter: def.piece,
            reason,
        };
        let width = info.shape.sizes()[0];
        for (i, &x) in def.king_files.iter().enumerate() {
            // The rook lands beside the king, inside: that file must exist too.
            let inside_ok = if i == 0 { x >= 1 } else { x + 1 < width };
            if x >= width || !inside_ok {
                return Err(bad(format!(
                    "the king's castling file {} leaves no room for the rook on a board of {width} files",
                    (b'a' + x.min(25)) as char
                )));
            }
        }
        let piece = info
            .kind_by_letter(def.piece)
            .filter(|k| info.pieces.get(k.index()).is_some_and(|p| !p.royal))
            .ok_or_else(|| bad(format!("no non-royal piece '{}' to castle with", def.piece)))?;
        Ok(Castling960 {
            active: true,
            king_files: def.king_files,
            piece: Some(piece),
        })
    }

    /// Where king and rook end when castling towards higher files (`side` 0) or lower.
    fn landing(&self, side: usize) -> (u8, u8) {
        let king = self.king_files[side];
        let rook = if side == 0 { king - 1 } else { king + 1 };
        (king, rook)
    }
}

/// The side of the line a rook on file `rook` is on, seen from a king on `king`.
fn side_of(king: u8, rook: u8) -> usize {
    usize::from(rook < king)
}

/// Adds the castling moves of `us`, whose royal piece stands on `king` and is not in
/// check.
pub(super) fn moves(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    king: Square,
    out: &mut Vec<Move>,
) {
    let fr = &rules.file_rights;
    let rights = pos.castling_rights() & fr.side_mask(us);
    if rights == 0 {
        return;
    }
    let Some(kx) = fr.file_of(us, king) else {
        return;
    };
    for rx in fr.files(rights, us) {
        if let Some(m) = castling(rules, pos, us, (king, kx), rx) {
            out.push(m);
        }
    }
}

/// The castling move with the piece on file `rx`, if it is legal.
fn castling(
    rules: &TableRules,
    pos: &Position,
    us: Color,
    (king, kx): (Square, u8),
    rx: u8,
) -> Option<Move> {
    let fr = &rules.file_rights;
    let c = &rules.castling960;
    let rook = fr.square(us, rx)?;
    let piece = pos.piece_at(rook)?;
    if piece.color() != us || Some(piece.kind()) != c.piece || rx == kx {
        return None;
    }
    let (kt, rt) = c.landing(side_of(kx, rx));
    let (king_to, rook_to) = (fr.square(us, kt)?, fr.square(us, rt)?);
    let lo = kx.min(rx).min(kt).min(rt);
    let hi = kx.max(rx).max(kt).max(rt);
    let blocked = (lo..=hi)
        .filter_map(|x| fr.square(us, x))
        .any(|sq| sq != king && sq != rook && pos.piece_at(sq).is_some());
    if blocked {
        return None;
    }
    let them = !us;
    let board = |s: Square| pos.piece_at(s);
    let mut x = kx;
    while x != kt {
        x = if kt > x { x + 1 } else { x - 1 };
        if attacked(
            rules,
            &board,
            fr.square(us, x)?,
            them,
            pos.castling_rights(),
        ) {
            return None;
        }
    }
    let rook_gone = |s: Square| if s == rook { None } else { pos.piece_at(s) };
    if attacked(rules, &rook_gone, king_to, them, pos.castling_rights()) {
        return None;
    }
    Some(Move::new(king, king_to).with_second(rook, rook_to))
}

/// Why `color`'s right on file `x` cannot be used, if it cannot: the king must be on
/// its line off that file, the castling piece on it, and no other right on that side.
pub(super) fn usable(
    rules: &TableRules,
    pos: &Position,
    color: Color,
    x: u8,
    on_it: Option<PieceKind>,
) -> Result<(), String> {
    let fr = &rules.file_rights;
    let king = pos.king(color).and_then(|k| fr.file_of(color, k));
    let Some(kx) = king.filter(|&k| k != x) else {
        return Err(format!(
            "{color}'s king is not on its castling line beside it"
        ));
    };
    if on_it.is_none() || on_it != rules.castling960.piece {
        return Err(format!("{color} has no castling piece on that file"));
    }
    let side = side_of(kx, x);
    let rights = pos.castling_rights();
    if fr
        .files(rights, color)
        .any(|o| o != x && o != kx && side_of(kx, o) == side)
    {
        return Err("two castling rights on one side of the king".into());
    }
    Ok(())
}

/// A position string with `-` for its castling field.
pub(super) fn without_rights(text: &str) -> String {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if let Some(f) = fields.get_mut(2) {
        *f = "-";
    }
    fields.join(" ")
}

/// Reads a position string: the castling field after the rest (the letters `KQkq`
/// find the outermost castling piece, so the board comes first).
pub(super) fn read(
    rules: &TableRules,
    text: &str,
    inner: impl Fn(&str) -> Result<Position, FenError>,
) -> Result<Position, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&field) = fields.get(2) else {
        return inner(text);
    };
    let column = text
        .find(field)
        .map_or(1, |b| text[..b].chars().count() + 1);
    fields[2] = "-";
    let mut pos = inner(&fields.join(" "))?;
    if field == "-" {
        return Ok(pos);
    }
    let mut rights = 0u32;
    for (i, c) in field.chars().enumerate() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let x = file_named(rules, &pos, color, c).ok_or_else(|| {
            FenError::new(
                FenErrorKind::Castling,
                column + i,
                format!(
                    "castling right '{c}' names no castling piece: write K, Q or a file letter \
                     (capitals for White)"
                ),
            )
        })?;
        rights = with_right(rules, &pos, rights, color, x);
    }
    pos.set_castling_rights(rights);
    Ok(pos)
}

/// The file a castling letter names: `K`/`Q` the outermost castling piece towards the
/// last or first file, else the file's letter.
fn file_named(rules: &TableRules, pos: &Position, color: Color, c: char) -> Option<u8> {
    let fr = &rules.file_rights;
    let mine = |x: &u8| {
        fr.square(color, *x)
            .and_then(|sq| pos.piece_at(sq))
            .is_some_and(|p| p.color() == color && Some(p.kind()) == rules.castling960.piece)
    };
    match c.to_ascii_uppercase() {
        'K' => (0..fr.width()).rev().find(mine),
        'Q' => (0..fr.width()).find(mine),
        f if f.is_ascii_uppercase() && (f as u8 - b'A') < fr.width() => Some(f as u8 - b'A'),
        _ => None,
    }
}

/// `rights` with `color`'s right on file `x` added; as Fairy-Stockfish reads it, a
/// later right on the same side of the king replaces an earlier one.
fn with_right(rules: &TableRules, pos: &Position, rights: u32, color: Color, x: u8) -> u32 {
    let fr = &rules.file_rights;
    let mut rights = rights;
    if let Some(kx) = pos.king(color).and_then(|k| fr.file_of(color, k)) {
        for o in fr.files(rights, color).collect::<Vec<_>>() {
            if o != kx && x != kx && side_of(kx, o) == side_of(kx, x) {
                rights &= !fr.bit(color, o);
            }
        }
    }
    rights | fr.bit(color, x)
}

/// The castling field as Fairy-Stockfish writes it: per side the king's side first,
/// each right its file's letter (`HAha`); `-` for none.
pub(super) fn field(rules: &TableRules, pos: &Position) -> String {
    let fr = &rules.file_rights;
    let rights = pos.castling_rights();
    let mut out = String::new();
    for color in Color::ALL {
        let base = if color == Color::White { b'A' } else { b'a' };
        let kx = pos
            .king(color)
            .and_then(|k| fr.file_of(color, k))
            .unwrap_or(0);
        let mut files: Vec<u8> = fr.files(rights, color).collect();
        files.sort_by_key(|&x| (side_of(kx, x), std::cmp::Reverse(x)));
        out.extend(files.into_iter().map(|x| (base + x) as char));
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// A written position string with its castling field replaced by [`field`].
pub(super) fn format(rules: &TableRules, pos: &Position, text: String) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    if let Some(f) = fields.get_mut(2) {
        *f = field(rules, pos);
    }
    fields.join(" ")
}
