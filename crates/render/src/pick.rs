//! Picking what is drawn on top: a piece's silhouette in the tesseract, the nearest to
//! the eye, tested against the same sprite rectangle and the same atlas mask the GPU
//! draws with; only where no piece is hit does the pointer fall through to the tiles.

use glam::{Vec2, Vec3};

use crate::atlas::{ATLAS_SIZE, atlas, scene_piece_uv};
use crate::projection::{BoardGeometry, Projector, pick_tesseract};
use crate::scene::Scene;

/// Half-size of a piece sprite in the tesseract, as a share of its cell's projected
/// radius. Smaller than the cell so neighbouring pieces leave air between them.
pub(crate) const PIECE_SPRITE: f32 = 0.84;

/// Silhouette coverage (0..255, the atlas' R channel) above which a pixel is the piece.
const SOLID: u8 = 110;

/// Where a piece on `square` is drawn in the tesseract: pixel centre with depth, and
/// the sprite's half-size in pixels.
pub(crate) fn piece_sprite(
    board: &BoardGeometry,
    proj: &Projector,
    square: u16,
) -> Option<(Vec3, f32)> {
    let c = board.centre_4d(square)?;
    let p = proj.project(c)?;
    Some((p, proj.cell_radius_px(board, c) * PIECE_SPRITE))
}

/// Where every piece of `scene` is drawn in the tesseract (in the scene's order), as
/// [`piece_sprite`] places it.
pub(crate) fn piece_sprites(
    board: &BoardGeometry,
    proj: &Projector,
    scene: &Scene,
) -> Vec<Option<(Vec3, f32)>> {
    let mut sprites: Vec<Option<(Vec3, f32)>> = scene
        .pieces
        .iter()
        .map(|p| piece_sprite(board, proj, p.square))
        .collect();
    if sprites.len() > CROWD_LIMIT {
        return sprites;
    }
    // Where the projection crowds pieces together (a 4D turn folding layers onto each
    // other), each piece shrinks to fit the room to its nearest neighbour on screen, so
    // the silhouettes stay apart instead of hiding each other.
    let room: Vec<f32> = sprites
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let Some((a, _)) = a else { return f32::MAX };
            sprites
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .filter_map(|(_, b)| b.map(|(b, _)| a.truncate().distance(b.truncate())))
                .fold(f32::MAX, f32::min)
        })
        .collect();
    for (sprite, room) in sprites.iter_mut().zip(room) {
        if let Some((_, half)) = sprite {
            let floor = *half * CROWD_FLOOR;
            *half = half.min((room * CROWD_ROOM).max(floor));
        }
    }
    sprites
}

/// Most pieces for which crowding is looked at (the test is quadratic).
const CROWD_LIMIT: usize = 512;
/// A crowded piece's half-size as a share of the distance to its nearest neighbour.
const CROWD_ROOM: f32 = 0.95;
/// The smallest a crowded piece gets, as a share of its uncrowded size.
const CROWD_FLOOR: f32 = 0.45;

/// Whether pixel `pos` falls on the picture of `scene`'s piece letter `glyph` drawn as
/// a sprite at `centre` with half-size `half`: a picture of the scene's own is asked
/// itself, a built-in one is read from the atlas.
pub(crate) fn on_piece(scene: &Scene, glyph: char, centre: Vec3, half: f32, pos: Vec2) -> bool {
    let upper = glyph.to_ascii_uppercase();
    let own = scene
        .own_pictures
        .iter()
        .find(|(c, _)| c.to_ascii_uppercase() == upper);
    match own {
        Some((_, picture)) if !scene.tiles => sprite_point(centre, half, pos)
            .is_some_and(|p| crate::custom_pictures::covers(picture, p)),
        _ => on_silhouette(
            scene_piece_uv(&scene.pictures, &[], glyph),
            centre,
            half,
            pos,
        ),
    }
}

/// Where pixel `pos` falls in a sprite at `centre` with half-size `half` (0 to 1, y
/// down), if inside it.
fn sprite_point(centre: Vec3, half: f32, pos: Vec2) -> Option<Vec2> {
    if half <= 0.0 {
        return None;
    }
    let local = (pos - (centre.truncate() - Vec2::splat(half))) / (2.0 * half);
    ((0.0..1.0).contains(&local.x) && (0.0..1.0).contains(&local.y)).then_some(local)
}

/// Whether pixel `pos` falls on the silhouette at atlas rectangle `uv` drawn as a
/// sprite at `centre` with half-size `half`.
pub(crate) fn on_silhouette(uv: [f32; 4], centre: Vec3, half: f32, pos: Vec2) -> bool {
    let Some(local) = sprite_point(centre, half, pos) else {
        return false;
    };
    let [u0, v0, u1, v1] = uv;
    let size = ATLAS_SIZE as f32;
    let tx = ((u0 + (u1 - u0) * local.x) * size) as usize;
    let ty = ((v0 + (v1 - v0) * local.y) * size) as usize;
    let side = ATLAS_SIZE as usize;
    atlas()
        .levels
        .first()
        .and_then(|level| level.get((ty.min(side - 1) * side + tx.min(side - 1)) * 4))
        .is_some_and(|&r| r > SOLID)
}

/// The square of the piece whose drawn silhouette covers `pos` in the tesseract,
/// nearest to the eye; pieces of a faint (not focused) W layer lose to any piece of
/// the focused one.
pub fn pick_tesseract_piece(
    board: &BoardGeometry,
    proj: &Projector,
    scene: &Scene,
    pos: Vec2,
) -> Option<u16> {
    let faint = |square: u16| {
        let w = board.coords(square).map_or(0, |c| c[3]);
        scene.focus_w.is_some_and(|f| u32::from(f) != w)
    };
    let sprites = piece_sprites(board, proj, scene);
    scene
        .pieces
        .iter()
        .zip(sprites)
        .filter_map(|(piece, sprite)| {
            let (centre, half) = sprite?;
            on_piece(scene, piece.glyph, centre, half, pos).then_some((
                faint(piece.square),
                centre.z,
                piece.square,
            ))
        })
        .min_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, square)| square)
}

/// What a click at `pos` in the tesseract picks: a piece's silhouette first, else the
/// tile or square under the pointer.
pub fn pick_tesseract_scene(
    board: &BoardGeometry,
    proj: &Projector,
    scene: &Scene,
    pos: Vec2,
) -> Option<u16> {
    if !proj.rect().contains(pos) {
        return None;
    }
    pick_tesseract_piece(board, proj, scene, pos).or_else(|| pick_tesseract(board, proj, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::projection::Rect;
    use crate::scene::Camera;
    use crate::scene::ScenePiece;

    fn piece(square: u16, glyph: char) -> ScenePiece {
        ScenePiece {
            square,
            glyph,
            white: true,
        }
    }

    #[test]
    fn the_middle_of_every_silhouette_is_solid() {
        let letters = ['K', 'Q', 'R', 'B', 'N', 'P', 'U', 'T', '?'];
        let uvs = letters
            .iter()
            .map(|&g| (format!("{g}"), crate::atlas::piece_uv(g)))
            .chain(
                crate::PieceImage::DRAWN
                    .iter()
                    .map(|&i| (i.name().to_string(), crate::atlas::image_uv(i, 'X'))),
            );
        for (what, uv) in uvs {
            let c = Vec3::new(100.0, 100.0, 0.5);
            assert!(
                on_silhouette(uv, c, 20.0, Vec2::new(100.0, 100.0)),
                "{what}"
            );
            // A sprite's corner is empty space, not the piece.
            assert!(!on_silhouette(uv, c, 20.0, Vec2::new(81.0, 81.0)), "{what}");
        }
    }

    #[test]
    fn a_piece_in_front_wins_over_the_tile_behind_it() {
        let board = BoardGeometry::new([4, 4, 2, 2]).unwrap();
        let rect = Rect::new(0.0, 0.0, 1000.0, 700.0);
        let proj = Projector::new(&Camera::default(), rect);
        // Every square with a piece on it: the centre of each picks it.
        let scene = Scene {
            pieces: (0..64).map(|s| piece(s, 'P')).collect(),
            ..Scene::default()
        };
        let mut own = 0;
        for sq in 0..64u16 {
            let (c, _) = piece_sprite(&board, &proj, sq).unwrap();
            let got = pick_tesseract_scene(&board, &proj, &scene, c.truncate()).unwrap();
            if got == sq {
                own += 1;
            } else {
                // Only a nearer piece may take the click.
                let (other, _) = piece_sprite(&board, &proj, got).unwrap();
                assert!(other.z < c.z, "{sq} lost to {got}, which is farther");
            }
        }
        assert!(own > 32, "{own}");
    }
}
