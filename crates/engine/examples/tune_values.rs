//! Material learnt per variant family from Fairy-Stockfish's evaluations: how much
//! more or less than the variant's own value each kind is worth on the board
//! (middlegame, endgame) and in hand, written as the family's `nets/NAME.values`
//! together with the family's weights when `examples/tune.rs` fitted them (`WEIGHTS`,
//! its output).
//!
//! ```text
//! scripts/gen-fsf-data.py --variant shogi --games 400 --depth 8 --out /tmp/shogi.fsf
//! awk 'NR % 10' /tmp/shogi.fsf > /tmp/train; awk 'NR % 10 == 0' /tmp/shogi.fsf > /tmp/held
//! CP=1 PASSES=2 VALIDATE=variants/shogi.toml:/tmp/held cargo run --release \
//!     -p chess4d-engine --example tune -- variants/shogi.toml:/tmp/train > /tmp/shogi.w
//! WEIGHTS=/tmp/shogi.w cargo run --release -p chess4d-engine --example tune_values -- \
//!     shogi /tmp/shogi.fsf > crates/engine/nets/shogi.values
//! ```
//!
//! Each input line is `FEN;CP`, CP Fairy-Stockfish's centipawns for the side to move.
//! Only quiet positions count ([`StaticEval::is_quiet`]). The evaluation without
//! corrections scores each position once; the corrections enter it linearly
//! ([`Material::score`]), so the fit works on per-position material counts alone: the
//! scale `k` of the logistic `1 / (1 + 10^(-k * score / 400))` is fitted first, then
//! each correction in turn moves by a step, doubled while that still lowers the mean
//! squared error plus a small penalty on the corrections' size (a kind seldom seen
//! stays near the variant's value), for a few passes. One position in ten, kept out
//! of the fit, report the error before and after: a fit that only matches its own
//! positions shows there. The file is then read back by the engine's own reader and
//! compared with what was fitted.

use chess4d_core::{Color, Rules};
use chess4d_engine::material_values::{self, KindValue, Material};
use chess4d_engine::{StaticEval, Weights};
use chess4d_variants::Catalog;

#[path = "shared/descend.rs"]
mod descend;
use descend::descend;

/// Per correction, the penalty per squared centipawn (against a mean squared error of
/// about 0.02); `PENALTY` sets another.
const PENALTY: f64 = 2e-10;
/// The largest correction, in centipawns either way.
const LIMIT: i32 = 1500;

struct Sample {
    /// The evaluation without corrections, White's view.
    base: f64,
    material: Material,
    /// Fairy-Stockfish's expected result for White.
    target: f64,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("tune_values: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, files @ ..] = &args[..] else {
        return Err("usage: tune_values VARIANT FILE...".into());
    };
    if files.is_empty() {
        return Err("usage: tune_values VARIANT FILE...".into());
    }
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let rules = catalog.resolve(variant).map_err(|e| e.to_string())?;
    let kinds = rules.info().pieces.len();
    // The family's weights: those `examples/tune.rs` fitted (its output, `WEIGHTS`),
    // else the set for the board's axes.
    let base = Weights::for_axes(rules.info().shape.axes());
    let weights = match std::env::var("WEIGHTS") {
        Ok(file) => tuned_weights(&file, &base)?,
        Err(_) => base.clone(),
    };
    let samples = load(&*rules, &weights, files)?;
    let (fit, held): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 10 != 0);
    let fit: Vec<Sample> = fit.into_iter().map(|(_, s)| s).collect();
    let held: Vec<Sample> = held.into_iter().map(|(_, s)| s).collect();
    eprintln!(
        "{variant}: {} positions to fit, {} held out",
        fit.len(),
        held.len()
    );
    let zero = vec![KindValue::default(); kinds];
    let k = fit_k(&fit);
    eprintln!(
        "k = {k:.3}, error {:.6} without corrections",
        error(&fit, &zero, k) + penalty(&zero)
    );
    let passes: usize = std::env::var("PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(8);
    // Each kind's three corrections in a row: board middlegame, board endgame, hand.
    let mut flat = vec![0; kinds * 3];
    descend(
        &mut flat,
        passes,
        |_, _| Some(4),
        LIMIT,
        |f| {
            let v = unflatten(f);
            error(&fit, &v, k) + penalty(&v)
        },
    );
    let v = unflatten(&flat);
    eprintln!(
        "held-out positions: error {:.6} before, {:.6} after",
        error(&held, &zero, k),
        error(&held, &v, k)
    );
    let header = format!(
        "Material corrections of the rules of `{variant}` (src/eval/values.rs): per kind,\n\
         centipawns more than the variant's value on the board (middlegame, endgame) and in\n\
         hand, fitted to Fairy-Stockfish's evaluation of {} quiet positions of its own\n\
         games by examples/tune_values.rs (scripts/gen-fsf-data.py made them).",
        fit.len()
    );
    let print = material_values::fingerprint(&*rules);
    let text = material_values::write(print, &*rules, (&weights, &base), &v, &header);
    check(&*rules, &text, &weights, &v)?;
    print!("{text}");
    Ok(())
}

/// The quiet positions of the files, scored without corrections.
fn load(rules: &dyn Rules, weights: &Weights, files: &[String]) -> Result<Vec<Sample>, String> {
    let zero = StaticEval::searched_with_values(rules, weights.clone(), &[]);
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines() {
            let Some((fen, cp)) = line.rsplit_once(';') else {
                continue;
            };
            let (Ok(pos), Ok(cp)) = (rules.parse_position(fen), cp.trim().parse::<f64>()) else {
                continue;
            };
            if !zero.is_quiet(rules, &pos) {
                continue;
            }
            let white = if pos.side_to_move() == Color::White {
                cp
            } else {
                -cp
            };
            out.push(Sample {
                base: f64::from(zero.white_score(&pos)),
                material: zero.material(&pos),
                target: 1.0 / (1.0 + 10f64.powf(-white / 400.0)),
            });
        }
    }
    if out.is_empty() {
        return Err("no quiet positions in the files".into());
    }
    Ok(out)
}

/// The corrections from the fit's flat list (three a kind).
fn unflatten(flat: &[i32]) -> Vec<KindValue> {
    flat.chunks_exact(3)
        .map(|c| KindValue {
            board: [c[0], c[1]],
            hand: c[2],
        })
        .collect()
}

fn predict(s: &Sample, v: &[KindValue], k: f64) -> f64 {
    let score = s.base + f64::from(s.material.score(v));
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn error(samples: &[Sample], v: &[KindValue], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.target - predict(s, v, k)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

fn penalty(v: &[KindValue]) -> f64 {
    let weight = std::env::var("PENALTY")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(PENALTY);
    v.iter()
        .map(|c| {
            let [a, b] = c.board.map(f64::from);
            a * a + b * b + f64::from(c.hand).powi(2)
        })
        .sum::<f64>()
        * weight
}

/// The scale that fits the evaluation without corrections best (golden-section search).
fn fit_k(samples: &[Sample]) -> f64 {
    let zero = vec![KindValue::default(); 64];
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(samples, &zero, c) < error(samples, &zero, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// `base` with the weights of `examples/tune.rs`'s output (`    NAME = VALUE,` lines).
fn tuned_weights(file: &str, base: &Weights) -> Result<Weights, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut lines = String::new();
    for line in text.lines() {
        if let Some((name, value)) = line.trim().trim_end_matches(',').split_once(" = ") {
            lines.push_str(&format!("weight {name} {value}\n"));
        }
    }
    material_values::read_weights(&lines, base.clone())
}

/// The written file, read back by the engine's own reader, gives the fitted values.
fn check(rules: &dyn Rules, text: &str, weights: &Weights, v: &[KindValue]) -> Result<(), String> {
    if material_values::read(text, rules)? != v {
        return Err("the written file reads back otherwise".into());
    }
    let base = Weights::for_axes(rules.info().shape.axes());
    if material_values::read_weights(text, base.clone())? != *weights {
        return Err("the written file's weights read back otherwise".into());
    }
    Ok(())
}
