//! A piece's `picture`: a built-in name that does not exist (with "did you mean"), a
//! path that does not read (at its line and column), an image file that is not there.

use super::raw::{Doc, Table, entry, string, table};
use super::{Finding, Kind, suggest};
use crate::picture::{BUILT_IN_PICTURES, image_path};

/// Checks one piece's `picture`, if it has one.
pub(super) fn check(doc: &Doc, piece: &Table, out: &mut Vec<Finding>) {
    let Some((_, v)) = entry(piece, "picture") else {
        return;
    };
    if let Some(name) = string(v) {
        let key = name.trim().to_ascii_lowercase();
        if !BUILT_IN_PICTURES.contains(&key.as_str()) {
            let hint = suggest::closest(&key, &BUILT_IN_PICTURES)
                .map(|n| format!("did you mean \"{n}\"? "))
                .unwrap_or_default();
            out.push(doc.at(
                Kind::Invalid,
                v.span(),
                format!(
                    "no built-in picture is called \"{name}\": {hint}the pictures are {}; or give your own with {{ path = \"M ...\" }} or {{ image = \"file.png\" }}",
                    BUILT_IN_PICTURES.join(", ")
                ),
            ));
        }
        return;
    }
    let Some(own) = table(v) else { return };
    for (k, _) in own.iter() {
        let key: &str = k.get_ref();
        if key != "path" && key != "image" {
            let hint = suggest::closest(key, &["path", "image"])
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            out.push(doc.at(
                Kind::UnknownKey,
                k.span(),
                format!("unknown key `{key}` in a picture: it has `path` or `image`{hint}"),
            ));
            return;
        }
    }
    let path = entry(own, "path");
    let image = entry(own, "image");
    if path.is_some() == image.is_some() {
        out.push(doc.at(
            Kind::Invalid,
            v.span(),
            "picture = { path = \"M ...\" } or { image = \"file.png\" }: exactly one of them",
        ));
        return;
    }
    if let Some((_, d)) = path
        && let Some(text) = string(d)
        && let Err(e) = crate::parse_svg_path(text)
    {
        // Into the string, past its opening quote.
        let at = d.span().start + 1 + e.offset;
        out.push(doc.at(
            Kind::Invalid,
            at..at + 1,
            format!("picture path: {}", e.message),
        ));
    }
    if let Some((_, file)) = image
        && let Some(name) = string(file)
    {
        let found = image_path(doc.path, name);
        if !found.is_file() {
            out.push(doc.at(
                Kind::MissingPicture,
                file.span(),
                format!(
                    "picture image {} is not there (images are looked for beside the variant file): the piece shows its letter instead",
                    found.display()
                ),
            ));
        }
    }
}
