//! Passing, and the end of the game it brings (janggi):
//!
//! * **passing** — the royal piece may "move" to its own square (written `e2e2`), when
//!   not in check;
//! * **two passes in a row** end the game;
//! * **facing kings** (bikjang) — while the royal pieces face each other along an open
//!   line of one axis, the side to move must part them or pass (a pass is then allowed
//!   even in check), and a pass leaves them facing, which ends the game;
//! * **points** — such an ending is scored by counting each side's pieces at their
//!   points, Black adding a bonus; without points it is a draw.
//!
//! The position keeps the passes made in a row in its counters (a position string
//! does not carry them: a position read from one has no pass behind it, as in
//! Fairy-Stockfish). The rules are stated on lines of one axis, for boards of any axes.

use super::attacks::attacked;
use super::{TableRules, VariantError};
use crate::game::Reason;
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use crate::rules::VariantInfo;

/// Passing and its endings, as a variant describes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassingDef {
    /// The royal piece may pass.
    pub king_pass: bool,
    /// Bikjang: royal pieces facing each other must be parted, or the game ends.
    pub facing_kings: bool,
    /// Each kind's points, by letter, for scoring an ending (empty: a draw).
    pub points: Vec<(char, u16)>,
    /// Black's points besides its pieces, in tenths (janggi's 1.5 is 15).
    pub black_bonus_tenths: u16,
}

/// The compiled rules.
#[derive(Clone, Debug, Default)]
pub(super) struct Passing {
    pub(super) active: bool,
    king_pass: bool,
    facing_kings: bool,
    /// By kind: its points (none: a drawn ending).
    points: Option<Vec<u16>>,
    black_bonus_tenths: u16,
}

impl Passing {
    /// Checks the rules against the pieces.
    pub(super) fn new(
        def: &PassingDef,
        info: &VariantInfo,
        checks: u8,
    ) -> Result<Self, VariantError> {
        if !def.king_pass && !def.facing_kings {
            return Ok(Passing::default());
        }
        if checks > 0 {
            return Err(VariantError::BadEnds(
                "passing and n-check both keep counters: use one".into(),
            ));
        }
        let points = if def.points.is_empty() {
            None
        } else {
            let mut by_kind = vec![0; info.pieces.len()];
            for &(letter, value) in &def.points {
                let kind = info.kind_by_letter(letter).ok_or_else(|| {
                    VariantError::BadEnds(format!("points name '{letter}', not a piece"))
                })?;
                by_kind[kind.index()] = value;
            }
            Some(by_kind)
        };
        Ok(Passing {
            active: true,
            king_pass: def.king_pass,
            facing_kings: def.facing_kings,
            points,
            black_bonus_tenths: def.black_bonus_tenths,
        })
    }
}

/// The passes made in a row before `pos`.
fn passes(pos: &Position) -> u8 {
    pos.counters().map_or(0, |c| c[0])
}

/// Whether `mv` is a pass.
fn is_pass(mv: Move) -> bool {
    mv.from == mv.to && mv.second.is_none() && mv.capture.is_none() && !mv.is_drop()
}

/// A position read from a string: no pass behind it.
pub(super) fn after_read(passing: &Passing, pos: &mut Position) {
    if passing.active {
        pos.set_counters(Some([0, 0]));
    }
}

/// After a move: one pass more in a row, or none.
pub(super) fn after_move(pos: &mut Position, mv: Move) {
    let n = if is_pass(mv) {
        passes(pos).saturating_add(1).min(2)
    } else {
        0
    };
    pos.set_counters(Some([n, 0]));
}

/// Whether the royal pieces face each other along an open line of one axis.
pub(super) fn kings_face(rules: &TableRules, pos: &Position) -> bool {
    let (Some(a), Some(b)) = (pos.king(Color::White), pos.king(Color::Black)) else {
        return false;
    };
    let shape = &rules.info.shape;
    let (ca, cb) = (shape.coords(a), shape.coords(b));
    let mut differing = (0..4).filter(|&i| ca[i] != cb[i]);
    let (Some(axis), None) = (differing.next(), differing.next()) else {
        return false;
    };
    let mut step = [0i8; 4];
    step[axis] = if cb[axis] > ca[axis] { 1 } else { -1 };
    let mut sq = a;
    while let Some(next) = shape.offset(sq, step) {
        if next == b {
            return true;
        }
        if pos.piece_at(next).is_some() {
            return false;
        }
        sq = next;
    }
    false
}

/// Whether passing has ended the game: two passes in a row, or a pass that left the
/// royal pieces facing each other; who won and why.
pub(super) fn ended(rules: &TableRules, pos: &Position) -> Option<(Option<Color>, Reason)> {
    let pass = &rules.passing;
    let n = passes(pos);
    let reason = if n >= 2 {
        Reason::Passes
    } else if n == 1 && pass.facing_kings && kings_face(rules, pos) {
        Reason::Bikjang
    } else {
        return None;
    };
    Some((score(pass, pos), reason))
}

/// The winner by points, or a draw without them.
fn score(pass: &Passing, pos: &Position) -> Option<Color> {
    let points = pass.points.as_ref()?;
    let mut tenths = 0i64;
    for (_, p) in pos.pieces() {
        let v = i64::from(points.get(p.kind().index()).copied().unwrap_or(0)) * 10;
        tenths += if p.color() == Color::White { v } else { -v };
    }
    if tenths > i64::from(pass.black_bonus_tenths) {
        Some(Color::White)
    } else {
        Some(Color::Black)
    }
}

/// The passes [`adjust`] would add to a list of every move, for a count that lists
/// few of them (`in_check` known); `None` where the royal pieces face each other (then
/// [`adjust`] judges every move by the flying general).
pub(super) fn count(rules: &TableRules, pos: &Position, in_check: bool) -> Option<u64> {
    let pass = &rules.passing;
    if pass.facing_kings && kings_face(rules, pos) {
        return None;
    }
    let us = pos.side_to_move();
    let king = pos.king(us).filter(|&k| pos.piece_at(k).is_some());
    Some(u64::from(king.is_some() && pass.king_pass && !in_check))
}

/// The legal moves with passing's rules: with the royal pieces facing, only moves that
/// part them; and the pass, when allowed.
pub(super) fn adjust(
    rules: &TableRules,
    pos: &Position,
    all: bool,
    out: &mut Vec<Move>,
    in_check: Option<bool>,
) {
    let pass = &rules.passing;
    let us = pos.side_to_move();
    let facing = pass.facing_kings && kings_face(rules, pos);
    if facing {
        super::special::flying_general(rules, pos, out);
    }
    let Some(king) = pos.king(us).filter(|&k| pos.piece_at(k).is_some()) else {
        return;
    };
    if !all || !pass.king_pass {
        return;
    }
    let board = |s: Square| pos.piece_at(s);
    let in_check =
        || in_check.unwrap_or_else(|| attacked(rules, &board, king, !us, pos.castling_rights()));
    if facing || !in_check() {
        out.push(Move::new(king, king));
    }
}
