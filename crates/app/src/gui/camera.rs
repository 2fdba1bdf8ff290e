//! The tesseract camera as the player steers it: orbit, zoom and pan follow the mouse at
//! once; the 4D rotation sliders and Reset glide to their target so the projection
//! visibly morphs.

use chess4d_render::Camera;

/// The camera shown and the one it glides towards.
#[derive(Clone, Copy, Debug)]
pub struct CameraRig {
    /// What is drawn this frame.
    pub shown: Camera,
    /// Where the sliders and Reset want it.
    pub target: Camera,
    home: Camera,
}

impl CameraRig {
    /// A rig resting at the best first view of a board shape.
    pub fn for_shape(shape: [u8; 4]) -> CameraRig {
        let home = Camera::for_shape(shape);
        CameraRig {
            shown: home,
            target: home,
            home,
        }
    }

    /// Glides back to the first view of `shape`.
    pub fn reset(&mut self, shape: [u8; 4]) {
        self.home = Camera::for_shape(shape);
        self.target = self.home;
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
        for c in [&mut self.shown, &mut self.target] {
            c.distance = (c.distance * 0.9f32.powf(steps)).clamp(2.5, 40.0);
        }
    }

    /// Moves the shown camera towards the target by `dt` seconds; returns whether it is
    /// still moving.
    pub fn advance(&mut self, dt: f32) -> bool {
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
}
