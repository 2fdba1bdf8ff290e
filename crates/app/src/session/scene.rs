//! Building the renderer's [`Scene`] from the session: pieces, the selection and its
//! legal destinations, the last move, check with the line of every checking piece,
//! focus, hover and the hint arrow — or the explorer's or a Learn step's picture.

use super::picture::{self, Picture, line_between};
use super::{Mode, Session, learn};
use chess4d_core::{Color, Position, Rules, Square, VariantInfo};
use chess4d_render::{Arrow, ArrowKind, Camera, Highlight, Scene, ScenePiece, View};

impl Session {
    /// The picture of the board for this frame.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d::session::Session;
    /// use chess4d_render::{Highlight, View};
    /// let mut s = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
    /// s.click(s.rules().info().shape.parse_square("b2[0,0]").unwrap());
    /// let scene = s.scene(View::Both, Default::default());
    /// assert_eq!(scene.pieces.len(), 32);
    /// assert!(scene.highlights.iter().any(|(_, h)| *h == Highlight::LegalMove));
    /// ```
    pub fn scene(&self, view: View, camera: Camera) -> Scene {
        let (rules, picture) = self.picture();
        let info = rules.info();
        let mut scene = Scene {
            shape: info.shape.sizes(),
            pieces: pieces(info, &picture.position),
            highlights: picture
                .highlights
                .iter()
                .map(|&(sq, h)| (sq.0, h))
                .collect(),
            arrows: picture.arrows.clone(),
            view,
            camera,
            flip: self.black_at_bottom(),
            ..Scene::default()
        };
        if let Some(d) = self.dragging()
            && let Some(i) = scene.pieces.iter().position(|p| p.square == d.0)
        {
            // The dragged piece follows the pointer, not its square: the window puts the
            // pointer's position in (a NaN position draws nothing until it does).
            let piece = scene.pieces.remove(i);
            scene.floating = Some((piece, [f32::NAN; 2]));
        }
        let shape_matches = info.shape == self.rules().info().shape;
        if shape_matches {
            if let Some(f) = self.focus() {
                scene.highlights.push((f.0, Highlight::Focus));
            }
            if let Some(h) = self.hover() {
                scene.highlights.push((h.0, Highlight::Hover));
            }
        }
        scene
    }

    /// Whether the flat boards turn to Black's side: a person plays Black against the
    /// computer.
    pub fn black_at_bottom(&self) -> bool {
        self.player(Color::Black) == super::Player::Human
            && self.player(Color::White) == super::Player::Computer
    }

    /// The rules and picture the board shows now.
    fn picture(&self) -> (std::sync::Arc<dyn Rules>, Picture) {
        match self.mode() {
            Mode::Explore(kind) => {
                let rules = self.rules().clone();
                let at = self
                    .explore_at
                    .unwrap_or_else(|| picture::explorer_home(&rules.info().shape));
                let p = picture::explorer(&*rules, kind, at);
                (rules, p)
            }
            Mode::Learn if self.learn().step != learn::TRY_IT => {
                let full = self
                    .catalog()
                    .get("full")
                    .or_else(|_| chess4d_variants::Catalog::embedded().get("full"));
                if let Ok(rules) = full
                    && let Some(p) = learn::picture(&*rules, self.learn())
                {
                    return (rules, p);
                }
                (self.rules().clone(), self.game_picture())
            }
            _ => (self.rules().clone(), self.game_picture()),
        }
    }

    /// The game's marks: last move, check lines, selection and destinations, hint.
    pub fn game_picture(&self) -> Picture {
        let game = self.game();
        let rules = self.rules();
        let pos = game.position();
        let shape = rules.info().shape;
        let mut highlights = Vec::new();
        let mut arrows = Vec::new();
        if let Some(m) = game.last_move() {
            highlights.push((m.from, Highlight::LastMove));
            highlights.push((m.to, Highlight::LastMove));
        }
        let side = pos.side_to_move();
        if let Some(king) = pos.king(side)
            && game.in_check()
        {
            highlights.push((king, Highlight::Check));
            for a in checkers(&**rules, pos, king, side) {
                highlights.push((a, Highlight::Threat));
                highlights.extend(
                    line_between(&shape, a, king)
                        .into_iter()
                        .map(|s| (s, Highlight::Path)),
                );
                arrows.push(Arrow {
                    from: a.0,
                    to: king.0,
                    kind: ArrowKind::Check,
                });
            }
        }
        if let Some(sel) = self.selected() {
            highlights.push((sel, Highlight::Selected));
            for m in self.targets() {
                let capture = m.capture.is_some() || pos.piece_at(m.to).is_some();
                let h = if capture {
                    Highlight::LegalCapture
                } else {
                    Highlight::LegalMove
                };
                highlights.push((m.to, h));
            }
        }
        if let Some(h) = self.hint() {
            arrows.push(Arrow {
                from: h.from.0,
                to: h.to.0,
                kind: ArrowKind::Hint,
            });
        }
        self.board_marks(&mut highlights, &mut arrows); // analysis.rs, attackers.rs
        Picture {
            position: pos.clone(),
            highlights,
            arrows,
        }
    }
}

/// The squares of the pieces giving check to `side`'s king on `king`.
pub fn checkers(rules: &dyn Rules, pos: &Position, king: Square, side: Color) -> Vec<Square> {
    let mut out = Vec::new();
    rules.attackers(pos, king, !side, &mut out);
    out
}

fn pieces(info: &VariantInfo, pos: &Position) -> Vec<ScenePiece> {
    pos.pieces()
        .map(|(sq, p)| ScenePiece {
            square: sq.0,
            glyph: info
                .pieces
                .get(p.kind().index())
                .map_or('?', |i| i.letter.to_ascii_uppercase()),
            white: p.color() == Color::White,
        })
        .collect()
}
