//! Pointer and keys on the board: picking squares, dragging pieces, steering the camera,
//! and the page's keyboard (Tab, arrows, Alt + arrows, Enter/Space, Escape), taken
//! before egui sees them whenever the board has focus.

use super::App;
pub use super::pointer::Pointer;
use crate::app_state::{Action as AppAction, EditorAction};
use crate::session::keyboard::Nav;
use chess4d_render::{glam::Vec2, pick, pick_hand};
use winit::event::{ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::keyboard::{Key, ModifiersState, NamedKey};

impl App {
    /// Whether the pixel is on the board and not under an egui window.
    fn over_board(&self, p: Vec2) -> bool {
        let a = self.board_area;
        if !(p.x >= a.x && p.y >= a.y && p.x < a.x + a.w && p.y < a.y + a.h) {
            return false;
        }
        let ppp = self.egui_ctx.pixels_per_point();
        let at = egui::pos2(p.x / ppp, p.y / ppp);
        self.egui_ctx
            .layer_id_at(at)
            .is_none_or(|l| l.order == egui::Order::Background)
    }

    fn square_at(&self, p: Vec2) -> Option<chess4d_core::Square> {
        pick(&self.scene(), self.board_area, p).map(chess4d_core::Square)
    }

    /// The side and kind of the game's piece in hand under pixel `p`, if any.
    fn hand_under(&self, p: Vec2) -> Option<(chess4d_core::Color, chess4d_core::PieceKind)> {
        let index = pick_hand(&self.scene(), self.board_area, p)?;
        let slot = self.state.session.hands()?.get(index).copied()?;
        Some((slot.color, slot.kind))
    }

    /// A press on the hand strips at `p`: the board editor, when open, takes one piece
    /// out of that hand; else the game's hand piece is picked up. Whether a hand
    /// piece was there.
    fn press_on_hand(&mut self, p: Vec2) -> bool {
        let Some(index) = pick_hand(&self.scene(), self.board_area, p) else {
            return false;
        };
        if self.state.editor.takes_board_clicks() {
            let take = EditorAction::TakeFromHandSlot(index);
            self.actions.push(AppAction::Editor(take));
            return true;
        }
        if let Some(slot) = self
            .state
            .session
            .hands()
            .and_then(|h| h.get(index).copied())
        {
            self.state.session.press_hand(slot.color, slot.kind);
        }
        true
    }

    /// Handles an event on the board; returns whether it was used up (egui must not
    /// see it).
    pub(super) fn board_event(&mut self, event: &WindowEvent) -> bool {
        match event {
            WindowEvent::ModifiersChanged(m) => {
                self.input.mods = m.state();
                false
            }
            WindowEvent::CursorMoved { position, .. } => {
                let p = Vec2::new(position.x as f32, position.y as f32);
                if let (Some(last), Some(pan)) = (self.input.pos, self.input.camera) {
                    let d = p - last;
                    if pan {
                        self.state.rig.pan(d.x, d.y);
                    } else {
                        self.state.rig.orbit(d.x, d.y);
                    }
                }
                self.input.pos = Some(p);
                let hover = if self.over_board(p) {
                    self.square_at(p)
                } else {
                    None
                };
                self.state.session.set_hover(hover);
                let hand = if hover.is_none() && self.over_board(p) {
                    self.hand_under(p)
                } else {
                    None
                };
                self.state.session.set_hover_hand(hand);
                self.request_redraw();
                false
            }
            WindowEvent::CursorLeft { .. } => {
                self.state.session.set_hover(None);
                self.state.session.set_hover_hand(None);
                false
            }
            WindowEvent::MouseInput { state, button, .. } => self.mouse_button(*state, *button),
            WindowEvent::MouseWheel { delta, .. } => {
                let over = self.input.pos.is_some_and(|p| self.over_board(p));
                if !over {
                    return false;
                }
                let steps = match delta {
                    MouseScrollDelta::LineDelta(_, y) => *y,
                    MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
                };
                let tesseract = self
                    .state
                    .session
                    .board_layout(self.state.ui.view, self.board_area)
                    .tesseract;
                match (self.input.pos, tesseract) {
                    (Some(p), Some(t)) => self.state.rig.zoom_at(steps, [p.x, p.y], t),
                    _ => self.state.rig.zoom(steps),
                }
                true
            }
            WindowEvent::KeyboardInput { event, .. } => self.key(event),
            _ => false,
        }
    }

    fn mouse_button(&mut self, state: ElementState, button: MouseButton) -> bool {
        let Some(p) = self.input.pos else {
            return false;
        };
        let shift = self.input.mods.shift_key();
        match state {
            ElementState::Pressed => {
                if !self.over_board(p) {
                    self.input.board_focus = false;
                    return false;
                }
                self.input.board_focus = true;
                self.egui_ctx.memory_mut(|m| {
                    if let Some(id) = m.focused() {
                        m.surrender_focus(id);
                    }
                });
                if button == MouseButton::Left && !shift && self.press_on_hand(p) {
                    return true;
                }
                match button {
                    MouseButton::Left if !shift => match self.square_at(p) {
                        // The board editor, when open, places its brush instead.
                        Some(sq) if self.state.editor.takes_board_clicks() => {
                            let place = EditorAction::Place(sq);
                            self.actions.push(AppAction::Editor(place));
                            self.request_redraw();
                        }
                        Some(sq) => self.state.session.press(sq),
                        None => self.input.camera = Some(false),
                    },
                    MouseButton::Left | MouseButton::Right | MouseButton::Middle => {
                        if button == MouseButton::Right {
                            self.state.session.cancel_premove(); // as lichess: a right click
                        }
                        self.input.camera = Some(shift);
                    }
                    _ => return false,
                }
                true
            }
            ElementState::Released => {
                let was_camera = self.input.camera.take().is_some();
                let dragging = self.state.session.dragging().is_some()
                    || self.state.session.dragging_hand().is_some();
                if dragging && button == MouseButton::Left {
                    let sq = if self.over_board(p) {
                        self.square_at(p)
                    } else {
                        None
                    };
                    self.state.session.release(sq);
                    return true;
                }
                was_camera
            }
        }
    }

    fn key(&mut self, event: &winit::event::KeyEvent) -> bool {
        if self.egui_ctx.text_edit_focused() {
            return false;
        }
        let pressed = event.state == ElementState::Pressed;
        let action = board_key(&event.logical_key, self.input.mods);
        let Some(action) = action else {
            return false;
        };
        if !self.input.board_focus {
            if !takes_the_board_back(action) {
                // Enter, Space and Escape act on the panel button last clicked.
                return false;
            }
            self.input.board_focus = true;
            self.egui_ctx.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
        }
        if pressed {
            match action {
                BoardKey::Nav(n) => self.state.session.navigate(n),
                BoardKey::Activate => self.state.session.activate(),
                BoardKey::Escape => {
                    self.state.session.clear_selection();
                    self.state.session.cancel_premove();
                }
                // Applied with the next frame's actions, as the Undo button is.
                BoardKey::Undo => self.actions.push(AppAction::Undo),
                BoardKey::Fit => self.fit_camera(),
                BoardKey::FocusLayer => {
                    let layers = self.state.session.rules().info().shape.sizes()[3];
                    self.state.ui.focus_w = next_focus(self.state.ui.focus_w, layers);
                }
                BoardKey::Redo => self.actions.push(AppAction::Redo),
                BoardKey::QuarterTurn(plane, direction) => {
                    self.state.rig.quarter_turn(plane, direction)
                }
            }
        }
        true
    }
}

/// What a key does on the board (Undo and Redo become the app's actions, applied with
/// the next frame's; the board's picking and walking act on the session at once, as
/// the pointer does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardKey {
    Nav(Nav),
    Activate,
    Escape,
    Undo,
    Redo,
    Fit,
    FocusLayer,
    /// A 90° turn in a W plane, +1 or -1.
    QuarterTurn(chess4d_render::WPlane, i32),
}

/// Whether a board key pressed after a click on the panels goes to the board anyway:
/// Tab, the arrows and the view keys (W, F, 1 2 3, Ctrl+Z/Y) mean nothing to a panel
/// button, so they need no click on the board first; Enter, Space and Escape stay with
/// the button that has the focus.
fn takes_the_board_back(action: BoardKey) -> bool {
    !matches!(action, BoardKey::Activate | BoardKey::Escape)
}

/// The W layer the W key focuses next: all, then each layer in turn, then all again.
fn next_focus(now: Option<u8>, layers: u8) -> Option<u8> {
    match now {
        None if layers > 1 => Some(0),
        Some(w) if w + 1 < layers => Some(w + 1),
        _ => None,
    }
}

/// The page's keyboard: Tab and Shift+Tab step through movable pieces and then a
/// picked piece's destinations, arrows move within a board,
/// Alt + arrows move between boards, Enter or Space selects or moves, Escape clears;
/// Ctrl+Z and Ctrl+Y undo and redo, F fits the board to the view, W brings one W layer
/// forward after the other, 1 2 3 turn XW, YW, ZW by 90° (with Alt, back). Any other
/// key belongs to egui.
fn board_key(key: &Key, mods: ModifiersState) -> Option<BoardKey> {
    let (alt, shift, ctrl) = (mods.alt_key(), mods.shift_key(), mods.control_key());
    let nav = |n: Nav| Some(BoardKey::Nav(n));
    match key {
        Key::Named(NamedKey::Tab) => nav(if shift { Nav::Prev } else { Nav::Next }),
        Key::Named(NamedKey::ArrowLeft) => nav(if alt { Nav::BoardLeft } else { Nav::Left }),
        Key::Named(NamedKey::ArrowRight) => nav(if alt { Nav::BoardRight } else { Nav::Right }),
        Key::Named(NamedKey::ArrowUp) => nav(if alt { Nav::BoardUp } else { Nav::Up }),
        Key::Named(NamedKey::ArrowDown) => nav(if alt { Nav::BoardDown } else { Nav::Down }),
        Key::Named(NamedKey::Enter | NamedKey::Space) => Some(BoardKey::Activate),
        Key::Character(c) if c.as_str() == " " => Some(BoardKey::Activate),
        Key::Named(NamedKey::Escape) => Some(BoardKey::Escape),
        Key::Character(c) if ctrl && c.eq_ignore_ascii_case("z") => Some(BoardKey::Undo),
        Key::Character(c) if ctrl && c.eq_ignore_ascii_case("y") => Some(BoardKey::Redo),
        Key::Character(c) if !ctrl && !alt && c.eq_ignore_ascii_case("f") => Some(BoardKey::Fit),
        Key::Character(c) if !ctrl && !alt && c.eq_ignore_ascii_case("w") => {
            Some(BoardKey::FocusLayer)
        }
        Key::Character(c) if !ctrl => super::view_options::plane_of_key(c.as_str())
            .map(|plane| BoardKey::QuarterTurn(plane, if alt { -1 } else { 1 })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_as_the_page_says() {
        let none = ModifiersState::empty();
        let named = |k| Key::Named(k);
        assert_eq!(
            board_key(&named(NamedKey::Tab), none),
            Some(BoardKey::Nav(Nav::Next))
        );
        assert_eq!(
            board_key(&named(NamedKey::Tab), ModifiersState::SHIFT),
            Some(BoardKey::Nav(Nav::Prev))
        );
        for (k, plain, alt) in [
            (NamedKey::ArrowLeft, Nav::Left, Nav::BoardLeft),
            (NamedKey::ArrowRight, Nav::Right, Nav::BoardRight),
            (NamedKey::ArrowUp, Nav::Up, Nav::BoardUp),
            (NamedKey::ArrowDown, Nav::Down, Nav::BoardDown),
        ] {
            assert_eq!(board_key(&named(k), none), Some(BoardKey::Nav(plain)));
            assert_eq!(
                board_key(&named(k), ModifiersState::ALT),
                Some(BoardKey::Nav(alt))
            );
        }
        assert_eq!(
            board_key(&named(NamedKey::Enter), none),
            Some(BoardKey::Activate)
        );
        assert_eq!(
            board_key(&named(NamedKey::Space), none),
            Some(BoardKey::Activate)
        );
        assert_eq!(
            board_key(&named(NamedKey::Escape), none),
            Some(BoardKey::Escape)
        );
        let z = Key::Character("z".into());
        assert_eq!(board_key(&z, ModifiersState::CONTROL), Some(BoardKey::Undo));
        assert_eq!(board_key(&z, none), None, "plain letters are egui's");
        let f = Key::Character("f".into());
        assert_eq!(board_key(&f, none), Some(BoardKey::Fit));
        let w = Key::Character("w".into());
        assert_eq!(board_key(&w, none), Some(BoardKey::FocusLayer));
        let two = Key::Character("2".into());
        use chess4d_render::WPlane;
        assert_eq!(
            board_key(&two, none),
            Some(BoardKey::QuarterTurn(WPlane::Yw, 1))
        );
        assert_eq!(
            board_key(&Key::Character("1".into()), ModifiersState::ALT),
            Some(BoardKey::QuarterTurn(WPlane::Xw, -1))
        );
        assert_eq!(board_key(&Key::Character("4".into()), none), None);
        // After a click on a panel button, these still reach the board.
        for key in [named(NamedKey::Tab), w.clone(), two.clone(), f.clone()] {
            let action = board_key(&key, none).unwrap();
            assert!(takes_the_board_back(action), "{key:?}");
        }
        assert!(!takes_the_board_back(BoardKey::Activate));
        assert!(!takes_the_board_back(BoardKey::Escape));
        assert_eq!(next_focus(None, 2), Some(0));
        assert_eq!(next_focus(Some(0), 2), Some(1));
        assert_eq!(next_focus(Some(1), 2), None);
        assert_eq!(
            next_focus(None, 1),
            None,
            "nothing to focus without W copies"
        );
    }
}
