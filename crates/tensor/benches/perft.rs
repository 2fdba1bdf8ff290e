//! Perft speed: nodes per second at depths 3 and 4 from the start position and from a
//! middle-game position with monsters, bounces and pushes available.
//! Run with `cargo bench -p tensor-chess --bench perft`.

use std::time::Instant;
use tensor_chess::{Position, parse_fen, perft};

const MIDDLE: &str = "r4k3r/1p2t2pp1/3b6/2pP1t4/10/1T6T1/PP1N3PPP/R4KB2R w KQkq c6 0 12";

fn measure(name: &str, pos: &Position, depth: u32) {
    // One warm-up run, then the best of three.
    let nodes = perft(pos, depth);
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        let n = perft(pos, depth);
        assert_eq!(n, nodes, "perft is deterministic");
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{name:>7} perft({depth}) = {nodes:>10} nodes  {:>8.1} ms  {:>6.2} Mnps",
        best * 1e3,
        nodes as f64 / best / 1e6
    );
}

fn main() {
    let start = Position::start();
    let middle = match parse_fen(MIDDLE) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bench FEN does not parse: {e}");
            std::process::exit(1);
        }
    };
    for depth in [3, 4] {
        measure("start", &start, depth);
    }
    for depth in [3, 4] {
        measure("middle", &middle, depth);
    }
}
