//! Which picture each piece of a variant shows: the one its variant file gives it
//! (`picture = "unicorn"`, `{ path = "M ..." }` or `{ image = "dragon.png" }`, handed
//! out by the catalog with the variant), else the built-in one its name calls for (a
//! chancellor looks like one whatever its letter), else the letter on a disc. The
//! session keeps what it resolved until the variant's file is read again, so an image
//! is read from disk once, not every frame.

use chess4d_core::VariantInfo;
use chess4d_render::{CUSTOM_SLOTS, CustomPicture, PieceImage};
use chess4d_variants::PiecePicture;
use std::sync::{Arc, Mutex};

/// The pictures of one variant's pieces, as a [`chess4d_render::Scene`] takes them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieceLooks {
    /// Built-in pictures by upper-case letter ([`chess4d_render::Scene::pictures`]).
    pub built_in: Vec<(char, PieceImage)>,
    /// The file's own outlines and images by upper-case letter
    /// ([`chess4d_render::Scene::own_pictures`]).
    pub own: Vec<(char, Arc<CustomPicture>)>,
}

/// The pictures of `info`'s pieces, given the pictures its file gives (`given`, as
/// [`chess4d_variants::Catalog::pictures`] hands them out). Images are read here; one
/// that cannot be read is reported and its piece keeps the picture its name gives.
///
/// # Examples
///
/// ```
/// use chess4d::session::piece_images::piece_looks;
/// use chess4d_render::PieceImage;
/// let catalog = chess4d_variants::Catalog::embedded();
/// let full = catalog.get("full").unwrap();
/// let looks = piece_looks(full.info(), &catalog.pictures("full"));
/// assert!(looks.built_in.contains(&('N', PieceImage::Knight)));
/// assert!(looks.own.is_empty());
/// ```
pub fn piece_looks(info: &VariantInfo, given: &[(char, PiecePicture)]) -> PieceLooks {
    let mut looks = PieceLooks::default();
    for (letter, picture) in given {
        match picture {
            PiecePicture::BuiltIn(name) => {
                if let Some(image) = PieceImage::for_name(name) {
                    looks.built_in.push((*letter, image));
                }
            }
            // A renderer holds CUSTOM_SLOTS pictures of a scene's own: the pieces past
            // them keep the picture their name gives, drawn and picked alike.
            PiecePicture::Outline(_) | PiecePicture::Image(_)
                if looks.own.len() >= usize::from(CUSTOM_SLOTS) =>
            {
                eprintln!(
                    "warning: piece {letter}'s picture: a variant shows at most {CUSTOM_SLOTS} \
                     pictures of its own"
                );
            }
            PiecePicture::Outline(shapes) => looks
                .own
                .push((*letter, Arc::new(CustomPicture::Outline(shapes.clone())))),
            PiecePicture::Image(path) => match CustomPicture::from_png(path) {
                Ok(picture) => looks.own.push((*letter, Arc::new(picture))),
                Err(e) => eprintln!("warning: piece {letter}'s picture: {e}"),
            },
        }
    }
    for p in &info.pieces {
        let letter = p.letter.to_ascii_uppercase();
        let given = |l: &char| *l == letter;
        if looks.built_in.iter().any(|(l, _)| given(l)) || looks.own.iter().any(|(l, _)| given(l)) {
            continue;
        }
        let image = PieceImage::for_name(&p.name).unwrap_or(PieceImage::Letter);
        looks.built_in.push((letter, image));
    }
    looks
}

/// The pictures a variant's file gives, as the catalog hands them out.
type Given = Arc<[(char, PiecePicture)]>;

/// The pieces looks were resolved for: the variant's name and its pieces' letters and
/// names (a reloaded file may keep the old rules on the board for a while).
type Pieces = (String, Vec<(char, String)>);

/// What the session last resolved: for which pieces and which of their file's pictures.
#[derive(Debug, Default)]
pub(crate) struct LooksCache {
    last: Mutex<Option<(Pieces, Given, PieceLooks)>>,
}

impl LooksCache {
    /// The looks of `info`'s pieces given its file's pictures, resolved again only when
    /// the variant or the pictures (a new read of its file) changed.
    pub(crate) fn get(&self, info: &VariantInfo, given: Given) -> PieceLooks {
        let Ok(mut last) = self.last.lock() else {
            return piece_looks(info, &given);
        };
        let same_pieces = |(name, pieces): &Pieces| {
            *name == info.name
                && pieces.len() == info.pieces.len()
                && pieces
                    .iter()
                    .zip(&info.pieces)
                    .all(|((l, n), p)| *l == p.letter && *n == p.name)
        };
        if let Some((pieces, from, looks)) = &*last
            && same_pieces(pieces)
            && (Arc::ptr_eq(from, &given) || from.is_empty() && given.is_empty())
        {
            return looks.clone();
        }
        let looks = piece_looks(info, &given);
        let pieces = info.pieces.iter().map(|p| (p.letter, p.name.clone()));
        *last = Some(((info.name.clone(), pieces.collect()), given, looks.clone()));
        looks
    }
}
