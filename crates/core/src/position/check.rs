//! Checked positions: what a position from outside (a position string, a set-up, a saved
//! or imported game, a plugin's answer) must satisfy before anything uses it.
//!
//! A [`Position`] itself is a plain set-up, as shakmaty's `Setup` is: code that builds one
//! on purpose (the piece explorer's lone piece, tests, a search) may make any board.
//! Positions that come from outside go through [`crate::Rules::check_position`] (which
//! [`crate::Rules::parse_position`] calls), whose default is [`check_position`] here.

use super::Position;
use crate::geometry::{Axis, Square};
use crate::piece::{Color, Piece};
use crate::rules::Rules;
use std::fmt;

/// What is wrong with a position, as a value to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// The board is not the variant's board (another shape, a piece kind it lacks).
    WrongBoard,
    /// A side has fewer royal pieces (kings) than the variant gives it.
    MissingRoyal,
    /// A side has more royal pieces than the variant gives it.
    TooManyRoyals,
    /// The side that just moved is in check: its king could be taken.
    OppositeCheck,
    /// A pawn stands where it would have had to promote.
    PawnOnPromotionSquare,
    /// The en-passant square is not one a pawn's double step could just have passed.
    InvalidEnPassant,
    /// A castling right names a king or rook that is not on its square.
    InvalidCastlingRights,
    /// The half-move clock or the move number is out of range.
    ClockOutOfRange,
    /// The variant's rules (a plugin) refused the position for a reason of their own.
    RefusedByRules,
}

impl PositionErrorKind {
    /// A short name of the kind, for messages and logs.
    pub fn describe(self) -> &'static str {
        match self {
            PositionErrorKind::WrongBoard => "wrong board",
            PositionErrorKind::MissingRoyal => "missing king",
            PositionErrorKind::TooManyRoyals => "too many kings",
            PositionErrorKind::OppositeCheck => "the side not to move is in check",
            PositionErrorKind::PawnOnPromotionSquare => "pawn on a promotion square",
            PositionErrorKind::InvalidEnPassant => "impossible en-passant square",
            PositionErrorKind::InvalidCastlingRights => "impossible castling right",
            PositionErrorKind::ClockOutOfRange => "clock out of range",
            PositionErrorKind::RefusedByRules => "refused by the rules",
        }
    }
}

/// Why a position cannot have arisen in a game of its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// What kind of problem it is.
    pub kind: PositionErrorKind,
    /// What is wrong, in words that name the square or side.
    pub message: String,
}

impl PositionError {
    /// An error of `kind` with a message.
    pub fn new(kind: PositionErrorKind, message: impl Into<String>) -> PositionError {
        PositionError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "impossible position: {}", self.message)
    }
}

impl std::error::Error for PositionError {}

/// The checks every variant shares, from what [`crate::VariantInfo`] and the rules say:
/// the board, the royal pieces (as many per side as in the start position), the side
/// not to move not in check, no pawn on the far end of the Y axis, an en-passant square
/// behind a pawn that could just have double-stepped, castling rights only while the
/// side's king stands where it started, and the clocks in range.
///
/// Rules that know more (the table rules know their castling squares, promotion zone
/// and double-step rank) check more in their own [`crate::Rules::check_position`].
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Rules, PositionErrorKind, check_position};
/// # fn demo(rules: &dyn Rules) {
/// let start = rules.start_position();
/// assert!(check_position(rules, &start).is_ok());
/// # }
/// ```
pub fn check_position<R: Rules + ?Sized>(rules: &R, pos: &Position) -> Result<(), PositionError> {
    check_board(rules, pos)?;
    check_royals(rules, pos)?;
    // On a board with a Y axis pawns advance along it; a one-axis board has no far rank
    // for the shared check to know.
    if pos.shape().axes() >= 2 {
        check_pawns(rules, pos, &|sq, color| far_end(pos, sq, color, Axis::Y))?;
    }
    check_en_passant(rules, pos, None, 0b10)?;
    check_castling_kings(rules, pos)?;
    check_clocks(rules, pos)?;
    check_opposite(rules, pos)
}

/// The board has the variant's shape and only its piece kinds.
pub(crate) fn check_board<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
) -> Result<(), PositionError> {
    let info = rules.info();
    if *pos.shape() != info.shape {
        return Err(PositionError::new(
            PositionErrorKind::WrongBoard,
            format!(
                "the position is on a {} board, the variant's is {}",
                pos.shape(),
                info.shape
            ),
        ));
    }
    if let Some((sq, p)) = pos
        .pieces()
        .find(|(_, p)| p.kind().index() >= info.pieces.len())
    {
        return Err(PositionError::new(
            PositionErrorKind::WrongBoard,
            format!(
                "the piece on {} is of kind {}, which this variant does not have",
                info.shape.square_name(sq),
                p.kind().0
            ),
        ));
    }
    Ok(())
}

fn is_royal<R: Rules + ?Sized>(rules: &R, p: Piece) -> bool {
    rules
        .info()
        .pieces
        .get(p.kind().index())
        .is_some_and(|i| i.royal)
}

fn royal_squares<R: Rules + ?Sized>(rules: &R, pos: &Position, color: Color) -> Vec<Square> {
    pos.pieces()
        .filter(|&(_, p)| p.color() == color && is_royal(rules, p))
        .map(|(sq, _)| sq)
        .collect()
}

/// Each side has as many royal pieces as the variant's start position gives it.
pub(crate) fn check_royals<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
) -> Result<(), PositionError> {
    let start = rules.start_position();
    for color in Color::ALL {
        let wanted = royal_count(rules, &start, color);
        let found = royal_count(rules, pos, color);
        let kings = |n: usize| if n == 1 { "king" } else { "kings" };
        if found < wanted {
            return Err(PositionError::new(
                PositionErrorKind::MissingRoyal,
                format!(
                    "{color} has {found} {} (royal pieces); the variant gives each side {wanted}",
                    kings(found)
                ),
            ));
        }
        if found > wanted {
            return Err(PositionError::new(
                PositionErrorKind::TooManyRoyals,
                format!(
                    "{color} has {found} {} (royal pieces); the variant gives each side {wanted}",
                    kings(found)
                ),
            ));
        }
    }
    Ok(())
}

/// `color`'s royal pieces on the board and in hand (placement starts with the king in
/// hand).
fn royal_count<R: Rules + ?Sized>(rules: &R, pos: &Position, color: Color) -> usize {
    let in_hand: usize = rules
        .info()
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .map(|(k, _)| pos.in_hand(color, crate::PieceKind(k as u8)) as usize)
        .sum();
    royal_squares(rules, pos, color).len() + in_hand
}

/// Whether `sq` is at `color`'s far end of `axis` (the last rank for White on Y).
pub(crate) fn far_end(pos: &Position, sq: Square, color: Color, axis: Axis) -> bool {
    let c = pos.shape().coords(sq)[axis as usize];
    match color {
        Color::White => c + 1 == pos.shape().size(axis),
        Color::Black => c == 0,
    }
}

/// No pawn stands where `promotes(sq, color)` says it would have promoted.
pub(crate) fn check_pawns<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    promotes: &dyn Fn(Square, Color) -> bool,
) -> Result<(), PositionError> {
    let info = rules.info();
    for (sq, p) in pos.pieces() {
        let pawn = info.pieces.get(p.kind().index()).is_some_and(|i| i.pawn);
        if pawn && promotes(sq, p.color()) {
            return Err(PositionError::new(
                PositionErrorKind::PawnOnPromotionSquare,
                format!(
                    "the {} pawn on {} stands where it would have promoted",
                    p.color(),
                    info.shape.square_name(sq)
                ),
            ));
        }
    }
    Ok(())
}

/// The en-passant square is empty, has the pawn that passed it one step further along
/// one of the pawns' forward `axes` (a bit mask: Y alone for chess, W for pawns that
/// advance along w) where that side just moved, and an empty square behind it where the
/// pawn came from; when `rank` is given it is also on that coordinate of the axis
/// (counted from the mover's own side).
pub(crate) fn check_en_passant<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    rank: Option<u8>,
    axes: u8,
) -> Result<(), PositionError> {
    let Some(ep) = pos.en_passant() else {
        return Ok(());
    };
    let info = rules.info();
    let shape = &info.shape;
    let name = shape.square_name(ep);
    let bad = |why: String| {
        Err(PositionError::new(
            PositionErrorKind::InvalidEnPassant,
            format!("en-passant square {name}: {why}"),
        ))
    };
    if !info.en_passant {
        return bad("this variant has no en passant".into());
    }
    if !shape.contains(ep) {
        return bad("it is off the board".into());
    }
    if pos.piece_at(ep).is_some() {
        return bad("the square is occupied".into());
    }
    // The first axis's answer is the one reported when no axis fits.
    let mut first_why = None;
    for axis in (0..shape.axes()).filter(|&a| axes & (1 << a) != 0) {
        match passed_along(info, pos, ep, rank, axis) {
            Ok(()) => return Ok(()),
            Err(why) => {
                first_why.get_or_insert(why);
            }
        }
    }
    bad(first_why.unwrap_or_else(|| "no pawn advances along an axis of this board".into()))
}

/// Whether a pawn of the side that just moved double-stepped along `axis` over `ep`.
fn passed_along(
    info: &crate::VariantInfo,
    pos: &Position,
    ep: Square,
    rank: Option<u8>,
    axis: usize,
) -> Result<(), String> {
    let shape = &info.shape;
    let mover = !pos.side_to_move();
    let axis_name = ["x", "y", "z", "w"][axis];
    if let Some(rank) = rank {
        let c = shape.coords(ep)[axis];
        let from_own = match mover {
            Color::White => c,
            Color::Black => shape.sizes()[axis] - 1 - c,
        };
        if from_own != rank {
            return Err(if axis == 1 {
                format!(
                    "a double step by {mover} passes rank {} from its side, not this one",
                    rank + 1
                )
            } else {
                format!(
                    "a double step by {mover} along {axis_name} passes {axis_name} = {} from its side, not this one",
                    rank
                )
            });
        }
    }
    let step = |n: i8| {
        let mut d = [0i8; 4];
        d[axis] = mover.forward() * n;
        shape.offset(ep, d)
    };
    let pawn_there = step(1).and_then(|sq| pos.piece_at(sq)).is_some_and(|p| {
        p.color() == mover && info.pieces.get(p.kind().index()).is_some_and(|i| i.pawn)
    });
    if !pawn_there {
        return Err(format!(
            "no {mover} pawn stands just beyond it, as after a double step"
        ));
    }
    if step(-1).is_none_or(|sq| pos.piece_at(sq).is_some()) {
        return Err("the square the pawn would have come from is not empty".into());
    }
    Ok(())
}

/// Castling rights only while the side's king stands where it started (the letter's
/// case gives the side). The generic check: rules that know their rook squares do more.
fn check_castling_kings<R: Rules + ?Sized>(rules: &R, pos: &Position) -> Result<(), PositionError> {
    let info = rules.info();
    let rights = pos.castling_rights();
    if rights == 0 {
        return Ok(());
    }
    let start = rules.start_position();
    for (bit, &letter) in info.castling_letters.iter().enumerate() {
        if rights.checked_shr(bit as u32).unwrap_or(0) & 1 == 0 {
            continue;
        }
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let home = royal_squares(rules, &start, color);
        let now = royal_squares(rules, pos, color);
        if !now.iter().any(|sq| home.contains(sq)) {
            return Err(PositionError::new(
                PositionErrorKind::InvalidCastlingRights,
                format!("castling right '{letter}': {color}'s king is not on its start square"),
            ));
        }
    }
    if rights
        .checked_shr(info.castling_letters.len() as u32)
        .unwrap_or(0)
        != 0
    {
        return Err(PositionError::new(
            PositionErrorKind::InvalidCastlingRights,
            "castling rights beyond the variant's castling letters",
        ));
    }
    Ok(())
}

/// The half-move clock within the variant's move limit and the move number from 1.
pub(crate) fn check_clocks<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
) -> Result<(), PositionError> {
    let _ = rules;
    // A clock past the move limit is a drawn game, not an impossible one (players may
    // play on where the rule is claimed); but it cannot count more plies than were
    // played since move 1.
    let played = u64::from(pos.fullmove_number().saturating_sub(1)) * 2
        + u64::from(pos.side_to_move() == Color::Black);
    if u64::from(pos.halfmove_clock()) > played {
        return Err(PositionError::new(
            PositionErrorKind::ClockOutOfRange,
            format!(
                "the half-move clock is {}, but only {played} plies were played by move {}",
                pos.halfmove_clock(),
                pos.fullmove_number()
            ),
        ));
    }
    if pos.fullmove_number() == 0 || pos.fullmove_number() > MAX_FULLMOVE {
        return Err(PositionError::new(
            PositionErrorKind::ClockOutOfRange,
            format!(
                "the move number is {}; it runs from 1 to {MAX_FULLMOVE}",
                pos.fullmove_number()
            ),
        ));
    }
    Ok(())
}

/// The largest move number a position may carry (far beyond any real game).
pub const MAX_FULLMOVE: u32 = 1 << 24;

/// The side that just moved is not in check.
pub(crate) fn check_opposite<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
) -> Result<(), PositionError> {
    let us = pos.side_to_move();
    for sq in royal_squares(rules, pos, !us) {
        if rules.is_attacked(pos, sq, us) {
            // Name the attacker: the author fixes the start by moving one of the two.
            let mut by = Vec::new();
            rules.attackers(pos, sq, us, &mut by);
            let info = rules.info();
            let from = by
                .first()
                .and_then(|&a| Some((a, pos.piece_at(a)?)))
                .map(|(a, p)| {
                    let name = info
                        .pieces
                        .get(p.kind().index())
                        .map_or("piece", |i| &i.name);
                    let side = us.to_string().to_lowercase();
                    format!(" by the {side} {name} on {}", info.shape.square_name(a))
                })
                .unwrap_or_default();
            return Err(PositionError::new(
                PositionErrorKind::OppositeCheck,
                format!(
                    "{} is in check on {}{from} but it is {us} to move: {us} could take the king",
                    !us,
                    info.shape.square_name(sq)
                ),
            ));
        }
    }
    Ok(())
}
