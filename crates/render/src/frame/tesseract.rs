//! The tesseract picture: the projected cube lines, translucent cells and the
//! depth-sorted piece and mark sprites over them.

use glam::{Vec3, Vec4};

use crate::atlas::piece_uv;
use crate::instances::{
    CellInstance, MODE_DISC, MODE_GLOW, MODE_PIECE, MODE_RING, UNIT_UV, push_arrow, push_segment,
    square_quad,
};
use crate::projection::{BoardGeometry, Projector, Rect};
use crate::scene::{Highlight, Scene};
use crate::style::{Palette, Rgba, arrow_colour, highlight_colour, piece_colours, with_alpha};

use super::{BEHIND, Frame, QuadPipe, clip_remap, is_dark, scissor};

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
}
