//! The side panel's other tabs: Learn, Explore, View and Variants.

use super::widgets;
use crate::app_state::camera::CameraRig;
use crate::app_state::memory::PanelMemory;
use crate::app_state::{Action, UiState};
use crate::session::learn::{STEPS, TRY_IT};
use crate::session::{Mode, Session, guided};
use chess4d_core::PieceKind;
use chess4d_render::{Theme, View};
use egui::{RichText, Ui};

/// `probes` gets where the guided game's Next and Leave are drawn, for scripts.
pub fn learn_tab(
    side: &mut Ui,
    session: &Session,
    probes: &mut super::editor::Probes,
    act: &mut Vec<Action>,
) {
    if let Some(shown) = session.guide() {
        guided_game(side, session, shown, probes, act);
        return;
    }
    let step = session.learn().step;
    widgets::section(side, "Learn 4D chess");
    side.horizontal_wrapped(|row| {
        for (i, s) in STEPS.iter().enumerate() {
            let short = s.title.split_once(". ").map_or(s.title, |(n, _)| n);
            if row
                .selectable_label(i == step, short)
                .on_hover_text(s.title)
                .clicked()
            {
                act.push(Action::LearnStep(i));
            }
        }
    });
    let s = STEPS[step];
    side.add_space(6.0);
    side.label(RichText::new(s.title).strong().size(16.0));
    side.add_space(4.0);
    side.label(s.text);
    if step == 1 {
        side.add_space(6.0);
        side.horizontal_wrapped(|row| {
            let pieces: Vec<String> = session
                .catalog()
                .get("full")
                .map(|r| r.info().pieces.iter().map(|p| p.name.clone()).collect())
                .unwrap_or_default();
            for (i, name) in pieces.iter().enumerate() {
                if row
                    .selectable_label(session.learn().piece == i, name)
                    .clicked()
                {
                    act.push(Action::LearnPiece(i));
                }
            }
        });
    }
    if step == TRY_IT {
        side.add_space(6.0);
        if session.learn().done {
            side.label(
                RichText::new("Done: a1[0,0] to a1[0,1] is a rook move along W.")
                    .strong()
                    .color(widgets::GOOD),
            );
        } else {
            side.label(RichText::new("Waiting for a1[0,0] to a1[0,1]…").weak());
        }
        side.label(
            RichText::new("This board is a sandbox: nobody answers, and your game waits.")
                .small()
                .weak(),
        );
    }
    side.add_space(8.0);
    side.horizontal(|row| {
        if row
            .add_enabled(step > 0, egui::Button::new("‹ Back"))
            .clicked()
        {
            act.push(Action::LearnStep(step - 1));
        }
        if step < TRY_IT {
            if row.button("Next ›").clicked() {
                act.push(Action::LearnStep(step + 1));
            }
        } else if row.button("Start over").clicked() {
            act.push(Action::RestartLearn);
            act.push(Action::Mode(Mode::Learn));
        }
    });
    side.add_space(10.0);
    guided_game_entry(side, act);
}

/// The guided game in the Learn tab: a start button under the steps (and, where the
/// puzzles will come, nothing yet: no button that does nothing).
fn guided_game_entry(side: &mut Ui, act: &mut Vec<Action>) {
    widgets::section(side, "A guided game");
    side.label(
        "The full set is sharp: White can force mate in 4 from the start. Watch it move by \
         move, each threat across W or Z explained.",
    );
    if side.button("Start the guided game").clicked() {
        act.push(Action::Guide(Some(0)));
    }
}

/// The guided game's move, its words, and Back / Next / Leave.
fn guided_game(
    side: &mut Ui,
    session: &Session,
    shown: usize,
    probes: &mut super::editor::Probes,
    act: &mut Vec<Action>,
) {
    let total = guided::MOVES.len();
    widgets::section(side, "A guided game: mate in 4");
    side.label(RichText::new(format!("Move {shown} of {total}")).strong());
    if let Some(words) = session.last_move_words() {
        side.label(RichText::new(words).strong());
    }
    side.add_space(4.0);
    side.label(session.guide_text().unwrap_or_default());
    side.add_space(8.0);
    side.horizontal(|row| {
        if row
            .add_enabled(shown > 0, egui::Button::new("‹ Back"))
            .clicked()
        {
            act.push(Action::Guide(Some(shown - 1)));
        }
        let next = row.add_enabled(shown < total, egui::Button::new("Next ›"));
        probes.push(("guide-next", next.rect.center()));
        if next.clicked() {
            act.push(Action::Guide(Some(shown + 1)));
        }
        let leave = row
            .button("Leave")
            .on_hover_text("Back to the Learn steps; your game comes back");
        probes.push(("guide-leave", leave.rect.center()));
        if leave.clicked() {
            act.push(Action::Guide(None));
        }
    });
    side.label(
        RichText::new("A sandbox board: your game waits until you leave.")
            .small()
            .weak(),
    );
}

pub fn explore_tab(side: &mut Ui, session: &Session, act: &mut Vec<Action>) {
    widgets::section(side, "Piece explorer");
    side.label(
        "Pick a piece: it stands alone on b2 of the first board and every square it reaches \
         lights up in both views. Click a square to move it there.",
    );
    side.add_space(6.0);
    let current = match session.mode() {
        Mode::Explore(k) => k,
        _ => PieceKind(0),
    };
    let info = session.rules().info().clone();
    side.horizontal_wrapped(|row| {
        for (i, p) in info.pieces.iter().enumerate() {
            let kind = PieceKind(i as u8);
            let label = format!("{} {}", p.letter.to_ascii_uppercase(), p.name);
            if row.selectable_label(current == kind, label).clicked() {
                act.push(Action::Mode(Mode::Explore(kind)));
            }
        }
    });
    let scene = session.scene(View::Both, Default::default());
    let lit = scene
        .highlights
        .iter()
        .filter(|(_, h)| *h == chess4d_render::Highlight::LegalMove)
        .count();
    if let Some(p) = info.pieces.get(current.index()) {
        side.add_space(6.0);
        side.label(
            RichText::new(format!("The {} reaches {lit} squares from here.", p.name)).strong(),
        );
    }
}

pub fn view_tab(
    side: &mut Ui,
    session: &Session,
    ui: &mut UiState,
    rig: &mut CameraRig,
    probes: &mut super::editor::Probes,
) {
    widgets::section(side, "Views");
    side.horizontal(|row| {
        row.selectable_value(&mut ui.view, View::Tesseract, "Tesseract");
        row.selectable_value(&mut ui.view, View::Flat, "Flat");
        row.selectable_value(&mut ui.view, View::Both, "Both");
    });
    side.horizontal(|row| {
        row.selectable_value(&mut ui.theme, Theme::Dark, "Dark");
        row.selectable_value(&mut ui.theme, Theme::Light, "Light");
    });
    widgets::section(side, "Camera");
    let t = &mut rig.target;
    let mut changed = false;
    changed |= side
        .add(egui::Slider::new(&mut t.yaw_deg, 0.0..=360.0).text("turn °"))
        .changed();
    changed |= side
        .add(egui::Slider::new(&mut t.pitch_deg, -89.0..=89.0).text("tilt °"))
        .changed();
    let (near, far) = rig.zoom_range();
    let t = &mut rig.target;
    changed |= side
        .add(egui::Slider::new(&mut t.distance, near..=far).text("distance"))
        .changed();
    super::view_options::projection_options(side, rig);
    let t = &mut rig.target;
    widgets::section(side, "Rotation in 4D");
    side.label(RichText::new("Turns W into X, Y or Z: the cubes morph into each other.").weak());
    side.add(egui::Slider::new(&mut t.xw_deg, -180.0..=180.0).text("XW °"));
    side.add(egui::Slider::new(&mut t.yw_deg, -180.0..=180.0).text("YW °"));
    side.add(egui::Slider::new(&mut t.zw_deg, -180.0..=180.0).text("ZW °"));
    side.add(egui::Slider::new(&mut t.perspective_4d, 0.0..=0.45).text("4D depth"));
    side.add(
        egui::Slider::new(&mut t.w_separation, 0.0..=chess4d_render::MAX_SEPARATION)
            .text("W separation"),
    )
    .on_hover_text("Pull the W layers' cubes apart so their pieces never mix");
    super::view_options::quarter_turn_buttons(side, rig, probes);
    widgets::section(side, "Focus one W layer");
    let layers = session.rules().info().shape.sizes()[3];
    side.horizontal_wrapped(|row| {
        row.selectable_value(&mut ui.focus_w, None, "all");
        for w in 0..layers {
            row.selectable_value(&mut ui.focus_w, Some(w), format!("W={w}"));
        }
    })
    .response
    .on_hover_text("The other layers are drawn faint and picked only where this one is empty");
    if changed {
        // Orbit sliders act at once, like dragging.
        rig.shown.yaw_deg = rig.target.yaw_deg;
        rig.shown.pitch_deg = rig.target.pitch_deg;
        rig.shown.distance = rig.target.distance;
    }
    side.add_space(6.0);
    if side.button("Reset camera").clicked() {
        rig.reset(session.rules().info().shape.sizes());
    }
    side.add_space(6.0);
    side.label(
        RichText::new(
            "Drag with the right or middle button (or the left one on empty space) to orbit, \
             Shift+drag to pan, the wheel to zoom.",
        )
        .weak(),
    );
    if !ui.adapter.is_empty() {
        side.add_space(6.0);
        side.label(
            RichText::new(format!("Drawing on {}", ui.adapter))
                .small()
                .weak(),
        );
    }
}

/// `probes` gets where the picker's search box and, while searching, its count of
/// matches are drawn, for scripts.
pub fn variants_tab(
    side: &mut Ui,
    session: &Session,
    memory: &mut PanelMemory,
    probes: &mut super::editor::Probes,
    act: &mut Vec<Action>,
) {
    widgets::section(side, "Catalog");
    let search = &mut memory.variant_search;
    if let Some(name) = super::picker::variant_picker(side, session, search, probes) {
        act.push(Action::NewVariant(name));
    }
    let broken = session.broken_variants();
    if !broken.is_empty() {
        widgets::section(side, "Errors");
        for (name, err) in broken {
            side.label(RichText::new(name).strong().color(widgets::BAD));
            widgets::error_text(side, &err);
        }
    }
    super::warnings::warnings_section(side, session, memory);
    widgets::section(side, "Authoring");
    side.label(
        "Save a variant file in one of these folders and it reloads here within half a \
         second; a broken file shows its error instead, and the game goes on.",
    );
    for d in chess4d_variants::Catalog::search_dirs() {
        side.label(RichText::new(d.display().to_string()).monospace().small());
    }
}
