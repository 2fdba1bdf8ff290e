//! The engine with pieces in hand: it searches drops, finds a mate by a drop, and values
//! what each side holds.

use chess4d_core::{Move, Rules, Status};
use chess4d_engine::{Limits, search};

mod common;
use common::rules;

fn mates(rules: &dyn Rules, pos: &chess4d_core::Position, mv: Move) -> bool {
    let mut after = pos.clone();
    rules.make_move(&mut after, mv);
    rules.status(&after) == Status::Checkmate
}

#[test]
fn the_engine_mates_by_a_drop() {
    for (name, fen) in [
        // Only a rook dropped on the back rank mates.
        ("crazyhouse", "6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1"),
        // The same on the 4D full set: a queen dropped beside the cornered king.
        (
            "full-crazyhouse",
            "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/2P1/4[Q] w - - 0 1",
        ),
    ] {
        let rules = rules(name);
        let pos = rules.parse_position(fen).unwrap();
        let result = search(&*rules, &pos, &Limits::depth(3)).unwrap();
        assert!(
            result.best.is_drop(),
            "{name}: {}",
            rules.format_move(&pos, result.best)
        );
        assert!(mates(&*rules, &pos, result.best), "{name}");
    }
}

#[test]
fn a_piece_in_hand_counts_for_its_side() {
    let rules = rules("crazyhouse");
    let even = rules
        .parse_position("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
        .unwrap();
    let ahead = rules
        .parse_position("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")
        .unwrap();
    let a = search(&*rules, &even, &Limits::depth(1)).unwrap();
    let b = search(&*rules, &ahead, &Limits::depth(1)).unwrap();
    assert!(b.score > a.score, "{:?} vs {:?}", b.score, a.score);
}

#[test]
fn the_engine_mates_by_a_gated_piece() {
    // The knight leaves g1 and the elephant (rook + knight) entering there mates along
    // the open g-file: no other move mates.
    let rules = rules("seirawan");
    let pos = rules
        .parse_position("5rkr/5p1p/8/8/8/8/8/4K1N1[E] w G - 0 1")
        .unwrap();
    let result = search(&*rules, &pos, &Limits::depth(3)).unwrap();
    let text = rules.format_move(&pos, result.best);
    assert!(text.starts_with("g1") && text.ends_with('e'), "{text}");
    assert!(mates(&*rules, &pos, result.best), "{text}");
}
