//! Fits the orthodox square corrections (`crates/engine/nets/orthodox.squares`) to
//! positions Stockfish evaluated.
//!
//! ```text
//! scripts/gen-eval-data.py --positions 450000 --seed 1 --out /tmp/eval-1.txt
//! cargo run --release -p chess4d-engine --example train_squares -- \
//!     crates/engine/nets/orthodox.squares /tmp/eval-1.txt ...
//! ```
//!
//! Each input line is `FEN;cp`, cp from the side to move's view. The model is the
//! hand-written evaluation (without corrections) plus, per kind and square from its
//! owner's side, one middlegame and one endgame value, one more per bucket of its own
//! king and one more per bucket of the enemy king (its pair of files, and its rank:
//! the back rank, the next one, or further), blended by the phase. It is linear, so a
//! million positions pin its 19,200 values down. The loss is the mean squared
//! difference of `sigmoid(cp / 400)` between model and label, so that a pawn in a level position
//! weighs more than one in a won position. Adam in batches; `EPOCHS` (6), `LR`
//! (0.0005, a tenth of it over the last third), `BATCH` (4096), `DECAY` (0.3: a pull
//! toward 0 for the squares a kind seldom stands on) and `SEED` (1) can be set. The
//! last `HOLD` share (2%) of each file, whole games, is kept out and scored after each
//! epoch beside the hand-written evaluation's own error on it.

use chess4d_core::{Color, Position, Rules};
// The kinds in the rows' order, the loss's scale and the king buckets are the engine's.
use chess4d_engine::network::{LETTERS, SCALE};
use chess4d_engine::square_corrections::{BUCKETS, bucket};
use chess4d_engine::{Rng, StaticEval, Weights};
use chess4d_variants::Catalog;

/// One table: a kind's 64 squares, kind after kind.
const PST: usize = 6 * 64;
/// Values per phase: the plain table, then one per bucket of the owner's king, then
/// one per bucket of the enemy king (the file's families, in its order).
const N: usize = PST * (1 + 2 * BUCKETS);

/// One position: for each piece its values' indices (value +1 for the side to move's
/// pieces, -1 for the other's), the phase, the label and our evaluation.
struct Sample {
    pieces: Vec<(u16, i8)>,
    phase: f32,
    target: f32,
    /// The hand-written evaluation, side to move's view, our centipawns.
    hand: f32,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("train_squares: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out, files @ ..] = args.as_slice() else {
        return Err("usage: train_squares OUT FILE...".into());
    };
    if files.is_empty() {
        return Err("usage: train_squares OUT FILE...".into());
    }
    let rules = Catalog::embedded()
        .resolve("orthodox")
        .map_err(|e| e.to_string())?;
    let hold: f64 = env("HOLD", 0.02);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for file in files {
        let samples = load(&*rules, file)?;
        // The last positions of a file are whole games: the fit is not scored on the
        // neighbours of positions it learned from.
        let cut = samples.len() - ((samples.len() as f64 * hold) as usize).min(samples.len() / 2);
        let mut samples = samples;
        valid.extend(samples.drain(cut..));
        train.extend(samples);
    }
    eprintln!(
        "{} positions to learn from, {} held out",
        train.len(),
        valid.len()
    );
    let k = best_scale(&valid);
    eprintln!(
        "hand-written evaluation on the held-out ones: {:.6} (Stockfish's centipawns are {k:.2} of ours)",
        loss(&valid, &vec![0.0; 2 * N], k)
    );
    let w = fit(&mut train, &valid, k);
    std::fs::write(out, text(&w, SCALE / k)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}");
    Ok(())
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn load(rules: &dyn Rules, file: &str) -> Result<Vec<Sample>, String> {
    let hand = StaticEval::new(rules, Weights::default());
    let info = rules.info();
    let kinds: Vec<usize> = info
        .pieces
        .iter()
        .map(|p| {
            let letter = p.letter.to_ascii_uppercase() as u8;
            LETTERS
                .iter()
                .position(|&l| l == letter)
                .ok_or("orthodox has a kind not in PNBRQK")
        })
        .collect::<Result<_, _>>()?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |what: &str| format!("{file}:{}: {what}", n + 1);
        let (fen, cp) = line.rsplit_once(';').ok_or_else(|| at("expected FEN;cp"))?;
        let cp: f32 = cp
            .trim()
            .parse()
            .map_err(|_| at("the score is not a number"))?;
        let pos = rules.parse_position(fen).map_err(|e| at(&e.to_string()))?;
        let s = sample(&pos, &kinds, cp, &hand, false);
        // Without castling rights chess is the same in a mirror: the position with
        // its files turned is one more sample, at no cost to label.
        if pos.castling_rights() == 0 {
            samples.push(sample(&pos, &kinds, cp, &hand, true));
        }
        samples.push(s);
    }
    Ok(samples)
}

fn sample(pos: &Position, kinds: &[usize], cp: f32, hand: &StaticEval, mirror: bool) -> Sample {
    let us = pos.side_to_move();
    let weight = [0, 1, 1, 2, 4, 0];
    let mut units = 0;
    let m = if mirror { 7 } else { 0 };
    let kings: Vec<usize> = [Color::White, Color::Black]
        .iter()
        .map(|&c| pos.king(c).map_or(4, |k| k.index() ^ m))
        .collect();
    let mut pieces = Vec::new();
    for (sq, p) in pos.pieces() {
        let k = kinds[p.kind().index()];
        units += weight[k];
        let s = sq.index() ^ m;
        // Each king's square from its own side: a bucket says where a king stands for
        // its owner (castled, on its back rank), whichever side's piece asks.
        let (own, ownk, enemyk) = if p.color() == Color::White {
            (s, kings[0], kings[1] ^ 56)
        } else {
            (s ^ 56, kings[1] ^ 56, kings[0])
        };
        let sign = if p.color() == us { 1 } else { -1 };
        let f = k * 64 + own;
        pieces.push((f as u16, sign));
        pieces.push(((PST * (1 + bucket(ownk)) + f) as u16, sign));
        pieces.push(((PST * (1 + BUCKETS + bucket(enemyk)) + f) as u16, sign));
    }
    let white = hand.white_score(pos) as f32;
    Sample {
        pieces,
        phase: (units as f32 / 24.0).min(1.0),
        target: sigmoid(cp / SCALE),
        hand: if us == Color::White { white } else { -white },
    }
}

/// The model's output for `s` in sigmoid units: our evaluation scaled by `k`, plus the
/// corrections `w` (middlegame values first).
fn output(s: &Sample, w: &[f32], k: f32) -> f32 {
    let mut out = s.hand * k / SCALE;
    for &(f, sign) in &s.pieces {
        let f = f as usize;
        out += f32::from(sign) * (w[f] * s.phase + w[N + f] * (1.0 - s.phase));
    }
    out
}

fn loss(set: &[Sample], w: &[f32], k: f32) -> f64 {
    let total: f64 = set
        .iter()
        .map(|s| {
            let p = sigmoid(output(s, w, k));
            f64::from((p - s.target) * (p - s.target))
        })
        .sum();
    total / set.len().max(1) as f64
}

/// The scale (Stockfish's centipawns per one of ours) at which our evaluation fits
/// the labels best.
fn best_scale(set: &[Sample]) -> f32 {
    let zero = vec![0.0; 2 * N];
    (20..=200)
        .map(|k| k as f32 / 100.0)
        .map(|k| (loss(set, &zero, k), k))
        .fold((f64::INFINITY, 1.0), |a, b| if b.0 < a.0 { b } else { a })
        .1
}

/// Adam over the 768 values.
fn fit(train: &mut [Sample], valid: &[Sample], k: f32) -> Vec<f32> {
    let epochs: usize = env("EPOCHS", 6);
    let lr0: f32 = env("LR", 0.0005);
    let batch: usize = env("BATCH", 4096);
    let decay: f32 = env("DECAY", 0.3);
    let mut rng = Rng::new(env("SEED", 1));
    let mut w = vec![0f32; 2 * N];
    let (mut m, mut v) = (vec![0f32; 2 * N], vec![0f32; 2 * N]);
    let mut t = 0;
    for epoch in 0..epochs {
        let lr = if epoch >= epochs * 2 / 3 {
            lr0 / 10.0
        } else {
            lr0
        };
        shuffle(train, &mut rng);
        for chunk in train.chunks(batch) {
            let mut g = vec![0f32; 2 * N];
            for s in chunk {
                let p = sigmoid(output(s, &w, k));
                let d = 2.0 * (p - s.target) * p * (1.0 - p);
                for &(f, sign) in &s.pieces {
                    let d = d * f32::from(sign);
                    g[f as usize] += d * s.phase;
                    g[N + f as usize] += d * (1.0 - s.phase);
                }
            }
            t += 1;
            let (c1, c2) = (1.0 - 0.9f32.powi(t), 1.0 - 0.999f32.powi(t));
            for j in 0..2 * N {
                let gj = g[j] / chunk.len() as f32;
                m[j] = 0.9 * m[j] + 0.1 * gj;
                v[j] = 0.999 * v[j] + 0.001 * gj * gj;
                w[j] -= lr * ((m[j] / c1) / ((v[j] / c2).sqrt() + 1e-8) + decay * w[j]);
            }
        }
        eprintln!("epoch {}: held out {:.6}", epoch + 1, loss(valid, &w, k));
    }
    w
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
}

/// The corrections as `orthodox.squares` holds them: per kind and family a middlegame
/// and an endgame line of 64 of our centipawns, a1 to h8 from the owner's side.
fn text(w: &[f32], cp_per_unit: f32) -> String {
    let mut text = String::from(
        "# Square corrections for orthodox chess, in centipawns, added to the hand-written\n\
         # evaluation: per kind a middlegame and an endgame line, a1..h8 from the owner's side;\n\
         # then the same while the owner's king is in a bucket (ownB) and while the enemy\n\
         # king is (enemyB). Fitted by crates/engine/examples/train_squares.rs to\n\
         # Stockfish's evaluations (scripts/gen-eval-data.py).\n",
    );
    for family in 0..=2 * BUCKETS {
        let name = match family {
            0 => String::new(),
            f if f <= BUCKETS => format!(" own{}", f - 1),
            f => format!(" enemy{}", f - 1 - BUCKETS),
        };
        for (k, letter) in LETTERS.iter().enumerate() {
            for (phase, phase_name) in [(0, "mg"), (1, "eg")] {
                let base = phase * N + family * PST + k * 64;
                let row: Vec<String> = (0..64)
                    .map(|sq| ((w[base + sq] * cp_per_unit).round() as i32).to_string())
                    .collect();
                text.push_str(&format!(
                    "{} {phase_name}{name} {}\n",
                    *letter as char,
                    row.join(" ")
                ));
            }
        }
    }
    text
}
