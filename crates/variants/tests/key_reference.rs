//! The guide's reference of variant keys (`docs/src/variants/reference.md`) matches the
//! loader: every key the loader knows has a line there, and every line names a key the
//! loader knows.
//!
//! The loader's keys are not copied here: each table is probed with a key it cannot know
//! (`zz_unknown`), and the loader's own refusal lists the keys it expects (serde writes
//! the field list of the schema's structs into "unknown field ..., expected one of ...";
//! the loader's checks of `[start]` and of a `picture` table list theirs).
//! The file's top level is probed the same way, so a new table in the schema fails this
//! test until it has a probe below and a section in the reference.

use chess4d_variants::parse_variant;
use std::collections::{BTreeMap, BTreeSet};

const REFERENCE: &str = include_str!("../../../docs/src/variants/reference.md");
const REFERENCE_PATH: &str = "docs/src/variants/reference.md";

/// A small variant that loads: two kings on a 4x4 board, a pawn that promotes to a queen.
const BASE: &str = r#"
[variant]
name = "probe"
board = [4, 4]
start = "k3/p3/4/K3 w - - 0 1"

[rules]
promotion = ["Q"]

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{ step = [1, 2] }]

[[piece]]
letter = "P"
name = "pawn"
pawn = true
value = 100
moves = [{ step = 1, forward = "y", only = "move" }]

[[piece]]
letter = "Q"
name = "queen"
value = 900
moves = [{ slide = [1, 2] }]
"#;

/// Where each section of the reference gets its unknown key: the section's name (as its
/// `<!-- keys: NAME -->` marker writes it) and the file that puts `zz_unknown` in it.
fn probes() -> Vec<(&'static str, String)> {
    let add = |extra: &str| format!("{BASE}\n{extra}\n");
    let piece = |field: &str| {
        BASE.replacen(
            "moves = [{ step = [1, 2] }]",
            &format!("moves = [{{ step = [1, 2] }}]\n{field}"),
            1,
        )
    };
    vec![
        ("file", format!("zz_unknown = 1\n{BASE}")),
        (
            "variant",
            BASE.replacen("board = [4, 4]", "board = [4, 4]\nzz_unknown = 1", 1),
        ),
        (
            "rules",
            BASE.replacen("promotion = [\"Q\"]", "zz_unknown = 1", 1),
        ),
        ("piece", piece("zz_unknown = 1")),
        ("piece.picture", piece("picture = { zz_unknown = \"x\" }")),
        (
            "start",
            BASE.replacen("start = \"k3/p3/4/K3 w - - 0 1\"\n", "", 1)
                + "\n[start]\nboard = \"k3/p3/4/K3\"\nzz_unknown = 1\n",
        ),
        (
            "piece.moves",
            BASE.replacen("{ step = [1, 2] }", "{ step = [1, 2], zz_unknown = 1 }", 1),
        ),
        (
            "castling",
            add("[[castling]]\nletter = \"K\"\ncolor = \"white\"\nzz_unknown = 1"),
        ),
        ("castling960", add("[castling960]\nzz_unknown = 1")),
        ("region", add("[region.home]\nzz_unknown = 1")),
        ("ends", add("[ends]\nzz_unknown = 1")),
        (
            "ends.goal",
            add("[ends]\ngoal = { region = \"home\", zz_unknown = 1 }"),
        ),
        (
            "ends.extinction",
            add("[ends]\nextinction = { zz_unknown = 1 }"),
        ),
        ("promotion", add("[promotion]\nzz_unknown = 1")),
        ("drops", add("[drops]\nzz_unknown = 1")),
        ("forms", add("[forms]\nzz_unknown = 1")),
        ("passing", add("[passing]\nzz_unknown = 1")),
        ("gating", add("[gating]\nzz_unknown = 1")),
        ("promotion_move", add("[promotion_move]\nzz_unknown = 1")),
    ]
}

/// The keys a refusal lists. Serde writes "unknown field `zz_unknown`, expected one of
/// `a`, `b`" ("expected `a` or `b`", "expected `a`", "there are no fields"); the
/// loader's own checks of a `picture` table write "unknown key `zz_unknown` in a
/// picture: it has `a` or `b`", and of a `[start]` table "...; the other keys are a, b".
fn expected_keys(message: &str) -> Option<BTreeSet<String>> {
    let backticked = |list: &str| -> BTreeSet<String> {
        // The list ends where the message does; anything after `;` is a hint.
        let list = list.split(';').next().unwrap_or(list);
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    if let Some(rest) = message.split("unknown field `zz_unknown`, ").nth(1) {
        if rest.starts_with("there are no fields") {
            return Some(BTreeSet::new());
        }
        return rest.strip_prefix("expected ").map(backticked);
    }
    if let Some(rest) = message.split("in a picture: it has ").nth(1) {
        return Some(backticked(rest));
    }
    let rest = message.split("the other keys are ").nth(1)?;
    let list = rest.split(';').next().unwrap_or(rest);
    Some(list.split(',').map(|k| k.trim().to_string()).collect())
}

/// The reference's keys by section: a `<!-- keys: NAME -->` line opens a section, and
/// each table row that starts with a key in backticks (`` | `name` | ``) is one key.
fn reference_keys() -> BTreeMap<String, BTreeSet<String>> {
    let mut sections: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in REFERENCE.lines() {
        let line = line.trim();
        if let Some(name) = line
            .strip_prefix("<!-- keys:")
            .and_then(|r| r.strip_suffix("-->"))
        {
            let name = name.trim().to_string();
            sections.entry(name.clone()).or_default();
            current = Some(name);
        } else if line.starts_with("#") {
            current = None;
        } else if let (Some(section), Some(row)) = (&current, line.strip_prefix("| `")) {
            let key = row.split('`').next().unwrap_or_default().to_string();
            sections.entry(section.clone()).or_default().insert(key);
        }
    }
    sections
}

#[test]
fn every_key_the_loader_knows_has_a_line_in_the_reference_and_no_other() {
    let reference = reference_keys();
    let probes = probes();
    let mut problems = Vec::new();
    let mut probed = BTreeSet::new();
    for (section, text) in &probes {
        probed.insert(section.to_string());
        let message = match parse_variant(text, "probe.toml") {
            Ok(_) => {
                problems.push(format!("{section}: the loader accepted `zz_unknown`"));
                continue;
            }
            Err(e) => e.message,
        };
        let Some(loader) = expected_keys(&message) else {
            problems.push(format!(
                "{section}: the loader's refusal lists no keys: {message}"
            ));
            continue;
        };
        let Some(documented) = reference.get(*section) else {
            problems.push(format!(
                "{REFERENCE_PATH} has no section `<!-- keys: {section} -->` (the loader knows {loader:?})"
            ));
            continue;
        };
        for key in loader.difference(documented) {
            problems.push(format!(
                "the loader knows `{key}` in {section}, but {REFERENCE_PATH} has no line `| `{key}` | ...` under `<!-- keys: {section} -->`"
            ));
        }
        for key in documented.difference(&loader) {
            problems.push(format!(
                "{REFERENCE_PATH} documents `{key}` in {section}, but the loader does not know it (it knows {loader:?})"
            ));
        }
    }
    for section in reference.keys() {
        if !probed.contains(section) {
            problems.push(format!(
                "{REFERENCE_PATH} has a section `{section}` that this test does not probe"
            ));
        }
    }
    // A table the schema gained: the top-level probe lists it, and it needs a probe here.
    if let Some(top) = reference.get("file") {
        for table in top {
            if !probed
                .iter()
                .any(|p| p == table || p.starts_with(&format!("{table}.")))
            {
                problems.push(format!(
                    "the file's table `{table}` has no probe in crates/variants/tests/key_reference.rs: add one and a `<!-- keys: {table} -->` section"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_base_file_of_the_probes_loads() {
    // Without this, a probe could fail for a reason other than its unknown key.
    if let Err(e) = parse_variant(BASE, "probe.toml") {
        panic!("the probes' base file does not load: {e}");
    }
}
