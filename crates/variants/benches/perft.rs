//! Perft speed of the table engine on full, classic and orthodox, and of cozy-chess (a
//! dedicated 8x8 bitboard generator) on the same orthodox positions, in one run.
//!
//! `cargo bench -p chess4d-variants --bench perft` (release build). Both sides count the
//! last ply in bulk. Prints nodes per second and our speed as a ratio of cozy-chess's;
//! `-- --deep` measures orthodox perft(6) and the full set's perft(5) once each.

use chess4d_core::perft;
use chess4d_variants::Catalog;
use std::time::{Duration, Instant};

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Runs `f` until at least `min` has passed; returns (nodes per run, best nodes/s).
fn measure(min: Duration, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = 0.0f64;
    let mut nodes = 0;
    let start = Instant::now();
    while start.elapsed() < min || best == 0.0 {
        let t = Instant::now();
        nodes = f();
        let secs = t.elapsed().as_secs_f64();
        best = best.max(nodes as f64 / secs);
    }
    (nodes, best)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    if std::env::args().any(|a| a == "--profile") {
        // One fixed run for `valgrind --tool=callgrind`: instruction counts do not
        // depend on what else the machine is doing. `--profile orthodox` or
        // `--profile full` runs one of the two; a number after the name deepens it
        // (`--profile full 4`), so that the tables' construction weighs little.
        let only = std::env::args().skip_while(|a| a != "--profile").nth(1);
        let depth: u32 = std::env::args()
            .skip_while(|a| a != "--profile")
            .nth(2)
            .and_then(|d| d.parse().ok())
            .unwrap_or(3);
        let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
        if run("orthodox") {
            let rules = Catalog::embedded().get("orthodox").unwrap();
            let mut pos = rules
                .parse_position(
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                )
                .unwrap();
            let n = perft(&*rules, &mut pos, depth);
            println!("kiwipete perft({depth}) = {n}");
        }
        // The headline position (`--profile start 5`), ours and cozy-chess's
        // (`--profile cozy 5`), so that both instruction counts are at hand.
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        if only.as_deref() == Some("start") {
            let rules = Catalog::embedded().get("orthodox").unwrap();
            let mut pos = rules.parse_position(START).unwrap();
            println!("start perft({depth}) = {}", perft(&*rules, &mut pos, depth));
        }
        if only.as_deref() == Some("cozy") {
            let board = cozy_chess::Board::from_fen(START, false).unwrap();
            println!("cozy start perft({depth}) = {}", cozy_perft(&board, depth));
        }
        if run("full") {
            let full = Catalog::embedded().get("full").unwrap();
            let mut pos = full.start_position();
            println!("full perft({depth}) = {}", perft(&*full, &mut pos, depth));
        }
        return;
    }
    if std::env::args().any(|a| a == "--deep") {
        deep();
        return;
    }
    let min = Duration::from_millis(if quick { 200 } else { 3000 });
    let catalog = Catalog::embedded();
    println!("{:<34} {:>12} {:>14}", "position", "nodes", "nodes/s");
    for (variant, depth) in [("full", 4), ("classic", 4)] {
        let rules = catalog.get(variant).unwrap();
        let mut pos = rules.start_position();
        let (n, nps) = measure(min, || perft(&*rules, &mut pos, depth));
        println!(
            "{:<34} {n:>12} {:>12.1} M",
            format!("{variant} start, depth {depth}"),
            nps / 1e6
        );
    }
    let orthodox = catalog.get("orthodox").unwrap();
    let cases = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
        (
            "position 4",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
        ),
        (
            "position 5",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
        ),
    ];
    let (mut ours_total, mut cozy_total) = (0.0, 0.0);
    for (name, fen, depth) in cases {
        let mut pos = orthodox.parse_position(fen).unwrap();
        let (n, ours) = measure(min, || perft(&*orthodox, &mut pos, depth));
        let board = cozy_chess::Board::from_fen(fen, false).unwrap();
        let (m, cozy) = measure(min, || cozy_perft(&board, depth));
        assert_eq!(n, m, "{name}: both generators agree");
        println!(
            "{:<34} {n:>12} {:>12.1} M   cozy-chess {:>8.1} M   ratio {:.3}",
            format!("orthodox {name}, depth {depth}"),
            ours / 1e6,
            cozy / 1e6,
            ours / cozy
        );
        ours_total += ours;
        cozy_total += cozy;
    }
    println!(
        "orthodox mean ratio (ours / cozy-chess): {:.3}",
        ours_total / cozy_total
    );
}

/// The headline figures, one run each: orthodox perft(6) beside cozy-chess,
/// and the 4D full set's perft(5) (`-- --deep`).
fn deep() {
    let catalog = Catalog::embedded();
    let orthodox = catalog.get("orthodox").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = orthodox.parse_position(fen).unwrap();
    let (n, ours) = measure(Duration::ZERO, || perft(&*orthodox, &mut pos, 6));
    let board = cozy_chess::Board::from_fen(fen, false).unwrap();
    let (m, cozy) = measure(Duration::ZERO, || cozy_perft(&board, 6));
    assert_eq!(n, m, "orthodox perft(6): both generators agree");
    println!(
        "orthodox start, depth 6: {n} nodes, ours {:.1} M/s, cozy-chess {:.1} M/s, ratio {:.3}",
        ours / 1e6,
        cozy / 1e6,
        ours / cozy
    );
    let full = catalog.get("full").unwrap();
    let mut pos = full.start_position();
    let (n, nps) = measure(Duration::ZERO, || perft(&*full, &mut pos, 5));
    println!("full start, depth 5: {n} nodes, {:.1} M/s", nps / 1e6);
}
