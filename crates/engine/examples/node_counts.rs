//! Node counts at fixed depth on a few positions of several variants, one thread: a
//! refactor that keeps the search and the evaluation as they were keeps every count.
//!
//! `cargo run -p chess4d-engine --example node_counts`

use chess4d_engine::{Limits, search};

fn main() {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let cases: &[(&str, Option<&str>, u32)] = &[
        ("orthodox", None, 9),
        (
            "orthodox",
            Some("r1bq1rk1/pp1nbppp/2p1pn2/6B1/2BP4/2N1PN2/PP3PPP/2RQK2R b K - 0 9"),
            8,
        ),
        (
            "orthodox",
            Some("8/5k2/3p4/1p1P1p2/1P3P2/6K1/8/8 w - - 0 1"),
            14,
        ),
        ("fischerandom", None, 8),
        ("3check", None, 7),
        ("crazyhouse", None, 7),
        ("xiangqi", None, 6),
        ("shogi", None, 6),
        ("makruk", None, 8),
        ("classic", None, 4),
        ("full", None, 3),
    ];
    let mut total = 0;
    for &(variant, fen, depth) in cases {
        let rules = catalog.resolve(variant).expect("catalog variant");
        let pos = match fen {
            Some(f) => rules.parse_position(f).expect("FEN"),
            None => rules.start_position(),
        };
        let r = search(&*rules, &pos, &Limits::depth(depth)).expect("a move");
        total += r.nodes;
        println!(
            "{variant:12} depth {depth:2} nodes {:9} best {} score {:?}",
            r.nodes,
            rules.format_move(&pos, r.best),
            r.score
        );
    }
    println!("total {total}");
}
