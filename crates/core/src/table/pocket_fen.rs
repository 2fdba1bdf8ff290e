//! Pockets in the position string, as Fairy-Stockfish writes them: the pieces in hand
//! in brackets after the board (`.../RNBQKBNR[QPqp] w KQkq - 0 1`, White's in capitals,
//! `[-]` or `[]` for none), and a promoted piece followed by `~` (`1Q~6`). lichess's
//! and shakmaty's form, the pocket as one rank more on a 2D board
//! (`.../Kpp5/8/Qp b - - 0 1`), is read too.

use super::drops::Drops;
use super::forms::Forms;
use crate::geometry::{Shape, Square};
use crate::piece::Color;
use crate::position::{FenError, FenErrorKind, Position};
use crate::rules::VariantInfo;

/// Reads a position string of a variant with drops: pockets and `~` marks are taken out
/// of the board field, the rest is read by `inner`, and they are put back in.
pub(super) fn parse(
    drops: &Drops,
    forms: &Forms,
    info: &VariantInfo,
    text: &str,
    inner: impl Fn(&str) -> Result<Position, FenError>,
) -> Result<Position, FenError> {
    if !drops.hands && !forms.active {
        return inner(text);
    }
    let text = text.trim_start();
    let board_end = text.find(char::is_whitespace).unwrap_or(text.len());
    let (field, rest) = text.split_at(board_end);
    let (board, pocket) = match field.find('[') {
        None => ninth_rank_pocket(info, field),
        Some(at) => {
            let Some(inside) = field[at + 1..].strip_suffix(']') else {
                return Err(FenError {
                    kind: FenErrorKind::Board,
                    column: at + 1,
                    message: "the pieces in hand are written in brackets at the end of the \
                              board, like [QPqp]"
                        .into(),
                });
            };
            (&field[..at], inside)
        }
    };
    let (plain, marked) = strip_marks(info, forms, board)?;
    let mut pos = inner(&format!("{plain}{rest}"))?;
    if !drops.hands {
        return Ok(pos);
    }
    pos.enable_pockets();
    let squares = letter_squares(&info.shape, &plain);
    for i in marked {
        if let Some(&(_, sq)) = squares.get(i) {
            pos.put_promoted(sq, true);
        }
    }
    let column = board.len() + 2;
    for c in pocket.chars() {
        if c == '-' {
            continue;
        }
        let kind = info
            .kind_by_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| FenError {
                kind: FenErrorKind::UnknownPiece,
                column,
                message: format!("'{c}' in hand is not a piece of this variant"),
            })?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let n = pos.in_hand(color, kind);
        pos.set_in_hand(color, kind, n.saturating_add(1));
    }
    Ok(pos)
}

/// lichess and shakmaty write a 2D board's pockets as one rank more than the board has
/// (`4k3/.../8/Qp` or an empty last rank): the board and that pocket; else the field
/// as it is, with no pocket.
fn ninth_rank_pocket<'a>(info: &VariantInfo, field: &'a str) -> (&'a str, &'a str) {
    let shape = &info.shape;
    if shape.axes() != 2 || field.matches('/').count() != shape.sizes()[1] as usize {
        return (field, "");
    }
    match field.rsplit_once('/') {
        Some((board, pocket)) if pocket.chars().all(|c| c.is_ascii_alphabetic()) => (board, pocket),
        _ => (field, ""),
    }
}

/// The board field without its marks: `~` after a promoted piece's letter (the indices
/// of those letters are returned) and `+` before an unpromoted letter (replaced by the
/// promoted form's own letter).
fn strip_marks(
    info: &VariantInfo,
    forms: &Forms,
    board: &str,
) -> Result<(String, Vec<usize>), FenError> {
    let mut plain = String::with_capacity(board.len());
    let mut marked = Vec::new();
    let mut letters = 0usize;
    let mut plus = false;
    for c in board.chars() {
        if c == '+' {
            plus = true;
        } else if plus {
            plus = false;
            let form = info
                .kind_by_letter(c)
                .and_then(|k| forms.promoted_of(k))
                .ok_or_else(|| FenError {
                    kind: FenErrorKind::UnknownPiece,
                    column: 1,
                    message: format!("'+{c}': that piece has no promoted form in this variant"),
                })?;
            let l = info.pieces[form.index()].letter;
            plain.push(if c.is_ascii_uppercase() {
                l.to_ascii_uppercase()
            } else {
                l.to_ascii_lowercase()
            });
            letters += 1;
        } else if c == '~' {
            marked.push(letters.wrapping_sub(1));
        } else {
            if c.is_ascii_alphabetic() {
                letters += 1;
            }
            plain.push(c);
        }
    }
    Ok((plain, marked))
}

/// Writes the `~` marks and the pockets into a position string `inner` wrote.
pub(super) fn format(
    drops: &Drops,
    forms: &Forms,
    info: &VariantInfo,
    pos: &Position,
    inner: String,
) -> String {
    if !(forms.active || drops.hands && pos.has_pockets()) {
        return inner;
    }
    let board_end = inner.find(' ').unwrap_or(inner.len());
    let (board, rest) = inner.split_at(board_end);
    let mut out = board.to_string();
    for &(at, sq) in letter_squares(&info.shape, board).iter().rev() {
        if pos.is_promoted(sq) {
            out.insert(at + 1, '~');
        }
        let base = pos
            .piece_at(sq)
            .and_then(|p| Some((p, forms.base.get(p.kind().index()).copied().flatten()?)));
        if let Some((p, base)) = base {
            let letter = info.pieces[base.index()].letter_for(p.color());
            out.replace_range(at..at + 1, &format!("+{letter}"));
        }
    }
    if !drops.hands {
        out.push_str(rest);
        return out;
    }
    out.push('[');
    for color in Color::ALL {
        for &k in drops.kinds() {
            let letter = info.pieces[k.index()].letter_for(color);
            for _ in 0..pos.in_hand(color, k) {
                out.push(letter);
            }
        }
    }
    out.push(']');
    out.push_str(rest);
    out
}

/// Each piece letter of a board field (without marks or pockets): its byte index and
/// the square it stands for, in the order FEN lists squares.
fn letter_squares(shape: &Shape, board: &str) -> Vec<(usize, Square)> {
    let [_, sy, sz, _] = shape.sizes();
    let mut out = Vec::new();
    let mut at = 0usize;
    for (slab, part) in board.split('|').enumerate() {
        let (z, w) = ((slab % sz as usize) as u8, (slab / sz as usize) as u8);
        for (ri, rank) in part.split('/').enumerate() {
            let y = (sy as usize).saturating_sub(1 + ri) as u8;
            let mut x = 0usize;
            let mut run = 0usize;
            for (i, c) in rank.char_indices() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                x += run;
                run = 0;
                if let Some(sq) = shape.square([x as u8, y, z, w]) {
                    out.push((at + i, sq));
                }
                x += 1;
            }
            at += rank.len() + 1;
        }
    }
    out
}
