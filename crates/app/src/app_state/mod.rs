//! The viewer's state in one place, changed by actions: the game ([`Session`]), the
//! archive ([`Scorebook`]), the board editor, the online client and the view's
//! settings, free of egui and winit types so it is built and driven without a window
//! (tests/app_state_online.rs plays a whole online game this way). The window (gui)
//! reads it to draw and collects [`Action`]s: the board's keys and clicks are applied
//! before the panels draw, the panels' own once after them; [`AppState::tick`] is
//! the per-frame step that runs the clocks and the computer and takes in the server's
//! news.
//!
//! ```
//! use chess4d::app_state::{Action, AppState};
//! use chess4d::session::{Session, scorebook::Scorebook};
//! let session = Session::new(chess4d_variants::Catalog::embedded(), "orthodox").unwrap();
//! let book = Scorebook::new(chess4d::ratings::Ratings::in_memory().unwrap());
//! let mut state = AppState::new(session, book);
//! state.apply(Action::NewVariant("full".into()));
//! assert_eq!(state.session.variant(), "full");
//! ```

pub mod action;
pub mod camera;
pub mod editor;
pub mod memory;
mod online;
pub mod view;

pub use action::Action;
use camera::CameraRig;
pub use editor::{EditorAction, EditorState};
use memory::PanelMemory;
use std::time::Instant;
pub use view::{Confirm, Tab, UiState};

use crate::session::puzzle_archive::next_puzzle;
use crate::session::scorebook::Scorebook;
use crate::session::{Mode, Player, Session};
use chess4d_core::Color;

/// The viewer's state.
#[derive(Debug)]
pub struct AppState {
    /// The game on the board and everything about it.
    pub session: Session,
    /// The games and ratings archive.
    pub book: Scorebook,
    /// The panels' settings and the Online tab's client.
    pub ui: UiState,
    /// The board editor.
    pub editor: EditorState,
    /// What panels keep between frames (typed text, caches).
    pub memory: PanelMemory,
    /// The tesseract's camera as the player steers it.
    pub rig: CameraRig,
    /// The board's shape the camera was last set for: a puzzle of another variant, or
    /// the game coming back from under one, brings the camera home for the new board.
    shape: [u8; 4],
}

impl AppState {
    /// The state around a game and an archive.
    pub fn new(session: Session, book: Scorebook) -> AppState {
        let shape = session.rules().info().shape.sizes();
        AppState {
            session,
            book,
            ui: UiState::default(),
            editor: EditorState::default(),
            memory: PanelMemory::default(),
            rig: CameraRig::for_shape(shape),
            shape,
        }
    }

    /// Applies a frame's actions, in order, then records what they changed.
    pub fn apply_all(&mut self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            self.apply(a);
        }
        self.settle();
    }

    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::NewGame => {
                let v = self.session.variant().to_string();
                self.session.new_game(&v);
            }
            Action::NewVariant(name) => {
                if self.session.new_game(&name) {
                    self.rig.reset(self.session.rules().info().shape.sizes());
                }
            }
            Action::NewGameFromFen(fen) => {
                self.session.new_game_from_fen(fen.trim());
            }
            Action::Undo => {
                if self.book.undo_allowed(&self.session) {
                    self.session.undo();
                }
            }
            Action::Redo => self.session.redo(),
            Action::Hint => self.session.request_hint(),
            Action::PlayAs(side) => self.play_as(side),
            Action::Resign => self.session.resign(),
            Action::OfferDraw => self.session.offer_draw(),
            Action::Save(path) => {
                self.session.save_to(&path);
            }
            Action::Load(path) => {
                self.session.load_from(&path);
            }
            Action::Resume(id) => {
                self.ui.players.error = self
                    .book
                    .resume(&mut self.session, id)
                    .err()
                    .map(|e| e.to_string());
            }
            Action::Rated(on) => *self.book.rated_box() = on,
            Action::Ratings(a) => {
                let panel = &mut self.ui.players.panel;
                crate::ratings::panel::apply(panel, self.book.ratings_mut(), a);
            }
            Action::TrustPlugin(yes) => {
                if self.session.answer_trust(yes) {
                    self.rig.reset(self.session.rules().info().shape.sizes());
                }
            }
            Action::Quit => self.book.quit(&mut self.session),
            Action::NextPuzzle => self.next_puzzle(),
            Action::ShowTab(tab) => self.ui.tab = tab,
            Action::Editor(a) => self.editor.apply(a, &mut self.session),
            other => self.apply_to_session(other),
        }
    }

    /// The session's own switches and moves (modes, Learn, the clock, the computer,
    /// the analysis, the review, the puzzle's help); the rest goes to the online client.
    fn apply_to_session(&mut self, action: Action) {
        match action {
            Action::Mode(mode) => self.session.set_mode(mode),
            Action::Guide(step) => self.session.set_guide(step),
            Action::LearnStep(i) => self.session.learn_step(i),
            Action::LearnPiece(i) => self.session.learn_piece(i),
            Action::RestartLearn => self.session.restart_learn(),
            Action::TimeControl(tc) => self.session.set_time_control(tc),
            Action::Gentle(on) => self.session.set_gentle(on),
            Action::Level(level) => self.session.set_level(level),
            Action::Engine(choice) => self.session.set_engine(choice),
            Action::Analysis(on) => self.session.set_analysis(on),
            Action::AnalysisLines(n) => self.session.set_analysis_lines(n),
            Action::PlayLine(i) => self.session.play_line(i),
            Action::ThreatsMode(on) => self.session.set_threats_mode(on),
            Action::ControlOverlay(on) => self.session.set_control_overlay(on),
            Action::PlayMove(mv) => self.session.play(mv),
            Action::MoveNow => self.session.move_now(),
            Action::GoToPly(n) => self.session.go_to_ply(n),
            Action::Continue => self.session.resume(),
            Action::Choose(i) => self.session.choose(i),
            Action::ClearSelection => self.session.clear_selection(),
            Action::ClearNotices => self.session.clear_notices(),
            Action::PuzzleHint => self.session.puzzle_hint(),
            Action::PuzzleSolution => self.session.puzzle_solution(),
            other => self.apply_online(other),
        }
    }

    /// The per-frame step without a window: the clocks and the computer, the online
    /// client's queue and the server's news (a new game of this player opens the
    /// Online tab), then what changed is recorded. Whether anything happened.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.session.tick(now);
        self.session.analysis_tick(now);
        if self.session.take_analysis_started() {
            self.ui.tab = Tab::Analysis; // its lines show there
        }
        let on_board = self.ui.tab == Tab::Online || self.session.mode() == Mode::Online;
        if self.ui.online.link.pump(&mut self.session, on_board, now) {
            self.ui.tab = Tab::Online;
            changed = true;
        }
        self.settle();
        changed
    }

    /// After a frame's panels: the analysis line hovered in that frame, while the lines
    /// were drawn, is previewed on the boards (and no longer once it is not).
    pub fn preview_line(&mut self) {
        let hovered = std::mem::take(&mut self.memory.line_hovered);
        let drawn = std::mem::take(&mut self.memory.lines_drawn);
        self.session.set_line_preview(hovered.filter(|_| drawn));
    }

    /// A game that just ended is recorded, a game left is adjourned; a new board shape
    /// brings the camera home.
    pub fn settle(&mut self) {
        self.book.update(&mut self.session);
        let shape = self.session.rules().info().shape.sizes();
        if shape != std::mem::replace(&mut self.shape, shape) {
            self.rig.reset(shape);
        }
    }

    fn play_as(&mut self, side: Option<Color>) {
        let (white, black) = match side {
            Some(Color::White) => (Player::Human, Player::Computer),
            Some(Color::Black) => (Player::Computer, Player::Human),
            None => (Player::Human, Player::Human),
        };
        self.session.set_player(Color::White, white);
        self.session.set_player(Color::Black, black);
        if let Some(side) = side {
            self.rig.face(side == Color::Black);
        }
    }

    /// Puts the next puzzle on the board: the untried one nearest the player's rating.
    fn next_puzzle(&mut self) {
        let ui = &mut self.ui.puzzles;
        let variant = ui.variant();
        let rating = match self.book.puzzle_rating(&variant) {
            Ok(r) => r.rating.rating,
            Err(e) => {
                let text = format!("cannot read your puzzle rating: {e}");
                return self.session.puzzle_problem(text);
            }
        };
        let tried = self.book.puzzles_tried(&variant).unwrap_or_default();
        let current = self.session.puzzle().map(|b| b.puzzle.id.clone());
        let themes = ui.themes.clone();
        let set = ui.set(&variant);
        match next_puzzle(set, rating, &tried, &themes, current.as_deref()) {
            Some(p) => {
                let p = p.clone();
                self.session.start_puzzle(p, &variant);
            }
            None => self
                .session
                .puzzle_problem(format!("no {variant} puzzle has the chosen themes")),
        }
    }
}

#[cfg(test)]
mod tests;
