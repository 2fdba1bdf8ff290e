//! The catalog against Fairy-Stockfish: every figure of `tests/fsf/*.perft`.
//!
//! The files are written by `scripts/gen-fsf-perft.py`, which asks `fairy-stockfish` for
//! the perft of each variant's start position and of positions reached by seeded random
//! play. Each variant is loaded from the catalog (`variants/`) by its Fairy-Stockfish
//! name and must give identical totals at every depth listed.

use chess4d_core::{Rules, divide, perft};
use chess4d_variants::Catalog;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod perft_file;
use perft_file::{read_cases, root};

fn catalog() -> Catalog {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&root().join("variants"));
    catalog
}

/// Checks one variant's file; returns the failures in words.
fn check_file(catalog: &Catalog, path: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    let mut rules: Option<(String, Arc<dyn Rules>)> = None;
    for case in read_cases(path) {
        if rules.as_ref().is_none_or(|(n, _)| *n != case.variant) {
            match catalog.get(&case.variant) {
                Ok(r) => rules = Some((case.variant.clone(), r)),
                Err(e) => {
                    failures.push(format!("{}: variant {}: {e}", case.id, case.variant));
                    return failures;
                }
            }
        }
        let Some((_, rules)) = &rules else { continue };
        let mut pos = match rules.parse_position(&case.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: {e} in {}", case.id, case.fen));
                continue;
            }
        };
        for &(depth, expected) in &case.depths {
            let nodes = perft(&**rules, &mut pos, depth);
            if nodes != expected {
                let mut split: Vec<String> = divide(&**rules, &mut pos, depth)
                    .into_iter()
                    .map(|(m, n)| format!("{m}:{n}"))
                    .collect();
                split.sort();
                failures.push(format!(
                    "{}: perft({depth}) = {nodes}, Fairy-Stockfish {expected}; fen {}; moves {}",
                    case.id,
                    case.fen,
                    split.join(" ")
                ));
                break;
            }
        }
    }
    failures
}

#[test]
fn every_variant_matches_fairy_stockfish() {
    let dir = root().join("tests/fsf");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        // `FSF_ONLY=crazyhouse,loop` checks only those files (while working on them).
        .filter(|p| {
            std::env::var("FSF_ONLY").map_or(true, |only| {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                only.split(',').any(|o| o == stem)
            })
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no data files in {}", dir.display());
    let catalog = catalog();
    let mut failures = Vec::new();
    for f in &files {
        failures.extend(check_file(&catalog, f));
    }
    assert!(
        failures.is_empty(),
        "{} disagreement(s) with Fairy-Stockfish:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The data files are what the committed script writes: regenerating two small
/// variants with the installed `fairy-stockfish` gives the same bytes. Without the tool
/// this is skipped, except on CI (`CI` set), where it fails.
#[test]
fn the_data_files_are_what_the_script_writes() {
    let fsf =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    let have_python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !Path::new(&fsf).exists() || !have_python {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs {fsf} and python3 (scripts/test-all.sh installs fairy-stockfish)"
        );
        eprintln!("SKIPPED: {fsf} or python3 is missing");
        return;
    }
    let out = std::env::temp_dir().join(format!("chess4d-fsf-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    let status = std::process::Command::new("python3")
        .arg(root().join("scripts/gen-fsf-perft.py"))
        .args(["gardner", "minixiangqi"])
        .env("FSF_PERFT_OUT", &out)
        .env("FAIRY_STOCKFISH", &fsf)
        .output()
        .unwrap_or_else(|e| panic!("gen-fsf-perft.py: {e}"));
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    for name in ["gardner", "minixiangqi"] {
        let fresh = std::fs::read_to_string(out.join(format!("{name}.perft")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let committed = std::fs::read_to_string(root().join(format!("tests/fsf/{name}.perft")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            fresh == committed,
            "tests/fsf/{name}.perft differs from a fresh run of the script"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
