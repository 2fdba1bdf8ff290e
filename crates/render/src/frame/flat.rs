//! The flat picture: every Z-W board as a grid of squares, with pieces, marks,
//! arrows and the file and rank labels.

use glam::Vec2;

use crate::instances::{
    Label, MODE_DISC, MODE_GLOW, MODE_RING, MODE_SOLID, UNIT_UV, frame_quad, push_path_arrow,
    push_text, rect_quad, square_quad,
};
use crate::layout::FlatLayout;
use crate::projection::{BoardGeometry, Rect};
use crate::scene::{Highlight, Scene};
use crate::style::{Palette, arrow_colour, highlight_colour, mix, w_tint, with_alpha};

use super::{Frame, QuadPipe, is_dark};

impl Frame {
    /// A band of water across every board between rank `k - 1` and rank `k`, under
    /// the pieces.
    fn push_river(&mut self, board: &BoardGeometry, flat: &FlatLayout, k: u32) {
        let [_, sy, sz, sw] = board.sizes();
        if k == 0 || k >= sy {
            return;
        }
        let water = [0.25, 0.55, 0.85, 0.75];
        for w in 0..sw {
            for z in 0..sz {
                let (Some(a), Some(b)) = (
                    board
                        .square([0, k - 1, z, w])
                        .and_then(|s| flat.square_rect(s)),
                    board.square([0, k, z, w]).and_then(|s| flat.square_rect(s)),
                ) else {
                    continue;
                };
                let board_rect = flat.board_rect(z, w);
                let mid = (a.y + a.h * 0.5 + b.y + b.h * 0.5) * 0.5;
                let h = a.h * 0.22;
                let band = Rect::new(board_rect.x, mid - h * 0.5, board_rect.w, h);
                self.quads.push(rect_quad(band, water, MODE_SOLID));
            }
        }
    }

    /// Flat boards in three draws: squares and tints, then pieces and labels, then the
    /// marks and arrows over them. `start` is where this picture's first run began.
    pub(super) fn build_flat(
        &mut self,
        scene: &Scene,
        board: &BoardGeometry,
        rect: Rect,
        pal: &Palette,
        start: usize,
    ) {
        let flat = FlatLayout::new(*board, rect)
            .flipped(scene.flip)
            .wrapping(scene.wrap);
        let s = flat.square_size();
        if s < 2.0 {
            self.close(start, QuadPipe::PlainOverlay, false);
            return;
        }
        let [sx, sy, sz, sw] = board.sizes();
        for w in 0..sw {
            // Each W layer's boards wear its colour, as its cube does in the tesseract.
            let frame = if sw > 1 {
                mix(pal.board_frame, w_tint(w, sw), 0.7)
            } else {
                pal.board_frame
            };
            for z in 0..sz {
                let b = flat.board_rect(z, w);
                // Four thin bands, not a rectangle under the board: software
                // rasterizers pay for every covered pixel.
                let pad = (s * if sw > 1 { 0.09 } else { 0.06 }).max(1.0);
                let bands = [
                    Rect::new(b.x - pad, b.y - pad, b.w + 2.0 * pad, pad),
                    Rect::new(b.x - pad, b.y + b.h, b.w + 2.0 * pad, pad),
                    Rect::new(b.x - pad, b.y, pad, b.h),
                    Rect::new(b.x + b.w, b.y, pad, b.h),
                ];
                for band in bands {
                    self.quads.push(rect_quad(band, frame, MODE_SOLID));
                }
                // Where a wrapping axis joins, the frame is dashed (frame/seam.rs).
                for dash in super::seam::seam_dashes(b, s, pad, scene.wrap) {
                    self.quads
                        .push(rect_quad(dash, super::seam::SEAM, MODE_SOLID));
                }
            }
        }
        for square in 0..board.square_count() as u16 {
            let Some(r) = flat.square_rect(square) else {
                continue;
            };
            if self.absent.get(square as usize).copied().unwrap_or(false) {
                continue; // a hole: the board's background shows through
            }
            let tone = if is_dark(board, square) {
                pal.dark_square
            } else {
                pal.light_square
            };
            self.quads.push(rect_quad(r, tone, MODE_SOLID));
        }
        if let Some(k) = scene.river {
            self.push_river(board, &flat, u32::from(k));
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
                Highlight::Region => rect_quad(r, with_alpha(c, 0.30), MODE_SOLID),
                Highlight::Goal => rect_quad(r, with_alpha(c, 0.45), MODE_SOLID),
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
            let centre = r.centre().extend(0.5);
            // A tile points away from its owner: up the screen for the side below.
            let up = piece.white != scene.flip;
            let (body, letter) =
                super::piece_quads(scene, &self.own_cells, *piece, centre, s * 0.47, up);
            self.quads.push(body);
            self.quads.extend(letter);
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
                Highlight::Focus => frame_quad(r, c, 0.13),
                Highlight::LastMove => frame_quad(r, with_alpha(c, 0.9), 0.05),
                Highlight::Moved => frame_quad(r, c, 0.09),
                Highlight::Hover => frame_quad(r, with_alpha(c, 0.8), 0.06),
                _ => continue,
            };
            self.quads.push(quad);
        }
        for arrow in &scene.arrows {
            let route = flat.arrow_route(&arrow.path);
            let width = (s * 0.11).clamp(3.0, 11.0);
            push_path_arrow(&mut self.quads, &route, width, arrow_colour(arrow.kind));
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
                let colour = if sw > 1 { w_tint(w, sw) } else { pal.label };
                push_text(&mut self.quads, tag.chars(), at, 0.0, ink, colour);
            }
        }
    }
}
