//! Texel tuning of the evaluation weights on positions labelled by game result.
//!
//! ```text
//! # positions: self-play with FENS set (see examples/match.rs), then
//! cargo run --release -p chess4d-engine --example tune -- orthodox:o.fens classic:c.fens
//! ```
//!
//! Each input line is `FEN;RESULT` with the result from White's view (1, 0.5, 0). Only
//! quiet positions count ([`StaticEval::is_quiet`]). The error is the mean squared
//! difference between the result and `1 / (1 + 10^(-k * score / 400))`, `k` fitted
//! first; then each weight in turn moves by a step, doubled while that still lowers the
//! error (local search, as in Texel tuning), for a few passes (`PASSES`, default 4). Prints the
//! tuned weights as the lines of `crates/engine/src/eval/weights.rs`. `FREEZE=a,b`
//! keeps the named weights as they are.
//!
//! The labels may be any probability, not only game results: `scripts/gen-texel-data.py`
//! labels positions by Stockfish's evaluation. `VALIDATE=VARIANT:FILE` names positions
//! kept out of the tuning, on which the error before and after is printed too (a
//! weight set that only fits its own positions shows there).
//!
//! `CP=1` reads the labels as Stockfish's centipawns from the side to move's view, the
//! lines `scripts/gen-eval-data.py` writes, and turns them into White's expected result
//! by the same logistic. `SQUARES=1` fits the weights under the square corrections a
//! search adds on orthodox chess (`nets/orthodox.squares`, held fixed), so that the two
//! are fitted to the same target together rather than each on its own:
//!
//! ```text
//! scripts/gen-eval-data.py --positions 700000 --seed 11 --out /tmp/e11.txt
//! scripts/gen-eval-data.py --positions 700000 --seed 12 --out /tmp/e12.txt
//! shuf -n 240000 --random-source=<(yes) /tmp/e11.txt > /tmp/train.txt
//! tail -n 40000 /tmp/e12.txt > /tmp/held.txt
//! CP=1 SQUARES=1 PASSES=8 VALIDATE=orthodox:/tmp/held.txt \
//!     cargo run --release -p chess4d-engine --example tune -- orthodox:/tmp/train.txt
//! ```

use chess4d_core::{Position, Rules};
use chess4d_engine::{StaticEval, Weights};
use chess4d_variants::Catalog;
use std::sync::Arc;

#[path = "shared/descend.rs"]
mod descend;
use descend::descend;

struct Set {
    rules: Arc<dyn Rules>,
    /// Whether the weights are fitted under the square corrections (`SQUARES=1`).
    corrected: bool,
    positions: Vec<(Position, f64)>,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let passes: usize = std::env::var("PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(4);
    if args.is_empty() {
        return Err("usage: tune VARIANT:FILE...".into());
    }
    // The repository's variant files too (shogi, xiangqi), as tune_values.rs reads them.
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let mut sets = Vec::new();
    for a in &args {
        sets.push(load(&catalog, a)?);
    }
    let held_out = match std::env::var("VALIDATE") {
        Ok(a) => vec![load(&catalog, &a)?],
        Err(_) => Vec::new(),
    };
    // Weights named in FREEZE keep their values: terms whose worth shows in play but
    // not in a static score of quiet positions (threats the side to move can take are
    // never quiet) are set by matches instead.
    let frozen: Vec<String> = std::env::var("FREEZE")
        .map(|f| f.split(',').map(|n| n.trim().to_string()).collect())
        .unwrap_or_default();
    if let Some(bad) = frozen
        .iter()
        .find(|n| !n.is_empty() && !Weights::NAMES.contains(&n.as_str()))
    {
        return Err(format!("FREEZE names an unknown weight '{bad}'"));
    }
    // The set the board starts from: under the corrections the set fitted with them,
    // otherwise the board's own (the 2D one, or the one kept beyond two axes).
    let start = if sets[0].corrected {
        Weights::default()
    } else {
        Weights::for_axes(sets[0].rules.info().shape.axes())
    }
    .to_vec();
    let mut w = start.clone();
    let k = fit_k(&sets, &w);
    eprintln!(
        "k = {k:.3}, error {:.6} with the default weights",
        error(&sets, &w, k)
    );
    let step = |i: usize, v: i32| {
        (!frozen.iter().any(|n| n == Weights::NAMES[i])).then_some((v.abs() / 8).max(2))
    };
    descend(&mut w, passes, step, i32::MAX, |trial| {
        error(&sets, trial, k)
    });
    if !held_out.is_empty() {
        eprintln!(
            "held-out positions: error {:.6} before, {:.6} after",
            error(&held_out, &start, k),
            error(&held_out, &w, k)
        );
    }
    for (name, v) in Weights::NAMES.iter().zip(&w) {
        println!("    {name} = {v},");
    }
    Ok(())
}

/// The quiet positions of `VARIANT:FILE`.
fn load(catalog: &Catalog, arg: &str) -> Result<Set, String> {
    let (variant, file) = arg.split_once(':').ok_or("give VARIANT:FILE")?;
    let rules = catalog.resolve(variant).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let probe = StaticEval::new(&*rules, Weights::default());
    let centipawns = std::env::var("CP").is_ok_and(|v| v == "1");
    let mut positions = Vec::new();
    for line in text.lines() {
        let Some((fen, result)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(pos), Ok(r)) = (rules.parse_position(fen), result.trim().parse::<f64>()) else {
            continue;
        };
        // Stockfish's centipawns for the side to move (`scripts/gen-eval-data.py`),
        // as White's expected result on the same logistic the error uses.
        let r = if centipawns {
            let white = if pos.side_to_move() == chess4d_core::Color::White {
                r
            } else {
                -r
            };
            1.0 / (1.0 + 10f64.powf(-white / 400.0))
        } else {
            r
        };
        if probe.is_quiet(&*rules, &pos) {
            positions.push((pos, r));
        }
    }
    eprintln!("{variant}: {} quiet positions from {file}", positions.len());
    let corrected = std::env::var("SQUARES").is_ok_and(|v| v == "1");
    Ok(Set {
        rules,
        corrected,
        positions,
    })
}

/// The mean squared error of the predicted results.
fn error(sets: &[Set], w: &[i32], k: f64) -> f64 {
    let weights = Weights::from_slice(w);
    let (mut sum, mut n) = (0.0, 0usize);
    for set in sets {
        let eval = if set.corrected {
            StaticEval::searched_with(&*set.rules, weights.clone())
        } else {
            StaticEval::new(&*set.rules, weights.clone())
        };
        // Two halves on two threads: a pass evaluates every position a few hundred times.
        let half = set.positions.len() / 2;
        let (a, b) = set.positions.split_at(half);
        let part = |chunk: &[(Position, f64)]| -> f64 {
            chunk
                .iter()
                .map(|(pos, result)| {
                    let s = eval.white_score(pos) as f64;
                    let p = 1.0 / (1.0 + 10f64.powf(-k * s / 400.0));
                    (result - p) * (result - p)
                })
                .sum()
        };
        let (x, y) = std::thread::scope(|t| {
            let h = t.spawn(|| part(a));
            let y = part(b);
            // A panic in the other half is a bug to see, not an error of 0.
            let x = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            (x, y)
        });
        sum += x + y;
        n += set.positions.len();
    }
    sum / n.max(1) as f64
}

/// The scaling constant that fits the default weights best (golden-section search).
fn fit_k(sets: &[Set], w: &[i32]) -> f64 {
    let (mut a, mut b) = (0.1f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(sets, w, c) < error(sets, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}
