//! Every shipped puzzle, re-verified at the variant's fast depth: its moves are legal,
//! its solution wins, no other first move wins as well, and its themes are true, the
//! geometric ones checked here again on their own terms (a "check across W" first move
//! changes the W coordinate and gives check).
//! `scripts/verify-puzzles.sh` does the same deeper.

use chess4d_core::{Axis, Position, Rules, Status};
use chess4d_puzzles::shipped::{SETS, shipped};
use chess4d_puzzles::verify::read;
use chess4d_puzzles::{Puzzle, fast_depth, verify};
use std::collections::HashSet;

#[test]
fn every_shipped_puzzle_verifies_at_the_fast_depth() {
    // The built-ins and the repository's variant files (crazyhouse, xiangqi, shogi).
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let mut total = 0;
    for (variant, _) in SETS {
        let rules = catalog.resolve(variant).unwrap();
        let set = shipped(variant).unwrap().unwrap();
        assert!(!set.is_empty(), "{variant}: no puzzles shipped");
        let mut ids = HashSet::new();
        let mut fens = HashSet::new();
        for p in &set {
            assert!(ids.insert(p.id.clone()), "{variant}: id {} twice", p.id);
            assert!(
                fens.insert(p.fen.clone()),
                "{variant}: position of {} twice",
                p.id
            );
            assert!(p.id.starts_with(&format!("{variant}-")), "{}", p.id);
            assert!(
                (400..=3000).contains(&p.rating),
                "{}: rating {}",
                p.id,
                p.rating
            );
            if let Err(e) = verify(&*rules, p, fast_depth(&*rules)) {
                panic!("{variant}: {e}");
            }
            themes_hold(&*rules, p);
            total += 1;
        }
    }
    println!("{total} shipped puzzles verified");
}

/// The themes that can be read off the moves alone, checked without the library's
/// theme finder.
fn themes_hold(rules: &dyn Rules, p: &Puzzle) {
    let (pos, moves) = read(rules, p).unwrap();
    let has = |t: &str| p.themes.iter().any(|x| x == t);
    let key = moves[0];
    let mut after = pos.clone();
    rules.make_move(&mut after, key);
    let shape = rules.info().shape;
    for (name, axis) in [("check-across-w", Axis::W), ("check-across-z", Axis::Z)] {
        let crosses = !key.is_drop()
            && shape.coords(key.from)[axis as usize] != shape.coords(key.to)[axis as usize];
        assert_eq!(
            has(name),
            crosses && rules.in_check(&after),
            "{}: {name}",
            p.id
        );
    }
    let solver: Vec<_> = moves.iter().step_by(2).collect();
    assert_eq!(
        has("drop"),
        solver.iter().any(|m| m.is_drop()),
        "{}: drop",
        p.id
    );
    assert_eq!(
        has("promotion"),
        solver.iter().any(|m| !m.is_drop() && m.promotion.is_some()),
        "{}: promotion",
        p.id
    );
    let end = moves.iter().fold(pos.clone(), |mut q: Position, &m| {
        rules.make_move(&mut q, m);
        q
    });
    assert_eq!(
        has("mate"),
        rules.status(&end) == Status::Checkmate,
        "{}: mate",
        p.id
    );
    assert_eq!(has("material"), !has("mate"), "{}: material", p.id);
    if has("mate") {
        assert!(
            has(&format!("mate-in-{}", solver.len())),
            "{}: mate length",
            p.id
        );
    }
    if has("fork") {
        // The moved piece attacks at least two enemy pieces.
        let attacked = after
            .pieces()
            .filter(|&(sq, q)| {
                let mut a = Vec::new();
                rules.attackers(&after, sq, pos.side_to_move(), &mut a);
                q.color() != pos.side_to_move() && a.contains(&key.to)
            })
            .count();
        assert!(attacked >= 2, "{}: fork with {attacked} attacked", p.id);
    }
}
