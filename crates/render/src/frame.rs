//! Turning a [`Scene`] into GPU instance lists on the CPU: translucent cells for the
//! tesseract, and screen-space quads (pieces, marks, lines, arrows, labels, flat boards)
//! in three ranges that the renderer draws with one call each. The lists keep their
//! capacity between frames, so a steady scene allocates nothing.

use std::ops::Range;

use glam::{Mat4, Vec2, Vec3, Vec4};

use crate::atlas::piece_uv;
use crate::instances::{
    CellInstance, Globals, Label, MODE_DISC, MODE_GLOW, MODE_PIECE, MODE_RING, MODE_SOLID,
    QuadInstance, UNIT_UV, frame_quad, push_arrow, push_segment, push_text, rect_quad, square_quad,
};
use crate::layout::{FlatLayout, layout};
use crate::projection::{BoardGeometry, MIN_W_DIVISOR, Projector, Rect};
use crate::scene::{FLOATING_PIECE_PX, Highlight, Scene, ScenePiece};
use crate::style::{
    Palette, Rgba, arrow_colour, highlight_colour, highlight_rank, palette, piece_colours,
    with_alpha,
};

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
    sorted_cells: Vec<(f32, CellInstance)>,
    sorted_sprites: Vec<(f32, QuadInstance)>,
}

impl Frame {
    /// Rebuild every list for `scene` drawn into `area` of a `target`-sized image.
    pub(crate) fn build(&mut self, scene: &Scene, target: [u32; 2], area: Rect, srgb: bool) {
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
        let split = layout(scene.view, area);
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
        let (fill, line) = piece_colours(piece.white);
        let start = self.quads.len();
        self.quads.push(square_quad(
            Vec2::from(at).extend(0.0),
            side * 0.47,
            piece_uv(piece.glyph),
            fill,
            line,
            MODE_PIECE,
        ));
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

    /// The strongest mark of every square, for tinting tesseract cells.
    fn collect_marks(&mut self, scene: &Scene, board: &BoardGeometry) {
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

    fn build_tesseract(&mut self, scene: &Scene, board: &BoardGeometry, rect: Rect, pal: &Palette) {
        let proj = Projector::new(&scene.camera, rect);
        let remap = clip_remap(rect, self.target);
        self.globals.view_proj = (remap * proj.view_proj()).to_cols_array_2d();
        self.globals.rotation = proj.rotation().to_cols_array_2d();
        self.globals.params[0] = proj.perspective_4d();
        self.globals.params[3] = board.pitch() * 0.022;
        self.tesseract_scissor = scissor(rect, self.target);
        if self.tesseract_scissor.is_none() {
            return; // the rectangle lies outside the target
        }

        // Cells, far to near, so their translucent faces blend in a stable order.
        let half = board.cell_half().extend(0.0).to_array();
        self.sorted_cells.clear();
        for square in 0..board.square_count() {
            let Some(centre) = board.tile_centre_4d(square as u16) else {
                continue;
            };
            let (fill, edge) = match self.marks[square] {
                Some(h) => {
                    let c = highlight_colour(h);
                    (with_alpha(c, 0.75), with_alpha(c, 1.0))
                }
                None => {
                    let tone = if is_dark(board, square as u16) {
                        with_alpha(pal.dark_square, 0.25)
                    } else {
                        with_alpha(pal.light_square, 0.45)
                    };
                    (tone, pal.cell_edge)
                }
            };
            let key = proj.view_depth(proj.to_world(centre));
            let cell = CellInstance {
                centre: centre.to_array(),
                half,
                fill,
                edge,
            };
            self.sorted_cells.push((key, cell));
        }
        self.sorted_cells
            .sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        self.cells.extend(self.sorted_cells.iter().map(|(_, c)| *c));

        self.push_tesseract_sprites(scene, board, &proj, pal);

        let overlay_start = self.quads.len();
        for arrow in &scene.arrows {
            let ends = [arrow.from, arrow.to].map(|sq| {
                let c = board.centre_4d(sq)?;
                Some((proj.project(c)?, proj.cell_radius_px(board, c)))
            });
            if let [Some((a, ra)), Some((b, rb))] = ends {
                let width = ((ra + rb) * 0.12).clamp(3.0, 14.0);
                push_arrow(
                    &mut self.quads,
                    a.truncate(),
                    b.truncate(),
                    width,
                    arrow_colour(arrow.kind),
                );
            }
        }
        self.close(overlay_start, QuadPipe::PlainOverlay, true);
    }

    /// Outline of every W copy's cube, and the edges joining matching corners of
    /// neighbouring copies: the picture of a tesseract.
    fn push_cube_lines(&mut self, board: &BoardGeometry, proj: &Projector, pal: &Palette) {
        let copies = board.sizes()[3];
        let mut previous: Option<[Vec4; 8]> = None;
        for w in 0..copies {
            let corners = board.cube_corners(w);
            for i in 0..8usize {
                for bit in [1usize, 2, 4] {
                    if i & bit == 0 {
                        self.push_line(proj, corners[i], corners[i | bit], 1.6, pal.cube_line);
                    }
                }
                if let Some(inner) = previous {
                    self.push_line(proj, inner[i], corners[i], 1.6, pal.cube_line);
                }
            }
            previous = Some(corners);
        }
    }

    fn push_line(&mut self, proj: &Projector, a: Vec4, b: Vec4, width: f32, colour: Rgba) {
        if let (Some(a), Some(b)) = (proj.project(a), proj.project(b)) {
            push_segment(&mut self.quads, a, b, width, colour);
        }
    }

    /// Cube lines and square marks (one draw), then pieces as camera-facing billboards
    /// (another); each run far to near, all depth-tested.
    fn push_tesseract_sprites(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        proj: &Projector,
        pal: &Palette,
    ) {
        let at = |square: u16| {
            let c = board.centre_4d(square)?;
            Some((proj.project(c)?, proj.cell_radius_px(board, c)))
        };
        let start = self.quads.len();
        self.push_cube_lines(board, proj, pal);
        self.sorted_sprites.clear();
        for &(square, h) in &scene.highlights {
            let Some((p, r)) = at(square) else { continue };
            let behind = Vec3::new(p.x, p.y, p.z + BEHIND);
            let c = highlight_colour(h);
            let quad = match h {
                Highlight::LegalMove => square_quad(p, r * 0.3, UNIT_UV, c, c, MODE_DISC),
                Highlight::LegalCapture | Highlight::Threat => square_quad(
                    behind,
                    r * 1.05,
                    UNIT_UV,
                    c,
                    [0.74, 0.0, 0.0, 0.0],
                    MODE_RING,
                ),
                Highlight::Check | Highlight::Selected => {
                    square_quad(behind, r * 1.3, UNIT_UV, c, c, MODE_GLOW)
                }
                _ => continue,
            };
            self.sorted_sprites.push((quad.p0[2], quad));
        }
        self.flush_sorted_sprites();
        self.close(start, QuadPipe::PlainDepth, true);

        let start = self.quads.len();
        for piece in &scene.pieces {
            let Some((p, r)) = at(piece.square) else {
                continue;
            };
            let (fill, line) = piece_colours(piece.white);
            let quad = square_quad(p, r * 0.9, piece_uv(piece.glyph), fill, line, MODE_PIECE);
            self.sorted_sprites.push((p.z, quad));
        }
        self.flush_sorted_sprites();
        self.close(start, QuadPipe::TexturedDepth, true);
    }

    /// Append the collected sprites far to near, so their soft edges blend right.
    fn flush_sorted_sprites(&mut self) {
        self.sorted_sprites
            .sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        self.quads
            .extend(self.sorted_sprites.iter().map(|(_, q)| *q));
        self.sorted_sprites.clear();
    }

    /// Flat boards in three draws: squares and tints, then pieces and labels, then the
    /// marks and arrows over them. `start` is where this picture's first run began.
    fn build_flat(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        rect: Rect,
        pal: &Palette,
        start: usize,
    ) {
        let flat = FlatLayout::new(*board, rect).flipped(scene.flip);
        let s = flat.square_size();
        if s < 2.0 {
            self.close(start, QuadPipe::PlainOverlay, false);
            return;
        }
        let [sx, sy, sz, sw] = board.sizes();
        for w in 0..sw {
            for z in 0..sz {
                let b = flat.board_rect(z, w);
                // Four thin bands, not a rectangle under the board: software
                // rasterizers pay for every covered pixel.
                let pad = (s * 0.06).max(1.0);
                let bands = [
                    Rect::new(b.x - pad, b.y - pad, b.w + 2.0 * pad, pad),
                    Rect::new(b.x - pad, b.y + b.h, b.w + 2.0 * pad, pad),
                    Rect::new(b.x - pad, b.y, pad, b.h),
                    Rect::new(b.x + b.w, b.y, pad, b.h),
                ];
                for band in bands {
                    self.quads
                        .push(rect_quad(band, pal.board_frame, MODE_SOLID));
                }
            }
        }
        for square in 0..board.square_count() as u16 {
            let Some(r) = flat.square_rect(square) else {
                continue;
            };
            let tone = if is_dark(board, square) {
                pal.dark_square
            } else {
                pal.light_square
            };
            self.quads.push(rect_quad(r, tone, MODE_SOLID));
        }
        // Square tints under the pieces, in the scene's order.
        for &(square, h) in &scene.highlights {
            let Some(r) = flat.square_rect(square) else {
                continue;
            };
            let c = highlight_colour(h);
            let quad = match h {
                Highlight::Selected => rect_quad(r, with_alpha(c, 0.70), MODE_SOLID),
                Highlight::LastMove => rect_quad(r, with_alpha(c, 0.55), MODE_SOLID),
                Highlight::Path => rect_quad(r, with_alpha(c, 0.50), MODE_SOLID),
                Highlight::Check => rect_quad(r, c, MODE_GLOW),
                _ => continue,
            };
            self.quads.push(quad);
        }
        self.close(start, QuadPipe::PlainOverlay, false);
        let start = self.quads.len();
        self.push_flat_labels(&flat, [sx, sy, sz, sw], pal);
        for piece in &scene.pieces {
            let Some(r) = flat.square_rect(piece.square) else {
                continue;
            };
            let (fill, line) = piece_colours(piece.white);
            let centre = r.centre().extend(0.5);
            self.quads.push(square_quad(
                centre,
                s * 0.47,
                piece_uv(piece.glyph),
                fill,
                line,
                MODE_PIECE,
            ));
        }
        self.close(start, QuadPipe::TexturedOverlay, false);
        // Marks drawn over the pieces.
        let start = self.quads.len();
        for &(square, h) in &scene.highlights {
            let Some(r) = flat.square_rect(square) else {
                continue;
            };
            let c = highlight_colour(h);
            let centre = r.centre().extend(0.5);
            let quad = match h {
                Highlight::LegalMove => square_quad(centre, s * 0.16, UNIT_UV, c, c, MODE_DISC),
                Highlight::LegalCapture => square_quad(
                    centre,
                    s * 0.5,
                    UNIT_UV,
                    with_alpha(c, 0.9),
                    [0.80, 0.0, 0.0, 0.0],
                    MODE_RING,
                ),
                Highlight::Threat => frame_quad(r, c, 0.09),
                Highlight::Focus => frame_quad(r, c, 0.11),
                Highlight::Hover => frame_quad(r, with_alpha(c, 0.8), 0.06),
                _ => continue,
            };
            self.quads.push(quad);
        }
        for arrow in &scene.arrows {
            if let (Some(a), Some(b)) =
                (flat.square_centre(arrow.from), flat.square_centre(arrow.to))
            {
                let width = (s * 0.13).clamp(3.0, 12.0);
                push_arrow(&mut self.quads, a, b, width, arrow_colour(arrow.kind));
            }
        }
        self.close(start, QuadPipe::PlainOverlay, false);
    }

    /// Rank numbers left of the left column of boards, file letters under the bottom
    /// row, and a `[z,w]` tag above every board.
    fn push_flat_labels(&mut self, flat: &FlatLayout, sizes: [u32; 4], pal: &Palette) {
        let s = flat.square_size();
        if s < 12.0 {
            return;
        }
        let [sx, sy, sz, sw] = sizes;
        let ink = (s * 0.26).clamp(7.0, 20.0);
        for w in 0..sw {
            for z in 0..sz {
                let [column, row] = flat.board_cell(z, w);
                let b = flat.board_rect(z, w);
                if column == 0 {
                    for y in 0..sy {
                        let mut text = Label::default();
                        text.push_number(y + 1);
                        let row_y = b.y + flat.rank_row(y) as f32 * s + s * 0.5;
                        let at = Vec2::new(b.x - s * 0.3, row_y);
                        push_text(&mut self.quads, text.chars(), at, 0.5, ink, pal.label);
                    }
                }
                if row == 0 {
                    for x in 0..sx.min(26) {
                        let letter = char::from(b'a' + x as u8);
                        let column_x = b.x + (flat.file_column(x) as f32 + 0.5) * s;
                        let at = Vec2::new(column_x, b.y + b.h + s * 0.3);
                        push_text(&mut self.quads, &[letter], at, 0.5, ink, pal.label);
                    }
                }
            }
        }
        if sz == 1 && sw == 1 {
            return;
        }
        for w in 0..sw {
            for z in 0..sz {
                let b = flat.board_rect(z, w);
                let mut tag = Label::default();
                tag.push('[');
                tag.push_number(z);
                if sw > 1 {
                    tag.push(',');
                    tag.push_number(w);
                }
                tag.push(']');
                let at = Vec2::new(b.x, b.y - s * 0.3);
                push_text(&mut self.quads, tag.chars(), at, 0.0, ink, pal.label);
            }
        }
    }
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
            arrows: vec![Arrow {
                from: 0,
                to: 32,
                kind: ArrowKind::Hint,
            }],
            ..Scene::default()
        }
    }

    #[test]
    fn draw_lists_hold_every_square_and_piece_and_reuse_memory() {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        frame.build(&scene(), [1280, 720], area, false);
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
                PlainOverlay,
                TexturedOverlay,
                PlainOverlay
            ]
        );
        let tesseract_arrow = &frame.draws[2];
        assert!(
            tesseract_arrow.in_tesseract && tesseract_arrow.range.len() == 2,
            "shaft and head"
        );
        let caps = (frame.cells.capacity(), frame.quads.capacity());
        frame.build(&scene(), [1280, 720], area, false);
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
            [640, 480],
            area,
            false,
        );
        assert!(frame.cells.is_empty() && frame.quads.is_empty());
    }

    #[test]
    fn a_floating_piece_is_one_last_textured_draw_centred_on_its_pixel() {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, 1280.0, 720.0);
        frame.build(&scene(), [1280, 720], area, false);
        let draws = frame.draws.len();
        let mut floating = scene();
        let piece = ScenePiece {
            square: 9,
            glyph: 'N',
            white: false,
        };
        floating.floating = Some((piece, [300.0, 200.0]));
        frame.build(&floating, [1280, 720], area, false);
        assert_eq!(frame.draws.len(), draws + 1);
        let last = frame.draws.last().unwrap();
        assert!(last.pipe == QuadPipe::TexturedOverlay && !last.in_tesseract);
        assert_eq!(last.range.len(), 1);
        let q = frame.quads[last.range.start as usize];
        assert_eq!(q.mode, MODE_PIECE);
        assert_eq!(q.uv, piece_uv('N'));
        let centre = (Vec2::from_slice(&q.p0) + Vec2::from_slice(&q.p2)) * 0.5;
        assert!(centre.distance(Vec2::new(300.0, 200.0)) < 1e-3);
        // Same size as the flat boards' pieces.
        let flat = FlatLayout::new(
            BoardGeometry::new(floating.shape).unwrap(),
            layout(View::Both, area).flat.unwrap(),
        );
        assert!(((q.p2[0] - q.p0[0]).abs() - flat.square_size() * 0.94).abs() < 1e-2);
        // A pointer position that is not a number draws nothing extra.
        floating.floating = Some((piece, [f32::NAN, 3.0]));
        frame.build(&floating, [1280, 720], area, false);
        assert_eq!(frame.draws.len(), draws);
    }
}
