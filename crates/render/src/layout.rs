//! Where things go on screen: the split between tesseract and flat boards, the grid of
//! flat boards with room for their labels, and picking a square under the pointer.

use glam::Vec2;

use crate::projection::{BoardGeometry, Projector, Rect, pick_tesseract};
use crate::scene::{Scene, View};

/// Share of the width the tesseract gets when both views are shown.
const TESSERACT_SHARE: f32 = 0.56;

/// The rectangles of the two pictures inside the drawing area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Where the tesseract is drawn, if shown.
    pub tesseract: Option<Rect>,
    /// Where the flat boards are drawn, if shown.
    pub flat: Option<Rect>,
}

/// Split `area` for a view: one picture takes it all; both put the tesseract left and
/// the flat boards right.
///
/// # Examples
///
/// ```
/// use chess4d_render::{layout, Rect, View};
/// let l = layout(View::Both, Rect::new(0.0, 0.0, 1000.0, 600.0));
/// let (t, f) = (l.tesseract.unwrap(), l.flat.unwrap());
/// assert!(t.x + t.w <= f.x);
/// ```
pub fn layout(view: View, area: Rect) -> Layout {
    match view {
        View::Tesseract => Layout {
            tesseract: Some(area),
            flat: None,
        },
        View::Flat => Layout {
            tesseract: None,
            flat: Some(area),
        },
        View::Both => {
            let split = (area.w * TESSERACT_SHARE).round();
            Layout {
                tesseract: Some(Rect::new(area.x, area.y, split, area.h)),
                flat: Some(Rect::new(area.x + split, area.y, area.w - split, area.h)),
            }
        }
    }
}

/// The flat boards: one 2D board of X by Y squares per (Z, W) pair, Z across and W up
/// (W = 0 at the bottom), with margins for rank numbers (left), file letters (below)
/// and a `[z,w]` tag above each board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatLayout {
    board: BoardGeometry,
    /// Top-left corner of the top-left board's squares.
    origin: Vec2,
    /// Side of a square in pixels.
    square: f32,
    /// Distance from one board's left edge to the next one's.
    step_x: f32,
    /// Distance from one board row's top edge to the next one's.
    step_y: f32,
}

/// Margins around and between boards, in squares.
const GAP: f32 = 0.7;
const TAG: f32 = 0.55;
const RANK_MARGIN: f32 = 0.55;
const FILE_MARGIN: f32 = 0.55;
const PAD: f32 = 0.25;

impl FlatLayout {
    /// Lay the boards of `board` out in `rect`, as large as fits, centred.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{BoardGeometry, FlatLayout, Rect};
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 600.0, 600.0));
    /// let a1_top_left_board = flat.square_rect(board.square([0, 0, 0, 1]).unwrap()).unwrap();
    /// let a1_bottom_left_board = flat.square_rect(0).unwrap();
    /// assert!(a1_top_left_board.y < a1_bottom_left_board.y);
    /// ```
    pub fn new(board: BoardGeometry, rect: Rect) -> Self {
        let [sx, sy, sz, sw] = board.sizes().map(|s| s as f32);
        let tag = if sz > 1.0 || sw > 1.0 { TAG } else { 0.0 };
        let width_in_squares = 2.0 * PAD + RANK_MARGIN + sz * sx + (sz - 1.0) * GAP;
        let height_in_squares = 2.0 * PAD + FILE_MARGIN + sw * (sy + tag) + (sw - 1.0) * GAP;
        let square = (rect.w / width_in_squares)
            .min(rect.h / height_in_squares)
            .max(0.0);
        let used = Vec2::new(width_in_squares, height_in_squares) * square;
        let corner = Vec2::new(rect.x, rect.y) + (Vec2::new(rect.w, rect.h) - used) * 0.5;
        Self {
            board,
            origin: corner + Vec2::new(PAD + RANK_MARGIN, PAD + tag) * square,
            square,
            step_x: (sx + GAP) * square,
            step_y: (sy + tag + GAP) * square,
        }
    }

    /// Side of one square in pixels.
    pub fn square_size(&self) -> f32 {
        self.square
    }

    /// The board geometry this layout was made for.
    pub fn board(&self) -> &BoardGeometry {
        &self.board
    }

    /// Rectangle of the 2D board at layer `z` and copy `w` (squares only, no labels).
    pub fn board_rect(&self, z: u32, w: u32) -> Rect {
        let [sx, sy, _, sw] = self.board.sizes();
        let row_from_top = sw.saturating_sub(1).saturating_sub(w) as f32;
        Rect::new(
            self.origin.x + z as f32 * self.step_x,
            self.origin.y + row_from_top * self.step_y,
            sx as f32 * self.square,
            sy as f32 * self.square,
        )
    }

    /// Rectangle of one square (rank 1 at the bottom of its board), `None` off the board.
    pub fn square_rect(&self, square: u16) -> Option<Rect> {
        let [x, y, z, w] = self.board.coords(square)?;
        let b = self.board_rect(z, w);
        let sy = self.board.sizes()[1];
        Some(Rect::new(
            b.x + x as f32 * self.square,
            b.y + (sy - 1 - y) as f32 * self.square,
            self.square,
            self.square,
        ))
    }

    /// Centre of a square in pixels.
    pub fn square_centre(&self, square: u16) -> Option<Vec2> {
        self.square_rect(square).map(|r| r.centre())
    }

    /// The square under pixel `pos`, if any.
    pub fn pick(&self, pos: Vec2) -> Option<u16> {
        if self.square <= 0.0 {
            return None;
        }
        let [sx, sy, sz, sw] = self.board.sizes();
        let rel = (pos - self.origin) / Vec2::new(self.step_x, self.step_y);
        if rel.x < 0.0 || rel.y < 0.0 {
            return None;
        }
        let (z, row) = (rel.x.floor() as u32, rel.y.floor() as u32);
        if z >= sz || row >= sw {
            return None;
        }
        let w = sw - 1 - row;
        let b = self.board_rect(z, w);
        if !b.contains(pos) {
            return None;
        }
        let x = (((pos.x - b.x) / self.square) as u32).min(sx - 1);
        let y_from_top = (((pos.y - b.y) / self.square) as u32).min(sy - 1);
        self.board.square([x, sy - 1 - y_from_top, z, w])
    }
}

/// The square under pixel `pos` for a scene drawn into `area` (both pictures are
/// searched), or `None`.
///
/// # Examples
///
/// ```
/// use chess4d_render::{pick, FlatLayout, BoardGeometry, layout, Rect, Scene, View};
/// let scene = Scene { view: View::Flat, ..Scene::default() };
/// let area = Rect::new(0.0, 0.0, 800.0, 600.0);
/// let flat = FlatLayout::new(BoardGeometry::new(scene.shape).unwrap(), area);
/// let c = flat.square_centre(37).unwrap();
/// assert_eq!(pick(&scene, area, c), Some(37));
/// ```
pub fn pick(scene: &Scene, area: Rect, pos: Vec2) -> Option<u16> {
    let board = BoardGeometry::new(scene.shape)?;
    let l = layout(scene.view, area);
    if let Some(rect) = l.flat.filter(|r| r.contains(pos)) {
        return FlatLayout::new(board, rect).pick(pos);
    }
    let rect = l.tesseract.filter(|r| r.contains(pos))?;
    pick_tesseract(&board, &Projector::new(&scene.camera, rect), pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four_by_two_by_two_is_a_two_by_two_grid() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let flat = FlatLayout::new(board, Rect::new(10.0, 20.0, 700.0, 500.0));
        let bl = flat.board_rect(0, 0);
        let br = flat.board_rect(1, 0);
        let tl = flat.board_rect(0, 1);
        let tr = flat.board_rect(1, 1);
        assert!(bl.x + bl.w < br.x && (bl.y - br.y).abs() < 1e-3);
        assert!(tl.y + tl.h < bl.y && (tl.x - bl.x).abs() < 1e-3);
        assert!((tr.x - br.x).abs() < 1e-3 && (tr.y - tl.y).abs() < 1e-3);
        for r in [bl, br, tl, tr] {
            assert!(r.x >= 10.0 && r.y >= 20.0 && r.x + r.w <= 710.0 && r.y + r.h <= 520.0);
        }
        // a1[0,0] is the bottom-left square of the bottom-left board.
        let a1 = flat.square_rect(0).unwrap();
        assert!((a1.x - bl.x).abs() < 1e-3 && (a1.y + a1.h - (bl.y + bl.h)).abs() < 1e-3);
    }

    #[test]
    fn flat_picking_inverts_layout_on_every_shape() {
        for shape in [
            [4, 4, 2, 2],
            [8, 8, 1, 1],
            [5, 5, 5, 1],
            [4, 4, 4, 4],
            [10, 8, 1, 1],
        ] {
            let board = BoardGeometry::new(shape).unwrap();
            let flat = FlatLayout::new(board, Rect::new(5.0, 7.0, 900.0, 640.0));
            for sq in 0..board.square_count() as u16 {
                let r = flat.square_rect(sq).unwrap();
                assert_eq!(flat.pick(r.centre()), Some(sq), "{shape:?}");
                assert_eq!(flat.pick(Vec2::new(r.x + 0.5, r.y + 0.5)), Some(sq));
                assert_eq!(
                    flat.pick(Vec2::new(r.x + r.w - 0.5, r.y + r.h - 0.5)),
                    Some(sq)
                );
            }
            // Gaps and margins pick nothing.
            let b = flat.board_rect(0, 0);
            assert_eq!(flat.pick(Vec2::new(b.x - 2.0, b.y + 2.0)), None);
            assert_eq!(flat.pick(Vec2::new(b.x + b.w + 2.0, b.y + 2.0)), None);
        }
    }

    #[test]
    fn both_view_picks_in_both_pictures() {
        let scene = Scene::default();
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        let l = layout(scene.view, area);
        let board = BoardGeometry::new(scene.shape).unwrap();
        let flat = FlatLayout::new(board, l.flat.unwrap());
        let proj = Projector::new(&scene.camera, l.tesseract.unwrap());
        for sq in 0..64u16 {
            assert_eq!(
                pick(&scene, area, flat.square_centre(sq).unwrap()),
                Some(sq)
            );
            let at = proj
                .project(board.centre_4d(sq).unwrap())
                .unwrap()
                .truncate();
            assert_eq!(pick(&scene, area, at), Some(sq));
        }
    }

    #[test]
    fn other_shapes_lay_slices_z_across_w_up() {
        let board = BoardGeometry::new([5, 5, 5, 1]).unwrap();
        let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 1200.0, 400.0));
        for z in 1..5 {
            let (a, b) = (flat.board_rect(z - 1, 0), flat.board_rect(z, 0));
            assert!(a.x + a.w < b.x && a.y == b.y);
        }
        let board = BoardGeometry::new([4, 4, 4, 4]).unwrap();
        let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 800.0, 800.0));
        for w in 1..4 {
            assert!(flat.board_rect(0, w).y < flat.board_rect(0, w - 1).y);
        }
    }
}
