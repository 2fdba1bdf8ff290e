//! Which picture each piece of a variant shows: the one its variant file gives it
//! (`picture = "unicorn"`, `{ path = "M ..." }` or `{ image = "dragon.png" }`), else the
//! built-in one its name calls for (a chancellor looks like one whatever its letter),
//! else the letter on a disc.

use chess4d_core::VariantInfo;
use chess4d_render::{CustomPicture, PieceImage, register_picture};
use chess4d_variants::{PiecePicture, piece_pictures};
use std::collections::HashMap;
use std::sync::Mutex;

/// One `(letter, picture)` per piece of the variant, for [`chess4d_render::Scene::pictures`].
///
/// # Examples
///
/// ```
/// use chess4d::session::piece_images::piece_images;
/// use chess4d_render::PieceImage;
/// let catalog = chess4d_variants::Catalog::embedded();
/// let full = catalog.get("full").unwrap();
/// let table = piece_images(full.info());
/// assert!(table.contains(&('N', PieceImage::Knight)));
/// ```
pub fn piece_images(info: &VariantInfo) -> Vec<(char, PieceImage)> {
    let own = own_pictures(&info.name);
    info.pieces
        .iter()
        .map(|p| {
            let letter = p.letter.to_ascii_uppercase();
            let image = own
                .iter()
                .find(|(c, _)| *c == letter)
                .map(|&(_, image)| image)
                .or_else(|| PieceImage::for_name(&p.name))
                .unwrap_or(PieceImage::Letter);
            (letter, image)
        })
        .collect()
}

/// What one variant's file gives, and the pictures that made.
type Resolved = (Vec<(char, PiecePicture)>, Vec<(char, PieceImage)>);

/// By variant name: the file's pictures as last resolved. The scene asks every frame;
/// an image is read and registered only when the file's pictures change.
static RESOLVED: Mutex<Option<HashMap<String, Resolved>>> = Mutex::new(None);

/// The pictures the variant's file gives its pieces, by upper-case letter (those that
/// cannot be drawn — an unknown name, an unreadable image — are left out).
fn own_pictures(variant: &str) -> Vec<(char, PieceImage)> {
    let given = piece_pictures(variant);
    if given.is_empty() {
        return Vec::new();
    }
    let Ok(mut cache) = RESOLVED.lock() else {
        return resolve(&given);
    };
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some((from, images)) = cache.get(variant)
        && *from == given
    {
        return images.clone();
    }
    let images = resolve(&given);
    cache.insert(variant.to_string(), (given, images.clone()));
    images
}

fn resolve(given: &[(char, PiecePicture)]) -> Vec<(char, PieceImage)> {
    given
        .iter()
        .filter_map(|(letter, picture)| {
            let image = match picture {
                PiecePicture::BuiltIn(name) => PieceImage::for_name(name)?,
                PiecePicture::Outline(shapes) => {
                    register_picture(&CustomPicture::Outline(shapes.clone()))?
                }
                PiecePicture::Image(path) => match CustomPicture::from_png(path) {
                    Ok(picture) => register_picture(&picture)?,
                    Err(e) => {
                        eprintln!("warning: piece {letter}'s picture: {e}");
                        return None;
                    }
                },
            };
            Some((*letter, image))
        })
        .collect()
}
