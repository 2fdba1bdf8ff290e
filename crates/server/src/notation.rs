//! The one place that reads and writes a move's text on the wire: the rules' own
//! notation (`Rules::parse_move` / `Rules::format_move`). When the core gains UCI with
//! drops, switching the wire notation is a change here only.

use chess4d_core::{Move, Position, Rules};

/// Reads a move sent by a client.
pub fn read_move(rules: &dyn Rules, pos: &Position, text: &str) -> Result<Move, String> {
    if text.len() > chess4d_archive::MAX_MOVE_LEN {
        return Err(format!(
            "a move is at most {} bytes",
            chess4d_archive::MAX_MOVE_LEN
        ));
    }
    rules.parse_move(pos, text).map_err(|e| e.to_string())
}

/// Writes a move for clients and storage.
pub fn write_move(rules: &dyn Rules, pos: &Position, mv: Move) -> String {
    rules.format_move(pos, mv)
}
