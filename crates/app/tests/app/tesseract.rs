//! The tesseract tells the truth, checked through the app's own scene and render's
//! projection and picking (no GPU needed): a click on the middle of any piece of the
//! full and classic starts picks that piece's square at three camera angles, and the
//! flat view's arrows for a knight's and a queen's check between boards never run over
//! the centre of a square the move does not pass.

use chess4d::session::Session;
use chess4d_core::Move;
use chess4d_render::glam::Vec2;
use chess4d_render::{
    ArrowKind, BoardGeometry, Camera, FlatLayout, Projector, Rect, View, layout, pick,
};
use chess4d_variants::Catalog;

const AREA: Rect = Rect::new(0.0, 0.0, 1100.0, 760.0);

/// The home view (W layers pulled apart), the view from Black's side a little higher,
/// and one from the other corner turned in the X-W and Y-W planes; each fitted.
fn cameras(shape: [u8; 4]) -> [Camera; 3] {
    let home = Camera::for_shape(shape);
    [
        home,
        Camera {
            yaw_deg: 210.0,
            pitch_deg: 34.0,
            ..home
        },
        Camera {
            yaw_deg: 40.0,
            pitch_deg: 28.0,
            xw_deg: 20.0,
            yw_deg: 10.0,
            ..home
        },
    ]
    .map(|c| c.fit(shape, AREA))
}

#[test]
fn a_click_on_the_middle_of_any_start_piece_picks_its_square() {
    for variant in ["full", "classic"] {
        let s = Session::new(Catalog::embedded(), variant).unwrap();
        let shape = s.rules().info().shape.sizes();
        let board = BoardGeometry::new(shape).unwrap();
        for (i, camera) in cameras(shape).into_iter().enumerate() {
            let scene = s.scene(View::Tesseract, camera);
            let proj = Projector::new(
                &scene.camera,
                layout(View::Tesseract, AREA).tesseract.unwrap(),
            );
            let start = s.rules().start_position().pieces().count();
            assert_eq!(scene.pieces.len(), start, "{variant}");
            let mut wrong = Vec::new();
            for piece in &scene.pieces {
                let centre = proj
                    .project(board.centre_4d(piece.square).unwrap())
                    .unwrap();
                let got = pick(&scene, AREA, centre.truncate());
                if got != Some(piece.square) {
                    let name = |q: u16| s.square_name(chess4d_core::Square(q));
                    wrong.push(format!("{} -> {:?}", name(piece.square), got.map(name)));
                }
            }
            assert!(wrong.is_empty(), "{variant}, camera {i}: {wrong:?}");
        }
    }
}

/// Distance from `p` to the polyline `route`.
fn distance_to(route: &[Vec2], p: Vec2) -> f32 {
    route
        .windows(2)
        .map(|w| {
            let ab = w[1] - w[0];
            let t = ((p - w[0]).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            p.distance(w[0] + ab * t)
        })
        .fold(f32::MAX, f32::min)
}

/// The check arrow of `fen` in the flat view, and every square centre it stays clear
/// of by less than a fifth of a square (none may be a square the check does not pass).
fn check_arrow_crossings(fen: &str) -> (Vec<u16>, Vec<String>) {
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    assert!(s.new_game_from_fen(fen), "{:?}", s.last_notice());
    assert!(s.game().in_check(), "{fen}");
    let scene = s.scene(View::Flat, Camera::default());
    let arrow = scene
        .arrows
        .iter()
        .find(|a| a.kind == ArrowKind::Check)
        .expect("a check arrow")
        .clone();
    let board = BoardGeometry::new(scene.shape).unwrap();
    let flat = FlatLayout::new(board, layout(View::Flat, AREA).flat.unwrap());
    let route = flat.arrow_route(&arrow.path);
    let mut crossed = Vec::new();
    for sq in 0..board.square_count() as u16 {
        if arrow.path.contains(&sq) {
            continue;
        }
        let c = flat.square_centre(sq).unwrap();
        if distance_to(&route, c) < 0.2 * flat.square_size() {
            crossed.push(s.square_name(chess4d_core::Square(sq)));
        }
    }
    (arrow.path, crossed)
}

#[test]
fn a_knights_check_between_boards_jumps_clear_of_the_squares_between() {
    // The knight on a3[1,1] checks the king on a1[1,0]; a pawn stands on a2[1,0].
    let fen = "4/4/4/4|4/4/P3/K3|3k/4/4/4|4/n3/4/4 w - - 0 1";
    let (path, crossed) = check_arrow_crossings(fen);
    assert_eq!(path.len(), 2, "a leap has no squares between");
    assert!(
        crossed.is_empty(),
        "the knight's arrow runs over {crossed:?}"
    );
}

#[test]
fn a_queens_check_across_boards_runs_through_exactly_its_squares() {
    // The queen on b2[0,1] checks the king on a1[1,0] along all four axes at once: one
    // step, from the top-left board to the bottom-right one, past the pawn on b1[1,0].
    let fen = "4/4/4/4|4/4/4/KP2|4/4/1q2/4|3k/4/4/4 w - - 0 1";
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    assert!(s.new_game_from_fen(fen));
    let (path, crossed) = check_arrow_crossings(fen);
    let names: Vec<String> = path
        .iter()
        .map(|&q| s.square_name(chess4d_core::Square(q)))
        .collect();
    assert!(names.len() >= 2, "{names:?}");
    assert!(
        crossed.is_empty(),
        "the queen's arrow {names:?} runs over {crossed:?}"
    );
    // The rules list every square of the slide.
    let rules = s.rules().clone();
    let pos = s.game().position().clone();
    let attack = Move::new(
        chess4d_core::Square(path[0]),
        chess4d_core::Square(*path.last().unwrap()),
    );
    assert_eq!(rules.move_path(&pos, attack).len(), path.len(), "{names:?}");
    s.clear_notices();
}

#[test]
fn a_slide_lists_its_squares_and_a_leap_only_its_ends() {
    let rules = Catalog::embedded().get("full").unwrap();
    let shape = rules.info().shape;
    let sq = |n: &str| shape.parse_square(n).unwrap();
    let pos = rules.start_position();
    // a1[0,0]'s rook to a1[0,1]? Blocked at the start; use the knight and a pawn push.
    let knight = rules.move_path(&pos, Move::new(sq("b1[0,0]"), sq("c3[0,0]")));
    assert_eq!(knight, vec![sq("b1[0,0]"), sq("c3[0,0]")]);
    let empty = rules
        .parse_position("4/4/4/R3|4/4/4/K3|4/4/4/4|3k/4/4/4 w - - 0 1")
        .unwrap();
    let rook = rules.move_path(&empty, Move::new(sq("a1[0,0]"), sq("a4[0,0]")));
    assert_eq!(
        rook,
        ["a1[0,0]", "a2[0,0]", "a3[0,0]", "a4[0,0]"]
            .map(sq)
            .to_vec()
    );
}
