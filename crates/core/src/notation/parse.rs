//! Reading SAN, leniently: a missing or extra `+`/`#`, annotations (`!`, `?!`), `0-0`
//! for `O-O`, a missing `=` before the promotion letter, a missing `x`, and more
//! coordinates of the start square than needed are all accepted.

use super::san::write_san;
use super::{Form, castle_direction, form};
use crate::game::{Game, IllegalMoveError};
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::{MoveParseError, MoveParseErrorKind, Rules, VariantInfo};

/// What a SAN text says about its move.
#[derive(Clone, Copy)]
struct Wanted {
    /// The piece letter's kind; `None` for a pawn (no letter).
    kind: Option<PieceKind>,
    /// The start square's coordinates that were written.
    from: [Option<u8>; 4],
    /// The landing square.
    to: crate::geometry::Square,
    /// The promotion.
    promotion: Option<PieceKind>,
}

/// Why a SAN text names no move: it is not SAN at all, or it is SAN for a move that is
/// not legal here (then its reason is the one to show).
enum Refusal {
    NotSan(String),
    NoMove(String),
}

/// Finds the legal move a SAN text names.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Rules, parse_san};
/// # fn demo(rules: &dyn Rules) {
/// let pos = rules.start_position(); // orthodox
/// let mv = parse_san(rules, &pos, "Nf3").unwrap();
/// assert_eq!(rules.format_move(&pos, mv), "g1f3");
/// assert_eq!(parse_san(rules, &pos, "Ngf3+!?").unwrap(), mv);
/// # }
/// ```
pub fn parse_san<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    text: &str,
) -> Result<Move, MoveParseError> {
    san_or_refusal(rules, pos, text).map_err(|r| match r {
        Refusal::NotSan(reason) => {
            MoveParseError::new(MoveParseErrorKind::Unreadable, text, reason)
        }
        Refusal::NoMove(reason) => {
            MoveParseError::new(MoveParseErrorKind::CannotMove, text, reason)
        }
    })
}

/// Finds the legal move a text names in SAN or in the rules' own notation (coordinate
/// notation, or a plugin's): what game files and PGN import read.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Rules, parse_notation};
/// # fn demo(rules: &dyn Rules) {
/// let pos = rules.start_position(); // orthodox
/// assert_eq!(parse_notation(rules, &pos, "e4"), parse_notation(rules, &pos, "e2e4"));
/// # }
/// ```
pub fn parse_notation<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    text: &str,
) -> Result<Move, MoveParseError> {
    match san_or_refusal(rules, pos, text) {
        Ok(mv) => Ok(mv),
        Err(refusal) => match rules.parse_move(pos, text) {
            Ok(mv) => Ok(mv),
            Err(own) => Err(match refusal {
                // SAN that names no legal move says more than the coordinate reader.
                Refusal::NoMove(reason) => {
                    MoveParseError::new(MoveParseErrorKind::CannotMove, text, reason)
                }
                Refusal::NotSan(_) => own,
            }),
        },
    }
}

/// Plays a move given in SAN or the rules' own notation: [`crate::Game::play_str`]
/// that also reads SAN (game files, PGN, typed moves).
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Game, play_notation};
/// # fn demo(mut game: Game) {
/// play_notation(&mut game, "e4").unwrap(); // orthodox
/// play_notation(&mut game, "e7e5").unwrap();
/// # }
/// ```
pub fn play_notation(game: &mut Game, text: &str) -> Result<Move, IllegalMoveError> {
    if let Some(outcome) = game.outcome() {
        return Err(IllegalMoveError::GameOver(outcome));
    }
    let mv =
        parse_notation(&**game.rules(), game.position(), text).map_err(IllegalMoveError::Parse)?;
    game.play(mv)?;
    Ok(mv)
}

fn san_or_refusal<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    text: &str,
) -> Result<Move, Refusal> {
    let info = rules.info();
    let body = strip_annotations(text.trim());
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    // S-Chess: `O-O/E`, `O-O/Ee1`, a piece gated in on the king's or the rook's square.
    let (castle, gate) = match body.split_once('/') {
        Some((c, g)) if castling(c).is_some() => (c, Some(g)),
        _ => (body, None),
    };
    if let Some(dir) = castling(castle) {
        let gate = match gate {
            None => None,
            Some(g) => Some(read_gate(info, g).map_err(Refusal::NotSan)?),
        };
        let castles: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| castle_direction(info, pos, m) == Some(dir))
            .filter(|&m| match gate {
                None => m.promotion.is_none(),
                Some((k, sq)) => m.promotion == Some(k) && sq.is_none_or(|s| m.from == s),
            })
            .collect();
        return match castles.as_slice() {
            [one] => Ok(*one),
            [] => Err(Refusal::NoMove(format!(
                "{} is not legal here",
                if dir > 0 { "O-O" } else { "O-O-O" }
            ))),
            _ => Err(Refusal::NoMove(
                "several castlings go this way; write the king's move in coordinates".into(),
            )),
        };
    }
    let wanted = read(info, body).map_err(Refusal::NotSan)?;
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| matches(info, pos, &wanted, m) && form(info, pos, &legal, m) == Form::Plain)
        .collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(Refusal::NoMove(no_move_reason(info, pos, &legal, &wanted))),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|&m| write_san(rules, pos, &legal, m))
                .collect();
            Err(Refusal::NoMove(format!(
                "ambiguous: it could be {}",
                names.join(" or ")
            )))
        }
    }
}

/// The text without check marks, annotation glyphs and an `e.p.` suffix.
fn strip_annotations(text: &str) -> &str {
    let mut t = text;
    loop {
        let before = t.len();
        t = t.trim_end_matches(['+', '#', '!', '?']).trim_end();
        for suffix in ["e.p.", "ep"] {
            if let Some(rest) = t.strip_suffix(suffix)
                && rest.ends_with(|c: char| c.is_ascii_digit() || c == ']')
            {
                t = rest.trim_end();
            }
        }
        if t.len() == before {
            return t;
        }
    }
}

/// The piece gated in by a castling (`E`, `Ee1`): its kind and, when written, the
/// square it enters on.
fn read_gate(
    info: &VariantInfo,
    text: &str,
) -> Result<(PieceKind, Option<crate::geometry::Square>), String> {
    let mut chars = text.chars();
    let kind = chars
        .next()
        .and_then(|c| info.kind_by_letter(c))
        .ok_or_else(|| format!("'/{text}': a gated piece is written /E or /Ee1"))?;
    let rest = chars.as_str();
    if rest.is_empty() {
        return Ok((kind, None));
    }
    let sq = info
        .shape
        .parse_square(rest)
        .map_err(|e| format!("'/{text}': {}", e.reason))?;
    Ok((kind, Some(sq)))
}

/// `O-O` (or `0-0`) is `+1`, `O-O-O` is `-1`.
fn castling(body: &str) -> Option<i8> {
    match body.replace('0', "O").as_str() {
        "O-O" | "OO" => Some(1),
        "O-O-O" | "OOO" => Some(-1),
        _ => None,
    }
}

/// Reads piece letter, start coordinates, landing square and promotion.
fn read(info: &VariantInfo, body: &str) -> Result<Wanted, String> {
    if !body.is_ascii() || body.is_empty() {
        return Err("SAN is written in ASCII letters, digits and brackets".into());
    }
    let kind_of = |letter: char| {
        info.kind_by_letter(letter)
            .ok_or_else(|| format!("no piece of this variant has the letter {letter}"))
    };
    let (body, promotion) = match split_promotion(body)? {
        (rest, Some(letter)) => (rest, Some(kind_of(letter)?)),
        (rest, None) => (rest, None),
    };
    let (kind, rest) = match body.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(kind_of(c)?), &body[1..]),
        _ => (None, body),
    };
    let shape = &info.shape;
    // The landing square is the shortest tail that is a whole square.
    let (to, start) = (0..rest.len())
        .rev()
        .filter(|&i| rest.as_bytes()[i].is_ascii_lowercase())
        .find_map(|i| shape.parse_square(&rest[i..]).ok().map(|sq| (sq, i)))
        .ok_or_else(|| format!("'{body}' does not end with a square of this board"))?;
    let prefix = rest[..start].trim_end_matches(['x', ':', '-']);
    let from = coordinates(shape.axes(), prefix)?;
    Ok(Wanted {
        kind,
        from,
        to,
        promotion,
    })
}

/// Splits off a promotion: `=Q`, `/Q`, `(Q)`, `=(Q)` or a bare capital letter at the end.
fn split_promotion(body: &str) -> Result<(&str, Option<char>), String> {
    let one = |letter: &str| match letter.trim_matches(['(', ')']).as_bytes() {
        [c] if c.is_ascii_alphabetic() => Ok(*c as char),
        _ => Err("a promotion is written =Q, with one piece letter".to_string()),
    };
    if let Some((rest, letter)) = body.rsplit_once(['=', '/']) {
        return Ok((rest, Some(one(letter)?)));
    }
    if body.ends_with(')')
        && let Some((rest, letter)) = body.rsplit_once('(')
    {
        return Ok((rest, Some(one(letter)?)));
    }
    match body.as_bytes() {
        [.., last] if body.len() > 1 && last.is_ascii_uppercase() => {
            Ok((&body[..body.len() - 1], Some(*last as char)))
        }
        _ => Ok((body, None)),
    }
}

/// Reads a start square's coordinates, any of them left out: `b`, `1`, `b1`, `[0,1]`,
/// `b[0,1]`, `b1[0,1]`.
fn coordinates(axes: usize, text: &str) -> Result<[Option<u8>; 4], String> {
    let bad = || format!("cannot read the start coordinates '{text}'");
    let mut c = [None; 4];
    let mut rest = text;
    if let Some(f) = rest.chars().next().filter(char::is_ascii_lowercase) {
        c[0] = Some(f as u8 - b'a');
        rest = &rest[1..];
    }
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        let rank: u8 = rest[..digits].parse().map_err(|_| bad())?;
        c[1] = Some(rank.checked_sub(1).ok_or_else(bad)?);
        rest = &rest[digits..];
    }
    if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let values: Vec<&str> = inner.split(',').collect();
        if values.len() + 2 != axes {
            return Err(bad());
        }
        for (slot, v) in c[2..].iter_mut().zip(values) {
            *slot = Some(v.trim().parse().map_err(|_| bad())?);
        }
        rest = "";
    }
    if rest.is_empty() { Ok(c) } else { Err(bad()) }
}

/// Whether `mv` is the move `wanted` describes (its form aside).
fn matches(info: &VariantInfo, pos: &Position, wanted: &Wanted, mv: Move) -> bool {
    let Some(piece) = pos.piece_at(mv.from) else {
        return false;
    };
    let is_pawn = info
        .pieces
        .get(piece.kind().index())
        .is_some_and(|p| p.pawn);
    let kind_ok = match wanted.kind {
        Some(k) => k == piece.kind(),
        None => is_pawn,
    };
    let from = info.shape.coords(mv.from);
    kind_ok
        && mv.to == wanted.to
        && mv.promotion == wanted.promotion
        && (0..4).all(|a| wanted.from[a].is_none_or(|v| v == from[a]))
}

/// Why no legal move fits: a missing promotion, or no such piece move.
fn no_move_reason(info: &VariantInfo, pos: &Position, legal: &[Move], wanted: &Wanted) -> String {
    let square = info.shape.square_name(wanted.to);
    if wanted.promotion.is_none() {
        let promoting = Wanted {
            promotion: None,
            ..*wanted
        };
        let promotes = legal.iter().any(|&m| {
            m.promotion.is_some()
                && matches(
                    info,
                    pos,
                    &promoting,
                    Move {
                        promotion: None,
                        ..m
                    },
                )
        });
        if promotes {
            return format!("the move to {square} promotes: add =Q or another piece letter");
        }
    }
    let piece = match wanted.kind.and_then(|k| info.pieces.get(k.index())) {
        Some(p) => p.name.clone(),
        None => "pawn".to_string(),
    };
    format!(
        "no {piece} of {} can move to {square} here",
        pos.side_to_move()
    )
}
