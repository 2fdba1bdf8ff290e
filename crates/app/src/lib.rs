//! chess4d's viewer as a library: the [`session`] model (game, selection, keyboard
//! focus, the computer opponent, Learn, the piece explorer, the puzzle trainer, the
//! board of an online game, saved games, variant reloads), unit-tested without a window;
//! the [`app_state`] that holds it with the archive, the board editor, the online client
//! and the view's settings, changed by actions applied once per frame; and the [`gui`]
//! that shows it with winit, egui and the wgpu renderer; [`online`] is the client core
//! of play on a `chess4d serve` (a connection thread, a state changed only by queued
//! actions). The `chess4d` binary opens the viewer when run with no verb.
//!
//! ```
//! use chess4d::session::Session;
//! let mut s = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
//! let b2 = s.rules().info().shape.parse_square("b2[0,0]").unwrap();
//! s.click(b2);
//! assert!(!s.targets().is_empty());
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod app_state;
pub mod gui;
pub mod online;
pub mod pgn;
pub mod ratings;
pub mod session;
