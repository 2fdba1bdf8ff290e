//! Puzzles for any variant, made by the engine.
//!
//! The method is the public one of ianfab/chess-variant-puzzler: play engine games at
//! varied strength ([`generate()`]), search each position with two lines, and keep it
//! when the best line mates or wins clearly while the second-best does not. The winning
//! line is then followed move by move ([`mod@line`]): every move of the side solving must
//! be the only one that wins (another mate is allowed only where it is as fast, as on
//! lichess). A kept puzzle is verified again at a fixed depth and one deeper
//! ([`verify()`]), tagged with the themes its geometry shows ([`themes`]: a check that
//! crosses the W or Z axis, a fork, a pin, ...) and graded by the shallowest search
//! that finds its first move.
//!
//! Puzzles are stored as tab-separated lines ([`Puzzle`]); the sets shipped with
//! chess4d are embedded ([`shipped`]).
//!
//! The same engine games feed the opening explorer ([`openings`]): self-play from the
//! start, the moves played from each opening position counted with their results and
//! scores.

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod generate;
pub mod line;
pub mod openings;
mod probe;
mod record;
pub mod shipped;
pub mod themes;
pub mod verify;

pub use generate::{Settings, Tally, generate};
pub use probe::{WIN, fast_depth};
pub use record::{Puzzle, PuzzleError, parse_set};
pub use themes::Theme;
pub use verify::{VerifyError, verify};
