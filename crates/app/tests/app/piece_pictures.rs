//! The built-in piece pictures, drawn off-screen and saved under `target/pictures/`
//! (or `CHESS4D_PICTURES`) for people to look at: every picture in White's and
//! Black's colours on a flat board, and a variant whose pieces get theirs by name.
//! Checked by their pixels: each square shows a piece, and no two pictures look
//! alike. No adapter: SKIPPED, or a failure when `CI` is set.

use chess4d::session::piece_images::{PieceLooks, piece_looks};
use chess4d_render::{
    BoardGeometry, CustomPicture, FlatLayout, OffscreenRenderer, PieceImage, Rect, Scene,
    ScenePiece, View, layout,
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
    let table = piece_looks(full.info(), &catalog.pictures("full")).built_in;
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
    let looks = piece_looks(rules.info(), &catalog.pictures(&name));
    let image_of = |c: char| looks.built_in.iter().find(|p| p.0 == c).map(|p| p.1);
    let own_of = |c: char| looks.own.iter().find(|p| p.0 == c).map(|p| p.1.clone());
    assert_eq!(image_of('L'), Some(PieceImage::Grasshopper));
    assert!(matches!(
        own_of('O').as_deref(),
        Some(CustomPicture::Outline(_))
    ));
    assert!(matches!(
        own_of('D').as_deref(),
        Some(CustomPicture::Image { .. })
    ));
    assert_eq!((image_of('O'), image_of('D')), (None, None));
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
    let scene = |looks: PieceLooks| Scene {
        pieces: pieces.clone(),
        view: View::Flat,
        pictures: looks.built_in,
        own_pictures: looks.own,
        ..Scene::empty(shape)
    };
    let own = r.render(&scene(looks.clone())).unwrap().to_vec();
    save("own-pictures.png", &own);
    let discs = r
        .render(&scene(PieceLooks {
            built_in: letters.iter().map(|&c| (c, PieceImage::Letter)).collect(),
            own: Vec::new(),
        }))
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

/// A variant file like `own-pictures.toml` whose dragon `D` is the outline `path`.
fn dragon_variant(dir: &std::path::Path, name: &str, path: &str) -> std::path::PathBuf {
    let text = format!(
        "[variant]\nname = \"{name}\"\nboard = [4, 4]\nstart = \"k3/4/4/D2K w - - 0 1\"\n\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nroyal = true\nmoves = [{{ step = [1, 2] }}]\n\n\
         [[piece]]\nletter = \"D\"\nname = \"dragon\"\nvalue = 500\n\
         picture = {{ path = \"{path}\" }}\nmoves = [{{ leap = [2, 1] }}]\n"
    );
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, text).unwrap();
    file
}

/// The dragon's square (a1) of a session's scene drawn by `r`.
fn dragon_square(r: &mut OffscreenRenderer, catalog: Catalog, name: &str) -> Vec<u8> {
    let s = chess4d::session::Session::new(catalog, name).unwrap();
    let scene = Scene {
        view: View::Flat,
        ..s.scene(View::Flat, Default::default())
    };
    let rgba = r.render(&scene).unwrap().to_vec();
    let area = Rect::new(0.0, 0.0, W as f32, H as f32);
    let flat = FlatLayout::new(
        BoardGeometry::new(scene.shape).unwrap(),
        layout(View::Flat, area).flat.unwrap(),
    )
    .flipped(scene.flip);
    crop(&rgba, flat.square_rect(0).unwrap())
}

/// Pictures belong to their variant, not to a letter or a process: two variants whose
/// `D` is drawn differently show two pictures, and one renderer showing twenty such
/// variants in turn draws every one of them (the atlas has nine cells for pictures of
/// a variant's own; cells no longer shown are given to the next variant).
#[test]
fn one_letter_two_variants_two_pictures_and_twenty_variants_in_one_renderer() {
    let Some(mut r) = renderer() else { return };
    let dir = tempfile_dir("own-pictures-twenty");
    // Twenty triangles, pointing up (apex at the top centre) and leaning ever more.
    let path = |k: usize| {
        let x = 0.1 + 0.8 * k as f32 / 19.0;
        format!("M 0.1 0.1 L 0.9 0.1 L {x} 0.9 Z")
    };
    let mut catalog = Catalog::embedded();
    for k in 0..20 {
        dragon_variant(&dir, &format!("dragons{k}"), &path(k));
    }
    catalog.add_dir(&dir);
    // The disc with a D that a dragon without a picture shows.
    let disc_dir = tempfile_dir("own-pictures-disc");
    let plain = std::fs::read_to_string(dir.join("dragons0.toml"))
        .unwrap()
        .replace("name = \"dragons0\"", "name = \"plain\"");
    let plain: String = plain
        .lines()
        .filter(|l| !l.starts_with("picture"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(disc_dir.join("plain.toml"), plain).unwrap();
    catalog.add_dir(&disc_dir);
    let disc = dragon_square(&mut r, catalog.clone(), "plain");
    let differing = |a: &[u8], b: &[u8]| {
        a.iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 60)
            .count()
    };
    let mut seen: Vec<Vec<u8>> = Vec::new();
    for k in 0..20 {
        let square = dragon_square(&mut r, catalog.clone(), &format!("dragons{k}"));
        assert!(
            differing(&square, &disc) > square.len() / 12,
            "variant {k}: the dragon is drawn as its letter, not its picture"
        );
        seen.push(square);
    }
    // Same letter, other variant, other picture: the first and the last lean apart.
    assert!(
        differing(&seen[0], &seen[19]) > seen[0].len() / 20,
        "two variants' D look alike"
    );
    // Back to the first: its picture again.
    let again = dragon_square(&mut r, catalog, "dragons0");
    assert!(differing(&again, &seen[0]) < seen[0].len() / 100);
}

/// A new empty folder under the target directory.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target"))
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
