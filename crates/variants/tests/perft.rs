//! Perft suites from `tests/perft/*.perft`: every position, every depth listed.

use chess4d_core::perft;
use chess4d_variants::Catalog;
use std::path::PathBuf;

struct Case {
    id: String,
    variant: String,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn read_suite(file: &str) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/perft")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{file}:{}: no value", n + 1));
        match key {
            "id" => cases.push(Case {
                id: value.into(),
                variant: String::new(),
                fen: String::new(),
                depths: vec![],
            }),
            "variant" => cases.last_mut().expect("id first").variant = value.into(),
            "fen" => cases.last_mut().expect("id first").fen = value.into(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                cases
                    .last_mut()
                    .expect("id first")
                    .depths
                    .push((d.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("{file}:{}: unknown key {other}", n + 1),
        }
    }
    cases
}

fn run_suite(file: &str, max_nodes: u64) {
    let catalog = Catalog::embedded();
    let mut checked = 0;
    for case in read_suite(file) {
        let rules = catalog.get(&case.variant).unwrap();
        let mut pos = rules
            .parse_position(&case.fen)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(
            rules.format_position(&pos),
            case.fen,
            "{}: FEN round trip",
            case.id
        );
        for &(depth, expected) in &case.depths {
            if expected > max_nodes {
                continue;
            }
            let hash = pos.hash();
            let nodes = perft(&*rules, &mut pos, depth);
            assert_eq!(nodes, expected, "{} perft({depth})", case.id);
            assert_eq!(pos.hash(), hash, "{}: position restored", case.id);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn four_d_perft_matches_the_reference_figures() {
    run_suite("chess4d.perft", u64::MAX);
}

#[test]
fn orthodox_perft_suite() {
    run_suite("orthodox.perft", u64::MAX);
}
