//! Warnings found by playing the built rules: a piece alone on the board shows where it
//! can go (and, on a board full of enemies, what it can take), which tells whether it
//! moves at all, whether pawns ever move and whether they can reach promotion.

use super::raw::Doc;
use super::{Finding, Kind};
use chess4d_core::{Color, Move, Piece, PieceKind, Position, Rules, Square, TableRules};
use std::collections::VecDeque;

/// Every warning that needs the built rules.
pub(super) fn warnings(doc: &Doc, rules: &TableRules) -> Vec<Finding> {
    let mut out = Vec::new();
    let info = rules.info();
    let raw = doc.pieces();
    let start = rules.start_position();
    let promotion = doc.promotion_letters();
    for (k, piece) in info.pieces.iter().enumerate() {
        let kind = PieceKind(k as u8);
        let Some(span) = raw
            .iter()
            .find(|p| p.letter == Some(piece.letter))
            .map(|p| p.span.clone())
        else {
            continue;
        };
        let white = Piece::new(kind, Color::White);
        // A board where the piece stands alone may already be a finished game (losers:
        // the side with no other piece has won); nothing is known of its moves there.
        let here =
            |sq: Square| !moves_from(rules, white, sq).is_empty() || ended_alone(rules, white, sq);
        if !info.shape.squares().any(here) {
            out.push(doc.at(
                Kind::NoMoves,
                span,
                format!(
                    "piece '{}' ({}) has no move from any square of this {} board",
                    piece.letter, piece.name, info.shape
                ),
            ));
            continue;
        }
        // Pieces in hand play too: they are dropped (placement, sittuyin) or gated in.
        let in_start = start.pieces().any(|(_, p)| p.kind() == kind)
            || Color::ALL.iter().any(|&c| start.in_hand(c, kind) > 0);
        if !piece.royal && !in_start && !promotion.contains(&piece.letter) {
            out.push(doc.at(
                Kind::UnusedPiece,
                span.clone(),
                format!(
                    "piece '{}' ({}) is neither in the start position nor a promotion choice: it never plays",
                    piece.letter, piece.name
                ),
            ));
        }
        if piece.pawn {
            out.extend(pawn_warnings(doc, rules, &start, kind, span));
        }
    }
    out.extend(double_step_unreachable(doc, rules, &start));
    out
}

/// `double_step_rank` (or `double_step_region`) where no pawn of the start position
/// ever stands able to step two squares: the rule is never played (a rank counted from
/// the wrong side, or beyond the pawns' reach).
fn double_step_unreachable(doc: &Doc, rules: &TableRules, start: &Position) -> Option<Finding> {
    let section = doc.section("rules")?;
    let (key, value) = ["double_step_rank", "double_step_region"]
        .iter()
        .find_map(|k| super::raw::entry(section, k))?;
    let info = rules.info();
    let pawns: Vec<(Square, Piece)> = start
        .pieces()
        .filter(|(_, p)| info.pieces[p.kind().index()].pawn)
        .collect();
    if pawns.is_empty() {
        return None; // "has no effect: no piece has `pawn = true`" says it already
    }
    let wrap = rules.board_look().wrap;
    // Where a lone pawn has already ended the game (extinction) nothing is known.
    if pawns
        .iter()
        .any(|&(sq, p)| ended_alone(rules, p, sq) || reaches_long_step(rules, p, sq, wrap))
    {
        return None;
    }
    let shape = info.shape;
    let ranks: Vec<String> = {
        let mut r: Vec<u8> = pawns
            .iter()
            .filter(|(_, p)| p.color() == Color::White)
            .map(|&(sq, _)| shape.coords(sq)[1] + 1)
            .collect();
        r.sort_unstable();
        r.dedup();
        r.iter().map(u8::to_string).collect()
    };
    let start_ranks = if ranks.is_empty() {
        String::new()
    } else {
        format!(" (white pawns start on rank {})", ranks.join(", "))
    };
    let written = doc.text.get(value.span()).unwrap_or("?");
    Some(doc.at(
        Kind::Unreachable,
        key.span(),
        format!(
            "{} = {written}: no pawn ever stands where it may step two squares{start_ranks}, so the double step is never played; the rank counts from each side's own first rank",
            key.get_ref()
        ),
    ))
}

/// Whether the piece, moving alone from `from`, ever makes a move of two or more
/// squares along an axis that does not wrap (a double step).
fn reaches_long_step(rules: &TableRules, piece: Piece, from: Square, wrap: u8) -> bool {
    let shape = rules.info().shape;
    let mut seen = vec![false; shape.len()];
    let mut queue = VecDeque::from([from]);
    seen[from.index()] = true;
    while let Some(sq) = queue.pop_front() {
        for m in moves_from(rules, piece, sq) {
            let (a, b) = (shape.coords(m.from), shape.coords(m.to));
            if (0..4).any(|i| wrap & (1 << i) == 0 && a[i].abs_diff(b[i]) >= 2) {
                return true;
            }
            if !seen[m.to.index()] {
                seen[m.to.index()] = true;
                queue.push_back(m.to);
            }
        }
    }
    false
}

/// A pawn that cannot move from its start square, or that can never promote.
fn pawn_warnings(
    doc: &Doc,
    rules: &TableRules,
    start: &Position,
    kind: PieceKind,
    span: std::ops::Range<usize>,
) -> Option<Finding> {
    let info = rules.info();
    let letter = info.pieces[kind.index()].letter;
    let promotes = !doc.promotion_letters().is_empty();
    for (sq, p) in start.pieces().filter(|(_, p)| p.kind() == kind) {
        if ended_alone(rules, p, sq) {
            continue;
        }
        let name = info.shape.square_name(sq);
        let who = if p.color() == Color::White {
            "white"
        } else {
            "black"
        };
        let first = moves_from(rules, p, sq);
        if first.is_empty() {
            return Some(doc.at(
                Kind::PawnStuck,
                span,
                format!(
                    "the {who} pawn ('{letter}') on {name} can never move, even on an empty board"
                ),
            ));
        }
        if promotes && !reaches_promotion(rules, p, sq) {
            return Some(doc.at(
                Kind::NeverPromotes,
                span,
                format!(
                    "the {who} pawn ('{letter}') on {name} can never reach a square where it promotes (see `promotion_axes`)"
                ),
            ));
        }
    }
    if !promotes && start.pieces().any(|(_, p)| p.kind() == kind) {
        return Some(doc.at(
            Kind::NeverPromotes,
            span,
            format!(
                "pawns ('{letter}') never promote: `[rules] promotion` lists no piece, so a pawn on the last rank stays there"
            ),
        ));
    }
    None
}

/// Whether the piece, moving alone (and taking whatever it may), reaches a move that
/// promotes.
fn reaches_promotion(rules: &TableRules, piece: Piece, from: Square) -> bool {
    let mut seen = vec![false; rules.info().shape.len()];
    let mut queue = VecDeque::from([from]);
    seen[from.index()] = true;
    while let Some(sq) = queue.pop_front() {
        for m in moves_from(rules, piece, sq) {
            if m.promotion.is_some() {
                return true;
            }
            if !seen[m.to.index()] {
                seen[m.to.index()] = true;
                queue.push_back(m.to);
            }
        }
    }
    false
}

/// The piece's moves from a square on an empty board, and its captures on a board full
/// of enemy pieces (no king on either, so nothing limits them).
/// Whether a rule of the variant (not checkmate or stalemate) has ended the game when
/// `piece` stands alone on `sq`.
fn ended_alone(rules: &TableRules, piece: Piece, sq: Square) -> bool {
    let mut pos = Position::empty(rules.info().shape);
    pos.put(sq, Some(piece));
    pos.set_side_to_move(piece.color());
    matches!(rules.status(&pos), chess4d_core::Status::Ended { .. })
}

fn moves_from(rules: &TableRules, piece: Piece, sq: Square) -> Vec<Move> {
    let info = rules.info();
    let shape = info.shape;
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut pos = Position::empty(shape);
    pos.put(sq, Some(piece));
    pos.set_side_to_move(piece.color());
    rules.legal_moves(&pos, &mut moves);
    out.extend(moves.iter().filter(|m| m.from == sq));
    let target = info
        .pieces
        .iter()
        .position(|p| !p.royal)
        .map(|k| Piece::new(PieceKind(k as u8), !piece.color()));
    if let Some(enemy) = target {
        for s in shape.squares().filter(|&s| s != sq) {
            pos.put(s, Some(enemy));
        }
        rules.legal_moves(&pos, &mut moves);
        out.extend(moves.iter().filter(|m| m.from == sq));
    }
    out
}
