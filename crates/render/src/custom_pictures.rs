//! Pictures a variant file gives its own pieces: outlines (an SVG path, read by the
//! variants crate) filled like the built-in silhouettes, and images whose opaque pixels
//! are the piece and whose dark opaque pixels are its inner lines. A scene hands them
//! out by letter ([`Scene::own_pictures`](crate::Scene::own_pictures)); each renderer
//! keeps them in cells of its atlas's free strip below the font ([`CUSTOM_SLOTS`] at
//! once, freed for others when unshown) and draws them in the side's colours like every
//! other piece.

use std::sync::Arc;

use glam::Vec2;

use crate::atlas::{ATLAS_SIZE, AtlasImage, atlas, mip_chain};

/// A picture of a variant's own, as a scene hands it out.
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

/// The atlas cells of the pictures a renderer shows, owned by that renderer: the
/// pictures of the scene drawn now keep their cells; a new one takes an empty cell, else
/// the cell whose picture went unshown longest. So a viewer that opens variant after
/// variant never runs out of cells: only one scene's pictures must fit at once.
#[derive(Default)]
pub(crate) struct PictureCells {
    /// Per cell: its picture and the frame it was last shown in.
    cells: Vec<Option<(Arc<CustomPicture>, u64)>>,
    /// Frames placed so far.
    frame: u64,
    /// Changes whenever a cell gets another picture (0: no picture yet).
    generation: u64,
}

impl PictureCells {
    /// The cell of each of the scene's own pictures, by letter. Pictures beyond
    /// [`CUSTOM_SLOTS`] in one scene get none (their pieces keep their letters).
    pub(crate) fn place(&mut self, own: &[(char, Arc<CustomPicture>)]) -> Vec<(char, u8)> {
        self.frame += 1;
        if self.cells.len() < CUSTOM_SLOTS as usize {
            self.cells.resize(CUSTOM_SLOTS as usize, None);
        }
        let mut placed = Vec::with_capacity(own.len());
        for (letter, picture) in own {
            if draws_nothing(picture) {
                continue;
            }
            let cell = self.find(picture).or_else(|| self.take(picture));
            if let Some(cell) = cell {
                if let Some((_, shown)) = &mut self.cells[cell] {
                    *shown = self.frame;
                }
                placed.push((*letter, cell as u8));
            }
        }
        placed
    }

    /// The cell already holding this picture (the same one, or one equal to it).
    fn find(&self, picture: &Arc<CustomPicture>) -> Option<usize> {
        self.cells.iter().position(|c| {
            c.as_ref()
                .is_some_and(|(p, _)| Arc::ptr_eq(p, picture) || **p == **picture)
        })
    }

    /// Puts the picture in an empty cell, else in the one unshown longest (never one
    /// shown this frame).
    fn take(&mut self, picture: &Arc<CustomPicture>) -> Option<usize> {
        let frame = self.frame;
        let cell = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.as_ref().is_none_or(|(_, shown)| *shown < frame))
            .min_by_key(|(_, c)| c.as_ref().map_or(0, |(_, shown)| *shown + 1))
            .map(|(i, _)| i)?;
        self.cells[cell] = Some((picture.clone(), frame));
        self.generation += 1;
        Some(cell)
    }

    /// Changes whenever a cell gets another picture (0: no picture yet).
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The built-in atlas with every cell's picture painted in.
    pub(crate) fn atlas(&self) -> AtlasImage {
        let mut pixels = atlas().levels[0].clone();
        for (cell, held) in self.cells.iter().enumerate() {
            if let Some((picture, _)) = held {
                paint(&mut pixels, cell as u32, picture);
            }
        }
        AtlasImage {
            levels: mip_chain(pixels, ATLAS_SIZE),
        }
    }
}

/// A picture with nothing to draw: no outline of three points, or an image whose size
/// and pixels disagree.
fn draws_nothing(picture: &CustomPicture) -> bool {
    match picture {
        CustomPicture::Outline(shapes) => shapes.iter().all(|s| s.len() < 3),
        CustomPicture::Image {
            width,
            height,
            rgba,
        } => *width == 0 || *height == 0 || rgba.len() != (*width * *height * 4) as usize,
    }
}

/// Whether the picture covers point `p` of its cell (x right, y down, 0 to 1, as a
/// sprite is read): its fill or its outline band. Picking asks this of the picture
/// itself, so it needs no renderer.
pub(crate) fn covers(picture: &CustomPicture, p: Vec2) -> bool {
    if draws_nothing(picture) {
        return false;
    }
    let p = Vec2::new(p.x, 1.0 - p.y);
    match picture {
        CustomPicture::Outline(shapes) => outline_distance(shapes, p) < OUTLINE,
        CustomPicture::Image {
            width,
            height,
            rgba,
        } => image_masks(*width, *height, rgba, p)[0] > 0.5,
    }
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

    /// A triangle whose apex is at `x` (so each `x` is another picture).
    fn triangle(x: f32) -> Arc<CustomPicture> {
        Arc::new(CustomPicture::Outline(vec![vec![
            [0.1, 0.1],
            [0.9, 0.1],
            [x, 0.9],
        ]]))
    }

    #[test]
    fn placing_paints_a_cell_and_the_next_frame_keeps_it() {
        let mut cells = PictureCells::default();
        let tri = triangle(0.5);
        let placed = cells.place(&[('D', tri.clone())]);
        assert_eq!(placed.len(), 1);
        let slot = placed[0].1;
        let generation = cells.generation();
        assert!(generation >= 1);
        // An equal picture (another Arc) keeps the cell and paints nothing anew.
        let again = cells.place(&[('D', Arc::new((*tri).clone()))]);
        assert_eq!((again, cells.generation()), (placed, generation));
        let image = cells.atlas();
        // The cell's centre is filled (G), a corner is not.
        let texel = |x: u32, y: u32| {
            let at = (((TOP + y) * ATLAS_SIZE + slot as u32 * CELL + x) * 4) as usize;
            image.levels[0][at + 1]
        };
        assert!(texel(CELL / 2, CELL / 2) > 200);
        assert_eq!(texel(2, 2), 0);
        let empty = Arc::new(CustomPicture::Outline(Vec::new()));
        assert!(cells.place(&[('E', empty)]).is_empty());
    }

    #[test]
    fn twenty_variants_in_turn_never_run_out_of_cells() {
        let mut cells = PictureCells::default();
        for variant in 0..20 {
            let own: Vec<_> = (0..3)
                .map(|k| {
                    let letter = (b'A' + k) as char;
                    (
                        letter,
                        triangle(0.2 + (variant * 3 + k as usize) as f32 * 0.01),
                    )
                })
                .collect();
            let placed = cells.place(&own);
            assert_eq!(placed.len(), 3, "variant {variant} lost a picture");
            let mut slots: Vec<u8> = placed.iter().map(|p| p.1).collect();
            slots.dedup();
            assert_eq!(slots.len(), 3, "two pictures of one scene share a cell");
            // The cells hold exactly this scene's pictures now.
            for ((_, picture), (_, slot)) in own.iter().zip(&placed) {
                let held = cells.cells[*slot as usize].as_ref().unwrap();
                assert!(Arc::ptr_eq(&held.0, picture));
            }
        }
    }

    #[test]
    fn one_letter_with_two_pictures_in_two_variants_gets_two_cells() {
        let mut cells = PictureCells::default();
        let (a, b) = (triangle(0.3), triangle(0.7));
        let in_a = cells.place(&[('D', a.clone())]);
        let in_b = cells.place(&[('D', b.clone())]);
        assert_ne!(in_a[0].1, in_b[0].1);
        // Back to the first variant: its picture is still in its cell.
        assert_eq!(cells.place(&[('D', a)]), in_a);
        // Two letters showing one picture share its cell.
        let shared = cells.place(&[('D', b.clone()), ('X', b)]);
        assert_eq!(shared[0].1, shared[1].1);
    }

    #[test]
    fn a_scene_with_more_pictures_than_cells_keeps_the_first_ones() {
        let mut cells = PictureCells::default();
        let own: Vec<_> = (0..CUSTOM_SLOTS as usize + 3)
            .map(|k| ((b'A' + k as u8) as char, triangle(0.1 + k as f32 * 0.05)))
            .collect();
        let placed = cells.place(&own);
        assert_eq!(placed.len(), CUSTOM_SLOTS as usize);
        assert_eq!(placed[0].0, 'A');
    }

    #[test]
    fn a_picture_covers_its_inside_and_not_its_corner() {
        // Sprite coordinates: y down, so the apex (0.5, 0.9) is near the top.
        let tri = triangle(0.5);
        assert!(covers(&tri, Vec2::new(0.5, 0.5)));
        assert!(covers(&tri, Vec2::new(0.5, 0.15)));
        assert!(!covers(&tri, Vec2::new(0.05, 0.05)));
        assert!(!covers(&tri, Vec2::new(0.5, 0.97)));
    }
}
