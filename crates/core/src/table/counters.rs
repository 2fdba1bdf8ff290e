//! The n-check counter: the checks each side has left to give, kept in the position
//! and written as Fairy-Stockfish writes it, `3+3` (White's, then Black's) after the
//! en-passant field: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1`.

use super::{TableRules, attacks};
use crate::piece::Color;
use crate::position::{FenError, FenErrorKind, Position};
use crate::rules::VariantInfo;

/// Reads a position string; with n-check (`checks` > 0) the counter field is read when
/// present and set to `checks` for both sides when not.
pub(super) fn parse(checks: u8, info: &VariantInfo, text: &str) -> Result<Position, FenError> {
    if checks == 0 {
        return crate::position::parse_fen(info, text);
    }
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let mut counters = [checks; 2];
    // The board field never holds the counter (and may hold '+' in other notations).
    if let Some(at) = fields.iter().skip(1).position(|f| f.contains('+')) {
        let field = fields.remove(at + 1);
        counters = read(field, checks).ok_or_else(|| {
            FenError::new(
                FenErrorKind::CheckCounter,
                text.find(field)
                    .map_or(1, |b| text[..b].chars().count() + 1),
                format!(
                    "the check counter is the checks White and Black have left, 0-{checks} \
                     each (like {checks}+{checks}), not '{field}'"
                ),
            )
        })?;
    }
    let mut pos = crate::position::parse_fen(info, &fields.join(" "))?;
    pos.set_counters(Some(counters));
    Ok(pos)
}

fn read(field: &str, checks: u8) -> Option<[u8; 2]> {
    let (w, b) = field.split_once('+')?;
    let w: u8 = w.parse().ok().filter(|&n| n <= checks)?;
    let b: u8 = b.parse().ok().filter(|&n| n <= checks)?;
    Some([w, b])
}

/// Writes a position string, with the counter field when the variant counts checks.
pub(super) fn format(checks: u8, info: &VariantInfo, pos: &Position) -> String {
    let text = crate::position::format_fen(info, pos);
    let Some([w, b]) = pos.counters().filter(|_| checks > 0) else {
        return text;
    };
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    fields.insert(4.min(fields.len()), format!("{w}+{b}"));
    fields.join(" ")
}

/// After `us` moved: one check fewer to give when the move checked the opponent.
pub(super) fn after_move(rules: &TableRules, pos: &mut Position, us: Color) {
    let Some(mut left) = pos.counters() else {
        return;
    };
    let Some(king) = pos.king(!us) else {
        return;
    };
    if attacks::attacked(rules, &|s| pos.piece_at(s), king, us, pos.castling_rights()) {
        left[us.index()] = left[us.index()].saturating_sub(1);
        pos.set_counters(Some(left));
    }
}
