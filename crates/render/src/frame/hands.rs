//! The hand strips: each side's pieces in hand (crazyhouse, shogi) beside the boards,
//! one slot per kind with its count, the picked one lit and the focused one framed.

use glam::Vec2;

use crate::instances::{Label, MODE_SOLID, frame_quad, push_text, rect_quad};
use crate::layout::slot_in_strip;
use crate::projection::Rect;
use crate::scene::{Highlight, Scene, ScenePiece};
use crate::style::{Palette, highlight_colour, with_alpha};

use super::{Frame, QuadPipe};

const WHITE: [char; 5] = ['w', 'h', 'i', 't', 'e'];
const BLACK: [char; 5] = ['b', 'l', 'a', 'c', 'k'];
const HAND: [char; 4] = ['h', 'a', 'n', 'd'];

/// Width in pixels of `chars` characters of label text with letters `ink` high (as
/// [`push_text`] lays them out).
fn text_width(chars: usize, ink: f32) -> f32 {
    let cell_h = ink / crate::atlas::FONT_INK_HEIGHT;
    cell_h * crate::atlas::FONT_ASPECT * 30.0 / 32.0 * chars as f32
}

impl Frame {
    /// Two draws: the strips' plates with the lit and framed slots, then the pieces
    /// and their counts. `strips` are White's and Black's.
    pub(super) fn build_hands(&mut self, scene: &Scene, strips: [Rect; 2], pal: &Palette) {
        let Some(hands) = &scene.hands else {
            return;
        };
        let start = self.quads.len();
        for strip in strips {
            let inset = (strip.h * 0.06).max(1.0);
            let plate = Rect::new(
                strip.x + inset,
                strip.y + inset,
                strip.w - 2.0 * inset,
                strip.h - 2.0 * inset,
            );
            self.quads.push(rect_quad(
                plate,
                with_alpha(pal.board_frame, 0.6),
                MODE_SOLID,
            ));
        }
        let mut places = [0usize; 2];
        for piece in hands {
            let side = usize::from(!piece.white);
            let slot = slot_in_strip(strips[side], places[side]);
            places[side] += 1;
            if piece.selected {
                let c = highlight_colour(Highlight::Selected);
                self.quads
                    .push(rect_quad(slot, with_alpha(c, 0.7), MODE_SOLID));
            }
            if piece.focused {
                let c = highlight_colour(Highlight::Focus);
                self.quads.push(frame_quad(slot, c, 0.1));
            }
        }
        self.close(start, QuadPipe::PlainOverlay, false);

        let start = self.quads.len();
        for (strip, side) in strips.into_iter().zip([&WHITE[..], &BLACK[..]]) {
            // "white hand" / "black hand" at the strip's right end (the font has no
            // space: two words).
            let ink = (strip.h * 0.2).clamp(7.0, 12.0);
            let at = Vec2::new(strip.x + strip.w - strip.h * 0.3, strip.y + strip.h * 0.5);
            push_text(&mut self.quads, &HAND, at, 1.0, ink, pal.label);
            let gap = text_width(HAND.len() + 1, ink);
            let at = Vec2::new(at.x - gap, at.y);
            push_text(&mut self.quads, side, at, 1.0, ink, pal.label);
        }
        let mut places = [0usize; 2];
        for piece in hands {
            let side = usize::from(!piece.white);
            let slot = slot_in_strip(strips[side], places[side]);
            places[side] += 1;
            let h = slot.h;
            let centre = Vec2::new(slot.x + h * 0.5, slot.y + h * 0.5).extend(0.5);
            let on_board = ScenePiece {
                square: 0,
                glyph: piece.glyph,
                white: piece.white,
            };
            let up = piece.white != scene.flip;
            let (body, letter) =
                super::piece_quads(scene, &self.own_cells, on_board, centre, h * 0.43, up);
            self.quads.push(body);
            self.quads.extend(letter);
            let mut count = Label::default();
            count.push('x');
            count.push_number(u32::from(piece.count));
            let at = Vec2::new(slot.x + h * 1.02, slot.y + h * 0.55);
            let ink = (h * 0.34).clamp(7.0, 22.0);
            push_text(&mut self.quads, count.chars(), at, 0.0, ink, pal.label);
        }
        self.close(start, QuadPipe::TexturedOverlay, false);
    }
}

#[cfg(test)]
mod tests {
    use crate::frame::{Frame, QuadPipe};
    use crate::instances::{MODE_PIECE, MODE_TEXT};
    use crate::projection::Rect;
    use crate::scene::{HandPiece, Scene, View};

    fn hand(glyph: char, white: bool, count: u8) -> HandPiece {
        HandPiece {
            glyph,
            white,
            count,
            selected: false,
            focused: false,
        }
    }

    #[test]
    fn hands_are_two_draws_of_pieces_with_counts_and_reuse_memory() {
        let scene = Scene {
            shape: [8, 8, 1, 1],
            view: View::Flat,
            hands: Some(vec![hand('P', true, 2), hand('N', false, 1)]),
            ..Scene::default()
        };
        let area = Rect::new(0.0, 0.0, 900.0, 700.0);
        let mut frame = Frame::default();
        frame.build(&scene, &[], [900, 700], area, false);
        let last = frame.draws.last().unwrap();
        assert_eq!(last.pipe, QuadPipe::TexturedOverlay);
        let quads = &frame.quads[last.range.start as usize..last.range.end as usize];
        assert_eq!(quads.iter().filter(|q| q.mode == MODE_PIECE).count(), 2);
        // "x2" and "x1", and "white hand", "black hand".
        assert_eq!(quads.iter().filter(|q| q.mode == MODE_TEXT).count(), 4 + 18);
        let plain = &frame.draws[frame.draws.len() - 2];
        assert_eq!(plain.pipe, QuadPipe::PlainOverlay);
        let caps = (frame.quads.capacity(), frame.draws.capacity());
        frame.build(&scene, &[], [900, 700], area, false);
        assert_eq!(caps, (frame.quads.capacity(), frame.draws.capacity()));
        // Empty hands keep their strips: plates and names, no piece.
        let empty = Scene {
            hands: Some(Vec::new()),
            ..scene.clone()
        };
        frame.build(&empty, &[], [900, 700], area, false);
        let last = frame.draws.last().unwrap();
        assert_eq!(last.pipe, QuadPipe::TexturedOverlay);
        let quads = &frame.quads[last.range.start as usize..last.range.end as usize];
        assert!(
            quads.iter().all(|q| q.mode == MODE_TEXT),
            "only the strips' names"
        );
    }

    #[test]
    fn tiles_are_a_tile_and_a_letter_turned_for_each_side() {
        let scene = Scene {
            shape: [5, 5, 1, 1],
            view: View::Flat,
            tiles: true,
            pieces: vec![
                crate::scene::ScenePiece {
                    square: 0,
                    glyph: 'G',
                    white: true,
                },
                crate::scene::ScenePiece {
                    square: 24,
                    glyph: 'G',
                    white: false,
                },
            ],
            ..Scene::default()
        };
        let area = Rect::new(0.0, 0.0, 600.0, 600.0);
        let mut frame = Frame::default();
        frame.build(&scene, &[], [600, 600], area, false);
        let tiles: Vec<_> = frame
            .quads
            .iter()
            .filter(|q| q.mode == MODE_PIECE)
            .collect();
        assert_eq!(tiles.len(), 2);
        // White's tile points up (v grows down the quad), Black's down.
        assert!(tiles[0].uv[1] < tiles[0].uv[3]);
        assert!(tiles[1].uv[1] > tiles[1].uv[3]);
        assert_eq!(tiles[0].uv, crate::atlas::tile_uv(true));
        let letters = frame.quads.iter().filter(|q| q.mode == MODE_TEXT).count();
        // Two tile letters besides the labels' (5 files + 5 ranks).
        assert_eq!(letters, 2 + 10);
    }
}
