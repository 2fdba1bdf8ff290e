//! The tesseract camera as the player steers it: orbit, zoom and pan follow the mouse at
//! once; the 4D rotation sliders and Reset glide to their target so the projection
//! visibly morphs.

use chess4d_render::{Camera, QuarterTurn, Rect, View, WPlane};

/// Closest and farthest zoom, as shares of the distance at which the board fits: the
/// camera never enters the pieces and never loses the board.
const ZOOM_IN: f32 = 0.55;
const ZOOM_OUT: f32 = 2.5;
/// The 3D view's vertical field of view, degrees (the renderer's).
const FOV_Y_DEG: f32 = 38.0;

/// The camera shown and the one it glides towards.
#[derive(Clone, Copy, Debug)]
pub struct CameraRig {
    /// What is drawn this frame.
    pub shown: Camera,
    /// Where the sliders and Reset want it.
    pub target: Camera,
    home: Camera,
    /// The distance at which the whole board fits (the zoom limits follow it).
    fit_distance: f32,
    /// Each view's own zoom (tesseract, flat, both), once it has one.
    zooms: [Option<f32>; 3],
    /// A quarter turn in a W plane under way (timed and eased, not glided).
    turn: Option<QuarterTurn>,
}

fn view_slot(view: View) -> usize {
    match view {
        View::Tesseract => 0,
        View::Flat => 1,
        View::Both => 2,
    }
}

impl CameraRig {
    /// A rig resting at the best first view of a board shape.
    pub fn for_shape(shape: [u8; 4]) -> CameraRig {
        let home = Camera::for_shape(shape);
        CameraRig {
            shown: home,
            target: home,
            home,
            fit_distance: home.distance,
            zooms: [None; 3],
            turn: None,
        }
    }

    /// Glides back to the first view of `shape`.
    pub fn reset(&mut self, shape: [u8; 4]) {
        self.home = Camera::for_shape(shape);
        self.target = self.home;
        self.fit_distance = self.home.distance;
        self.zooms = [None; 3];
        self.turn = None;
    }

    /// Starts a 90° turn of `plane` (`direction` positive: the angle grows) from where
    /// that plane's angle is now to the next quarter; a turn already under way in
    /// another plane is finished first, so the picture always rests on quarters.
    pub fn quarter_turn(&mut self, plane: WPlane, direction: i32) {
        if let Some(mut t) = self.turn.take() {
            t.elapsed = f32::INFINITY;
            t.advance(0.0, &mut self.shown);
            t.plane.set_angle(&mut self.target, t.to);
            self.rest(t.plane);
        }
        let turn = QuarterTurn::start(&self.target, plane, direction);
        plane.set_angle(&mut self.shown, turn.from);
        self.turn = Some(turn);
    }

    /// A plane's angle brought into the sliders' range -180..=180 once it rests (the
    /// same rotation: turns are periodic).
    fn rest(&mut self, plane: WPlane) {
        let a = plane.angle(&self.target);
        let wrapped = 180.0 - (180.0 - a).rem_euclid(360.0);
        plane.set_angle(&mut self.target, wrapped);
        plane.set_angle(&mut self.shown, wrapped);
    }

    /// The quarter turn under way, if any.
    pub fn turning(&self) -> Option<&QuarterTurn> {
        self.turn.as_ref()
    }

    /// Glides to the distance at which the whole board fits `rect`, seen from any side.
    pub fn fit(&mut self, shape: [u8; 4], rect: Rect) {
        let fitted = self.target.fit(shape, rect);
        // `rect` may be taller than wide; the window pulls back for that itself.
        let full = self.target.fitted(rect).distance / self.target.distance.max(1e-3);
        self.fit_distance = fitted.distance / full.max(1e-3);
        self.target.distance = self.fit_distance;
        self.target.pan = fitted.pan;
    }

    /// The view changes from `from` to `to`: `from` keeps its zoom, `to` gets back its
    /// own (or the fitting one the first time).
    pub fn switch_view(&mut self, from: View, to: View) {
        self.zooms[view_slot(from)] = Some(self.target.distance);
        let d = self.zooms[view_slot(to)].unwrap_or(self.fit_distance);
        self.target.distance = d;
        self.shown.distance = d;
    }

    /// The zoom limits now: never into the pieces, never so far the board is lost.
    pub fn zoom_range(&self) -> (f32, f32) {
        (self.fit_distance * ZOOM_IN, self.fit_distance * ZOOM_OUT)
    }

    /// Glides round to look from White's side or from Black's.
    pub fn face(&mut self, black: bool) {
        self.target.yaw_deg =
            (self.home.yaw_deg + if black { 180.0 } else { 0.0 }).rem_euclid(360.0);
    }

    /// Turns the orbit by a pointer movement in pixels.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        for c in [&mut self.shown, &mut self.target] {
            c.yaw_deg = (c.yaw_deg - dx * 0.4).rem_euclid(360.0);
            c.pitch_deg = (c.pitch_deg + dy * 0.3).clamp(-89.0, 89.0);
        }
    }

    /// Moves the orbit centre by a pointer movement in pixels.
    pub fn pan(&mut self, dx: f32, dy: f32) {
        for c in [&mut self.shown, &mut self.target] {
            let k = c.distance * 0.0015;
            c.pan[0] -= dx * k;
            c.pan[1] += dy * k;
        }
    }

    /// Zooms by wheel steps (positive: closer).
    pub fn zoom(&mut self, steps: f32) {
        let (near, far) = self.zoom_range();
        for c in [&mut self.shown, &mut self.target] {
            c.distance = (c.distance * 0.9f32.powf(steps)).clamp(near, far);
        }
    }

    /// Zooms by wheel steps towards the pointer at `pointer` over the tesseract's
    /// picture `rect`: what lies under the pointer (at the orbit centre's depth) stays
    /// under it, as in a map. A pointer outside `rect` zooms towards the centre.
    pub fn zoom_at(&mut self, steps: f32, pointer: [f32; 2], rect: Rect) {
        let before = self.shown.fitted(rect).distance;
        self.zoom(steps);
        let after = self.shown.fitted(rect).distance;
        let inside = pointer[0] >= rect.x
            && pointer[1] >= rect.y
            && pointer[0] < rect.x + rect.w
            && pointer[1] < rect.y + rect.h;
        if !inside || rect.h < 1.0 {
            return;
        }
        // World units per pixel at the orbit centre, per unit of distance.
        let k = 2.0 * (FOV_Y_DEG.to_radians() * 0.5).tan() / rect.h;
        let c = rect.centre();
        let (dx, dy) = (pointer[0] - c.x, pointer[1] - c.y);
        let shift = k * (before - after);
        for cam in [&mut self.shown, &mut self.target] {
            cam.pan[0] += dx * shift;
            cam.pan[1] -= dy * shift;
        }
    }

    /// Moves the shown camera towards the target by `dt` seconds; returns whether it is
    /// still moving.
    pub fn advance(&mut self, dt: f32) -> bool {
        let mut turning = false;
        if let Some(turn) = &mut self.turn {
            turning = turn.advance(dt, &mut self.shown);
            // The turn drives its plane: the glide must not pull against it.
            turn.plane
                .set_angle(&mut self.target, turn.plane.angle(&self.shown));
            if !turning {
                let plane = turn.plane;
                self.turn = None;
                self.rest(plane);
            }
        }
        self.glide(dt) || turning
    }

    /// Exponential glide of every shown value towards the target.
    fn glide(&mut self, dt: f32) -> bool {
        let k = 1.0 - (-dt * 10.0).exp();
        let s = &mut self.shown;
        let t = &self.target;
        let mut moving = false;
        let mut glide = |v: &mut f32, to: f32, eps: f32| {
            if (*v - to).abs() > eps {
                *v += (to - *v) * k;
                moving = true;
            } else {
                *v = to;
            }
        };
        // Yaw takes the short way round.
        let yaw_to = s.yaw_deg + ((t.yaw_deg - s.yaw_deg + 540.0).rem_euclid(360.0) - 180.0);
        glide(&mut s.yaw_deg, yaw_to, 0.05);
        glide(&mut s.pitch_deg, t.pitch_deg, 0.05);
        glide(&mut s.distance, t.distance, 0.005);
        glide(&mut s.pan[0], t.pan[0], 0.001);
        glide(&mut s.pan[1], t.pan[1], 0.001);
        glide(&mut s.xw_deg, t.xw_deg, 0.05);
        glide(&mut s.yw_deg, t.yw_deg, 0.05);
        glide(&mut s.zw_deg, t.zw_deg, 0.05);
        glide(&mut s.perspective_4d, t.perspective_4d, 0.0005);
        glide(&mut s.w_separation, t.w_separation, 0.001);
        s.ortho_4d = t.ortho_4d;
        s.ortho_3d = t.ortho_3d;
        s.yaw_deg = s.yaw_deg.rem_euclid(360.0);
        moving
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_glide_and_settle_on_the_target() {
        let mut rig = CameraRig::for_shape([4, 4, 2, 2]);
        rig.target.xw_deg = 90.0;
        assert!(rig.advance(0.016));
        let after_one = rig.shown.xw_deg;
        assert!(after_one > 0.0 && after_one < 90.0);
        for _ in 0..200 {
            rig.advance(0.016);
        }
        assert!(!rig.advance(0.016));
        assert_eq!(rig.shown.xw_deg, 90.0);
    }

    #[test]
    fn quarter_turns_animate_and_rest_on_multiples_of_ninety() {
        let mut rig = CameraRig::for_shape([4, 4, 2, 2]);
        rig.quarter_turn(WPlane::Xw, 1);
        let mut seen = Vec::new();
        while rig.advance(1.0 / 60.0) {
            seen.push(rig.shown.xw_deg);
        }
        assert!(seen.len() > 20, "an animation, not a jump");
        assert!(seen.windows(2).all(|w| w[1] >= w[0]));
        assert!(
            seen.iter().any(|&a| a > 30.0 && a < 60.0),
            "mid-turn frames"
        );
        assert_eq!((rig.shown.xw_deg, rig.target.xw_deg), (90.0, 90.0));
        assert!(rig.turning().is_none());
        // A second press mid-turn finishes the first quarter and goes on to the next.
        rig.quarter_turn(WPlane::Xw, 1);
        rig.advance(0.1);
        rig.quarter_turn(WPlane::Xw, 1);
        for _ in 0..100 {
            rig.advance(1.0 / 60.0);
        }
        // 270° rests as -90°, the same turn within the sliders' range.
        assert_eq!(rig.shown.xw_deg, -90.0);
        // Another plane: the first rests at once on its quarter.
        rig.quarter_turn(WPlane::Yw, -1);
        rig.advance(0.05);
        rig.quarter_turn(WPlane::Zw, 1);
        assert_eq!(rig.shown.yw_deg, -90.0);
        for _ in 0..100 {
            rig.advance(1.0 / 60.0);
        }
        assert_eq!(
            (rig.shown.xw_deg, rig.shown.yw_deg, rig.shown.zw_deg),
            (-90.0, -90.0, 90.0)
        );
    }

    #[test]
    fn orbit_and_zoom_act_at_once_and_reset_returns_home() {
        let mut rig = CameraRig::for_shape([4, 4, 2, 2]);
        let home = rig.shown;
        rig.orbit(100.0, 0.0);
        rig.zoom(3.0);
        assert!(rig.shown.yaw_deg != home.yaw_deg && rig.shown.distance < home.distance);
        rig.reset([4, 4, 2, 2]);
        for _ in 0..400 {
            rig.advance(0.016);
        }
        assert!((rig.shown.yaw_deg - home.yaw_deg).abs() < 0.1);
        assert!((rig.shown.distance - home.distance).abs() < 0.01);
    }

    #[test]
    fn zoom_goes_towards_the_pointer() {
        use chess4d_render::{BoardGeometry, Projector};
        let shape = [4, 4, 2, 2];
        let rect = Rect::new(0.0, 0.0, 600.0, 700.0);
        let mut rig = CameraRig::for_shape(shape);
        rig.fit(shape, rect);
        rig.shown = rig.target;
        let board = BoardGeometry::new(shape).unwrap();
        // The pointer on a corner square of White's cube.
        let at = |rig: &CameraRig| {
            let p = Projector::new(&rig.shown.fitted(rect), rect);
            p.project(board.centre_4d(0).unwrap()).unwrap().truncate()
        };
        let before = at(&rig);
        rig.zoom_at(2.0, [before.x, before.y], rect);
        let after = at(&rig);
        // It stays near the pointer (exact at the orbit centre's depth only) ...
        assert!(before.distance(after) < 12.0, "{before} -> {after}");
        // ... where zooming to the centre would have pushed it outwards.
        let mut centred = CameraRig::for_shape(shape);
        centred.fit(shape, rect);
        centred.shown = centred.target;
        centred.zoom(2.0);
        assert!(before.distance(at(&centred)) > 3.0 * before.distance(after).max(1.0));
    }

    #[test]
    fn zoom_stops_before_the_pieces_and_each_view_keeps_its_own() {
        let mut rig = CameraRig::for_shape([4, 4, 2, 2]);
        let (near, far) = rig.zoom_range();
        rig.zoom(50.0);
        assert_eq!(rig.shown.distance, near);
        rig.zoom(-80.0);
        assert_eq!(rig.shown.distance, far);
        rig.switch_view(View::Both, View::Tesseract);
        let fitting = rig.shown.distance;
        assert!(fitting < far);
        rig.zoom(2.0);
        let tesseract_zoom = rig.target.distance;
        rig.switch_view(View::Tesseract, View::Both);
        assert_eq!(rig.target.distance, far);
        rig.switch_view(View::Both, View::Tesseract);
        assert_eq!(rig.target.distance, tesseract_zoom);
        // Fit comes back to a distance at which the board fits.
        rig.fit([4, 4, 2, 2], Rect::new(0.0, 0.0, 800.0, 600.0));
        assert!(rig.target.distance > near && rig.target.distance < far);
    }
}
