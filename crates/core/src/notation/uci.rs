//! Moves as UCI writes them, once for the whole workspace (the UCI server and the
//! client to other engines both use it): from and to (`e2e4`), a promotion letter
//! (`e7e8q`), a drop as the piece, `@` and the square (`N@b1`), the null move `0000`,
//! and Fairy-Stockfish's forms for the rest: a shogi promotion `+` (`e6e7+`) and the
//! way back `-` (kyoto shogi), a pawn promoting where it stands (`g3g3f`, sittuyin), a
//! pass (`e2e2`, janggi), a piece gated in (S-Chess) as a promotion letter (`b1c3h`,
//! `e1g1e`, and `h1e1e` entering on the rook's square). Castling is the king's own move
//! (`e1g1`), or in Chess960 mode king takes rook (`e1h1`); en passant is the pawn's own
//! move. Captures away from the landing square and second pieces are left out: the
//! position tells them.
//!
//! [`UciMove`] is the text's meaning before a position is known; [`UciMove::of`] writes
//! a legal move, [`find_uci_move`] finds the legal move a [`UciMove`] names.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::{MoveParseError, MoveParseErrorKind, Rules};
use std::fmt::{self, Write};

/// What follows a board move's two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciSuffix {
    /// Nothing.
    None,
    /// A promotion (or a gated piece) of this kind, written as its lowercase letter.
    Piece(PieceKind),
    /// A shogi promotion to the piece's promoted form: `+`.
    Promote,
    /// A promoted piece turning back (kyoto shogi): `-`.
    Demote,
}

/// A move in UCI text, read but not yet matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A piece on `from` goes to `to` (castling: the king's landing square, or the
    /// rook's in Chess960 mode), with what follows.
    Board {
        /// The start square.
        from: Square,
        /// The landing square as written.
        to: Square,
        /// A promotion, gate or form change.
        suffix: UciSuffix,
    },
    /// A piece of `kind` from hand put on `to`: `N@b1`.
    Put {
        /// The kind dropped.
        kind: PieceKind,
        /// Where it is put.
        to: Square,
    },
    /// The null move, `0000`.
    Null,
}

impl UciMove {
    /// The UCI form of `mv`, legal in `pos`; `chess960` writes castling as king takes
    /// rook (always so where the rules castle from any array).
    pub fn of<R: Rules + ?Sized>(rules: &R, pos: &Position, mv: Move, chess960: bool) -> UciMove {
        let info = rules.info();
        let chess960 = chess960 || rules.chess960_castling();
        let mover = pos.piece_at(mv.from);
        let royal = |sq: Square| {
            pos.piece_at(sq)
                .and_then(|p| info.pieces.get(p.kind().index()))
                .is_some_and(|p| p.royal)
        };
        let kind = mv.kind(info, pos);
        let to = match (kind, mv.second) {
            (MoveKind::Drop(k), _) => return UciMove::Put { kind: k, to: mv.to },
            (MoveKind::Castle, Some((rook, _))) if chess960 && royal(mv.from) => rook,
            // S-Chess castling with a piece gated in on the rook's square: the rook's
            // square, then the king's (Fairy-Stockfish's `h1e1e`).
            (MoveKind::Castle, Some((king, _)))
                if !royal(mv.from) && royal(king) && mv.promotion.is_some() =>
            {
                king
            }
            _ => mv.to,
        };
        let suffix = match (mv.promotion, mover) {
            (None, _) => UciSuffix::None,
            (Some(k), Some(p)) if rules.promoted_form(p.kind()) == Some(k) => UciSuffix::Promote,
            (Some(k), Some(p)) if rules.promoted_form(k) == Some(p.kind()) => UciSuffix::Demote,
            (Some(k), _) => UciSuffix::Piece(k),
        };
        UciMove::Board {
            from: mv.from,
            to,
            suffix,
        }
    }

    /// Reads UCI move text (no position needed): `e2e4`, `e7e8q`, `e6e7+`, `N@b1`,
    /// `+L@a2` (a promoted form dropped, kyoto shogi), `0000`. Square names of boards
    /// beyond 2D are read too (`a2[0,0]a3[0,0]`).
    pub fn parse<R: Rules + ?Sized>(rules: &R, text: &str) -> Result<UciMove, MoveParseError> {
        let info = rules.info();
        let t = text.trim();
        let err = |kind, why: &str| Err(MoveParseError::new(kind, text, why));
        if t.len() > 64 {
            return err(MoveParseErrorKind::TooLong, "too long for a move");
        }
        if t == "0000" {
            return Ok(UciMove::Null);
        }
        let shape = &info.shape;
        let square_err = |e: crate::SquareParseError| {
            MoveParseError::new(MoveParseErrorKind::Square(e.kind), text, e.reason)
        };
        if let Some((letter, square)) = t.split_once('@') {
            let (plus, letter) = match letter.strip_prefix('+') {
                Some(base) => (true, base),
                None => (false, letter),
            };
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return err(
                    MoveParseErrorKind::Unreadable,
                    "a drop is one piece letter, '@' and a square, like N@b1",
                );
            };
            let kind = info
                .kind_by_letter(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or_else(|| {
                    MoveParseError::new(
                        MoveParseErrorKind::Unreadable,
                        text,
                        format!("'{c}' is not a piece of this variant"),
                    )
                })?;
            let kind = if plus {
                rules.promoted_form(kind).ok_or_else(|| {
                    MoveParseError::new(
                        MoveParseErrorKind::Unreadable,
                        text,
                        format!("'{c}' has no promoted form in this variant"),
                    )
                })?
            } else {
                kind
            };
            let to = shape
                .parse_square(&square.to_ascii_lowercase())
                .map_err(square_err)?;
            return Ok(UciMove::Put { kind, to });
        }
        let lower = t.to_ascii_lowercase();
        let (from, used) = shape.parse_square_prefix(&lower).map_err(square_err)?;
        let (to, used2) = shape
            .parse_square_prefix(&lower[used..])
            .map_err(square_err)?;
        let rest = &lower[used + used2..];
        let suffix = match rest {
            "" => UciSuffix::None,
            "+" => UciSuffix::Promote,
            "-" => UciSuffix::Demote,
            _ => {
                let mut chars = rest.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        UciSuffix::Piece(info.kind_by_letter(c).ok_or_else(|| {
                            MoveParseError::new(
                                MoveParseErrorKind::Unreadable,
                                text,
                                format!("'{c}' is not a piece of this variant"),
                            )
                        })?)
                    }
                    _ => {
                        return err(
                            MoveParseErrorKind::Unreadable,
                            "after the two squares UCI allows a piece letter, '+' or '-'",
                        );
                    }
                }
            }
        };
        Ok(UciMove::Board { from, to, suffix })
    }

    /// Writes the move's text.
    pub fn write<R: Rules + ?Sized>(&self, rules: &R, out: &mut impl Write) -> fmt::Result {
        let info = rules.info();
        let letter = |k: PieceKind| info.pieces.get(k.index()).map_or('?', |p| p.letter);
        match *self {
            UciMove::Null => out.write_str("0000"),
            UciMove::Put { kind, to } => {
                // A promoted form is its base's letter after `+` (`+L@a2`).
                match base_of(rules, kind) {
                    Some(base) => {
                        out.write_char('+')?;
                        out.write_char(letter(base).to_ascii_uppercase())?;
                    }
                    None => out.write_char(letter(kind).to_ascii_uppercase())?,
                }
                out.write_char('@')?;
                info.shape.write_square(to, out)
            }
            UciMove::Board { from, to, suffix } => {
                info.shape.write_square(from, out)?;
                info.shape.write_square(to, out)?;
                match suffix {
                    UciSuffix::None => Ok(()),
                    UciSuffix::Piece(k) => out.write_char(letter(k).to_ascii_lowercase()),
                    UciSuffix::Promote => out.write_char('+'),
                    UciSuffix::Demote => out.write_char('-'),
                }
            }
        }
    }

    /// The move's text.
    pub fn text<R: Rules + ?Sized>(&self, rules: &R) -> String {
        let mut s = String::with_capacity(8);
        let _ = self.write(rules, &mut s);
        s
    }
}

/// The kind whose promoted form `kind` is, if any.
fn base_of<R: Rules + ?Sized>(rules: &R, kind: PieceKind) -> Option<PieceKind> {
    (0..rules.info().pieces.len())
        .map(|k| PieceKind(k as u8))
        .find(|&b| rules.promoted_form(b) == Some(kind))
}

/// The legal moves of `pos` that `want` names, castling in either form (king's move,
/// king takes rook); the null move names a pass where the variant has one.
fn matches<R: Rules + ?Sized>(rules: &R, pos: &Position, want: UciMove) -> Vec<Move> {
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    let info = rules.info();
    legal.retain(|&m| {
        let pass = want == UciMove::Null && m.kind(info, pos) == MoveKind::Pass;
        pass || UciMove::of(rules, pos, m, false) == want
            || UciMove::of(rules, pos, m, true) == want
    });
    legal
}

/// The legal move of `pos` that `want` names, or why there is none, in words.
pub fn find_uci_move<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    want: UciMove,
) -> Result<Move, MoveParseError> {
    let info = rules.info();
    let text = want.text(rules);
    let found = matches(rules, pos, want);
    if let [one] = found[..] {
        return Ok(one);
    }
    let name = |sq| info.shape.square_name(sq);
    let side = pos.side_to_move();
    let (kind, why) = match want {
        _ if found.len() > 1 => {
            let options: Vec<String> = found.iter().map(|&m| rules.format_move(pos, m)).collect();
            (
                MoveParseErrorKind::Ambiguous,
                format!(
                    "it names {} legal moves: {}",
                    found.len(),
                    options.join(", ")
                ),
            )
        }
        UciMove::Null => (
            MoveParseErrorKind::CannotMove,
            format!("{side} cannot pass here (0000 is the null move)"),
        ),
        UciMove::Put { kind, to } => {
            let piece = info
                .pieces
                .get(kind.index())
                .map_or("piece", |p| p.name.as_str());
            let why = if !pos.has_pockets() {
                "this variant has no pieces in hand".to_string()
            } else if pos.in_hand(side, kind) == 0 {
                format!("{side} has no {piece} in hand")
            } else {
                format!("{side} cannot put a {piece} on {}", name(to))
            };
            (MoveParseErrorKind::CannotMove, why)
        }
        UciMove::Board { from, to, .. } => match pos.piece_at(from) {
            None => (
                MoveParseErrorKind::NoPiece,
                format!("there is no piece on {}", name(from)),
            ),
            Some(p) if p.color() != side => (
                MoveParseErrorKind::NotYourPiece,
                format!("the piece on {} is not {side}'s", name(from)),
            ),
            Some(_) => (
                MoveParseErrorKind::CannotMove,
                format!(
                    "the piece on {} cannot make that move to {}",
                    name(from),
                    name(to)
                ),
            ),
        },
    };
    Err(MoveParseError::new(
        kind,
        &text,
        format!("not a legal move here: {why}"),
    ))
}

/// The legal move of `pos` that `text` names: its UCI form, else the rules' own
/// notation (coordinate notation such as `e1g1+h1f1` or `e6e7t` is still read).
///
/// ```
/// # use chess4d_core::{Rules, parse_uci_move};
/// # fn demo(rules: &dyn Rules) {
/// let pos = rules.start_position();
/// let mv = parse_uci_move(rules, &pos, "e2e4").unwrap();
/// # }
/// ```
pub fn parse_uci_move<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    text: &str,
) -> Result<Move, MoveParseError> {
    let uci = UciMove::parse(rules, text).and_then(|u| find_uci_move(rules, pos, u));
    match uci {
        Ok(m) => Ok(m),
        Err(e) => rules.parse_move(pos, text).map_err(|_| e),
    }
}

/// `mv` (legal in `pos`) in UCI text; the rules' own notation instead when another
/// legal move has the same UCI text (a variant whose moves UCI cannot tell apart).
pub fn format_uci_move<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    mv: Move,
    chess960: bool,
) -> String {
    let uci = UciMove::of(rules, pos, mv, chess960);
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    let shared = legal
        .iter()
        .any(|&m| m != mv && UciMove::of(rules, pos, m, chess960) == uci);
    if shared {
        rules.format_move(pos, mv)
    } else {
        uci.text(rules)
    }
}
