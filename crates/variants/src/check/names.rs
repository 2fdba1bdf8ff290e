//! Catalog names: a file whose variant name another file already uses, or that hides a
//! built-in variant; and which `.toml` files are variant files at all.

use super::raw::Doc;
use super::{Finding, Kind};
use std::path::{Path, PathBuf};

/// Whether TOML text is a variant file (it has a `[variant]` table), so that a
/// plugin crate's `Cargo.toml` or other TOML beside the variants is left alone. Text
/// that is not TOML counts when it has a `[variant]` line: a variant file with a slip.
pub fn is_variant_text(text: &str) -> bool {
    match Doc::parse(text, "") {
        Some(doc) => doc.section("variant").is_some(),
        None => text.lines().any(|l| l.trim() == "[variant]"),
    }
}

/// What a file's `[variant]` table says, read before the file is built: the catalog
/// reads every file but builds only the variants it plays.
pub(crate) enum Header {
    /// Not TOML.
    Unreadable,
    /// TOML without a `[variant]` table: not a variant file.
    NotVariant,
    /// A rule plugin's file.
    Plugin,
    /// A table variant, with the name it gives.
    Table(Option<String>),
}

pub(crate) fn header(text: &str) -> Header {
    let Some(doc) = Doc::parse(text, "") else {
        return Header::Unreadable;
    };
    match doc.section("variant") {
        None => Header::NotVariant,
        Some(v) if super::raw::entry(v, "plugin").is_some() => Header::Plugin,
        Some(_) => Header::Table(doc.name().map(|(n, _)| n)),
    }
}

/// The variant name a file gives, if it is a variant file that says one.
pub fn variant_name(text: &str) -> Option<String> {
    Doc::parse(text, "")?.name().map(|(n, _)| n)
}

/// The findings about a file's name: an error if another variant file in `dirs` gives
/// the same name, a warning if it replaces a built-in variant (unless it is the
/// built-in's own text, as the shipped `variants/` directory holds).
pub fn name_collisions(path: &Path, text: &str, shown: &str, dirs: &[PathBuf]) -> Vec<Finding> {
    let Some(doc) = Doc::parse(text, shown) else {
        return Vec::new();
    };
    let Some((name, span)) = doc.name() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let builtin = crate::EMBEDDED
        .iter()
        .find(|(_, t)| variant_name(t).as_deref() == Some(&name));
    if let Some((_, builtin_text)) = builtin
        && *builtin_text != text
    {
        out.push(doc.at(
            Kind::ShadowsBuiltIn,
            span.clone(),
            built_in_message(&name, "this file"),
        ));
    }
    let me = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut seen = Vec::new();
    for dir in dirs {
        for other in variant_files(dir) {
            let key = other.canonicalize().unwrap_or_else(|_| other.clone());
            if key == me || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let Ok(other_text) = std::fs::read_to_string(&other) else {
                continue;
            };
            if variant_name(&other_text).as_deref() == Some(&name) {
                // Files of one folder are read in name order and the last one read
                // stays; across folders the order is the search path's.
                let same_folder = other.parent() == path.parent();
                let message = if same_folder && other.as_path() > path {
                    collision_message(&name, &other.display().to_string(), "this file")
                } else if same_folder {
                    collision_message(&name, "this file", &other.display().to_string())
                } else {
                    format!(
                        "\"{name}\" is also the name of {}: the catalog keeps the one it reads last \
                         and hides the other; rename one of them",
                        other.display()
                    )
                };
                out.push(doc.at(Kind::NameCollision, span.clone(), message));
            }
        }
    }
    out
}

/// What `check` and the catalog both say of two files with one name: which one the
/// catalog keeps and which it hides.
pub(crate) fn collision_message(name: &str, kept: &str, hidden: &str) -> String {
    format!(
        "\"{name}\" is the name of two variant files: the catalog keeps {kept} and hides {hidden}; rename one of them"
    )
}

/// What `check` and the catalog both say of a file that takes a built-in's name.
pub(crate) fn built_in_message(name: &str, file: &str) -> String {
    format!(
        "\"{name}\" is the name of a built-in variant: the catalog keeps {file} and hides the built-in"
    )
}

/// The `*.toml` files of a directory, sorted (not read yet).
pub(crate) fn variant_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}
