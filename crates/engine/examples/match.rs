//! Plays two engine programs that speak the `line_engine` protocol against each other:
//! how one build of the engine is measured against another (the guide's "The computer
//! opponent", docs/src/engine/engine.md).
//!
//! ```text
//! cargo run --release -p chess4d-engine --example match -- \
//!     A_BINARY B_BINARY VARIANT GAMES (nodes N | movetime MS) [SEED]
//! ```
//!
//! Games come in pairs: each opening (a few random plies that a shallow search judges
//! roughly level, or the most level of 64 tries where hardly any line is) is played
//! once with each program as White. Prints every game's result
//! and the score of A at the end. With `FENS=path` set, every position of every game
//! is appended to that file with the game's result from White's view (`fen;result`),
//! the input of `examples/tune.rs`.

use chess4d_core::{Color, Game, Rules};
use chess4d_engine::{Limits, Rng, search};
use chess4d_variants::Catalog;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;

/// Plies after which a game counts as drawn.
const PLY_CAP: usize = 300;

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &str, variant: &str) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{path}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = Engine {
            child,
            input,
            output,
        };
        e.send(&format!("variant {variant}"))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())
    }

    fn best(&mut self, fen: &str, moves: &[String], go: &str) -> Result<String, String> {
        self.send(&format!("position {fen} moves {}", moves.join(" ")))?;
        self.send(go)?;
        let mut line = String::new();
        loop {
            line.clear();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err("the engine closed its output".into());
            }
            if let Some(rest) = line.strip_prefix("bestmove ") {
                return Ok(rest.split_whitespace().next().unwrap_or("").to_string());
            }
            if line.starts_with("error") {
                return Err(line.trim().to_string());
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// How many random openings are judged before the most level of them is taken: on
/// boards where nearly every short line is decided (the full 4D set's start is a
/// forced mate) a level one may not exist, and the hunt would never end.
const OPENING_TRIES: usize = 64;

/// A few random plies that leave the position roughly level by a shallow search (or,
/// where none of [`OPENING_TRIES`] lines is, the most level of them).
fn opening(rules: &Arc<dyn Rules>, rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut most_level: Option<(i32, Vec<String>)> = None;
    for _ in 0..OPENING_TRIES {
        let Some((line, game)) = random_line(rules, rng, plies) else {
            continue;
        };
        let Ok(r) = search(&**rules, game.position(), &Limits::depth(4)) else {
            continue;
        };
        let off = r.score.0.abs();
        if off <= 60 {
            return line;
        }
        if most_level.as_ref().is_none_or(|(o, _)| off < *o) {
            most_level = Some((off, line));
        }
    }
    most_level.map(|(_, line)| line).unwrap_or_default()
}

/// `plies` random legal moves from the start, and the game they reach (`None` where
/// the game ended on the way).
fn random_line(rules: &Arc<dyn Rules>, rng: &mut Rng, plies: usize) -> Option<(Vec<String>, Game)> {
    let mut game = Game::new(rules.clone());
    let mut line = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves().to_vec();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len())];
        line.push(rules.format_move(game.position(), mv));
        game.play(mv).ok()?;
    }
    Some((line, game))
}

/// Plays one game; returns White's score (1, 0.5 or 0).
fn play(
    rules: &Arc<dyn Rules>,
    white: &mut Engine,
    black: &mut Engine,
    open: &[String],
    go: &str,
    fens: &mut Vec<String>,
) -> Result<f64, String> {
    let start = rules.start_position();
    let fen = rules.format_position(&start);
    let mut game = Game::new(rules.clone());
    let mut moves: Vec<String> = Vec::new();
    for m in open {
        game.play_str(m).map_err(|e| e.to_string())?;
        moves.push(m.clone());
    }
    while game.outcome().is_none() && moves.len() < PLY_CAP {
        let side = game.position().side_to_move();
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let text = engine.best(&fen, &moves, go)?;
        let before = game.position().clone();
        let mv = game
            .play_str(&text)
            .map_err(|e| format!("illegal move {text}: {e}"))?;
        moves.push(rules.format_move(&before, mv));
        fens.push(rules.format_position(game.position()));
    }
    Ok(match game.outcome().and_then(|o| o.winner) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    })
}

fn main() {
    if let Err(e) = run() {
        eprintln!("match: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 {
        return Err("usage: A B VARIANT GAMES (nodes N | movetime MS) [SEED]".into());
    }
    let (a, b, variant) = (&args[0], &args[1], &args[2]);
    let games: usize = args[3].parse().map_err(|_| "GAMES is a number")?;
    let go = format!("go {} {}", args[4], args[5]);
    let seed: u64 = args.get(6).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules = Catalog::embedded()
        .resolve(variant)
        .map_err(|e| e.to_string())?;
    let plies = if rules.info().shape.axes() <= 2 { 6 } else { 2 };
    let mut rng = Rng::new(seed);
    let mut ea = Engine::start(a, variant)?;
    let mut eb = Engine::start(b, variant)?;
    let fens_path = std::env::var("FENS").ok();
    let (mut score, mut played) = (0.0, 0);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut open = Vec::new();
    for g in 0..games {
        if g % 2 == 0 {
            open = opening(&rules, &mut rng, plies);
        }
        let a_white = g % 2 == 0;
        let mut fens = Vec::new();
        let white_score = if a_white {
            play(&rules, &mut ea, &mut eb, &open, &go, &mut fens)?
        } else {
            play(&rules, &mut eb, &mut ea, &open, &go, &mut fens)?
        };
        let s = if a_white {
            white_score
        } else {
            1.0 - white_score
        };
        match s {
            1.0 => wins += 1,
            0.0 => losses += 1,
            _ => draws += 1,
        }
        score += s;
        played += 1;
        println!(
            "game {} ({} white, opening {}): A scores {s}; total A {score}/{played} (+{wins} ={draws} -{losses})",
            g + 1,
            if a_white { "A" } else { "B" },
            open.join(" ")
        );
        if let Some(path) = &fens_path {
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| e.to_string())?;
            for fen in fens {
                writeln!(f, "{fen};{white_score}").map_err(|e| e.to_string())?;
            }
        }
    }
    println!(
        "A {:.1}% ({score}/{played}, +{wins} ={draws} -{losses})",
        100.0 * score / played.max(1) as f64
    );
    Ok(())
}
