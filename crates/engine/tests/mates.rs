//! Mates on the 4D board (full set, 4x4x2x2), built by FEN and checked with the rules
//! before the engine is asked: the engine must find them and score them as mates.

use chess4d_core::{Move, Position, Rules, Status};
use chess4d_engine::{Limits, SearchError, search};
use std::sync::Arc;

fn full() -> Arc<dyn Rules> {
    chess4d_variants::Catalog::embedded()
        .resolve("full")
        .expect("the full set is built in")
}

fn position(rules: &dyn Rules, fen: &str) -> Position {
    rules
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    rules.legal_moves(pos, &mut v);
    v
}

fn mates(rules: &dyn Rules, pos: &mut Position, mv: Move) -> bool {
    let undo = rules.make_move(pos, mv);
    let mate = rules.status(pos) == Status::Checkmate;
    rules.unmake_move(pos, &undo);
    mate
}

fn has_mate_in_one(rules: &dyn Rules, pos: &mut Position) -> bool {
    legal(rules, pos).into_iter().any(|m| mates(rules, pos, m))
}

/// Every reply to `mv` allows a mate in one (and there is at least one reply).
fn forces_mate_in_two(rules: &dyn Rules, pos: &mut Position, mv: Move) -> bool {
    let undo = rules.make_move(pos, mv);
    let replies = legal(rules, pos);
    let forced = !replies.is_empty()
        && replies.iter().all(|&r| {
            let u = rules.make_move(pos, r);
            let ok = has_mate_in_one(rules, pos);
            rules.unmake_move(pos, &u);
            ok
        });
    rules.unmake_move(pos, &undo);
    forced
}

/// (FEN, mating move, what it shows).
const MATES_IN_ONE: &[(&str, &str, &str)] = &[
    (
        // The rook comes up the a-file of the bottom-left board and checks the king on
        // the board above along W alone; the second rook guards it, Black's own men
        // fill every other flight square.
        "4/1p2/R3/R3|1r2/pp2/4/3K|kr2/pp2/4/4|nb2/pp2/4/4 w - - 0 1",
        "a2[0,0]a4[0,0]",
        "rook from the other cube, check along W",
    ),
    (
        // The queen stays in the W=0 cube and mates the king on c4[0,1] along Y+W.
        "4/Q3/r3/4|4/4/4/4|2k1/2p1/4/4|Q3/4/1K2/4 w - - 0 1",
        "a3[0,0]c3[0,0]",
        "queen from the other cube, check along Y and W",
    ),
    (
        "4/4/4/4|4/4/2p1/Q3|4/4/1K2/4|4/3k/4/4 w - - 0 1",
        "a1[1,0]c3[1,0]",
        "queen from the other cube against a king in the open",
    ),
    (
        "1r1k/4/4/4|K3/4/4/1Q2|4/4/1Q2/3R|4/4/b3/4 w - - 0 1",
        "b2[0,1]d4[0,1]",
        "queen in the top cube, the bottom queen and rook covering across W",
    ),
];

#[test]
fn mate_in_one_fens_are_mates_by_the_rules() {
    let rules = full();
    for &(fen, mv, what) in MATES_IN_ONE {
        let mut pos = position(&*rules, fen);
        assert_eq!(rules.status(&pos), Status::Ongoing, "{what}");
        assert!(
            !rules.in_check(&pos),
            "{what}: White must not start in check"
        );
        let m = rules
            .parse_move(&pos, mv)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(mates(&*rules, &mut pos, m), "{what}: {mv} must mate");
    }
}

#[test]
fn the_rook_mate_is_delivered_across_w() {
    let rules = full();
    let (fen, mv, _) = MATES_IN_ONE[0];
    let pos = position(&*rules, fen);
    let m = rules.parse_move(&pos, mv).expect("legal");
    let shape = rules.info().shape;
    let king = pos.king(chess4d_core::Color::Black).expect("black king");
    let (to, k) = (shape.coords(m.to), shape.coords(king));
    assert_eq!(
        &to[..3],
        &k[..3],
        "the rook shares x, y and z with the king"
    );
    assert_ne!(to[3], k[3], "and differs only in w");
    assert_eq!(
        shape.coords(m.from)[3],
        to[3],
        "it moved inside the other cube"
    );
}

#[test]
fn engine_finds_every_mate_in_one() {
    let rules = full();
    for &(fen, _, what) in MATES_IN_ONE {
        let mut pos = position(&*rules, fen);
        let r = search(&*rules, &pos, &Limits::depth(3)).expect("White has moves");
        assert!(
            mates(&*rules, &mut pos, r.best),
            "{what}: engine played {}",
            rules.format_move(&pos, r.best)
        );
        assert_eq!(r.score.mate_in(), Some(1), "{what}: score {}", r.score);
        assert_eq!(r.pv.first(), Some(&r.best));
    }
}

/// (FEN, what it shows); checked by brute force below.
const MATES_IN_TWO: &[(&str, &str)] = &[
    (
        // Only key: the queen steps from the top cube into the bottom one, changing
        // y, z and w at once (c1[0,1]c2[1,0]).
        "K3/3k/4/4|4/3B/4/4|4/3b/4/2Q1|4/p3/4/4 w - - 0 1",
        "queen's three-axis step across W",
    ),
    (
        // Only key: the queen drops from the bottom cube to the top one (c4[0,0]c3[0,1]).
        "2Q1/p3/1p2/4|4/P3/4/4|3R/k1b1/p3/4|4/4/2K1/4 w - - 0 1",
        "queen crosses W, rook finishes",
    ),
    (
        "4/4/k3/4|1Q2/p2p/4/4|4/1B2/4/4|3K/B3/1p2/4 w - - 0 1",
        "queen and two bishops",
    ),
];

#[test]
fn engine_finds_mate_in_two() {
    let rules = full();
    for &(fen, what) in MATES_IN_TWO {
        let mut pos = position(&*rules, fen);
        assert!(
            !has_mate_in_one(&*rules, &mut pos),
            "{what}: no mate in one"
        );
        let keys: Vec<Move> = legal(&*rules, &pos)
            .into_iter()
            .filter(|&m| forces_mate_in_two(&*rules, &mut pos, m))
            .collect();
        assert!(!keys.is_empty(), "{what}: the rules say mate in two");
        let r = search(&*rules, &pos, &Limits::depth(5)).expect("White has moves");
        assert_eq!(r.score.mate_in(), Some(2), "{what}: score {}", r.score);
        assert!(
            keys.contains(&r.best),
            "{what}: {} does not force mate",
            rules.format_move(&pos, r.best)
        );
    }
}

#[test]
fn a_checkmated_side_gets_an_error_not_a_move() {
    let rules = full();
    let (fen, mv, _) = MATES_IN_ONE[2];
    let mut pos = position(&*rules, fen);
    let m = rules.parse_move(&pos, mv).expect("legal");
    rules.make_move(&mut pos, m);
    assert_eq!(
        search(&*rules, &pos, &Limits::depth(2)),
        Err(SearchError::NoLegalMoves(Status::Checkmate))
    );
}

#[test]
fn the_side_about_to_be_mated_scores_a_negative_mate() {
    let rules = full();
    let (fen, _) = MATES_IN_TWO[1];
    let mut pos = position(&*rules, fen);
    let key = rules.parse_move(&pos, "c4[0,0]c3[0,1]").expect("legal");
    rules.make_move(&mut pos, key);
    let r = search(&*rules, &pos, &Limits::depth(4)).expect("Black has replies");
    assert_eq!(r.score.mate_in(), Some(-1), "score {}", r.score);
    assert!(legal(&*rules, &pos).contains(&r.best));
}

/// White mates in `n` moves or fewer playing only checks, whatever Black replies.
fn checks_mate_within(rules: &dyn Rules, pos: &mut Position, n: u32) -> Option<Move> {
    legal(rules, pos).into_iter().find(|&m| {
        let undo = rules.make_move(pos, m);
        let forced = rules.in_check(pos) && {
            let replies = legal(rules, pos);
            replies.is_empty()
                || (n > 1
                    && replies.iter().all(|&r| {
                        let u = rules.make_move(pos, r);
                        let ok = checks_mate_within(rules, pos, n - 1).is_some();
                        rules.unmake_move(pos, &u);
                        ok
                    }))
        };
        rules.unmake_move(pos, &undo);
        forced
    })
}

#[test]
fn the_full_set_start_is_a_forced_mate_in_four() {
    // A fact about the rules as specified, found by the engine and proved here by
    // brute force: White checks Black to death in four moves from the start (and has
    // no such mate by checks in three). If the setup changes, change this test with it.
    let rules = full();
    let mut pos = rules.start_position();
    assert_eq!(checks_mate_within(&*rules, &mut pos, 3), None);
    let key = checks_mate_within(&*rules, &mut pos, 4).expect("a forced mate in four");
    assert_eq!(rules.format_move(&pos, key), "a2[1,0]a3[1,0]");
    let r = search(&*rules, &pos, &Limits::depth(8)).expect("moves");
    assert_eq!(r.score.mate_in(), Some(4), "score {}", r.score);
}
