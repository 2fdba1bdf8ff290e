//! Search speed from the start positions of the full and classic sets:
//! 1. a fixed-depth search (default 6 plies): nodes, wall time, this thread's CPU time
//!    and nodes per CPU second (the CPU figures stay honest on a busy shared machine);
//! 2. a fixed-time search (default 1000 ms): the depth it completes.
//!
//! Run with `cargo bench -p chess4d-engine --bench search [-- DEPTH MS [VARIANT ...]]`;
//! a variant may carry a position after a colon (`orthodox:FEN`), and `middlegame`
//! names an orthodox Queen's Gambit position at move 9.

use chess4d_engine::{Limits, search};
use chess4d_variants::Catalog;
use std::time::Duration;

/// CPU time this thread has run, from the kernel's scheduler statistics (Linux).
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The Queen's Gambit Declined after 1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O
/// 6.Nf3 Nbd7 7.Rc1 c6 8.Bd3 dxc4 9.Bxc4.
const MIDDLEGAME: &str =
    "orthodox:r1bq1rk1/pp1nbppp/2p1pn2/6B1/2BP4/2N1PN2/PP3PPP/2RQK2R b K - 0 9";

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let mut named: Vec<String> = args
        .iter()
        .filter(|a| a.parse::<u64>().is_err())
        .cloned()
        .collect();
    if named.is_empty() {
        named = vec!["full".into(), "classic".into()];
    }
    let depth = nums.first().copied().unwrap_or(6) as u32;
    let ms = nums.get(1).copied().unwrap_or(1000);
    let catalog = Catalog::embedded();
    for name in &named {
        let text = if name == "middlegame" {
            MIDDLEGAME
        } else {
            name
        };
        let (variant, fen) = text.split_once(':').unwrap_or((text, ""));
        let rules = match catalog.resolve(variant) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        };
        let pos = if fen.is_empty() {
            rules.start_position()
        } else {
            match rules.parse_position(fen) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{name}: {e}");
                    std::process::exit(1);
                }
            }
        };
        let cpu0 = thread_cpu();
        let fixed = search(&*rules, &pos, &Limits::depth(depth));
        let cpu = cpu0.zip(thread_cpu()).map(|(a, b)| b.saturating_sub(a));
        let timed = search(&*rules, &pos, &Limits::movetime(Duration::from_millis(ms)));
        match (fixed, timed) {
            (Ok(f), Ok(t)) => {
                let cpu_text = cpu.map_or("n/a".to_string(), |c| {
                    let per_s = f.nodes as f64 / c.as_secs_f64().max(1e-9);
                    format!("{} ms CPU, {:.0} nodes/CPU-s", c.as_millis(), per_s)
                });
                println!(
                    "{name}: depth {depth}: {} nodes, {} ms wall, {cpu_text}, score {}",
                    f.nodes,
                    f.time.as_millis(),
                    f.score
                );
                println!(
                    "{name}: {ms} ms: depth {} completed, {} nodes, {} nodes/s wall, best {}",
                    t.depth,
                    t.nodes,
                    t.nps(),
                    rules.format_move(&pos, t.best)
                );
            }
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        }
    }
}
