//! Turning a [`Scene`] into GPU instance lists on the CPU: translucent cells for the
//! tesseract, and screen-space quads (pieces, marks, lines, arrows, labels, flat boards)
//! in three ranges that the renderer draws with one call each. The lists keep their
//! capacity between frames, so a steady scene allocates nothing.

mod flat;
mod hands;
mod seam;
mod tesseract;

use std::ops::Range;

use glam::{Mat4, Vec2, Vec3, Vec4};

use crate::atlas::{FONT_ASPECT, FONT_INK_HEIGHT, font_uv, scene_piece_uv, tile_uv};
use crate::instances::{
    CellInstance, Globals, MODE_PIECE, MODE_SOLID, MODE_TEXT, QuadInstance, rect_quad, square_quad,
};
use crate::layout::{FlatLayout, scene_layout};
use crate::projection::{BoardGeometry, MIN_W_DIVISOR, Rect};
use crate::scene::{FLOATING_PIECE_PX, Highlight, Scene, ScenePiece};
use crate::style::{Rgba, highlight_rank, palette, piece_colours};

/// Depth nudge that puts a mark just behind the piece on the same square.
const BEHIND: f32 = 2e-5;

/// How a run of quads is drawn: with or without the atlas (plain quads never pay for
/// texture reads, which dominate on software rasterizers), depth-tested or on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum QuadPipe {
    PlainDepth = 0,
    TexturedDepth = 1,
    PlainOverlay = 2,
    TexturedOverlay = 3,
}

/// One draw call's worth of quads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct QuadDraw {
    pub(crate) range: Range<u32>,
    pub(crate) pipe: QuadPipe,
    /// Clipped to the tesseract rectangle (else the whole target).
    pub(crate) in_tesseract: bool,
}

/// The CPU side of one frame.
#[derive(Default)]
pub(crate) struct Frame {
    pub(crate) cells: Vec<CellInstance>,
    pub(crate) quads: Vec<QuadInstance>,
    /// Runs of `quads` in drawing order: at most three for the tesseract (lines and
    /// marks, pieces, arrows) and three for the flat boards (squares, pieces and
    /// labels, marks and arrows), whatever the scene holds.
    pub(crate) draws: Vec<QuadDraw>,
    /// Pixel rectangle `[x, y, w, h]` the tesseract draws are clipped to.
    pub(crate) tesseract_scissor: Option<[u32; 4]>,
    pub(crate) target: [u32; 2],
    pub(crate) globals: Globals,
    pub(crate) clear: Rgba,
    marks: Vec<Option<Highlight>>,
    /// The atlas cell of each piece letter with a picture of its own, as the renderer
    /// placed them for this frame.
    own_cells: Vec<(char, u8)>,
    /// Whether each square is a hole (drawn as absent).
    absent: Vec<bool>,
    sorted_cells: Vec<(f32, CellInstance)>,
    sorted_sprites: Vec<(f32, QuadInstance)>,
}

impl Frame {
    /// Rebuild every list for `scene` drawn into `area` of a `target`-sized image, its
    /// own pictures in the atlas cells `own_cells` (letter, cell).
    pub(crate) fn build(
        &mut self,
        scene: &Scene,
        own_cells: &[(char, u8)],
        target: [u32; 2],
        area: Rect,
        srgb: bool,
    ) {
        self.own_cells.clear();
        self.own_cells.extend_from_slice(own_cells);
        self.cells.clear();
        self.quads.clear();
        self.draws.clear();
        self.tesseract_scissor = None;
        self.target = target;
        let pal = palette(scene.theme);
        self.clear = pal.background;
        self.globals = Globals {
            params: [0.0, MIN_W_DIVISOR, 0.0, 0.0],
            target: [target[0].max(1) as f32, target[1].max(1) as f32, 0.0, 0.0],
            ..Globals::default()
        };
        let Some(board) = BoardGeometry::new(scene.shape) else {
            return;
        };
        self.collect_marks(scene, &board);
        let split = scene_layout(scene, area);
        if let Some(rect) = split.tesseract {
            self.build_tesseract(scene, &board, rect, &pal);
        }
        let start = self.quads.len();
        if let (Some(t), Some(_)) = (split.tesseract, split.flat) {
            let line = Rect::new(t.x + t.w - 1.0, t.y, 2.0, t.h);
            self.quads.push(rect_quad(line, pal.separator, MODE_SOLID));
        }
        if let Some(rect) = split.flat {
            self.build_flat(scene, &board, rect, &pal, start);
        } else {
            self.close(start, QuadPipe::PlainOverlay, false);
        }
        if let Some(strips) = split.hands {
            self.build_hands(scene, strips, &pal);
        }
        if let Some((piece, at)) = scene.floating {
            self.push_floating(scene, &board, split.flat, piece, at);
        }
        if srgb {
            self.convert_to_linear();
        }
    }

    /// The dragged piece: one more draw on top of everything, at the flat boards'
    /// piece size so it matches what it was picked up from.
    fn push_floating(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        flat: Option<Rect>,
        piece: ScenePiece,
        at: [f32; 2],
    ) {
        if !at.iter().all(|v| v.is_finite()) {
            return;
        }
        let side = flat
            .map(|r| FlatLayout::new(*board, r).flipped(scene.flip).square_size())
            .filter(|&s| s >= 2.0)
            .unwrap_or(FLOATING_PIECE_PX);
        let start = self.quads.len();
        let up = piece.white != scene.flip;
        let (body, letter) = piece_quads(
            scene,
            &self.own_cells,
            piece,
            Vec2::from(at).extend(0.0),
            side * 0.47,
            up,
        );
        self.quads.push(body);
        self.quads.extend(letter);
        self.close(start, QuadPipe::TexturedOverlay, false);
    }

    /// Record the quads pushed since `start` as one draw.
    fn close(&mut self, start: usize, pipe: QuadPipe, in_tesseract: bool) {
        let end = self.quads.len();
        if end > start {
            let range = start as u32..end as u32;
            self.draws.push(QuadDraw {
                range,
                pipe,
                in_tesseract,
            });
        }
    }

    /// An sRGB target encodes what the shader writes: hand it linear colours, converted
    /// once per instance here instead of once per pixel on the GPU.
    fn convert_to_linear(&mut self) {
        for cell in &mut self.cells {
            cell.fill = srgb_to_linear(cell.fill);
            cell.edge = srgb_to_linear(cell.edge);
        }
        for quad in &mut self.quads {
            quad.colour = srgb_to_linear(quad.colour);
            if quad.mode == MODE_PIECE {
                quad.colour2 = srgb_to_linear(quad.colour2);
            }
        }
    }

    /// The strongest mark of every square, for tinting tesseract cells, and the holes.
    fn collect_marks(&mut self, scene: &Scene, board: &BoardGeometry) {
        self.absent.clear();
        self.absent.resize(board.square_count(), false);
        for &square in &scene.absent {
            if let Some(slot) = self.absent.get_mut(square as usize) {
                *slot = true;
            }
        }
        self.marks.clear();
        self.marks.resize(board.square_count(), None);
        for &(square, h) in &scene.highlights {
            if let Some(slot) = self.marks.get_mut(square as usize)
                && slot.is_none_or(|old| highlight_rank(h) >= highlight_rank(old))
            {
                *slot = Some(h);
            }
        }
    }
}

/// The quads of `piece` centred on `c` (pixels and depth), `half` its half-size: its
/// picture, or with [`Scene::tiles`] a shogi tile pointing up the screen when `up` (else
/// down, at the player across the board) with the piece's letter over it, turned with it.
pub(super) fn piece_quads(
    scene: &Scene,
    own_cells: &[(char, u8)],
    piece: ScenePiece,
    c: Vec3,
    half: f32,
    up: bool,
) -> (QuadInstance, Option<QuadInstance>) {
    let (fill, line) = piece_colours(piece.white);
    if !scene.tiles {
        let uv = scene_piece_uv(&scene.pictures, own_cells, piece.glyph);
        return (square_quad(c, half, uv, fill, line, MODE_PIECE), None);
    }
    let body = square_quad(c, half, tile_uv(up), fill, line, MODE_PIECE);
    let ink = if piece.white {
        [0.07, 0.07, 0.09, 1.0]
    } else {
        [0.93, 0.93, 0.95, 1.0]
    };
    // The letter sits a little towards the tile's wide end, as high as half the tile.
    let cell_h = half * 0.95 / FONT_INK_HEIGHT;
    let cell_w = cell_h * FONT_ASPECT;
    let centre = Vec2::new(c.x, c.y + if up { 0.08 } else { -0.08 } * half);
    let r = Rect::new(
        centre.x - cell_w * 0.5,
        centre.y - cell_h * 0.5,
        cell_w,
        cell_h,
    );
    let [u0, v0, u1, v1] = font_uv(piece.glyph.to_ascii_uppercase());
    let uv = if up {
        [u0, v0, u1, v1]
    } else {
        [u1, v1, u0, v0]
    };
    let mut letter = QuadInstance {
        uv,
        ..rect_quad(r, ink, MODE_TEXT)
    };
    // Just in front of the tile, so the depth test keeps it on top.
    for p in [
        &mut letter.p0,
        &mut letter.p1,
        &mut letter.p2,
        &mut letter.p3,
    ] {
        p[2] = c.z - BEHIND * 0.5;
    }
    (body, Some(letter))
}

fn srgb_to_linear(c: Rgba) -> Rgba {
    let f = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(c[0]), f(c[1]), f(c[2]), c[3]]
}

/// A square's colour: a1 (all coordinates 0) is dark, like chess.
fn is_dark(board: &BoardGeometry, square: u16) -> bool {
    board
        .coords(square)
        .is_some_and(|c| c.iter().sum::<u32>() % 2 == 0)
}

/// Clip-space transform that squeezes the tesseract's own clip space into `rect` of the
/// whole target, so no viewport switch is needed inside the app's render pass.
fn clip_remap(rect: Rect, target: [u32; 2]) -> Mat4 {
    let (tw, th) = (target[0].max(1) as f32, target[1].max(1) as f32);
    let sx = rect.w / tw;
    let sy = rect.h / th;
    let tx = (rect.x + rect.w * 0.5) / tw * 2.0 - 1.0;
    let ty = 1.0 - (rect.y + rect.h * 0.5) / th * 2.0;
    Mat4::from_cols(
        Vec4::new(sx, 0.0, 0.0, 0.0),
        Vec4::new(0.0, sy, 0.0, 0.0),
        Vec4::Z,
        Vec4::new(tx, ty, 0.0, 1.0),
    )
}

fn scissor(rect: Rect, target: [u32; 2]) -> Option<[u32; 4]> {
    let x0 = rect.x.floor().clamp(0.0, target[0] as f32) as u32;
    let y0 = rect.y.floor().clamp(0.0, target[1] as f32) as u32;
    let x1 = (rect.x + rect.w).ceil().clamp(0.0, target[0] as f32) as u32;
    let y1 = (rect.y + rect.h).ceil().clamp(0.0, target[1] as f32) as u32;
    (x1 > x0 && y1 > y0).then(|| [x0, y0, x1 - x0, y1 - y0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Arrow, ArrowKind, View};

    fn scene() -> Scene {
        Scene {
            pieces: vec![ScenePiece {
                square: 0,
                glyph: 'R',
                white: true,
            }],
            highlights: vec![(0, Highlight::Selected), (16, Highlight::LegalMove)],
            arrows: vec![Arrow::new(0, 32, ArrowKind::Hint)],
            ..Scene::default()
        }
    }

    #[test]
    fn draw_lists_hold_every_square_and_piece_and_reuse_memory() {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        frame.build(&scene(), &[], [1280, 720], area, false);
        assert_eq!(frame.cells.len(), 64);
        let pieces = frame.quads.iter().filter(|q| q.mode == MODE_PIECE).count();
        assert_eq!(pieces, 2, "one piece in each view");
        let pipes: Vec<QuadPipe> = frame.draws.iter().map(|d| d.pipe).collect();
        use QuadPipe::*;
        assert_eq!(
            pipes,
            [
                PlainDepth,
                TexturedDepth,
                PlainOverlay,
                TexturedOverlay,
                PlainOverlay,
                TexturedOverlay,
                PlainOverlay
            ]
        );
        // The tesseract's overlay: the arrow (shaft and head) first, then label plates,
        // and the labels' letters in a textured draw of their own.
        let overlay = &frame.draws[2];
        assert!(overlay.in_tesseract);
        let first = overlay.range.start as usize;
        assert_eq!(frame.quads[first].mode, crate::instances::MODE_LINE);
        assert_eq!(frame.quads[first + 1].mode, crate::instances::MODE_TRIANGLE);
        let letters = &frame.draws[3];
        assert!(letters.in_tesseract);
        assert!(
            frame.quads[letters.range.start as usize..letters.range.end as usize]
                .iter()
                .all(|q| q.mode == crate::instances::MODE_TEXT)
        );
        let caps = (frame.cells.capacity(), frame.quads.capacity());
        frame.build(&scene(), &[], [1280, 720], area, false);
        assert_eq!(caps, (frame.cells.capacity(), frame.quads.capacity()));
    }

    #[test]
    fn views_and_bad_shapes() {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, 640.0, 480.0);
        frame.build(
            &Scene {
                view: View::Flat,
                ..scene()
            },
            &[],
            [640, 480],
            area,
            false,
        );
        assert!(frame.cells.is_empty() && frame.tesseract_scissor.is_none());
        frame.build(
            &Scene {
                view: View::Tesseract,
                ..scene()
            },
            &[],
            [640, 480],
            area,
            false,
        );
        assert!(frame.draws.iter().all(|d| d.in_tesseract));
        assert_eq!(frame.tesseract_scissor, Some([0, 0, 640, 480]));
        frame.build(
            &Scene {
                shape: [255, 255, 255, 255],
                ..scene()
            },
            &[],
            [640, 480],
            area,
            false,
        );
        assert!(frame.cells.is_empty() && frame.quads.is_empty());
    }

    #[test]
    fn a_tesseract_arrow_round_a_wrapping_edge_crosses_no_square_between() {
        use crate::instances::{MODE_LINE, MODE_TRIANGLE};
        use crate::projection::Projector;
        let area = Rect::new(0.0, 0.0, 900.0, 700.0);
        let shape = [8, 8, 1, 1];
        let arrow_quads = |wrap: u8| {
            let scene = Scene {
                shape,
                view: View::Tesseract,
                camera: crate::scene::Camera::for_shape(shape).fit(shape, area),
                arrows: vec![Arrow::new(0, 7, ArrowKind::LastMove)],
                wrap,
                ..Scene::default()
            };
            let mut frame = Frame::default();
            frame.build(&scene, &[], [900, 700], area, false);
            let centres: Vec<Vec2> = frame
                .quads
                .iter()
                .filter(|q| q.mode == MODE_LINE || q.mode == MODE_TRIANGLE)
                .filter(|q| q.colour == crate::style::arrow_colour(ArrowKind::LastMove))
                .map(|q| (Vec2::from_slice(&q.p0) + Vec2::from_slice(&q.p2)) * 0.5)
                .collect();
            (centres, Projector::new(&scene.camera, area))
        };
        let board = BoardGeometry::new(shape).unwrap();
        // Off the stretch between b1 and g1: left of b1's centre or right of g1's.
        let outside = |quads: &[Vec2], proj: &Projector| {
            let x = |sq: u16| proj.project(board.centre_4d(sq).unwrap()).unwrap().x;
            quads.iter().all(|q| q.x < x(1) || q.x > x(6))
        };
        let (wrapped, proj) = arrow_quads(1);
        assert!(!wrapped.is_empty());
        assert!(
            outside(&wrapped, &proj),
            "the wrapped a1-h1 arrow runs over b1..g1"
        );
        let (leap, proj) = arrow_quads(0);
        assert!(
            !outside(&leap, &proj),
            "without the wrap it is a leap over the board"
        );
    }

    #[test]
    fn a_floating_piece_is_one_last_textured_draw_centred_on_its_pixel() {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        frame.build(&scene(), &[], [1280, 720], area, false);
        let draws = frame.draws.len();
        let mut floating = scene();
        let piece = ScenePiece {
            square: 9,
            glyph: 'N',
            white: false,
        };
        floating.floating = Some((piece, [300.0, 200.0]));
        frame.build(&floating, &[], [1280, 720], area, false);
        assert_eq!(frame.draws.len(), draws + 1);
        let last = frame.draws.last().unwrap();
        assert!(last.pipe == QuadPipe::TexturedOverlay && !last.in_tesseract);
        assert_eq!(last.range.len(), 1);
        let q = frame.quads[last.range.start as usize];
        assert_eq!(q.mode, MODE_PIECE);
        assert_eq!(q.uv, crate::atlas::piece_uv('N'));
        let centre = (Vec2::from_slice(&q.p0) + Vec2::from_slice(&q.p2)) * 0.5;
        assert!(centre.distance(Vec2::new(300.0, 200.0)) < 1e-3);
        // Same size as the flat boards' pieces.
        let flat = FlatLayout::new(
            BoardGeometry::new(floating.shape).unwrap(),
            crate::layout::layout(View::Both, area).flat.unwrap(),
        );
        assert!(((q.p2[0] - q.p0[0]).abs() - flat.square_size() * 0.94).abs() < 1e-2);
        // A pointer position that is not a number draws nothing extra.
        floating.floating = Some((piece, [f32::NAN, 3.0]));
        frame.build(&floating, &[], [1280, 720], area, false);
        assert_eq!(frame.draws.len(), draws);
    }

    #[test]
    fn every_label_survives_a_quarter_turn_in_each_4d_plane() {
        use crate::instances::MODE_TEXT;
        let area = Rect::new(0.0, 0.0, 1000.0, 700.0);
        let letters = |camera: crate::scene::Camera| {
            let scene = Scene {
                view: View::Tesseract,
                camera: camera.fit([4, 4, 2, 2], area),
                ..scene()
            };
            let mut frame = Frame::default();
            frame.build(&scene, &[], [1000, 700], area, false);
            let text: Vec<_> = frame
                .quads
                .iter()
                .filter(|q| q.mode == MODE_TEXT)
                .map(|q| (Vec2::from_slice(&q.p0) + Vec2::from_slice(&q.p2)) * 0.5)
                .collect();
            text
        };
        let home = letters(crate::scene::Camera::for_shape([4, 4, 2, 2]));
        // W=0, W=1 (3 letters each), four [z,w] tags (5 each), 4 files and 4 ranks per
        // cube, and the axis gizmo's four letters.
        assert_eq!(
            home.len(),
            2 * 3 + 4 * 5 + 2 * 8 + crate::gizmo::AXIS_NAMES.len()
        );
        for turn in [
            (90.0, 0.0, 0.0),
            (0.0, 90.0, 0.0),
            (0.0, 0.0, 90.0),
            (115.0, 0.0, 0.0),
        ] {
            let camera = crate::scene::Camera {
                xw_deg: turn.0,
                yw_deg: turn.1,
                zw_deg: turn.2,
                ..crate::scene::Camera::for_shape([4, 4, 2, 2])
            };
            let turned = letters(camera);
            assert_eq!(turned.len(), home.len(), "{turn:?}");
            assert!(
                turned.iter().all(|&p| area.contains(p)),
                "{turn:?}: a label left the picture"
            );
        }
    }
}
