//! The modules of `crates/app/src/gui` import each other in no cycle: each file's
//! `super::NAME` paths (in `use` lines and in code, `use super::{a, b}` groups too) name
//! the sibling modules it needs, and a cycle among them fails with the files named.
//! The parent (mod.rs) is left out: it declares every module and owns the window's
//! state that they all share.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The sibling modules `text` refers to through `super::`.
fn siblings(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in text.match_indices("super::") {
        let rest = &text[i + "super::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            // `use super::{UiState, players, tabs}` (one level of braces is enough here)
            Some(group) => group
                .split('}')
                .next()
                .unwrap_or_default()
                .split(',')
                .map(|n| n.trim().split("::").next().unwrap_or_default())
                .collect(),
            None => vec![
                rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default(),
            ],
        };
        found.extend(
            names
                .into_iter()
                .filter(|n| modules.contains(*n))
                .map(str::to_string),
        );
    }
    found
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search with the path kept: a module met again on the path closes a
    // cycle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

fn graph_of(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("crates/app/src/gui is readable")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).expect("a source file"))
        })
        .filter(|(name, _)| name != "mod")
        .collect();
    let modules: BTreeSet<String> = files.iter().map(|(n, _)| n.clone()).collect();
    files
        .iter()
        .map(|(name, text)| {
            let mut uses = siblings(text, &modules);
            uses.remove(name);
            (name.clone(), uses)
        })
        .collect()
}

#[test]
fn the_gui_modules_import_each_other_in_no_cycle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let graph = graph_of(&dir);
    assert!(graph.len() > 10, "the gui's modules were read: {graph:?}");
    if let Some(c) = cycle(&graph) {
        panic!(
            "crates/app/src/gui imports in a circle: {} (move the item they share to a \
             module that needs none of them)",
            c.join(" -> ")
        );
    }
}

#[test]
fn the_check_finds_a_cycle_and_reads_grouped_uses() {
    let modules: BTreeSet<String> = ["a", "b", "c"].map(String::from).into();
    let uses = siblings(
        "use super::{UiState, b, c::X};\nfn f(p: &super::a::P) {}",
        &modules,
    );
    assert_eq!(uses, ["a", "b", "c"].map(String::from).into());
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::new());
    assert_eq!(cycle(&graph), None);
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&graph).map(|c| c.join(" ")), Some("a b c a".into()));
}
