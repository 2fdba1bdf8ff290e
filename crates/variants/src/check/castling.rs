//! Castling options against the start position: the king square holds that side's
//! king, and the partner square the piece the option castles with (`piece = "R"`, or
//! the rook when the variant has one).

use super::raw::{Doc, Table, array, color, entry, one_letter, string};
use super::{Finding, Kind};
use chess4d_core::{Color, Piece, Position, Shape, Square, VariantInfo};
use std::ops::Range;

/// Checks every `[[castling]]` table.
pub(super) fn check(doc: &Doc, out: &mut Vec<Finding>) {
    let tables = doc.sections("castling");
    if tables.is_empty() {
        return;
    }
    let Some((info, pos)) = doc.start_position() else {
        return; // the start position itself is wrong: the loader says where
    };
    for t in tables {
        check_one(doc, &info, &pos, t, out);
    }
}

fn check_one(doc: &Doc, info: &VariantInfo, pos: &Position, t: &Table, out: &mut Vec<Finding>) {
    let shape = info.shape;
    let letter = entry(t, "letter")
        .and_then(|(_, v)| string(v))
        .unwrap_or("?");
    let Some(side) = entry(t, "color")
        .and_then(|(_, v)| string(v))
        .and_then(color)
    else {
        return;
    };
    let who = side_name(side);
    let first_square = |key: &str| -> Option<(Square, Range<usize>)> {
        let (_, v) = entry(t, key)?;
        let first = array(v)?.first()?;
        let sq = shape.parse_square(string(first)?).ok()?;
        Some((sq, first.span()))
    };
    // The list's second square, and what its first and second look like swapped: a
    // slip that must not be answered with advice that makes another piece castle.
    let second_square = |key: &str| -> Option<Square> {
        let (_, v) = entry(t, key)?;
        shape.parse_square(string(array(v)?.get(1)?)?).ok()
    };
    let swapped = |key: &str, from: Square, to: Square| {
        format!(
            "; from and to look swapped: the piece moves from {to} to {from}, so write `{key} = [\"{to}\", \"{from}\"]`",
            from = shape.square_name(from),
            to = shape.square_name(to),
        )
    };
    if let Some((sq, span)) = first_square("king") {
        let holds = pos.piece_at(sq);
        // Without a royal kind (giveaway, extinction) the castling "king" is the piece
        // on that square, royal or not.
        let any_royal = info.pieces.iter().any(|p| p.royal);
        if !holds.is_some_and(|p| {
            p.color() == side && (!any_royal || info.pieces[p.kind().index()].royal)
        }) {
            let king = pos
                .pieces()
                .find(|(_, p)| p.color() == side && info.pieces[p.kind().index()].royal)
                .map(|(s, _)| shape.square_name(s));
            let actual = match king {
                Some(k) => format!("the {who} king starts on {k}"),
                None => format!("{who} has no king in the start position"),
            };
            let hint = second_square("king")
                .filter(|&to| {
                    pos.piece_at(to).is_some_and(|p| {
                        p.color() == side && (!any_royal || info.pieces[p.kind().index()].royal)
                    })
                })
                .map(|to| swapped("king", sq, to))
                .unwrap_or_default();
            out.push(doc.at(
                Kind::CastlingKing,
                span,
                format!(
                    "castling '{letter}': {} {}; {actual}{hint}",
                    shape.square_name(sq),
                    describe(info, holds)
                ),
            ));
        }
    }
    let partner = match entry(t, "piece") {
        Some((_, v)) => {
            let named = string(v)
                .and_then(one_letter)
                .map(|c| c.to_ascii_uppercase());
            match named.and_then(|c| info.kind_by_letter(c).map(|k| (c, k))) {
                Some(p) => Some(p),
                None => {
                    out.push(doc.at(
                        Kind::CastlingPartner,
                        v.span(),
                        format!(
                            "castling '{letter}': `piece` names a piece letter of this variant ({})",
                            letters(info)
                        ),
                    ));
                    return;
                }
            }
        }
        None => info.kind_by_letter('R').map(|k| ('R', k)),
    };
    let Some((sq, span)) = first_square("rook") else {
        return;
    };
    let holds = pos.piece_at(sq);
    let ok = holds.is_some_and(|p| {
        p.color() == side
            && !info.pieces[p.kind().index()].royal
            && partner.is_none_or(|(_, k)| p.kind() == k)
    });
    if ok {
        return;
    }
    let wanted = match partner {
        Some((c, k)) => {
            let starts = starting_squares(&shape, pos, Piece::new(k, side));
            let name = &info.pieces[k.index()].name;
            let at = if starts.is_empty() {
                format!("no {who} {name} starts anywhere")
            } else {
                format!("{who} {name}s ({c}) start on {}", starts.join(", "))
            };
            format!("not the {who} {name} ({c}) it castles with; {at}")
        }
        None => format!("not a {who} piece to castle with"),
    };
    let partner_on = |to: Square| {
        pos.piece_at(to).is_some_and(|p| {
            p.color() == side
                && !info.pieces[p.kind().index()].royal
                && partner.is_none_or(|(_, k)| p.kind() == k)
        })
    };
    let hint = match holds {
        _ if second_square("rook").is_some_and(partner_on) => {
            second_square("rook").map_or_else(String::new, |to| swapped("rook", sq, to))
        }
        Some(p) if p.color() == side && !info.pieces[p.kind().index()].royal => format!(
            "; to castle with it, add `piece = \"{}\"`",
            info.pieces[p.kind().index()].letter
        ),
        _ => String::new(),
    };
    out.push(doc.at(
        Kind::CastlingPartner,
        span,
        format!(
            "castling '{letter}': {} {}, {wanted}{hint}",
            shape.square_name(sq),
            describe(info, holds)
        ),
    ));
}

/// "is empty", "holds a white bishop (B)".
fn describe(info: &VariantInfo, p: Option<Piece>) -> String {
    match p {
        None => "is empty".into(),
        Some(p) => {
            let i = &info.pieces[p.kind().index()];
            format!("holds a {} {} ({})", side_name(p.color()), i.name, i.letter)
        }
    }
}

/// Where a piece stands in a position, by square name.
fn starting_squares(shape: &Shape, pos: &Position, piece: Piece) -> Vec<String> {
    pos.pieces()
        .filter(|&(_, p)| p == piece)
        .map(|(s, _)| shape.square_name(s))
        .collect()
}

/// "K, Q, R".
pub(super) fn letters(info: &VariantInfo) -> String {
    info.pieces
        .iter()
        .map(|p| p.letter.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// "white" or "black", as the file writes it.
fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}
