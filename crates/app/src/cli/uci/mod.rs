//! `chess4d uci`: the Universal Chess Interface on stdin and stdout, so that GUIs,
//! match runners and analysis tools can use the engine.
//!
//! The search runs on its own thread and reading goes on meanwhile: `stop` answers
//! with `bestmove` at once, `isready` is answered during a search, and a line that
//! does not read is ignored with an `info string` saying why.

mod command;
mod notation;
mod options;
mod search;
mod session;

#[cfg(test)]
mod tests;

pub use notation::{format_line as uci_line, format_move as uci_move};
pub use session::{Out, Session};

use super::{CliError, CliResult};
use chess4d_variants::Catalog;
use std::io::BufRead;
use std::sync::{Arc, Mutex};

/// `chess4d uci`: reads commands until `quit` or the end of input.
pub fn uci_verb() -> CliResult {
    let out: Out = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    let mut session = Session::new(Catalog::standard(), out).map_err(CliError)?;
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        // Bytes that are not UTF-8 become words no command knows: ignored with a note.
        if !session.handle(&String::from_utf8_lossy(&buf)) {
            return Ok(());
        }
    }
    session.finish_search();
    Ok(())
}
