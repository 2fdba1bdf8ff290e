//! Building test plugins from a test: C files with the system compiler, Rust examples
//! with cargo.

#![allow(dead_code)] // each test file uses part of it

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compiles `crates/plugin-api/tests/c/line_chess.c` with `defines` into
/// `<dir>/lib<name>.so` (a directory of its own per plugin) and returns the directory.
pub fn compile_line_chess(name: &str, defines: &[&str]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-plugins")
        .join(name);
    std::fs::create_dir_all(&dir).expect("create the plugin directory");
    let root = repo_root();
    let lib = dir.join(format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cmd.args([
        "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-shared", "-fPIC",
    ])
    .arg("-I")
    .arg(root.join("crates/plugin-api/include"))
    .arg("-o")
    .arg(&lib)
    .arg(root.join("crates/plugin-api/tests/c/line_chess.c"));
    for d in defines {
        cmd.arg(format!("-D{d}"));
    }
    let out = cmd.output().expect("run the C compiler `cc`");
    assert!(
        out.status.success(),
        "cc failed for {name}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

/// Builds the cdylib example `name` of this crate and returns the directory holding
/// `lib<name>.so`.
pub fn build_example(name: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-p", "chess4d-variants", "--example", name]);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd.output().expect("run cargo");
    assert!(
        out.status.success(),
        "cargo build --example {name} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The test binary is target/<profile>/deps/NAME; examples are in target/<profile>/examples.
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    profile_dir.join("examples")
}

/// A fresh empty directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("plugin-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// 1-D chess in the movement vocabulary: the same game as `line_chess.c`.
pub const LINE_TOML: &str = r#"
[variant]
name = "line-table"
board = [8]
start = "KNR2rnk w - - 0 1"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = 1 }]

[[piece]]
letter = "N"
name = "knight"
value = 300
moves = [{ leap = [2] }]

[[piece]]
letter = "R"
name = "rook"
value = 500
moves = [{ slide = 1 }]
"#;

/// Line crazyhouse in the vocabulary: 1-D chess whose captured pieces go to the
/// captor's hand, the same game as `line_chess.c` built with `-DDROPS`.
pub const LINE_HOUSE_TOML: &str = r#"
[variant]
name = "line-house-table"
board = [8]
start = "KNR2rnk[] w - - 0 1"

[rules]
bare_kings_draw = false

[drops]
captures = "hand"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = 1 }]

[[piece]]
letter = "N"
name = "knight"
value = 300
moves = [{ leap = [2] }]

[[piece]]
letter = "R"
name = "rook"
value = 500
moves = [{ slide = 1 }]
"#;

/// Line three-check in the vocabulary: the same game as `line_chess.c` built with
/// `-DCHECKS`.
pub const LINE_CHECKS_TOML: &str = r#"
[variant]
name = "line-checks-table"
board = [8]
start = "KNR2rnk w - - 3+3 0 1"

[ends]
checks = 3

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = 1 }]

[[piece]]
letter = "N"
name = "knight"
value = 300
moves = [{ leap = [2] }]

[[piece]]
letter = "R"
name = "rook"
value = 500
moves = [{ slide = 1 }]
"#;
