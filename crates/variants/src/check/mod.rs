//! What a variant file means, beyond whether it parses: errors for what cannot work
//! (an axis the board lacks, a `range` that no movement uses, castling squares that do
//! not hold the king and its partner, a name that collides) and warnings for what is
//! legal but probably a mistake (a piece with no move from any square, pawns that never
//! move or promote, a setting with no effect, a zero value). Each finding is located at
//! the key it is about.
//!
//! [`check_text`] and [`check_file`] give the full report; loading a variant
//! ([`crate::parse_variant`]) stops at the same errors but computes no warnings.
//!
//! ```
//! let text = include_str!("../../../../variants/orthodox.toml");
//! let checked = chess4d_variants::check_text(text, "orthodox.toml");
//! assert!(checked.spec.is_ok());
//! assert!(checked.warnings.is_empty());
//! ```

mod castling;
mod ends;
mod hops;
mod movement;
mod names;
mod pictures;
mod play;
mod raw;
mod start;
mod suggest;

pub(crate) use suggest::distance;

pub(crate) use movement::directed_offsets;
pub(crate) use names::{Header, built_in_message, collision_message, header, variant_files};
pub use names::{is_variant_text, name_collisions, variant_name};
pub(crate) use start::start_text;

use crate::build::VariantSpec;
use crate::error::{LoadError, VariantFileError};
use std::fmt;
use std::path::Path;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The variant cannot work as written: it is not loaded.
    Error,
    /// Legal, but probably not what the author meant.
    Warning,
}

/// What a finding is about; [`Kind::code`] is its short name in tests and listings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Not TOML, or a value of the wrong type.
    Syntax,
    /// A key the schema does not have.
    UnknownKey,
    /// Any other error the loader reports (out-of-range values, a bad start position).
    Invalid,
    /// A movement or rule names an axis the board does not have (size 1 or absent).
    MissingAxis,
    /// A movement changes more axes than the board (or its `axes`) has.
    TooManyAxes,
    /// `range` on a movement that moves once (`step`, `leap`).
    RangeIgnored,
    /// A castling option whose king square does not hold that side's king.
    CastlingKing,
    /// A castling option whose partner square does not hold the piece it names.
    CastlingPartner,
    /// The variant's name is already another file's (the catalog keeps one of them).
    NameCollision,
    /// The variant's name hides a built-in variant.
    ShadowsBuiltIn,
    /// A piece with no move from any square of the board.
    NoMoves,
    /// A pawn in the start position that can never move.
    PawnStuck,
    /// Pawns that can never promote.
    NeverPromotes,
    /// A piece that only moves forward, so it ends stuck on the last rank, but is not a
    /// pawn (and so never promotes).
    ShouldPromote,
    /// A setting that changes nothing in this variant.
    NoEffect,
    /// A zero where zero is probably not meant (a piece's value, a draw rule's count).
    ZeroValue,
    /// A piece that is neither in the start position nor a promotion choice.
    UnusedPiece,
    /// A piece's picture is an image file that is not there (the piece keeps the
    /// picture its name gives, or its letter).
    MissingPicture,
    /// No royal piece and no rule that ends a game: every game would be drawn.
    NoEnd,
    /// A region whose `mirror` gives Black other squares than White's seen from
    /// Black's side.
    UnevenRegion,
    /// A setting that can never apply (a double-step rank no pawn ever stands on).
    Unreachable,
}

impl Kind {
    /// The short name of the kind (`missing-axis`), as the test corpus writes it.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Syntax => "syntax",
            Kind::UnknownKey => "unknown-key",
            Kind::Invalid => "invalid",
            Kind::MissingAxis => "missing-axis",
            Kind::TooManyAxes => "too-many-axes",
            Kind::RangeIgnored => "range-ignored",
            Kind::CastlingKing => "castling-king",
            Kind::CastlingPartner => "castling-partner",
            Kind::NameCollision => "name-collision",
            Kind::ShadowsBuiltIn => "shadows-built-in",
            Kind::NoMoves => "no-moves",
            Kind::PawnStuck => "pawn-stuck",
            Kind::NeverPromotes => "never-promotes",
            Kind::ShouldPromote => "should-promote",
            Kind::NoEffect => "no-effect",
            Kind::ZeroValue => "zero-value",
            Kind::UnusedPiece => "unused-piece",
            Kind::MissingPicture => "missing-picture",
            Kind::NoEnd => "no-end",
            Kind::UnevenRegion => "uneven-region",
            Kind::Unreachable => "unreachable",
        }
    }

    /// Whether findings of this kind stop the variant loading.
    pub fn severity(self) -> Severity {
        match self {
            Kind::Syntax
            | Kind::UnknownKey
            | Kind::Invalid
            | Kind::MissingAxis
            | Kind::TooManyAxes
            | Kind::RangeIgnored
            | Kind::CastlingKing
            | Kind::CastlingPartner
            | Kind::NoEnd => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// One error or warning, at a place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it is about.
    pub kind: Kind,
    /// Where it is, and the message.
    pub place: VariantFileError,
}

impl Finding {
    /// An error or warning at a byte range of the file's text.
    pub(crate) fn new(
        kind: Kind,
        path: &str,
        text: &str,
        span: std::ops::Range<usize>,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            kind,
            place: VariantFileError::spanned(path, text, span, message),
        }
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }
}

impl fmt::Display for Finding {
    /// `path:line:column: warning: message` with the line and a caret under the column
    /// (errors print as the loader prints them, without a prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.severity() {
            Severity::Error => self.place.fmt(f),
            Severity::Warning => {
                let mut shown = self.place.clone();
                shown.message = format!("warning: {}", shown.message);
                shown.fmt(f)
            }
        }
    }
}

/// The result of checking one variant file.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The variant, or the first error that stops it loading.
    pub spec: Result<VariantSpec, Finding>,
    /// What is legal but probably a mistake, in file order (empty when `spec` failed
    /// before the pieces could be judged).
    pub warnings: Vec<Finding>,
}

/// Checks variant text: the loader's errors plus what the file means. `path` is only
/// used in messages.
pub fn check_text(text: &str, path: &str) -> Checked {
    let Some(doc) = raw::Doc::parse(text, path) else {
        // Not TOML: the loader says where, and there is nothing more to judge.
        let spec = crate::build::build_variant(text, path).map_err(|e| {
            let mut f = suggest::explain(e, &[]);
            f.kind = Kind::Syntax;
            f
        });
        return Checked {
            spec,
            warnings: Vec::new(),
        };
    };
    let (errors, mut warnings) = doc.findings();
    if let Some(first) = errors.into_iter().next() {
        return Checked {
            spec: Err(first),
            warnings,
        };
    }
    let spec = crate::build::build_variant(text, path).map_err(|e| doc.explain(e));
    if let Ok(VariantSpec::Table(rules)) = &spec {
        warnings.extend(play::warnings(&doc, rules));
        ends::check_mirrors(&doc, rules, &mut warnings);
    }
    // A file may say that a warning is meant: `# check: allow zero-value` (any comment
    // line, one or more kind names).
    let mut allowed = allowed_warnings(text);
    // Shogi's promoted forms ([forms]) make pieces and promote them in ways the
    // promotion warnings do not follow yet: leave those warnings out there.
    if text.lines().any(|l| l.trim() == "[forms]") {
        allowed.extend(["never-promotes", "should-promote", "unused-piece"]);
    }
    warnings.retain(|w| !allowed.contains(&w.kind.code()));
    warnings.sort_by_key(|w| (w.place.line, w.place.column));
    Checked { spec, warnings }
}

/// The warning kinds a file's `# check: allow KIND ...` comments accept.
fn allowed_warnings(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix('#'))
        .filter_map(|l| l.trim_start().strip_prefix("check:"))
        .filter_map(|l| l.trim_start().strip_prefix("allow"))
        .flat_map(str::split_whitespace)
        .collect()
}

/// Checks a variant file, and that its name collides with no other variant file on
/// the catalog's search path (nor beside it). Only a file that cannot be read is an
/// `Err`.
pub fn check_file(path: &Path) -> Result<Checked, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
        path: path.display().to_string(),
        error,
    })?;
    let shown = path.display().to_string();
    let mut checked = check_text(&text, &shown);
    // A name another file has is a warning beside the file's own findings, never in
    // their place: the file itself loads (`perft` and `play` take it by path), and the
    // catalog keeps one of the two.
    let mut dirs = crate::Catalog::search_dirs();
    if let Some(parent) = path.parent() {
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        dirs.insert(0, parent.to_path_buf());
    }
    checked
        .warnings
        .extend(name_collisions(path, &text, &shown, &dirs));
    checked
        .warnings
        .sort_by_key(|w| (w.place.line, w.place.column));
    Ok(checked)
}

/// The errors [`check_text`] finds before the loader runs (what the file means), for
/// [`crate::parse_variant`].
pub(crate) fn load_errors(text: &str, path: &str) -> Result<(), VariantFileError> {
    let Some(doc) = raw::Doc::parse(text, path) else {
        // Not TOML: the loader reports it with its own message.
        return Ok(());
    };
    match doc.findings().0.into_iter().next() {
        Some(e) => Err(e.place),
        None => Ok(()),
    }
}

/// Where the first string under one of `keys` that `wanted` accepts is in the text
/// (see `Doc::find_string`), for the loader's errors about a name or letter.
pub(crate) fn find_string(
    text: &str,
    keys: &[&str],
    wanted: &dyn Fn(&str) -> bool,
) -> Option<(String, std::ops::Range<usize>)> {
    raw::Doc::parse(text, "")?.find_string(keys, wanted)
}

/// A loader error made clearer: "did you mean" for an unknown key, the list of piece
/// letters for an unknown letter.
pub(crate) fn explain_error(text: &str, path: &str, e: VariantFileError) -> VariantFileError {
    match raw::Doc::parse(text, path) {
        Some(doc) => doc.explain(e).place,
        None => suggest::explain(e, &[]).place,
    }
}
