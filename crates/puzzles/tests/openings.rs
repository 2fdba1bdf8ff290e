//! The shipped opening corpora: every position's FEN reads back to the hash it is
//! filed under, every move is legal there, and the start position counts every game.

use chess4d_puzzles::openings::{SHIPPED, shipped};

#[test]
fn every_shipped_corpus_is_consistent_with_the_rules() {
    let catalog = chess4d_variants::Catalog::embedded();
    for (variant, _) in SHIPPED {
        let rules = catalog.resolve(variant).unwrap();
        let explorer = shipped(variant).unwrap().unwrap();
        assert!(
            explorer.len() > 100,
            "{variant}: {} positions",
            explorer.len()
        );
        for (hash, fen, moves) in explorer.positions() {
            let pos = rules.parse_position(fen).unwrap();
            assert_eq!(pos.hash(), hash, "{variant}: {fen}");
            assert!(!moves.is_empty(), "{variant}: {fen} has no moves");
            for m in moves {
                rules
                    .parse_move(&pos, &m.mv)
                    .unwrap_or_else(|e| panic!("{variant}: {} at {fen}: {e}", m.mv));
                assert_eq!(m.white + m.draws + m.black, m.games);
            }
        }
        // The first `#` line says how many games were played.
        let games: u32 = explorer.about[0]
            .split(", ")
            .find_map(|f| f.strip_suffix(" games"))
            .and_then(|n| n.parse().ok())
            .unwrap();
        let first: u32 = explorer
            .moves(&rules.start_position())
            .iter()
            .map(|m| m.games)
            .sum();
        assert_eq!(first, games, "{variant}: the start counts every game");
    }
}
