//! `chess4d play`: plays a line of moves from the start (or `--fen`) and prints where
//! it leads: the moves in SAN, the FEN, a board per 2D slice, the legal move count and
//! the result in words. What an author testing a rule reaches for instead of
//! hand-building a 16-board FEN.

use super::rules::load;
use super::{CliError, CliResult};
use chess4d_core::{Color, Game, IllegalMoveError, Position, Rules, Square, play_notation};
use std::fmt::Write as _;
use std::io::Write;

/// `chess4d play`: plays `moves` (SAN or coordinates, separated by spaces; move
/// numbers such as `1.` and `12...` are skipped) and prints the position reached.
pub fn play_verb(variant: &str, fen: Option<&str>, moves: &str) -> CliResult {
    let (rules, start) = load(variant, fen)?;
    let mut game = Game::from_position(rules.clone(), start);
    for (n, text) in move_words(moves).enumerate() {
        play_one(&mut game, variant, n + 1, text)?;
    }
    let text = report(&*rules, &game);
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// The move texts of a line: words that are not move numbers (`1.`, `12...`, `3.e4`
/// counts as `e4`).
fn move_words(line: &str) -> impl Iterator<Item = &str> {
    line.split_whitespace()
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty())
}

/// Plays the `n`th move of the line, or says which move failed, why, and how many legal
/// moves there were.
fn play_one(game: &mut Game, variant: &str, n: usize, text: &str) -> CliResult {
    let fen_before = game.rules().format_position(game.position());
    let legal = game.legal_moves().len();
    let side = game.position().side_to_move();
    match play_notation(game, text) {
        Ok(_) => Ok(()),
        Err(IllegalMoveError::GameOver(outcome)) => {
            let words = game.rules().describe_outcome(game.position(), outcome);
            Err(CliError(format!(
                "--moves: move {n} ({text}): the game is already over: {words}"
            )))
        }
        Err(e) => {
            let why = match e {
                IllegalMoveError::Parse(p) => p.reason,
                other => other.to_string(),
            };
            let plural = if legal == 1 { "" } else { "s" };
            Err(CliError(format!(
                "--moves: move {n} ({text}) for {side}: {why}\n{side} had {legal} legal \
                 move{plural} in {fen_before} (chess4d moves --variant {variant} --fen \
                 '{fen_before}' lists them)"
            )))
        }
    }
}

/// Everything `play` prints about the position reached.
fn report(rules: &dyn Rules, game: &Game) -> String {
    let pos = game.position();
    let info = rules.info();
    let mut out = String::new();
    let _ = writeln!(out, "variant: {} ({})", info.name, info.title);
    let line = chess4d_core::game_san(game);
    if !line.is_empty() {
        let _ = writeln!(out, "moves: {}", numbered(game, &line));
    }
    let _ = writeln!(out, "fen: {}", rules.format_position(pos));
    out.push_str(&board_text(rules, pos));
    let _ = writeln!(out, "legal moves: {}", game.legal_moves().len());
    let result = match game.outcome() {
        Some(outcome) => rules.describe_outcome(pos, outcome),
        None if game.in_check() => format!("{} to move, in check", pos.side_to_move()),
        None => format!("{} to move", pos.side_to_move()),
    };
    let _ = writeln!(out, "result: {result}");
    out
}

/// The SAN line with move numbers, from the start position's move number and side.
fn numbered(game: &Game, line: &[String]) -> String {
    let start = game.start_position();
    let mut number = start.fullmove_number();
    let mut white = start.side_to_move() == Color::White;
    let mut out = String::new();
    for (i, san) in line.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if white {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        out.push_str(san);
        if !white {
            number += 1;
        }
        white = !white;
    }
    out
}

/// The board as text, one 2D slice per (z, w): the slices of one w side by side, z
/// growing to the right, each labelled as square names write it (`[z]`, `[z,w]`).
/// White's pieces are upper case, empty squares `.`, holes `#`.
pub fn board_text(rules: &dyn Rules, pos: &Position) -> String {
    let shape = rules.info().shape;
    let [files, ranks, zs, ws] = shape.sizes().map(usize::from);
    let holes = rules.board_look().holes;
    let cell = |x: usize, y: usize, z: usize, w: usize| -> char {
        let Some(sq) = shape.square([x, y, z, w].map(|c| c as u8)) else {
            return ' ';
        };
        if holes.contains(&sq) {
            return '#';
        }
        piece_letter(rules, pos, sq)
    };
    let width = 3 + 2 * files;
    let mut out = String::new();
    for w in 0..ws {
        if shape.axes() > 2 {
            for z in 0..zs {
                let label = match shape.axes() {
                    3 => format!("[{z}]"),
                    _ => format!("[{z},{w}]"),
                };
                let _ = write!(out, "{label:<width$}  ");
            }
            trim_end(&mut out);
            out.push('\n');
        }
        for y in (0..ranks).rev() {
            for z in 0..zs {
                let _ = write!(out, "{:>2} ", y + 1);
                for x in 0..files {
                    out.push(cell(x, y, z, w));
                    out.push(' ');
                }
                out.push_str("  ");
            }
            trim_end(&mut out);
            out.push('\n');
        }
        for _ in 0..zs {
            out.push_str("   ");
            for x in 0..files {
                out.push(char::from(b'a' + x as u8));
                out.push(' ');
            }
            out.push_str("  ");
        }
        trim_end(&mut out);
        out.push('\n');
    }
    out
}

fn piece_letter(rules: &dyn Rules, pos: &Position, sq: Square) -> char {
    pos.piece_at(sq).map_or('.', |p| rules.info().letter(p))
}

fn trim_end(s: &mut String) {
    s.truncate(s.trim_end_matches(' ').len());
}
