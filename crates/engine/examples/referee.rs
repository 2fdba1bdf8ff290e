//! A referee on stdin and stdout for match runners (`scripts/match-fsf.py`): our rules
//! judge every move an engine plays and say when the game is over by any end the
//! variant has (mate, stalemate, repetition, the move limit, bare kings, goals,
//! checks, extinction, ...). Moves are read in UCI text as Fairy-Stockfish writes them
//! (`e2e4`, `P@e4`, `e6e7+`), or in our own coordinate notation.
//!
//! One command a line, one answer a line:
//!
//! * `new VARIANT [FEN]` (a catalog name or a `.toml` path) -> `ok FEN` or `error WHY`
//! * `move TEXT` -> `ok`, `over RESULT OUTCOME-IN-WORDS`, or `illegal WHY`
//! * `fen` -> `fen FEN`
//!
//! `cargo run --release -p chess4d-engine --example referee`

use chess4d_core::{Game, Rules, parse_uci_move};
use std::io::{BufRead, Write};
use std::sync::Arc;

fn main() {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    let mut game: Option<Game> = None;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let (verb, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let answer = match verb {
            "new" => new_game(&catalog, rest.trim(), &mut game),
            "move" => match game.as_mut() {
                Some(g) => play(g, rest.trim()),
                None => "error no game: send `new VARIANT` first".to_string(),
            },
            "fen" => match &game {
                Some(g) => format!("fen {}", g.rules().format_position(g.position())),
                None => "error no game".to_string(),
            },
            "quit" => break,
            "" => continue,
            other => format!("error unknown command {other:?}: new, move, fen, quit"),
        };
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}

fn new_game(catalog: &chess4d_variants::Catalog, rest: &str, game: &mut Option<Game>) -> String {
    let (variant, fen) = rest.split_once(' ').unwrap_or((rest, ""));
    let rules: Arc<dyn Rules> = match catalog.resolve(variant) {
        Ok(r) => r,
        Err(e) => return format!("error {e}"),
    };
    let start = if fen.trim().is_empty() {
        rules.start_position()
    } else {
        match rules.parse_position(fen.trim()) {
            Ok(p) => p,
            Err(e) => return format!("error {e}"),
        }
    };
    let g = Game::from_position(rules, start);
    let fen = g.rules().format_position(g.position());
    *game = Some(g);
    format!("ok {fen}")
}

fn play(game: &mut Game, text: &str) -> String {
    if let Some(o) = game.outcome() {
        return format!("illegal the game is over ({o})");
    }
    let mv = match parse_uci_move(&**game.rules(), game.position(), text) {
        Ok(m) => m,
        Err(e) => return format!("illegal {e}"),
    };
    if let Err(e) = game.play(mv) {
        return format!("illegal {e}");
    }
    match game.outcome() {
        Some(o) => format!("over {} {o}", o.result_string()),
        None => "ok".to_string(),
    }
}
