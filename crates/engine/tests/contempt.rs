//! Contempt: what a draw is worth to the side the search plays for decides whether it
//! repeats a position or plays on.

use chess4d_core::{Move, Position, Rules};
use chess4d_engine::{HashTable, Limits, search_shared};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn orthodox() -> Arc<dyn Rules> {
    chess4d_variants::Catalog::embedded()
        .resolve("orthodox")
        .expect("built-in variant")
}

/// The position after `moves` from the start, and the hashes of those before it.
fn after(rules: &dyn Rules, moves: &[&str]) -> (Position, Vec<u64>) {
    let mut pos = rules.start_position();
    let mut history = Vec::new();
    for text in moves {
        let mv = rules.parse_move(&pos, text).expect("a legal move");
        history.push(pos.hash());
        rules.make_move(&mut pos, mv);
    }
    (pos, history)
}

/// The best move and its score at depth 7 with `contempt`.
fn best(rules: &dyn Rules, pos: &Position, history: &[u64], contempt: i32) -> (Move, i32) {
    let limits = Limits {
        history: history.to_vec(),
        contempt,
        ..Limits::depth(7)
    };
    let table = HashTable::new(limits.hash_mb);
    let stop = AtomicBool::new(false);
    let r = search_shared(rules, pos, &limits, &table, &stop, &mut |_| {}).expect("moves");
    (r.best, r.score.0)
}

/// White has wasted two tempi (1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1): Black stands a
/// little better, and Ng8 would repeat the start position a third time.
#[test]
fn a_draw_is_taken_only_when_it_is_worth_more_than_playing_on() {
    let rules = orthodox();
    let line = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let (pos, history) = after(&*rules, &line);
    let repeat = rules.parse_move(&pos, "f6g8").expect("legal");

    let (mv, score) = best(&*rules, &pos, &history, 0);
    assert_ne!(mv, repeat, "no contempt: Black plays on");
    assert!(score > 0, "Black stands better: {score}");

    // A draw worth more to Black than its edge: it repeats, and says what the draw is
    // worth to it.
    let (mv, score) = best(&*rules, &pos, &history, -150);
    assert_eq!(mv, repeat, "contempt -150: Black takes the draw");
    assert_eq!(score, 150);

    // A draw that costs Black: it plays on, as without contempt.
    let (mv, _) = best(&*rules, &pos, &history, 150);
    assert_ne!(mv, repeat, "contempt 150: Black plays on");
}
