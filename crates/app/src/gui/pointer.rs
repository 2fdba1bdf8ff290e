//! What the pointer is doing over the board: kept apart from input.rs (which handles
//! the events) so that the panels and overlays that read it import nothing that
//! imports them back.

use chess4d_render::glam::Vec2;
use winit::keyboard::ModifiersState;

/// What the pointer is doing over the board.
#[derive(Clone, Copy, Debug)]
pub struct Pointer {
    /// Last position in window pixels.
    pub pos: Option<Vec2>,
    /// Modifier keys held.
    pub mods: ModifiersState,
    /// A camera drag in progress: pan (true) or orbit.
    pub camera: Option<bool>,
    /// Whether the board (not egui) gets the keyboard.
    pub board_focus: bool,
}

impl Default for Pointer {
    fn default() -> Self {
        // The board has the keyboard from the start: Tab walks squares at once.
        Pointer {
            pos: None,
            mods: ModifiersState::default(),
            camera: None,
            board_focus: true,
        }
    }
}
