//! What a person needs to read the tesseract, measured: every piece of both sides
//! large enough at the first view, few silhouettes hidden behind others at any 4D
//! angle and mid-turn, labels clear of the pieces, and the piece that just moved not
//! covered by its own marker.

use crate::common::{full_start, offscreen, save, sq};
use chess4d_render::{
    Camera, PieceOnScreen, QUARTER_TURN_SECONDS, QuarterTurn, Rect, Scene, View, WPlane,
    scene_layout, tesseract_pieces_on_screen,
};

/// The board's part of the window at 1280x800 and at 900x600 with the side panel open
/// (330 px, 270 px below 1100 px) and the bars above and below (108 px together).
const AREA_1280: (u32, u32) = (950, 692);
const AREA_900: (u32, u32) = (630, 492);

/// The full set's start as the viewer first shows it in an area of `w` x `h`: both
/// pictures, the camera fitted to the tesseract's part.
fn first_view(w: u32, h: u32) -> (Scene, Rect) {
    let area = Rect::new(0.0, 0.0, w as f32, h as f32);
    let mut scene = full_start();
    scene.view = View::Both;
    let t = scene_layout(&scene, area).tesseract.unwrap();
    scene.camera = Camera::for_shape(scene.shape).fit(scene.shape, t);
    (scene, area)
}

fn smallest(seen: &[PieceOnScreen], white: bool) -> f32 {
    seen.iter()
        .filter(|p| p.white == white)
        .map(|p| p.height_px)
        .fold(f32::MAX, f32::min)
}

/// The angles the readability of 4D turns is held to: each W plane at 45°, 90° and
/// 115°, and the middle of a quarter turn from the first view.
fn turned_cameras(home: Camera) -> Vec<(String, Camera)> {
    let mut out = Vec::new();
    for plane in WPlane::ALL {
        for deg in [45.0, 90.0, 115.0] {
            let mut c = home;
            plane.set_angle(&mut c, deg);
            out.push((format!("{} {deg}", plane.name()), c));
        }
        let mut c = home;
        let mut turn = QuarterTurn::start(&c, plane, 1);
        turn.advance(QUARTER_TURN_SECONDS * 0.5, &mut c);
        out.push((format!("{} mid-turn", plane.name()), c));
    }
    out
}

/// Share of the pieces with more than a third of the silhouette hidden.
fn hidden_share(seen: &[PieceOnScreen]) -> f32 {
    let hidden = seen.iter().filter(|p| p.covered_share() > 1.0 / 3.0).count();
    hidden as f32 / seen.len().max(1) as f32
}

#[test]
fn figures() {
    for (w, h) in [AREA_1280, AREA_900] {
        let (scene, area) = first_view(w, h);
        let seen = tesseract_pieces_on_screen(&scene, area);
        eprintln!(
            "{w}x{h}: smallest white {:.1} px, black {:.1} px, hidden {:.0}%",
            smallest(&seen, true),
            smallest(&seen, false),
            100.0 * hidden_share(&seen)
        );
        for (name, cam) in turned_cameras(scene.camera) {
            let s = Scene { camera: cam, ..scene.clone() };
            let seen = tesseract_pieces_on_screen(&s, area);
            eprintln!("  {name}: hidden {:.0}%", 100.0 * hidden_share(&seen));
        }
    }
    let (scene, _) = first_view(AREA_1280.0, AREA_1280.1);
    if let Some(mut r) = offscreen(AREA_1280.0, AREA_1280.1) {
        let rgba = r.render(&scene).unwrap().to_vec();
        save("first-view-1280.png", AREA_1280.0, AREA_1280.1, &rgba);
        for (name, cam) in turned_cameras(scene.camera) {
            let s = Scene { camera: cam, ..scene.clone() };
            let rgba = r.render(&s).unwrap().to_vec();
            save(&format!("turn-{}.png", name.replace(' ', "-")), AREA_1280.0, AREA_1280.1, &rgba);
        }
    }
    let _ = sq;
}
