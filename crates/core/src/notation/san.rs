//! Writing moves in SAN.

use super::{Form, axes_of, disambiguations, form};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Rules, VariantInfo};
use std::fmt::Write;

/// The SAN of a legal move in `pos`.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Rules, san};
/// # fn demo(rules: &dyn Rules) {
/// let pos = rules.start_position();
/// let mv = rules.parse_move(&pos, "g1f3").unwrap();
/// assert_eq!(san(rules, &pos, mv), "Nf3"); // on an orthodox board
/// # }
/// ```
pub fn san<R: Rules + ?Sized>(rules: &R, pos: &Position, mv: Move) -> String {
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    write_san(rules, pos, &legal, mv)
}

/// The SAN of each of `moves` (legal moves of `pos`), generating the legal moves once:
/// what a move list needs.
pub fn san_moves<R: Rules + ?Sized>(rules: &R, pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    moves
        .iter()
        .map(|&m| write_san(rules, pos, &legal, m))
        .collect()
}

/// The SAN of a line of moves played one after another from `pos` (an engine's
/// principal variation, a game's moves). The line stops at the first move that is not
/// legal where it stands.
pub fn san_line<R: Rules + ?Sized>(rules: &R, pos: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        rules.legal_moves(&pos, &mut legal);
        if !legal.contains(&mv) {
            break;
        }
        out.push(write_san(rules, &pos, &legal, mv));
        rules.make_move(&mut pos, mv);
    }
    out
}

/// The moves of a game so far, in SAN (the move list, the game files).
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Game, game_san};
/// # fn demo(mut game: Game) {
/// game.play_str("e2e4").unwrap(); // orthodox
/// assert_eq!(game_san(&game), ["e4"]);
/// # }
/// ```
pub fn game_san(game: &Game) -> Vec<String> {
    san_line(&**game.rules(), game.start_position(), &game.moves())
}

/// A game's moves in SAN, kept between calls: [`SanHistory::update`] writes only the
/// moves played since the last call (or since the first move that differs, after an
/// undo), so a move list drawn every frame costs nothing while the game stands still.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Game, SanHistory};
/// # fn demo(mut game: Game) {
/// let mut history = SanHistory::default();
/// game.play_str("e2e4").unwrap(); // orthodox
/// assert_eq!(history.update(&game), ["e4"]);
/// game.play_str("e7e5").unwrap();
/// assert_eq!(history.update(&game), ["e4", "e5"]); // only e5 is written
/// # }
/// ```
#[derive(Clone, Default)]
pub struct SanHistory {
    rules: Option<std::sync::Arc<dyn Rules>>,
    start: Option<Position>,
    /// The position after `moves`.
    end: Option<Position>,
    moves: Vec<Move>,
    names: Vec<String>,
}

impl std::fmt::Debug for SanHistory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SanHistory")
            .field("names", &self.names)
            .finish()
    }
}

impl SanHistory {
    /// The SAN of every move of `game` so far.
    pub fn update(&mut self, game: &Game) -> &[String] {
        let rules = game.rules();
        let moves = game.moves();
        let same_game = self
            .rules
            .as_ref()
            .is_some_and(|r| std::sync::Arc::ptr_eq(r, rules))
            && self.start.as_ref() == Some(game.start_position());
        let kept = if same_game {
            self.moves
                .iter()
                .zip(&moves)
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0
        };
        let mut pos = match self.end.take() {
            Some(end) if same_game && kept == self.moves.len() => end,
            _ => {
                let mut pos = game.start_position().clone();
                for &mv in &moves[..kept] {
                    rules.make_move(&mut pos, mv);
                }
                pos
            }
        };
        self.names.truncate(kept);
        let mut legal = Vec::new();
        for &mv in &moves[kept..] {
            rules.legal_moves(&pos, &mut legal);
            self.names.push(write_san(&**rules, &pos, &legal, mv));
            rules.make_move(&mut pos, mv);
        }
        self.rules = Some(rules.clone());
        self.start = Some(game.start_position().clone());
        self.end = Some(pos);
        self.moves = moves;
        &self.names
    }
}

/// The SAN of `mv` among `legal` (all the legal moves of `pos`).
pub(super) fn write_san<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    legal: &[Move],
    mv: Move,
) -> String {
    let info = rules.info();
    let mut s = String::with_capacity(12);
    let mut after = pos.clone();
    rules.make_move(&mut after, mv);
    // A gating move leaves the piece it brings in on the square the mover left.
    let gated = mv
        .promotion
        .filter(|&k| !mv.is_drop() && after.piece_at(mv.from).is_some_and(|p| p.kind() == k));
    match form(info, pos, legal, mv) {
        Form::Foreign => return rules.format_move(pos, mv),
        Form::Castle(dir) => {
            s.push_str(if dir > 0 { "O-O" } else { "O-O-O" });
            if let Some(k) = gated {
                s.push('/');
                s.push(letter(info, k));
                let _ = info.shape.write_square(mv.from, &mut s);
            }
        }
        Form::Plain => write_plain(info, pos, legal, mv, gated.is_some(), &mut s),
    }
    if rules.in_check(&after) {
        let mut replies = Vec::new();
        rules.legal_moves(&after, &mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// A kind's letter as SAN writes it (a capital).
fn letter(info: &VariantInfo, k: crate::PieceKind) -> char {
    info.pieces
        .get(k.index())
        .map_or('?', |p| p.letter.to_ascii_uppercase())
}

/// Piece letter, disambiguation, capture, landing square and promotion.
fn write_plain(
    info: &VariantInfo,
    pos: &Position,
    legal: &[Move],
    mv: Move,
    gated: bool,
    s: &mut String,
) {
    let shape = &info.shape;
    let Some(piece) = pos.piece_at(mv.from) else {
        return;
    };
    let kind = info.pieces.get(piece.kind().index());
    let pawn = kind.is_some_and(|k| k.pawn);
    if !pawn {
        s.push(kind.map_or('?', |k| k.letter.to_ascii_uppercase()));
    }
    let takes = mv.capture.is_some()
        || pos
            .piece_at(mv.to)
            .is_some_and(|p| p.color() != piece.color());
    // The other starts of the same kind that reach the same square.
    let others: Vec<[u8; 4]> = legal
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from)
        .filter(|m| pos.piece_at(m.from).map(|p| p.kind()) == Some(piece.kind()))
        .filter(|&&m| form(info, pos, legal, m) == Form::Plain)
        .map(|m| shape.coords(m.from))
        .collect();
    let from = shape.coords(mv.from);
    let must_file = pawn && takes;
    if !others.is_empty() || must_file {
        let set = disambiguations(shape)
            .into_iter()
            .filter(|&set| !must_file || set & super::FILE != 0)
            .find(|&set| {
                let axes = axes_of(shape, set);
                !others
                    .iter()
                    .any(|o| (0..4).all(|a| !axes[a] || o[a] == from[a]))
            })
            .unwrap_or(super::groups(shape));
        write_coordinates(shape.axes(), from, axes_of(shape, set), s);
    }
    if takes {
        s.push('x');
    }
    let _ = shape.write_square(mv.to, s);
    if let Some(k) = mv.promotion {
        s.push(if gated { '/' } else { '=' });
        s.push(letter(info, k));
    }
}

/// Writes the chosen coordinates of a square: file letter, rank number, bracket.
fn write_coordinates(axes: usize, c: [u8; 4], which: [bool; 4], s: &mut String) {
    if which[0] {
        s.push((b'a' + c[0]) as char);
    }
    if which[1] {
        let _ = write!(s, "{}", u32::from(c[1]) + 1);
    }
    if axes >= 3 && which[2] {
        s.push('[');
        for (i, v) in c[2..axes].iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{v}");
        }
        s.push(']');
    }
}
