//! Search speed: nodes per second and the depth reached in a fixed time from the start
//! positions. Run with `cargo bench -p chess4d-engine` (optional arg: milliseconds).

use chess4d_engine::{Limits, search};
use chess4d_variants::Catalog;
use std::time::Duration;

fn main() {
    let ms = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(1000);
    let catalog = Catalog::embedded();
    for name in ["full", "classic"] {
        let rules = match catalog.resolve(name) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        };
        let pos = rules.start_position();
        let limits = Limits::movetime(Duration::from_millis(ms));
        match search(&*rules, &pos, &limits) {
            Ok(r) => println!(
                "{name}: depth {} in {} ms, {} nodes, {} nodes/s, score {}, best {}",
                r.depth,
                r.time.as_millis(),
                r.nodes,
                r.nps(),
                r.score,
                rules.format_move(&pos, r.best)
            ),
            Err(e) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        }
    }
}
