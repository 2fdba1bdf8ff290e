//! Where the archive lives when the caller does not say: the platform's per-user data
//! folder, written by hand (three platforms, a few lines) instead of a crate.

use std::ffi::OsString;
use std::path::PathBuf;

use super::StorageError;

/// The environment variable that overrides where chess4d keeps its data.
pub const DATA_DIR_VAR: &str = "CHESS4D_DATA_DIR";

/// The archive's file name inside the data folder.
pub const DB_FILE_NAME: &str = "archive.sqlite3";

/// The operating-system families that keep per-user data in different places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    /// `%APPDATA%\chess4d`
    Windows,
    /// `~/Library/Application Support/chess4d`
    MacOs,
    /// `$XDG_DATA_HOME/chess4d`, else `~/.local/share/chess4d` (Linux and other Unixes).
    Xdg,
}

impl Platform {
    /// The platform this program was built for.
    pub fn current() -> Platform {
        if cfg!(windows) {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Xdg
        }
    }
}

/// The archive file chess4d uses when none is named: `$CHESS4D_DATA_DIR/archive.sqlite3`
/// when that variable is set, else `archive.sqlite3` in the platform's data folder
/// (`$XDG_DATA_HOME/chess4d` or `~/.local/share/chess4d` on Linux, `%APPDATA%\chess4d`
/// on Windows, `~/Library/Application Support/chess4d` on macOS). Nothing is created.
///
/// # Examples
///
/// ```
/// let path = chess4d_archive::storage::default_db_path();
/// if let Ok(path) = path {
///     assert!(path.ends_with("archive.sqlite3"));
/// }
/// ```
pub fn default_db_path() -> Result<PathBuf, StorageError> {
    data_dir_for(Platform::current(), |name| std::env::var_os(name))
        .map(|dir| dir.join(DB_FILE_NAME))
}

/// The chess4d data folder for `platform`, reading variables through `env` (so tests
/// need not touch the real environment).
pub fn data_dir_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<PathBuf, StorageError> {
    // An empty variable counts as unset, as the XDG specification asks.
    let var = |name: &str| {
        env(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var(DATA_DIR_VAR) {
        return Ok(dir);
    }
    let home = || var("HOME").ok_or(StorageError::NoDataDir { missing: "HOME" });
    match platform {
        Platform::Windows => var("APPDATA")
            .map(|dir| dir.join("chess4d"))
            .ok_or(StorageError::NoDataDir { missing: "APPDATA" }),
        Platform::MacOs => Ok(home()?.join("Library/Application Support/chess4d")),
        Platform::Xdg => match var("XDG_DATA_HOME").filter(|dir| dir.is_absolute()) {
            Some(dir) => Ok(dir.join("chess4d")),
            None => Ok(home()?.join(".local/share/chess4d")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let pairs: Vec<(String, OsString)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn the_override_wins_everywhere() {
        let vars = env(&[
            ("CHESS4D_DATA_DIR", "/srv/chess"),
            ("HOME", "/home/ann"),
            ("XDG_DATA_HOME", "/home/ann/data"),
            ("APPDATA", "C:\\Users\\ann\\AppData\\Roaming"),
        ]);
        for platform in [Platform::Xdg, Platform::MacOs, Platform::Windows] {
            assert_eq!(
                data_dir_for(platform, &vars).ok(),
                Some(PathBuf::from("/srv/chess"))
            );
        }
    }

    #[test]
    fn linux_prefers_xdg_data_home_then_home() {
        let xdg = env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data/ann")]);
        assert_eq!(
            data_dir_for(Platform::Xdg, xdg).ok(),
            Some(PathBuf::from("/data/ann/chess4d"))
        );
        let relative_xdg = env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "data")]);
        assert_eq!(
            data_dir_for(Platform::Xdg, relative_xdg).ok(),
            Some(PathBuf::from("/home/ann/.local/share/chess4d"))
        );
        let empty_override = env(&[("HOME", "/home/ann"), ("CHESS4D_DATA_DIR", "")]);
        assert_eq!(
            data_dir_for(Platform::Xdg, empty_override).ok(),
            Some(PathBuf::from("/home/ann/.local/share/chess4d"))
        );
    }

    #[test]
    fn macos_and_windows_use_their_own_folders() {
        assert_eq!(
            data_dir_for(Platform::MacOs, env(&[("HOME", "/Users/ann")])).ok(),
            Some(PathBuf::from(
                "/Users/ann/Library/Application Support/chess4d"
            ))
        );
        assert_eq!(
            data_dir_for(Platform::Windows, env(&[("APPDATA", "/appdata")])).ok(),
            Some(PathBuf::from("/appdata/chess4d"))
        );
    }

    #[test]
    fn a_missing_home_is_an_error_that_names_the_variable() {
        let error = data_dir_for(Platform::Xdg, env(&[])).expect_err("no HOME");
        assert!(error.to_string().contains("HOME"), "{error}");
        assert!(error.to_string().contains(DATA_DIR_VAR), "{error}");
        let error =
            data_dir_for(Platform::Windows, env(&[("HOME", "/x")])).expect_err("no APPDATA");
        assert!(error.to_string().contains("APPDATA"), "{error}");
    }
}
