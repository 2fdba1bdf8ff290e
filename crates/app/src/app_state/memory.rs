//! What some panels keep between frames that is neither the game nor a setting: text
//! typed but not yet used, caches of files read, the analysis lines' hover. Kept in the
//! state rather than in egui's memory (which its docs say is "NOT meant to store any
//! important data"), so that nothing the viewer depends on lives in the widget library.

use chess4d_puzzles::openings::Explorer;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::SystemTime;

/// A variant's opening corpus, or why there is none.
pub type Corpus = Arc<Result<Explorer, String>>;

/// The panels' own memory.
#[derive(Debug, Default)]
pub struct PanelMemory {
    /// The Analysis tab's "or a UCI engine's path" field as typed.
    pub engine_path: String,
    /// Whether the analysis' lines were drawn this frame: a hovered line's preview
    /// lasts only while they are (gui/analysis.rs).
    pub lines_drawn: bool,
    /// The analysis line hovered in the frame they were drawn, if any.
    pub line_hovered: Option<usize>,
    /// The Variants tab's search field as typed.
    pub variant_search: String,
    /// Each variant's opening corpus, read once (gui/explorer.rs).
    pub openings: HashMap<String, Corpus>,
    /// Each variant file's warnings, with the file's time when checked
    /// (gui/warnings.rs): checked again when the file changes.
    pub checked_files: HashMap<PathBuf, (Option<SystemTime>, Vec<String>)>,
}
