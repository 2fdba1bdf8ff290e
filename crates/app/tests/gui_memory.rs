//! Nothing the viewer depends on lives in egui's memory: egui's docs say its `data`
//! store is "NOT meant to store any important data". The game, the board editor's
//! model, typed text and caches are fields of the app's state (crate::app_state), which
//! panels read and change by actions. This test reads every file under
//! `crates/app/src/gui` and fails on any use of egui's `data` store, outside the
//! allowlist below, with the file and line named; and it fails when the state's own
//! files (`crates/app/src/app_state`) use egui or winit at all.

use std::path::{Path, PathBuf};

/// What reaches egui's `IdTypeMap` (temporary or persisted data).
const FORBIDDEN: [&str; 10] = [
    "get_temp",
    "insert_temp",
    "remove_temp",
    "_temp_mut",
    "get_persisted",
    "insert_persisted",
    "_persisted_mut",
    "data_mut(",
    ".data(",
    ".data.",
];

/// `(file, what)` pairs allowed to use egui's memory: pure widget cosmetics only, each
/// with its reason in a comment. None today: keep it that way where you can.
const ALLOWED: [(&str, &str); 0] = [];

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("crates/app/src/gui is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}

/// The uses of egui's memory in `text` (comments left out), as `line: text`.
fn uses(file: &str, text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter_map(|(i, line)| {
            let what = FORBIDDEN.iter().find(|f| line.contains(*f))?;
            let allowed = ALLOWED.iter().any(|(f, w)| *f == file && w == what);
            (!allowed).then(|| format!("{file}:{}: {}", i + 1, line.trim()))
        })
        .collect()
}

#[test]
fn no_gui_file_keeps_state_in_egui_memory() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let files = sources(&dir);
    assert!(files.len() > 10, "the gui's files were read: {files:?}");
    let mut found = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("a source file");
        found.extend(uses(&name, &text));
    }
    assert!(
        found.is_empty(),
        "egui's memory holds state (move it into crate::app_state and change it by \
         actions):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_temp_and_persisted_data_but_not_comments() {
    let text = "// ctx.data(|d| d.get_temp(id)) in a comment\n\
                let x = ui.data_mut(|d| d.insert_temp(id, 1));\n\
                let y = ctx.data(|d| d.get_persisted::<u8>(id));\n\
                let z = memory.data.get_temp::<u8>(id);\n\
                let fine = state.memory.engine_path.clone();";
    let found = uses("x.rs", text);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].starts_with("x.rs:2: "), "{found:?}");
}

#[test]
fn the_app_state_names_no_egui_or_winit_type() {
    // The state is built and driven without a window (tests/app_state_online.rs): its
    // files may mention egui in their comments, never use it.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app_state");
    let files = sources(&dir);
    assert!(files.len() >= 5, "the state's files were read: {files:?}");
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("egui") || code.contains("winit") {
                found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the app state uses a window type:\n{}",
        found.join("\n")
    );
}
