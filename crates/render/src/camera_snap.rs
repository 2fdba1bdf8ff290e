//! Quarter turns in the W planes: the 4D rotations 4D viewers find easiest to follow
//! are 90° steps (X becomes W, W becomes -X), shown as a short eased animation so the
//! eye can see which way the board turned. Plain math, so it is tested without a GPU.

use crate::scene::Camera;

/// Length of one animated quarter turn, seconds.
pub const QUARTER_TURN_SECONDS: f32 = 0.6;

/// Angles closer than this to a multiple of 90° count as resting on it, so a turn from
/// 89.99° goes on to 180° rather than stopping at 90°.
const SNAP_TOLERANCE_DEG: f32 = 0.5;

/// One of the three 4D rotation planes the camera turns in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WPlane {
    /// X–W: files trade places with W layers.
    Xw,
    /// Y–W: ranks trade places with W layers.
    Yw,
    /// Z–W: Z layers trade places with W layers.
    Zw,
}

impl WPlane {
    /// All three, in the order the camera applies them.
    pub const ALL: [WPlane; 3] = [WPlane::Xw, WPlane::Yw, WPlane::Zw];

    /// The plane's name as the viewer shows it.
    pub fn name(self) -> &'static str {
        match self {
            WPlane::Xw => "XW",
            WPlane::Yw => "YW",
            WPlane::Zw => "ZW",
        }
    }

    /// This plane's angle in `camera`, degrees.
    pub fn angle(self, camera: &Camera) -> f32 {
        match self {
            WPlane::Xw => camera.xw_deg,
            WPlane::Yw => camera.yw_deg,
            WPlane::Zw => camera.zw_deg,
        }
    }

    /// Sets this plane's angle in `camera`.
    pub fn set_angle(self, camera: &mut Camera, deg: f32) {
        match self {
            WPlane::Xw => camera.xw_deg = deg,
            WPlane::Yw => camera.yw_deg = deg,
            WPlane::Zw => camera.zw_deg = deg,
        }
    }
}

/// The next multiple of 90° from `deg` in `direction` (positive: up, otherwise
/// down). An angle resting on a multiple moves a full quarter; one between two snaps
/// to the next one that way. Non-finite angles start from 0.
///
/// # Examples
///
/// ```
/// use chess4d_render::next_quarter;
/// assert_eq!(next_quarter(0.0, 1), 90.0);
/// assert_eq!(next_quarter(30.0, 1), 90.0);
/// assert_eq!(next_quarter(30.0, -1), 0.0);
/// assert_eq!(next_quarter(-90.0, -1), -180.0);
/// ```
pub fn next_quarter(deg: f32, direction: i32) -> f32 {
    let deg = if deg.is_finite() { deg } else { 0.0 };
    let steps = deg / 90.0;
    let nearest = steps.round();
    let resting = (steps - nearest).abs() * 90.0 < SNAP_TOLERANCE_DEG;
    let next = match (direction > 0, resting) {
        (true, true) => nearest + 1.0,
        (false, true) => nearest - 1.0,
        (true, false) => steps.ceil(),
        (false, false) => steps.floor(),
    };
    next * 90.0
}

/// Smooth start and stop over `t` in 0..=1 (cubic smoothstep; clamped outside).
pub fn ease_in_out(t: f32) -> f32 {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        1.0
    };
    t * t * (3.0 - 2.0 * t)
}

/// A quarter turn under way in one plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuarterTurn {
    /// The plane turning.
    pub plane: WPlane,
    /// Angle at the start, degrees.
    pub from: f32,
    /// Angle at rest, degrees (a multiple of 90).
    pub to: f32,
    /// Seconds since the start.
    pub elapsed: f32,
}

impl QuarterTurn {
    /// A turn of `plane` from its angle in `camera` to the next quarter in `direction`.
    pub fn start(camera: &Camera, plane: WPlane, direction: i32) -> Self {
        let from = plane.angle(camera);
        let from = if from.is_finite() { from } else { 0.0 };
        Self {
            plane,
            from,
            to: next_quarter(from, direction),
            elapsed: 0.0,
        }
    }

    /// Share of the turn done, 0..=1 (eased).
    pub fn progress(&self) -> f32 {
        ease_in_out(self.elapsed / QUARTER_TURN_SECONDS)
    }

    /// The plane's angle now.
    pub fn angle(&self) -> f32 {
        if self.done() {
            return self.to;
        }
        self.from + (self.to - self.from) * self.progress()
    }

    /// Whether the turn has come to rest.
    pub fn done(&self) -> bool {
        self.elapsed >= QUARTER_TURN_SECONDS
    }

    /// Moves the turn on by `dt` seconds (negative or non-finite steps count as 0) and
    /// writes the angle into `camera`; returns whether it is still moving.
    pub fn advance(&mut self, dt: f32, camera: &mut Camera) -> bool {
        if dt.is_finite() && dt > 0.0 {
            self.elapsed += dt;
        }
        self.plane.set_angle(camera, self.angle());
        !self.done()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_step_from_rest_and_snap_from_between() {
        assert_eq!(next_quarter(0.0, 1), 90.0);
        assert_eq!(next_quarter(0.0, -1), -90.0);
        assert_eq!(next_quarter(90.0, 1), 180.0);
        assert_eq!(next_quarter(89.9, 1), 180.0);
        assert_eq!(next_quarter(90.3, -1), 0.0);
        assert_eq!(next_quarter(45.0, 1), 90.0);
        assert_eq!(next_quarter(45.0, -1), 0.0);
        assert_eq!(next_quarter(-10.0, 1), 0.0);
        assert_eq!(next_quarter(-10.0, -1), -90.0);
        assert_eq!(next_quarter(f32::NAN, 1), 90.0);
        for k in -8..8 {
            let at = k as f32 * 90.0;
            assert_eq!(next_quarter(at, 1) - at, 90.0, "{at}");
            assert_eq!(at - next_quarter(at, -1), 90.0, "{at}");
        }
    }

    #[test]
    fn easing_starts_and_stops_gently_and_never_overshoots() {
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        assert_eq!(ease_in_out(0.5), 0.5);
        assert_eq!(ease_in_out(-3.0), 0.0);
        assert_eq!(ease_in_out(7.0), 1.0);
        // Slow at the ends: the first tenth of the time covers less than a tenth.
        assert!(ease_in_out(0.1) < 0.05);
        assert!(ease_in_out(0.9) > 0.95);
        let mut last = 0.0;
        for i in 0..=100 {
            let e = ease_in_out(i as f32 / 100.0);
            assert!(e >= last && (0.0..=1.0).contains(&e));
            last = e;
        }
    }

    #[test]
    fn a_turn_moves_smoothly_and_rests_on_the_quarter() {
        let mut cam = Camera::default();
        let mut turn = QuarterTurn::start(&cam, WPlane::Xw, 1);
        assert_eq!((turn.from, turn.to), (0.0, 90.0));
        let mut last = 0.0;
        let mut frames = 0;
        while turn.advance(1.0 / 60.0, &mut cam) {
            frames += 1;
            let step = cam.xw_deg - last;
            // Always forward, never a jump of more than a few degrees a frame.
            assert!((0.0..5.0).contains(&step), "{step}");
            last = cam.xw_deg;
            assert_eq!((cam.yw_deg, cam.zw_deg), (0.0, 0.0));
        }
        assert!(frames > 20, "{frames} frames is no animation");
        assert_eq!(cam.xw_deg, 90.0);
        // Half way in time is half way in angle.
        let mut cam = Camera::default();
        let mut turn = QuarterTurn::start(&cam, WPlane::Zw, -1);
        turn.advance(QUARTER_TURN_SECONDS * 0.5, &mut cam);
        assert!((cam.zw_deg + 45.0).abs() < 1e-3, "{}", cam.zw_deg);
        // Bad time steps change nothing.
        turn.advance(f32::NAN, &mut cam);
        turn.advance(-1.0, &mut cam);
        assert!((cam.zw_deg + 45.0).abs() < 1e-3);
    }
}
