//! The panels around the board: a top bar (variants one click away, undo, hint, view),
//! a side panel with tabs (Play, Learn, Explore, View, Variants) and a status bar.
//! Returns the rectangle left for the board. The panels read the [`AppState`] and push
//! [`Action`]s for whatever changes the game, the archive, files, the editor or the
//! online client; the window applies them after this frame's panels ran. The panels get
//! the session and the scorebook to read only. Settings of the view (tab, views, theme,
//! camera sliders, typed text) are set in place: they change nothing but the next
//! frame's picture.

pub use super::editor::Probes;
use super::pointer::Pointer;
pub use super::tab::Tab;
use super::{players, tabs, widgets};
use crate::app_state::camera::CameraRig;
use crate::app_state::{Action, AppState, Confirm, UiState};
use crate::session::opponent::{Job, Strength};
use crate::session::scorebook::Scorebook;
use crate::session::{Mode, Player, Session};
use chess4d_core::Color;
use chess4d_engine::Level;
use chess4d_render::View;
use egui::{Color32, RichText, Ui};

/// Draws every panel and overlay; returns the board's rectangle (points).
pub fn show(
    root: &mut Ui,
    state: &mut AppState,
    probes: &mut Probes,
    act: &mut Vec<Action>,
    pointer: &Pointer,
) -> egui::Rect {
    let AppState {
        session,
        book,
        ui,
        editor,
        memory,
        rig,
        ..
    } = state;
    let mut p = Panels {
        book,
        ui,
        editor,
        memory,
        rig,
        probes,
        act,
        moves: session.san_moves(),
    };
    // From here on the game is only read: what changes it is an action.
    let session: &Session = session;
    // The session may leave Learn or Explore by itself (a new game): follow it.
    match (p.ui.tab, session.mode()) {
        (Tab::Learn, m) if m != Mode::Learn => p.ui.tab = Tab::Play,
        (Tab::Explore, Mode::Play) => p.ui.tab = Tab::Play,
        (Tab::Puzzles, m) if m != Mode::Puzzle => p.ui.tab = Tab::Play,
        _ => {}
    }
    egui::Panel::top("top")
        .frame(widgets::bar_frame(root))
        .show(root, |bar| top_bar(bar, session, &mut p));
    egui::Panel::bottom("status")
        .frame(widgets::bar_frame(root))
        .show(root, |bar| status_bar(bar, session));
    // A narrower panel in a small window, and none at all when the player folds it.
    let narrow = root.ctx().content_rect().width() < 1100.0;
    if p.ui.panel_open {
        egui::Panel::left("side")
            .resizable(false)
            .exact_size(if narrow { 270.0 } else { 330.0 })
            .frame(widgets::side_frame(root))
            .show(root, |side| side_panel(side, session, &mut p));
    }
    egui::Panel::top("news")
        .exact_size(52.0)
        .frame(widgets::bar_frame(root))
        .show(root, |bar| widgets::news(bar, session, p.act));
    let board = root.available_rect_before_wrap();
    let board = super::analysis::board_beside_bar(root, session, board); // analysis.rs
    super::access::label_board(root.ctx(), session); // access.rs: for screen readers
    confirm_dialog(root.ctx(), board, session, &mut p);
    widgets::overlays(root.ctx(), board, session, pointer, p.act);
    super::clocks::overlay(root.ctx(), board, session); // clocks.rs
    super::online_game::overlay(root.ctx(), board, session, &p.ui.online); // online_game.rs
    super::analysis::overlay(root.ctx(), board, session, p.ui.view); // analysis.rs
    super::trust::prompt(root.ctx(), board, session, p.act);
    board
}

/// What the panels are handed besides the game: the state's other parts, where named
/// buttons are drawn (for scripts) and the frame's actions.
pub struct Panels<'a> {
    /// The archive, read only: what changes it is an [`Action`].
    pub book: &'a Scorebook,
    /// The panels' settings.
    pub ui: &'a mut UiState,
    /// The board editor (read; changed by [`Action::Editor`]).
    pub editor: &'a crate::app_state::EditorState,
    /// Typed text and caches.
    pub memory: &'a mut crate::app_state::memory::PanelMemory,
    /// The tesseract's camera.
    pub rig: &'a mut CameraRig,
    /// Where named buttons are drawn.
    pub probes: &'a mut Probes,
    /// The frame's actions.
    pub act: &'a mut Vec<Action>,
    /// The game's moves in SAN (the session keeps them, written once each).
    pub moves: Vec<String>,
}

/// The question for a pending [`Confirm`], over the board, until answered.
fn confirm_dialog(ctx: &egui::Context, board: egui::Rect, session: &Session, p: &mut Panels) {
    let Some(what) = p.ui.confirm else { return };
    if session.game().outcome().is_some() {
        p.ui.confirm = None;
        return;
    }
    let (title, question, yes) = match what {
        Confirm::Resign if session.resign_aborts() => (
            "Abort?",
            "You have not moved yet: the game is aborted, not lost, and nothing is recorded.",
            "Abort",
        ),
        Confirm::Resign => (
            "Resign?",
            "Give up this game? It counts as a loss.",
            "Resign",
        ),
        Confirm::Draw => ("Offer a draw?", "Offer your opponent a draw?", "Offer draw"),
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_CENTER)
        .fixed_pos(board.center())
        .show(ctx, |w| {
            w.label(question);
            w.horizontal(|row| {
                let confirm = row.button(RichText::new(yes).strong());
                probe(p.probes, "confirm", &confirm);
                if confirm.clicked() {
                    p.ui.confirm = None;
                    p.act.push(match what {
                        Confirm::Resign => Action::Resign,
                        Confirm::Draw => Action::OfferDraw,
                    });
                }
                let keep = row.button("Keep playing");
                probe(p.probes, "keep-playing", &keep);
                if keep.clicked() {
                    p.ui.confirm = None;
                }
            });
        });
}

/// Records where a button is drawn, for scripts (`--print-squares` prints it).
fn probe(probes: &mut Probes, name: &'static str, response: &egui::Response) {
    probes.push((name, response.rect.center()));
}

fn top_bar(bar: &mut Ui, session: &Session, p: &mut Panels) {
    let ui = &mut *p.ui;
    bar.horizontal(|bar| {
        let fold = if ui.panel_open { "«" } else { "»" };
        if bar
            .button(fold)
            .on_hover_text("Show or hide the side panel")
            .clicked()
        {
            ui.panel_open = !ui.panel_open;
        }
        bar.label(
            RichText::new("chess4d")
                .strong()
                .size(18.0)
                .color(widgets::accent(bar.visuals())),
        );
        bar.separator();
        if let Some(name) = super::picker::variant_switch(bar, session) {
            p.act.push(Action::NewVariant(name));
        }
        bar.with_layout(egui::Layout::right_to_left(egui::Align::Center), |bar| {
            for (view, label) in [
                (View::Flat, "Flat"),
                (View::Both, "Both"),
                (View::Tesseract, "Tesseract"),
            ] {
                bar.selectable_value(&mut ui.view, view, label);
            }
            bar.label(RichText::new("View").weak());
            if bar
                .button("Fit")
                .on_hover_text("Fit the board to the view (key F)")
                .clicked()
            {
                ui.fit_requested = true;
            }
            bar.separator();
            let hint = bar
                .button("Hint")
                .on_hover_text("Show the best move as an arrow and in words");
            probe(p.probes, "hint", &hint);
            if hint.clicked() {
                p.act.push(Action::Hint);
            }
            let can_redo = session.game().can_redo();
            if bar
                .add_enabled(can_redo, egui::Button::new("Redo"))
                .clicked()
            {
                p.act.push(Action::Redo);
            }
            let can_undo = p.book.undo_allowed(session);
            if bar
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .on_disabled_hover_text("A rated game that has ended cannot be taken back")
                .clicked()
            {
                p.act.push(Action::Undo);
            }
        });
    });
}

fn status_bar(bar: &mut Ui, session: &Session) {
    bar.horizontal(|bar| {
        let over = session.game().outcome().is_some();
        let colour = if session.game().fault().is_some() {
            widgets::BAD
        } else if over {
            widgets::accent(bar.visuals())
        } else if session.game().in_check() {
            widgets::BAD
        } else {
            bar.visuals().strong_text_color()
        };
        bar.label(RichText::new(session.status_line()).strong().color(colour));
        if let Some(h) = session.hover() {
            bar.separator();
            bar.label(RichText::new(session.square_name(h)).monospace());
        }
        if let Some(text) = session.focus_text() {
            bar.separator();
            bar.label(text);
        }
        bar.with_layout(egui::Layout::right_to_left(egui::Align::Center), |bar| {
            bar.label(
                RichText::new(
                    "Tab: your pieces and hand, then their moves · Enter picks · arrows / \
                     Alt+arrows walk squares · Esc clears · F fits · W focuses a layer · 1 2 3 \
                     turn 4D",
                )
                .weak()
                .small(),
            );
        });
    });
}

fn side_panel(side: &mut Ui, session: &Session, p: &mut Panels) {
    // Six tabs do not fit across the panel: the last ones wrap to a second row.
    side.horizontal_wrapped(|row| {
        for (tab, label, name) in [
            (Tab::Play, "Play", "tab-play"),
            (Tab::Analysis, "Analysis", "tab-analysis"),
            (Tab::Players, "Players", "tab-players"),
            (Tab::Puzzles, "Puzzles", "tab-puzzles"),
            (Tab::Online, "Online", "tab-online"),
            (Tab::Learn, "Learn", "tab-learn"),
            (Tab::Explore, "Explore", "tab-explore"),
            (Tab::View, "View", "tab-view"),
            (Tab::Variants, "Variants", "tab-variants"),
        ] {
            let r = row.selectable_label(p.ui.tab == tab, label);
            probe(p.probes, name, &r);
            if r.clicked() && p.ui.tab != tab {
                p.ui.tab = tab;
                match tab {
                    Tab::Play | Tab::Analysis => p.act.push(Action::Mode(Mode::Play)),
                    Tab::Learn => p.act.push(Action::Mode(Mode::Learn)),
                    Tab::Puzzles => p.act.push(Action::NextPuzzle),
                    Tab::Explore => {
                        let kind = match session.mode() {
                            Mode::Explore(k) => k,
                            _ => chess4d_core::PieceKind(0),
                        };
                        p.act.push(Action::Mode(Mode::Explore(kind)));
                    }
                    // online.rs: the board follows the shown game (session/online_link.rs).
                    Tab::View | Tab::Variants | Tab::Players | Tab::Online => {}
                }
            }
        }
    });
    side.separator();
    // Each tab keeps its own scroll position: a click meant for the top of the Play tab
    // must not land where another tab was scrolled to (the board editor).
    egui::ScrollArea::vertical()
        .id_salt(("side-tab", p.ui.tab as u8))
        .show(side, |side| match p.ui.tab {
            Tab::Play => play_tab(side, session, p),
            Tab::Analysis => super::analysis::analysis_tab(side, session, p.memory, p.act),
            Tab::Players => players::players_tab(side, session, p.book, &mut p.ui.players, p.act),
            Tab::Puzzles => {
                super::puzzles::puzzles_tab(side, session, p.book, p.ui, p.probes, p.act)
            }
            Tab::Online => super::online::online_tab(side, &mut p.ui.online, p.probes, p.act),
            Tab::Learn => tabs::learn_tab(side, session, p.probes, p.act),
            Tab::Explore => tabs::explore_tab(side, session, p.act),
            Tab::View => tabs::view_tab(side, session, p.ui, p.rig, p.probes),
            Tab::Variants => tabs::variants_tab(side, session, p.memory, p.probes, p.act),
        });
}

fn play_tab(side: &mut Ui, session: &Session, p: &mut Panels) {
    super::welcome::card(side, p.ui, p.probes, p.act); // welcome.rs: the first start's card
    widgets::section(side, "Game");
    // How this variant is won, with its goal squares, hands and regions (picker.rs), on
    // the title, so the panel's layout stays put.
    side.label(RichText::new(&session.rules().info().title).strong())
        .on_hover_ui(|tip| {
            tip.label(super::picker::rules_goal_in_words(&**session.rules()));
        });
    side.horizontal(|row| {
        let human = |s: &Session, c| s.player(c) == Player::Human;
        let white = human(session, Color::White) && !human(session, Color::Black);
        let black = human(session, Color::Black) && !human(session, Color::White);
        let two = human(session, Color::White) && human(session, Color::Black);
        if row.selectable_label(white, "Play White").clicked() {
            p.act.push(Action::PlayAs(Some(Color::White)));
        }
        if row.selectable_label(black, "Play Black").clicked() {
            p.act.push(Action::PlayAs(Some(Color::Black)));
        }
        if row.selectable_label(two, "Two players").clicked() {
            p.act.push(Action::PlayAs(None));
        }
    });
    let gentle = session.strength() == Strength::Gentle;
    let mut level = session.chosen_level().get();
    if side
        .add_enabled(
            !gentle,
            egui::Slider::new(&mut level, 1..=8).text("computer level"),
        )
        .on_hover_text(session.chosen_level().describe())
        .changed()
        && let Ok(l) = Level::new(level)
    {
        p.act.push(Action::Level(l));
    }
    let mut on = gentle;
    if side
        .checkbox(&mut on, "Gentle computer (a first game)")
        .on_hover_text(Strength::Gentle.describe())
        .changed()
    {
        p.act.push(Action::Gentle(on));
    }
    super::clocks::time_control_row(side, session, p.probes, p.act); // clocks.rs
    rated_row(side, session, p);
    if let Some(fault) = session.game().fault() {
        side.label(
            RichText::new(format!(
                "The rules' answer failed the host's checks: {fault}. The game is not \
                 declared over here, and no result is recorded while this shows."
            ))
            .color(widgets::BAD),
        );
    }
    side.horizontal(|row| {
        if row.button("New game").clicked() {
            p.act.push(Action::NewGame);
        }
        let playing = session.game().outcome().is_none();
        let draw = row.add_enabled(playing, egui::Button::new("Offer draw"));
        probe(p.probes, "offer-draw", &draw);
        if draw.clicked() {
            p.ui.confirm = Some(Confirm::Draw);
        }
        let resign = row.add_enabled(playing, egui::Button::new("Resign"));
        probe(p.probes, "resign", &resign);
        if resign.clicked() {
            p.ui.confirm = Some(Confirm::Resign);
        }
    });
    // The computer's own thinking has its card over the board.
    if session.thinking().is_some_and(|t| t.job != Job::Move) {
        widgets::thinking(side, session, p.act);
    }
    widgets::section(side, "Moves");
    widgets::move_list(side, session, &p.moves, p.act);
    widgets::section(side, "File");
    side.horizontal(|row| {
        // Room for both buttons at any panel width.
        let room = (row.available_width() - 110.0).max(60.0);
        row.add(egui::TextEdit::singleline(&mut p.ui.save_path).desired_width(room));
        let save = row.button("Save");
        probe(p.probes, "save", &save);
        let path = || std::path::PathBuf::from(p.ui.save_path.trim());
        if save.clicked() {
            p.act.push(Action::Save(path()));
        }
        if row.button("Load").clicked() {
            p.act.push(Action::Load(path()));
        }
    });
    side.horizontal(|row| {
        let room = (row.available_width() - 70.0).max(60.0);
        row.add(
            egui::TextEdit::singleline(&mut p.ui.fen)
                .hint_text("position (FEN)")
                .desired_width(room),
        );
        if row
            .button("Set up")
            .on_hover_text("Start a game from this position")
            .clicked()
        {
            p.act
                .push(Action::NewGameFromFen(p.ui.fen.trim().to_string()));
        }
    });
    super::editor::editor_section(side, session, p.editor, p.probes, p.act);
    let colour = Color32::from_gray(120);
    side.label(
        RichText::new("Ctrl+Z undo · Ctrl+Y redo")
            .small()
            .color(colour),
    );
}

/// Who plays under which profile, and the "Rated game" box (fixed once the game has
/// moves, and for a resumed game).
fn rated_row(side: &mut Ui, session: &Session, p: &mut Panels) {
    let book = p.book;
    let current = book
        .playing_as()
        .and_then(|id| book.ratings().archive().player(id).ok())
        .map(|p| p.name);
    side.horizontal(|row| {
        match &current {
            Some(name) => row.label(format!("Playing as {name}")),
            None => row.label(RichText::new("Playing as Guest (not rated)").weak()),
        };
        if row.small_button("Players…").clicked() {
            p.ui.tab = Tab::Players;
        }
    });
    let editable = current.is_some() && book.rated_editable(session);
    let mut shown = book.rated_counts();
    let tip = if current.is_none() {
        "Choose or create a profile in the Players tab to play rated games"
    } else if !editable {
        "Fixed once the game has moves"
    } else {
        "A rated game moves both sides' ratings when it ends"
    };
    if side
        .add_enabled(editable, egui::Checkbox::new(&mut shown, "Rated game"))
        .on_hover_text(tip)
        .on_disabled_hover_text(tip)
        .changed()
    {
        p.act.push(Action::Rated(shown));
    }
    // Said plainly, whatever the box looks like.
    let (text, colour) = if book.rated_counts() {
        (
            "This game is rated: its result moves the ratings and cannot be taken back.",
            widgets::accent(side.visuals()),
        )
    } else {
        ("This game is not rated.", side.visuals().weak_text_color())
    };
    side.label(RichText::new(text).small().color(colour));
}
