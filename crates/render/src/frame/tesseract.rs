//! The tesseract picture: the projected cube lines, translucent cells and the
//! depth-sorted piece and mark sprites over them, then what must never hide behind a
//! piece: arrows, the last move, the focus, and the labels of every W layer and board.

use glam::{Vec2, Vec3, Vec4};

use crate::instances::{
    CellInstance, MODE_DISC, MODE_FRAME, MODE_GLOW, MODE_RING, UNIT_UV, push_label_plate,
    push_path_arrow, push_segment, push_text, square_quad,
};
use crate::layout::{neighbours, wrap_axis};
use crate::pick::piece_sprites;
use crate::projection::{BoardGeometry, Projector, Rect};
use crate::scene::{Arrow, Highlight, Scene};
use crate::style::{Palette, Rgba, arrow_colour, highlight_colour, mix, w_tint, with_alpha};

use super::{BEHIND, Frame, QuadPipe, clip_remap, is_dark, scissor};

/// How much of its alpha a W layer keeps when another one is focused.
const FAINT: f32 = 0.22;

impl Frame {
    pub(super) fn build_tesseract(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        rect: Rect,
        pal: &Palette,
    ) {
        let proj = Projector::new(&scene.camera, rect);
        let remap = clip_remap(rect, self.target);
        self.globals.view_proj = (remap * proj.view_proj()).to_cols_array_2d();
        self.globals.rotation = proj.rotation().to_cols_array_2d();
        self.globals.params[0] = proj.perspective_4d();
        self.globals.separation = proj.separation().extend(0.0).to_array();
        self.globals.params[3] = board.pitch() * 0.022;
        self.tesseract_scissor = scissor(rect, self.target);
        if self.tesseract_scissor.is_none() {
            return; // the rectangle lies outside the target
        }
        self.push_cells(scene, board, &proj, pal);
        self.push_tesseract_sprites(scene, board, &proj, pal);

        let overlay_start = self.quads.len();
        for arrow in &scene.arrows {
            self.push_tesseract_arrow(board, &proj, arrow, scene.wrap);
        }
        let text_start = self.push_tesseract_labels(scene, board, &proj, pal);
        crate::gizmo::push_gizmo(&mut self.quads, &proj, pal, board.sizes());
        self.close_split(overlay_start, text_start);
    }

    /// The overlay in two draws: plain quads (marks, arrows, label plates) up to
    /// `text_start`, then the label text from the atlas.
    fn close_split(&mut self, overlay_start: usize, text_start: usize) {
        let end = self.quads.len();
        // Label plates were pushed between the marks and the text: move the text last.
        let plain_end = text_start.min(end);
        let text: Vec<_> = self.quads.drain(plain_end..).collect();
        let (plates, letters): (Vec<_>, Vec<_>) = text
            .into_iter()
            .partition(|q| q.mode != crate::instances::MODE_TEXT);
        self.quads.extend(plates);
        self.close(overlay_start, QuadPipe::PlainOverlay, true);
        let start = self.quads.len();
        self.quads.extend(letters);
        self.close(start, QuadPipe::TexturedOverlay, true);
    }

    /// Whether square `square` lies on a W layer other than the focused one.
    fn faint(scene: &Scene, board: &BoardGeometry, square: u16) -> bool {
        let w = board.coords(square).map_or(0, |c| c[3]);
        scene.focus_w.is_some_and(|f| u32::from(f) != w)
    }

    /// Cells, far to near, so their translucent faces blend in a stable order. Each W
    /// layer's tiles carry its tint.
    fn push_cells(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        proj: &Projector,
        pal: &Palette,
    ) {
        let layers = board.sizes()[3];
        let half = board.cell_half().extend(0.0).to_array();
        self.sorted_cells.clear();
        for square in 0..board.square_count() {
            let sq = square as u16;
            let Some(centre) = board.tile_centre_4d(sq) else {
                continue;
            };
            if self.absent[square] {
                continue; // a hole: no cell at all
            }
            let w = board.coords(sq).map_or(0, |c| c[3]);
            let tint = w_tint(w, layers);
            let (mut fill, mut edge) = match self.marks[square] {
                Some(h @ (Highlight::Region | Highlight::Goal)) => {
                    // A region tints the square's own tone, softly.
                    let c = highlight_colour(h);
                    let tone = if is_dark(board, sq) {
                        pal.dark_square
                    } else {
                        pal.light_square
                    };
                    (with_alpha(mix(tone, c, 0.55), 0.5), with_alpha(c, 0.8))
                }
                Some(h) => {
                    let c = highlight_colour(h);
                    (with_alpha(c, 0.75), with_alpha(c, 1.0))
                }
                None => {
                    let tone = if is_dark(board, sq) {
                        with_alpha(mix(pal.dark_square, tint, 0.35), 0.30)
                    } else {
                        with_alpha(mix(pal.light_square, tint, 0.30), 0.45)
                    };
                    (tone, with_alpha(tint, 0.55))
                }
            };
            if Self::faint(scene, board, sq) {
                fill[3] *= FAINT;
                edge[3] *= FAINT;
            }
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
    }

    /// Outline of every W copy's cube in that copy's colour, and the edges joining
    /// matching corners of neighbouring copies: the picture of a tesseract.
    fn push_cube_lines(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        proj: &Projector,
        pal: &Palette,
    ) {
        let copies = board.sizes()[3];
        let mut previous: Option<[Vec4; 8]> = None;
        for w in 0..copies {
            let corners = board.cube_corners(w);
            let faint = scene.focus_w.is_some_and(|f| u32::from(f) != w);
            let alpha = if faint { 0.25 } else { 0.9 };
            let colour = if copies > 1 {
                with_alpha(w_tint(w, copies), alpha)
            } else {
                pal.cube_line
            };
            let width = if faint { 1.2 } else { 2.0 };
            for i in 0..8usize {
                for bit in [1usize, 2, 4] {
                    if i & bit == 0 {
                        self.push_line(proj, corners[i], corners[i | bit], width, colour);
                    }
                }
                if let Some(inner) = previous {
                    let join = with_alpha(pal.cube_line, 0.3);
                    self.push_line(proj, inner[i], corners[i], 1.2, join);
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
        self.push_cube_lines(scene, board, proj, pal);
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
                // Around the piece that just moved, just behind it: a piece is never
                // drawn over by its own marker.
                Highlight::Moved => square_quad(
                    behind,
                    r * 1.08,
                    UNIT_UV,
                    c,
                    [0.86, 0.0, 0.0, 0.0],
                    MODE_RING,
                ),
                _ => {
                    // The rest lie on the square's tile, under whatever stands there.
                    if let Some(quad) = tile_mark(board, proj, square, h) {
                        let key = (quad.p0[2] + quad.p1[2] + quad.p2[2] + quad.p3[2]) * 0.25;
                        self.sorted_sprites.push((key, quad));
                    }
                    continue;
                }
            };
            self.sorted_sprites.push((quad.p0[2], quad));
        }
        self.push_piece_bases(scene, board, proj);
        self.flush_sorted_sprites();
        self.close(start, QuadPipe::PlainDepth, true);

        let start = self.quads.len();
        let sprites = piece_sprites(board, proj, scene);
        for (piece, sprite) in scene.pieces.iter().zip(sprites) {
            let Some((p, half)) = sprite else {
                continue;
            };
            let (mut body, mut letter) =
                super::piece_quads(scene, &self.own_cells, *piece, p, half, piece.white);
            if Self::faint(scene, board, piece.square) {
                body.colour[3] *= FAINT;
                body.colour2[3] *= FAINT;
                if let Some(l) = &mut letter {
                    l.colour[3] *= FAINT;
                }
            }
            self.sorted_sprites.push((p.z, body));
            if let Some(l) = letter {
                // Sorted just nearer than its tile, so it is drawn after it.
                self.sorted_sprites.push((p.z - BEHIND * 0.5, l));
            }
        }
        self.flush_sorted_sprites();
        self.close(start, QuadPipe::TexturedDepth, true);
    }

    /// A disc in its W layer's colour on the tile under every piece: which cube a piece
    /// stands in shows at a glance, whatever its side and size.
    fn push_piece_bases(&mut self, scene: &Scene, board: &BoardGeometry, proj: &Projector) {
        let layers = board.sizes()[3];
        if layers < 2 {
            return;
        }
        let half = board.cell_half();
        let sprites = piece_sprites(board, proj, scene);
        for (piece, sprite) in scene.pieces.iter().zip(sprites) {
            let Some(tile) = board.tile_centre_4d(piece.square) else {
                continue;
            };
            // A piece shrunk where the picture is crowded stands on a base as shrunk.
            let shrink = match (sprite, crate::pick::piece_sprite(board, proj, piece.square)) {
                (Some((_, now)), Some((_, full))) if full > 0.0 => now / full,
                _ => 1.0,
            };
            let h = half.x * 0.8 * shrink;
            let w = board.coords(piece.square).map_or(0, |c| c[3]);
            let alpha = if Self::faint(scene, board, piece.square) {
                0.2
            } else {
                0.9
            };
            let colour = with_alpha(w_tint(w, layers), alpha);
            let top = tile + Vec4::new(0.0, 0.0, half.z * 1.15, 0.0);
            let corners = [(-h, -h), (h, -h), (h, h), (-h, h)]
                .map(|(dx, dy)| proj.project(top + Vec4::new(dx, dy, 0.0, 0.0)));
            let [Some(a), Some(b), Some(c), Some(d)] = corners else {
                continue;
            };
            let quad = crate::instances::quad([a, b, c, d], UNIT_UV, colour, colour, MODE_DISC);
            let key = (a.z + b.z + c.z + d.z) * 0.25;
            self.sorted_sprites.push((key, quad));
        }
    }

    /// An arrow through its squares: neighbours joined straight (a slide stays on its
    /// line), a leap drawn as a jump arcing up over the board.
    fn push_tesseract_arrow(
        &mut self,
        board: &BoardGeometry,
        proj: &Projector,
        arrow: &Arrow,
        wrap: u8,
    ) {
        let mut points: Vec<Vec2> = Vec::new();
        let mut radius = 0.0f32;
        let colour = arrow_colour(arrow.kind);
        for hop in arrow.path.windows(2) {
            let (Some(a), Some(b)) = (board.centre_4d(hop[0]), board.centre_4d(hop[1])) else {
                continue;
            };
            radius = radius.max(proj.cell_radius_px(board, a));
            if let Some(axis) = wrap_axis(board, wrap, hop[0], hop[1]) {
                // Round a wrapping edge: out over a's edge, in over b's, never across.
                let (ca, cb) = (board.coords(hop[0]), board.coords(hop[1]));
                let span = match (ca, cb) {
                    (Some(ca), Some(cb)) => cb[axis] as f32 - ca[axis] as f32,
                    _ => continue,
                };
                let mut step = b - a;
                step[axis] = -step[axis] / span.abs();
                let width = (radius * 0.26).clamp(4.0, 14.0);
                if let Some(p) = proj.project(a)
                    && points.last().is_none_or(|l| l.distance(p.truncate()) > 0.5)
                {
                    points.push(p.truncate());
                }
                if let Some(p) = proj.project(a + step * 0.5) {
                    points.push(p.truncate());
                }
                for pair in points.windows(2) {
                    push_segment(
                        &mut self.quads,
                        pair[0].extend(0.0),
                        pair[1].extend(0.0),
                        width,
                        colour,
                    );
                }
                points.clear();
                if let Some(p) = proj.project(b - step * 0.5) {
                    points.push(p.truncate());
                }
                if let Some(p) = proj.project(b) {
                    points.push(p.truncate());
                }
                continue;
            }
            let samples: &[f32] = if neighbours(board, hop[0], hop[1]) {
                &[0.0, 1.0]
            } else {
                &LEAP_SAMPLES
            };
            let lift = Vec4::new(0.0, 0.0, (b - a).length() * 0.45, 0.0);
            let control = (a + b) * 0.5 + lift;
            for &t in samples {
                let q = a * (1.0 - t) * (1.0 - t) + control * (2.0 * t * (1.0 - t)) + b * t * t;
                if let Some(p) = proj.project(q) {
                    let p = p.truncate();
                    if points.last().is_none_or(|l| l.distance(p) > 0.5) {
                        points.push(p);
                    }
                }
            }
        }
        let width = (radius * 0.26).clamp(4.0, 14.0);
        push_path_arrow(&mut self.quads, &points, width, colour);
    }

    /// The labels of every W layer and board (see [`crate::labels`]), each on a
    /// plate. Returns where the labels' quads start.
    fn push_tesseract_labels(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        proj: &Projector,
        pal: &Palette,
    ) -> usize {
        let start = self.quads.len();
        for l in crate::labels::tesseract_labels(scene, board, proj, pal) {
            let n = l.text.chars().len();
            push_label_plate(&mut self.quads, n, l.at, l.align, l.ink, l.plate);
            push_text(
                &mut self.quads,
                l.text.chars(),
                l.at,
                l.align,
                l.ink,
                l.colour,
            );
        }
        start
    }

    /// Append the collected sprites far to near, so their soft edges blend right.
    fn flush_sorted_sprites(&mut self) {
        self.sorted_sprites
            .sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        self.quads
            .extend(self.sorted_sprites.iter().map(|(_, q)| *q));
        self.sorted_sprites.clear();
    }
}

/// A mark drawn flat on the top of a square's tile, under the piece standing there:
/// the last move's squares (a ring round the piece's base), the keyboard focus (a
/// frame) and the square under the pointer (a thin ring).
fn tile_mark(
    board: &BoardGeometry,
    proj: &Projector,
    square: u16,
    h: Highlight,
) -> Option<crate::instances::QuadInstance> {
    let c = highlight_colour(h);
    let (scale, colour, param, mode) = match h {
        Highlight::LastMove => (1.0, with_alpha(c, 0.95), 0.68, MODE_RING),
        Highlight::Focus => (1.0, c, 0.14, MODE_FRAME),
        Highlight::Hover => (0.98, with_alpha(c, 0.8), 0.84, MODE_RING),
        _ => return None,
    };
    let half = board.cell_half();
    let r = half.x * scale;
    let top = board.tile_centre_4d(square)? + Vec4::new(0.0, 0.0, half.z * 1.3, 0.0);
    let corners = [(-r, -r), (r, -r), (r, r), (-r, r)]
        .map(|(dx, dy)| proj.project(top + Vec4::new(dx, dy, 0.0, 0.0)));
    let [Some(a), Some(b), Some(cc), Some(d)] = corners else {
        return None;
    };
    let extra = [param, 0.0, 0.0, 0.0];
    Some(crate::instances::quad(
        [a, b, cc, d],
        UNIT_UV,
        colour,
        extra,
        mode,
    ))
}

/// Where a leap's arc is sampled (0 = start, 1 = landing).
const LEAP_SAMPLES: [f32; 13] = [
    0.0,
    1.0 / 12.0,
    2.0 / 12.0,
    3.0 / 12.0,
    4.0 / 12.0,
    5.0 / 12.0,
    0.5,
    7.0 / 12.0,
    8.0 / 12.0,
    9.0 / 12.0,
    10.0 / 12.0,
    11.0 / 12.0,
    1.0,
];
