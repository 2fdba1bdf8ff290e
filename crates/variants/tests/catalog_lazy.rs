//! The catalog reads every variant file but builds only the variants that are used:
//! building one's tables is most of reading a file, and a program plays one variant of
//! eighty. A file found broken when it is built says so as a file broken on reading did.

use chess4d_variants::{Catalog, EntryRules};
use std::path::PathBuf;

const ORTHODOX: &str = include_str!("../../../variants/orthodox.toml");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-lazy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Orthodox chess under another name (and, with `start`, another start position).
fn renamed(name: &str, start: Option<&str>) -> String {
    let text = ORTHODOX.replacen("name = \"orthodox\"", &format!("name = \"{name}\""), 1);
    assert_ne!(text, ORTHODOX, "the shipped file names itself orthodox");
    match start {
        Some(fen) => {
            let at = text.find("start = ").expect("a start key");
            let end = at + text[at..].find('\n').expect("a line");
            format!("{}start = \"{fen}\"{}", &text[..at], &text[end..])
        }
        None => text,
    }
}

fn built(catalog: &Catalog, name: &str) -> bool {
    let entry = catalog
        .entries()
        .iter()
        .find(|e| e.name == name)
        .expect(name);
    match &entry.rules {
        EntryRules::Unbuilt(u) => u.is_built(),
        _ => true,
    }
}

#[test]
fn a_folder_is_read_without_building_and_a_variant_is_built_when_used() {
    let dir = temp("used");
    std::fs::write(dir.join("mine.toml"), renamed("mine", None)).unwrap();
    std::fs::write(dir.join("yours.toml"), renamed("yours", None)).unwrap();
    // Not a variant file: left out, as before.
    std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    assert!(catalog.entries().iter().all(|e| e.name != "x"));
    for name in ["full", "classic", "orthodox", "raumschach", "mine", "yours"] {
        assert!(!built(&catalog, name), "{name} was built on reading");
    }
    let mine = catalog.get("mine").expect("mine builds");
    assert_eq!(mine.info().name, "mine");
    assert!(built(&catalog, "mine"));
    assert!(!built(&catalog, "yours"), "asking for one built another");
    // A clone of the catalog shares what was built.
    let copy = catalog.clone();
    assert!(built(&copy, "mine"));
    let again = copy.get("mine").unwrap();
    assert!(std::sync::Arc::ptr_eq(&mine, &again), "built twice");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_broken_beyond_its_header_is_an_entry_with_its_located_error() {
    let dir = temp("broken");
    // The header is fine; the start position names a piece the variant lacks.
    let text = renamed(
        "slip",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
    );
    std::fs::write(dir.join("slip.toml"), &text).unwrap();
    std::fs::write(dir.join("garbled.toml"), "[variant\nname = ").unwrap();
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    let entry = catalog.entries().iter().find(|e| e.name == "slip").unwrap();
    let error = entry.error().expect("the slip is found").to_string();
    let line = text
        .lines()
        .position(|l| l.starts_with("start = "))
        .unwrap()
        + 1;
    assert!(error.contains("slip.toml"), "{error}");
    assert!(error.contains(&format!(":{line}:")), "line {line}: {error}");
    assert!(entry.ready().is_none());
    assert!(entry.summary().contains("ERROR"), "{}", entry.summary());
    let refused = catalog
        .get("slip")
        .err()
        .expect("a broken variant is refused");
    assert_eq!(refused.to_string(), error);
    // A file that is not TOML at all is read in full at once, as before.
    let garbled = catalog
        .entries()
        .iter()
        .find(|e| e.name == "garbled")
        .expect("an entry for the garbled file");
    assert!(matches!(garbled.rules, EntryRules::Broken(_)));
    // The built-ins are untouched by the broken files.
    assert!(catalog.get("orthodox").is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_files_of_one_name_are_still_noticed() {
    let dir = temp("twins");
    std::fs::write(dir.join("a.toml"), renamed("twin", None)).unwrap();
    std::fs::write(dir.join("b.toml"), renamed("twin", None)).unwrap();
    // A file that replaces a built-in with other text is warned of too.
    std::fs::write(
        dir.join("orthodox.toml"),
        ORTHODOX.replacen("title = ", "title = \"Mine\"\n# was ", 1),
    )
    .unwrap();
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&dir);
    let warnings = catalog.warnings().join("\n");
    assert!(warnings.contains("b.toml"), "{warnings}");
    assert!(warnings.contains("orthodox.toml"), "{warnings}");
    assert_eq!(
        catalog
            .entries()
            .iter()
            .filter(|e| e.name == "twin")
            .count(),
        1
    );
    let _ = std::fs::remove_dir_all(&dir);
}
