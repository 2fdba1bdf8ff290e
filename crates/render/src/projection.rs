//! Geometry of the picture: square -> 4D point -> 4D rotation -> 4D perspective -> 3D
//! world -> screen. Plain functions on glam types, so the app can pick and the tests can
//! check the drawing without a GPU. The shader repeats exactly these formulas.

use glam::{Mat4, Vec2, Vec3, Vec4};

use crate::scene::Camera;

/// Most squares a board may have: square indices are `u16`.
pub const MAX_SQUARES: u32 = 1 << 16;

/// Vertical field of view of the 3D camera, degrees.
pub(crate) const FOV_Y_DEG: f32 = 38.0;
/// The perspective divisor is never allowed below this, so a wild 4D rotation with a
/// strong perspective bends the picture instead of blowing it up to infinity.
pub(crate) const MIN_W_DIVISOR: f32 = 0.08;
/// Highest accepted 4D perspective strength (keeps the divisor positive for |w| <= 2).
const MAX_PERSPECTIVE_4D: f32 = 0.45;
/// Widest accepted W separation, world units per unit of 4D depth.
pub const MAX_SEPARATION: f32 = 3.0;
/// Drawn cell size as a fraction of the square pitch (the rest is the gap between cells).
pub(crate) const CELL_FILL: f32 = 0.9;
/// Tile height as a fraction of the square pitch.
const TILE_THICKNESS: f32 = 0.16;

/// A rectangle in pixels, origin at the top-left of the render target, y down.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its top-left corner and size.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self { x, y, w, h }
    }

    /// Whether `p` lies inside (left/top edges inclusive, right/bottom exclusive).
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    /// The centre point.
    pub fn centre(&self) -> Vec2 {
        Vec2::new(self.x + self.w * 0.5, self.y + self.h * 0.5)
    }
}

/// The board's shape with everything the projection needs precomputed: axis sizes and
/// the spacing of squares in the normalised 4D box `[-1, 1]^4`.
///
/// X and Y share one pitch so squares stay square on any board (10x8 included); Z layers
/// are spread over the same height as the X–Y extent so a cube looks like a cube; W
/// copies sit at `-1 ..= 1` (inner to outer cube).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    sizes: [u32; 4],
    pitch_xy: f32,
    pitch_z: f32,
}

impl BoardGeometry {
    /// Geometry of a shape; sizes of 0 count as 1. `None` when the board has more than
    /// [`MAX_SQUARES`] squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::BoardGeometry;
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// assert_eq!(board.square_count(), 64);
    /// assert_eq!(board.coords(21), Some([1, 1, 1, 0]));
    /// ```
    pub fn new(shape: [u8; 4]) -> Option<Self> {
        let sizes = shape.map(|s| u32::from(s.max(1)));
        if sizes.iter().product::<u32>() > MAX_SQUARES {
            return None;
        }
        let pitch_xy = 2.0 / sizes[0].max(sizes[1]) as f32;
        let pitch_z = if sizes[2] > 1 {
            2.0 / sizes[2] as f32
        } else {
            pitch_xy
        };
        Some(Self {
            sizes,
            pitch_xy,
            pitch_z,
        })
    }

    /// Axis sizes X, Y, Z, W (each at least 1).
    pub fn sizes(&self) -> [u32; 4] {
        self.sizes
    }

    /// Number of squares.
    pub fn square_count(&self) -> usize {
        self.sizes.iter().product::<u32>() as usize
    }

    /// Coordinates `[x, y, z, w]` of a square, `None` off the board.
    pub fn coords(&self, square: u16) -> Option<[u32; 4]> {
        let mut rest = u32::from(square);
        if rest as usize >= self.square_count() {
            return None;
        }
        let mut out = [0; 4];
        for (axis, size) in self.sizes.iter().enumerate() {
            out[axis] = rest % size;
            rest /= size;
        }
        Some(out)
    }

    /// Dense index of coordinates, `None` off the board.
    pub fn square(&self, coords: [u32; 4]) -> Option<u16> {
        let mut index = 0u32;
        for axis in (0..4).rev() {
            if coords[axis] >= self.sizes[axis] {
                return None;
            }
            index = index * self.sizes[axis] + coords[axis];
        }
        u16::try_from(index).ok()
    }

    /// Normalised 4D position of a W copy: -1 (innermost) to 1 (outermost). A board
    /// without W sits where the outer cube would, so it is drawn at the same size.
    fn w_coord(&self, w: f32) -> f32 {
        if self.sizes[3] > 1 {
            -1.0 + 2.0 * w / (self.sizes[3] - 1) as f32
        } else {
            1.0
        }
    }

    /// 4D point of fractional coordinates (square centres sit at `n + 0.5` on X, Y, Z;
    /// W is used as given: 0 = first copy).
    pub fn point(&self, x: f32, y: f32, z: f32, w: f32) -> Vec4 {
        let [sx, sy, sz, _] = self.sizes.map(|s| s as f32);
        Vec4::new(
            (x - sx * 0.5) * self.pitch_xy,
            (y - sy * 0.5) * self.pitch_xy,
            (z - sz * 0.5) * self.pitch_z,
            self.w_coord(w),
        )
    }

    /// 4D centre of a square, `None` off the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::BoardGeometry;
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// let a1_inner = board.centre_4d(0).unwrap();
    /// assert_eq!(a1_inner.w, -1.0); // W = 0 is the inner cube
    /// ```
    pub fn centre_4d(&self, square: u16) -> Option<Vec4> {
        let [x, y, z, w] = self.coords(square)?.map(|c| c as f32);
        Some(self.point(x + 0.5, y + 0.5, z + 0.5, w))
    }

    /// Half extents (along X, Y, Z in 4D) of the tile drawn for one square: a flat box,
    /// so every layer reads as a board and the pieces above it stay visible.
    pub fn cell_half(&self) -> Vec3 {
        let h = self.pitch_xy * CELL_FILL * 0.5;
        Vec3::new(h, h, self.pitch_xy.min(self.pitch_z) * TILE_THICKNESS * 0.5)
    }

    /// Where a square's tile is drawn: below the square's centre, so a piece drawn at
    /// the centre stands on it.
    pub fn tile_centre_4d(&self, square: u16) -> Option<Vec4> {
        self.centre_4d(square)
            .map(|c| c - Vec4::new(0.0, 0.0, self.tile_drop(), 0.0))
    }

    /// How far a tile's centre sits below its square's centre.
    fn tile_drop(&self) -> f32 {
        self.pitch_xy.min(self.pitch_z) * 0.42 + self.cell_half().z
    }

    /// A point on the top face level of layer `z` (0-based) of W copy `w`, at
    /// fractional file and rank coordinates (`0.5` is the middle of file a; negative
    /// values lie in front of or left of the board): where labels of a layer go.
    pub fn layer_point(&self, x: f32, y: f32, z: u32, w: u32) -> Vec4 {
        let top = self.tile_drop() - self.cell_half().z;
        self.point(x, y, z as f32 + 0.5, w as f32) - Vec4::new(0.0, 0.0, top, 0.0)
    }

    /// Distance between neighbouring square centres along X (and Y).
    pub fn pitch(&self) -> f32 {
        self.pitch_xy
    }

    /// The 8 corners of the W copy `w` as a box (the cube outline of that copy).
    pub fn cube_corners(&self, w: u32) -> [Vec4; 8] {
        let [sx, sy, sz, _] = self.sizes.map(|s| s as f32);
        let wf = w as f32;
        std::array::from_fn(|i| {
            let x = if i & 1 == 0 { 0.0 } else { sx };
            let y = if i & 2 == 0 { 0.0 } else { sy };
            let z = if i & 4 == 0 { 0.0 } else { sz };
            self.point(x, y, z, wf)
        })
    }
}

/// The 4D rotation of the camera: XW, then YW, then ZW plane (angles in degrees).
///
/// # Examples
///
/// ```
/// use chess4d_render::rotation_4d;
/// let r = rotation_4d(90.0, 0.0, 0.0);
/// let p = r * glam::Vec4::X;
/// assert!((p - glam::Vec4::W).length() < 1e-6); // X turns into W
/// ```
pub fn rotation_4d(xw_deg: f32, yw_deg: f32, zw_deg: f32) -> Mat4 {
    let plane = |axis: usize, deg: f32| {
        let (s, c) = deg.to_radians().sin_cos();
        let mut m = Mat4::IDENTITY;
        // Column `axis` is where that axis goes; column 3 is where W goes.
        m.col_mut(axis)[axis] = c;
        m.col_mut(axis)[3] = s;
        m.col_mut(3)[axis] = -s;
        m.col_mut(3)[3] = c;
        m
    };
    plane(2, zw_deg) * plane(1, yw_deg) * plane(0, xw_deg)
}

/// Everything needed to carry a 4D board point to a pixel for one camera and one
/// viewport rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projector {
    rotation: Mat4,
    perspective_4d: f32,
    view: Mat4,
    view_proj: Mat4,
    rect: Rect,
    focal_px: f32,
    /// Pixels per world unit of an orthographic 3D view; `None` in perspective.
    ortho_px: Option<f32>,
    eye: Vec3,
    /// World offset per unit of rotated 4D depth: the W separation along screen right.
    separation: Vec3,
}

impl Projector {
    /// A projector for `camera` drawing into `rect` (pixels of the render target).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_render::{BoardGeometry, Camera, Projector, Rect};
    /// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    /// let p = Projector::new(&Camera::default(), Rect::new(0.0, 0.0, 800.0, 600.0));
    /// let a1 = p.project(board.centre_4d(0).unwrap()).unwrap();
    /// assert!(a1.x > 0.0 && a1.x < 800.0 && a1.y > 0.0 && a1.y < 600.0);
    /// ```
    pub fn new(camera: &Camera, rect: Rect) -> Self {
        let rotation = rotation_4d(camera.xw_deg, camera.yw_deg, camera.zw_deg);
        let perspective_4d = if camera.ortho_4d {
            0.0
        } else if camera.perspective_4d.is_finite() {
            camera.perspective_4d.clamp(0.0, MAX_PERSPECTIVE_4D)
        } else {
            0.0
        };
        let finite = |v: f32, default: f32| if v.is_finite() { v } else { default };
        let yaw = finite(camera.yaw_deg, 0.0).to_radians();
        let pitch = finite(camera.pitch_deg, 30.0)
            .clamp(-89.0, 89.0)
            .to_radians();
        let distance = finite(camera.distance, 7.0).clamp(0.5, 500.0);
        let dir = Vec3::new(
            pitch.cos() * yaw.sin(),
            pitch.sin(),
            pitch.cos() * yaw.cos(),
        );
        let right = Vec3::Y.cross(dir).normalize_or(Vec3::X);
        let up = dir.cross(right);
        let target = right * finite(camera.pan[0], 0.0) + up * finite(camera.pan[1], 0.0);
        let apart = if camera.w_stack {
            // Along the ranks as the screen shows them: up from White's side, down from
            // Black's, across from the side; always in the screen's plane, so every
            // copy stays the same size.
            right * yaw.sin() + up * yaw.cos()
        } else {
            right
        };
        let separation = apart * finite(camera.w_separation, 0.0).clamp(0.0, MAX_SEPARATION);
        let eye = target + dir * distance;
        let view = glam::camera::rh::view::look_at_mat4(eye, target, Vec3::Y);
        let w = rect.w.max(1.0);
        let h = rect.h.max(1.0);
        let fov = FOV_Y_DEG.to_radians();
        let near = (distance * 0.05).max(0.01);
        let far = distance + 20.0;
        // The orthographic view shows at the orbit centre what the perspective one
        // shows there, so switching keeps the board's size.
        let half_h = distance * (fov * 0.5).tan();
        let (proj, ortho_px) = if camera.ortho_3d {
            let half_w = half_h * w / h;
            let ortho = glam::camera::rh::proj::directx::orthographic(
                -half_w, half_w, -half_h, half_h, near, far,
            );
            (ortho, Some(h * 0.5 / half_h))
        } else {
            let persp = glam::camera::rh::proj::directx::perspective(fov, w / h, near, far);
            (persp, None)
        };
        Self {
            rotation,
            perspective_4d,
            view,
            view_proj: proj * view,
            rect: Rect { w, h, ..rect },
            focal_px: h * 0.5 / (fov * 0.5).tan(),
            ortho_px,
            eye,
            separation,
        }
    }

    /// The 4D rotation matrix in use.
    pub fn rotation(&self) -> Mat4 {
        self.rotation
    }

    /// The clamped 4D perspective strength in use.
    pub fn perspective_4d(&self) -> f32 {
        self.perspective_4d
    }

    /// 3D view-projection matrix (world to clip space of the rectangle).
    pub fn view_proj(&self) -> Mat4 {
        self.view_proj
    }

    /// The viewport rectangle.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Camera position in world space.
    pub fn eye(&self) -> Vec3 {
        self.eye
    }

    /// Scale the 4D perspective gives a rotated point: below 1 for W < 0 (inner), above
    /// 1 for W > 0 (outer).
    fn scale_of_rotated(&self, rotated: Vec4) -> f32 {
        1.0 / (1.0 - self.perspective_4d * rotated.w).max(MIN_W_DIVISOR)
    }

    /// How much the 4D perspective scales things at board point `p`.
    pub fn scale_4d(&self, p: Vec4) -> f32 {
        self.scale_of_rotated(self.rotation * p)
    }

    /// 4D board point to 3D world point: rotate, divide by the 4D depth, then lay the
    /// board's X along world x, Y along world -z (away from the viewer) and Z upwards.
    pub fn to_world(&self, p: Vec4) -> Vec3 {
        let q = self.rotation * p;
        let s = self.scale_of_rotated(q);
        Vec3::new(q.x * s, q.z * s, -q.y * s) + self.separation * q.w
    }

    /// The screen's right and up directions in world space (what `Camera::pan` moves
    /// along).
    pub fn screen_axes(&self) -> (Vec3, Vec3) {
        let right = self.view.row(0).truncate();
        let up = self.view.row(1).truncate();
        (right, up)
    }

    /// World offset per unit of rotated 4D depth (the W separation), for the shader.
    pub fn separation(&self) -> Vec3 {
        self.separation
    }

    /// World point to pixel position `(x, y)` plus depth (0 near .. 1 far); `None`
    /// behind the camera.
    pub fn world_to_screen(&self, world: Vec3) -> Option<Vec3> {
        let clip = self.view_proj * world.extend(1.0);
        if clip.w <= 1e-6 {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        Some(Vec3::new(
            self.rect.x + (ndc.x + 1.0) * 0.5 * self.rect.w,
            self.rect.y + (1.0 - ndc.y) * 0.5 * self.rect.h,
            ndc.z,
        ))
    }

    /// 4D board point straight to pixel position and depth.
    pub fn project(&self, p: Vec4) -> Option<Vec3> {
        self.world_to_screen(self.to_world(p))
    }

    /// Distance from the camera plane to a world point (positive in front).
    pub fn view_depth(&self, world: Vec3) -> f32 {
        -(self.view * world.extend(1.0)).z
    }

    /// Pixels covered by one world unit at world point `world` (facing the camera).
    pub fn pixels_per_unit(&self, world: Vec3) -> f32 {
        if let Some(px) = self.ortho_px {
            return px;
        }
        self.focal_px / self.view_depth(world).max(1e-3)
    }

    /// On-screen radius in pixels of a square's drawn cell at board point `centre`.
    pub fn cell_radius_px(&self, board: &BoardGeometry, centre: Vec4) -> f32 {
        let world = self.to_world(centre);
        board.pitch() * 0.5 * self.scale_4d(centre) * self.pixels_per_unit(world)
    }
}

/// The square whose tesseract cell lies under pixel `pos`, if any.
///
/// A square is drawn as a piece at its centre standing on a tile below it, so the
/// pointer may be on either: each square is tested against the projected segment from
/// its tile to its centre, widened by the cell's projected radius. The nearest (relative
/// to that radius) wins; a tie goes to the square nearer the camera.
///
/// # Examples
///
/// ```
/// use chess4d_render::{pick_tesseract, BoardGeometry, Camera, Projector, Rect};
/// let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
/// let p = Projector::new(&Camera::default(), Rect::new(0.0, 0.0, 800.0, 600.0));
/// let at = p.project(board.centre_4d(42).unwrap()).unwrap();
/// assert_eq!(pick_tesseract(&board, &p, at.truncate()), Some(42));
/// ```
pub fn pick_tesseract(board: &BoardGeometry, projector: &Projector, pos: Vec2) -> Option<u16> {
    if !projector.rect.contains(pos) {
        return None;
    }
    let tile_top = Vec4::new(0.0, 0.0, board.cell_half().z, 0.0);
    let mut best: Option<(f32, f32, u16)> = None;
    for square in 0..board.square_count() {
        let square = square as u16;
        let (Some(centre), Some(tile)) = (board.centre_4d(square), board.tile_centre_4d(square))
        else {
            continue;
        };
        let (Some(top), Some(bottom)) = (
            projector.project(centre),
            projector.project(tile + tile_top),
        ) else {
            continue;
        };
        let radius = projector.cell_radius_px(board, centre);
        let (a, b) = (top.truncate(), bottom.truncate());
        let ab = b - a;
        let t = if ab.length_squared() > 1e-9 {
            ((pos - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let dist = pos.distance(a + ab * t) / radius.max(1e-3);
        if dist > 1.0 {
            continue;
        }
        let depth = top.z + (bottom.z - top.z) * t;
        let better = match best {
            None => true,
            Some((d, z, _)) => dist < d - 1e-4 || (dist <= d + 1e-4 && depth < z),
        };
        if better {
            best = Some((dist, depth, square));
        }
    }
    best.map(|(_, _, square)| square)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECT: Rect = Rect::new(0.0, 0.0, 1280.0, 720.0);

    fn bounds(points: impl IntoIterator<Item = Vec3>) -> (Vec2, Vec2) {
        points.into_iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), p| (lo.min(p.truncate()), hi.max(p.truncate())),
        )
    }

    #[test]
    fn square_index_round_trips_on_every_shape() {
        for shape in [
            [4, 4, 2, 2],
            [8, 8, 1, 1],
            [5, 5, 5, 1],
            [4, 4, 4, 4],
            [10, 8, 1, 1],
        ] {
            let board = BoardGeometry::new(shape).unwrap();
            for sq in 0..board.square_count() as u16 {
                let c = board.coords(sq).unwrap();
                assert_eq!(board.square(c), Some(sq), "{shape:?} {sq}");
            }
            assert_eq!(board.coords(board.square_count() as u16), None);
        }
        assert!(BoardGeometry::new([255, 255, 2, 1]).is_none());
        assert_eq!(BoardGeometry::new([0, 0, 0, 0]).unwrap().square_count(), 1);
    }

    #[test]
    fn inner_cube_projects_strictly_inside_outer_cube() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let p = Projector::new(&Camera::default(), RECT);
        let (ilo, ihi) = bounds(board.cube_corners(0).map(|c| p.project(c).unwrap()));
        let (olo, ohi) = bounds(board.cube_corners(1).map(|c| p.project(c).unwrap()));
        assert!(ilo.x > olo.x && ilo.y > olo.y && ihi.x < ohi.x && ihi.y < ohi.y);
        // Both cubes are on screen.
        assert!(
            olo.x > 0.0 && olo.y > 0.0 && ohi.x < RECT.w && ohi.y < RECT.h,
            "{olo} {ohi}"
        );
        // The inner one is clearly smaller, as in the usual tesseract picture.
        assert!((ihi - ilo).x < 0.7 * (ohi - olo).x);
    }

    #[test]
    fn a_w_move_projects_to_a_straight_segment() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let cams = [
            Camera::default(),
            Camera {
                xw_deg: 30.0,
                yw_deg: -20.0,
                zw_deg: 45.0,
                ..Camera::default()
            },
            Camera {
                yaw_deg: -70.0,
                pitch_deg: 60.0,
                xw_deg: 75.0,
                ..Camera::default()
            },
        ];
        for cam in cams {
            let p = Projector::new(&cam, RECT);
            for sq in [0u16, 5, 19, 31] {
                let c = board.coords(sq).unwrap().map(|v| v as f32);
                let at = |t: f32| board.point(c[0] + 0.5, c[1] + 0.5, c[2] + 0.5, t);
                let a = p.to_world(at(0.0));
                let b = p.to_world(at(1.0));
                assert!(a.distance(b) > 0.1);
                for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
                    let m = p.to_world(at(t));
                    let off = (m - a).cross(b - a).length() / (b - a).length();
                    assert!(off < 1e-4, "{cam:?} sq {sq} t {t}: {off}");
                    // and in order along the segment
                    let along = (m - a).dot(b - a) / (b - a).length_squared();
                    assert!(along > 0.0 && along < 1.0);
                }
            }
        }
    }

    #[test]
    fn picking_inverts_the_projection_for_every_square() {
        for shape in [
            [4, 4, 2, 2],
            [8, 8, 1, 1],
            [5, 5, 5, 1],
            [4, 4, 4, 4],
            [10, 8, 1, 1],
        ] {
            let board = BoardGeometry::new(shape).unwrap();
            for cam in [
                Camera::default(),
                Camera {
                    xw_deg: 20.0,
                    zw_deg: 10.0,
                    ..Camera::default()
                },
            ] {
                let p = Projector::new(&cam, RECT);
                for sq in 0..board.square_count() as u16 {
                    let at = p.project(board.centre_4d(sq).unwrap()).unwrap();
                    assert_eq!(
                        pick_tesseract(&board, &p, at.truncate()),
                        Some(sq),
                        "{shape:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn pointing_at_a_tile_picks_its_square() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let p = Projector::new(&Camera::default(), RECT);
        let top = Vec4::new(0.0, 0.0, board.cell_half().z, 0.0);
        for sq in 0..64u16 {
            let at = p.project(board.tile_centre_4d(sq).unwrap() + top).unwrap();
            assert_eq!(pick_tesseract(&board, &p, at.truncate()), Some(sq));
        }
    }

    #[test]
    fn picking_misses_empty_space() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let p = Projector::new(&Camera::default(), RECT);
        assert_eq!(pick_tesseract(&board, &p, Vec2::new(3.0, 3.0)), None);
        assert_eq!(pick_tesseract(&board, &p, Vec2::new(-50.0, 3.0)), None);
    }

    #[test]
    fn default_layouts_of_other_shapes() {
        // 8x8 and 10x8: one flat slab (all squares at the same height, no W).
        for shape in [[8, 8, 1, 1], [10, 8, 1, 1]] {
            let board = BoardGeometry::new(shape).unwrap();
            for sq in 0..board.square_count() as u16 {
                let c = board.centre_4d(sq).unwrap();
                assert_eq!((c.z, c.w), (0.0, 1.0));
            }
            // Squares stay square: same pitch along X and Y.
            let a = board.centre_4d(0).unwrap();
            let right = board.centre_4d(1).unwrap();
            let up = board.centre_4d(shape[0] as u16).unwrap();
            assert!(((right.x - a.x) - (up.y - a.y)).abs() < 1e-6);
        }
        // 5x5x5: five distinct layers in one cube.
        let board = BoardGeometry::new([5, 5, 5, 1]).unwrap();
        let mut heights: Vec<f32> = (0..125u16).map(|s| board.centre_4d(s).unwrap().z).collect();
        heights.sort_by(f32::total_cmp);
        heights.dedup();
        assert_eq!(heights.len(), 5);
        // 4x4x4x4: four nested cubes, each strictly inside the next.
        let board = BoardGeometry::new([4, 4, 4, 4]).unwrap();
        let p = Projector::new(&Camera::default(), RECT);
        let boxes: Vec<_> = (0..4)
            .map(|w| bounds(board.cube_corners(w).map(|c| p.project(c).unwrap())))
            .collect();
        for pair in boxes.windows(2) {
            let ((ilo, ihi), (olo, ohi)) = (pair[0], pair[1]);
            assert!(ilo.x > olo.x && ilo.y > olo.y && ihi.x < ohi.x && ihi.y < ohi.y);
        }
    }

    #[test]
    fn rotation_is_orthonormal_and_bad_camera_values_are_tamed() {
        let r = rotation_4d(33.0, -71.0, 12.0);
        let should_be_identity = r.transpose() * r;
        assert!(should_be_identity.abs_diff_eq(Mat4::IDENTITY, 1e-5));
        let cam = Camera {
            distance: f32::NAN,
            perspective_4d: 9.0,
            pitch_deg: 400.0,
            ..Camera::default()
        };
        let p = Projector::new(&cam, RECT);
        assert!(p.perspective_4d() <= MAX_PERSPECTIVE_4D);
        assert!(
            p.project(Vec4::new(1.0, 1.0, 1.0, 1.0))
                .is_some_and(|v| v.is_finite())
        );
    }

    #[test]
    fn orthographic_3d_keeps_parallel_edges_equal_and_the_size_at_the_centre() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let persp = Camera::default();
        let ortho = Camera {
            ortho_3d: true,
            ..persp
        };
        let (pp, po) = (Projector::new(&persp, RECT), Projector::new(&ortho, RECT));
        let c = board.cube_corners(1);
        // Corners 0-1 (front) and 2-3 (back) are parallel edges along X.
        let edge = |p: &Projector, a: usize, b: usize| {
            (p.project(c[b]).unwrap() - p.project(c[a]).unwrap()).truncate()
        };
        let (front, back) = (edge(&po, 0, 1), edge(&po, 2, 3));
        assert!(front.distance(back) < 1e-3, "{front} {back}");
        // In perspective the far edge is shorter.
        assert!(edge(&pp, 2, 3).length() < edge(&pp, 0, 1).length() - 1.0);
        // The orbit centre keeps its scale, so switching does not jump the zoom.
        let centre = Vec3::ZERO;
        assert!((pp.pixels_per_unit(centre) - po.pixels_per_unit(centre)).abs() < 1e-2);
        // Picking follows the projection.
        for sq in 0..64u16 {
            let at = po.project(board.centre_4d(sq).unwrap()).unwrap();
            assert_eq!(pick_tesseract(&board, &po, at.truncate()), Some(sq));
        }
    }

    #[test]
    fn orthographic_4d_lays_every_w_copy_at_one_size() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let cam = Camera {
            ortho_4d: true,
            ..Camera::default()
        };
        let p = Projector::new(&cam, RECT);
        assert_eq!(p.perspective_4d(), 0.0);
        let (inner, outer) = (board.cube_corners(0), board.cube_corners(1));
        for (a, b) in inner.iter().zip(&outer) {
            // Without separation the copies coincide ...
            assert!(p.to_world(*a).distance(p.to_world(*b)) < 1e-5);
        }
        // ... and pulled apart they are the same cube moved sideways.
        let apart = Projector::new(
            &Camera {
                w_separation: 1.5,
                ..cam
            },
            RECT,
        );
        let shift = apart.to_world(outer[0]) - apart.to_world(inner[0]);
        assert!(shift.length() > 1.0);
        for (a, b) in inner.iter().zip(&outer) {
            let d = apart.to_world(*b) - apart.to_world(*a);
            assert!(d.distance(shift) < 1e-5);
        }
    }
}
