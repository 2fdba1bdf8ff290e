//! The catalog: the built-in variants plus every variant file found on the search path.

use crate::PiecePicture;
use crate::build::{VariantSpec, file_pictures, parse_variant, valid_variant_name};
use crate::check::Header;
use crate::error::LoadError;
use crate::plugin::{PluginTrust, load_trusted};
use chess4d_core::Rules;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The variants compiled into the program: (file name, text). `full` is the default.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("full.toml", include_str!("../../../variants/full.toml")),
    (
        "classic.toml",
        include_str!("../../../variants/classic.toml"),
    ),
    (
        "orthodox.toml",
        include_str!("../../../variants/orthodox.toml"),
    ),
    (
        "raumschach.toml",
        include_str!("../../../variants/raumschach.toml"),
    ),
];

/// The variant the program starts on.
pub const DEFAULT_VARIANT: &str = "full";

/// Where a catalog entry came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Compiled into the program.
    Embedded,
    /// A variant file on disk.
    File(PathBuf),
}

/// What a catalog entry holds: rules, a variant file not built until its variant is
/// used, a rule plugin not loaded until then, or the error of a broken file.
#[derive(Clone)]
pub enum EntryRules {
    /// Table rules (or a plugin loaded on purpose).
    Ready(Arc<dyn Rules>),
    /// A table variant's text, built into rules (or found broken) on first use:
    /// building a variant's tables is most of reading the catalog, and a program
    /// plays one variant of eighty. [`Entry::ready`] and [`Entry::error`] build it.
    Unbuilt(Unbuilt),
    /// A variant whose rules are a plugin library: nothing of it runs until the variant
    /// is used ([`Catalog::get`]), and then only if it is trusted ([`PluginTrust`]).
    Plugin(PluginEntry),
    /// The located error of a broken file.
    Broken(String),
}

/// A plugin variant of the catalog, loaded on first use and kept loaded after.
#[derive(Clone)]
pub struct PluginEntry {
    /// The library name the variant file gives (`tensor_chess`).
    pub library: String,
    /// The variant's name.
    pub name: String,
    /// Where the library is looked for.
    pub dirs: Vec<PathBuf>,
    loaded: Arc<Mutex<Option<Arc<dyn Rules>>>>,
}

impl PluginEntry {
    /// The rules once loaded (nothing is loaded by asking).
    pub fn loaded(&self) -> Option<Arc<dyn Rules>> {
        self.loaded.lock().ok().and_then(|l| l.clone())
    }

    /// Loads the plugin if `trust` allows (once; later calls return the same rules).
    pub fn load(&self, trust: &PluginTrust) -> Result<Arc<dyn Rules>, LoadError> {
        if let Some(r) = self.loaded() {
            return Ok(r);
        }
        let rules = load_trusted(&self.name, &self.library, &self.dirs, trust)?;
        if let Ok(mut slot) = self.loaded.lock() {
            *slot = Some(rules.clone());
        }
        Ok(rules)
    }
}

/// A table variant file read but not yet built; clones share the one build.
#[derive(Clone)]
pub struct Unbuilt {
    text: Arc<str>,
    /// The path its errors name (`<built-in>/full.toml` for a built-in).
    shown: Arc<str>,
    built: Arc<OnceLock<Result<Arc<dyn Rules>, String>>>,
}

impl Unbuilt {
    fn new(text: &str, shown: &str) -> Unbuilt {
        Unbuilt {
            text: text.into(),
            shown: shown.into(),
            built: Arc::default(),
        }
    }

    /// The rules, built on the first call, or the located error of the file.
    pub fn rules(&self) -> Result<&Arc<dyn Rules>, &str> {
        let built = self
            .built
            .get_or_init(|| match parse_variant(&self.text, &self.shown) {
                Ok(VariantSpec::Table(rules)) => Ok(Arc::new(*rules) as Arc<dyn Rules>),
                // Only table files are left unbuilt; a plugin's header is read at once.
                Ok(VariantSpec::Plugin { .. }) => Err(format!(
                    "{}: a rule plugin's file was taken for a table variant",
                    self.shown
                )),
                Err(e) => Err(LoadError::from(e).to_string()),
            });
        built.as_ref().map_err(String::as_str)
    }

    /// Whether the rules have been built (or the file found broken).
    pub fn is_built(&self) -> bool {
        self.built.get().is_some()
    }
}

/// One variant of the catalog.
#[derive(Clone)]
pub struct Entry {
    /// Catalog name (`full`); for a broken file, the file's stem.
    pub name: String,
    /// Where it came from.
    pub source: Source,
    /// The rules, the plugin to load when used, or the located error of a broken file.
    pub rules: EntryRules,
    /// The pictures its file gives its pieces, by upper-case letter (usually none).
    pub pictures: Arc<[(char, PiecePicture)]>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("source", &self.source)
            .field("ok", &self.error().is_none())
            .finish()
    }
}

impl Entry {
    /// The rules when they are at hand without loading a plugin: table rules (a variant
    /// file not built yet is built here), or a plugin already loaded.
    pub fn ready(&self) -> Option<Arc<dyn Rules>> {
        match &self.rules {
            EntryRules::Ready(r) => Some(r.clone()),
            EntryRules::Unbuilt(u) => u.rules().ok().cloned(),
            EntryRules::Plugin(p) => p.loaded(),
            EntryRules::Broken(_) => None,
        }
    }

    /// The error of a broken file (a variant file not built yet is built to know).
    pub fn error(&self) -> Option<&str> {
        match &self.rules {
            EntryRules::Broken(e) => Some(e),
            EntryRules::Unbuilt(u) => u.rules().err(),
            _ => None,
        }
    }

    /// One line for people: name, board, title, source (or the error).
    pub fn summary(&self) -> String {
        let source = match &self.source {
            Source::Embedded => "built-in".to_string(),
            Source::File(p) => p.display().to_string(),
        };
        if let Some(e) = self.error() {
            return format!("{}\t-\tERROR: {}\t{}", self.name, e, source);
        }
        match (&self.rules, self.ready()) {
            (_, Some(r)) => format!(
                "{}\t{}\t{}\t{}",
                self.name,
                r.info().shape,
                r.info().title,
                source
            ),
            (EntryRules::Plugin(p), None) => format!(
                "{}\t-\trule plugin '{}', loaded when the variant is used\t{}",
                self.name, p.library, source
            ),
            _ => format!("{}\t-\t-\t{}", self.name, source),
        }
    }
}

/// The catalog of variants.
///
/// # Examples
///
/// ```
/// let catalog = chess4d_variants::Catalog::embedded();
/// let full = catalog.get("full").unwrap();
/// assert_eq!(full.info().shape.to_string(), "4x4x2x2");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    entries: Vec<Entry>,
    plugin_dirs: Vec<PathBuf>,
    trust: PluginTrust,
    /// What the catalog noticed while reading files: duplicate and shadowed names.
    warnings: Vec<String>,
}

impl Catalog {
    /// Only the built-in variants.
    pub fn embedded() -> Catalog {
        let mut c = Catalog::default();
        for (file, text) in EMBEDDED {
            let path = format!("<built-in>/{file}");
            let stem = file.trim_end_matches(".toml").to_string();
            c.insert(Entry {
                name: stem,
                source: Source::Embedded,
                rules: EntryRules::Unbuilt(Unbuilt::new(text, &path)),
                pictures: file_pictures(text, &path).into(),
            });
        }
        c
    }

    /// The built-in variants plus the files in [`Catalog::search_dirs`].
    pub fn standard() -> Catalog {
        let mut c = Catalog::embedded();
        for dir in Catalog::search_dirs() {
            c.add_dir(&dir);
        }
        c
    }

    /// Where variant files and plugins are looked for: `$CHESS4D_VARIANTS` (a
    /// `:`-separated list), `variants/` beside the executable and two levels up (a cargo
    /// build), and `variants/` in the current directory.
    pub fn search_dirs() -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(v) = std::env::var_os("CHESS4D_VARIANTS") {
            dirs.extend(std::env::split_paths(&v));
        }
        if let Ok(exe) = std::env::current_exe()
            && let Some(dir) = exe.parent()
        {
            dirs.push(dir.join("variants"));
            if let Some(up) = dir.parent().and_then(Path::parent) {
                dirs.push(up.join("variants"));
            }
        }
        dirs.push(PathBuf::from("variants"));
        let mut seen = Vec::new();
        dirs.retain(|d| {
            let key = d.canonicalize().unwrap_or_else(|_| d.clone());
            if d.is_dir() && !seen.contains(&key) {
                seen.push(key);
                true
            } else {
                false
            }
        });
        dirs
    }

    fn insert(&mut self, entry: Entry) {
        match self.entries.iter_mut().find(|e| e.name == entry.name) {
            Some(slot) => *slot = entry,
            None => self.entries.push(entry),
        }
    }

    /// Adds every `*.toml` file of a directory (files replace built-ins of the same name;
    /// a broken file becomes an entry carrying its error).
    pub fn add_dir(&mut self, dir: &Path) {
        if !self.plugin_dirs.iter().any(|d| d == dir) {
            self.plugin_dirs.push(dir.to_path_buf());
        }
        for f in crate::check::variant_files(dir) {
            let text = std::fs::read_to_string(&f);
            let header = text
                .as_deref()
                .map_or(Header::Unreadable, crate::check::header);
            // Only variant files: a plugin crate's Cargo.toml beside them is not one.
            if matches!(header, Header::NotVariant) {
                continue;
            }
            match (text, header) {
                (Ok(text), Header::Table(Some(name))) if self.may_wait(&name, &f, &text) => {
                    let shown = f.display().to_string();
                    let pictures = file_pictures(&text, &shown).into();
                    self.insert(Entry {
                        name,
                        source: Source::File(f),
                        rules: EntryRules::Unbuilt(Unbuilt::new(&text, &shown)),
                        pictures,
                    });
                }
                // Unreadable, a plugin, no name or a name that collides: read in full
                // now, so the entry says what add_file says of it.
                _ => {
                    self.add_file(&f);
                }
            }
        }
    }

    /// Whether a table variant file that gives `name` may join the catalog unbuilt:
    /// a valid name that no other entry has (or a built-in's own text, as the shipped
    /// `variants/` folder holds), from a file the catalog has not read before. Any
    /// other file is read in full at once ([`Catalog::add_file`]), which decides what
    /// a collision or a bad name means.
    fn may_wait(&self, name: &str, path: &Path, text: &str) -> bool {
        let valid = valid_variant_name(name);
        let read_before = self
            .entries
            .iter()
            .any(|e| e.source == Source::File(path.to_path_buf()));
        let own_text = |e: &Entry| {
            e.source == Source::Embedded
                && EMBEDDED
                    .iter()
                    .any(|(f, t)| f.trim_end_matches(".toml") == name && *t == text)
        };
        let collides = self.entries.iter().any(|e| e.name == name && !own_text(e));
        valid && !read_before && !collides
    }

    /// Notes a file whose variant name is already in the catalog: a built-in it
    /// replaces (unless it is the built-in's own text) or another file it hides.
    fn note_collision(&mut self, path: &Path, name: &str) {
        let Some(old) = self.entries.iter().find(|e| e.name == name) else {
            return;
        };
        let shown = path.display();
        match &old.source {
            Source::Embedded => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let own = EMBEDDED
                    .iter()
                    .any(|(f, t)| f.trim_end_matches(".toml") == name && *t == text);
                if !own {
                    let message = crate::check::built_in_message(name, &shown.to_string());
                    self.warnings.push(format!("{shown}: {message}"));
                }
            }
            Source::File(other) if other != path => {
                let message = crate::check::collision_message(
                    name,
                    &shown.to_string(),
                    &other.display().to_string(),
                );
                self.warnings.push(format!("{shown}: {message}"));
            }
            Source::File(_) => {}
        }
    }

    /// What the catalog noticed while reading variant files (duplicate names, built-ins
    /// replaced by a different file), one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Loads (or reloads) one variant file into the catalog and returns its entry. A
    /// plugin variant's library is not loaded here: only when the variant is used.
    pub fn add_file(&mut self, path: &Path) -> &Entry {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let read = read_text(path).map(|text| {
            let shown = path.display().to_string();
            (parse_variant(&text, &shown), file_pictures(&text, &shown))
        });
        let (spec, pictures) = match read {
            Ok((spec, pictures)) => (spec.map_err(LoadError::from), pictures),
            Err(e) => (Err(e), Vec::new()),
        };
        let rules = match spec {
            Ok(VariantSpec::Table(rules)) => EntryRules::Ready(Arc::new(*rules)),
            Ok(VariantSpec::Plugin { name, library }) => EntryRules::Plugin(PluginEntry {
                library,
                name,
                dirs: plugin_dirs_for(path, &self.plugin_dirs),
                loaded: Arc::default(),
            }),
            Err(e) => EntryRules::Broken(e.to_string()),
        };
        let name = match &rules {
            EntryRules::Ready(r) => r.info().name.clone(),
            EntryRules::Plugin(p) => p.name.clone(),
            EntryRules::Broken(_) | EntryRules::Unbuilt(_) => stem,
        };
        // A broken file keeps its own entry rather than hiding a working built-in.
        let broken = matches!(rules, EntryRules::Broken(_));
        let name = if broken
            && self
                .entries
                .iter()
                .any(|e| e.name == name && e.error().is_none() && e.source == Source::Embedded)
        {
            format!("{name} (file)")
        } else {
            name
        };
        // A file saved with a mistake keeps the pictures it last gave: the game on the
        // board keeps its rules (and its pieces their pictures) until the file reads again.
        let kept = self
            .entries
            .iter()
            .find(|e| e.source == Source::File(path.to_path_buf()) && broken);
        let pictures: Arc<[(char, PiecePicture)]> = match kept {
            Some(old) => old.pictures.clone(),
            None => pictures.into(),
        };
        self.entries
            .retain(|e| !(e.source == Source::File(path.to_path_buf()) && e.name != name));
        self.note_collision(path, &name);
        self.insert(Entry {
            name: name.clone(),
            source: Source::File(path.to_path_buf()),
            rules,
            pictures,
        });
        self.entries
            .iter()
            .find(|e| e.name == name)
            .unwrap_or(&self.entries[0])
    }

    /// Sets who decides whether a plugin library may be loaded (the data folder's list,
    /// and `--trust-plugin`).
    pub fn set_trust(&mut self, trust: PluginTrust) {
        self.trust = trust;
    }

    /// The trust plugins are loaded under.
    pub fn trust(&self) -> &PluginTrust {
        &self.trust
    }

    /// Every entry, built-ins first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The catalog name `name` stands for: itself when an entry has it, else the entry
    /// it names in other programs' words (`chess`, `standard`, `kingOfTheHill`, see
    /// [`crate::ALIASES`]) or written in another case (`KingOfTheHill`).
    pub fn canonical_name(&self, name: &str) -> Option<&str> {
        let has = |n: &str| self.entries.iter().find(|e| e.name == n);
        if let Some(e) = has(name) {
            return Some(&e.name);
        }
        if let Some(e) = crate::alias_target(name).and_then(has) {
            return Some(&e.name);
        }
        let squeezed = crate::aliases::squeeze(name);
        self.entries
            .iter()
            .find(|e| crate::aliases::squeeze(&e.name) == squeezed)
            .map(|e| e.name.as_str())
    }

    /// The rules of a variant by catalog name (or another program's name for it, see
    /// [`Catalog::canonical_name`]).
    pub fn get(&self, name: &str) -> Result<Arc<dyn Rules>, LoadError> {
        let found = self.canonical_name(name);
        match found.and_then(|n| self.entries.iter().find(|e| e.name == n)) {
            Some(Entry {
                rules: EntryRules::Ready(r),
                ..
            }) => Ok(r.clone()),
            Some(Entry {
                rules: EntryRules::Unbuilt(u),
                ..
            }) => u
                .rules()
                .cloned()
                .map_err(|e| LoadError::Plugin(e.to_string())),
            Some(Entry {
                rules: EntryRules::Plugin(p),
                ..
            }) => p.load(&self.trust),
            Some(Entry {
                rules: EntryRules::Broken(e),
                ..
            }) => Err(LoadError::Plugin(e.clone())),
            None => Err(LoadError::Unknown {
                name: name.to_string(),
                known: self.entries.iter().map(|e| e.name.clone()).collect(),
                // Other programs' names count too: `chesss` should suggest `chess`.
                nearest: crate::nearest(name, self.suggestable_names())
                    .into_iter()
                    .map(str::to_string)
                    .collect(),
            }),
        }
    }

    /// Every name `load` takes: the entries' own and the aliases whose variant is here.
    fn suggestable_names(&self) -> impl Iterator<Item = &str> {
        let own = self.entries.iter().map(|e| e.name.as_str());
        let aliases = crate::ALIASES
            .iter()
            .filter(|(_, target)| self.entries.iter().any(|e| e.name == *target))
            .map(|(alias, _)| *alias);
        own.chain(aliases)
    }

    /// A catalog name, or a path to a variant file.
    pub fn resolve(&self, spec: &str) -> Result<Arc<dyn Rules>, LoadError> {
        let path = Path::new(spec);
        if spec.ends_with(".toml") || spec.contains(std::path::MAIN_SEPARATOR) || spec.contains('/')
        {
            return load_file_with(path, &self.plugin_dirs, &self.trust);
        }
        self.get(spec)
    }

    /// The pictures the file of the variant `name` (as [`Catalog::get`] takes it) gives
    /// its pieces, by upper-case letter: what the viewer draws them with. Empty for a
    /// variant that gives none or is not in the catalog; the same `Arc` until the file
    /// is read again.
    pub fn pictures(&self, name: &str) -> Arc<[(char, PiecePicture)]> {
        self.canonical_name(name)
            .and_then(|n| self.entries.iter().find(|e| e.name == n))
            .map_or_else(|| Arc::from(Vec::new()), |e| e.pictures.clone())
    }

    /// Directories searched for plugin libraries.
    pub fn plugin_dirs(&self) -> &[PathBuf] {
        &self.plugin_dirs
    }
}

/// Loads one variant file (plugins searched beside it and on the standard path; a
/// plugin outside the trusted places is refused, see [`PluginTrust`]).
pub fn load_file(path: &Path) -> Result<Arc<dyn Rules>, LoadError> {
    load_file_with(path, &Catalog::search_dirs(), &PluginTrust::default())
}

/// The directory a variant file is in: `.` for a bare file name (`rifle.toml`), so
/// that the plugin library beside it is found.
fn folder_of(path: &Path) -> Option<PathBuf> {
    match path.parent() {
        Some(p) if p.as_os_str().is_empty() => Some(PathBuf::from(".")),
        Some(p) => Some(p.to_path_buf()),
        None => None,
    }
}

/// The directories a variant file's plugin is looked for in: the file's own, then `dirs`.
fn plugin_dirs_for(path: &Path, dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = dirs.to_vec();
    if let Some(parent) = folder_of(path) {
        out.insert(0, parent);
    }
    out
}

fn read_text(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|error| LoadError::Io {
        path: path.display().to_string(),
        error,
    })
}

fn read_spec(path: &Path) -> Result<VariantSpec, LoadError> {
    let text = read_text(path)?;
    Ok(parse_variant(&text, &path.display().to_string())?)
}

fn load_file_with(
    path: &Path,
    plugin_dirs: &[PathBuf],
    trust: &PluginTrust,
) -> Result<Arc<dyn Rules>, LoadError> {
    match read_spec(path)? {
        VariantSpec::Table(rules) => Ok(Arc::new(*rules)),
        VariantSpec::Plugin { name, library } => {
            load_trusted(&name, &library, &plugin_dirs_for(path, plugin_dirs), trust)
        }
    }
}

/// Loads a variant from TOML text; plugins are looked for in `plugin_dirs` and loaded
/// only from the trusted places (see [`PluginTrust`]).
pub fn load_text(
    text: &str,
    path: &str,
    plugin_dirs: &[PathBuf],
) -> Result<Arc<dyn Rules>, LoadError> {
    match parse_variant(text, path)? {
        VariantSpec::Table(rules) => Ok(Arc::new(*rules)),
        VariantSpec::Plugin { name, library } => {
            load_trusted(&name, &library, plugin_dirs, &PluginTrust::default())
        }
    }
}
