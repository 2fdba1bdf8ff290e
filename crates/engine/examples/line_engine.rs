//! A minimal line protocol around the engine, for match drivers that need to run two
//! builds of it side by side (`examples/match.rs` plays one against another).
//!
//! Commands, one per line on stdin:
//! * `variant NAME` — the catalog variant to play;
//! * `position FEN [moves M1 M2 …]` — the position (a six-field FEN) and the moves
//!   played from it, in coordinate notation;
//! * `go nodes N` | `go movetime MS` | `go depth D` — answers `bestmove MOVE`
//!   (or `bestmove (none)`);
//! * `quit`.
//!
//! Errors are answered with `error …` lines; the program never stops on bad input.
//! Kept to the engine's public API of the first published version so the same file
//! builds against older commits of the engine.

use chess4d_core::{Game, Rules};
use chess4d_engine::{Limits, game_history, search};
use chess4d_variants::Catalog;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

fn main() {
    let catalog = Catalog::embedded();
    let mut rules: Option<Arc<dyn Rules>> = None;
    let mut game: Option<Game> = None;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            ["quit"] => break,
            ["variant", name] => match catalog.resolve(name) {
                Ok(r) => {
                    rules = Some(r);
                    None
                }
                Err(e) => Some(format!("error {e}")),
            },
            ["position", rest @ ..] => match rules.as_ref() {
                Some(r) => match set_position(r, rest) {
                    Ok(g) => {
                        game = Some(g);
                        None
                    }
                    Err(e) => Some(format!("error {e}")),
                },
                None => Some("error give a variant first".to_string()),
            },
            ["go", kind, n] => match (game.as_ref(), n.parse::<u64>()) {
                (Some(g), Ok(n)) => Some(go(g, kind, n)),
                _ => Some("error give a position and a number".to_string()),
            },
            _ => Some(format!("error unknown command '{line}'")),
        };
        if let Some(reply) = reply {
            let _ = writeln!(out, "{reply}");
            let _ = out.flush();
        }
    }
}

fn set_position(rules: &Arc<dyn Rules>, words: &[&str]) -> Result<Game, String> {
    let split = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let fen = words[..split].join(" ");
    let start = rules.parse_position(&fen).map_err(|e| e.to_string())?;
    let mut game = Game::from_position(rules.clone(), start);
    for m in words.iter().skip(split + 1) {
        game.play_str(m).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

fn go(game: &Game, kind: &str, n: u64) -> String {
    let mut limits = match kind {
        "nodes" => Limits {
            nodes: Some(n),
            ..Limits::default()
        },
        "movetime" => Limits::movetime(Duration::from_millis(n)),
        "depth" => Limits::depth(n as u32),
        _ => return format!("error unknown limit '{kind}'"),
    };
    limits.history = game_history(game);
    let rules = game.rules();
    let pos = game.position();
    match search(&**rules, pos, &limits) {
        Ok(r) => format!(
            "bestmove {} depth {} nodes {} score {}",
            rules.format_move(pos, r.best),
            r.depth,
            r.nodes,
            r.score
        ),
        Err(_) => "bestmove (none)".to_string(),
    }
}
