//! The axis gizmo in the tesseract picture's corner: where the board's X (files),
//! Y (ranks), Z (layers) and W (copies) point on screen after the 4D turn and the 3D
//! orbit, so a player who turned XW by 90° can read that files now run where W did.

use glam::{Vec2, Vec4};

use crate::instances::{
    MODE_RING, QuadInstance, push_label_plate, push_segment, push_text, rect_quad,
};
use crate::projection::{Projector, Rect};
use crate::style::{Palette, Rgba, with_alpha};

/// Axis names, in the board's order.
pub const AXIS_NAMES: [char; 4] = ['X', 'Y', 'Z', 'W'];
/// Longest gizmo arm, pixels.
const ARM_PX: f32 = 38.0;
/// An arm shorter than this share of the longest points into or out of the screen
/// (or only scales, as W does under the 4D perspective): it gets a ring instead.
const SHORT: f32 = 0.25;
/// Small step along each axis used to read its screen direction.
const STEP: f32 = 0.05;

/// Screen direction (pixels per unit, y down) of each 4D axis at the board's centre:
/// how far a point there moves on screen when one coordinate grows. W under the
/// nested-cubes perspective only grows things, so its direction there is near zero.
pub fn axis_directions(proj: &Projector) -> [Vec2; 4] {
    let origin = proj.project(Vec4::ZERO).map(|p| p.truncate());
    std::array::from_fn(|axis| {
        let mut step = Vec4::ZERO;
        step[axis] = STEP;
        match (origin, proj.project(step)) {
            (Some(o), Some(p)) => (p.truncate() - o) / STEP,
            _ => Vec2::ZERO,
        }
    })
}

/// Colour of each axis arm: X red, Y green, Z blue as in 3D tools, W the amber of the
/// outer W layer.
const AXIS_COLOURS: [Rgba; 4] = [
    [0.95, 0.38, 0.34, 1.0],
    [0.42, 0.85, 0.45, 1.0],
    [0.40, 0.62, 1.00, 1.0],
    [1.00, 0.68, 0.22, 1.0],
];

/// The gizmo's plate in the bottom-left corner of the tesseract's `rect`, `None` when
/// the picture is too small to have one (labels keep off it).
pub(crate) fn gizmo_rect(rect: Rect) -> Option<Rect> {
    if rect.w < 160.0 || rect.h < 160.0 {
        return None;
    }
    let centre = Vec2::new(rect.x + 58.0, rect.y + rect.h - 62.0);
    Some(Rect::new(centre.x - 54.0, centre.y - 54.0, 108.0, 112.0))
}

/// Pushes the gizmo into the bottom-left corner of `rect`: one labelled arm per axis
/// the board has (`sizes` above 1; X and Y always); an axis that points mostly out of
/// the screen is a ring with its letter.
pub(crate) fn push_gizmo(
    quads: &mut Vec<QuadInstance>,
    proj: &Projector,
    pal: &Palette,
    sizes: [u32; 4],
) {
    let rect = proj.rect();
    let Some(plate_rect) = gizmo_rect(rect) else {
        return; // no room without covering the board
    };
    let dirs = axis_directions(proj);
    let longest = dirs.iter().map(|d| d.length()).fold(1e-6f32, f32::max);
    let centre = Vec2::new(rect.x + 58.0, rect.y + rect.h - 62.0);
    let plate = with_alpha(pal.background, 0.55);
    quads.push(rect_quad(plate_rect, plate, crate::instances::MODE_SOLID));
    let ink = 12.0;
    let mut rings = 0.0;
    let mut placed: Vec<Vec2> = Vec::new();
    for (axis, dir) in dirs.iter().enumerate() {
        if axis >= 2 && sizes[axis] <= 1 {
            continue;
        }
        let colour = AXIS_COLOURS[axis];
        let letter = [AXIS_NAMES[axis]];
        let share = dir.length() / longest;
        if share < SHORT {
            // Into the screen: a small ring beside the centre, its letter inside.
            let at = centre + Vec2::new(-40.0 + rings * 22.0, 44.0);
            rings += 1.0;
            let r = Rect::new(at.x - 10.0, at.y - 10.0, 20.0, 20.0);
            quads.push(rect_quad(r, colour, MODE_RING));
            push_text(quads, &letter, at, 0.5, ink * 0.8, colour);
            continue;
        }
        let tip = centre + *dir / longest * ARM_PX;
        push_segment(quads, centre.extend(0.0), tip.extend(0.0), 2.5, colour);
        let mut label_at = centre + *dir / longest * (ARM_PX + 9.0);
        // Two arms nearly along one line (W pulled apart along X): keep both letters
        // readable by moving the later one aside.
        if placed.iter().any(|p| p.distance(label_at) < ink * 1.2) {
            label_at += dir.normalize_or_zero().perp() * ink * 1.3;
        }
        placed.push(label_at);
        push_label_plate(quads, 1, label_at, 0.5, ink, plate);
        push_text(quads, &letter, label_at, 0.5, ink, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Camera;

    const RECT: Rect = Rect::new(0.0, 0.0, 800.0, 600.0);

    #[test]
    fn home_view_shows_files_right_layers_up_and_w_as_depth() {
        let cam = Camera {
            yaw_deg: 0.0,
            pitch_deg: 20.0,
            ..Camera::default()
        };
        let d = axis_directions(&Projector::new(&cam, RECT));
        assert!(
            d[0].x > 0.0 && d[0].x.abs() > 5.0 * d[0].y.abs(),
            "{:?}",
            d[0]
        );
        assert!(d[2].y < 0.0, "Z points up the screen: {:?}", d[2]);
        // Ranks run away from the viewer: up the screen, shortened.
        assert!(d[1].y < 0.0 && d[1].length() < d[0].length());
        // W only scales under the 4D perspective: no direction at the centre.
        assert!(d[3].length() < 0.05 * d[0].length(), "{:?}", d[3]);
    }

    #[test]
    fn a_quarter_turn_in_xw_swaps_files_and_copies() {
        let base = Camera {
            w_separation: 1.3,
            ..Camera::default()
        };
        let home = axis_directions(&Projector::new(&base, RECT));
        let turned = axis_directions(&Projector::new(
            &Camera {
                xw_deg: 90.0,
                ..base
            },
            RECT,
        ));
        // X now goes where W went, W where -X went; Y and Z stay.
        assert!(turned[0].distance(home[3]) < 1.0, "{turned:?} {home:?}");
        assert!(turned[3].distance(-home[0]) < 1.0, "{turned:?} {home:?}");
        assert!(turned[1].distance(home[1]) < 1e-3);
        assert!(turned[2].distance(home[2]) < 1e-3);
    }

    #[test]
    fn orthographic_views_keep_arm_lengths_apart_from_depth() {
        let cam = Camera {
            ortho_3d: true,
            ortho_4d: true,
            yaw_deg: 0.0,
            pitch_deg: 0.0,
            ..Camera::default()
        };
        let d = axis_directions(&Projector::new(&cam, RECT));
        // Side on, orthographic: X and Z the same length, Y straight into the screen.
        assert!((d[0].length() - d[2].length()).abs() < 1e-2, "{d:?}");
        assert!(d[1].length() < 1e-3, "{d:?}");
        // No 4D perspective and no separation: W collapses too.
        assert!(d[3].length() < 1e-3, "{d:?}");
    }

    #[test]
    fn the_gizmo_names_only_the_board_s_axes() {
        use crate::instances::MODE_TEXT;
        let pal = crate::style::palette(crate::scene::Theme::Dark);
        let proj = Projector::new(&Camera::default(), RECT);
        let count = |sizes| {
            let mut quads = Vec::new();
            push_gizmo(&mut quads, &proj, &pal, sizes);
            let letters = quads.iter().filter(|q| q.mode == MODE_TEXT).count();
            let rings = quads.iter().filter(|q| q.mode == MODE_RING).count();
            (letters, rings)
        };
        // A flat board: X and Y only.
        assert_eq!(count([8, 8, 1, 1]), (2, 0));
        // Raumschach: X, Y, Z.
        assert_eq!(count([5, 5, 5, 1]), (3, 0));
        // The 4D board: W too, a ring under the nested-cubes perspective.
        assert_eq!(count([4, 4, 2, 2]), (4, 1));
        // No room in a tiny picture: nothing.
        let small = Projector::new(&Camera::default(), Rect::new(0.0, 0.0, 120.0, 90.0));
        let mut quads = Vec::new();
        push_gizmo(&mut quads, &small, &pal, [4, 4, 2, 2]);
        assert!(quads.is_empty());
    }
}
