//! The seam of a wrapping axis on the flat boards: a dashed line over the two edges
//! that join (a and h on a cylinder), so a board whose pieces go round is not taken
//! for one that ends there.

use crate::projection::Rect;
use crate::style::Rgba;

/// The seam's colour: a cool blue, apart from the frames' browns and the W tints.
pub(super) const SEAM: Rgba = [0.25, 0.65, 0.95, 1.0];

/// The dashes over the joining edges of a board drawn at `board` with squares of
/// `square` pixels and frame bands `pad` thick: one dash per square along each edge of
/// every axis in `wrap` (bit 0: X, the left and right edges; bit 1: Y, top and bottom).
pub(super) fn seam_dashes(board: Rect, square: f32, pad: f32, wrap: u8) -> Vec<Rect> {
    let mut out = Vec::new();
    let dash = square * 0.6;
    let gap = (square - dash) / 2.0;
    if wrap & 1 != 0 {
        let ranks = (board.h / square).round() as usize;
        for i in 0..ranks {
            let y = board.y + i as f32 * square + gap;
            out.push(Rect::new(board.x - pad, y, pad, dash));
            out.push(Rect::new(board.x + board.w, y, pad, dash));
        }
    }
    if wrap & 2 != 0 {
        let files = (board.w / square).round() as usize;
        for i in 0..files {
            let x = board.x + i as f32 * square + gap;
            out.push(Rect::new(x, board.y - pad, dash, pad));
            out.push(Rect::new(x, board.y + board.h, dash, pad));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Frame;
    use crate::scene::{Scene, View};

    fn seam_quads(wrap: u8) -> Vec<[f32; 3]> {
        let area = Rect::new(0.0, 0.0, 800.0, 800.0);
        let scene = Scene {
            shape: [8, 8, 1, 1],
            view: View::Flat,
            wrap,
            ..Scene::default()
        };
        let mut frame = Frame::default();
        frame.build(&scene, &[], [800, 800], area, false);
        frame
            .quads
            .iter()
            .filter(|q| q.colour == SEAM)
            .map(|q| q.p0)
            .collect()
    }

    #[test]
    fn a_wrapping_file_axis_draws_a_dash_per_rank_on_both_side_edges() {
        assert!(seam_quads(0).is_empty(), "no seam without a wrap");
        let x = seam_quads(1);
        assert_eq!(x.len(), 16, "8 ranks, left and right");
        let lefts = x.iter().filter(|p| p[0] < 400.0).count();
        assert_eq!(lefts, 8);
        assert_eq!(seam_quads(2).len(), 16, "8 files, top and bottom");
        assert_eq!(seam_quads(3).len(), 32);
    }
}
