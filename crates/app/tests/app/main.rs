//! The app's integration tests, one binary (each links the viewer, so one link
//! instead of twelve keeps the build small): `cargo test -p chess4d --test app uci::`
//! runs one module.

mod archive_cli;
mod cli;
mod exact;
mod explore_cli;
mod hand_pictures;
mod pgn_python;
mod pictures;
mod pictures_kit;
mod piece_pictures;
mod play_cli;
mod positions;
mod puzzles_cli;
mod san_cli;
mod scorebook;
mod tesseract;
mod uci;
mod view_options;
mod viewer;
