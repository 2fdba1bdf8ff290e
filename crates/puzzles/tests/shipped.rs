//! Every shipped puzzle, re-verified at the variant's fast depth: its moves are legal,
//! its solution wins, no other first move wins as well, and its themes are true, the
//! geometric ones checked here again on their own terms (a "check across W" first move
//! changes the W coordinate and gives check).
//! `scripts/verify-puzzles.sh` does the same deeper.

use chess4d_core::{Axis, Position, Rules, Square, Status};
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
    if has("pin") {
        assert!(pins(rules, &after, key.to), "{}: pin", p.id);
    }
    if has("discovered-attack") {
        assert!(
            discovers(rules, &pos, &after, key.to),
            "{}: discovered",
            p.id
        );
    }
}

/// A piece's value, a royal piece's above every other.
fn worth(rules: &dyn Rules, pos: &Position, sq: Square) -> i32 {
    pos.piece_at(sq)
        .and_then(|q| rules.info().pieces.get(q.kind().index()))
        .map_or(0, |i| if i.royal { i32::MAX / 2 } else { i.value })
}

fn attacks(rules: &dyn Rules, pos: &Position, from: Square, target: Square) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let mut a = Vec::new();
    rules.attackers(pos, target, piece.color(), &mut a);
    a.contains(&from)
}

/// The piece moved to `sq` attacks an enemy piece, and with that piece taken off the
/// board it would attack a more valuable enemy piece that it does not attack now.
fn pins(rules: &dyn Rules, after: &Position, sq: Square) -> bool {
    let Some(mover) = after.piece_at(sq) else {
        return false;
    };
    after.pieces().any(|(front, q)| {
        if q.color() == mover.color() || !attacks(rules, after, sq, front) {
            return false;
        }
        let mut lifted = after.clone();
        lifted.put(front, None);
        after.pieces().any(|(back, r)| {
            r.color() != mover.color()
                && back != front
                && worth(rules, after, back) > worth(rules, after, front)
                && !attacks(rules, after, sq, back)
                && attacks(rules, &lifted, sq, back)
        })
    })
}

/// Some piece of the solver's other than the one moved attacks an enemy piece after
/// the first move that it did not attack before it.
fn discovers(rules: &dyn Rules, before: &Position, after: &Position, moved_to: Square) -> bool {
    let solver = before.side_to_move();
    after.pieces().any(|(t, q)| {
        q.color() != solver
            && after.pieces().any(|(a, r)| {
                r.color() == solver
                    && a != moved_to
                    && attacks(rules, after, a, t)
                    && !attacks(rules, before, a, t)
            })
    })
}
