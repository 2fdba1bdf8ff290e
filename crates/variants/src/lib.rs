//! Variants as data: TOML files in the movement vocabulary, and rule plugins.
//!
//! A variant file describes a board, pieces ("which axes change, and by how much"), a
//! start position and rule switches; [`parse_variant`] checks it and reports any error
//! with file, line and column. The [`Catalog`] holds the built-in variants (the full 4D
//! set is the default) plus every file in `variants/`, and hands out `dyn Rules`, each
//! built the first time it is asked for.
//!
//! ```
//! use chess4d_variants::Catalog;
//! let catalog = Catalog::embedded();
//! let classic = catalog.resolve("classic").unwrap();
//! let mut pos = classic.start_position();
//! assert_eq!(chess4d_core::perft(&*classic, &mut pos, 1), 50);
//! ```
//!
//! A variant file read from text ([`load_text`]; the path is only for messages) gives
//! the same `dyn Rules`, which a [`chess4d_core::Game`] plays:
//!
//! ```
//! use chess4d_core::Game;
//!
//! let text = r#"
//! [variant]
//! name = "rooks"
//! board = [4, 4, 2, 2]
//! start = "4/4/4/KR2|4/4/4/4|4/4/4/4|k3/4/4/4 w - - 0 1"
//!
//! [[piece]]
//! letter = "K"
//! name = "king"
//! royal = true
//! moves = [{ step = [1, 2, 3, 4] }]   # one square, along any set of axes
//!
//! [[piece]]
//! letter = "R"
//! name = "rook"
//! value = 500
//! moves = [{ slide = 1 }]             # exactly one axis changes
//! "#;
//! let rules = chess4d_variants::load_text(text, "rooks.toml", &[])?;
//! let mut game = Game::new(rules.clone());
//! game.play_str("b1[0,0]b1[0,1]")?; // the rook climbs to the board above, along w
//! assert_eq!(
//!     rules.format_position(game.position()),
//!     "4/4/4/K3|4/4/4/4|4/4/4/1R2|k3/4/4/4 b - - 1 1"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`check_text`] (and `chess4d check FILE`) says what a file means, with each error and
//! warning at its line and column:
//!
//! ```
//! let checked = chess4d_variants::check_text("[variant]\nname = \"x\"\nbord = [8, 8]\n", "x.toml");
//! let error = checked.spec.err().ok_or("the file should not load")?;
//! assert_eq!((error.place.line, error.place.column), (3, 1));
//! assert!(error.place.message.contains("did you mean `board`?"), "{}", error.place.message);
//! # Ok::<(), Box<dyn std::error::Error>>(())
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
    Catalog, DEFAULT_VARIANT, EMBEDDED, Entry, EntryRules, PluginEntry, Source, Unbuilt, load_file,
    load_text,
};
pub use check::{Checked, Finding, Kind, Severity, check_file, check_text};
pub use error::{LoadError, VariantFileError};
pub use picture::{BUILT_IN_PICTURES, PathError, PiecePicture, parse_svg_path};
pub use plugin::{
    PluginError, PluginRules, PluginTrust, UntrustedPlugin, find_plugin, load as load_plugin,
    load_trusted,
};
