//! Pictures of the tesseract as a player sees them, drawn off-screen from the app's own
//! scenes and saved under `target/pictures/` (or `CHESS4D_PICTURES`) for people to look
//! at: the full start, a middle game, the board after an XW turn of 90°, a 4x4x4x4
//! variant and Raumschach. Each is also checked by its pixels: both sides' pieces show
//! in their colours, and every W layer's colour shows. No adapter: SKIPPED, or a
//! failure when `CI` is set.

use chess4d::session::Session;
use chess4d_render::{Camera, OffscreenRenderer, Scene, View};
use chess4d_variants::Catalog;
use std::path::PathBuf;

const W: u32 = 1100;
const H: u32 = 760;

fn renderer() -> Option<OffscreenRenderer> {
    crate::pictures_kit::renderer(W, H)
}

/// Draws `scene`, saves it as `name`, and returns the pixels.
fn shoot(r: &mut OffscreenRenderer, scene: &Scene, name: &str) -> Vec<u8> {
    crate::pictures_kit::shoot(r, scene, name, (W, H))
}

/// Pixels close to an RGB colour.
fn count(rgba: &[u8], keep: impl Fn([u8; 3]) -> bool) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| keep([p[0], p[1], p[2]]))
        .count()
}

/// White pieces' fill, black pieces' fill, W = 0's blue and the last W layer's amber
/// all show.
fn assert_legible(rgba: &[u8], what: &str) {
    let white = count(rgba, |p| p[0] > 225 && p[1] > 220 && p[2] > 200);
    let black = count(rgba, |p| p.iter().all(|&c| c < 40) && p[2] < 45);
    let blue = count(rgba, |p| {
        p[2] > 200 && p[0] < 130 && p[1] > 120 && p[1] < 200
    });
    let amber = count(rgba, |p| {
        p[0] > 220 && p[1] > 130 && p[1] < 200 && p[2] < 90
    });
    assert!(white > 250, "{what}: white pieces {white}");
    assert!(black > 250, "{what}: black pieces {black}");
    assert!(blue > 200, "{what}: W=0's blue {blue}");
    assert!(amber > 200, "{what}: the last layer's amber {amber}");
}

fn session(variant: &str) -> Session {
    let mut catalog = Catalog::embedded();
    let name = if variant.ends_with(".toml") {
        let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(variant);
        catalog.add_file(&path).name.clone()
    } else {
        variant.to_string()
    };
    Session::new(catalog, &name).unwrap()
}

/// The home camera fitted to where `view` draws the tesseract, as the window does.
fn camera_for(s: &Session, view: View) -> Camera {
    let shape = s.rules().info().shape.sizes();
    let area = chess4d_render::Rect::new(0.0, 0.0, W as f32, H as f32);
    let rect = chess4d_render::layout(view, area).tesseract.unwrap_or(area);
    Camera::for_shape(shape).fit(shape, rect)
}

fn camera(s: &Session) -> Camera {
    camera_for(s, View::Tesseract)
}

#[test]
fn the_full_start_a_middle_game_and_a_turn_in_4d() {
    let Some(mut r) = renderer() else { return };
    let s = session("full");
    let rgba = shoot(
        &mut r,
        &s.scene(View::Tesseract, camera(&s)),
        "full-start.png",
    );
    assert_legible(&rgba, "full start");
    let nested = Camera {
        w_separation: 0.0,
        ..camera(&s)
    };
    shoot(
        &mut r,
        &s.scene(View::Tesseract, nested),
        "full-start-nested.png",
    );
    let black_side = Camera {
        yaw_deg: 210.0,
        ..camera(&s)
    };
    let rgba = shoot(
        &mut r,
        &s.scene(View::Tesseract, black_side),
        "full-start-black-side.png",
    );
    assert_legible(&rgba, "full start from Black's side");
    let rgba = shoot(
        &mut r,
        &s.scene(View::Both, camera(&s)),
        "full-start-both.png",
    );
    assert_legible(&rgba, "full start, both views");

    let mut s = session("full");
    for text in [
        "b2[0,0]b3[0,0]",
        "c3[0,1]c2[0,1]",
        "c1[1,0]b3[1,0]",
        "c4[1,1]b2[1,1]",
        "a2[1,0]a3[1,0]",
    ] {
        let rules = s.rules().clone();
        let mv = rules.parse_move(s.game().position(), text).unwrap();
        s.play(mv);
    }
    let rgba = shoot(
        &mut r,
        &s.scene(View::Both, camera(&s)),
        "full-middle-game.png",
    );
    assert_legible(&rgba, "middle game");

    // One W layer brought forward, the other faint.
    let mut focused = s.scene(View::Tesseract, camera(&s));
    focused.focus_w = Some(0);
    shoot(&mut r, &focused, "full-middle-game-focus-w0.png");

    let turned = Camera {
        xw_deg: 90.0,
        ..camera(&s)
    };
    let rgba = shoot(&mut r, &s.scene(View::Tesseract, turned), "full-xw-90.png");
    assert_legible(&rgba, "XW 90");
}

#[test]
fn a_four_by_four_by_four_by_four_variant_and_raumschach() {
    let Some(mut r) = renderer() else { return };
    let s = session("examples/variants/hypercube.toml");
    let rgba = shoot(
        &mut r,
        &s.scene(View::Tesseract, camera(&s)),
        "hypercube.png",
    );
    assert_legible(&rgba, "hypercube");
    shoot(
        &mut r,
        &s.scene(View::Both, camera(&s)),
        "hypercube-both.png",
    );
    let s = session("raumschach");
    let rgba = shoot(
        &mut r,
        &s.scene(View::Both, camera_for(&s, View::Both)),
        "raumschach.png",
    );
    let white = count(&rgba, |p| p[0] > 225 && p[1] > 220 && p[2] > 200);
    let black = count(&rgba, |p| p.iter().all(|&c| c < 40) && p[2] < 45);
    assert!(white > 500 && black > 500, "raumschach: {white} {black}");
}

#[test]
fn learns_threat_across_w_is_drawn_round_the_squares_between() {
    let Some(mut r) = renderer() else { return };
    let mut s = session("full");
    s.set_mode(chess4d::session::Mode::Learn);
    s.learn_step(3);
    let scene = s.scene(View::Both, camera_for(&s, View::Both));
    assert!(!scene.arrows.is_empty());
    shoot(&mut r, &scene, "learn-threat-across-w.png");
}
