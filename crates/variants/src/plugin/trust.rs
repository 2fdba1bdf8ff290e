//! Trusting plugin libraries on purpose.
//!
//! A rule plugin is native code: loading it runs it, with the rights of the person who
//! started chess4d. So a library is loaded only when its variant is used, and only when
//! it is trusted: one beside the program (installed with it) or in a directory named in
//! `CHESS4D_PLUGIN_PATH` (the person named it) is trusted as it is; any other (beside a
//! variant file, in a downloaded variant folder) only after the person said so. That
//! choice is kept in a file of the data folder as the library's path and SHA-256, so a
//! library whose bytes change since asks again.

use super::PluginError;
use super::sha256::sha256_hex;
use std::path::{Path, PathBuf};

/// The file of the data folder that keeps the trusted libraries.
pub const TRUST_FILE: &str = "trusted-plugins.txt";

/// Who decides whether a plugin library may be loaded.
///
/// # Examples
///
/// ```
/// use chess4d_variants::PluginTrust;
/// let dir = std::env::temp_dir().join(format!("chess4d-trust-doc-{}", std::process::id()));
/// let trust = PluginTrust::in_data_dir(&dir);
/// assert!(trust.store().is_some_and(|p| p.ends_with("trusted-plugins.txt")));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PluginTrust {
    store: Option<PathBuf>,
    trust_new: bool,
}

/// A library that is not trusted yet: what the person is shown before trusting it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UntrustedPlugin {
    /// The library file.
    pub path: PathBuf,
    /// Its SHA-256, as 64 hex digits.
    pub sha256: String,
    /// Whether this path was trusted before with other bytes.
    pub changed: bool,
}

impl PluginTrust {
    /// Trust kept in `TRUST_FILE` of the data folder `dir`.
    pub fn in_data_dir(dir: &Path) -> PluginTrust {
        PluginTrust {
            store: Some(dir.join(TRUST_FILE)),
            trust_new: false,
        }
    }

    /// With `yes`, a library not trusted yet is trusted (and remembered) when its variant
    /// is used: what `--trust-plugin` asks for.
    pub fn trusting_new(mut self, yes: bool) -> PluginTrust {
        self.trust_new = yes;
        self
    }

    /// The file the choices are kept in, if any.
    pub fn store(&self) -> Option<&Path> {
        self.store.as_deref()
    }

    /// Whether the library at `path` may be loaded; refuses with
    /// [`PluginError::Untrusted`] when the person has not trusted it (these bytes).
    pub fn check(&self, path: &Path) -> Result<(), PluginError> {
        if in_trusted_dir(path) {
            return Ok(());
        }
        let untrusted = self.fingerprint(path)?;
        let known = self.read_store();
        let canonical = canonical(path);
        if known
            .iter()
            .any(|(sha, p)| *sha == untrusted.sha256 && *p == canonical)
        {
            return Ok(());
        }
        if self.trust_new {
            return self.trust(&untrusted).map_err(|reason| PluginError::Open {
                path: path.to_path_buf(),
                reason,
            });
        }
        Err(PluginError::Untrusted {
            changed: known.iter().any(|(_, p)| *p == canonical),
            path: path.to_path_buf(),
            sha256: untrusted.sha256,
            store: self.store.clone(),
        })
    }

    /// The library's path and digest, as the person is to be shown them.
    pub fn fingerprint(&self, path: &Path) -> Result<UntrustedPlugin, PluginError> {
        let bytes = std::fs::read(path).map_err(|e| PluginError::Open {
            path: path.to_path_buf(),
            reason: format!("cannot read it to check whether it is trusted: {e}"),
        })?;
        Ok(UntrustedPlugin {
            path: path.to_path_buf(),
            sha256: sha256_hex(&bytes),
            changed: false,
        })
    }

    /// Remembers that the person trusts this library with these bytes.
    pub fn trust(&self, plugin: &UntrustedPlugin) -> Result<(), String> {
        let Some(store) = &self.store else {
            return Err("there is no data folder to keep the trusted plugins in".into());
        };
        let canonical = canonical(&plugin.path);
        let mut entries: Vec<(String, PathBuf)> = self
            .read_store()
            .into_iter()
            .filter(|(_, p)| *p != canonical)
            .collect();
        entries.push((plugin.sha256.clone(), canonical));
        let mut text = String::from(
            "# Rule plugins this person trusted: SHA-256, a space, the library's path.\n\
             # A plugin is native code; delete a line to be asked again.\n",
        );
        for (sha, p) in &entries {
            text.push_str(sha);
            text.push(' ');
            text.push_str(&p.display().to_string());
            text.push('\n');
        }
        if let Some(dir) = store.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(store, text).map_err(|e| format!("cannot write {}: {e}", store.display()))
    }

    fn read_store(&self) -> Vec<(String, PathBuf)> {
        let Some(text) = self
            .store
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
        else {
            return Vec::new();
        };
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(' '))
            .filter(|(sha, _)| sha.len() == 64)
            .map(|(sha, p)| (sha.to_string(), PathBuf::from(p)))
            .collect()
    }
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// The directories whose libraries are trusted as they are: those named in
/// `CHESS4D_PLUGIN_PATH`, and the program's own (with its parent when that is cargo's
/// `deps/`, where test programs live).
pub fn trusted_dirs() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    if let Some(v) = std::env::var_os("CHESS4D_PLUGIN_PATH") {
        out.extend(std::env::split_paths(&v).filter(|p| !p.as_os_str().is_empty()));
    }
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.parent()
    {
        out.push(dir.to_path_buf());
        if dir.file_name().is_some_and(|n| n == "deps")
            && let Some(up) = dir.parent()
        {
            out.push(up.to_path_buf());
        }
    }
    out.iter().map(|d| canonical(d)).collect()
}

/// Whether the library lies directly in a trusted directory.
pub fn in_trusted_dir(path: &Path) -> bool {
    let dir = canonical(path).parent().map(Path::to_path_buf);
    dir.is_some_and(|d| trusted_dirs().contains(&d))
}
