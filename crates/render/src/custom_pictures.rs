//! Pictures a variant file gives its own pieces: outlines (an SVG path, read by the
//! variants crate) filled like the built-in silhouettes, and images whose opaque pixels
//! are the piece and whose dark opaque pixels are its inner lines. Each one registered
//! takes a cell of the atlas's free strip below the font (at most [`CUSTOM_SLOTS`] in
//! a process; the same picture registered again keeps its cell), and is drawn in the
//! side's colours like every other piece.

use std::sync::{Arc, Mutex};

use glam::Vec2;

use crate::atlas::{ATLAS_SIZE, AtlasImage, atlas, mip_chain};
use crate::silhouettes::PieceImage;

/// A picture of one's own, as [`register_picture`] takes it.
#[derive(Clone, Debug, PartialEq)]
pub enum CustomPicture {
    /// Closed outlines in the piece's unit square (x right, y up, 0 to 1), filled
    /// even-odd.
    Outline(Vec<Vec<[f32; 2]>>),
    /// RGBA8 pixels, rows top first; transparent where there is no piece.
    Image {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// `width * height * 4` bytes.
        rgba: Vec<u8>,
    },
}

impl CustomPicture {
    /// Reads a PNG file into an [`Image`](Self::Image) (any PNG colour type; the
    /// largest side at most 4096 pixels).
    pub fn from_png(path: &std::path::Path) -> Result<CustomPicture, String> {
        let shown = path.display();
        let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().map_err(|e| format!("{shown}: {e}"))?;
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| format!("{shown}: the image is too large"))?;
        let mut buf = vec![0; size];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| format!("{shown}: {e}"))?;
        let (width, height) = (info.width, info.height);
        if width.max(height) > 4096 {
            return Err(format!(
                "{shown}: {width}x{height} is larger than 4096 pixels"
            ));
        }
        let channels = info.color_type.samples();
        let rgba = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .flat_map(|px| match px {
                [g] => [*g, *g, *g, 255],
                [g, a] => [*g, *g, *g, *a],
                [r, g, b] => [*r, *g, *b, 255],
                [r, g, b, a] => [*r, *g, *b, *a],
                _ => [0, 0, 0, 0],
            })
            .collect();
        Ok(CustomPicture::Image {
            width,
            height,
            rgba,
        })
    }
}

/// Side of a custom picture's cell in texels.
const CELL: u32 = 112;
/// The top of the strip of custom cells: below the font's three rows.
const TOP: u32 = 912;
/// How many custom pictures the atlas holds.
pub const CUSTOM_SLOTS: u8 = (ATLAS_SIZE / CELL) as u8;
/// Outline band width, in cell units (as the built-in silhouettes').
const OUTLINE: f32 = 0.042;

struct Registry {
    pictures: Vec<CustomPicture>,
    generation: u64,
    painted: Option<(u64, Arc<AtlasImage>)>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    pictures: Vec::new(),
    generation: 0,
    painted: None,
});

/// Puts a picture in the atlas and returns the [`PieceImage`] that shows it; `None`
/// when it draws nothing (no outline, an empty image) or every cell is taken. Renderers
/// pick up new pictures on their next frame.
pub fn register_picture(picture: &CustomPicture) -> Option<PieceImage> {
    let empty = match picture {
        CustomPicture::Outline(shapes) => shapes.iter().all(|s| s.len() < 3),
        CustomPicture::Image {
            width,
            height,
            rgba,
        } => *width == 0 || *height == 0 || rgba.len() != (*width * *height * 4) as usize,
    };
    if empty {
        return None;
    }
    let mut r = REGISTRY.lock().ok()?;
    if let Some(i) = r.pictures.iter().position(|p| p == picture) {
        return Some(PieceImage::Custom(i as u8));
    }
    if r.pictures.len() >= CUSTOM_SLOTS as usize {
        return None;
    }
    r.pictures.push(picture.clone());
    r.generation += 1;
    Some(PieceImage::Custom(r.pictures.len() as u8 - 1))
}

/// Changes with every picture registered (0: none yet).
pub(crate) fn generation() -> u64 {
    REGISTRY.lock().map_or(0, |r| r.generation)
}

/// The atlas with every registered picture painted in, and its generation.
pub(crate) fn atlas_now() -> (Arc<AtlasImage>, u64) {
    let Ok(mut r) = REGISTRY.lock() else {
        return (
            Arc::new(AtlasImage {
                levels: atlas().levels.clone(),
            }),
            0,
        );
    };
    if let Some((g, image)) = &r.painted
        && *g == r.generation
    {
        return (image.clone(), *g);
    }
    let mut pixels = atlas().levels[0].clone();
    for (slot, picture) in r.pictures.iter().enumerate() {
        paint(&mut pixels, slot as u32, picture);
    }
    let image = Arc::new(AtlasImage {
        levels: mip_chain(pixels, ATLAS_SIZE),
    });
    let g = r.generation;
    r.painted = Some((g, image.clone()));
    (image, g)
}

/// Atlas rectangle `[u0, v0, u1, v1]` of a custom cell.
pub(crate) fn uv(slot: u8) -> [f32; 4] {
    let s = ATLAS_SIZE as f32;
    let x = slot as u32 % CUSTOM_SLOTS as u32 * CELL;
    [
        x as f32 / s,
        TOP as f32 / s,
        (x + CELL) as f32 / s,
        (TOP + CELL) as f32 / s,
    ]
}

/// Paints one picture's masks (R: piece with outline band, G: fill, B: inner lines).
fn paint(pixels: &mut [u8], slot: u32, picture: &CustomPicture) {
    let x0 = slot * CELL;
    let aa = 1.2 / CELL as f32;
    let cover = |d: f32| (0.5 - d / aa).clamp(0.0, 1.0);
    for py in 0..CELL {
        for px in 0..CELL {
            let p = Vec2::new(
                (px as f32 + 0.5) / CELL as f32,
                1.0 - (py as f32 + 0.5) / CELL as f32,
            );
            let texel = match picture {
                CustomPicture::Outline(shapes) => {
                    let d = outline_distance(shapes, p);
                    [cover(d - OUTLINE), cover(d), 0.0]
                }
                CustomPicture::Image {
                    width,
                    height,
                    rgba,
                } => image_masks(*width, *height, rgba, p),
            };
            let at = (((TOP + py) * ATLAS_SIZE + x0 + px) * 4) as usize;
            for (k, value) in texel.iter().chain(&[1.0]).enumerate() {
                pixels[at + k] = (value * 255.0).round() as u8;
            }
        }
    }
}

/// Signed distance to the even-odd fill of closed outlines (negative inside).
fn outline_distance(shapes: &[Vec<[f32; 2]>], p: Vec2) -> f32 {
    let mut d = f32::MAX;
    let mut inside = false;
    for points in shapes {
        let n = points.len();
        for i in 0..n {
            let (a, b) = (Vec2::from(points[i]), Vec2::from(points[(i + 1) % n]));
            let e = b - a;
            let w = p - a;
            let t = if e.length_squared() > 0.0 {
                (w.dot(e) / e.dot(e)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            d = d.min((w - e * t).length());
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * e.x {
                inside = !inside;
            }
        }
    }
    if inside { -d } else { d }
}

/// An image's masks at cell point `p`: fitted into the cell with its aspect kept.
fn image_masks(width: u32, height: u32, rgba: &[u8], p: Vec2) -> [f32; 3] {
    let scale = 0.9 / width.max(height) as f32;
    let size = Vec2::new(width as f32, height as f32) * scale;
    let origin = Vec2::new(0.5, 0.5) - size * 0.5;
    // Opacity and darkness at a cell point (0 outside the image).
    let sample = |q: Vec2| -> (f32, f32) {
        let u = (q - origin) / size;
        if !(0.0..1.0).contains(&u.x) || !(0.0..1.0).contains(&u.y) {
            return (0.0, 0.0);
        }
        let x = (u.x * width as f32) as u32;
        let y = ((1.0 - u.y) * height as f32) as u32;
        let at = ((y.min(height - 1) * width + x.min(width - 1)) * 4) as usize;
        let px = &rgba[at..at + 4];
        let alpha = px[3] as f32 / 255.0;
        let light = (px[0] as f32 + px[1] as f32 + px[2] as f32) / (3.0 * 255.0);
        (alpha, if light < 0.35 { alpha } else { 0.0 })
    };
    let (fill, dark) = sample(p);
    // The outline band: opaque anywhere within the band's width.
    let band = (0..8)
        .map(|k| {
            let a = k as f32 * std::f32::consts::FRAC_PI_4;
            sample(p + Vec2::new(a.cos(), a.sin()) * OUTLINE).0
        })
        .fold(fill, f32::max);
    [band, fill, dark]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_custom_strip_lies_below_the_font_and_inside_the_atlas() {
        let rows = crate::font::FONT.len().div_ceil(32) as u32;
        assert!(
            768 + rows * 48 <= TOP,
            "the font reaches into the custom strip"
        );
        const { assert!(TOP + CELL <= ATLAS_SIZE) };
    }

    #[test]
    fn an_outline_is_filled_inside_and_its_hole_is_not() {
        let square = vec![[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
        let hole = vec![[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6]];
        let shapes = vec![square, hole];
        assert!(outline_distance(&shapes, Vec2::new(0.2, 0.2)) < 0.0);
        assert!(outline_distance(&shapes, Vec2::new(0.5, 0.5)) > 0.0);
        assert!(outline_distance(&shapes, Vec2::new(0.95, 0.5)) > 0.0);
    }

    #[test]
    fn registering_paints_a_cell_and_twice_keeps_it() {
        let tri = CustomPicture::Outline(vec![vec![[0.1, 0.1], [0.9, 0.1], [0.5, 0.9]]]);
        let a = register_picture(&tri).unwrap();
        assert_eq!(register_picture(&tri), Some(a));
        let PieceImage::Custom(slot) = a else {
            panic!("a custom picture")
        };
        let (image, g) = atlas_now();
        assert!(g >= 1);
        // The cell's centre is filled (G), a corner is not.
        let texel = |x: u32, y: u32| {
            let at = (((TOP + y) * ATLAS_SIZE + slot as u32 * CELL + x) * 4) as usize;
            image.levels[0][at + 1]
        };
        assert!(texel(CELL / 2, CELL / 2) > 200);
        assert_eq!(texel(2, 2), 0);
        assert_eq!(register_picture(&CustomPicture::Outline(Vec::new())), None);
    }
}
