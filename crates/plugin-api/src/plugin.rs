//! The safe side of the ABI: a trait a plugin implements in plain Rust.

use crate::abi::Move;
use crate::types::{Changes, GameStatus, PositionData, PositionRef, Side, State, VariantDesc};

/// The rules of a variant, as a plugin writes them; [`crate::export_plugin!`] turns an
/// implementation into the exported C table.
///
/// The host keeps the position and lends it to every call as a [`PositionRef`], so the
/// plugin holds no game state. Calls may come from several threads at once.
/// A panic in any method is caught and reported to the host, which shows it and keeps
/// running (the crate must be built with `panic = "unwind"`, the default).
///
/// Methods returning `Option` are optional: `None` lets the host use its default
/// (coordinate notation, the extended FEN, the path `[from, to]`, status from the move
/// list and check).
pub trait RulesPlugin: Send + Sync + 'static {
    /// Name, board, pieces and draw settings; read once when the plugin is loaded.
    fn variant(&self) -> VariantDesc;

    /// The start position.
    fn start_position(&self) -> PositionData;

    /// Every legal move of the side to move, into `out` (empty on entry). With pockets,
    /// drops are moves too ([`Move::drop`]), of kinds the side holds onto empty squares.
    fn legal_moves(&self, pos: &PositionRef<'_>, out: &mut Vec<Move>);

    /// Plays a legal move: pushes the squares it changes (at most
    /// [`crate::MAX_CHANGES`], applied in order, with their promoted marks) and the one
    /// count in hand it changes into `changes` (empty on entry), and returns the state
    /// after it (counters included). [`crate::standard_changes`] and
    /// [`crate::diff_boards`] help.
    fn apply_move(
        &self,
        pos: &PositionRef<'_>,
        mv: Move,
        changes: &mut Changes,
    ) -> Result<State, String>;

    /// Whether `by` attacks `square` (could capture a piece standing there).
    fn is_attacked(&self, pos: &PositionRef<'_>, square: u16, by: Side) -> bool;

    /// The squares of `by`'s pieces that attack `square`, into `out` (empty on entry).
    fn attackers(&self, pos: &PositionRef<'_>, square: u16, by: Side, out: &mut Vec<u16>);

    /// Where the position stands; `None` for the host's default.
    fn status(&self, pos: &PositionRef<'_>) -> Option<GameStatus> {
        let _ = pos;
        None
    }

    /// The notation of a move; `None` for coordinate notation.
    fn format_move(&self, pos: &PositionRef<'_>, mv: Move) -> Option<String> {
        let _ = (pos, mv);
        None
    }

    /// Reads a move string; `None` for the host's default (it matches the text against
    /// the notation of every legal move). A returned move must be in the legal list.
    fn parse_move(&self, pos: &PositionRef<'_>, text: &str) -> Option<Result<Move, String>> {
        let _ = (pos, text);
        None
    }

    /// A richer description for people; `None` for the notation.
    fn describe_move(&self, pos: &PositionRef<'_>, mv: Move) -> Option<String> {
        let _ = (pos, mv);
        None
    }

    /// Every square the move passes, from start to landing; `None` for `[from, to]`.
    fn move_path(&self, pos: &PositionRef<'_>, mv: Move) -> Option<Vec<u16>> {
        let _ = (pos, mv);
        None
    }

    /// Reads a position string; `None` for the host's FEN reader.
    fn parse_position(&self, text: &str) -> Option<Result<PositionData, String>> {
        let _ = text;
        None
    }

    /// Writes a position string; `None` for the host's FEN writer.
    fn format_position(&self, pos: &PositionRef<'_>) -> Option<String> {
        let _ = pos;
        None
    }
}
