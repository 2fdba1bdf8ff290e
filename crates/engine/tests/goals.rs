//! The engine plays to the variant's goal: it runs to the hill, races to the eighth
//! rank, and scores a goal reached as a win (the goals come from `variants/`).

use chess4d_core::{Position, Rules};
use chess4d_engine::{Limits, search};
use chess4d_variants::Catalog;
use std::path::PathBuf;
use std::sync::Arc;

fn variant(name: &str) -> Arc<dyn Rules> {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    catalog.get(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn position(rules: &dyn Rules, fen: &str) -> Position {
    rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_king_steps_onto_the_hill() {
    let rules = variant("kingofthehill");
    let pos = position(&*rules, "4k2r/8/8/8/8/4K3/8/R7 w - - 0 1");
    let result = search(&*rules, &pos, &Limits::depth(3)).unwrap_or_else(|e| panic!("{e:?}"));
    let to = rules.info().shape.square_name(result.best.to);
    assert!(["d4", "e4"].contains(&to.as_str()), "played to {to}");
    assert!(
        result.score.mate_in().is_some(),
        "a win, not {:?}",
        result.score
    );
}

#[test]
fn the_king_races_to_the_eighth_rank() {
    let rules = variant("racingkings");
    // Two kings alone still race: the white king is two steps from the goal.
    let pos = position(&*rules, "8/8/6K1/8/8/8/8/k7 w - - 0 1");
    let result = search(&*rules, &pos, &Limits::depth(5)).unwrap_or_else(|e| panic!("{e:?}"));
    let to = rules.info().shape.coords(result.best.to);
    assert_eq!(to[1], 6, "the king advances to the seventh rank");
    assert!(
        result.score.mate_in().is_some(),
        "a win, not {:?}",
        result.score
    );
}
