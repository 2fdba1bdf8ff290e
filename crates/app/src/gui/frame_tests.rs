//! The panels without a window: egui runs headless on an [`AppState`], clicks arrive as
//! raw pointer events at the buttons' probed centres, and the frame's actions are
//! looked at before they are applied. A click changes nothing by itself; the game
//! changes when the window applies the frame's actions.

use super::panels::{self, Probes};
use super::pointer::Pointer;
use crate::app_state::{Action, AppState};
use crate::ratings::Ratings;
use crate::session::Session;
use crate::session::scorebook::Scorebook;

/// One frame of the panels with `events`: the actions pushed and where buttons were.
fn frame(
    ctx: &egui::Context,
    state: &mut AppState,
    events: Vec<egui::Event>,
) -> (Vec<Action>, Probes) {
    let (mut probes, mut act) = (Vec::new(), Vec::new());
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        events,
        ..Default::default()
    };
    let pointer = Pointer::default();
    let out = ctx.run_ui(raw, |root| {
        panels::show(root, state, &mut probes, &mut act, &pointer);
    });
    // No GPU takes the textures: they are dropped on purpose.
    out.drop_without_applying_deltas();
    (act, probes)
}

/// A press and, in the next frame, a release at the button `name` (as last drawn):
/// the actions of both frames.
fn click(ctx: &egui::Context, state: &mut AppState, probes: &Probes, name: &str) -> Vec<Action> {
    let at = probes
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| *p)
        .unwrap_or_else(|| panic!("no {name} among {probes:?}"));
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::default(),
    };
    let (mut act, _) = frame(
        ctx,
        state,
        vec![egui::Event::PointerMoved(at), button(true)],
    );
    act.extend(frame(ctx, state, vec![button(false)]).0);
    act
}

#[test]
fn resigning_by_mouse_is_an_action_applied_after_the_frame() {
    let session = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
    let mut state = AppState::new(session, Scorebook::new(Ratings::in_memory().unwrap()));
    // Two people at one screen, a move each: a resignation now loses (before it aborts).
    state.apply(Action::PlayAs(None));
    for mv in ["a2[1,0]a3[1,0]", "a4[1,1]b4[0,0]"] {
        let pos = state.session.game().position();
        let mv = state.session.rules().parse_move(pos, mv).unwrap();
        state.session.play(mv);
    }
    let ctx = egui::Context::default();
    frame(&ctx, &mut state, Vec::new());
    let (_, probes) = frame(&ctx, &mut state, Vec::new()); // laid out
    // Resign asks first: a setting of the panels, not yet an action.
    let act = click(&ctx, &mut state, &probes, "resign");
    assert!(act.is_empty(), "{act:?}");
    assert!(state.ui.confirm.is_some());
    let (_, probes) = frame(&ctx, &mut state, Vec::new());
    let act = click(&ctx, &mut state, &probes, "confirm");
    assert_eq!(act, vec![Action::Resign]);
    // Nothing happened to the game while the panels drew...
    assert!(state.session.game().outcome().is_none());
    // ...until the window applies the frame's actions.
    state.apply_all(act);
    assert!(state.session.game().outcome().is_some());
    assert!(state.session.status_line().contains("resignation"));
}

#[test]
fn the_save_button_writes_the_file_only_when_the_actions_are_applied() {
    let session = Session::new(chess4d_variants::Catalog::embedded(), "orthodox").unwrap();
    let mut state = AppState::new(session, Scorebook::new(Ratings::in_memory().unwrap()));
    let dir = std::env::temp_dir().join(format!("chess4d-frame-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("saved.txt");
    let _ = std::fs::remove_file(&file);
    state.ui.save_path = file.display().to_string();
    let ctx = egui::Context::default();
    frame(&ctx, &mut state, Vec::new());
    let (_, probes) = frame(&ctx, &mut state, Vec::new());
    let act = click(&ctx, &mut state, &probes, "save");
    assert_eq!(act, vec![Action::Save(file.clone())]);
    assert!(!file.exists(), "no panel writes a file while it draws");
    state.apply_all(act);
    assert!(file.is_file());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn opening_the_puzzles_tab_asks_once_and_shows_the_nearest_puzzle() {
    let fresh = || {
        let session = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
        AppState::new(session, Scorebook::new(Ratings::in_memory().unwrap()))
    };
    let mut state = fresh();
    let ctx = egui::Context::default();
    frame(&ctx, &mut state, Vec::new());
    let (_, probes) = frame(&ctx, &mut state, Vec::new());
    let act = click(&ctx, &mut state, &probes, "tab-puzzles");
    // The tab is drawn in the frame of its click, still without a puzzle: it must not
    // ask again, or the second ask passes over the puzzle the first one starts.
    let asks = act.iter().filter(|a| **a == Action::NextPuzzle).count();
    assert_eq!(asks, 1, "{act:?}");
    state.apply_all(act);
    let mut alone = fresh();
    alone.apply(Action::NextPuzzle);
    let id = |s: &AppState| s.session.puzzle().map(|b| b.puzzle.id.clone());
    assert!(id(&state).is_some());
    assert_eq!(id(&state), id(&alone));
}
