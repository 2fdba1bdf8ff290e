//! The built-in piece pictures, drawn off-screen and saved under `target/pictures/`
//! (or `CHESS4D_PICTURES`) for people to look at: every picture in White's and
//! Black's colours on a flat board, and a variant whose pieces get theirs by name.
//! Checked by their pixels: each square shows a piece, and no two pictures look
//! alike. No adapter: SKIPPED, or a failure when `CI` is set.

use chess4d::session::piece_images::piece_images;
use chess4d_render::{
    BoardGeometry, FlatLayout, OffscreenRenderer, PieceImage, Rect, Scene, ScenePiece, View, layout,
};
use chess4d_variants::Catalog;

const W: u32 = 1000;
const H: u32 = 640;

fn renderer() -> Option<OffscreenRenderer> {
    crate::pictures_kit::renderer(W, H)
}

fn save(name: &str, rgba: &[u8]) {
    crate::pictures_kit::save(name, (W, H), rgba)
}

/// The pixels of one square of the flat board, as grey levels.
fn crop(rgba: &[u8], r: Rect) -> Vec<u8> {
    let mut out = Vec::new();
    for y in r.y as u32 + 2..(r.y + r.h) as u32 - 2 {
        for x in r.x as u32 + 2..(r.x + r.w) as u32 - 2 {
            let p = &rgba[((y * W + x) * 4) as usize..][..3];
            out.push(((u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3) as u8);
        }
    }
    out
}

#[test]
fn every_piece_picture_in_both_colours() {
    let Some(mut r) = renderer() else { return };
    let images = PieceImage::DRAWN;
    let shape = [10, 4, 1, 1];
    // Letters A.. each shown as one picture; White on ranks 1-2, Black on 3-4.
    let letter = |i: usize| char::from(b'A' + i as u8);
    let pieces = (0..images.len())
        .flat_map(|i| {
            let white = ScenePiece {
                square: i as u16,
                glyph: letter(i),
                white: true,
            };
            let black = ScenePiece {
                square: (i + 20) as u16,
                white: false,
                ..white
            };
            [white, black]
        })
        .collect();
    let scene = Scene {
        pieces,
        view: View::Flat,
        pictures: (0..images.len()).map(|i| (letter(i), images[i])).collect(),
        ..Scene::empty(shape)
    };
    let rgba = r.render(&scene).unwrap().to_vec();
    save("piece-pictures.png", &rgba);
    let area = Rect::new(0.0, 0.0, W as f32, H as f32);
    let flat = FlatLayout::new(
        BoardGeometry::new(shape).unwrap(),
        layout(View::Flat, area).flat.unwrap(),
    );
    let empty = crop(&rgba, flat.square_rect(19).unwrap());
    let squares: Vec<Vec<u8>> = (0..images.len())
        .map(|i| crop(&rgba, flat.square_rect(i as u16).unwrap()))
        .collect();
    let differing = |a: &[u8], b: &[u8]| {
        a.iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 60)
            .count()
    };
    for (i, a) in squares.iter().enumerate() {
        assert!(
            differing(a, &empty) > a.len() / 12,
            "{:?} shows nothing",
            images[i]
        );
        for (j, b) in squares.iter().enumerate().skip(i + 1) {
            // Neighbouring squares alternate colour: compare like with like only.
            if (i + j) % 2 == 0 {
                assert!(
                    differing(a, b) > a.len() / 60,
                    "{:?} and {:?} look alike",
                    images[i],
                    images[j]
                );
            }
        }
    }
}

#[test]
fn a_variant_s_pieces_get_their_pictures_by_name() {
    let catalog = Catalog::embedded();
    let full = catalog.get("full").unwrap();
    let table = piece_images(full.info());
    for (letter, image) in [
        ('K', PieceImage::King),
        ('Q', PieceImage::Queen),
        ('R', PieceImage::Rook),
        ('B', PieceImage::Bishop),
        ('N', PieceImage::Knight),
        ('P', PieceImage::Pawn),
    ] {
        assert!(table.contains(&(letter, image)), "{letter}");
    }
    let Some(mut r) = renderer() else { return };
    let mut catalog = Catalog::embedded();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/variants/hypercube.toml"
    );
    let name = catalog.add_file(std::path::Path::new(path)).name.clone();
    let s = chess4d::session::Session::new(catalog, &name).unwrap();
    let scene = s.scene(
        View::Both,
        chess4d_render::Camera::for_shape(s.rules().info().shape.sizes()),
    );
    assert!(scene.pictures.iter().any(|p| p.1 == PieceImage::Nightrider));
    save("hypercube-pictures.png", r.render(&scene).unwrap());
}

/// The example whose file gives its pieces pictures in all three ways: a built-in
/// silhouette by name (the locust as a grasshopper), an SVG path (the rose) and an
/// image beside the file (the dragon). Each is drawn, and differs from the letter on a
/// disc the same piece shows without it.
#[test]
fn a_variant_file_s_own_pictures_are_drawn() {
    let mut catalog = Catalog::embedded();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/variants/own-pictures.toml"
    );
    let name = catalog.add_file(std::path::Path::new(path)).name.clone();
    let rules = catalog.get(&name).unwrap();
    let table = piece_images(rules.info());
    let image_of = |c: char| table.iter().find(|p| p.0 == c).map(|p| p.1);
    assert_eq!(image_of('L'), Some(PieceImage::Grasshopper));
    assert!(matches!(image_of('O'), Some(PieceImage::Custom(_))));
    assert!(matches!(image_of('D'), Some(PieceImage::Custom(_))));
    assert_ne!(image_of('O'), image_of('D'));
    assert_eq!(image_of('K'), Some(PieceImage::King));
    let Some(mut r) = renderer() else { return };
    let shape = [6, 2, 1, 1];
    // White locust, rose, dragon on a1, c1, e1 (dark squares), Black's on b2, d2, f2.
    let letters = ['L', 'O', 'D'];
    let pieces: Vec<ScenePiece> = letters
        .iter()
        .enumerate()
        .flat_map(|(i, &glyph)| {
            let white = ScenePiece {
                square: (2 * i) as u16,
                glyph,
                white: true,
            };
            let black = ScenePiece {
                square: (2 * i + 7) as u16,
                glyph,
                white: false,
            };
            [white, black]
        })
        .collect();
    let scene = |pictures: Vec<(char, PieceImage)>| Scene {
        pieces: pieces.clone(),
        view: View::Flat,
        pictures,
        ..Scene::empty(shape)
    };
    let own = r.render(&scene(table.clone())).unwrap().to_vec();
    save("own-pictures.png", &own);
    let discs = r
        .render(&scene(
            letters.iter().map(|&c| (c, PieceImage::Letter)).collect(),
        ))
        .unwrap()
        .to_vec();
    save("own-pictures-as-letters.png", &discs);
    let area = Rect::new(0.0, 0.0, W as f32, H as f32);
    let flat = FlatLayout::new(
        BoardGeometry::new(shape).unwrap(),
        layout(View::Flat, area).flat.unwrap(),
    );
    let differing = |a: &[u8], b: &[u8]| {
        a.iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 60)
            .count()
    };
    let empty = crop(&own, flat.square_rect(6).unwrap());
    let mut shown = Vec::new();
    for (i, letter) in letters.iter().enumerate() {
        for square in [2 * i as u16, 2 * i as u16 + 7] {
            let rect = flat.square_rect(square).unwrap();
            let (a, b) = (crop(&own, rect), crop(&discs, rect));
            assert!(
                differing(&a, &b) > a.len() / 12,
                "{letter} on square {square} looks like its letter on a disc"
            );
            if square < 6 {
                assert!(
                    differing(&a, &empty) > a.len() / 12,
                    "{letter} shows nothing"
                );
                shown.push(a);
            }
        }
    }
    // The three pictures (on squares of one colour) differ from each other.
    for i in 0..shown.len() {
        for j in i + 1..shown.len() {
            assert!(
                differing(&shown[i], &shown[j]) > shown[i].len() / 20,
                "{} and {} look alike",
                letters[i],
                letters[j]
            );
        }
    }
}

/// The names a variant file may give (the variants crate cannot see the renderer) are
/// exactly the renderer's pictures.
#[test]
fn the_picture_names_a_file_may_use_are_the_renderer_s() {
    for name in chess4d_variants::BUILT_IN_PICTURES {
        let image = PieceImage::for_name(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(image.name(), name);
    }
    for image in PieceImage::DRAWN {
        assert!(
            chess4d_variants::BUILT_IN_PICTURES.contains(&image.name()),
            "{image:?}"
        );
    }
}
