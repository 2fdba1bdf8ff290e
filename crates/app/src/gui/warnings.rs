//! The Variants tab's warnings: what `chess4d check` says about each variant file that
//! loads but is probably not what its author meant, and the catalog's own notes
//! (duplicate names, replaced built-ins). Checked once per file and again when it
//! changes on disk.

use crate::app_state::memory::PanelMemory;
use crate::session::Session;
use chess4d_variants::Source;
use egui::{Color32, RichText, Ui};
use std::path::PathBuf;

/// Warnings.
const WARN: Color32 = Color32::from_rgb(230, 180, 80);

/// The "Warnings" section: nothing when there are none. Each file's warnings are kept
/// in the app's state ([`PanelMemory::checked_files`]) until the file changes.
pub fn warnings_section(side: &mut Ui, session: &Session, memory: &mut PanelMemory) {
    let files: Vec<PathBuf> = session
        .catalog()
        .entries()
        .iter()
        .filter(|e| e.error().is_none())
        .filter_map(|e| match &e.source {
            Source::File(p) => Some(p.clone()),
            Source::Embedded => None,
        })
        .collect();
    let cache = &mut memory.checked_files;
    let mut lines: Vec<String> = session.catalog().warnings().to_vec();
    for path in files {
        let changed = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let stale = cache.get(&path).is_none_or(|(when, _)| *when != changed);
        if stale {
            let found = match chess4d_variants::check_file(&path) {
                Ok(checked) => checked.warnings.iter().map(|w| w.to_string()).collect(),
                Err(_) => Vec::new(),
            };
            cache.insert(path.clone(), (changed, found));
        }
        if let Some((_, found)) = cache.get(&path) {
            lines.extend(found.iter().cloned());
        }
    }
    if lines.is_empty() {
        return;
    }
    super::widgets::section(side, "Warnings");
    for line in lines {
        side.label(RichText::new(line).color(WARN).monospace().small());
    }
}
