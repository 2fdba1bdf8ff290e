//! What the panels show besides the game: the tab, the views, the text typed into the
//! file and position fields, the Players, Puzzles and Online tabs' own choices. Plain
//! data, no egui type, so the whole state is built and driven without a window.

use crate::online::local::ADDRESS;
use crate::ratings::panel::RatingsPanelState;
use crate::session::online_link::OnlineLink;
use chess4d_archive::storage::{GameSummary, PlayerId};
use chess4d_protocol::ColorChoice;
use chess4d_puzzles::Puzzle;
use chess4d_render::View;
use std::collections::BTreeMap;

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The game: players, level, the computer's thinking, moves, files.
    Play,
    /// Engines, the analysis mode, attackers and defenders (gui/analysis.rs).
    Analysis,
    /// The page's four steps and "try it".
    Learn,
    /// One piece's reach.
    Explore,
    /// Views and the camera.
    View,
    /// The catalog and broken variant files.
    Variants,
    /// Profiles, ratings and adjourned games.
    Players,
    /// The puzzle trainer (gui/puzzles.rs).
    Puzzles,
    /// Play people through a server (gui/online.rs).
    Online,
}

/// An action that asks before it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Give up the game.
    Resign,
    /// Offer a draw.
    Draw,
}

/// Settings of the panels that are not part of the game.
#[derive(Debug)]
pub struct UiState {
    /// Which views are drawn.
    pub view: View,
    /// Dark or light board.
    pub theme: chess4d_render::Theme,
    /// The side panel's tab.
    pub tab: Tab,
    /// File name for saving and loading.
    pub save_path: String,
    /// Position typed for "start from position".
    pub fen: String,
    /// Adapter name, for the View tab.
    pub adapter: String,
    /// The Players tab's state.
    pub players: PlayersState,
    /// Whether the side panel is shown (it folds away in a small window).
    pub panel_open: bool,
    /// An action waiting for the player's yes (resign, draw offer).
    pub confirm: Option<Confirm>,
    /// Fit the board to the view on the next frame (the Fit button, key F).
    pub fit_requested: bool,
    /// The W layer the tesseract brings forward (the others faint), if any.
    pub focus_w: Option<u8>,
    /// The first start's card (gui/welcome.rs) is shown.
    pub welcome: bool,
    /// The Puzzles tab's choices (gui/puzzles.rs).
    pub puzzles: PuzzlesUi,
    /// The Online tab: the client and its form (gui/online.rs).
    pub online: OnlineUi,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            view: View::Both,
            theme: chess4d_render::Theme::Dark,
            tab: Tab::Play,
            save_path: "chess4d-game.txt".into(),
            fen: String::new(),
            adapter: String::new(),
            players: PlayersState::default(),
            panel_open: true,
            confirm: None,
            fit_requested: false,
            focus_w: None,
            welcome: false,
            puzzles: PuzzlesUi::default(),
            online: OnlineUi::default(),
        }
    }
}

/// What the Players tab keeps between frames.
#[derive(Debug, Default)]
pub struct PlayersState {
    /// The ratings panel's own fields (crate::ratings::panel).
    pub panel: RatingsPanelState,
    /// The adjourned games as last read, so the archive is not queried every frame.
    pub adjourned: Option<Adjourned>,
    /// Why the last Resume failed.
    pub error: Option<String>,
}

/// The adjourned games of `player`, read when the service was at `generation`.
#[derive(Debug)]
pub struct Adjourned {
    /// The ratings service's generation when read.
    pub generation: u64,
    /// Whose games.
    pub player: Option<PlayerId>,
    /// The games, or why they could not be read.
    pub list: Result<Vec<GameSummary>, String>,
    /// The guest's, while a profile is chosen: a profile created after games as the
    /// guest does not hide those games.
    pub guest: Result<Vec<GameSummary>, String>,
}

/// What the Puzzles tab remembers between frames.
#[derive(Debug, Default)]
pub struct PuzzlesUi {
    /// The variant whose puzzles are offered (`None`: the first shipped set).
    pub variant: Option<String>,
    /// The themes chosen; none chosen means every puzzle.
    pub themes: Vec<String>,
    /// The shipped sets, read once.
    sets: BTreeMap<String, Vec<Puzzle>>,
}

impl PuzzlesUi {
    /// The shipped puzzles of `variant` (empty when none ship or the set is broken).
    pub fn set(&mut self, variant: &str) -> &[Puzzle] {
        self.sets.entry(variant.to_string()).or_insert_with(|| {
            match chess4d_puzzles::shipped::shipped(variant) {
                Some(Ok(set)) => set,
                _ => Vec::new(),
            }
        })
    }

    /// The variant offered: the chosen one, else the first shipped set's.
    pub fn variant(&self) -> String {
        self.variant.clone().unwrap_or_else(|| {
            chess4d_puzzles::shipped::SETS
                .first()
                .map_or_else(String::new, |(name, _)| (*name).to_string())
        })
    }
}

/// What the Online tab keeps between frames: the client and the form's fields.
#[derive(Debug)]
pub struct OnlineUi {
    /// The client, the shown game, the kept token.
    pub link: OnlineLink,
    /// The server typed.
    pub server: String,
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
    /// The variant of a new seek or challenge.
    pub variant: String,
    /// Its time control (minutes, seconds added), from the lichess presets.
    pub clock: (u64, u64),
    /// Rated (accounts only).
    pub rated: bool,
    /// The colour asked for.
    pub color: ColorChoice,
    /// The player to challenge.
    pub opponent: String,
    /// An invitation code pasted to join.
    pub invite: String,
    /// A game number typed to watch.
    pub watch: String,
}

impl Default for OnlineUi {
    fn default() -> Self {
        OnlineUi {
            link: OnlineLink::default(),
            server: ADDRESS.into(),
            name: String::new(),
            password: String::new(),
            variant: chess4d_variants::DEFAULT_VARIANT.into(),
            clock: (5, 3),
            rated: false,
            color: ColorChoice::Random,
            opponent: String::new(),
            invite: String::new(),
            watch: String::new(),
        }
    }
}
