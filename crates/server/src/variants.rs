//! The variants the server serves: the catalog's table variants (and plugins it trusts),
//! each with its TOML text and that text's SHA-256, which travel with every game.

use crate::auth::sha256_hex;
use chess4d_core::Rules;
use chess4d_protocol::{VariantInfo, VariantSummary};
use chess4d_variants::{Catalog, EMBEDDED, EntryRules, Source};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A variant ready to be played.
#[derive(Clone)]
pub struct Served {
    /// The rules: the only judge of a move.
    pub rules: Arc<dyn Rules>,
    /// The name, text and hash sent with each game.
    pub info: VariantInfo,
}

/// Every served variant by name.
#[derive(Clone, Default)]
pub struct Variants {
    by_name: BTreeMap<String, Served>,
}

impl Variants {
    /// The catalog's variants whose rules are at hand (table rules; plugins only when the
    /// catalog's trust loads them) and whose text can be read.
    pub fn from_catalog(catalog: &Catalog) -> Variants {
        let mut by_name = BTreeMap::new();
        for entry in catalog.entries() {
            let rules = match &entry.rules {
                EntryRules::Ready(r) => r.clone(),
                EntryRules::Plugin(p) => match p.load(catalog.trust()) {
                    Ok(r) => r,
                    Err(_) => continue,
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
            };
            by_name.insert(entry.name.clone(), Served { rules, info });
        }
        Variants { by_name }
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
            })
            .collect()
    }
}
