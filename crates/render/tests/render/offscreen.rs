//! Renders known scenes on whatever adapter is present (lavapipe / llvmpipe on CI) and
//! checks pixels against the projection and layout math the app uses for picking.

use crate::common::{full_start, offscreen, pixel, save, sq};
use chess4d_render::glam::{Vec2, Vec3};
use chess4d_render::{
    Arrow, ArrowKind, BoardGeometry, Camera, FlatLayout, Highlight, Projector, Rect, Scene,
    ScenePiece, View, layout,
};

const W: u32 = 1280;
const H: u32 = 720;
const AREA: Rect = Rect::new(0.0, 0.0, W as f32, H as f32);

/// Colours from the renderer's palette (dark theme), as 8-bit sRGB.
const LEGAL_MOVE: [u8; 3] = [56, 204, 92];
const DARK_SQUARE: [u8; 3] = [115, 135, 161];
const LIGHT_SQUARE: [u8; 3] = [204, 212, 222];
const BACKGROUND: [u8; 3] = [19, 22, 27];

fn near(p: [u8; 4], c: [u8; 3], tolerance: u8) -> bool {
    (0..3).all(|k| p[k].abs_diff(c[k]) <= tolerance)
}

/// The page's "see every piece's reach": a rook alone on b2[0,0] with its moves lit.
fn rook_reach() -> (Scene, Vec<u16>) {
    let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    let rook = sq(1, 1, 0, 0);
    let mut targets = Vec::new();
    for s in 0..64u16 {
        let [a, b] = [board.coords(s).unwrap(), board.coords(rook).unwrap()];
        if (0..4).filter(|&k| a[k] != b[k]).count() == 1 {
            targets.push(s);
        }
    }
    let mut scene = Scene::default();
    scene.pieces.push(ScenePiece {
        square: rook,
        glyph: 'R',
        white: true,
    });
    scene.highlights.push((rook, Highlight::Selected));
    scene
        .highlights
        .extend(targets.iter().map(|&t| (t, Highlight::LegalMove)));
    (scene, targets)
}

#[test]
fn legal_moves_light_up_where_the_projection_and_layout_put_them() {
    let Some(mut r) = offscreen(W, H) else { return };
    let (scene, targets) = rook_reach();
    assert_eq!(targets.len(), 3 + 3 + 1 + 1);
    let rgba = r.render(&scene).unwrap().to_vec();
    save("rook_reach.png", W, H, &rgba);
    let board = BoardGeometry::new(scene.shape).unwrap();
    let split = layout(scene.view, AREA);
    let proj = Projector::new(&scene.camera, split.tesseract.unwrap());
    let flat = FlatLayout::new(board, split.flat.unwrap());
    let rook_at = proj
        .project(board.centre_4d(sq(1, 1, 0, 0)).unwrap())
        .unwrap();
    let rook_half = proj.cell_radius_px(&board, board.centre_4d(sq(1, 1, 0, 0)).unwrap());
    for &t in &targets {
        let at = flat.square_centre(t).unwrap();
        let p = pixel(&rgba, W, at.x, at.y);
        assert!(near(p, LEGAL_MOVE, 10), "flat {t}: {p:?} at {at}");
        let at = proj.project(board.centre_4d(t).unwrap()).unwrap();
        if (at.truncate() - rook_at.truncate()).abs().max_element() < rook_half {
            continue; // behind or in front of the rook itself
        }
        let p = pixel(&rgba, W, at.x, at.y);
        assert!(near(p, LEGAL_MOVE, 10), "tesseract {t}: {p:?} at {at}");
    }
    // The selected square is tinted gold in the flat view (away from the piece).
    let r0 = flat.square_rect(sq(1, 1, 0, 0)).unwrap();
    let p = pixel(&rgba, W, r0.x + 3.0, r0.y + 3.0);
    assert!(
        p[0] > 180 && p[1] > 140 && p[2] < 110,
        "selected tint {p:?}"
    );
    // Squares not reached keep their plain colour.
    let plain = flat.square_centre(sq(2, 2, 0, 0)).unwrap();
    assert!(near(pixel(&rgba, W, plain.x, plain.y), DARK_SQUARE, 3));
}

#[test]
fn inner_cube_is_drawn_inside_the_outer_cube() {
    let Some(mut r) = offscreen(W, H) else { return };
    let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
    let proj = Projector::new(&Camera::default(), AREA);
    // Tint one W copy's tiles at a time, so neither hides the other.
    let mut drawn = Vec::new();
    for w in 0..2 {
        let mut scene = Scene {
            view: View::Tesseract,
            ..Scene::default()
        };
        let squares: Vec<u16> = (0..64u16)
            .filter(|&s| board.coords(s).unwrap()[3] == w)
            .collect();
        scene.highlights = squares.iter().map(|&s| (s, Highlight::Path)).collect();
        let rgba = r.render(&scene).unwrap().to_vec();
        save(&format!("cube_w{w}.png"), W, H, &rgba);
        let mut got = Bounds::default();
        for y in 0..H {
            for x in 0..W {
                let p = pixel(&rgba, W, x as f32, y as f32).map(i32::from);
                // The Path tint (cyan), not W = 0's blue lines and labels.
                if p[1] > p[0] + 50 && p[2] > p[0] + 50 && p[1].abs_diff(p[2]) < 45 {
                    got.add(x, y);
                }
            }
        }
        // Where the projection math puts the corners of those tiles.
        let mut want = Bounds::default();
        let half = board.cell_half().extend(0.0);
        for &s in &squares {
            let c = board.tile_centre_4d(s).unwrap();
            for i in 0..8 {
                let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                let corner = c + Vec3::new(sign(1), sign(2), sign(4)).extend(0.0) * half;
                let p = proj.project(corner).unwrap();
                want.add(p.x.round() as u32, p.y.round() as u32);
            }
        }
        assert!(got.count > 2000, "W={w}: {got:?}");
        // Drawn pixels stay inside the projected box and reach close to its edges
        // (thin tips of the far corners fade out over a few pixels).
        let (g0, g1, e0, e1) = (
            got.min.as_ivec2(),
            got.max.as_ivec2(),
            want.min.as_ivec2(),
            want.max.as_ivec2(),
        );
        assert!(
            (g0 - e0).min_element() >= -2 && (e1 - g1).min_element() >= -2,
            "W={w}: {got:?} outside {want:?}"
        );
        assert!(
            (g0 - e0).max_element() <= 8 && (e1 - g1).max_element() <= 8,
            "W={w}: {got:?} short of {want:?}"
        );
        drawn.push(got);
    }
    let (inner, outer) = (drawn[0], drawn[1]);
    assert!(
        inner.min.x > outer.min.x && inner.min.y > outer.min.y,
        "{inner:?} in {outer:?}"
    );
    assert!(
        inner.max.x < outer.max.x && inner.max.y < outer.max.y,
        "{inner:?} in {outer:?}"
    );
    assert!(inner.max.x - inner.min.x < (outer.max.x - outer.min.x) * 7 / 10);
}

#[derive(Debug, Clone, Copy)]
struct Bounds {
    min: chess4d_render::glam::UVec2,
    max: chess4d_render::glam::UVec2,
    count: u32,
}

impl Default for Bounds {
    fn default() -> Self {
        Self {
            min: chess4d_render::glam::UVec2::MAX,
            max: chess4d_render::glam::UVec2::ZERO,
            count: 0,
        }
    }
}

impl Bounds {
    fn add(&mut self, x: u32, y: u32) {
        let p = chess4d_render::glam::UVec2::new(x, y);
        self.min = self.min.min(p);
        self.max = self.max.max(p);
        self.count += 1;
    }
}

#[test]
fn flat_view_draws_four_boards_where_the_layout_says() {
    let Some(mut r) = offscreen(W, H) else { return };
    let scene = Scene {
        view: View::Flat,
        ..Scene::default()
    };
    let rgba = r.render(&scene).unwrap().to_vec();
    save("flat_empty.png", W, H, &rgba);
    let board = BoardGeometry::new(scene.shape).unwrap();
    let flat = FlatLayout::new(board, AREA);
    for (z, w) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let b = flat.board_rect(z, w);
        let s = flat.square_size();
        let a1 = Vec2::new(b.x + s * 0.5, b.y + b.h - s * 0.5);
        let b1 = a1 + Vec2::new(s, 0.0);
        // a1 is dark on the first board; the colours alternate across boards like a 4D checkerboard.
        let (first, second) = if (z + w) % 2 == 0 {
            (DARK_SQUARE, LIGHT_SQUARE)
        } else {
            (LIGHT_SQUARE, DARK_SQUARE)
        };
        assert!(
            near(pixel(&rgba, W, a1.x, a1.y), first, 3),
            "a1 of [{z},{w}]"
        );
        assert!(
            near(pixel(&rgba, W, b1.x, b1.y), second, 3),
            "b1 of [{z},{w}]"
        );
        // Just outside the frame is background.
        let outside = Vec2::new(b.x + b.w + s * 0.25, b.y + b.h * 0.5);
        assert!(
            near(pixel(&rgba, W, outside.x, outside.y), BACKGROUND, 3),
            "gap right of [{z},{w}]"
        );
    }
    // The space between the two rows of boards is background too.
    let (top, bottom) = (flat.board_rect(0, 1), flat.board_rect(0, 0));
    let mid = Vec2::new(top.x + top.w * 0.5, (top.y + top.h + bottom.y) * 0.5);
    assert!(near(pixel(&rgba, W, mid.x, mid.y), BACKGROUND, 3) || mid.y < top.y + top.h + 1.0);
}

#[test]
fn start_position_shows_thirty_two_pieces_in_their_colours() {
    let Some(mut r) = offscreen(W, H) else { return };
    let scene = full_start();
    assert_eq!(scene.pieces.len(), 32);
    let rgba = r.render(&scene).unwrap().to_vec();
    save("start_both.png", W, H, &rgba);
    let board = BoardGeometry::new(scene.shape).unwrap();
    let flat = FlatLayout::new(board, layout(scene.view, AREA).flat.unwrap());
    let s = flat.square_size();
    for square in 0..64u16 {
        let c = flat.square_centre(square).unwrap() + Vec2::new(0.0, s * 0.15);
        let p = pixel(&rgba, W, c.x, c.y);
        let luma = (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3;
        match scene.pieces.iter().find(|q| q.square == square) {
            Some(q) if q.white => assert!(luma > 200, "white piece on {square}: {p:?}"),
            Some(_) => assert!(luma < 60, "black piece on {square}: {p:?}"),
            None => assert!(
                near(p, DARK_SQUARE, 3) || near(p, LIGHT_SQUARE, 3),
                "empty {square}: {p:?}"
            ),
        }
    }
}

#[test]
fn draw_calls_do_not_grow_with_squares_or_pieces() {
    let Some(mut r) = offscreen(320, 200) else {
        return;
    };
    let arrow = |from, to| Arrow::new(from, to, ArrowKind::Hint);
    let mut small = Scene::default();
    small.pieces.push(ScenePiece {
        square: 0,
        glyph: 'K',
        white: true,
    });
    small.highlights.push((5, Highlight::LegalMove));
    small.arrows.push(arrow(0, 5));
    r.render(&small).unwrap();
    let few = r.draw_calls();
    let mut big = Scene::empty([4, 4, 4, 4]);
    big.pieces = (0..256)
        .map(|s| ScenePiece {
            square: s,
            glyph: 'Q',
            white: s % 2 == 0,
        })
        .collect();
    big.highlights = (0..256).map(|s| (s, Highlight::LegalMove)).collect();
    big.arrows = (0..64).map(|s| arrow(s, 255 - s)).collect();
    r.render(&big).unwrap();
    let many = r.draw_calls();
    assert_eq!(few, many);
    assert!(many <= 8, "{many}");
    r.render(&Scene::default()).unwrap();
    assert!(r.draw_calls() <= few);
}

#[test]
fn other_shapes_render_and_save() {
    let Some(mut r) = offscreen(W, H) else { return };
    let shapes: [(&str, [u8; 4]); 4] = [
        ("8x8", [8, 8, 1, 1]),
        ("5x5x5", [5, 5, 5, 1]),
        ("4x4x4x4", [4, 4, 4, 4]),
        ("10x8", [10, 8, 1, 1]),
    ];
    let letters = ['R', 'N', 'B', 'Q', 'K', 'T', 'U', 'P', 'Z', 'C'];
    for (name, shape) in shapes {
        let mut scene = Scene::empty(shape);
        scene.pieces = (0..u16::from(shape[0]))
            .map(|x| ScenePiece {
                square: x,
                glyph: letters[x as usize % 10],
                white: true,
            })
            .collect();
        let rgba = r.render(&scene).unwrap().to_vec();
        save(&format!("shape_{name}.png"), W, H, &rgba);
        // Every piece shows in the flat view.
        let board = BoardGeometry::new(shape).unwrap();
        let flat = FlatLayout::new(board, layout(scene.view, AREA).flat.unwrap());
        for piece in &scene.pieces {
            // Below the middle of a silhouette; left of the letter on a disc.
            let s = flat.square_size();
            let nudge = if "KQRBNP".contains(piece.glyph) {
                Vec2::new(0.0, 0.15 * s)
            } else {
                Vec2::new(-0.26 * s, 0.0)
            };
            let c = flat.square_centre(piece.square).unwrap() + nudge;
            let p = pixel(&rgba, W, c.x, c.y);
            assert!(
                p[0] > 200 && p[1] > 200,
                "{name}: piece {} at {c}: {p:?}",
                piece.glyph
            );
        }
    }
    let mut scene = full_start();
    scene.camera.xw_deg = 25.0;
    scene.camera.zw_deg = 15.0;
    scene.theme = chess4d_render::Theme::Light;
    let rgba = r.render(&scene).unwrap().to_vec();
    save("rotated_light.png", W, H, &rgba);
    assert!(
        near(pixel(&rgba, W, 2.0, 2.0), [237, 240, 245], 3),
        "light background"
    );
}

#[test]
fn png_file_is_written_and_reports_the_adapter() {
    if offscreen(8, 8).is_none() {
        return;
    }
    let path = std::env::temp_dir().join(format!("chess4d-render-test-{}.png", std::process::id()));
    let info = chess4d_render::render_to_png(&full_start(), 160, 90, &path).unwrap();
    assert!(!info.adapter_name.is_empty());
    assert_eq!((info.width, info.height), (160, 90));
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    let _ = std::fs::remove_file(&path);
    let bad = chess4d_render::render_to_png(&full_start(), 0, 90, &path);
    assert!(matches!(
        bad,
        Err(chess4d_render::RenderError::BadSize { .. })
    ));
    let nowhere = chess4d_render::render_to_png(
        &full_start(),
        16,
        16,
        std::path::Path::new("/no/such/dir/x.png"),
    );
    assert!(matches!(
        nowhere,
        Err(chess4d_render::RenderError::Png { .. })
    ));
}

#[test]
fn arrows_and_marks_show_in_both_pictures() {
    let Some(mut r) = offscreen(W, H) else { return };
    let mut scene = full_start();
    // White's rook a1[0,0] has gone to a3[0,0]... a made-up position that shows every mark.
    let king = sq(0, 3, 1, 1);
    scene
        .pieces
        .retain(|p| p.square != sq(0, 0, 0, 0) && p.square != sq(0, 1, 0, 0));
    scene.pieces.push(ScenePiece {
        square: sq(0, 2, 0, 0),
        glyph: 'R',
        white: true,
    });
    scene.highlights = vec![
        (sq(0, 0, 0, 0), Highlight::LastMove),
        (sq(0, 2, 0, 0), Highlight::LastMove),
        (king, Highlight::Check),
        (sq(2, 3, 1, 1), Highlight::Threat),
        (sq(3, 2, 1, 0), Highlight::Focus),
        (sq(2, 2, 1, 0), Highlight::Hover),
        (sq(1, 2, 0, 0), Highlight::Path),
    ];
    scene.arrows = vec![
        Arrow::along(
            vec![sq(0, 0, 0, 0), sq(0, 1, 0, 0), sq(0, 2, 0, 0)],
            ArrowKind::LastMove,
        ),
        Arrow::new(sq(0, 2, 0, 0), sq(0, 2, 0, 1), ArrowKind::Hint),
    ];
    let rgba = r.render(&scene).unwrap().to_vec();
    save("marks_and_arrows.png", W, H, &rgba);
    let board = BoardGeometry::new(scene.shape).unwrap();
    let split = layout(scene.view, AREA);
    let flat = FlatLayout::new(board, split.flat.unwrap());
    // The hint arrow crosses from the bottom-left board to the top-left one: its middle
    // lies in the gap between them, drawn blue.
    // It is bent round the squares between (out, along, back in): the middle of its
    // long run is drawn blue.
    let route = flat.arrow_route(&[sq(0, 2, 0, 0), sq(0, 2, 0, 1)]);
    assert_eq!(route.len(), 4);
    let mid = (route[1] + route[2]) * 0.5;
    let p = pixel(&rgba, W, mid.x, mid.y);
    assert!(p[2] > 180 && p[0] < 120, "hint arrow {p:?} at {mid}");
    // The same arrow in the tesseract, halfway along the projected W segment.
    let proj = Projector::new(&scene.camera, split.tesseract.unwrap());
    let ends = [sq(0, 2, 0, 0), sq(0, 2, 0, 1)]
        .map(|s| proj.project(board.centre_4d(s).unwrap()).unwrap());
    let mid = (ends[0] + ends[1]).truncate() * 0.5;
    let p = pixel(&rgba, W, mid.x, mid.y);
    assert!(
        p[2] > 150 && p[2] > p[0] + 60,
        "tesseract hint arrow {p:?} at {mid}"
    );
    // Focus draws a blue frame at the square's edge in the flat view.
    let f = flat.square_rect(sq(3, 2, 1, 0)).unwrap();
    let p = pixel(&rgba, W, f.x + 2.0, f.y + f.h * 0.5);
    assert!(p[2] > 200 && p[0] < 100, "focus frame {p:?}");
}

#[test]
fn a_board_turned_inside_out_in_4d_still_shows_its_tiles_from_outside() {
    let Some(mut r) = offscreen(W, H) else { return };
    // Turning 180 degrees in the X-W plane mirrors X: the cells' faces reverse their
    // winding, and the renderer must still show the faces towards the camera (the
    // bright tops), not the ones away from it (the dim undersides).
    let mut lit = Vec::new();
    for xw in [0.0, 180.0] {
        let mut scene = Scene {
            view: View::Tesseract,
            ..Scene::empty([4, 4, 1, 1])
        };
        scene.camera.xw_deg = xw;
        scene.highlights = (0..16).map(|s| (s, Highlight::Path)).collect();
        let rgba = r.render(&scene).unwrap().to_vec();
        save(&format!("turned_{xw}.png"), W, H, &rgba);
        let board = BoardGeometry::new(scene.shape).unwrap();
        let proj = Projector::new(&scene.camera, AREA);
        let top = Vec3::new(0.0, 0.0, board.cell_half().z).extend(0.0);
        let mut sum = 0u32;
        for s in 0..16u16 {
            let at = proj
                .project(board.tile_centre_4d(s).unwrap() + top)
                .unwrap();
            sum += u32::from(pixel(&rgba, W, at.x, at.y)[1]);
        }
        lit.push(sum / 16);
    }
    assert!(lit[0] > 120, "{lit:?}");
    assert!(
        lit[0].abs_diff(lit[1]) < 25,
        "tops as bright either way: {lit:?}"
    );
}

#[test]
fn a_floating_piece_is_drawn_on_top_with_one_more_draw() {
    let Some(mut r) = offscreen(W, H) else { return };
    let mut scene = full_start();
    scene.flip = true;
    r.render(&scene).unwrap();
    let without = r.draw_calls();
    // Over the flat boards' top-left corner margin, where only background is drawn,
    // and over a piece on the tesseract: it covers both.
    let l = layout(scene.view, AREA);
    let flat =
        FlatLayout::new(BoardGeometry::new(scene.shape).unwrap(), l.flat.unwrap()).flipped(true);
    let corner = flat.board_rect(0, 1);
    let at = [corner.x - flat.square_size() * 0.6, corner.y - 40.0];
    scene.floating = Some((
        ScenePiece {
            square: 0,
            glyph: 'Q',
            white: true,
        },
        at,
    ));
    let rgba = r.render(&scene).unwrap().to_vec();
    save("floating_flipped.png", W, H, &rgba);
    assert_eq!(r.draw_calls(), without + 1);
    // Below the middle of the silhouette: the white fill.
    let s = flat.square_size();
    let p = pixel(&rgba, W, at[0], at[1] + 0.15 * s);
    assert!(p[0] > 200 && p[1] > 200, "{p:?}");
    // Flipped: the white king a1... sits in the top row of its board now, so the
    // bottom-right square of the bottom-left board holds White's rook a1[0,0].
    let a1 = flat.square_rect(sq(0, 0, 0, 0)).unwrap();
    let b = flat.board_rect(0, 0);
    assert!((a1.x + a1.w - (b.x + b.w)).abs() < 1e-3 && (a1.y - b.y).abs() < 1e-3);
    let c = a1.centre() + Vec2::new(0.0, 0.15 * s);
    let p = pixel(&rgba, W, c.x, c.y);
    assert!(p[0] > 200 && p[1] > 200, "white rook on flipped a1: {p:?}");
}

#[test]
fn raumschach_flat_boards_wrap_beside_the_tesseract() {
    let Some(mut r) = offscreen(W, H) else { return };
    let mut scene = Scene::empty([5, 5, 5, 1]);
    scene.pieces = (0..5u16)
        .map(|z| ScenePiece {
            square: 25 * z + 12,
            glyph: 'K',
            white: true,
        })
        .collect();
    let rgba = r.render(&scene).unwrap().to_vec();
    save("raumschach_both.png", W, H, &rgba);
    let flat = FlatLayout::new(
        BoardGeometry::new(scene.shape).unwrap(),
        layout(scene.view, AREA).flat.unwrap(),
    );
    assert!(flat.grid()[1] > 1, "{:?}", flat.grid());
    assert!(flat.square_size() > 20.0, "{}", flat.square_size());
    for piece in &scene.pieces {
        let c =
            flat.square_centre(piece.square).unwrap() + Vec2::new(0.0, 0.15 * flat.square_size());
        let p = pixel(&rgba, W, c.x, c.y);
        assert!(
            p[0] > 200 && p[1] > 200,
            "king on layer {}: {p:?}",
            piece.square / 25
        );
    }
}

#[test]
fn a_fitted_camera_keeps_the_tesseract_whole_in_a_tall_picture() {
    let (w, h) = (560u32, 900u32);
    let Some(mut r) = offscreen(w, h) else { return };
    let area = Rect::new(0.0, 0.0, w as f32, h as f32);
    let mut scene = full_start();
    let t = layout(scene.view, area).tesseract.unwrap();
    // Anything but background in the tesseract's outermost columns means clipping.
    let edge_ink = |rgba: &[u8]| {
        (0..h)
            .flat_map(|y| [(t.x + 1.0, y), (t.x + t.w - 4.0, y)])
            .filter(|&(x, y)| !near(pixel(rgba, w, x, y as f32), BACKGROUND, 12))
            .count()
    };
    let rgba = r.render(&scene).unwrap().to_vec();
    save("tall_unfitted.png", w, h, &rgba);
    assert!(edge_ink(&rgba) > 0, "the plain camera clips here");
    scene.camera = scene.camera.fitted(t);
    let rgba = r.render(&scene).unwrap().to_vec();
    save("tall_fitted.png", w, h, &rgba);
    assert_eq!(edge_ink(&rgba), 0);
    scene.camera = Camera::default().fit(scene.shape, t);
    let rgba = r.render(&scene).unwrap().to_vec();
    save("tall_fit.png", w, h, &rgba);
    assert_eq!(edge_ink(&rgba), 0);
}
