//! What the GPU receives: the instance layouts both shaders read, the uniforms, and
//! the small builders that turn rectangles, segments, arrows and text into quads.

use bytemuck::{Pod, Zeroable};
use glam::{Mat4, Vec2, Vec3};

use crate::atlas::{FONT_ASPECT, FONT_INK_HEIGHT, font_uv};
use crate::projection::Rect;
use crate::style::Rgba;

/// One tesseract cell: a box around a 4D centre, projected in the vertex shader.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub(crate) struct CellInstance {
    pub(crate) centre: [f32; 4],
    pub(crate) half: [f32; 4],
    pub(crate) fill: [f32; 4],
    pub(crate) edge: [f32; 4],
}

/// One screen-space quad: four corners (pixels + depth) clockwise from the top-left,
/// an atlas rectangle, two colours and how to shade it (`MODE_*`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub(crate) struct QuadInstance {
    pub(crate) p0: [f32; 3],
    pub(crate) p1: [f32; 3],
    pub(crate) p2: [f32; 3],
    pub(crate) p3: [f32; 3],
    pub(crate) uv: [f32; 4],
    pub(crate) colour: [f32; 4],
    pub(crate) colour2: [f32; 4],
    pub(crate) mode: u32,
}

/// Quad shading modes, mirrored in `shaders/quads.wgsl`.
pub(crate) const MODE_SOLID: u32 = 0;
pub(crate) const MODE_PIECE: u32 = 1;
pub(crate) const MODE_TEXT: u32 = 2;
pub(crate) const MODE_DISC: u32 = 3;
pub(crate) const MODE_RING: u32 = 4;
pub(crate) const MODE_TRIANGLE: u32 = 5;
pub(crate) const MODE_FRAME: u32 = 6;
pub(crate) const MODE_GLOW: u32 = 7;
pub(crate) const MODE_LINE: u32 = 8;

/// Uniforms shared by both shaders.
#[repr(C)]
#[derive(Clone, Copy, Debug, Pod, Zeroable)]
pub(crate) struct Globals {
    /// World to clip space of the whole target (the tesseract rectangle folded in).
    pub(crate) view_proj: [[f32; 4]; 4],
    pub(crate) rotation: [[f32; 4]; 4],
    /// x: 4D perspective, y: smallest divisor, z: unused, w: cell edge
    /// width in 4D board units.
    pub(crate) params: [f32; 4],
    /// x, y: target size in pixels.
    pub(crate) target: [f32; 4],
    /// xyz: world offset per unit of rotated 4D depth (the W separation).
    pub(crate) separation: [f32; 4],
}

impl Default for Globals {
    fn default() -> Self {
        Self {
            view_proj: Mat4::IDENTITY.to_cols_array_2d(),
            rotation: Mat4::IDENTITY.to_cols_array_2d(),
            params: [0.0; 4],
            target: [1.0, 1.0, 0.0, 0.0],
            separation: [0.0; 4],
        }
    }
}

/// The whole 0..1 square, for quads whose shading uses local coordinates only.
pub(crate) const UNIT_UV: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

pub(crate) fn quad(
    corners: [Vec3; 4],
    uv: [f32; 4],
    colour: Rgba,
    colour2: Rgba,
    mode: u32,
) -> QuadInstance {
    QuadInstance {
        p0: corners[0].to_array(),
        p1: corners[1].to_array(),
        p2: corners[2].to_array(),
        p3: corners[3].to_array(),
        uv,
        colour,
        colour2,
        mode,
    }
}

pub(crate) fn rect_quad(r: Rect, colour: Rgba, mode: u32) -> QuadInstance {
    let corners = [
        Vec3::new(r.x, r.y, 0.5),
        Vec3::new(r.x + r.w, r.y, 0.5),
        Vec3::new(r.x + r.w, r.y + r.h, 0.5),
        Vec3::new(r.x, r.y + r.h, 0.5),
    ];
    quad(corners, UNIT_UV, colour, colour, mode)
}

pub(crate) fn frame_quad(r: Rect, colour: Rgba, thickness: f32) -> QuadInstance {
    QuadInstance {
        colour2: [thickness, 0.0, 0.0, 0.0],
        ..rect_quad(r, colour, MODE_FRAME)
    }
}

/// An upright square of half-size `half` centred on screen point `c` (with depth).
pub(crate) fn square_quad(
    c: Vec3,
    half: f32,
    uv: [f32; 4],
    colour: Rgba,
    colour2: Rgba,
    mode: u32,
) -> QuadInstance {
    let corners = [
        Vec3::new(c.x - half, c.y - half, c.z),
        Vec3::new(c.x + half, c.y - half, c.z),
        Vec3::new(c.x + half, c.y + half, c.z),
        Vec3::new(c.x - half, c.y + half, c.z),
    ];
    quad(corners, uv, colour, colour2, mode)
}

/// A band of `width` pixels from `a` to `b` (pixel positions with depth), one pixel
/// wider than asked so the shader can soften its long edges without MSAA.
pub(crate) fn push_segment(
    quads: &mut Vec<QuadInstance>,
    a: Vec3,
    b: Vec3,
    width: f32,
    colour: Rgba,
) {
    let along = (b - a).truncate();
    if along.length_squared() < 1e-6 {
        return;
    }
    let n = (along.normalize().perp() * ((width + 1.0) * 0.5)).extend(0.0);
    quads.push(quad(
        [a + n, b + n, b - n, a - n],
        UNIT_UV,
        colour,
        colour,
        MODE_LINE,
    ));
}

/// An arrow from `a` to `b`: a shaft and a triangular head ending at `b`.
pub(crate) fn push_arrow(
    quads: &mut Vec<QuadInstance>,
    a: Vec2,
    b: Vec2,
    width: f32,
    colour: Rgba,
) {
    let along = b - a;
    let length = along.length();
    if length < 1.0 {
        return;
    }
    let dir = along / length;
    // Leave the tail's piece readable: start a little way out from its centre.
    let a = a + dir * (width * 2.0).min(length * 0.25);
    let head = (width * 3.2).min(length * 0.6);
    let neck = b - dir * head;
    push_segment(quads, a.extend(0.0), neck.extend(0.0), width, colour);
    let n = dir.perp() * (width * 1.4);
    // The triangle shader fills v in 0..1 across and narrows towards u = 1.
    let corners = [neck + n, b + n, b - n, neck - n].map(|p| p.extend(0.0));
    quads.push(quad(corners, UNIT_UV, colour, colour, MODE_TRIANGLE));
}

/// An arrow along a polyline of pixel points: segments to a neck, then a head ending
/// at the last point and pointing the way the line arrives. Like [`push_arrow`], the
/// tail starts a little way out from the first point so its piece stays readable.
pub(crate) fn push_path_arrow(
    quads: &mut Vec<QuadInstance>,
    points: &[Vec2],
    width: f32,
    colour: Rgba,
) {
    let total: f32 = points.windows(2).map(|p| p[0].distance(p[1])).sum();
    if points.len() < 2 || total < 1.0 {
        return;
    }
    if points.len() == 2 {
        return push_arrow(quads, points[0], points[1], width, colour);
    }
    let tail = (width * 2.0).min(total * 0.15);
    let head = (width * 3.2).min(total * 0.5);
    let (Some(start), Some(neck)) = (point_along(points, tail), point_along(points, total - head))
    else {
        return;
    };
    let end = points[points.len() - 1];
    // The shaft: from the tail point through every vertex between, to the neck.
    let mut last = start.0;
    for p in points.iter().take(neck.1 + 1).skip(start.1 + 1) {
        push_segment(quads, last.extend(0.0), p.extend(0.0), width, colour);
        last = *p;
    }
    push_segment(quads, last.extend(0.0), neck.0.extend(0.0), width, colour);
    let along = end - neck.0;
    if along.length_squared() < 1e-6 {
        return;
    }
    let n = along.normalize().perp() * (width * 1.4);
    let corners = [neck.0 + n, end + n, end - n, neck.0 - n].map(|p| p.extend(0.0));
    quads.push(quad(corners, UNIT_UV, colour, colour, MODE_TRIANGLE));
}

/// The point `distance` pixels along a polyline and the index of the segment it is on.
fn point_along(points: &[Vec2], distance: f32) -> Option<(Vec2, usize)> {
    let mut left = distance.max(0.0);
    for (i, pair) in points.windows(2).enumerate() {
        let d = pair[0].distance(pair[1]);
        if left <= d || i + 2 == points.len() {
            let t = if d > 1e-6 { (left / d).min(1.0) } else { 0.0 };
            return Some((pair[0].lerp(pair[1], t), i));
        }
        left -= d;
    }
    None
}

/// A dark backing plate under a label, so it stays readable over cells and pieces.
pub(crate) fn push_label_plate(
    quads: &mut Vec<QuadInstance>,
    chars: usize,
    at: Vec2,
    align: f32,
    ink: f32,
    colour: Rgba,
) {
    let r = label_plate_rect(chars, at, align, ink);
    quads.push(rect_quad(r, colour, MODE_SOLID));
}

/// The rectangle [`push_label_plate`] fills behind a label of `chars` characters.
pub(crate) fn label_plate_rect(chars: usize, at: Vec2, align: f32, ink: f32) -> Rect {
    let cell_h = ink / FONT_INK_HEIGHT;
    let advance = cell_h * FONT_ASPECT * 30.0 / 32.0;
    let width = advance * chars as f32;
    let pad = ink * 0.35;
    Rect::new(
        at.x - width * align - pad,
        at.y - ink * 0.5 - pad,
        width + 2.0 * pad,
        ink + 2.0 * pad,
    )
}

/// Text centred vertically on `at`, with `align` 0 = left edge at `at`, 0.5 = centred.
pub(crate) fn push_text(
    quads: &mut Vec<QuadInstance>,
    text: &[char],
    at: Vec2,
    align: f32,
    ink: f32,
    colour: Rgba,
) {
    let cell_h = ink / FONT_INK_HEIGHT;
    let cell_w = cell_h * FONT_ASPECT;
    // Advance = 6 font pixels (5 of ink, 1 of spacing) = 30 of the cell's 32 texels.
    let advance = cell_w * 30.0 / 32.0;
    let width = advance * text.len() as f32;
    let x0 = at.x - width * align - (cell_w - advance) * 0.5;
    for (i, &c) in text.iter().enumerate() {
        let r = Rect::new(x0 + i as f32 * advance, at.y - cell_h * 0.5, cell_w, cell_h);
        quads.push(QuadInstance {
            uv: font_uv(c),
            ..rect_quad(r, colour, MODE_TEXT)
        });
    }
}

/// A short label built without allocating.
#[derive(Clone, Copy, Default)]
pub(crate) struct Label {
    chars: [char; 16],
    len: usize,
}

impl Label {
    pub(crate) fn push(&mut self, c: char) {
        if let Some(slot) = self.chars.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    pub(crate) fn push_number(&mut self, n: u32) {
        let mut digits = [0u8; 10];
        let mut count = 0;
        let mut rest = n;
        loop {
            digits[count] = (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &d in digits[..count].iter().rev() {
            self.push(char::from(b'0' + d));
        }
    }

    pub(crate) fn chars(&self) -> &[char] {
        &self.chars[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_spell_numbers() {
        let mut l = Label::default();
        l.push('[');
        l.push_number(10);
        l.push(',');
        l.push_number(0);
        l.push(']');
        assert_eq!(l.chars().iter().collect::<String>(), "[10,0]");
    }
}
