//! Which built-in picture each piece of a variant shows: chosen by the piece's name
//! (a chancellor looks like one whatever its letter), the letter on a disc for a name
//! the renderer has no picture for.

use chess4d_core::VariantInfo;
use chess4d_render::PieceImage;

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
    info.pieces
        .iter()
        .map(|p| {
            let image = PieceImage::for_name(&p.name).unwrap_or(PieceImage::Letter);
            (p.letter.to_ascii_uppercase(), image)
        })
        .collect()
}
