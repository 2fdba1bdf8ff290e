//! The command-line verbs. Each prints its result on stdout and its errors on stderr.

pub mod archive;
pub mod bot;
pub mod engine;
pub mod explore;
pub mod play;
pub mod puzzles;
pub mod render;
pub mod rules;
pub mod serve;
pub mod uci;
pub mod view;

use chess4d_variants::{Catalog, PluginTrust};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The options every verb shares (`--data-dir`, `--trust-plugin`), set once by `main`.
#[derive(Clone, Debug, Default)]
pub struct Common {
    /// The data folder given on the command line.
    pub data_dir: Option<PathBuf>,
    /// Whether a plugin outside the trusted places may be trusted now.
    pub trust_plugin: bool,
}

static COMMON: OnceLock<Common> = OnceLock::new();

/// Records the shared options for the verbs (the first call wins).
pub fn set_common(common: Common) {
    let _ = COMMON.set(common);
}

/// The shared options (defaults when `main` set none, as in tests).
pub fn common() -> Common {
    COMMON.get().cloned().unwrap_or_default()
}

/// The data folder: `--data-dir`, else `$CHESS4D_DATA_DIR`, else the platform's.
pub fn data_dir() -> Option<PathBuf> {
    let given = common().data_dir;
    let archive = chess4d::ratings::archive_path(given.as_deref()).ok()?;
    archive.parent().map(Path::to_path_buf)
}

/// The variant catalog the verbs use: built-ins, the variant folders, and plugins
/// loaded only when used and trusted (the data folder's list, `--trust-plugin`).
pub fn catalog() -> Catalog {
    let mut catalog = Catalog::standard();
    let trust = data_dir()
        .map(|d| PluginTrust::in_data_dir(&d))
        .unwrap_or_default()
        .trusting_new(common().trust_plugin);
    catalog.set_trust(trust);
    catalog
}

/// An error for the user: printed on stderr, exit status 1 (2 for usage errors).
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Result of a verb.
pub type CliResult = Result<(), CliError>;
