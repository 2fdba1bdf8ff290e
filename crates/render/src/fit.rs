//! Fitting the tesseract camera to a picture: the app's drawing area beside a side
//! panel is often taller than wide, and a camera set up for a wide picture clips the
//! outer cube there.

use crate::projection::{BoardGeometry, FOV_Y_DEG, Projector, Rect};
use crate::scene::Camera;

/// Share of the rectangle's smaller half-angle left free around a fitted board, so
/// pieces standing on corner squares and the cube lines keep a little air.
const FIT_MARGIN: f32 = 0.06;

impl Camera {
    /// This camera at the distance where the whole board, every W copy's cube, fits
    /// into `rect` with a small margin, seen from any yaw and pitch (so orbiting does
    /// not pump the zoom). The angles, pan and 4D settings are kept; the 4D rotation
    /// and perspective are taken into account. A good home view for any rectangle.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{BoardGeometry, Camera, Projector, Rect};
    /// let tall = Rect::new(0.0, 0.0, 300.0, 900.0);
    /// let cam = Camera::default().fit([4, 4, 2, 2], tall);
    /// let p = Projector::new(&cam, tall);
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// for corner in board.cube_corners(1) {
    ///     assert!(tall.contains(p.project(corner).unwrap().truncate()));
    /// }
    /// ```
    pub fn fit(&self, shape: [u8; 4], rect: Rect) -> Camera {
        let Some(board) = BoardGeometry::new(shape) else {
            return *self;
        };
        let proj = Projector::new(self, rect);
        let corners: Vec<glam::Vec3> = (0..board.sizes()[3])
            .flat_map(|w| board.cube_corners(w))
            .map(|c| proj.to_world(c))
            .collect();
        // Pulled-apart W layers are not centred on the origin: look at the middle of
        // what is drawn, so the fit is not spent on empty space.
        let (lo, hi) = corners.iter().fold(
            (glam::Vec3::splat(f32::MAX), glam::Vec3::splat(f32::MIN)),
            |(lo, hi), &c| (lo.min(c), hi.max(c)),
        );
        let centre = if corners.is_empty() {
            glam::Vec3::ZERO
        } else {
            (lo + hi) * 0.5
        };
        let radius = corners
            .iter()
            .map(|c| c.distance(centre))
            .fold(0.0f32, f32::max);
        let (right, up) = proj.screen_axes();
        let half_angle = narrowest_half_angle(rect);
        let round = Camera {
            distance: radius / (half_angle * (1.0 - FIT_MARGIN)).sin(),
            pan: [centre.dot(right), centre.dot(up)],
            ..*self
        };
        if self.w_stack {
            round.fit_as_seen(&board, rect)
        } else {
            round
        }
    }

    /// This camera moved in until the board as seen from its angles (every cube, and
    /// the pieces standing on the top layers) fills `rect` less the margins: with the W
    /// copies stacked, a tall picture is used from top to bottom instead of being sized
    /// for the widest view from any side.
    fn fit_as_seen(&self, board: &BoardGeometry, rect: Rect) -> Camera {
        let mut cam = *self;
        let stand = glam::Vec4::new(0.0, 0.0, board.pitch() * 0.8, 0.0);
        let points: Vec<glam::Vec4> = (0..board.sizes()[3])
            .flat_map(|w| board.cube_corners(w))
            .flat_map(|c| [c, c + stand])
            .collect();
        let room = if rect.w > 4.0 * LABEL_ROOM_PX {
            LABEL_ROOM_PX
        } else {
            0.0
        };
        let free = |size: f32, side_room: f32| {
            (size * (1.0 - 2.0 * FIT_MARGIN) - 2.0 * side_room).max(1.0)
        };
        for _ in 0..4 {
            let proj = Projector::new(&cam, rect);
            let Some((lo, hi)) = points.iter().try_fold(
                (glam::Vec2::splat(f32::MAX), glam::Vec2::splat(f32::MIN)),
                |(lo, hi), &p| {
                    let s = proj.project(p)?.truncate();
                    Some((lo.min(s), hi.max(s)))
                },
            ) else {
                return *self;
            };
            let size = (hi - lo).max(glam::Vec2::ONE);
            let scale = (size.x / free(rect.w, room)).max(size.y / free(rect.h, room * 0.5));
            // Re-centre: the pixel offset of the middle of what is drawn, in world units
            // at the orbit centre.
            let off = (lo + hi) * 0.5 - rect.centre();
            let per_unit =
                proj.pixels_per_unit(proj.eye() - proj.eye().normalize_or_zero() * cam.distance);
            let k = 1.0 / per_unit.max(1e-3);
            cam.pan[0] += off.x * k;
            cam.pan[1] -= off.y * k;
            cam.distance = (cam.distance * scale).clamp(0.5, 500.0);
        }
        cam
    }

    /// This camera pulled back just enough that what fills a square (or wider) picture
    /// at its distance fills a taller `rect` across instead of being clipped at the
    /// sides; unchanged for a rectangle at least as wide as tall. Keeps the user's zoom:
    /// apply it to the camera being drawn and picked, every frame.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{Camera, Rect};
    /// let cam = Camera::default();
    /// assert_eq!(cam.fitted(Rect::new(0.0, 0.0, 800.0, 600.0)), cam);
    /// assert!(cam.fitted(Rect::new(0.0, 0.0, 400.0, 800.0)).distance > cam.distance);
    /// ```
    pub fn fitted(&self, rect: Rect) -> Camera {
        let full = (FOV_Y_DEG.to_radians() * 0.5).sin();
        let narrow = narrowest_half_angle(rect).sin();
        Camera {
            distance: self.distance * full / narrow,
            ..*self
        }
    }
}

/// Pixels kept free at each side for the labels that hang outside the cubes (`W=1`,
/// `[0,1]`, rank numbers), as long as the picture is more than twice as wide.
const LABEL_ROOM_PX: f32 = 40.0;

/// Half of the smaller of the vertical and horizontal fields of view for `rect`, less
/// the room the labels need at the sides.
fn narrowest_half_angle(rect: Rect) -> f32 {
    let half_y = FOV_Y_DEG.to_radians() * 0.5;
    let room = if rect.w > 4.0 * LABEL_ROOM_PX {
        2.0 * LABEL_ROOM_PX
    } else {
        0.0
    };
    let aspect = ((rect.w - room).max(1.0) / rect.h.max(1.0)).clamp(0.05, 20.0);
    let half_x = (aspect * half_y.tan()).atan();
    half_y.min(half_x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Vec2, Vec3};

    fn bounds(points: impl IntoIterator<Item = Vec3>) -> (Vec2, Vec2) {
        points.into_iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), p| (lo.min(p.truncate()), hi.max(p.truncate())),
        )
    }

    fn assert_inside(cam: &Camera, shape: [u8; 4], rect: Rect, what: &str) -> (Vec2, Vec2) {
        let board = BoardGeometry::new(shape).unwrap();
        let p = Projector::new(cam, rect);
        let (lo, hi) = bounds(
            (0..board.sizes()[3])
                .flat_map(|w| board.cube_corners(w))
                .map(|c| p.project(c).unwrap()),
        );
        assert!(
            lo.x > rect.x && lo.y > rect.y && hi.x < rect.x + rect.w && hi.y < rect.y + rect.h,
            "{what} {shape:?} {rect:?} {cam:?}: {lo} {hi}"
        );
        (lo, hi)
    }

    #[test]
    fn fitted_cameras_keep_every_cube_inside_tall_and_wide_pictures() {
        for shape in [[4, 4, 2, 2], [5, 5, 5, 1], [4, 4, 4, 4], [8, 8, 1, 1]] {
            for (w, h) in [
                (300.0, 900.0),
                (420.0, 700.0),
                (700.0, 700.0),
                (1280.0, 500.0),
            ] {
                let rect = Rect::new(17.0, 40.0, w, h);
                let home = Camera::for_shape(shape);
                assert_inside(&home.fitted(rect), shape, rect, "fitted");
                for yaw in (0..360).step_by(45) {
                    for pitch in [-50.0, 0.0, 24.0, 80.0] {
                        let cam = Camera {
                            yaw_deg: yaw as f32,
                            pitch_deg: pitch,
                            xw_deg: 20.0,
                            ..home
                        };
                        let fit = cam.fit(shape, rect);
                        let (lo, hi) = assert_inside(&fit, shape, rect, "fit");
                        // ... and fills a fair part of the narrow side.
                        let used = (hi - lo).max_element() / w.min(h);
                        assert!(
                            used > 0.4,
                            "{shape:?} {w}x{h} yaw {yaw} pitch {pitch}: {used}"
                        );
                    }
                }
            }
        }
        // Wide pictures keep the zoom; taller ones pull back more the taller they are.
        let cam = Camera::default();
        assert_eq!(cam.fitted(Rect::new(0.0, 0.0, 900.0, 500.0)), cam);
        let a = cam.fitted(Rect::new(0.0, 0.0, 500.0, 700.0)).distance;
        let b = cam.fitted(Rect::new(0.0, 0.0, 300.0, 900.0)).distance;
        assert!(cam.distance < a && a < b);
    }
}
