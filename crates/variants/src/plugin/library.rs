//! Finding a plugin library on disk, opening it, and checking its table before use.

use super::PluginError;
use chess4d_plugin_api::{ABI_VERSION, ENTRY_SYMBOL, ENTRY_SYMBOL_NUL, EntryFn, PluginTable};
use libloading::Library;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};

/// The file names a plugin called `library` may have on this platform
/// (`libtensor.so`; a name with dashes also as underscores, as cargo writes it).
pub fn file_names(library: &str) -> Vec<String> {
    let mut names = vec![format!("{DLL_PREFIX}{library}{DLL_SUFFIX}")];
    let under = library.replace('-', "_");
    if under != library {
        names.push(format!("{DLL_PREFIX}{under}{DLL_SUFFIX}"));
    }
    names
}

/// The directories searched, in order: `$CHESS4D_PLUGIN_PATH` (a path list), the given
/// ones, then the executable's own directory (and its parent when that is cargo's
/// `deps/`, where test binaries live).
pub fn search_dirs(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    if let Some(v) = std::env::var_os("CHESS4D_PLUGIN_PATH") {
        out.extend(std::env::split_paths(&v).filter(|p| !p.as_os_str().is_empty()));
    }
    out.extend(dirs.iter().cloned());
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
    let mut seen: Vec<PathBuf> = Vec::new();
    out.retain(|d| {
        if seen.contains(d) {
            false
        } else {
            seen.push(d.clone());
            true
        }
    });
    out
}

/// The first existing file for plugin `library` in [`search_dirs`].
///
/// # Examples
///
/// ```
/// let err = chess4d_variants::find_plugin("no-such-plugin", &[]).unwrap_err();
/// assert!(err.to_string().contains("no_such_plugin"));
/// ```
pub fn find_plugin(library: &str, dirs: &[PathBuf]) -> Result<PathBuf, PluginError> {
    let names = file_names(library);
    let mut tried = Vec::new();
    for dir in search_dirs(dirs) {
        for name in &names {
            let path = dir.join(name);
            if path.is_file() {
                return Ok(path);
            }
            tried.push(path);
        }
    }
    Err(PluginError::NotFound {
        library: library.to_string(),
        tried,
    })
}

/// The message of an error and every `source()` below it, joined with ": ".
pub(crate) fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(inner) = cur {
        let t = inner.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        cur = inner.source();
    }
    s
}

/// Opens the library, finds the entry symbol and returns a copy of its checked table.
/// The library is never unloaded: function pointers from it live as long as the process.
pub(crate) fn open(path: &Path) -> Result<PluginTable, PluginError> {
    // SAFETY: loading a library runs its initialisers; that is the trust a user gives a
    // plugin by installing it. Everything it returns is checked below.
    let lib = unsafe { Library::new(path) }.map_err(|e| PluginError::Open {
        path: path.to_path_buf(),
        reason: chain(&e),
    })?;
    let lib: &'static Library = Box::leak(Box::new(lib));
    // SAFETY: the symbol is declared as `EntryFn` by the ABI; a library exporting a
    // different thing under this name breaks the ABI contract itself.
    let entry: EntryFn = unsafe { lib.get::<EntryFn>(ENTRY_SYMBOL_NUL) }
        .map(|s| *s)
        .map_err(|e| PluginError::NoEntry {
            path: path.to_path_buf(),
            symbol: ENTRY_SYMBOL,
            reason: chain(&e),
        })?;
    // SAFETY: the entry takes no arguments; what it returns is checked before reading.
    let ptr = unsafe { entry() };
    if ptr.is_null() || !(ptr as usize).is_multiple_of(align_of::<PluginTable>()) {
        return Err(PluginError::BadTable {
            path: path.to_path_buf(),
            reason: "the entry function returned a null or misaligned table pointer".into(),
        });
    }
    // Read the two header fields alone first: an older or newer plugin may have a table
    // of another size, and nothing past `size` may be read.
    // SAFETY: non-null and aligned; every table starts with two u32 (ABI contract).
    let (version, size) = unsafe {
        let words = ptr.cast::<u32>();
        (words.read(), words.add(1).read())
    };
    if version != ABI_VERSION {
        return Err(PluginError::AbiVersion {
            path: path.to_path_buf(),
            found: version,
        });
    }
    if (size as usize) < size_of::<PluginTable>() {
        return Err(PluginError::BadTable {
            path: path.to_path_buf(),
            reason: format!(
                "the table is {size} bytes but ABI version {ABI_VERSION} needs {}",
                size_of::<PluginTable>()
            ),
        });
    }
    // SAFETY: the plugin declares at least this many bytes; every field is an integer or
    // a nullable function pointer, so any bit pattern is a valid value.
    let table = unsafe { ptr.read() };
    let required = [
        ("variant_info", table.variant_info.is_some()),
        ("piece_info", table.piece_info.is_some()),
        ("text", table.text.is_some()),
        ("start_position", table.start_position.is_some()),
        ("legal_moves", table.legal_moves.is_some()),
        ("apply_move", table.apply_move.is_some()),
        ("is_attacked", table.is_attacked.is_some()),
    ];
    if let Some((name, _)) = required.iter().find(|(_, present)| !present) {
        return Err(PluginError::BadTable {
            path: path.to_path_buf(),
            reason: format!("the required function `{name}` is null"),
        });
    }
    Ok(table)
}
