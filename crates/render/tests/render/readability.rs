//! What a person needs to read the tesseract, measured: every piece of both sides
//! large enough at the first view, few silhouettes hidden behind others at any 4D
//! angle and mid-turn, labels clear of the pieces, and the piece that just moved not
//! covered by its own marker. The figures are printed (`-- --nocapture`).

use crate::common::{full_start, offscreen, pixel, save, sq};
use chess4d_render::{
    Arrow, ArrowKind, Camera, Highlight, PieceOnScreen, QUARTER_TURN_SECONDS, QuarterTurn, Rect,
    Scene, View, WPlane, scene_layout, tesseract_label_boxes, tesseract_pieces_on_screen,
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
    let hidden = seen
        .iter()
        .filter(|p| p.covered_share() > 1.0 / 3.0)
        .count();
    hidden as f32 / seen.len().max(1) as f32
}

#[test]
fn at_the_first_view_both_armies_stand_large_and_alike() {
    for ((w, h), least) in [(AREA_1280, 28.0), (AREA_900, 16.0)] {
        let (scene, area) = first_view(w, h);
        let seen = tesseract_pieces_on_screen(&scene, area);
        assert_eq!(seen.len(), 32);
        let (white, black) = (smallest(&seen, true), smallest(&seen, false));
        eprintln!("{w}x{h}: smallest white piece {white} px, black {black} px");
        assert!(white >= least && black >= least, "{w}x{h}: {white} {black}");
        assert!(
            white.min(black) >= 0.75 * white.max(black),
            "{w}x{h}: {white} {black}"
        );
        assert_eq!(hidden_share(&seen), 0.0, "{w}x{h}: pieces hidden at rest");
    }
}

#[test]
fn any_turn_in_4d_leaves_at_most_one_piece_in_ten_hidden() {
    let (scene, area) = first_view(AREA_1280.0, AREA_1280.1);
    for (name, camera) in turned_cameras(scene.camera) {
        let turned = Scene {
            camera,
            ..scene.clone()
        };
        let share = hidden_share(&tesseract_pieces_on_screen(&turned, area));
        eprintln!(
            "{name}: {:.0}% of the pieces hidden by more than a third",
            100.0 * share
        );
        assert!(share <= 0.10, "{name}: {share}");
    }
}

#[test]
fn no_label_lies_over_a_piece() {
    let (scene, area) = first_view(AREA_1280.0, AREA_1280.1);
    let mut cameras = turned_cameras(scene.camera);
    cameras.push(("first view".into(), scene.camera));
    for (name, camera) in cameras {
        let s = Scene {
            camera,
            ..scene.clone()
        };
        let pieces = tesseract_pieces_on_screen(&s, area);
        let labels = tesseract_label_boxes(&s, area);
        assert!(labels.len() >= 8, "{name}: {} labels left", labels.len());
        for (text, r) in &labels {
            for p in &pieces {
                let b = p.silhouette;
                let apart =
                    r.x >= b.x + b.w || b.x >= r.x + r.w || r.y >= b.y + b.h || b.y >= r.y + r.h;
                assert!(
                    apart,
                    "{name}: label {text} {r:?} over the piece on {}",
                    p.square
                );
            }
        }
    }
}

/// The full set after 1. b2[0,0]-b3[0,0], with the marks and arrow the app shows.
fn after_a_move(marked: bool) -> Scene {
    let (mut scene, _) = first_view(AREA_1280.0, AREA_1280.1);
    let (from, to) = (sq(1, 1, 0, 0), sq(1, 2, 0, 0));
    scene
        .pieces
        .iter_mut()
        .find(|p| p.square == from)
        .unwrap()
        .square = to;
    if marked {
        scene.highlights = vec![
            (from, Highlight::LastMove),
            (to, Highlight::LastMove),
            (to, Highlight::Moved),
        ];
        scene.arrows = vec![Arrow::new(from, to, ArrowKind::LastMove)];
    }
    scene
}

#[test]
fn the_piece_that_just_moved_shows_through_its_marks() {
    let Some(mut r) = offscreen(AREA_1280.0, AREA_1280.1) else {
        return;
    };
    let area = Rect::new(0.0, 0.0, AREA_1280.0 as f32, AREA_1280.1 as f32);
    let plain = r.render(&after_a_move(false)).unwrap().to_vec();
    let marked_scene = after_a_move(true);
    let marked = r.render(&marked_scene).unwrap().to_vec();
    save("last-move.png", AREA_1280.0, AREA_1280.1, &marked);
    let to = sq(1, 2, 0, 0);
    let seen = tesseract_pieces_on_screen(&marked_scene, area);
    let pawn = seen.iter().find(|p| p.square == to).unwrap();
    // The pawn's light body as drawn without marks, and how much of it stays the same
    // with them. The arrow is drawn on top and may cross it: count what is left.
    let b = pawn.silhouette;
    let (mut body, mut same) = (0, 0);
    for y in b.y as u32..(b.y + b.h) as u32 {
        for x in b.x as u32..(b.x + b.w) as u32 {
            let p = pixel(&plain, AREA_1280.0, x as f32, y as f32);
            if p[0] > 200 && p[1] > 200 && p[2] > 190 {
                body += 1;
                let q = pixel(&marked, AREA_1280.0, x as f32, y as f32);
                if (0..3).all(|i| p[i].abs_diff(q[i]) < 24) {
                    same += 1;
                }
            }
        }
    }
    eprintln!("moved pawn: {same} of {body} body pixels unchanged by its marks");
    assert!(body > 80, "{body}");
    assert!(same as f32 >= 0.75 * body as f32, "{same} of {body}");
}

#[test]
fn screenshots_of_turns_for_a_person_to_look_at() {
    let (scene, _) = first_view(AREA_1280.0, AREA_1280.1);
    let Some(mut r) = offscreen(AREA_1280.0, AREA_1280.1) else {
        return;
    };
    let rgba = r.render(&scene).unwrap().to_vec();
    save("first-view.png", AREA_1280.0, AREA_1280.1, &rgba);
    // A different picture at each angle: the turn really is drawn.
    let mut previous = rgba;
    for (name, camera) in turned_cameras(scene.camera) {
        let s = Scene {
            camera,
            ..scene.clone()
        };
        let rgba = r.render(&s).unwrap().to_vec();
        save(
            &format!("turn-{}.png", name.replace(' ', "-")),
            AREA_1280.0,
            AREA_1280.1,
            &rgba,
        );
        let differ = rgba
            .chunks(4)
            .zip(previous.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        assert!(differ > 2000, "{name}: {differ}");
        previous = rgba;
    }
}

#[test]
fn a_river_runs_across_the_xiangqi_board() {
    let Some(mut r) = offscreen(500, 560) else {
        return;
    };
    let board = |river| Scene {
        view: View::Flat,
        river,
        ..Scene::empty([9, 10, 1, 1])
    };
    let dry = r.render(&board(None)).unwrap().to_vec();
    let wet = r.render(&board(Some(5))).unwrap().to_vec();
    save("xiangqi-river.png", 500, 560, &wet);
    // The water: a band of blue pixels that only the river picture has.
    let blue = |rgba: &[u8]| {
        rgba.chunks(4)
            .filter(|p| p[2] > 150 && u16::from(p[2]) > u16::from(p[0]) + 60 && p[1] > p[0])
            .count()
    };
    let (before, after) = (blue(&dry), blue(&wet));
    eprintln!("river: {before} blue pixels without, {after} with");
    assert!(after > before + 2000, "{before} {after}");
}
