//! Where things go on screen: the split between tesseract and flat boards, the grid of
//! flat boards with room for their labels, and picking a square under the pointer.

use glam::Vec2;

use crate::pick::pick_tesseract_scene;
use crate::projection::{BoardGeometry, Projector, Rect};
use crate::scene::{Scene, View};

/// Share of the width the tesseract gets when both views are shown.
const TESSERACT_SHARE: f32 = 0.6;

/// The rectangles of the two pictures inside the drawing area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Where the tesseract is drawn, if shown.
    pub tesseract: Option<Rect>,
    /// Where the flat boards are drawn, if shown.
    pub flat: Option<Rect>,
    /// The hand strips, White's then Black's, when the scene has hands.
    pub hands: Option<[Rect; 2]>,
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
            hands: None,
        },
        View::Flat => Layout {
            tesseract: None,
            flat: Some(area),
            hands: None,
        },
        View::Both => {
            let split = (area.w * TESSERACT_SHARE).round();
            Layout {
                tesseract: Some(Rect::new(area.x, area.y, split, area.h)),
                flat: Some(Rect::new(area.x + split, area.y, area.w - split, area.h)),
                hands: None,
            }
        }
    }
}

/// [`layout`] with room for the hands when `hands`: a strip along the top and one
/// along the bottom of `area` (Black's above and White's below, swapped when `flip`),
/// the pictures between them.
///
/// # Examples
///
/// ```
/// use chess4d_render::{layout_with_hands, Rect, View};
/// let l = layout_with_hands(View::Flat, Rect::new(0.0, 0.0, 800.0, 600.0), true, false);
/// let [white, black] = l.hands.unwrap();
/// let flat = l.flat.unwrap();
/// assert!(black.y + black.h <= flat.y && flat.y + flat.h <= white.y);
/// ```
pub fn layout_with_hands(view: View, area: Rect, hands: bool, flip: bool) -> Layout {
    if !hands {
        return layout(view, area);
    }
    let h = (area.h * 0.09).clamp(20.0, 64.0).min(area.h * 0.2).round();
    let top = Rect::new(area.x, area.y, area.w, h);
    let bottom = Rect::new(area.x, area.y + area.h - h, area.w, h);
    let inner = Rect::new(area.x, area.y + h, area.w, (area.h - 2.0 * h).max(1.0));
    Layout {
        hands: Some(if flip { [top, bottom] } else { [bottom, top] }),
        ..layout(view, inner)
    }
}

/// The layout of `scene` drawn into `area`: its view, with hand strips when it has hands.
pub fn scene_layout(scene: &Scene, area: Rect) -> Layout {
    layout_with_hands(scene.view, area, scene.hands.is_some(), scene.flip)
}

/// Width of one hand slot (the piece and its count), in strip heights.
const HAND_SLOT: f32 = 1.75;

/// The slot of hand piece `index` of `scene` drawn into `area` (its piece's square is
/// the slot's left part, as high as the slot), or `None` when there is no such piece.
///
/// # Examples
///
/// ```
/// use chess4d_render::{hand_slot, pick_hand, HandPiece, Rect, Scene};
/// let piece = |white| HandPiece { glyph: 'P', white, count: 2, selected: false, focused: false };
/// let scene = Scene { hands: Some(vec![piece(true), piece(false)]), ..Scene::default() };
/// let area = Rect::new(0.0, 0.0, 1000.0, 700.0);
/// let slot = hand_slot(&scene, area, 1).unwrap();
/// assert_eq!(pick_hand(&scene, area, slot.centre()), Some(1));
/// ```
pub fn hand_slot(scene: &Scene, area: Rect, index: usize) -> Option<Rect> {
    let strips = scene_layout(scene, area).hands?;
    let hands = scene.hands.as_ref()?;
    let piece = hands.get(index)?;
    let place = hands[..index]
        .iter()
        .filter(|p| p.white == piece.white)
        .count();
    let strip = strips[usize::from(!piece.white)];
    Some(slot_in_strip(strip, place))
}

/// Slot `place` (from the left) of a hand strip.
pub(crate) fn slot_in_strip(strip: Rect, place: usize) -> Rect {
    let h = strip.h;
    Rect::new(
        strip.x + h * 0.3 + place as f32 * h * HAND_SLOT,
        strip.y,
        h * (HAND_SLOT - 0.1),
        h,
    )
}

/// The hand piece of `scene` (its index in [`Scene::hands`]) whose slot is under pixel
/// `pos`, if any.
pub fn pick_hand(scene: &Scene, area: Rect, pos: Vec2) -> Option<usize> {
    let strips = scene_layout(scene, area).hands?;
    let hands = scene.hands.as_ref()?;
    let mut places = [0usize; 2];
    for (i, piece) in hands.iter().enumerate() {
        let side = usize::from(!piece.white);
        if slot_in_strip(strips[side], places[side]).contains(pos) {
            return Some(i);
        }
        places[side] += 1;
    }
    None
}

/// The flat boards: one 2D board of X by Y squares per (Z, W) pair, with margins for
/// rank numbers (left), file letters (below) and a `[z,w]` tag above each board.
///
/// With W copies, Z runs across and W up (W = 0 at the bottom): the 4x4x2x2 board is a
/// 2x2 grid, Z picking left/right and W bottom/top. Without W, the Z slabs wrap into
/// the grid of columns that gives the largest squares in the rectangle, filling rows
/// from the bottom-left (Raumschach's five layers: 0 1 2 below, 3 4 above, in a
/// picture about as tall as wide).
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
    /// Boards per row and rows of boards.
    columns: u32,
    rows: u32,
    /// Files and ranks reversed inside every board (Black's side at the bottom).
    flip: bool,
    /// Bit mask of the axes that wrap around (bit 0: X): an arrow between the two
    /// edges of a wrapping axis goes round the outside of its board.
    wrap: u8,
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
        let [sx, sy, sz, sw] = board.sizes();
        let tag = if sz > 1 || sw > 1 { TAG } else { 0.0 };
        // Extent in squares of a grid of `columns` by `rows` boards.
        let extent = |columns: u32, rows: u32| {
            let (c, r) = (columns as f32, rows as f32);
            Vec2::new(
                2.0 * PAD + RANK_MARGIN + c * sx as f32 + (c - 1.0) * GAP,
                2.0 * PAD + FILE_MARGIN + r * (sy as f32 + tag) + (r - 1.0) * GAP,
            )
        };
        let fit = |e: Vec2| (rect.w / e.x).min(rect.h / e.y).max(0.0);
        let (columns, rows) = if sw > 1 {
            (sz, sw)
        } else {
            // One row unless a grid gives strictly larger squares.
            let mut best = (sz, 1, fit(extent(sz, 1)));
            for c in (1..sz).rev() {
                let r = sz.div_ceil(c);
                let s = fit(extent(c, r));
                if s > best.2 + 1e-3 {
                    best = (c, r, s);
                }
            }
            (best.0, best.1)
        };
        let size = extent(columns, rows);
        let square = fit(size);
        let used = size * square;
        let corner = Vec2::new(rect.x, rect.y) + (Vec2::new(rect.w, rect.h) - used) * 0.5;
        Self {
            board,
            origin: corner + Vec2::new(PAD + RANK_MARGIN, PAD + tag) * square,
            square,
            step_x: (sx as f32 + GAP) * square,
            step_y: (sy as f32 + tag + GAP) * square,
            columns,
            rows,
            flip: false,
            wrap: 0,
        }
    }

    /// The same layout for a board whose axes in `mask` wrap around (bit 0: X, 1: Y):
    /// [`FlatLayout::arrow_route`] takes a hop across such an edge round the outside.
    pub fn wrapping(self, mask: u8) -> Self {
        Self { wrap: mask, ..self }
    }

    /// The same layout with files and ranks reversed inside every board when `flip`
    /// (Black at the bottom); the boards themselves keep their places and tags.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{BoardGeometry, FlatLayout, Rect};
    /// let board = BoardGeometry::new([8, 8, 1, 1]).unwrap();
    /// let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 400.0, 400.0)).flipped(true);
    /// let a1 = flat.square_rect(0).unwrap();
    /// let h8 = flat.square_rect(63).unwrap();
    /// assert!(a1.x > h8.x && a1.y < h8.y); // a1 top right, h8 bottom left
    /// assert_eq!(flat.pick(a1.centre()), Some(0));
    /// ```
    pub fn flipped(self, flip: bool) -> Self {
        Self { flip, ..self }
    }

    /// Whether files and ranks are reversed.
    pub fn is_flipped(&self) -> bool {
        self.flip
    }

    /// Side of one square in pixels.
    pub fn square_size(&self) -> f32 {
        self.square
    }

    /// The board geometry this layout was made for.
    pub fn board(&self) -> &BoardGeometry {
        &self.board
    }

    /// Boards per row and rows of boards in the grid.
    pub fn grid(&self) -> [u32; 2] {
        [self.columns, self.rows]
    }

    /// Column (from the left) and row (from the bottom) of the board at layer `z`,
    /// copy `w`.
    pub fn board_cell(&self, z: u32, w: u32) -> [u32; 2] {
        if self.board.sizes()[3] > 1 {
            [z, w]
        } else {
            let c = self.columns.max(1);
            [z % c, z / c]
        }
    }

    /// Rectangle of the 2D board at layer `z` and copy `w` (squares only, no labels).
    pub fn board_rect(&self, z: u32, w: u32) -> Rect {
        let [sx, sy, _, _] = self.board.sizes();
        let [column, row] = self.board_cell(z, w);
        let row_from_top = self.rows.saturating_sub(1).saturating_sub(row) as f32;
        Rect::new(
            self.origin.x + column as f32 * self.step_x,
            self.origin.y + row_from_top * self.step_y,
            sx as f32 * self.square,
            sy as f32 * self.square,
        )
    }

    /// Column (from the board's left edge) where file `x` is drawn.
    pub fn file_column(&self, x: u32) -> u32 {
        let sx = self.board.sizes()[0];
        if self.flip { sx - 1 - x.min(sx - 1) } else { x }
    }

    /// Row (from the board's top edge) where rank `y` (0-based) is drawn.
    pub fn rank_row(&self, y: u32) -> u32 {
        let sy = self.board.sizes()[1];
        if self.flip { y } else { sy - 1 - y.min(sy - 1) }
    }

    /// Rectangle of one square (rank 1 at the bottom of its board unless flipped),
    /// `None` off the board.
    pub fn square_rect(&self, square: u16) -> Option<Rect> {
        let [x, y, z, w] = self.board.coords(square)?;
        let b = self.board_rect(z, w);
        Some(Rect::new(
            b.x + self.file_column(x) as f32 * self.square,
            b.y + self.rank_row(y) as f32 * self.square,
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
        let (column, row_from_top) = (rel.x.floor() as u32, rel.y.floor() as u32);
        if column >= self.columns || row_from_top >= self.rows {
            return None;
        }
        let row = self.rows - 1 - row_from_top;
        let (z, w) = if sw > 1 {
            (column, row)
        } else {
            (row * self.columns + column, 0)
        };
        if z >= sz || w >= sw {
            return None;
        }
        let b = self.board_rect(z, w);
        if !b.contains(pos) {
            return None;
        }
        let column_in_board = (((pos.x - b.x) / self.square) as u32).min(sx - 1);
        let row_in_board = (((pos.y - b.y) / self.square) as u32).min(sy - 1);
        // Both mappings are their own inverse.
        let x = self.file_column(column_in_board);
        let y = self.rank_row(row_in_board);
        self.board.square([x, y, z, w])
    }

    /// The polyline, in pixels, that an arrow through `path` (start, squares passed,
    /// landing) follows on the flat boards. Neighbouring squares of one board are
    /// joined straight, so a slide runs through exactly its squares. A leap, or a hop
    /// to another board, is bent: it leaves its square sideways, runs parallel to the
    /// straight line and comes back in, on the side and at the distance that keeps it
    /// farthest from the centre of every square the move does not pass.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{BoardGeometry, FlatLayout, Rect};
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 600.0, 600.0));
    /// // a rook from a1 to c1 of one board: straight through b1.
    /// assert_eq!(flat.arrow_route(&[0, 1, 2]).len(), 3);
    /// // a1[0,0] to a1[1,0]: the next board over, bent round b1..d1.
    /// assert_eq!(flat.arrow_route(&[0, 16]).len(), 4);
    /// ```
    pub fn arrow_route(&self, path: &[u16]) -> Vec<Vec2> {
        let mut out: Vec<Vec2> = Vec::new();
        let centres: Vec<Vec2> = if self.board.square_count() <= 4096 {
            (0..self.board.square_count() as u16)
                .filter(|sq| !path.contains(sq))
                .filter_map(|sq| self.square_centre(sq))
                .collect()
        } else {
            Vec::new()
        };
        for hop in path.windows(2) {
            let (Some(a), Some(b)) = (self.square_centre(hop[0]), self.square_centre(hop[1]))
            else {
                continue;
            };
            let one_board = same_board(&self.board, hop[0], hop[1]);
            let points = if one_board && neighbours(&self.board, hop[0], hop[1]) {
                vec![a, b]
            } else if let Some(axis) = self.wrapped_axis(hop[0], hop[1]) {
                self.round_the_edge(hop[0], a, b, axis)
            } else {
                self.bent_hop(a, b, &centres)
            };
            for p in points {
                if out.last().is_none_or(|l| l.distance(p) > 1e-3) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The axis (0: X, 1: Y) whose wrap makes two squares of one board neighbours.
    fn wrapped_axis(&self, a: u16, b: u16) -> Option<usize> {
        wrap_axis(&self.board, self.wrap, a, b).filter(|&i| i < 2 && same_board(&self.board, a, b))
    }

    /// A hop across the wrapping edge of `axis` from `a` (on square `from`) to `b`:
    /// out over the nearer edge, along a lane just outside the board and back in over
    /// the far edge, so it crosses no square of the board.
    fn round_the_edge(&self, from: u16, a: Vec2, b: Vec2, axis: usize) -> Vec<Vec2> {
        // Out just past the squares, the lane in the frame band: inside the margins and
        // clear of the file and rank labels.
        let (exit, lane_off) = (0.16 * self.square, 0.14 * self.square);
        let Some([_, _, z, w]) = self.board.coords(from) else {
            return vec![a, b];
        };
        let r = self.board_rect(z, w);
        let (lo, hi) = (Vec2::new(r.x, r.y), Vec2::new(r.x + r.w, r.y + r.h));
        let mid = (lo + hi) * 0.5;
        // `k` is the screen axis the hop wraps along, `j` the other one.
        let (k, j) = if axis == 0 { (0, 1) } else { (1, 0) };
        let out = |p: Vec2| {
            let mut q = p;
            q[k] = if p[k] < mid[k] {
                lo[k] - exit
            } else {
                hi[k] + exit
            };
            q
        };
        let (ea, eb) = (out(a), out(b));
        let far_side = (a[j] + b[j]) * 0.5 > mid[j];
        let lane = if far_side {
            hi[j] + lane_off
        } else {
            lo[j] - lane_off
        };
        let (mut la, mut lb) = (ea, eb);
        la[j] = lane;
        lb[j] = lane;
        vec![a, ea, la, lb, eb, b]
    }

    /// A leap or cross-board hop from `a` to `b`: either out, along and back in
    /// (parallel to the straight line), or along the lanes between ranks and files,
    /// first across then up or the other way round. The route that stays farthest from
    /// `avoid` wins (the first that clears it by half a square ends the search).
    fn bent_hop(&self, a: Vec2, b: Vec2, avoid: &[Vec2]) -> Vec<Vec2> {
        let s = self.square;
        let d = b - a;
        if d.length_squared() < 1e-6 {
            return vec![a, b];
        }
        let n = d.normalize().perp();
        let mut routes: Vec<Vec<Vec2>> = Vec::new();
        for h in [0.5, -0.5, 0.35, -0.35, 0.7, -0.7, 0.25, -0.25, 1.0, -1.0] {
            let off = n * (h * s);
            routes.push(vec![a, a + off, b + off, b]);
        }
        for dx in [0.5 * s, -0.5 * s] {
            for dy in [0.5 * s, -0.5 * s] {
                // Across along a lane between ranks, then up or down a lane between files.
                routes.push(vec![
                    a,
                    a + Vec2::new(0.0, dy),
                    Vec2::new(b.x + dx, a.y + dy),
                    b + Vec2::new(dx, 0.0),
                    b,
                ]);
                // Up or down first, then across.
                routes.push(vec![
                    a,
                    a + Vec2::new(dx, 0.0),
                    Vec2::new(a.x + dx, b.y + dy),
                    b + Vec2::new(0.0, dy),
                    b,
                ]);
            }
        }
        let mut best: Option<(f32, usize)> = None;
        for (i, route) in routes.iter().enumerate() {
            let clear = avoid
                .iter()
                .map(|&c| polyline_distance(route, c))
                .fold(f32::MAX, f32::min);
            if best.is_none_or(|(b, _)| clear > b + 1e-3) {
                best = Some((clear, i));
            }
            if clear >= 0.45 * s {
                break;
            }
        }
        let chosen = best.map_or(0, |(_, i)| i);
        routes.swap_remove(chosen)
    }
}

/// The axis whose wrap-around (in the bit mask `wrap`) makes `a` and `b` neighbours:
/// they sit on the two edges of that axis, and no other coordinate differs by more
/// than one (or it wraps too). `None` for squares that are not such neighbours.
pub(crate) fn wrap_axis(board: &BoardGeometry, wrap: u8, a: u16, b: u16) -> Option<usize> {
    if wrap == 0 {
        return None;
    }
    let (ca, cb) = (board.coords(a)?, board.coords(b)?);
    let sizes = board.sizes();
    let across =
        |i: usize| wrap & (1 << i) != 0 && sizes[i] > 2 && ca[i].abs_diff(cb[i]) == sizes[i] - 1;
    let axis = (0..4).find(|&i| across(i))?;
    (0..4)
        .all(|i| i == axis || ca[i].abs_diff(cb[i]) <= 1 || across(i))
        .then_some(axis)
}

/// Whether two squares lie on the same 2D board (same Z and W).
fn same_board(board: &BoardGeometry, a: u16, b: u16) -> bool {
    match (board.coords(a), board.coords(b)) {
        (Some(ca), Some(cb)) => ca[2] == cb[2] && ca[3] == cb[3],
        _ => false,
    }
}

/// Whether two squares touch: no coordinate differs by more than one.
pub(crate) fn neighbours(board: &BoardGeometry, a: u16, b: u16) -> bool {
    match (board.coords(a), board.coords(b)) {
        (Some(ca), Some(cb)) => (0..4).all(|i| ca[i].abs_diff(cb[i]) <= 1),
        _ => false,
    }
}

/// Shortest distance from `p` to a polyline.
pub(crate) fn polyline_distance(points: &[Vec2], p: Vec2) -> f32 {
    points
        .windows(2)
        .map(|w| {
            let ab = w[1] - w[0];
            let t = if ab.length_squared() > 1e-9 {
                ((p - w[0]).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            p.distance(w[0] + ab * t)
        })
        .fold(f32::MAX, f32::min)
}

/// The square under pixel `pos` for a scene drawn into `area` (both pictures are
/// searched), or `None`. In the tesseract a piece's silhouette is picked first, the
/// nearest to the eye, then the tiles.
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
    let l = scene_layout(scene, area);
    let square = if let Some(rect) = l.flat.filter(|r| r.contains(pos)) {
        FlatLayout::new(board, rect).flipped(scene.flip).pick(pos)
    } else {
        let rect = l.tesseract.filter(|r| r.contains(pos))?;
        pick_tesseract_scene(&board, &Projector::new(&scene.camera, rect), scene, pos)
    };
    // A hole is no square: nothing there to pick.
    square.filter(|s| !scene.absent.contains(s))
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

    #[test]
    fn raumschach_layers_wrap_into_a_grid_rows_going_up() {
        let board = BoardGeometry::new([5, 5, 5, 1]).unwrap();
        // A squarish rectangle (the flat picture beside the tesseract).
        let rect = Rect::new(0.0, 0.0, 700.0, 560.0);
        let flat = FlatLayout::new(board, rect);
        assert_eq!(flat.grid(), [3, 2]);
        let one_row = 700.0 / (2.0 * PAD + RANK_MARGIN + 25.0 + 4.0 * GAP);
        assert!(flat.square_size() > 1.5 * one_row, "{}", flat.square_size());
        // 0 1 2 along the bottom, 3 4 above them, starting at the left.
        let r: Vec<Rect> = (0..5).map(|z| flat.board_rect(z, 0)).collect();
        assert!(r[0].x < r[1].x && r[1].x < r[2].x && r[0].y == r[2].y);
        assert!(r[3].y + r[3].h < r[0].y && (r[3].x - r[0].x).abs() < 1e-3);
        assert!((r[4].x - r[1].x).abs() < 1e-3 && r[4].y == r[3].y);
        for b in &r {
            assert!(b.x >= 0.0 && b.y >= 0.0 && b.x + b.w <= 700.0 && b.y + b.h <= 560.0);
        }
        // The empty sixth place picks nothing.
        let empty = Rect::new(r[2].x, r[3].y, r[2].w, r[2].h);
        assert_eq!(flat.pick(empty.centre()), None);
        // A wide strip still gets one row.
        let strip = FlatLayout::new(board, Rect::new(0.0, 0.0, 1600.0, 200.0));
        assert_eq!(strip.grid(), [5, 1]);
    }

    #[test]
    fn holes_are_never_picked_in_either_picture() {
        let holes = vec![27u16, 28, 35, 36]; // d4 e4 d5 e5
        let scene = Scene {
            shape: [8, 8, 1, 1],
            absent: holes.clone(),
            camera: crate::scene::Camera::for_shape([8, 8, 1, 1]),
            ..Scene::default()
        };
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        let l = scene_layout(&scene, area);
        let board = BoardGeometry::new(scene.shape).unwrap();
        let flat = FlatLayout::new(board, l.flat.unwrap());
        let proj = Projector::new(&scene.camera, l.tesseract.unwrap());
        for sq in 0..64u16 {
            let in_flat = pick(&scene, area, flat.square_centre(sq).unwrap());
            let at = proj
                .project(board.centre_4d(sq).unwrap())
                .unwrap()
                .truncate();
            let in_tesseract = pick(&scene, area, at);
            if holes.contains(&sq) {
                assert_eq!((in_flat, in_tesseract), (None, None), "hole {sq}");
            } else {
                assert_eq!((in_flat, in_tesseract), (Some(sq), Some(sq)));
            }
        }
    }

    #[test]
    fn hand_strips_take_the_top_and_bottom_and_pick_their_slots() {
        use crate::scene::HandPiece;
        let piece = |glyph, white| HandPiece {
            glyph,
            white,
            count: 1,
            selected: false,
            focused: false,
        };
        let mut scene = Scene {
            shape: [8, 8, 1, 1],
            hands: Some(vec![piece('P', true), piece('N', true), piece('Q', false)]),
            ..Scene::default()
        };
        let area = Rect::new(0.0, 0.0, 1000.0, 700.0);
        let l = scene_layout(&scene, area);
        let [white, black] = l.hands.unwrap();
        assert!(black.y < white.y);
        for r in [l.tesseract.unwrap(), l.flat.unwrap()] {
            assert!(r.y >= black.y + black.h && r.y + r.h <= white.y);
        }
        for i in 0..3 {
            let slot = hand_slot(&scene, area, i).unwrap();
            assert_eq!(pick_hand(&scene, area, slot.centre()), Some(i));
            assert_eq!(
                pick(&scene, area, slot.centre()),
                None,
                "a slot is no square"
            );
        }
        // White's two kinds side by side in its strip, Black's queen alone in its own.
        let (p, n) = (
            hand_slot(&scene, area, 0).unwrap(),
            hand_slot(&scene, area, 1).unwrap(),
        );
        assert!(p.x + p.w <= n.x && (p.y - n.y).abs() < 1e-3 && white.contains(p.centre()));
        assert!(black.contains(hand_slot(&scene, area, 2).unwrap().centre()));
        // Flipped, White's strip is the top one.
        scene.flip = true;
        let [white, black] = scene_layout(&scene, area).hands.unwrap();
        assert!(white.y < black.y);
        assert_eq!(pick_hand(&scene, area, Vec2::new(999.0, 350.0)), None);
    }

    #[test]
    fn a_hop_round_a_wrapping_edge_stays_off_the_board() {
        let board = BoardGeometry::new([8, 8, 1, 1]).unwrap();
        let flat = FlatLayout::new(board, Rect::new(0.0, 0.0, 640.0, 640.0)).wrapping(1);
        let b = flat.board_rect(0, 0);
        let inside = |p: Vec2| p.x > b.x && p.x < b.x + b.w && p.y > b.y && p.y < b.y + b.h;
        // a1 to h1 round the cylinder: out left, along below the board, in from the right.
        let route = flat.arrow_route(&[0, 7]);
        assert_eq!(route.len(), 6);
        assert!(route[1..5].iter().all(|&p| !inside(p)), "{route:?}");
        // The route's middle runs outside the board: no square centre near it.
        for sq in 1..63u16 {
            let c = flat.square_centre(sq).unwrap();
            assert!(polyline_distance(&route[1..5], c) > flat.square_size() * 0.45);
        }
        // Without the wrap it is an ordinary leap; a1 to b1 stays straight.
        let plain = FlatLayout::new(board, Rect::new(0.0, 0.0, 640.0, 640.0));
        assert_ne!(plain.arrow_route(&[0, 7]).len(), 6);
        assert_eq!(flat.arrow_route(&[0, 1]).len(), 2);
        // A diagonal round the edge (a1 to h2) too.
        assert_eq!(flat.arrow_route(&[0, 15]).len(), 6);
    }

    #[test]
    fn four_d_board_keeps_its_two_by_two_grid_in_any_rectangle() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        for rect in [
            Rect::new(0.0, 0.0, 300.0, 900.0),
            Rect::new(0.0, 0.0, 1600.0, 200.0),
        ] {
            let flat = FlatLayout::new(board, rect);
            assert_eq!(flat.grid(), [2, 2]);
            assert_eq!(flat.board_cell(1, 0), [1, 0]);
            assert_eq!(flat.board_cell(0, 1), [0, 1]);
        }
    }

    #[test]
    fn flipped_boards_reverse_files_and_ranks_and_still_pick() {
        for shape in [[4, 4, 2, 2], [8, 8, 1, 1], [5, 5, 5, 1], [10, 8, 1, 1]] {
            let board = BoardGeometry::new(shape).unwrap();
            let rect = Rect::new(3.0, 9.0, 700.0, 620.0);
            let plain = FlatLayout::new(board, rect);
            let flat = plain.flipped(true);
            let [sx, sy, _, _] = board.sizes();
            for sq in 0..board.square_count() as u16 {
                let r = flat.square_rect(sq).unwrap();
                assert_eq!(flat.pick(r.centre()), Some(sq), "{shape:?}");
                // Same board, mirrored through its centre.
                let [x, y, z, w] = board.coords(sq).unwrap();
                let mirror = board.square([sx - 1 - x, sy - 1 - y, z, w]).unwrap();
                assert_eq!(r, plain.square_rect(mirror).unwrap());
            }
        }
        // Through the scene, as the app picks.
        let scene = Scene {
            view: View::Flat,
            flip: true,
            ..Scene::default()
        };
        let area = Rect::new(0.0, 0.0, 800.0, 600.0);
        let flat = FlatLayout::new(BoardGeometry::new(scene.shape).unwrap(), area).flipped(true);
        for sq in 0..64u16 {
            assert_eq!(
                pick(&scene, area, flat.square_centre(sq).unwrap()),
                Some(sq)
            );
        }
        // a1[0,0] is now the top-right square of the bottom-left board.
        let a1 = flat.square_rect(0).unwrap();
        let b = flat.board_rect(0, 0);
        assert!((a1.x + a1.w - (b.x + b.w)).abs() < 1e-3 && (a1.y - b.y).abs() < 1e-3);
    }
}
