//! The glyph atlas, painted on the CPU once per process: piece silhouettes (K Q R B N P)
//! built from signed-distance shapes, a lettered disc for every other piece letter, and
//! the 5x7 label font. No image or font file is read.
//!
//! Piece cells store three masks the shader colours per side: R = whole silhouette with
//! its outline band, G = the fill inside the outline, B = inner detail strokes. Font
//! cells store coverage in all channels.

use std::sync::OnceLock;

use glam::Vec2;

use crate::font::{FONT, FONT_H, FONT_W, Glyph5x7, glyph};
use crate::silhouettes::{PieceImage, drawing};

/// Side of the square atlas texture in texels.
pub(crate) const ATLAS_SIZE: u32 = 1024;
/// Side of a piece cell.
const PIECE_CELL: u32 = 128;
const PIECE_COLUMNS: u32 = ATLAS_SIZE / PIECE_CELL;
/// Font cells: 5x7 font pixels of `FONT_PX` texels with a margin.
const FONT_CELL_W: u32 = 32;
const FONT_CELL_H: u32 = 48;
const FONT_PX: f32 = 5.0;
/// Font cells start below six rows of piece cells (48 slots: 6 orthodox pieces, 27
/// discs, the fairy pictures).
const FONT_TOP: u32 = 768;
/// Width over height of a label character cell (for laying out text).
pub(crate) const FONT_ASPECT: f32 = FONT_CELL_W as f32 / FONT_CELL_H as f32;
/// Share of a font cell's height the letter itself covers (the rest is margin).
pub(crate) const FONT_INK_HEIGHT: f32 = FONT_H as f32 * FONT_PX / FONT_CELL_H as f32;

/// Outline band width and detail stroke half-width, in piece-cell units.
const OUTLINE: f32 = 0.042;
pub(crate) const DETAIL: f32 = 0.017;

/// Slots of the drawn pieces in the atlas, in this order; letter discs follow.
const SILHOUETTES: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];
/// Disc slots: `A`..`Z` then `?` for anything else.
const DISC_COUNT: u32 = 27;

/// The painted atlas: mip level 0 first, RGBA8 rows top to bottom.
pub(crate) struct AtlasImage {
    pub(crate) levels: Vec<Vec<u8>>,
}

/// The atlas, painted on first use and shared by every renderer in the process.
pub(crate) fn atlas() -> &'static AtlasImage {
    static ATLAS: OnceLock<AtlasImage> = OnceLock::new();
    ATLAS.get_or_init(paint_atlas)
}

/// Atlas rectangle `[u0, v0, u1, v1]` (v0 at the top) of a piece letter.
pub(crate) fn piece_uv(letter: char) -> [f32; 4] {
    let upper = letter.to_ascii_uppercase();
    let slot = match SILHOUETTES.iter().position(|&c| c == upper) {
        Some(i) => i as u32,
        None if upper.is_ascii_uppercase() => {
            SILHOUETTES.len() as u32 + (upper as u32 - 'A' as u32)
        }
        None => SILHOUETTES.len() as u32 + DISC_COUNT - 1,
    };
    let (x, y) = piece_cell_origin(slot);
    uv_rect(x, y, PIECE_CELL, PIECE_CELL)
}

/// First slot of the fairy pictures, after the orthodox six and the discs.
const FAIRY_FIRST: u32 = SILHOUETTES.len() as u32 + DISC_COUNT;

/// Atlas rectangle of a built-in picture; a letter disc shows `letter`.
pub(crate) fn image_uv(image: PieceImage, letter: char) -> [f32; 4] {
    match image.drawn_slot() {
        Some(s) if s < SILHOUETTES.len() as u32 => {
            let (x, y) = piece_cell_origin(s);
            uv_rect(x, y, PIECE_CELL, PIECE_CELL)
        }
        Some(s) => {
            let (x, y) = piece_cell_origin(FAIRY_FIRST + s - SILHOUETTES.len() as u32);
            uv_rect(x, y, PIECE_CELL, PIECE_CELL)
        }
        None => disc_uv(letter),
    }
}

/// Atlas rectangle of a scene's piece letter: the cell of its own picture (`own`,
/// letter and cell), else the built-in picture `pictures` gives it, else [`piece_uv`].
pub(crate) fn scene_piece_uv(
    pictures: &[(char, PieceImage)],
    own: &[(char, u8)],
    letter: char,
) -> [f32; 4] {
    let upper = letter.to_ascii_uppercase();
    if let Some(&(_, cell)) = own.iter().find(|(c, _)| c.to_ascii_uppercase() == upper) {
        return crate::custom_pictures::uv(cell);
    }
    pictures
        .iter()
        .find(|(c, _)| c.to_ascii_uppercase() == upper)
        .map_or_else(|| piece_uv(letter), |&(_, image)| image_uv(image, letter))
}

/// Atlas rectangle of the disc showing `letter` (`?` for a letter outside A-Z).
fn disc_uv(letter: char) -> [f32; 4] {
    let upper = letter.to_ascii_uppercase();
    let k = if upper.is_ascii_uppercase() {
        upper as u32 - 'A' as u32
    } else {
        DISC_COUNT - 1
    };
    let (x, y) = piece_cell_origin(SILHOUETTES.len() as u32 + k);
    uv_rect(x, y, PIECE_CELL, PIECE_CELL)
}

/// The shogi tile's slot: the last piece cell, clear of the fairy pictures before it.
const TILE_SLOT: u32 = FONT_TOP / PIECE_CELL * PIECE_COLUMNS - 1;

/// The shogi tile's outline, in cell units with y up: a pentagon pointing up.
const TILE: [[f32; 2]; 5] = [
    [0.50, 0.93],
    [0.77, 0.79],
    [0.86, 0.08],
    [0.14, 0.08],
    [0.23, 0.79],
];

/// Atlas rectangle of the shogi tile (no letter: it is drawn over it), pointing up the
/// screen when `up`, else down (v swapped, so the shader draws it upside down).
pub(crate) fn tile_uv(up: bool) -> [f32; 4] {
    let (x, y) = piece_cell_origin(TILE_SLOT);
    let [u0, v0, u1, v1] = uv_rect(x, y, PIECE_CELL, PIECE_CELL);
    if up {
        [u0, v0, u1, v1]
    } else {
        [u0, v1, u1, v0]
    }
}

/// Atlas rectangle of a label character (`?` for characters the font lacks).
pub(crate) fn font_uv(c: char) -> [f32; 4] {
    let (x, y) = font_cell_origin(crate::font::glyph_index(c) as u32);
    uv_rect(x, y, FONT_CELL_W, FONT_CELL_H)
}

fn uv_rect(x: u32, y: u32, w: u32, h: u32) -> [f32; 4] {
    let s = ATLAS_SIZE as f32;
    [
        x as f32 / s,
        y as f32 / s,
        (x + w) as f32 / s,
        (y + h) as f32 / s,
    ]
}

fn piece_cell_origin(slot: u32) -> (u32, u32) {
    (
        (slot % PIECE_COLUMNS) * PIECE_CELL,
        (slot / PIECE_COLUMNS) * PIECE_CELL,
    )
}

fn font_cell_origin(index: u32) -> (u32, u32) {
    let columns = ATLAS_SIZE / FONT_CELL_W;
    (
        (index % columns) * FONT_CELL_W,
        FONT_TOP + (index / columns) * FONT_CELL_H,
    )
}

/// A filled shape of a piece, in cell units with y up.
pub(crate) enum Shape {
    Circle(Vec2, f32),
    /// Rounded box: min corner, max corner, corner radius.
    Box(Vec2, Vec2, f32),
    Poly(&'static [[f32; 2]]),
    /// A shape drawn scaled by `scale` about the cell's origin, then moved by `at`,
    /// upside down first when `flip` (how compound pieces reuse the orthodox ones).
    Placed {
        shape: std::boxed::Box<Shape>,
        at: Vec2,
        scale: f32,
        flip: bool,
    },
    /// Several shapes as one.
    Union(Vec<Shape>),
    /// A band of half-width `w` along the edge of a shape (a part's own outline).
    Band(std::boxed::Box<Shape>, f32),
    /// The first shape with the second cut away.
    Cut(std::boxed::Box<Shape>, std::boxed::Box<Shape>),
}

impl Shape {
    pub(crate) fn distance(&self, p: Vec2) -> f32 {
        match self {
            Shape::Placed {
                shape,
                at,
                scale,
                flip,
            } => {
                let mut q = (p - *at) / *scale;
                if *flip {
                    q.y = 1.0 - q.y;
                }
                shape.distance(q) * scale
            }
            Shape::Union(shapes) => shapes
                .iter()
                .map(|s| s.distance(p))
                .fold(f32::MAX, f32::min),
            Shape::Band(shape, w) => shape.distance(p).abs() - w,
            Shape::Cut(a, b) => a.distance(p).max(-b.distance(p)),
            Shape::Circle(c, r) => p.distance(*c) - r,
            Shape::Box(lo, hi, r) => {
                let c = (*lo + *hi) * 0.5;
                let half = (*hi - *lo) * 0.5 - Vec2::splat(*r);
                let q = (p - c).abs() - half;
                q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - r
            }
            Shape::Poly(points) => polygon_distance(points, p),
        }
    }
}

/// Signed distance to a closed polygon (negative inside), any winding, concave allowed.
fn polygon_distance(points: &[[f32; 2]], p: Vec2) -> f32 {
    let Some(first) = points.first() else {
        return f32::MAX;
    };
    let mut d = p.distance_squared(Vec2::from(*first));
    let mut sign = 1.0;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (vi, vj) = (Vec2::from(points[i]), Vec2::from(points[j]));
        let e = vj - vi;
        let w = p - vi;
        let b = w - e * (w.dot(e) / e.dot(e)).clamp(0.0, 1.0);
        d = d.min(b.dot(b));
        let c = [p.y >= vi.y, p.y < vj.y, e.x * w.y > e.y * w.x];
        if c.iter().all(|&x| x) || c.iter().all(|&x| !x) {
            sign = -sign;
        }
        j = i;
    }
    sign * d.sqrt()
}

pub(crate) fn segment_distance(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.dot(ab)).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

/// A drawn piece: its filled shapes and the inner strokes that separate its parts.
pub(crate) struct Piece {
    pub(crate) shapes: Vec<Shape>,
    pub(crate) strokes: Vec<(Vec2, Vec2)>,
    pub(crate) dots: Vec<(Vec2, f32)>,
    /// Filled detail areas (a disc's letter).
    pub(crate) marks: Vec<Shape>,
}

pub(crate) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

pub(crate) fn bx(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Shape {
    Shape::Box(v(x0, y0), v(x1, y1), r)
}

pub(crate) fn hline(y: f32, x0: f32, x1: f32) -> (Vec2, Vec2) {
    (v(x0, y), v(x1, y))
}

/// The six silhouettes, Staunton-like, drawn in a 0..1 cell with y up.
pub(crate) fn silhouette(letter: char) -> Piece {
    let base = bx(0.20, 0.07, 0.80, 0.17, 0.035);
    match letter {
        'K' => Piece {
            shapes: vec![
                base,
                bx(0.27, 0.16, 0.73, 0.24, 0.02),
                Shape::Poly(&[[0.33, 0.23], [0.67, 0.23], [0.61, 0.52], [0.39, 0.52]]),
                bx(0.31, 0.50, 0.69, 0.58, 0.025),
                Shape::Poly(&[
                    [0.37, 0.57],
                    [0.63, 0.57],
                    [0.73, 0.70],
                    [0.60, 0.75],
                    [0.40, 0.75],
                    [0.27, 0.70],
                ]),
                bx(0.462, 0.72, 0.538, 0.95, 0.01),
                bx(0.39, 0.82, 0.61, 0.885, 0.01),
            ],
            strokes: vec![
                hline(0.17, 0.23, 0.77),
                hline(0.24, 0.30, 0.70),
                hline(0.50, 0.34, 0.66),
                hline(0.58, 0.34, 0.66),
            ],
            dots: vec![],
            marks: vec![],
        },
        'Q' => Piece {
            shapes: vec![
                base,
                bx(0.27, 0.16, 0.73, 0.24, 0.02),
                Shape::Poly(&[[0.33, 0.23], [0.67, 0.23], [0.60, 0.50], [0.40, 0.50]]),
                bx(0.31, 0.48, 0.69, 0.56, 0.025),
                Shape::Poly(&[
                    [0.35, 0.55],
                    [0.65, 0.55],
                    [0.80, 0.79],
                    [0.665, 0.685],
                    [0.645, 0.85],
                    [0.56, 0.70],
                    [0.50, 0.89],
                    [0.44, 0.70],
                    [0.355, 0.85],
                    [0.335, 0.685],
                    [0.20, 0.79],
                ]),
                Shape::Circle(v(0.20, 0.80), 0.045),
                Shape::Circle(v(0.35, 0.86), 0.045),
                Shape::Circle(v(0.50, 0.90), 0.045),
                Shape::Circle(v(0.65, 0.86), 0.045),
                Shape::Circle(v(0.80, 0.80), 0.045),
            ],
            strokes: vec![
                hline(0.17, 0.23, 0.77),
                hline(0.24, 0.30, 0.70),
                hline(0.48, 0.34, 0.66),
                hline(0.56, 0.34, 0.66),
            ],
            dots: vec![],
            marks: vec![],
        },
        'R' => Piece {
            shapes: vec![
                base,
                bx(0.25, 0.16, 0.75, 0.25, 0.02),
                Shape::Poly(&[[0.32, 0.24], [0.68, 0.24], [0.655, 0.63], [0.345, 0.63]]),
                bx(0.27, 0.62, 0.73, 0.74, 0.02),
                bx(0.27, 0.72, 0.365, 0.86, 0.012),
                bx(0.4525, 0.72, 0.5475, 0.86, 0.012),
                bx(0.635, 0.72, 0.73, 0.86, 0.012),
            ],
            strokes: vec![
                hline(0.17, 0.23, 0.77),
                hline(0.25, 0.30, 0.70),
                hline(0.63, 0.30, 0.70),
            ],
            dots: vec![],
            marks: vec![],
        },
        'B' => Piece {
            shapes: vec![
                base,
                bx(0.29, 0.16, 0.71, 0.23, 0.02),
                Shape::Poly(&[[0.36, 0.22], [0.64, 0.22], [0.57, 0.43], [0.43, 0.43]]),
                bx(0.34, 0.41, 0.66, 0.475, 0.025),
                Shape::Poly(&[
                    [0.40, 0.47],
                    [0.60, 0.47],
                    [0.655, 0.55],
                    [0.665, 0.62],
                    [0.63, 0.70],
                    [0.56, 0.78],
                    [0.50, 0.83],
                    [0.44, 0.78],
                    [0.37, 0.70],
                    [0.335, 0.62],
                    [0.345, 0.55],
                ]),
                Shape::Circle(v(0.50, 0.865), 0.05),
            ],
            strokes: vec![
                hline(0.17, 0.23, 0.77),
                hline(0.23, 0.32, 0.68),
                hline(0.41, 0.37, 0.63),
                hline(0.475, 0.37, 0.63),
                (v(0.565, 0.71), v(0.47, 0.60)),
            ],
            dots: vec![],
            marks: vec![],
        },
        'N' => Piece {
            shapes: vec![
                base,
                bx(0.26, 0.16, 0.76, 0.25, 0.02),
                Shape::Poly(&[
                    [0.30, 0.24],
                    [0.75, 0.24],
                    [0.745, 0.42],
                    [0.71, 0.58],
                    [0.64, 0.71],
                    [0.56, 0.79],
                    [0.52, 0.90],
                    [0.46, 0.81],
                    [0.37, 0.78],
                    [0.27, 0.70],
                    [0.17, 0.59],
                    [0.15, 0.52],
                    [0.19, 0.47],
                    [0.27, 0.475],
                    [0.37, 0.52],
                    [0.44, 0.50],
                    [0.35, 0.37],
                ]),
            ],
            strokes: vec![
                hline(0.17, 0.23, 0.77),
                hline(0.25, 0.30, 0.72),
                (v(0.56, 0.79), v(0.69, 0.50)),
            ],
            dots: vec![(v(0.385, 0.685), 0.03), (v(0.205, 0.535), 0.015)],
            marks: vec![],
        },
        _ => Piece {
            shapes: vec![
                base,
                Shape::Poly(&[
                    [0.28, 0.16],
                    [0.72, 0.16],
                    [0.61, 0.34],
                    [0.575, 0.50],
                    [0.425, 0.50],
                    [0.39, 0.34],
                ]),
                bx(0.35, 0.475, 0.65, 0.545, 0.03),
                Shape::Circle(v(0.50, 0.655), 0.125),
            ],
            strokes: vec![hline(0.17, 0.25, 0.75), hline(0.475, 0.40, 0.60)],
            dots: vec![],
            marks: vec![],
        },
    }
}

/// A lettered disc for piece letters without a drawn silhouette.
fn letter_disc(letter: char) -> Piece {
    let bitmap = glyph(letter);
    let px = 0.072;
    let origin = v(
        0.5 - px * FONT_W as f32 * 0.5,
        0.5 + px * FONT_H as f32 * 0.5,
    );
    let mut marks = Vec::new();
    for_each_lit(bitmap, |col, row| {
        // Each lit font pixel is a box, grown a little so neighbours merge without seams.
        let lo = origin + v(col as f32 * px, -(row as f32 + 1.0) * px);
        marks.push(Shape::Box(
            lo - Vec2::splat(0.003),
            lo + Vec2::splat(px + 0.003),
            0.0,
        ));
    });
    Piece {
        shapes: vec![Shape::Circle(v(0.5, 0.5), 0.37)],
        strokes: vec![],
        dots: vec![],
        marks,
    }
}

fn for_each_lit(bitmap: &Glyph5x7, mut f: impl FnMut(usize, usize)) {
    for (row, bits) in bitmap.iter().enumerate() {
        for col in 0..FONT_W {
            if bits & (1 << (FONT_W - 1 - col)) != 0 {
                f(col, row);
            }
        }
    }
}

/// Coverage of the region where `distance < 0`, antialiased over `aa` units.
fn coverage(distance: f32, aa: f32) -> f32 {
    (0.5 - distance / aa).clamp(0.0, 1.0)
}

fn paint_piece(pixels: &mut [u8], slot: u32, piece: &Piece, detail_width: f32) {
    let (x0, y0) = piece_cell_origin(slot);
    let aa = 1.2 / PIECE_CELL as f32;
    for py in 0..PIECE_CELL {
        for px in 0..PIECE_CELL {
            let p = v(
                (px as f32 + 0.5) / PIECE_CELL as f32,
                1.0 - (py as f32 + 0.5) / PIECE_CELL as f32,
            );
            let body = piece
                .shapes
                .iter()
                .map(|s| s.distance(p))
                .fold(f32::MAX, f32::min);
            let strokes = piece
                .strokes
                .iter()
                .map(|(a, b)| segment_distance(*a, *b, p) - detail_width);
            let dots = piece.dots.iter().map(|(c, r)| p.distance(*c) - r);
            let marks = piece.marks.iter().map(|m| m.distance(p));
            let detail = strokes.chain(dots).chain(marks).fold(f32::MAX, f32::min);
            let fill = coverage(body, aa);
            let texel = [
                coverage(body - OUTLINE, aa),
                fill,
                coverage(detail, aa) * fill,
                1.0,
            ];
            let at = (((y0 + py) * ATLAS_SIZE + x0 + px) * 4) as usize;
            for (k, value) in texel.iter().enumerate() {
                pixels[at + k] = (value * 255.0).round() as u8;
            }
        }
    }
}

fn paint_font_glyph(pixels: &mut [u8], index: u32, bitmap: &Glyph5x7) {
    let (x0, y0) = font_cell_origin(index);
    let left = (FONT_CELL_W as f32 - FONT_W as f32 * FONT_PX) * 0.5;
    let top = (FONT_CELL_H as f32 - FONT_H as f32 * FONT_PX) * 0.5;
    let mut boxes = Vec::new();
    for_each_lit(bitmap, |col, row| {
        let lo = v(left + col as f32 * FONT_PX, top + row as f32 * FONT_PX);
        boxes.push(Shape::Box(
            lo - Vec2::splat(0.3),
            lo + Vec2::splat(FONT_PX + 0.3),
            0.0,
        ));
    });
    for py in 0..FONT_CELL_H {
        for px in 0..FONT_CELL_W {
            let p = v(px as f32 + 0.5, py as f32 + 0.5);
            let d = boxes.iter().map(|b| b.distance(p)).fold(f32::MAX, f32::min);
            let c = (coverage(d, 1.0) * 255.0).round() as u8;
            let at = (((y0 + py) * ATLAS_SIZE + x0 + px) * 4) as usize;
            pixels[at..at + 4].copy_from_slice(&[c, c, c, c]);
        }
    }
}

fn paint_atlas() -> AtlasImage {
    let mut pixels = vec![0u8; (ATLAS_SIZE * ATLAS_SIZE * 4) as usize];
    for (slot, &letter) in SILHOUETTES.iter().enumerate() {
        paint_piece(&mut pixels, slot as u32, &silhouette(letter), DETAIL);
    }
    for k in 0..DISC_COUNT {
        let letter = if k < 26 {
            char::from(b'A' + k as u8)
        } else {
            '?'
        };
        let slot = SILHOUETTES.len() as u32 + k;
        paint_piece(&mut pixels, slot, &letter_disc(letter), 0.043);
    }
    for (k, image) in PieceImage::DRAWN.iter().skip(SILHOUETTES.len()).enumerate() {
        paint_piece(
            &mut pixels,
            FAIRY_FIRST + k as u32,
            &drawing(*image),
            DETAIL,
        );
    }
    let tile = Piece {
        shapes: vec![Shape::Poly(&TILE)],
        strokes: vec![],
        dots: vec![],
        marks: vec![],
    };
    paint_piece(&mut pixels, TILE_SLOT, &tile, DETAIL);
    for (index, (_, bitmap)) in FONT.iter().enumerate() {
        paint_font_glyph(&mut pixels, index as u32, bitmap);
    }
    AtlasImage {
        levels: mip_chain(pixels, ATLAS_SIZE),
    }
}

/// Box-filtered mip levels down to 1x1, so pieces shrunk far into the inner cube stay
/// smooth instead of sparkling.
pub(crate) fn mip_chain(level0: Vec<u8>, size: u32) -> Vec<Vec<u8>> {
    let mut levels = vec![level0];
    let mut side = size as usize;
    while side > 1 {
        let half = side / 2;
        let src = &levels[levels.len() - 1];
        let mut dst = vec![0u8; half * half * 4];
        for y in 0..half {
            for x in 0..half {
                for k in 0..4 {
                    let at = |sx: usize, sy: usize| u32::from(src[(sy * side + sx) * 4 + k]);
                    let sum = at(2 * x, 2 * y)
                        + at(2 * x + 1, 2 * y)
                        + at(2 * x, 2 * y + 1)
                        + at(2 * x + 1, 2 * y + 1);
                    dst[(y * half + x) * 4 + k] = ((sum + 2) / 4) as u8;
                }
            }
        }
        levels.push(dst);
        side = half;
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texel(level0: &[u8], uv: [f32; 4], fx: f32, fy: f32) -> [u8; 4] {
        let x = ((uv[0] + (uv[2] - uv[0]) * fx) * ATLAS_SIZE as f32) as usize;
        let y = ((uv[1] + (uv[3] - uv[1]) * fy) * ATLAS_SIZE as f32) as usize;
        let at = (y * ATLAS_SIZE as usize + x) * 4;
        [level0[at], level0[at + 1], level0[at + 2], level0[at + 3]]
    }

    #[test]
    fn silhouettes_differ_and_are_filled_in_the_middle() {
        let image = atlas();
        assert_eq!(image.levels.len(), 11);
        let masks: Vec<Vec<u8>> = SILHOUETTES
            .iter()
            .map(|&c| {
                let uv = piece_uv(c);
                (0..32 * 32)
                    .map(|i| {
                        texel(
                            &image.levels[0],
                            uv,
                            (i % 32) as f32 / 32.0,
                            (i / 32) as f32 / 32.0,
                        )[0]
                    })
                    .collect()
            })
            .collect();
        for i in 0..masks.len() {
            for j in i + 1..masks.len() {
                let differing = masks[i]
                    .iter()
                    .zip(&masks[j])
                    .filter(|(a, b)| a.abs_diff(**b) > 128)
                    .count();
                assert!(
                    differing > 40,
                    "{} and {} look alike",
                    SILHOUETTES[i],
                    SILHOUETTES[j]
                );
            }
        }
        for &c in &SILHOUETTES {
            // The base is solid fill; the top corners are empty.
            assert_eq!(
                texel(&image.levels[0], piece_uv(c), 0.5, 0.88)[1],
                255,
                "{c}"
            );
            assert_eq!(
                texel(&image.levels[0], piece_uv(c), 0.05, 0.05)[0],
                0,
                "{c}"
            );
        }
    }

    #[test]
    fn unknown_letters_get_discs_and_labels_have_ink() {
        assert_ne!(piece_uv('T'), piece_uv('U'));
        assert_eq!(piece_uv('k'), piece_uv('K'));
        assert_eq!(piece_uv('\u{263A}'), piece_uv('?'));
        let image = atlas();
        // Disc centre of 'T' is the letter's stem: detail ink.
        assert!(texel(&image.levels[0], piece_uv('T'), 0.5, 0.5)[2] > 200);
        // Label '1' has ink in its stem and none in its corner.
        let one = font_uv('1');
        assert!(texel(&image.levels[0], one, 0.5, 0.5)[0] > 200);
        assert_eq!(texel(&image.levels[0], one, 0.02, 0.02)[0], 0);
    }

    #[test]
    fn fairy_pictures_differ_from_each_other_and_from_the_orthodox_six() {
        let image = atlas();
        // Silhouette and inner detail, so pieces told apart by their marks count too.
        let mask = |uv: [f32; 4]| -> Vec<u8> {
            (0..32 * 32)
                .flat_map(|i| {
                    let t = texel(
                        &image.levels[0],
                        uv,
                        (i % 32) as f32 / 32.0,
                        (i / 32) as f32 / 32.0,
                    );
                    [t[0], t[2]]
                })
                .collect()
        };
        let all: Vec<(PieceImage, Vec<u8>)> = PieceImage::DRAWN
            .iter()
            .map(|&i| (i, mask(image_uv(i, 'X'))))
            .collect();
        for (i, (a, ma)) in all.iter().enumerate() {
            // Some body, and the cell's corners empty (the outline fits the cell).
            assert!(
                ma.iter().step_by(2).filter(|&&t| t > 128).count() > 100,
                "{a:?}"
            );
            for (fx, fy) in [(0.02, 0.02), (0.97, 0.02), (0.02, 0.97), (0.97, 0.97)] {
                let t = texel(&image.levels[0], image_uv(*a, 'X'), fx, fy);
                assert_eq!(t[0], 0, "{a:?} at {fx},{fy}");
            }
            for (b, mb) in &all[i + 1..] {
                let differing = ma
                    .iter()
                    .zip(mb)
                    .filter(|(x, y)| x.abs_diff(**y) > 128)
                    .count();
                assert!(differing > 25, "{a:?} and {b:?} look alike: {differing}");
            }
        }
        // The orthodox pictures are the letters' silhouettes; a letter image is its disc.
        assert_eq!(image_uv(PieceImage::Rook, 'C'), piece_uv('R'));
        assert_eq!(image_uv(PieceImage::Letter, 'c'), piece_uv('C'));
        // A scene's table overrides the letter; other letters keep their default.
        let table = [('C', PieceImage::Cannon), ('r', PieceImage::Letter)];
        assert_eq!(
            scene_piece_uv(&table, &[], 'c'),
            image_uv(PieceImage::Cannon, 'c')
        );
        assert_eq!(scene_piece_uv(&table, &[], 'R'), disc_uv('R'));
        assert_ne!(disc_uv('R'), piece_uv('R'));
        assert_eq!(scene_piece_uv(&table, &[], 'N'), piece_uv('N'));
    }
}
