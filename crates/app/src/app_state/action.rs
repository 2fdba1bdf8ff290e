//! What the panels (and the board's keys) ask for, in the game's words. The window
//! collects a frame's actions and [`super::AppState::apply`] applies them once the
//! panels have run, as rerun's viewer does with its command queue: no panel writes the
//! game archive or a file while it draws.

use super::editor::EditorAction;
use super::view::Tab;
use crate::online::SignIn;
use chess4d_archive::storage::GameId;
use chess4d_core::Color;
use chess4d_protocol::{ClockConfig, ColorChoice, SeekId};
use std::path::PathBuf;

/// Something to do to the viewer's state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A new game of the variant on the board.
    NewGame,
    /// A new game of the named variant (the camera goes home for its board).
    NewVariant(String),
    /// A new game from a position (FEN) of the variant on the board.
    NewGameFromFen(String),
    /// Takes the last move back (refused for an ended rated game).
    Undo,
    /// Plays the move taken back again.
    Redo,
    /// Asks the engine for the best move, shown as an arrow.
    Hint,
    /// Who plays: the person takes `Some(side)` against the computer, or `None` for two
    /// people at one screen.
    PlayAs(Option<Color>),
    /// Gives up the game (aborts it before the person has moved).
    Resign,
    /// Offers the computer a draw.
    OfferDraw,
    /// Saves the game to a file.
    Save(PathBuf),
    /// Loads a game from a file.
    Load(PathBuf),
    /// Brings an adjourned game of the archive back onto the board.
    Resume(GameId),
    /// The "Rated game" box.
    Rated(bool),
    /// The Players tab's ratings panel: a new profile, the one who plays, the one shown.
    Ratings(crate::ratings::panel::PanelAction),
    /// The answer to the question before an untrusted rule plugin runs (a yes is kept
    /// in the data folder, and the variant starts).
    TrustPlugin(bool),
    /// Adjourns the game in progress: the window closes.
    Quit,
    /// The next puzzle at the player's level (Puzzles tab).
    NextPuzzle,
    /// Opens a tab of the side panel.
    ShowTab(Tab),
    /// Something done to the board editor.
    Editor(EditorAction),
    /// Connects to a server (`HOST:PORT`) as `name` (a token kept for that name in the
    /// data folder first), signing in as asked.
    OnlineConnect {
        /// `HOST:PORT`.
        server: String,
        /// The account's name (none for a guest).
        name: Option<String>,
        /// How to sign in.
        sign_in: SignIn,
    },
    /// Starts a `chess4d serve` of this program in the data folder and points the form
    /// at it.
    OnlineStartLocal,
    /// Opens a seek in the lobby.
    OnlineSeek {
        /// The variant's name.
        variant: String,
        /// The time control.
        clock: ClockConfig,
        /// Rated (accounts only).
        rated: bool,
        /// The colour asked for.
        color: ColorChoice,
    },
    /// Accepts a seek of the lobby: the game starts.
    OnlineAccept(SeekId),
    /// Plays a move in an online game, in any notation its rules read; the board moves
    /// when the server confirms it, and a refusal is said in words.
    OnlineMove {
        /// The game.
        game: chess4d_protocol::GameId,
        /// The move.
        mv: String,
    },
    /// Resigns an online game.
    OnlineResign(chess4d_protocol::GameId),
    /// Puts one of the client's games on the board.
    OnlineShow(chess4d_protocol::GameId),
    /// Watches a game by its number, on the board.
    OnlineWatch(chess4d_protocol::GameId),
    /// Any other intent of the online client (offers, challenges, the lobby...).
    Online(crate::online::Action),
}
