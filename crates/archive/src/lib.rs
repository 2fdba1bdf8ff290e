//! chess4d-archive keeps everything a player has played: every game, finished or
//! adjourned, in one SQLite file, and a Glicko-2 rating per player and variant (each
//! computer level has its own), updated in the same transaction that stores a rated game.
//! Puzzle attempts are rated the same way, as games between the player and the puzzle,
//! each side with its own Glicko-2 rating ([`storage::Archive::record_puzzle_attempt`]).
//! It knows no rules: moves are opaque strings (the program stores long coordinates),
//! positions FEN strings, variants names. [`pgn`] writes and reads the games as standard
//! PGN text; the program that knows the rules turns the moves into SAN and back.
//!
//! Modules by concern: [`rating`] (Glicko-2 and Elo behind shared traits), [`storage`]
//! (the archive file), [`pgn`] (the game text: standard PGN).
//!
//! # Examples
//!
//! ```
//! use chess4d_archive::GameResult;
//! use chess4d_archive::pgn::{PgnGame, export_game};
//! use chess4d_archive::storage::{Archive, GameRecord, PlayerKind};
//!
//! // `Archive::open(default_db_path()?)` in the program; in memory here.
//! let mut archive = Archive::open_in_memory()?;
//! let ann = archive.upsert_player("Ann", PlayerKind::Human)?;
//! let computer = archive.computer_player(3)?;
//!
//! let game = GameRecord::new("full", ann, computer, GameResult::WhiteWins)
//!     .with_moves(["a2[0,0]a3[0,0]", "b3[0,1]b2[0,1]", "a3[0,0]a4[0,0]"])
//!     .with_termination("checkmate");
//! let recorded = archive.record_finished_game(&game, true)?;
//! let change = recorded.white.expect("rated");
//! println!("Ann: {:.0} ({:+.0})", change.after.rating, change.delta());
//!
//! let text = export_game(&PgnGame::from(&archive.load_game(recorded.id)?));
//! assert!(text.contains("1. a2[0,0]a3[0,0] b3[0,1]b2[0,1] 2. a3[0,0]a4[0,0] 1-0"));
//! # Ok::<(), chess4d_archive::storage::StorageError>(())
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod pgn;
pub mod rating;
mod record;
pub mod storage;

pub use record::{BadMove, GameResult, MAX_MOVE_LEN, UnknownResult, check_move};
