//! Rule plugins: dynamic libraries behind the `Rules` trait.
//!
//! [`load`] finds `lib<name>.so` (`<name>.dll`, `lib<name>.dylib`), opens it with
//! libloading, checks the entry symbol, ABI version and table size before anything else,
//! reads and checks the variant's description, and wraps the table in [`PluginRules`].
//! From then on every answer of the plugin is checked; what cannot be returned as an
//! error is dropped and recorded as a fault ([`PluginRules::last_fault`], and through
//! `dyn Rules`, [`chess4d_core::Rules::faults`]).

mod call;
mod describe;
mod fault;
mod library;
mod optional;
mod pockets;
mod rules;
mod sha256;
mod text;
mod trust;

pub use library::{file_names, find_plugin, search_dirs};
pub use rules::PluginRules;
pub use sha256::sha256_hex;
pub use trust::{PluginTrust, TRUST_FILE, UntrustedPlugin, in_trusted_dir, trusted_dirs};

use crate::error::LoadError;

// The limits the core and the plugin ABI share are defined twice (the ABI crate has no
// dependencies, so a plugin needs nothing else); the build fails if they ever differ.
const _: () = {
    assert!(chess4d_core::MAX_KINDS == chess4d_plugin_api::MAX_KINDS);
    assert!(chess4d_core::MAX_SQUARES == chess4d_plugin_api::MAX_SQUARES);
    assert!(chess4d_core::MAX_CHANGES == chess4d_plugin_api::MAX_CHANGES);
    // Castling rights are one bit per option in the core's `u32`.
    assert!(chess4d_plugin_api::MAX_CASTLING <= u32::BITS as usize);
    // The ABI's "no promotion" and "no square" must never name a real kind or square.
    assert!((chess4d_plugin_api::NO_PROMOTION as usize) >= chess4d_core::MAX_KINDS);
    assert!((chess4d_plugin_api::NO_SQUARE as usize) >= chess4d_core::MAX_SQUARES);
};
use chess4d_core::Rules;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Why a plugin could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PluginError {
    /// No library file of that name in any searched directory.
    NotFound {
        /// The plugin name the variant file gives.
        library: String,
        /// Every path looked at.
        tried: Vec<PathBuf>,
    },
    /// The system refused to load the file.
    Open {
        /// The file.
        path: PathBuf,
        /// The loader's message with its whole `source()` chain.
        reason: String,
    },
    /// The library does not export the entry symbol: not a chess4d plugin.
    NoEntry {
        /// The file.
        path: PathBuf,
        /// The symbol looked for.
        symbol: &'static str,
        /// The loader's message.
        reason: String,
    },
    /// The plugin was built for another ABI version.
    AbiVersion {
        /// The file.
        path: PathBuf,
        /// The version it reports.
        found: u32,
    },
    /// The function table is unusable (null, too small, a required function missing).
    BadTable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The plugin describes an impossible variant or start position.
    BadVariant {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The library lies outside the trusted places and the person has not trusted it
    /// (or its bytes changed since): it was not loaded.
    Untrusted {
        /// The file.
        path: PathBuf,
        /// Its SHA-256.
        sha256: String,
        /// Whether this path was trusted before with other bytes.
        changed: bool,
        /// Where the choice would be kept.
        store: Option<PathBuf>,
    },
}

impl PluginError {
    /// The library to ask the person about, when this error is a missing trust.
    pub fn untrusted(&self) -> Option<UntrustedPlugin> {
        match self {
            PluginError::Untrusted {
                path,
                sha256,
                changed,
                ..
            } => Some(UntrustedPlugin {
                path: path.clone(),
                sha256: sha256.clone(),
                changed: *changed,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PluginError::NotFound { library, tried } => {
                write!(f, "rule plugin '{library}' not found; looked for:")?;
                for p in tried {
                    write!(f, " {}", p.display())?;
                }
                write!(
                    f,
                    " (put the library beside the program or the variant file, or add its \
                     directory to CHESS4D_PLUGIN_PATH)"
                )
            }
            PluginError::Open { path, reason } => {
                write!(f, "cannot load rule plugin {}: {reason}", path.display())
            }
            PluginError::NoEntry {
                path,
                symbol,
                reason,
            } => write!(
                f,
                "{} is not a chess4d rule plugin: it does not export `{symbol}` ({reason})",
                path.display()
            ),
            PluginError::AbiVersion { path, found } => {
                let age = if *found < chess4d_plugin_api::ABI_VERSION {
                    " (an older one: version 2 added pieces in hand, drops and check \
                     counters)"
                } else {
                    ""
                };
                write!(
                    f,
                    "rule plugin {} was built for plugin ABI version {found}{age}, this \
                     program speaks version {}: rebuild the plugin against this \
                     chess4d-plugin-api",
                    path.display(),
                    chess4d_plugin_api::ABI_VERSION
                )
            }
            PluginError::BadTable { path, reason } => {
                write!(
                    f,
                    "rule plugin {}: broken function table: {reason}",
                    path.display()
                )
            }
            PluginError::BadVariant { path, reason } => {
                write!(f, "rule plugin {}: {reason}", path.display())
            }
            PluginError::Untrusted {
                path,
                sha256,
                changed,
                store,
            } => {
                let why = if *changed {
                    "changed since you trusted it"
                } else {
                    "is not trusted yet"
                };
                write!(
                    f,
                    "rule plugin {} (SHA-256 {sha256}) {why}, so it was not loaded. A plugin \
                     is native code that runs with your rights; if you trust it, run again \
                     with --trust-plugin or choose Trust in the viewer",
                    path.display()
                )?;
                match store {
                    Some(s) => write!(f, " (the choice is kept in {})", s.display()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for PluginError {}

impl From<PluginError> for LoadError {
    fn from(e: PluginError) -> LoadError {
        LoadError::PluginLibrary(e)
    }
}

/// Loads the plugin library `library` for the variant `name`, searching `dirs` (and the
/// places [`search_dirs`] adds), with no trust check: the caller chose the library (a
/// test, a benchmark). The catalog loads through [`load_trusted`].
///
/// # Examples
///
/// ```
/// use chess4d_variants::{LoadError, load_plugin};
/// match load_plugin("tensor", "no-such-plugin", &[]) {
///     Err(LoadError::PluginLibrary(e)) => assert!(e.to_string().contains("not found")),
///     other => panic!("unexpected: {:?}", other.map(|_| ())),
/// }
/// ```
pub fn load(name: &str, library: &str, dirs: &[PathBuf]) -> Result<Arc<dyn Rules>, LoadError> {
    Ok(PluginRules::load(name, library, dirs)?)
}

/// Finds plugin `library` in `dirs` and loads it as variant `name` if `trust` allows.
pub fn load_trusted(
    name: &str,
    library: &str,
    dirs: &[PathBuf],
    trust: &PluginTrust,
) -> Result<Arc<dyn Rules>, LoadError> {
    let path = find_plugin(library, dirs)?;
    trust.check(&path)?;
    Ok(PluginRules::open(&path, name)?)
}
