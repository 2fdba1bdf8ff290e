//! Trains the orthodox evaluation network (`crates/engine/nets/orthodox.net`) on
//! positions Stockfish evaluated.
//!
//! ```text
//! scripts/gen-eval-data.py --positions 1500000 --sample 1 --seed 21 --out /tmp/q-21.txt
//! scripts/gen-eval-data.py --positions 1500000 --sample 1 --every --noise 0.08 \
//!     --seed 23 --out /tmp/e-23.txt
//! BATCH=8192 cargo run --release -p chess4d-engine --example train_net -- \
//!     crates/engine/nets/orthodox.net /tmp/q-21.txt /tmp/e-23.txt ...
//! ```
//!
//! Each input line is `FEN;cp`, cp from the side to move's view. The network is the one
//! `eval/net.rs` reads: 768 inputs (kind, colour and square of each man, seen from one
//! side), a layer of `HIDDEN` units shared by both sides' views, squared clipped
//! activations, and one output per bucket of the number of men on the board, fed the
//! side to move's units first. Its output is in units of the loss's sigmoid: the loss
//! is the mean squared difference of `sigmoid(cp / 400)` between network and label,
//! so that a pawn in a level position weighs more than one in a won position. AdamW in
//! batches over both cores; `EPOCHS` (12), `LR` (0.001, a tenth over the last fifth
//! of the epochs), `BATCH` (16384), `DECAY` (0.01), `INIT` (0.01, the first layer's
//! starting weights) and `SEED` (1) can be set. `MODE` is written into the file: 0 the
//! network alone (the default), 1 a correction learned on top of the hand-written
//! evaluation, 2 the network averaged with it. The last `HOLD` share (2%) of each file,
//! whole games, is kept out and scored after each epoch; the hand-written
//! evaluation's error on it is printed first. Positions without castling rights are
//! learned in a mirror too (files turned).

use chess4d_core::Color;
use chess4d_engine::network::{self, HIDDEN, INPUTS, Mode, Network, SCALE};
use chess4d_engine::{Rng, StaticEval, Weights};
use chess4d_variants::Catalog;
use std::io::Write;

// The inputs, hidden units, output scale, features, buckets and file format are the
// engine's own (`chess4d_engine::network`): what this writes is what it reads.

/// Output buckets by the men on the board ([`network::bucket`]).
const BUCKETS: usize = 8;
/// The first layer's weights stay within this, so that `network::QA` times them fits
/// an `i16` and a sum over 32 men does too.
const CLIP: f32 = 1.98;

/// One position: both views' features, the side to move's first, its bucket, target.
struct Sample {
    /// The hand-written evaluation in sigmoid units when the network learns what it
    /// misses (`MODE=1`), else 0.
    base: f32,
    ours: Vec<u16>,
    theirs: Vec<u16>,
    bucket: u8,
    target: f32,
}

/// The parameters (and, with the same shape, their gradients and Adam's moments).
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Params {
    fn zeros() -> Params {
        Params {
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; BUCKETS * 2 * HIDDEN],
            b2: vec![0.0; BUCKETS],
        }
    }

    /// Small first-layer weights: a feature the data seldom shows keeps about what
    /// it starts with, and a search finds the positions where that is wrong. The
    /// biases start every unit in the middle of its active range. A correction starts
    /// at 0, so that it begins as the hand-written evaluation.
    fn random(rng: &mut Rng, residual: bool) -> Params {
        let mut p = Params::zeros();
        let mut uniform = |a: f32| (rng.below(1 << 20) as f32 / (1 << 20) as f32 * 2.0 - 1.0) * a;
        let init: f32 = env("INIT", 0.01);
        p.w1.iter_mut().for_each(|w| *w = uniform(init));
        p.b1.iter_mut().for_each(|b| *b = 0.5 + uniform(0.3));
        let out = if residual {
            0.0
        } else {
            1.0 / (2.0 * HIDDEN as f32).sqrt()
        };
        p.w2.iter_mut().for_each(|w| *w = uniform(out));
        p
    }

    fn slices(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    fn add(&mut self, other: &Params) {
        for (a, b) in self
            .slices()
            .into_iter()
            .zip([&other.w1, &other.b1, &other.w2, &other.b2])
        {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("train_net: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out, files @ ..] = args.as_slice() else {
        return Err("usage: train_net OUT FILE...".into());
    };
    if files.is_empty() {
        return Err("usage: train_net OUT FILE...".into());
    }
    let hold: f64 = env("HOLD", 0.02);
    // 0: the network alone; 1: a correction to the hand-written evaluation (learned
    // as such); 2: averaged with it (learned alone).
    let mode: u16 = env("MODE", 0);
    let residual = mode == 1;
    let rules = Catalog::embedded()
        .resolve("orthodox")
        .map_err(|e| e.to_string())?;
    // The search's evaluation without a network: hand-written terms and square corrections.
    let hand = StaticEval::searched_with(&*rules, Weights::default());
    // (board, label, the hand-written evaluation from the side to move's view, held out)
    let mut positions = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let lines: Vec<&str> = text.lines().collect();
        // The last positions of a file are whole games: the fit is not scored on the
        // neighbours of positions it learned from.
        let cut = lines.len() - ((lines.len() as f64 * hold) as usize).min(lines.len() / 2);
        for (n, line) in lines.iter().enumerate() {
            let at = |what: &str| format!("{file}:{}: {what}", n + 1);
            let (fen, cp) = line.rsplit_once(';').ok_or_else(|| at("expected FEN;cp"))?;
            let cp: f32 = cp
                .trim()
                .parse()
                .map_err(|_| at("the score is not a number"))?;
            let board = parse_fen(fen).map_err(|e| at(&e))?;
            let pos = rules.parse_position(fen).map_err(|e| at(&e.to_string()))?;
            let white = hand.white_score(&pos) as f32;
            let ours = if pos.side_to_move() == Color::White {
                white
            } else {
                -white
            };
            positions.push((board, cp, ours, n >= cut));
        }
    }
    let k = hand_scale(&positions);
    eprintln!("Stockfish's centipawns are {k:.3} of ours");
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (board, cp, ours, held) in &positions {
        let base = if residual { ours * k / SCALE } else { 0.0 };
        if *held {
            valid.push(sample(board, *cp, base, false));
            continue;
        }
        train.push(sample(board, *cp, base, false));
        if !board.castling {
            train.push(sample(board, *cp, base, true));
        }
    }
    drop(positions);
    eprintln!(
        "{} samples to learn from, {} positions held out",
        train.len(),
        valid.len()
    );
    let p = fit(&mut train, &valid, residual)?;
    std::fs::write(out, encode(&p, mode, 1.0 / k)?).map_err(|e| format!("{out}: {e}"))?;
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

/// What a sample needs of a FEN: the men (kind 0-5 as PNBRQK, White, square with a1
/// 0), the side to move, whether any castling right is left.
struct Board {
    men: Vec<(usize, bool, usize)>,
    white_to_move: bool,
    castling: bool,
}

fn parse_fen(fen: &str) -> Result<Board, String> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().ok_or("an empty FEN")?;
    let mut men = Vec::new();
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("{} ranks, not 8", ranks.len()));
    }
    for (r, rank) in ranks.iter().enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            }
            let kind = "pnbrqk"
                .find(c.to_ascii_lowercase())
                .ok_or_else(|| format!("'{c}' is not a piece"))?;
            if file >= 8 {
                return Err(format!("rank {} is too long", 8 - r));
            }
            men.push((kind, c.is_ascii_uppercase(), (7 - r) * 8 + file));
            file += 1;
        }
    }
    let white_to_move = match fields.next() {
        Some("w") => true,
        Some("b") => false,
        other => return Err(format!("side to move {other:?}")),
    };
    let castling = fields.next().is_some_and(|c| c != "-");
    Ok(Board {
        men,
        white_to_move,
        castling,
    })
}

/// The feature of a man seen from `white`'s side or Black's ([`network::feature`]).
fn feature(kind: usize, man_white: bool, sq: usize, view_white: bool) -> u16 {
    let square = network::view_square(sq, view_white);
    network::feature(kind, man_white == view_white, square) as u16
}

fn sample(board: &Board, cp: f32, base: f32, mirror: bool) -> Sample {
    let m = if mirror { 7 } else { 0 };
    let view = |white: bool| -> Vec<u16> {
        board
            .men
            .iter()
            .map(|&(k, w, sq)| feature(k, w, sq ^ m, white))
            .collect()
    };
    let (w, b) = (view(true), view(false));
    let (ours, theirs) = if board.white_to_move { (w, b) } else { (b, w) };
    Sample {
        base,
        ours,
        theirs,
        bucket: network::bucket(board.men.len(), BUCKETS) as u8,
        target: sigmoid(cp / SCALE),
    }
}

/// How many of our centipawns one of Stockfish's is worth, by the hand-written
/// evaluation (square corrections included) on the held-out positions: the `k` whose
/// `sigmoid(ours * k / 400)` fits the labels best.
fn hand_scale(positions: &[(Board, f32, f32, bool)]) -> f32 {
    let pairs: Vec<(f32, f32)> = positions
        .iter()
        .filter(|p| p.3)
        .map(|&(_, cp, ours, _)| (ours, sigmoid(cp / SCALE)))
        .collect();
    let loss = |k: f32| -> f64 {
        pairs
            .iter()
            .map(|&(o, t)| f64::from((sigmoid(o * k / SCALE) - t).powi(2)))
            .sum()
    };
    let (best, k) = (20..=200)
        .map(|k| k as f32 / 100.0)
        .map(|k| (loss(k), k))
        .fold((f64::INFINITY, 1.0), |a, b| if b.0 < a.0 { b } else { a });
    eprintln!(
        "the hand-written evaluation on the held-out positions: {:.6}",
        best / pairs.len().max(1) as f64
    );
    k
}

/// The first layer's sums for one view.
fn accumulate(p: &Params, features: &[u16]) -> [f32; HIDDEN] {
    let mut acc = [0f32; HIDDEN];
    acc.copy_from_slice(&p.b1);
    for &f in features {
        let row = &p.w1[f as usize * HIDDEN..][..HIDDEN];
        acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
    }
    acc
}

fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The network's output for `s`, in sigmoid units, and both views' sums.
fn forward(p: &Params, s: &Sample) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
    let (us, them) = (accumulate(p, &s.ours), accumulate(p, &s.theirs));
    let w2 = &p.w2[s.bucket as usize * 2 * HIDDEN..][..2 * HIDDEN];
    let mut out = s.base + p.b2[s.bucket as usize];
    for i in 0..HIDDEN {
        out += screlu(us[i]) * w2[i] + screlu(them[i]) * w2[HIDDEN + i];
    }
    (out, us, them)
}

/// Adds the gradient of `s`'s loss to `g`; returns the loss.
fn backward(p: &Params, s: &Sample, g: &mut Params) -> f32 {
    let (out, us, them) = forward(p, s);
    let pred = sigmoid(out);
    let d = 2.0 * (pred - s.target) * pred * (1.0 - pred);
    let b = s.bucket as usize;
    g.b2[b] += d;
    let w2 = &p.w2[b * 2 * HIDDEN..][..2 * HIDDEN];
    let gw2 = &mut g.w2[b * 2 * HIDDEN..][..2 * HIDDEN];
    let mut d_us = [0f32; HIDDEN];
    let mut d_them = [0f32; HIDDEN];
    for i in 0..HIDDEN {
        gw2[i] += d * screlu(us[i]);
        gw2[HIDDEN + i] += d * screlu(them[i]);
        let slope = |x: f32| if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 };
        d_us[i] = d * w2[i] * slope(us[i]);
        d_them[i] = d * w2[HIDDEN + i] * slope(them[i]);
    }
    for i in 0..HIDDEN {
        g.b1[i] += d_us[i] + d_them[i];
    }
    for (features, delta) in [(&s.ours, &d_us), (&s.theirs, &d_them)] {
        for &f in features {
            let row = &mut g.w1[f as usize * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(delta).for_each(|(r, x)| *r += x);
        }
    }
    (pred - s.target) * (pred - s.target)
}

fn loss(p: &Params, set: &[Sample]) -> f64 {
    let total: f64 = set
        .iter()
        .map(|s| {
            let pred = sigmoid(forward(p, s).0);
            f64::from((pred - s.target) * (pred - s.target))
        })
        .sum();
    total / set.len().max(1) as f64
}

fn fit(train: &mut [Sample], valid: &[Sample], residual: bool) -> Result<Params, String> {
    let epochs: usize = env("EPOCHS", 12);
    let lr0: f32 = env("LR", 0.001);
    let batch: usize = env("BATCH", 16384);
    let decay: f32 = env("DECAY", 0.01);
    let mut rng = Rng::new(env("SEED", 1));
    let mut p = Params::random(&mut rng, residual);
    let (mut m, mut v) = (Params::zeros(), Params::zeros());
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0;
    eprintln!("epoch 0: held-out {:.6}", loss(&p, valid));
    for epoch in 0..epochs {
        let lr = if epoch >= epochs * 4 / 5 {
            lr0 / 10.0
        } else {
            lr0
        };
        shuffle(train, &mut rng);
        let mut train_loss = 0f64;
        for chunk in train.chunks(batch) {
            let halves: Vec<&[Sample]> = chunk.chunks(chunk.len().div_ceil(2)).collect();
            let results: Vec<(Params, f64)> = std::thread::scope(|scope| {
                let handles: Vec<_> = halves
                    .iter()
                    .map(|half| {
                        let p = &p;
                        scope.spawn(move || {
                            let mut g = Params::zeros();
                            let l: f64 =
                                half.iter().map(|s| f64::from(backward(p, s, &mut g))).sum();
                            (g, l)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|_| (Params::zeros(), 0.0)))
                    .collect()
            });
            let mut g = Params::zeros();
            for (part, l) in &results {
                g.add(part);
                train_loss += l;
            }
            t += 1;
            let n = chunk.len() as f32;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            let grads = [&g.w1, &g.b1, &g.w2, &g.b2];
            for (((w, gm), gv), gr) in p
                .slices()
                .into_iter()
                .zip(m.slices())
                .zip(v.slices())
                .zip(grads)
            {
                for i in 0..w.len() {
                    let gi = gr[i] / n;
                    gm[i] = b1 * gm[i] + (1.0 - b1) * gi;
                    gv[i] = b2 * gv[i] + (1.0 - b2) * gi * gi;
                    w[i] -= lr * ((gm[i] / c1) / ((gv[i] / c2).sqrt() + eps) + decay * w[i]);
                }
            }
            p.w1.iter_mut().for_each(|w| *w = w.clamp(-CLIP, CLIP));
        }
        eprintln!(
            "epoch {}: trained {:.6}, held-out {:.6}",
            epoch + 1,
            train_loss / train.len() as f64,
            loss(&p, valid)
        );
        let _ = std::io::stderr().flush();
    }
    Ok(p)
}

fn shuffle(set: &mut [Sample], rng: &mut Rng) {
    for i in (1..set.len()).rev() {
        let j = rng.below(i + 1);
        set.swap(i, j);
    }
}

/// The network in the engine's format ([`Network::write`]): the first layer quantised
/// ([`Network::quantise`]), the output layer as it is.
fn encode(p: &Params, mode: u16, scale: f32) -> Result<Vec<u8>, String> {
    let mode = match mode {
        0 => Mode::Alone,
        1 => Mode::Correction,
        2 => Mode::Mean,
        m => return Err(format!("MODE={m}: 0, 1 or 2")),
    };
    let mut b1 = [0i16; HIDDEN];
    for (q, &w) in b1.iter_mut().zip(&p.b1) {
        *q = Network::quantise(w);
    }
    let net = Network {
        buckets: BUCKETS,
        mode,
        scale,
        w1: p.w1.iter().map(|&w| Network::quantise(w)).collect(),
        b1,
        w2: p.w2.clone(),
        b2: p.b2.clone(),
    };
    Ok(net.write())
}
