//! Gating (S-Chess, Fairy-Stockfish's `seirawan` and `shouse`): a piece in hand enters
//! the board on the square a piece of the side's first rank leaves on its first move
//! — the king's or the rook's square when castling — as part of that move.
//!
//! The position keeps each side's *gates*: the first-rank squares whose piece has not
//! moved yet (`Position::gates`, one bit per square of [`Gating`]'s numbering). A gate
//! closes when its piece moves or is taken, and, where captures do not go to hand
//! (S-Chess), all of a side's gates close once its hand is empty.
//!
//! A gating move is the board move with `promotion` set to the kind that enters, on a
//! piece that is not a pawn (pawns never gate, and a gating variant has no shogi
//! forms, so a promotion on any other piece is always a gate). The piece enters on
//! `from`: castling with the piece entering on the rook's square is written with the
//! rook as the main piece (`from`, `to`) and the king as the second. Coordinate
//! notation is Fairy-Stockfish's UCI: `b1c3h`, `e1g1e` (on the king's square).
//!
//! As in Fairy-Stockfish, a gating move is legal exactly when the same move without
//! the gate is: the piece that enters is not counted as shielding its king.
//!
//! In the position string the castling field carries the gates as file letters after
//! each side's castling letters, White's in capitals (`KQABCDEFGHkqabcdefgh`); a right
//! `K`/`Q` also opens the gates of its king and rook. On boards of three or four axes
//! a gate is its file letter and its square's bracket (`B[0,1]`). Gates are written
//! while the side has pieces in hand (always, where captures go to hand).

use super::{TableRules, VariantError};
use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{FenError, FenErrorKind, Position, Undo};
use crate::rules::VariantInfo;

/// A variant's gating rule, as a variant file gives it (`[gating]`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GatingDef {
    /// Pieces in hand may enter on the squares first-rank pieces leave.
    pub enabled: bool,
}

/// "No gate" in [`Gating::bit`].
const NO_GATE: u8 = u8::MAX;

/// The compiled gating rule.
#[derive(Clone, Debug, Default)]
pub(super) struct Gating {
    pub(super) active: bool,
    /// By colour: the gate squares, bit `i` of a side's gates being `squares[c][i]`.
    squares: [Vec<Square>; 2],
    /// By square: its gate bit for each colour (`NO_GATE`: none).
    bit: Vec<[u8; 2]>,
    /// All of a side's gates close once its hand is empty (captures do not go to hand).
    close_when_empty: bool,
}

impl Gating {
    /// Compiles the rule: the gate squares are each side's first rank (Y = 0 for
    /// White, the last rank for Black), at most 64 of them.
    pub(super) fn new(
        def: &GatingDef,
        info: &VariantInfo,
        captures_to_hand: bool,
        forms: bool,
    ) -> Result<Gating, VariantError> {
        if !def.enabled {
            return Ok(Gating::default());
        }
        let bad = |reason: &str| VariantError::BadRegion {
            name: "gating".into(),
            reason: reason.into(),
        };
        if forms {
            return Err(bad(
                "gating and shogi promoted forms ([forms]) cannot be combined",
            ));
        }
        let shape = &info.shape;
        let last = shape.sizes()[1] - 1;
        let mut bit = vec![[NO_GATE; 2]; shape.len()];
        let squares = Color::ALL.map(|color| {
            let y = if color == Color::White { 0 } else { last };
            shape
                .squares()
                .filter(|&sq| shape.coords(sq)[1] == y)
                .collect::<Vec<_>>()
        });
        for color in Color::ALL {
            let list = &squares[color.index()];
            if list.len() > 64 {
                return Err(bad("a side's first rank has more than 64 squares"));
            }
            for (i, sq) in list.iter().enumerate() {
                bit[sq.index()][color.index()] = i as u8;
            }
        }
        Ok(Gating {
            active: true,
            squares,
            bit,
            close_when_empty: !captures_to_hand,
        })
    }

    /// The bit of `sq` among `color`'s gates (0 when it is no gate square).
    #[inline]
    fn mask(&self, color: Color, sq: Square) -> u64 {
        match self.bit.get(sq.index()).map(|b| b[color.index()]) {
            Some(b) if b != NO_GATE => 1 << b,
            _ => 0,
        }
    }

    /// The squares of `color`'s open gates, in square order.
    fn open(&self, pos: &Position, color: Color) -> impl Iterator<Item = Square> + '_ {
        let gates = pos.gates(color);
        self.squares[color.index()]
            .iter()
            .enumerate()
            .filter(move |(i, _)| gates & (1 << i) != 0)
            .map(|(_, &sq)| sq)
    }
}

/// Adds the gating moves to `out`, which holds the side to move's legal board moves:
/// each move from an open gate once more per kind in hand that may enter there.
pub(super) fn generate(rules: &TableRules, pos: &Position, out: &mut Vec<Move>) {
    let g = &rules.gating;
    let us = pos.side_to_move();
    let gates = pos.gates(us);
    if gates == 0 {
        return;
    }
    let mut hand = [PieceKind(0); crate::piece::MAX_KINDS];
    let mut n = 0;
    for &k in rules.drops.kinds() {
        if pos.in_hand(us, k) > 0 {
            hand[n] = k;
            n += 1;
        }
    }
    if n == 0 {
        return;
    }
    let hand = &hand[..n];
    for i in 0..out.len() {
        let m = out[i];
        if m.is_drop() || m.promotion.is_some() {
            continue;
        }
        let Some(p) = pos.piece_at(m.from).filter(|p| !rules.is_pawn(*p)) else {
            continue;
        };
        if gates & g.mask(us, m.from) != 0 {
            for &k in hand {
                if rules.drops.may_place(rules, us, k, m.from) {
                    out.push(m.with_promotion(k));
                }
            }
        }
        // Castling: the piece may also enter on the rook's square.
        if let Some((rook_from, rook_to)) = m.second
            && rules.is_royal(p)
            && gates & g.mask(us, rook_from) != 0
        {
            for &k in hand {
                if rules.drops.may_place(rules, us, k, rook_from) {
                    out.push(
                        Move::new(rook_from, rook_to)
                            .with_second(m.from, m.to)
                            .with_promotion(k),
                    );
                }
            }
        }
    }
}

/// The piece a move gates in, when it is a gating move: its kind and square.
#[inline]
pub(super) fn gate_of(rules: &TableRules, pos: &Position, mv: Move) -> Option<(PieceKind, Square)> {
    let k = mv.promotion?;
    if mv.is_drop() {
        return None;
    }
    let p = pos.piece_at(mv.from)?;
    (!rules.is_pawn(p)).then_some((k, mv.from))
}

/// After a board move's squares are set: the gated piece enters (out of hand), a
/// king that castled as the second piece is recorded, and the gates the move closed
/// are closed. `capture_sq` is where a captured piece stood.
pub(super) fn after_board_move(
    rules: &TableRules,
    pos: &mut Position,
    undo: &mut Undo,
    mv: Move,
    gate: Option<(PieceKind, Square)>,
    capture_sq: Square,
) {
    let g = &rules.gating;
    let us = pos.side_to_move();
    if let Some((k, sq)) = gate {
        pos.set(undo, sq, Some(Piece::new(k, us)));
        pos.change_hand(undo, us, k, -1);
    }
    let mut ours = pos.gates(us) & !g.mask(us, mv.from);
    if let Some((f2, t2)) = mv.second {
        ours &= !g.mask(us, f2);
        if pos.piece_at(t2).is_some_and(|p| rules.is_royal(p)) {
            pos.set_king(us, Some(t2));
        }
    }
    if g.close_when_empty && rules.drops.kinds().iter().all(|&k| pos.in_hand(us, k) == 0) {
        ours = 0;
    }
    pos.change_gates(undo, us, ours);
    let theirs = pos.gates(!us) & !g.mask(!us, mv.to) & !g.mask(!us, capture_sq);
    pos.change_gates(undo, !us, theirs);
}

/// The castling field's index among a position string's fields.
const CASTLING_FIELD: usize = 2;

/// Takes the gates out of a position string's castling field: the string the rest of
/// the reader reads, and each side's gate squares.
pub(super) fn take_gates(
    rules_info: &VariantInfo,
    text: &str,
) -> Result<(String, [Vec<Square>; 2]), FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let mut gates: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    let Some(&field) = fields.get(CASTLING_FIELD) else {
        return Ok((text.to_string(), gates));
    };
    let shape = &rules_info.shape;
    let column = fields[..CASTLING_FIELD]
        .iter()
        .map(|f| f.len() + 1)
        .sum::<usize>()
        + 1;
    let err = |message: String| FenError {
        kind: FenErrorKind::Castling,
        column,
        message,
    };
    let mut kept = String::new();
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
        if rules_info.castling_letters.contains(&c)
            || !c.is_ascii_alphabetic()
            || file >= shape.sizes()[0]
        {
            kept.push(c);
            continue;
        }
        let mut coords = [file, 0, 0, 0];
        if chars.peek() == Some(&'[') {
            let bracket: String = chars.by_ref().take_while(|&c| c != ']').collect();
            for (i, part) in bracket.trim_start_matches('[').split(',').enumerate() {
                let v = part
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|_| i + 2 < shape.axes().max(2));
                coords[i + 2] =
                    v.ok_or_else(|| err(format!("gate {c}[{bracket}]: no such square")))?;
            }
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        coords[1] = if color == Color::White {
            0
        } else {
            shape.sizes()[1] - 1
        };
        let sq = shape
            .square(coords)
            .ok_or_else(|| err(format!("gate '{c}': no such square")))?;
        gates[color.index()].push(sq);
    }
    if kept.is_empty() {
        kept.push('-');
    }
    fields[CASTLING_FIELD] = &kept;
    Ok((fields.join(" "), gates))
}

/// Opens the gates a position string named, and those of each castling right's king
/// and rook; a gate whose square holds no piece of its side can never be used and is
/// left closed, as are all of a side's gates where they close with an empty hand.
pub(super) fn put_gates(rules: &TableRules, pos: &mut Position, named: &[Vec<Square>; 2]) {
    let g = &rules.gating;
    for color in Color::ALL {
        let mut squares = named[color.index()].clone();
        for (bit, c) in rules.castling.iter().enumerate() {
            if c.def.color == color && pos.castling_rights() & (1 << bit) != 0 {
                squares.extend([c.def.king_from, c.def.rook_from]);
            }
        }
        let mut gates = 0;
        // S-Chess closes a side's gates once its hand is empty.
        let empty = rules
            .drops
            .kinds()
            .iter()
            .all(|&k| pos.in_hand(color, k) == 0);
        if g.close_when_empty && empty {
            squares.clear();
        }
        for sq in squares {
            if pos.piece_at(sq).is_some_and(|p| p.color() == color) {
                gates |= g.mask(color, sq);
            }
        }
        pos.put_gates(color, gates);
    }
}

/// Writes the gates into the castling field of a position string the rest of the
/// writer wrote: after each side's castling letters, while the side has pieces in
/// hand (or captures go to hand).
pub(super) fn format(rules: &TableRules, pos: &Position, inner: String) -> String {
    let mut fields: Vec<&str> = inner.split(' ').collect();
    let Some(&field) = fields.get(CASTLING_FIELD) else {
        return inner;
    };
    let shape = &rules.info.shape;
    let mut out = String::new();
    for color in Color::ALL {
        let white = color == Color::White;
        out.extend(
            field
                .chars()
                .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white),
        );
        let has_hand = rules
            .drops
            .kinds()
            .iter()
            .any(|&k| pos.in_hand(color, k) > 0);
        if rules.gating.close_when_empty && !has_hand {
            continue;
        }
        for sq in rules.gating.open(pos, color) {
            let c = shape.coords(sq);
            let letter = (b'a' + c[0]) as char;
            out.push(if white {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
            if shape.axes() > 2 {
                let rest: Vec<String> = c[2..shape.axes()].iter().map(u8::to_string).collect();
                out.push_str(&format!("[{}]", rest.join(",")));
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    fields[CASTLING_FIELD] = &out;
    fields.join(" ")
}
