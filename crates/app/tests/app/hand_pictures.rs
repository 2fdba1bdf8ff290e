//! Pictures of hands, shogi tiles, holes and regions, drawn off-screen from the app's
//! own scenes into `target/pictures/` (or `CHESS4D_PICTURES`) and checked by their
//! pixels: each side's hand piece shows in its strip in both views' layouts, the
//! picked one lit and its drop squares dotted; shogi tiles point at the opponent; a
//! hole shows the background; the hill is tinted. No adapter: SKIPPED, or a failure
//! when `CI` is set.

use chess4d::session::Session;
use chess4d_core::{Color, Square};
use chess4d_render::{
    BoardGeometry, Camera, FlatLayout, OffscreenRenderer, Rect, Scene, View, hand_slot,
    scene_layout,
};
use chess4d_variants::Catalog;
use std::path::PathBuf;

const W: u32 = 1100;
const H: u32 = 760;

fn renderer() -> Option<OffscreenRenderer> {
    crate::pictures_kit::renderer(W, H)
}

fn area() -> Rect {
    Rect::new(0.0, 0.0, W as f32, H as f32)
}

/// Draws `scene`, saves it as `name`, and returns the pixels.
fn shoot(r: &mut OffscreenRenderer, scene: &Scene, name: &str) -> Vec<u8> {
    crate::pictures_kit::shoot(r, scene, name, (W, H))
}

/// The pixels of `rgba` inside `r` that `keep` likes.
fn count_in(rgba: &[u8], r: Rect, keep: impl Fn([u8; 3]) -> bool) -> usize {
    let mut n = 0;
    let (x0, y0) = (r.x.max(0.0) as u32, r.y.max(0.0) as u32);
    let (x1, y1) = (((r.x + r.w) as u32).min(W), ((r.y + r.h) as u32).min(H));
    for y in y0..y1 {
        for x in x0..x1 {
            let i = ((y * W + x) * 4) as usize;
            if keep([rgba[i], rgba[i + 1], rgba[i + 2]]) {
                n += 1;
            }
        }
    }
    n
}

fn pixel(rgba: &[u8], x: f32, y: f32) -> [u8; 3] {
    let i = ((y as u32 * W + x as u32) * 4) as usize;
    [rgba[i], rgba[i + 1], rgba[i + 2]]
}

fn white_fill(p: [u8; 3]) -> bool {
    p[0] > 225 && p[1] > 220 && p[2] > 200
}

fn black_fill(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 40)
}

fn session(variant: &str) -> Session {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
        .join(format!("{variant}.toml"));
    let mut catalog = Catalog::embedded();
    catalog.add_file(&path);
    let mut s = Session::new(catalog, variant).unwrap();
    s.set_player(Color::Black, chess4d::session::Player::Human);
    s
}

fn sq(s: &Session, name: &str) -> Square {
    s.rules().info().shape.parse_square(name).unwrap()
}

fn flat_square(scene: &Scene, square: Square) -> Rect {
    let flat = scene_layout(scene, area()).flat.unwrap();
    FlatLayout::new(BoardGeometry::new(scene.shape).unwrap(), flat)
        .flipped(scene.flip)
        .square_rect(square.0)
        .unwrap()
}

#[test]
fn crazyhouse_hands_show_in_both_layouts_with_the_picked_pawn_lit() {
    let Some(mut r) = renderer() else { return };
    let mut s = session("crazyhouse");
    for (from, to) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")] {
        s.click(sq(&s, from));
        s.click(sq(&s, to));
    }
    s.select_hand(s.rules().info().kind_by_letter('P').unwrap());
    let shape = s.rules().info().shape.sizes();
    for view in [View::Both, View::Tesseract, View::Flat] {
        let camera = Camera::for_shape(shape).fit(shape, area());
        let scene = s.scene(view, camera);
        let name = format!("crazyhouse-hands-{view:?}.png").to_lowercase();
        let rgba = shoot(&mut r, &scene, &name);
        let hands = scene.hands.as_ref().unwrap();
        assert_eq!(hands.len(), 2, "a pawn in each hand");
        for (i, piece) in hands.iter().enumerate() {
            let slot = hand_slot(&scene, area(), i).unwrap();
            let fill = if piece.white { white_fill } else { black_fill };
            let n = count_in(&rgba, slot, fill);
            assert!(
                n > 60,
                "{view:?}: hand piece {i} has {n} pixels of its colour"
            );
        }
        // White's pawn is picked: its slot is lit in the selection's amber.
        let lit = |p: [u8; 3]| p[0] > 150 && p[1] > 110 && p[2] < 90 && p[0] > p[2] + 90;
        let white = hand_slot(&scene, area(), 0).unwrap();
        let black = hand_slot(&scene, area(), 1).unwrap();
        assert!(
            count_in(&rgba, white, lit) > 100,
            "{view:?}: the picked pawn"
        );
        assert!(
            count_in(&rgba, black, lit) < 10,
            "{view:?}: Black's is not lit"
        );
        // White's strip is below the boards, Black's above.
        assert!(white.y > black.y + 200.0);
        if view != View::Tesseract {
            // The drop squares carry the green dot, the last rank none.
            let green = |p: [u8; 3]| p[1] > 180 && p[0] < 90 && p[2] < 120;
            let d6 = flat_square(&scene, sq(&s, "d6"));
            assert!(count_in(&rgba, d6, green) > 20, "{view:?}: d6 is a drop");
            let d8 = flat_square(&scene, sq(&s, "d8"));
            assert_eq!(count_in(&rgba, d8, green), 0, "{view:?}: d8 is none");
        }
    }
}

/// How wide the run of `keep` pixels is across row `y` inside `r`.
fn row_width(rgba: &[u8], r: Rect, y: f32, keep: impl Fn([u8; 3]) -> bool) -> usize {
    count_in(rgba, Rect::new(r.x, y, r.w, 1.0), keep)
}

#[test]
fn shogi_tiles_point_at_the_opponent_and_carry_their_letter() {
    let Some(mut r) = renderer() else { return };
    let s = session("shogi");
    let scene = s.scene(View::Flat, Camera::default());
    assert!(scene.tiles);
    let rgba = shoot(&mut r, &scene, "shogi-tiles.png");
    // White's (sente's) pawn on e3 narrows upwards, Black's on e7 downwards.
    let e3 = flat_square(&scene, sq(&s, "e3"));
    let top = row_width(&rgba, e3, e3.y + e3.h * 0.15, white_fill);
    let bottom = row_width(&rgba, e3, e3.y + e3.h * 0.85, white_fill);
    assert!(top + 4 < bottom, "white tile: top {top}, bottom {bottom}");
    let e7 = flat_square(&scene, sq(&s, "e7"));
    let top = row_width(&rgba, e7, e7.y + e7.h * 0.15, black_fill);
    let bottom = row_width(&rgba, e7, e7.y + e7.h * 0.85, black_fill);
    assert!(top > bottom + 4, "black tile: top {top}, bottom {bottom}");
    // The letter: dark ink inside White's tile, light inside Black's.
    let inner = |r: Rect| Rect::new(r.x + r.w * 0.3, r.y + r.h * 0.3, r.w * 0.4, r.h * 0.4);
    assert!(
        count_in(&rgba, inner(e3), black_fill) > 15,
        "P on white's tile"
    );
    assert!(count_in(&rgba, inner(e7), |p| p.iter().all(|&c| c > 200)) > 15);

    // Pieces in hand are tiles too, in their strips.
    let mut s = session("shogi");
    let fen = "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL[GPp] w - - 0 1";
    assert!(s.new_game_from_fen(fen), "{:?}", s.notices().last());
    let scene = s.scene(
        View::Both,
        Camera::for_shape([9, 9, 1, 1]).fit([9, 9, 1, 1], area()),
    );
    let rgba = shoot(&mut r, &scene, "shogi-hands.png");
    let hands = scene.hands.clone().unwrap();
    assert_eq!(hands.len(), 3, "{hands:?}");
    for (i, piece) in hands.iter().enumerate() {
        let slot = hand_slot(&scene, area(), i).unwrap();
        let fill = if piece.white { white_fill } else { black_fill };
        assert!(count_in(&rgba, slot, fill) > 60, "tile {i} in hand");
    }
}

#[test]
fn a_hole_shows_the_background_and_the_hill_is_tinted() {
    let Some(mut r) = renderer() else { return };
    let s = session("donut");
    let scene = s.scene(View::Both, Camera::for_shape([8, 8, 1, 1]));
    let rgba = shoot(&mut r, &scene, "donut.png");
    let background = pixel(&rgba, 2.0, 2.0);
    let d4 = flat_square(&scene, sq(&s, "d4")).centre();
    assert_eq!(pixel(&rgba, d4.x, d4.y), background, "d4 is a hole");
    let c3 = flat_square(&scene, sq(&s, "c3")).centre();
    assert_ne!(pixel(&rgba, c3.x, c3.y), background, "c3 is a square");

    let s = session("kingofthehill");
    let scene = s.scene(View::Both, Camera::for_shape([8, 8, 1, 1]));
    let rgba = shoot(&mut r, &scene, "kingofthehill.png");
    // d4 and f4 are both dark squares; only d4 is on the hill.
    let d4 = flat_square(&scene, sq(&s, "d4")).centre();
    let f4 = flat_square(&scene, sq(&s, "f4")).centre();
    let (hill, plain) = (pixel(&rgba, d4.x, d4.y), pixel(&rgba, f4.x, f4.y));
    assert!(
        i32::from(hill[1]) - i32::from(hill[0]) > i32::from(plain[1]) - i32::from(plain[0]) + 20,
        "the hill is greener: {hill:?} against {plain:?}"
    );
}

#[test]
fn a_rook_round_the_cylinder_is_drawn_round_the_edge_not_across() {
    let Some(mut r) = renderer() else { return };
    let mut s = session("cylinder");
    assert!(s.new_game_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    // a1 to g1 the short way round: over the a/h edge (e1's king blocks the other way).
    s.click(sq(&s, "a1"));
    s.click(sq(&s, "g1"));
    assert_eq!(s.game().moves().len(), 1, "the rook went round");
    let scene = s.scene(
        View::Both,
        Camera::for_shape([8, 8, 1, 1]).fit([8, 8, 1, 1], area()),
    );
    assert_eq!(scene.arrows[0].path.len(), 3, "{:?}", scene.arrows);
    let rgba = shoot(&mut r, &scene, "cylinder-wrap.png");
    // The last move's yellow shows round the board's left and right edges, and on none
    // of b1, c1 or d1's centres.
    let yellow = |p: [u8; 3]| p[0] > 150 && p[1] > 120 && p[2] < 90 && p[0] > p[2] + 80;
    for name in ["b1", "c1", "d1"] {
        let c = flat_square(&scene, sq(&s, name));
        let middle = Rect::new(c.x + c.w * 0.3, c.y + c.h * 0.3, c.w * 0.4, c.h * 0.4);
        assert_eq!(
            count_in(&rgba, middle, yellow),
            0,
            "the arrow crosses {name}"
        );
    }
    let a1 = flat_square(&scene, sq(&s, "a1"));
    let left = Rect::new(a1.x - a1.w * 0.5, a1.y, a1.w * 0.45, a1.h * 1.3);
    assert!(
        count_in(&rgba, left, yellow) > 30,
        "no arrow out of a1's edge"
    );
}
