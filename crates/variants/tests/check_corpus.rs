//! `check` on a corpus of broken or doubtful variant files: each file's header says
//! what must be found, where (`# expect: warning no-moves 12:1`), and nothing else may be.
//! The shipped variants have neither errors nor warnings.

use chess4d_variants::{Severity, check_text};
use std::path::Path;

/// One expected finding: severity, kind code, line, column.
type Expected = (Severity, String, usize, usize);

fn expectations(text: &str, file: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("# expect:") else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [severity, kind, at] = words[..] else {
            panic!("{file}: `# expect: error|warning KIND LINE:COLUMN`, not `{line}`");
        };
        let severity = match severity {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            other => panic!("{file}: severity `{other}`"),
        };
        let (l, c) = at.split_once(':').expect("LINE:COLUMN");
        out.push((
            severity,
            kind.to_string(),
            l.parse().unwrap(),
            c.parse().unwrap(),
        ));
    }
    out
}

#[test]
fn every_corpus_file_gets_exactly_its_expected_findings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "the corpus has {} files", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let expected = expectations(&text, &name);
        assert!(!expected.is_empty(), "{name}: no `# expect:` line");
        let checked = check_text(&text, &name);
        let mut found: Vec<Expected> = checked
            .warnings
            .iter()
            .chain(checked.spec.as_ref().err())
            .map(|f| {
                (
                    f.severity(),
                    f.kind.code().to_string(),
                    f.place.line,
                    f.place.column,
                )
            })
            .collect();
        let mut want = expected.clone();
        found.sort_by_key(|a| (a.1.clone(), a.2, a.3));
        want.sort_by_key(|a| (a.1.clone(), a.2, a.3));
        if found != want {
            let shown: Vec<String> = checked
                .warnings
                .iter()
                .chain(checked.spec.as_ref().err())
                .map(|f| format!("  [{}] {f}", f.kind.code()))
                .collect();
            failures.push(format!(
                "{name}: expected {want:?}\n  found {found:?}\n{}",
                shown.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_shipped_variants_are_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for dir in ["variants", "examples/variants"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let checked = check_text(&text, &path.display().to_string());
            if let Err(e) = &checked.spec {
                panic!("{e}");
            }
            let shown: Vec<String> = checked.warnings.iter().map(|w| w.to_string()).collect();
            assert!(shown.is_empty(), "{}", shown.join("\n"));
        }
    }
}

fn finding_of(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let checked = check_text(&text, file);
    match checked.spec {
        Err(e) => e.to_string(),
        Ok(_) => checked
            .warnings
            .iter()
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn messages_say_what_to_do() {
    let m = finding_of("unknown-key.toml");
    assert!(m.contains("did you mean `royal`?"), "{m}");
    let m = finding_of("unknown-start-letter.toml");
    assert!(m.contains("the pieces are K, Q, P"), "{m}");
    let m = finding_of("castling-king-not-there.toml");
    assert!(m.contains("the white king starts on e1"), "{m}");
    let m = finding_of("castling-with-a-bishop.toml");
    assert!(
        m.contains("holds a white bishop") && m.contains("piece = \"B\""),
        "{m}"
    );
    let m = finding_of("pawn-forward-z-on-8x8.toml");
    assert!(m.contains("no z axis (it has x, y)"), "{m}");
    let m = finding_of("no-moves.toml");
    assert!(m.contains("warning: piece 'G'"), "{m}");
}

/// What an author is told (issue 30): each message says what is wrong where, in one
/// coordinate base, with advice that leads to the variant meant.
#[test]
fn what_an_author_is_told() {
    let m = finding_of("royal-false-only-king.toml");
    assert!(
        m.contains("every game would end in a draw by stalemate"),
        "{m}"
    );
    assert!(m.contains("royal = true"), "{m}");
    let m = finding_of("castling-from-to-swapped.toml");
    assert!(
        m.contains("swapped") && m.contains(r#"rook = ["h1", "f1"]"#),
        "{m}"
    );
    assert!(
        !m.contains("piece = "),
        "no advice that makes a queen castle: {m}"
    );
    let m = finding_of("demote-unknown-letter.toml");
    assert!(
        m.starts_with("demote-unknown-letter.toml:12:10: demote = \"X\""),
        "{m}"
    );
    assert!(!m.contains("promotion to"), "{m}");
    let m = finding_of("goal-unknown-region.toml");
    assert!(
        m.contains("| goal = { region = \"hil\" }"),
        "at the key: {m}"
    );
    let m = finding_of("region-box-z-off-board.toml");
    assert!(
        m.contains("regions count z from 1") && m.contains("square names write from 0 ([0]-[1])"),
        "{m}"
    );
    let m = finding_of("mirror-w-on-3d.toml");
    assert!(
        m.contains("the board has no w axis") && m.contains("changes who wins"),
        "{m}"
    );
    assert!(m.contains(r#"write mirror = ["y"]"#), "{m}");
    let m = finding_of("double-step-unreachable.toml");
    assert!(m.contains("white pawns start on rank 2"), "{m}");
    let m = finding_of("start-in-check.toml");
    assert!(m.contains("by the white queen on h5"), "{m}");
}

/// The advice the check gives for a swapped castling entry, taken, gives a file that
/// passes: advice that leads to the variant meant.
#[test]
fn the_swapped_castling_advice_passes_the_check() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/castling-from-to-swapped.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let fixed = text.replace(r#"rook = ["f1", "h1"]"#, r#"rook = ["h1", "f1"]"#);
    let checked = check_text(&fixed, "fixed.toml");
    assert!(checked.spec.is_ok(), "{}", checked.spec.err().unwrap());
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-check-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two files with one name: each file's `check` still shows its own findings and loads
/// it (as `perft` does by path), and says which file the catalog keeps, in the words
/// the catalog itself uses.
#[test]
fn a_name_another_file_has_is_a_warning_beside_the_file_s_own_findings() {
    let dir = scratch("names");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/value-zero.toml"),
    )
    .unwrap();
    std::fs::write(dir.join("a.toml"), &text).unwrap();
    std::fs::write(dir.join("b.toml"), &text).unwrap();
    let checked = chess4d_variants::check_file(&dir.join("b.toml")).unwrap();
    assert!(checked.spec.is_ok(), "the file itself loads");
    let codes: Vec<&str> = checked.warnings.iter().map(|w| w.kind.code()).collect();
    assert!(
        codes.contains(&"zero-value"),
        "its own finding stays: {codes:?}"
    );
    let collision = checked
        .warnings
        .iter()
        .find(|w| w.kind.code() == "name-collision")
        .expect("a name-collision warning");
    let said = &collision.place.message;
    assert!(
        said.contains("the catalog keeps this file and hides") && said.contains("a.toml"),
        "{said}"
    );
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&dir);
    let kept = catalog
        .entries()
        .iter()
        .find(|e| e.name == "value-zero")
        .unwrap();
    assert_eq!(
        kept.source,
        chess4d_variants::Source::File(dir.join("b.toml")),
        "the catalog keeps the file check says it keeps"
    );
    assert!(
        catalog.warnings()[0].contains("the catalog keeps")
            && catalog.warnings()[0].contains("hides"),
        "{:?}",
        catalog.warnings()
    );
    let first = chess4d_variants::check_file(&dir.join("a.toml")).unwrap();
    assert!(
        first
            .warnings
            .iter()
            .any(|w| w.place.message.contains("and hides this file")),
        "{:?}",
        first.warnings
    );

    let orthodox = include_str!("../../../variants/orthodox.toml");
    let changed = orthodox.replace("value = 900", "value = 950");
    std::fs::write(dir.join("mine.toml"), changed).unwrap();
    let checked = chess4d_variants::check_file(&dir.join("mine.toml")).unwrap();
    assert!(checked.spec.is_ok());
    assert!(
        checked
            .warnings
            .iter()
            .any(|w| w.kind.code() == "shadows-built-in"),
        "{:?}",
        checked.warnings
    );
    // The built-in's own text (the shipped variants/ directory) is not a warning.
    std::fs::write(dir.join("mine.toml"), orthodox).unwrap();
    let checked = chess4d_variants::check_file(&dir.join("mine.toml")).unwrap();
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
}

#[test]
fn the_catalog_reads_only_variant_files_and_reports_duplicates() {
    let dir = scratch("catalog");
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"my-plugin\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    let text = include_str!("../../../variants/classic.toml").replace("\"classic\"", "\"twin\"");
    std::fs::write(dir.join("one.toml"), &text).unwrap();
    std::fs::write(dir.join("two.toml"), &text).unwrap();
    let orthodox =
        include_str!("../../../variants/orthodox.toml").replace("value = 900", "value = 950");
    std::fs::write(dir.join("orthodox.toml"), orthodox).unwrap();
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&dir);
    let names: Vec<&str> = catalog.entries().iter().map(|e| e.name.as_str()).collect();
    assert!(!names.contains(&"Cargo"), "{names:?}");
    assert_eq!(names.iter().filter(|n| **n == "twin").count(), 1);
    let warnings = catalog.warnings().join("\n");
    assert!(
        warnings.contains("two.toml") && warnings.contains("one.toml"),
        "{warnings}"
    );
    assert!(warnings.contains("hides the built-in"), "{warnings}");
    assert_eq!(catalog.warnings().len(), 2, "{warnings}");
}

#[test]
fn check_never_panics_on_a_damaged_file() {
    // Every shipped file and corpus file with every third line removed in turn, and cut
    // at every 151st byte: each gives a result (an error or a variant), never a panic.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for dir in ["../../variants", "tests/corpus", "../../examples/variants"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "toml") {
                texts.push(std::fs::read_to_string(path).unwrap());
            }
        }
    }
    let mut checked = 0;
    for text in &texts {
        let lines: Vec<&str> = text.lines().collect();
        for skip in (0..lines.len()).step_by(3) {
            let damaged: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, l)| *l)
                .collect();
            let _ = check_text(&damaged.join("\n"), "damaged.toml");
            checked += 1;
        }
        for cut in (0..text.len()).step_by(151) {
            if let Some(part) = text.get(..cut) {
                let _ = check_text(part, "cut.toml");
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked} damaged files");
}
