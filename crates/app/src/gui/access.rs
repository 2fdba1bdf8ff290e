//! The board for screen readers: one AccessKit node over the board's rectangle whose
//! label names the focused square and what stands there (or the focused piece in hand),
//! updated as the keyboard focus moves. egui builds the tree whenever a platform
//! adapter (or a test) turns AccessKit on.

use crate::session::Session;
use egui::{Id, Role};

/// The id of the board's node.
pub fn board_id() -> Id {
    Id::unique("chess4d-board")
}

/// Puts the board's node, labelled with [`Session::accessible_label`], in this pass's
/// accessibility tree (nothing when AccessKit is off).
pub fn label_board(ctx: &egui::Context, session: &Session) {
    let label = session.accessible_label();
    ctx.accesskit_node_builder(board_id(), |node| {
        node.set_role(Role::Grid);
        node.set_label(label);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::keyboard::Nav;
    use chess4d_variants::Catalog;

    /// The label of the board's node after one pass with AccessKit on.
    fn spoken(session: &Session) -> Option<String> {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            label_board(ui.ctx(), session)
        });
        out.textures_delta.clear(); // no painter here
        let update = out.platform_output.accesskit_update?;
        update
            .nodes
            .iter()
            .find(|(_, n)| n.role() == Role::Grid)
            .and_then(|(_, n)| n.label().map(str::to_string))
    }

    #[test]
    fn the_board_node_names_the_focused_square_and_piece() {
        let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
        assert_eq!(spoken(&s).as_deref(), Some("Board. White to move."));
        s.navigate(Nav::Next); // the first movable piece: the knight on b1
        let said = spoken(&s).unwrap();
        assert!(said.starts_with("b1, white knight."), "{said}");
        s.navigate(Nav::Up);
        assert!(spoken(&s).unwrap().starts_with("b2, white pawn."));
        s.navigate(Nav::Up);
        assert!(spoken(&s).unwrap().starts_with("b3, empty."));
    }
}
