//! Whatever the position, the engine answers with a legal move and a legal line.

use chess4d_core::{Move, Position, Rules};
use chess4d_engine::{Level, Limits, Rng, SearchError, search};
use proptest::prelude::*;

mod common;
use common::{legal, rules};

/// The start position after up to `plies` random legal moves (fewer if the game ends).
fn random_position(rules: &dyn Rules, seed: u64, plies: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = rules.start_position();
    for _ in 0..plies {
        let moves = legal(rules, &pos);
        if moves.is_empty() {
            break;
        }
        rules.make_move(&mut pos, moves[rng.below(moves.len())]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_move_and_line_are_legal(
        variant in prop::sample::select(vec!["full", "classic", "orthodox", "raumschach"]),
        seed in any::<u64>(),
        plies in 0usize..60,
        level in 1u8..=8,
        depth in 1u32..=3,
    ) {
        let rules = rules(variant);
        let pos = random_position(&*rules, seed, plies);
        let moves = legal(&*rules, &pos);
        let limits = Limits::depth(depth)
            .with_level(Level::new(level).expect("1..=8"))
            .with_seed(seed);
        match search(&*rules, &pos, &limits) {
            Ok(r) => {
                prop_assert!(moves.contains(&r.best), "best move not legal");
                prop_assert_eq!(r.pv.first(), Some(&r.best));
                let mut p = pos.clone();
                for (i, &m) in r.pv.iter().enumerate() {
                    prop_assert!(legal(&*rules, &p).contains(&m), "pv move {} not legal", i);
                    rules.make_move(&mut p, m);
                }
            }
            Err(SearchError::NoLegalMoves(status)) => {
                prop_assert!(moves.is_empty());
                prop_assert_eq!(status, rules.status(&pos));
            }
            Err(e) => prop_assert!(false, "unexpected error: {}", e),
        }
    }
}

#[test]
fn the_move_limit_makes_a_won_ending_a_draw() {
    // King and queen against a bare king, far apart: a win (on this board a lone
    // queen forces mate, a lone rook does not), unless the clock says the next quiet
    // move ends the game.
    let rules = rules("full");
    let fresh = rules
        .parse_position("4/4/4/Q3|4/4/4/4|4/4/4/K3|3k/4/4/4 w - - 0 40")
        .expect("valid");
    let stale = rules
        .parse_position("4/4/4/Q3|4/4/4/4|4/4/4/K3|3k/4/4/4 w - - 99 90")
        .expect("valid");
    let won = search(&*rules, &fresh, &Limits::depth(3)).expect("moves");
    let drawn = search(&*rules, &stale, &Limits::depth(3)).expect("moves");
    assert!(won.score.value() > 300, "score {}", won.score);
    assert_eq!(drawn.score.value(), 0, "score {}", drawn.score);
}

#[test]
fn low_levels_vary_and_the_top_level_is_repeatable() {
    let rules = rules("full");
    let pos = rules.start_position();
    let pick = |level: u8, seed: u64| {
        let limits = Limits::depth(2)
            .with_level(Level::new(level).expect("valid"))
            .with_seed(seed);
        search(&*rules, &pos, &limits).expect("moves")
    };
    let beginner: std::collections::HashSet<Move> = (0..12).map(|s| pick(1, s).best).collect();
    assert!(beginner.len() >= 3, "level 1 should vary: {beginner:?}");
    assert!(
        (0..12).all(|s| pick(1, s).depth == 1),
        "level 1 sees one ply"
    );
    assert_eq!(pick(8, 1).best, pick(8, 2).best, "level 8 has no noise");
}

#[test]
fn a_move_back_into_an_earlier_position_counts_as_a_draw() {
    // King and queen against king: the engine's favourite move scores as a win, but
    // once the game has already seen the position it leads to, that move only
    // repeats (a draw inside the search) and another winning move must be chosen.
    let rules = rules("full");
    let pos = rules
        .parse_position("4/4/4/Q3|4/4/4/4|4/4/4/K3|3k/4/4/4 w - - 10 40")
        .expect("valid");
    let first = search(&*rules, &pos, &Limits::depth(3)).expect("moves");
    assert!(first.score.value() > 300);
    let mut after = pos.clone();
    rules.make_move(&mut after, first.best);
    // The position after the move stood four plies before it would recur.
    let history = vec![after.hash(), 1, 2];
    let again = search(&*rules, &pos, &Limits::depth(3).with_history(history)).expect("moves");
    assert_ne!(
        again.best, first.best,
        "the repeating move should be avoided"
    );
    assert!(again.score.value() > 300, "score {}", again.score);
}
