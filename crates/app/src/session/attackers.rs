//! Who attacks and who defends a square — the question 4D players cannot answer by
//! eye — and which side controls each square. Everything comes from
//! [`Rules::attackers`], so it holds for every variant, plugins included.
//!
//! A square is watched while the pointer hovers it with Alt (or Ctrl) held, or after a
//! click in the threats mode; its attackers get red arrows, its defenders blue ones,
//! in both views and across every axis.

use super::Session;
use chess4d_core::{Color, Piece, Position, Rules, Square};
use chess4d_render::{Arrow, ArrowKind, Highlight};

/// The threats tools' settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Clicks pick the watched square instead of moving pieces.
    pub mode: bool,
    /// The square picked in the threats mode.
    pub picked: Option<Square>,
    /// The square hovered with the modifier held.
    pub peek: Option<Square>,
    /// Tint every square by the side that attacks it more.
    pub control: bool,
}

/// The pieces of both sides that attack one square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The square.
    pub square: Square,
    /// White's pieces that attack it.
    pub white: Vec<Square>,
    /// Black's pieces that attack it.
    pub black: Vec<Square>,
}

impl Watch {
    /// The side whose piece stands on the square (its "defenders"), if any.
    pub fn owner(&self, pos: &Position) -> Option<Color> {
        pos.piece_at(self.square).map(|p| p.color())
    }

    /// The attackers of `side`.
    pub fn of(&self, side: Color) -> &[Square] {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// Every piece of both sides that attacks `sq` in `pos`. A piece standing there is
/// defended by its own side's pieces that would attack it were it the enemy's, so
/// those are asked about with the piece's colour turned.
pub fn watch(rules: &dyn Rules, pos: &Position, sq: Square) -> Watch {
    let mut sides = [Vec::new(), Vec::new()];
    for side in [Color::White, Color::Black] {
        let out = &mut sides[side.index()];
        match pos.piece_at(sq) {
            Some(p) if p.color() == side => {
                let mut turned = pos.clone();
                turned.put(sq, Some(Piece::new(p.kind(), !side)));
                rules.attackers(&turned, sq, side, out);
            }
            _ => rules.attackers(pos, sq, side, out),
        }
    }
    let [white, black] = sides;
    Watch {
        square: sq,
        white,
        black,
    }
}

/// For each square some side attacks more often than the other, that side.
pub fn control(rules: &dyn Rules, pos: &Position) -> Vec<(Square, Color)> {
    let count = rules.info().shape.len();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for i in 0..count {
        let sq = Square(i as u16);
        rules.attackers(pos, sq, Color::White, &mut buf);
        let white = buf.len();
        rules.attackers(pos, sq, Color::Black, &mut buf);
        let black = buf.len();
        if white != black {
            let side = if white > black {
                Color::White
            } else {
                Color::Black
            };
            out.push((sq, side));
        }
    }
    out
}

/// The marks of a watched square: attackers (of the side not standing there, or Black
/// on an empty square) with red arrows and orange squares, defenders with blue arrows
/// and teal squares, the square itself focused.
pub fn watch_marks(
    rules: &dyn Rules,
    w: &Watch,
    pos: &Position,
    highlights: &mut Vec<(Square, Highlight)>,
    arrows: &mut Vec<Arrow>,
) {
    let defender = w.owner(pos).unwrap_or(Color::White);
    for (side, kind, mark) in [
        (defender, ArrowKind::Hint, Highlight::Path),
        (!defender, ArrowKind::Check, Highlight::Threat),
    ] {
        for &from in w.of(side) {
            highlights.push((from, mark));
            // Along the squares the attack passes (a slide's line, a leap's jump).
            let path = rules.move_path(pos, chess4d_core::Move::new(from, w.square));
            arrows.push(Arrow::along(path.iter().map(|s| s.0).collect(), kind));
        }
    }
    highlights.push((w.square, Highlight::Focus));
}

impl Session {
    /// The threats tools' settings.
    pub fn threats(&self) -> &Threats {
        &self.threats
    }

    /// Turns the threats mode on or off (off forgets the picked square).
    pub fn set_threats_mode(&mut self, on: bool) {
        self.threats.mode = on;
        if !on {
            self.threats.picked = None;
        }
        self.clear_selection();
    }

    /// Shows or hides the control overlay.
    pub fn set_control_overlay(&mut self, on: bool) {
        self.threats.control = on;
        self.touch();
    }

    /// The square hovered with the modifier held (None: released or off the board).
    pub fn set_peek(&mut self, sq: Option<Square>) {
        if self.threats.peek != sq {
            self.threats.peek = sq;
            self.touch();
        }
    }

    /// The watched square's attackers and defenders: the peeked square first, else
    /// the one picked in the threats mode.
    pub fn watched(&self) -> Option<Watch> {
        let sq = self.threats.peek.or(self.threats.picked)?;
        if !self.rules().info().shape.contains(sq) {
            return None;
        }
        Some(watch(&**self.rules(), self.game.position(), sq))
    }

    /// A click in the threats mode picks (or unpicks) the watched square; returns
    /// whether the click was taken.
    pub fn threats_click(&mut self, sq: Square) -> bool {
        if !self.threats.mode || self.mode != super::Mode::Play {
            return false;
        }
        self.threats.picked = (self.threats.picked != Some(sq)).then_some(sq);
        self.touch();
        true
    }

    /// Adds the threats tools' marks to the game's picture.
    pub fn threat_marks(&self, highlights: &mut Vec<(Square, Highlight)>, arrows: &mut Vec<Arrow>) {
        if self.mode != super::Mode::Play {
            return;
        }
        let pos = self.game.position();
        if self.threats.control {
            for (sq, side) in control(&**self.rules(), pos) {
                // Both kinds are fills, quieter than the watch's frames and rings.
                let tint = match side {
                    Color::White => Highlight::Path,
                    Color::Black => Highlight::LastMove,
                };
                highlights.push((sq, tint));
            }
        }
        if let Some(w) = self.watched() {
            watch_marks(&**self.rules(), &w, pos, highlights, arrows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    /// The position: after a1[0,0]a1[0,1] a3[1,1]a2[1,1] the pawn on a2[1,1]
    /// checks White's king on a1[1,0] across W, and White's pieces guard it.
    #[test]
    fn the_pawn_checks_the_king_across_w_and_white_guards_it() {
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        for m in ["a1[0,0]a1[0,1]", "a3[1,1]a2[1,1]"] {
            chess4d_core::play_notation(&mut s.game, m).unwrap();
        }
        let shape = s.rules().info().shape;
        let sq = |n| shape.parse_square(n).unwrap();
        let king = sq("a1[1,0]");
        assert!(s.game().in_check());
        s.set_peek(Some(king));
        let w = s.watched().unwrap();
        assert_eq!(
            w.black,
            vec![sq("a2[1,1]")],
            "the pawn, one step in Y and W"
        );
        // None of White's pieces reaches a1[1,0] (the bishop and knight beside it
        // move along two axes, the pawns only forward): the king must take or step.
        assert!(w.white.is_empty());
        // The checking pawn is attacked by the king, and no black piece defends it.
        let pawn = watch(&**s.rules(), s.game().position(), sq("a2[1,1]"));
        assert!(pawn.white.contains(&king));
        assert_eq!(w.owner(s.game().position()), Some(Color::White));
        for &d in &w.white {
            let p = s.game().position().piece_at(d).unwrap();
            assert_eq!(p.color(), Color::White);
        }
        let scene = s.scene(chess4d_render::View::Both, Default::default());
        let red = scene
            .arrows
            .iter()
            .filter(|a| a.kind == ArrowKind::Check && a.to() == king.0)
            .count();
        let blue = scene
            .arrows
            .iter()
            .filter(|a| a.kind == ArrowKind::Hint && a.to() == king.0)
            .count();
        // The check line from the game itself, plus the watch's own arrow.
        assert!(red >= 1);
        assert_eq!(blue, w.white.len());
        s.set_peek(None);
        assert!(s.watched().is_none());
    }

    #[test]
    fn threats_mode_picks_squares_and_control_tints_the_board() {
        let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
        let shape = s.rules().info().shape;
        let e3 = shape.parse_square("e3").unwrap();
        assert!(!s.threats_click(e3), "off: clicks move pieces");
        s.set_threats_mode(true);
        assert!(s.threats_click(e3));
        let w = s.watched().unwrap();
        // d2 and f2 pawns attack e3; no black piece does.
        assert_eq!(w.white.len(), 2);
        assert!(w.black.is_empty());
        assert!(s.threats_click(e3));
        assert!(s.watched().is_none(), "a second click unpicks");
        let c = control(&**s.rules(), s.game().position());
        let white = c.iter().filter(|(_, side)| *side == Color::White).count();
        let black = c.len() - white;
        // The start position is symmetric.
        assert_eq!(white, black);
        assert!(
            c.iter()
                .any(|(sq, side)| *sq == e3 && *side == Color::White)
        );
        // A piece's own side defends it: the e2 pawn by king, queen, bishop, knight.
        let e2 = watch(
            &**s.rules(),
            s.game().position(),
            shape.parse_square("e2").unwrap(),
        );
        assert_eq!(e2.white.len(), 4);
        assert!(e2.black.is_empty());
        s.set_control_overlay(true);
        let scene = s.scene(chess4d_render::View::Both, Default::default());
        assert!(
            scene
                .highlights
                .iter()
                .any(|(q, h)| *q == e3.0 && *h == Highlight::Path)
        );
    }
}
