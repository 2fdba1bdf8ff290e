//! Pictures of the 4D view options, drawn off-screen from the app's own scenes and
//! saved under `target/pictures/` (or `CHESS4D_PICTURES`): an XW quarter turn half way
//! through its animation and at rest, and the orthographic 4D and 3D projections.
//! Each is checked by its pixels: the turn's middle frame is neither end, and the axis
//! gizmo's arms show in the picture's corner. No adapter: SKIPPED, or a failure when
//! `CI` is set.

use chess4d::session::Session;
use chess4d_render::{
    Camera, OffscreenRenderer, QUARTER_TURN_SECONDS, QuarterTurn, Scene, View, WPlane,
};
use chess4d_variants::Catalog;

const W: u32 = 1100;
const H: u32 = 760;

fn renderer() -> Option<OffscreenRenderer> {
    crate::pictures_kit::renderer(W, H)
}

/// Draws `scene`, saves it as `name`, and returns the pixels.
fn shoot(r: &mut OffscreenRenderer, scene: &Scene, name: &str) -> Vec<u8> {
    crate::pictures_kit::shoot(r, scene, name, (W, H))
}

/// Share of pixels that differ clearly between two pictures.
fn differing(a: &[u8], b: &[u8]) -> f32 {
    let n = a
        .chunks_exact(4)
        .zip(b.chunks_exact(4))
        .filter(|(p, q)| (0..3).any(|k| p[k].abs_diff(q[k]) > 40))
        .count();
    n as f32 / (a.len() / 4) as f32
}

/// Pixels of the gizmo's X arm red in the picture's bottom-left corner.
fn gizmo_red(rgba: &[u8]) -> usize {
    let mut n = 0;
    for y in H - 130..H {
        for x in 0..130 {
            let p = &rgba[((y * W + x) * 4) as usize..][..3];
            if p[0] > 200 && p[1] < 120 && p[2] < 120 {
                n += 1;
            }
        }
    }
    n
}

fn full_start() -> (Session, Camera) {
    let s = Session::new(Catalog::embedded(), "full").unwrap();
    let shape = s.rules().info().shape.sizes();
    let area = chess4d_render::Rect::new(0.0, 0.0, W as f32, H as f32);
    let camera = Camera::for_shape(shape).fit(shape, area);
    (s, camera)
}

#[test]
fn an_xw_quarter_turn_mid_animation_and_at_rest() {
    let Some(mut r) = renderer() else { return };
    let (s, home) = full_start();
    let start = shoot(
        &mut r,
        &s.scene(View::Tesseract, home),
        "xw-turn-0-start.png",
    );
    let mut camera = home;
    let mut turn = QuarterTurn::start(&camera, WPlane::Xw, 1);
    turn.advance(QUARTER_TURN_SECONDS * 0.5, &mut camera);
    assert!((camera.xw_deg - 45.0).abs() < 1e-3);
    let middle = shoot(
        &mut r,
        &s.scene(View::Tesseract, camera),
        "xw-turn-1-mid-animation.png",
    );
    while turn.advance(1.0 / 60.0, &mut camera) {}
    assert_eq!(camera.xw_deg, 90.0);
    let rest = shoot(
        &mut r,
        &s.scene(View::Tesseract, camera),
        "xw-turn-2-at-rest.png",
    );
    let (a, b, c) = (
        differing(&start, &middle),
        differing(&middle, &rest),
        differing(&start, &rest),
    );
    assert!(a > 0.02 && b > 0.02 && c > 0.02, "{a} {b} {c}");
    // Half way the X arm points partly along W, which the side-by-side picture lays
    // along the ranks: it is short then, so only the ends are held to it.
    for (rgba, what) in [(&start, "start"), (&rest, "rest")] {
        assert!(gizmo_red(rgba) > 20, "{what}: the gizmo's X arm");
    }
}

#[test]
fn orthographic_projections_draw_the_board() {
    let Some(mut r) = renderer() else { return };
    let (s, home) = full_start();
    let perspective = r.render(&s.scene(View::Tesseract, home)).unwrap().to_vec();
    let ortho = Camera {
        ortho_4d: true,
        ortho_3d: true,
        w_separation: 1.3,
        ..home
    };
    let shape = s.rules().info().shape.sizes();
    let area = chess4d_render::Rect::new(0.0, 0.0, W as f32, H as f32);
    let ortho = ortho.fit(shape, area);
    let rgba = shoot(
        &mut r,
        &s.scene(View::Tesseract, ortho),
        "orthographic-4d-and-3d.png",
    );
    assert!(differing(&perspective, &rgba) > 0.02);
    let white = rgba
        .chunks_exact(4)
        .filter(|p| p[0] > 225 && p[1] > 220 && p[2] > 200)
        .count();
    assert!(white > 250, "white pieces {white}");
    let rect = chess4d_render::layout(View::Both, area)
        .tesseract
        .unwrap_or(area);
    let both = Camera {
        ortho_3d: true,
        ..Camera::for_shape(shape)
    }
    .fit(shape, rect);
    shoot(
        &mut r,
        &s.scene(View::Both, both),
        "orthographic-3d-both.png",
    );
}
