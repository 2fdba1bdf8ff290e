//! What the panels (and the board's keys) ask for, in the game's words. The window
//! collects a frame's actions and [`super::AppState::apply`] applies them once the
//! panels have run, as rerun's viewer does with its command queue: no panel writes the
//! game archive or a file while it draws.

use super::editor::EditorAction;
use super::view::Tab;
use crate::online::SignIn;
use crate::session::Mode;
use crate::session::clock::TimeControl;
use crate::session::engines::EngineChoice;
use chess4d_archive::storage::GameId;
use chess4d_core::Color;
use chess4d_core::Move;
use chess4d_engine::Level;
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
    /// Shows the game, the Learn board, a piece's reach (Explore) or a puzzle.
    Mode(Mode),
    /// The guided game's step shown (`None` closes it).
    Guide(Option<usize>),
    /// Learn: one of the page's steps.
    LearnStep(usize),
    /// Learn: one of the pieces of the "meet the pieces" step.
    LearnPiece(usize),
    /// Learn: the steps from the start.
    RestartLearn,
    /// The clock of the next game (at once before the first move); none: no clock.
    TimeControl(Option<TimeControl>),
    /// The gentle computer of a first game.
    Gentle(bool),
    /// The computer's level.
    Level(Level),
    /// The engine for the computer's moves, hints and the analysis.
    Engine(EngineChoice),
    /// The analysis on or off.
    Analysis(bool),
    /// How many lines the analysis shows.
    AnalysisLines(usize),
    /// Plays the analysis' line number `i` through on the boards.
    PlayLine(usize),
    /// The threats mode: clicks pick a square to show its attackers and defenders.
    ThreatsMode(bool),
    /// Each square tinted by the side that attacks it more.
    ControlOverlay(bool),
    /// Plays a move (a move of the opening explorer).
    PlayMove(Move),
    /// The computer moves now (or stops looking for a hint).
    MoveNow,
    /// Shows the game after `n` plies (reviewing; Redo steps forward).
    GoToPly(usize),
    /// Leaves the review: the computer plays on from there.
    Continue,
    /// Picks one of the moves a click left open (a promotion's piece).
    Choose(usize),
    /// Drops the picked piece and any open choice.
    ClearSelection,
    /// Clears the messages above the board.
    ClearNotices,
    /// A hint for the puzzle: the piece, then its square.
    PuzzleHint,
    /// Plays the puzzle's solution out (the attempt counts as failed).
    PuzzleSolution,
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
