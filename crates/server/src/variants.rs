//! The variants the server serves: the catalog's table variants (and plugins it trusts),
//! each with its TOML text and that text's SHA-256, which travel with every game. A
//! plugin variant also carries its library's name and SHA-256 (the bytes the server
//! loaded), so that only a client with the identical library joins its games; a plugin
//! the server does not trust is not served, and naming it is refused as untrusted.

use crate::auth::sha256_hex;
use chess4d_core::Rules;
use chess4d_protocol::{PluginLibrary, VariantInfo, VariantSummary};
use chess4d_variants::plugin::find_plugin;
use chess4d_variants::{Catalog, EMBEDDED, EntryRules, Source};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A variant ready to be played.
#[derive(Clone)]
pub struct Served {
    /// The rules: the only judge of a move.
    pub rules: Arc<dyn Rules>,
    /// The name, text and hash sent with each game.
    pub info: VariantInfo,
    /// Which piece kinds can mate, found once (flag falls).
    pub mating: Arc<crate::material::MatingCache>,
}

/// Every served variant by name.
#[derive(Clone, Default)]
pub struct Variants {
    by_name: BTreeMap<String, Served>,
    /// Plugin variants of the catalog that were not loaded (untrusted, or the library is
    /// missing or broken): refused with `untrusted_variant`, never run.
    untrusted: BTreeSet<String>,
}

impl Variants {
    /// The catalog's variants whose rules are at hand (table rules; plugins only when the
    /// catalog's trust loads them) and whose text can be read.
    pub fn from_catalog(catalog: &Catalog) -> Variants {
        let mut by_name = BTreeMap::new();
        let mut untrusted = BTreeSet::new();
        for entry in catalog.entries() {
            let (rules, plugin) = match &entry.rules {
                EntryRules::Ready(r) => (r.clone(), None),
                EntryRules::Unbuilt(u) => match u.rules() {
                    Ok(r) => (r.clone(), None),
                    Err(_) => continue,
                },
                EntryRules::Plugin(p) => match (p.load(catalog.trust()), library_of(p)) {
                    (Ok(r), Some(lib)) => (r, Some(lib)),
                    _ => {
                        untrusted.insert(entry.name.clone());
                        continue;
                    }
                },
                EntryRules::Broken(_) => continue,
            };
            let toml = match &entry.source {
                Source::Embedded => EMBEDDED
                    .iter()
                    .find(|(file, _)| file.strip_suffix(".toml") == Some(entry.name.as_str()))
                    .map(|(_, text)| (*text).to_string()),
                Source::File(path) => std::fs::read_to_string(path).ok(),
            };
            let Some(toml) = toml else { continue };
            let info = VariantInfo {
                name: entry.name.clone(),
                sha256: sha256_hex(toml.as_bytes()),
                toml,
                plugin,
            };
            by_name.insert(
                entry.name.clone(),
                Served {
                    rules,
                    info,
                    mating: Arc::default(),
                },
            );
        }
        Variants { by_name, untrusted }
    }

    /// Whether `name` is a plugin variant of the catalog that this server does not run.
    pub fn is_untrusted(&self, name: &str) -> bool {
        self.untrusted.contains(name)
    }

    /// A variant by name.
    pub fn get(&self, name: &str) -> Option<&Served> {
        self.by_name.get(name)
    }

    /// The list for `GET /api/variants`.
    pub fn summaries(&self) -> Vec<VariantSummary> {
        self.by_name
            .values()
            .map(|s| VariantSummary {
                name: s.info.name.clone(),
                title: s.rules.info().title.clone(),
                board: s.rules.info().shape.to_string(),
                sha256: s.info.sha256.clone(),
                plugin: s.info.plugin.clone(),
            })
            .collect()
    }
}

/// The library file a loaded plugin variant came from, by name and SHA-256 (the same
/// search the loader made, so the same file).
fn library_of(entry: &chess4d_variants::PluginEntry) -> Option<PluginLibrary> {
    let path = find_plugin(&entry.library, &entry.dirs).ok()?;
    let bytes = std::fs::read(path).ok()?;
    Some(PluginLibrary {
        library: entry.library.clone(),
        sha256: sha256_hex(&bytes),
    })
}
