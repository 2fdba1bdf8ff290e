//! Measuring what a person can read in the tesseract picture, from the same sprite
//! rectangles and the same atlas masks the GPU draws with: how tall each piece stands
//! on screen, how much of its silhouette nearer pieces cover, and where the labels'
//! plates lie. The tests hold the picture to these figures (pieces large enough at the
//! first view, few hidden at any 4D angle, no label over a piece).

use glam::Vec2;

use crate::layout::scene_layout;
use crate::pick::{on_piece, piece_sprites};
use crate::projection::{BoardGeometry, Projector, Rect};
use crate::scene::Scene;

/// One piece as the tesseract draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceOnScreen {
    /// The square it stands on.
    pub square: u16,
    /// Its side.
    pub white: bool,
    /// Pixels of its silhouette.
    pub drawn_px: u32,
    /// Pixels of its silhouette no nearer piece's silhouette covers.
    pub visible_px: u32,
    /// Height of its silhouette in pixels, from the top row with ink to the bottom one.
    pub height_px: f32,
    /// The sprite's rectangle in pixels.
    pub sprite: Rect,
    /// The smallest rectangle holding every pixel of the silhouette.
    pub silhouette: Rect,
}

impl PieceOnScreen {
    /// Share of the silhouette hidden behind nearer pieces (0 none .. 1 all).
    pub fn covered_share(&self) -> f32 {
        if self.drawn_px == 0 {
            return 1.0;
        }
        1.0 - self.visible_px as f32 / self.drawn_px as f32
    }
}

/// Every piece of `scene` drawn into `area` (the rectangle the whole scene is drawn
/// into, as for [`crate::Renderer::prepare`]) as the tesseract shows it, in the
/// scene's order; empty when the scene shows no tesseract.
///
/// # Examples
///
/// ```
/// use chess4d_render::{tesseract_pieces_on_screen, Rect, Scene, ScenePiece, View};
/// let scene = Scene {
///     pieces: vec![ScenePiece { square: 0, glyph: 'K', white: true }],
///     view: View::Tesseract,
///     ..Scene::empty([4, 4, 2, 2])
/// };
/// let seen = tesseract_pieces_on_screen(&scene, Rect::new(0.0, 0.0, 800.0, 600.0));
/// assert!(seen[0].height_px > 10.0 && seen[0].covered_share() == 0.0);
/// ```
pub fn tesseract_pieces_on_screen(scene: &Scene, area: Rect) -> Vec<PieceOnScreen> {
    let (Some(board), Some(rect)) = (
        BoardGeometry::new(scene.shape),
        scene_layout(scene, area).tesseract,
    ) else {
        return Vec::new();
    };
    let proj = Projector::new(&scene.camera, rect);
    let sprites = piece_sprites(&board, &proj, scene);
    // Each pixel remembers the nearest silhouette on it (depth, piece).
    let mut nearest: std::collections::HashMap<(i32, i32), (f32, usize)> =
        std::collections::HashMap::new();
    let mut masks: Vec<Vec<(i32, i32)>> = Vec::with_capacity(scene.pieces.len());
    for (i, piece) in scene.pieces.iter().enumerate() {
        let Some((centre, half)) = sprites[i] else {
            masks.push(Vec::new());
            continue;
        };
        let mut mask = Vec::new();
        let (x0, y0) = (
            (centre.x - half).floor() as i32,
            (centre.y - half).floor() as i32,
        );
        let (x1, y1) = (
            (centre.x + half).ceil() as i32,
            (centre.y + half).ceil() as i32,
        );
        for y in y0.max(rect.y as i32)..y1.min((rect.y + rect.h) as i32) {
            for x in x0.max(rect.x as i32)..x1.min((rect.x + rect.w) as i32) {
                let at = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                if on_piece(scene, piece.glyph, centre, half, at) {
                    mask.push((x, y));
                    let e = nearest.entry((x, y)).or_insert((f32::MAX, i));
                    if centre.z < e.0 {
                        *e = (centre.z, i);
                    }
                }
            }
        }
        masks.push(mask);
    }
    scene
        .pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let mask = &masks[i];
            let visible = mask.iter().filter(|p| nearest[p].1 == i).count();
            let (lo, hi) = mask.iter().fold(
                ((i32::MAX, i32::MAX), (i32::MIN, i32::MIN)),
                |(lo, hi), p| {
                    (
                        (lo.0.min(p.0), lo.1.min(p.1)),
                        (hi.0.max(p.0), hi.1.max(p.1)),
                    )
                },
            );
            let (top, bottom) = (lo.1, hi.1);
            let sprite = sprites[i].map_or(Rect::default(), |(c, h)| {
                Rect::new(c.x - h, c.y - h, 2.0 * h, 2.0 * h)
            });
            PieceOnScreen {
                square: piece.square,
                white: piece.white,
                drawn_px: mask.len() as u32,
                visible_px: visible as u32,
                height_px: if mask.is_empty() {
                    0.0
                } else {
                    (bottom - top + 1) as f32
                },
                sprite,
                silhouette: if mask.is_empty() {
                    Rect::default()
                } else {
                    Rect::new(
                        lo.0 as f32,
                        lo.1 as f32,
                        (hi.0 - lo.0 + 1) as f32,
                        (hi.1 - lo.1 + 1) as f32,
                    )
                },
            }
        })
        .collect()
}

/// The plates of the tesseract's labels (`W=1`, `[0,1]`, file letters, rank numbers)
/// of `scene` drawn into `area`, each with its text.
///
/// # Examples
///
/// ```
/// use chess4d_render::{tesseract_label_boxes, Rect, Scene, View};
/// let scene = Scene { view: View::Tesseract, ..Scene::empty([4, 4, 2, 2]) };
/// let labels = tesseract_label_boxes(&scene, Rect::new(0.0, 0.0, 800.0, 600.0));
/// assert!(labels.iter().any(|(text, _)| text == "[0,1]"));
/// ```
pub fn tesseract_label_boxes(scene: &Scene, area: Rect) -> Vec<(String, Rect)> {
    let (Some(board), Some(rect)) = (
        BoardGeometry::new(scene.shape),
        scene_layout(scene, area).tesseract,
    ) else {
        return Vec::new();
    };
    let proj = Projector::new(&scene.camera, rect);
    let pal = crate::style::palette(scene.theme);
    crate::labels::tesseract_labels(scene, &board, &proj, &pal)
        .into_iter()
        .map(|l| (l.text.chars().iter().collect(), l.rect()))
        .collect()
}
