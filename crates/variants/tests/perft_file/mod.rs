//! The perft data files' format (`tests/fsf/*.perft`, `tests/perft/*.perft`), shared by
//! the tests that read them: blocks of `id`, `variant`, `fen` and `perft DEPTH NODES`
//! lines, `#` comments.

use std::path::{Path, PathBuf};

/// One position and its counts.
pub struct Case {
    pub id: String,
    pub variant: String,
    pub fen: String,
    pub depths: Vec<(u32, u64)>,
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every case of `path`; a malformed line panics with its place.
pub fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{}:{}", path.display(), n + 1);
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: no value", at()));
        if key == "id" {
            cases.push(Case {
                id: value.into(),
                variant: String::new(),
                fen: String::new(),
                depths: vec![],
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{}: `id` first", at()));
        match key {
            "variant" => case.variant = value.into(),
            "fen" => case.fen = value.into(),
            "perft" => {
                let parsed = value
                    .split_once(' ')
                    .and_then(|(d, n)| Some((d.parse().ok()?, n.parse().ok()?)));
                case.depths
                    .push(parsed.unwrap_or_else(|| panic!("{}: perft DEPTH NODES", at())));
            }
            other => panic!("{}: unknown key {other}", at()),
        }
    }
    cases
}
