//! Building the renderer's [`Scene`] from the session: pieces, the selection and its
//! legal destinations, the last move, check with the line of every checking piece,
//! focus, hover and the hint arrow — or the explorer's or a Learn step's picture.

use super::picture::{self, Picture};
use super::{Mode, Session, learn};
use chess4d_core::{Color, Move, Position, Rules, Square, VariantInfo};
use chess4d_render::{Arrow, ArrowKind, Camera, HandPiece, Highlight, Scene, ScenePiece, View};

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
        let looks = self.looks.get(info, self.catalog.pictures(&info.name));
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
            pictures: looks.built_in,
            own_pictures: looks.own,
            ..Scene::default()
        };
        board_look(&*rules, &mut scene);
        scene.hands = self.scene_hands(info);
        if let Some(kind) = self.dragging_hand() {
            // A piece taken from the hand follows the pointer too.
            let piece = ScenePiece {
                square: 0,
                glyph: glyph(info, kind),
                white: self.game().position().side_to_move() == Color::White,
            };
            scene.floating = Some((piece, [f32::NAN; 2]));
        }
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

    /// The hands as the strips show them: the picked and focused kinds of the side to
    /// move marked.
    fn scene_hands(&self, info: &VariantInfo) -> Option<Vec<HandPiece>> {
        let to_move = self.game().position().side_to_move();
        let slots = self.hands()?;
        let pieces = slots
            .iter()
            .map(|s| {
                let mine = s.color == to_move;
                HandPiece {
                    glyph: glyph(info, s.kind),
                    white: s.color == Color::White,
                    count: s.count,
                    selected: mine && self.selected_hand() == Some(s.kind),
                    focused: mine && self.focus_hand() == Some(s.kind),
                }
            })
            .collect();
        Some(pieces)
    }

    /// The piece under the pointer and how it moves, in words ("black knight: leaps
    /// two along one axis and one along another, over anything between").
    pub fn hover_piece_words(&self) -> Option<String> {
        let h = self.hover()?;
        let (rules, picture) = self.picture();
        let piece = picture.position.piece_at(h)?;
        let info = rules.info().pieces.get(piece.kind().index())?;
        let side = match piece.color() {
            Color::White => "white",
            Color::Black => "black",
        };
        let how = picture::moves_in_words(&info.name)
            .unwrap_or("see the Explore tab for every square it reaches");
        Some(format!("{side} {}: {how}", info.name))
    }

    /// The focused square and what stands there, for the status bar: "focus `b2[0,0]` ·
    /// white pawn".
    pub fn focus_text(&self) -> Option<String> {
        if let Some(kind) = self.focus_hand() {
            let side = self.game().position().side_to_move();
            let count = self.game().position().in_hand(side, kind);
            let name = self
                .rules()
                .info()
                .pieces
                .get(kind.index())
                .map_or("piece", |p| p.name.as_str());
            let mut text = format!("focus {}'s hand · {name} ({count})", side.name());
            if self.selected_hand() == Some(kind) {
                text.push_str(" (picked: Tab goes through its drops)");
            }
            return Some(text);
        }
        let f = self.focus()?;
        let mut text = format!("focus {}", self.square_name(f));
        let (rules, picture) = self.picture();
        if let Some(p) = picture.position.piece_at(f)
            && let Some(info) = rules.info().pieces.get(p.kind().index())
        {
            let side = match p.color() {
                Color::White => "white",
                Color::Black => "black",
            };
            text.push_str(&format!(" · {side} {}", info.name));
        }
        if self.selected() == Some(f) {
            text.push_str(" (picked: Tab goes through its moves)");
        }
        Some(text)
    }

    /// What a screen reader says of the board: the focused square and what stands
    /// there (or the focused piece in hand), then the status line ("`b2[0,0]`, white
    /// pawn. White to move.").
    pub fn accessible_label(&self) -> String {
        let status = self.status_line();
        if let Some(kind) = self.focus_hand() {
            let side = self.game().position().side_to_move();
            let name = self
                .rules()
                .info()
                .pieces
                .get(kind.index())
                .map_or("piece", |p| p.name.as_str());
            let count = self.game().position().in_hand(side, kind);
            return format!("{side}'s hand, {name}, {count} held. {status}.");
        }
        let Some(f) = self.focus() else {
            return format!("Board. {status}.");
        };
        let (rules, picture) = self.picture();
        let what = picture.position.piece_at(f).map_or_else(
            || "empty".to_string(),
            |p| {
                let name = rules
                    .info()
                    .pieces
                    .get(p.kind().index())
                    .map_or("piece", |i| i.name.as_str());
                format!("{} {name}", p.color().name().to_lowercase())
            },
        );
        let picked = if self.selected() == Some(f) {
            ", picked"
        } else {
            ""
        };
        format!("{}, {what}{picked}. {status}.", self.square_name(f))
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
    /// Every arrow follows the squares its move passes ([`Rules::move_path`]).
    pub fn game_picture(&self) -> Picture {
        let game = self.game();
        let rules = self.rules();
        let pos = game.position();
        let mut highlights = Vec::new();
        let mut arrows = Vec::new();
        if let Some(m) = game.last_move() {
            highlights.push((m.from, Highlight::LastMove));
            highlights.push((m.to, Highlight::LastMove));
            highlights.push((m.to, Highlight::Moved));
            if let Some(before) = position_before_last(game) {
                arrows.push(path_arrow(&**rules, &before, m, ArrowKind::LastMove));
            }
        }
        let side = pos.side_to_move();
        if let Some(king) = pos.king(side)
            && game.in_check()
        {
            highlights.push((king, Highlight::Check));
            for a in checkers(&**rules, pos, king, side) {
                highlights.push((a, Highlight::Threat));
                let attack = Move::new(a, king);
                let path = rules.move_path(pos, attack);
                let inner = path.len().saturating_sub(1);
                highlights.extend(
                    path.iter()
                        .take(inner)
                        .skip(1)
                        .map(|&s| (s, Highlight::Path)),
                );
                arrows.push(path_arrow(&**rules, pos, attack, ArrowKind::Check));
            }
        }
        if self.selected_hand().is_some() {
            // A picked hand piece: its drops light up.
            highlights.extend(self.targets().iter().map(|m| (m.to, Highlight::LegalMove)));
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
            arrows.push(path_arrow(&**rules, pos, h, ArrowKind::Hint));
        }
        // A premove (clock_premove.rs): its squares marked as the picked piece's.
        let (from, to) = self.premove().unzip();
        for sq in [self.premove_from(), from, to].into_iter().flatten() {
            highlights.push((sq, Highlight::Selected));
        }
        self.board_marks(&mut highlights, &mut arrows); // analysis.rs, attackers.rs
        self.puzzle_marks(&mut highlights, &mut arrows); // puzzle.rs: the hint
        Picture {
            position: pos.clone(),
            highlights,
            arrows,
        }
    }
}

/// An arrow along the squares `mv` passes from `pos` (start and landing at least).
pub fn path_arrow(rules: &dyn Rules, pos: &Position, mv: Move, kind: ArrowKind) -> Arrow {
    let mut path: Vec<u16> = rules.move_path(pos, mv).iter().map(|s| s.0).collect();
    if path.first() != Some(&mv.from.0) {
        path.insert(0, mv.from.0);
    }
    if path.last() != Some(&mv.to.0) {
        path.push(mv.to.0);
    }
    Arrow::along(path, kind)
}

/// The position before the game's last move, replayed from its start (cheap: a game
/// is at most a few hundred moves, and the rules make moves fast).
pub fn position_before_last(game: &chess4d_core::Game) -> Option<Position> {
    let moves = game.moves();
    let (_, earlier) = moves.split_last()?;
    let rules = game.rules();
    let mut pos = game.start_position().clone();
    for &mv in earlier {
        rules.make_move(&mut pos, mv);
    }
    Some(pos)
}

/// The squares of the pieces giving check to `side`'s king on `king`.
pub fn checkers(rules: &dyn Rules, pos: &Position, king: Square, side: Color) -> Vec<Square> {
    let mut out = Vec::new();
    rules.attackers(pos, king, !side, &mut out);
    out
}

/// A kind's letter as the scene draws it.
fn glyph(info: &VariantInfo, kind: chess4d_core::PieceKind) -> char {
    info.pieces
        .get(kind.index())
        .map_or('?', |i| i.letter.to_ascii_uppercase())
}

/// What the rules say of the board beyond squares: holes drawn as absent, the shogi
/// family's tiles, the regions tinted under everything and the goal squares.
fn board_look(rules: &dyn Rules, scene: &mut Scene) {
    let look = rules.board_look();
    scene.absent = look.holes.iter().map(|s| s.0).collect();
    scene.tiles = look.promoted_forms;
    scene.wrap = look.wrap;
    scene.river = river(rules);
    let mut marks: Vec<(u16, Highlight)> = Vec::new();
    for (_, squares) in tinted_regions(rules) {
        marks.extend(squares.iter().map(|s| (s.0, Highlight::Region)));
    }
    for color in Color::ALL {
        if let Some((_, squares)) = rules.goal(color) {
            marks.extend(squares.iter().map(|s| (s.0, Highlight::Goal)));
        }
    }
    marks.sort_unstable_by_key(|&(s, h)| (s, h == Highlight::Goal));
    marks.dedup();
    // Under every other mark: the renderer draws tints in the scene's order.
    scene.highlights.splice(0..0, marks);
}

/// Where a flat board is split in two halves by a river (xiangqi): a region whose
/// white part is every square of the ranks below some rank and whose black part is every
/// square from that rank up. Its first rank of Black's half.
fn river(rules: &dyn Rules) -> Option<u8> {
    let shape = rules.info().shape;
    let [sx, sy, sz, sw] = shape.sizes();
    if sz > 1 || sw > 1 {
        return None;
    }
    let rank = |s: &Square| Some(shape.coords(*s)[1]);
    rules
        .board_look()
        .regions
        .into_iter()
        .find_map(|(_, [white, black])| {
            let top = white.iter().filter_map(rank).max()?;
            let bottom = black.iter().filter_map(rank).min()?;
            let k = usize::from(top) + 1;
            let whole = white.len() == k * usize::from(sx)
                && black.len() == (usize::from(sy) - k) * usize::from(sx);
            (whole && usize::from(bottom) == k).then(|| u8::try_from(k).ok())?
        })
}

/// The regions the board tints, each with both sides' squares together: every region
/// of the variant but those of which a side's part covers 40% of the board or more (a
/// side's half, the whole board), whose tint would say nothing.
pub fn tinted_regions(rules: &dyn Rules) -> Vec<(String, Vec<Square>)> {
    let len = rules.info().shape.len();
    rules
        .board_look()
        .regions
        .into_iter()
        .filter_map(|(name, [white, black])| {
            let small = white.len().max(black.len()) * 5 < len * 2;
            let mut squares: Vec<Square> = white.into_iter().chain(black).collect();
            squares.sort_unstable_by_key(|s| s.0);
            squares.dedup();
            (small && !squares.is_empty()).then_some((name, squares))
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_has_a_river_and_chess_none() {
        let catalog = chess4d_variants::Catalog::embedded();
        let scene = |name: &str| {
            Session::new(catalog.clone(), name)
                .unwrap()
                .scene(View::Flat, Camera::default())
        };
        let xiangqi = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/xiangqi.toml");
        assert_eq!(scene(xiangqi).river, Some(5));
        assert_eq!(scene("orthodox").river, None);
        assert_eq!(scene("full").river, None);
    }
}
