//! Orthodox chess searched to depth 9, where the 2D-only parts of the search (singular
//! extensions from depth 6 among them) run on the way to proving a mate: mates must
//! still come out as mates, with a move that forces them by the rules.

use chess4d_core::{Move, Position, Rules, Status};
use chess4d_engine::{Limits, search};

fn legal(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    rules.legal_moves(pos, &mut v);
    v
}

/// Whether the side to move mates within `n` moves whatever the other side replies.
fn mates_within(rules: &dyn Rules, pos: &mut Position, mv: Move, n: u32) -> bool {
    let undo = rules.make_move(pos, mv);
    let replies = legal(rules, pos);
    let forced = if replies.is_empty() {
        rules.status(pos) == Status::Checkmate
    } else {
        n > 1
            && replies.iter().all(|&r| {
                let u = rules.make_move(pos, r);
                let ok = legal(rules, pos)
                    .into_iter()
                    .any(|m| mates_within(rules, pos, m, n - 1));
                rules.unmake_move(pos, &u);
                ok
            })
    };
    rules.unmake_move(pos, &undo);
    forced
}

/// (FEN, the mate's length in moves, what it shows); Stockfish 15.1 scores each as
/// exactly that mate.
const MATES: &[(&str, u32, &str)] = &[
    (
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 0 1",
        2,
        "the queen's sacrifice on d8 opens the e-file",
    ),
    (
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
        2,
        "Black's rooks on the second rank",
    ),
    (
        "r5k1/6pp/8/6N1/8/8/5PPP/3Q2K1 w - - 0 1",
        2,
        "queen and knight against the king in the corner",
    ),
];

#[test]
fn deep_searches_find_the_mates_and_play_them() {
    let rules = chess4d_variants::Catalog::embedded()
        .resolve("orthodox")
        .expect("orthodox is built in");
    for &(fen, n, what) in MATES {
        let mut pos = rules
            .parse_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let r = search(&*rules, &pos, &Limits::depth(9)).expect("moves");
        assert_eq!(
            r.score.mate_in(),
            Some(n as i32),
            "{what}: score {}",
            r.score
        );
        assert!(
            mates_within(&*rules, &mut pos, r.best, n),
            "{what}: {} does not force mate in {n}",
            rules.format_move(&pos, r.best)
        );
    }
}
