//! Where the tesseract's labels go: `W=k` over every cube, `[z,w]` beside every layer,
//! file letters and rank numbers along each cube's bottom layer. They hang on 4D points,
//! so they turn with the 4D rotation; each takes the first of a few places, stepping
//! outward from its board, where its plate covers no piece, and is left out where none
//! is free: a label never hides a piece.

use glam::{Vec2, Vec4};

use crate::instances::{Label, label_plate_rect};
use crate::pick::piece_sprites;
use crate::projection::{BoardGeometry, Projector, Rect};
use crate::scene::Scene;
use crate::style::{Palette, Rgba, mix, w_tint, with_alpha};

/// One label as drawn: its text centred vertically on `at`, `align` 0 = left edge at
/// `at`, 0.5 = centred, 1 = right edge.
pub(crate) struct PlacedLabel {
    pub(crate) text: Label,
    pub(crate) at: Vec2,
    pub(crate) align: f32,
    pub(crate) ink: f32,
    pub(crate) colour: Rgba,
    pub(crate) plate: Rgba,
}

impl PlacedLabel {
    /// The plate's rectangle in pixels.
    pub(crate) fn rect(&self) -> Rect {
        label_plate_rect(self.text.chars().len(), self.at, self.align, self.ink)
    }
}

/// How many places outward a label tries before it is left out.
const TRIES: usize = 4;

/// Every label of the tesseract, placed clear of the pieces.
pub(crate) fn tesseract_labels(
    scene: &Scene,
    board: &BoardGeometry,
    proj: &Projector,
    pal: &Palette,
) -> Vec<PlacedLabel> {
    // Every sprite whole: no silhouette reaches outside it.
    let pieces: Vec<Rect> = piece_sprites(board, proj, scene)
        .into_iter()
        .flatten()
        .map(|(c, h)| Rect::new(c.x - h, c.y - h, h * 2.0, h * 2.0))
        .collect();
    let clear = |r: Rect| !pieces.iter().any(|p| overlaps(*p, r));
    let [sx, sy, sz, sw] = board.sizes();
    let plate = with_alpha(pal.background, 0.5);
    let mut out = Vec::new();
    for w in 0..sw {
        let faint = scene.focus_w.is_some_and(|f| u32::from(f) != w);
        let alpha = if faint { 0.35 } else { 1.0 };
        let tint = with_alpha(w_tint(w, sw), alpha);
        let letters = with_alpha(mix(pal.label, w_tint(w, sw), 0.35), alpha);
        let plate = with_alpha(plate, plate[3] * alpha);
        // Layer tags and rank numbers go on the side of the cube away from the others
        // (left for a cube drawn left of the middle), where nothing is drawn.
        let left = cube_is_left(board, proj, w);
        let out_x = if left { -1.0 } else { 1.0 };
        let edge_x = if left { 0.0 } else { sx as f32 };
        let side_align = if left { 1.0 } else { 0.0 };
        let mut place = |text: Label,
                         spots: &mut dyn Iterator<Item = Vec4>,
                         scale: f32,
                         colour: Rgba,
                         align: f32| {
            for p in spots.take(TRIES) {
                let Some(at) = proj.project(p) else { continue };
                let r = proj.cell_radius_px(board, p);
                let ink = (r * 0.42 * scale).clamp(8.0, 15.0 * scale);
                let label = PlacedLabel {
                    text,
                    at: at.truncate(),
                    align,
                    ink,
                    colour,
                    plate,
                };
                if clear(label.rect()) {
                    out.push(label);
                    return;
                }
            }
        };
        let step = |k: usize| k as f32;
        if sw > 1 {
            let mut text = Label::default();
            text.push('W');
            text.push('=');
            text.push_number(w);
            let up = |k: usize| Vec4::new(0.0, 0.0, (0.75 + 0.6 * step(k)) * board.pitch(), 0.0);
            let mut spots =
                (0..).map(|k| board.layer_point(-0.2, sy as f32 + 0.2, sz - 1, w) + up(k));
            place(text, &mut spots, 1.25, tint, 0.5);
        }
        for z in 0..sz {
            if sz > 1 || sw > 1 {
                let mut text = Label::default();
                text.push('[');
                text.push_number(z);
                if sw > 1 {
                    text.push(',');
                    text.push_number(w);
                }
                text.push(']');
                let mut spots = (0..)
                    .map(|k| board.layer_point(edge_x + out_x * (0.3 + 0.5 * step(k)), -0.3, z, w));
                place(text, &mut spots, 1.0, tint, side_align);
            }
        }
        for x in 0..sx.min(26) {
            let mut text = Label::default();
            text.push(char::from(b'a' + x as u8));
            let mut spots =
                (0..).map(|k| board.layer_point(x as f32 + 0.5, -0.55 - 0.45 * step(k), 0, w));
            place(text, &mut spots, 0.9, letters, 0.5);
        }
        for y in 0..sy {
            let mut text = Label::default();
            text.push_number(y + 1);
            let mut spots = (0..).map(|k| {
                board.layer_point(
                    edge_x + out_x * (0.55 + 0.45 * step(k)),
                    y as f32 + 0.5,
                    0,
                    w,
                )
            });
            place(text, &mut spots, 0.9, letters, 0.5);
        }
    }
    out
}

/// Whether two rectangles share any area.
pub(crate) fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// Whether W copy `w`'s cube is drawn left of the middle of all the cubes.
fn cube_is_left(board: &BoardGeometry, proj: &Projector, w: u32) -> bool {
    let [sx, sy, sz, sw] = board.sizes().map(|s| s as f32);
    let centre_x = |w: f32| {
        proj.project(board.point(sx * 0.5, sy * 0.5, sz * 0.5, w))
            .map_or(0.0, |p| p.x)
    };
    let middle = (centre_x(0.0) + centre_x(sw - 1.0)) * 0.5;
    sw > 1.0 && centre_x(w as f32) < middle - 1.0 || sw <= 1.0
}
