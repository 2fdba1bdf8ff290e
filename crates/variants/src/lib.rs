//! Variants as data: TOML files in the movement vocabulary, and rule plugins.
//!
//! A variant file describes a board, pieces ("which axes change, and by how much"), a
//! start position and rule switches; [`parse_variant`] checks it and reports any error
//! with file, line and column. The [`Catalog`] holds the built-in variants (the full 4D
//! set is the default) plus every file in `variants/`, and hands out `dyn Rules`.
//!
//! ```
//! use chess4d_variants::Catalog;
//! let catalog = Catalog::embedded();
//! let classic = catalog.resolve("classic").unwrap();
//! let mut pos = classic.start_position();
//! assert_eq!(chess4d_core::perft(&*classic, &mut pos, 1), 50);
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod aliases;
mod build;
mod catalog;
pub mod check;
mod error;
pub mod material;
mod picture;
pub mod plugin;
mod schema;

pub use aliases::{ALIASES, alias_target, nearest, squeeze};
pub use build::{VariantSpec, parse_variant};
pub use catalog::{
    Catalog, DEFAULT_VARIANT, EMBEDDED, Entry, EntryRules, PluginEntry, Source, load_file,
    load_text,
};
pub use check::{Checked, Finding, Kind, Severity, check_file, check_text};
pub use error::{LoadError, VariantFileError};
pub use picture::{BUILT_IN_PICTURES, PathError, PiecePicture, parse_svg_path, piece_pictures};
pub use plugin::{
    PluginError, PluginRules, PluginTrust, UntrustedPlugin, find_plugin, load as load_plugin,
    load_trusted,
};
