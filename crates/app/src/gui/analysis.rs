//! The analysis board's panels: the Analysis tab (engine choice, analysis on/off, the
//! number of lines, the lines in SAN to click, the threats tools)
//! and what it draws beside and over the board (the evaluation bar, the attackers'
//! and defenders' counts). The models are [`crate::session::analysis`],
//! [`crate::session::attackers`] and [`crate::session::engines`].

use super::widgets;
use crate::app_state::Action;
use crate::app_state::memory::PanelMemory;
use crate::session::Session;
use crate::session::analysis::MAX_LINES;
use crate::session::engines::{EngineChoice, engines_for};
use chess4d_core::Color;
use chess4d_engine::Score;
use chess4d_render::{BoardGeometry, FlatLayout, Rect, View};
use egui::{Align2, Color32, FontId, RichText, Ui};
use std::time::Duration;

/// Width of the evaluation bar, in points.
const BAR_WIDTH: f32 = 30.0;

/// The Analysis tab: the engine (for the computer's moves, hints and the analysis),
/// the analysis mode and its lines, the hint in SAN, the threats tools.
pub fn analysis_tab(
    side: &mut Ui,
    session: &Session,
    memory: &mut PanelMemory,
    act: &mut Vec<Action>,
) {
    widgets::section(side, "Engine");
    engine_row(side, session, &mut memory.engine_path, act);
    widgets::section(side, "Analysis");
    side.horizontal(|row| {
        let mut on = session.analysing();
        if row
            .checkbox(&mut on, "Analyse")
            .on_hover_text("The engine thinks on the position on the board until stopped")
            .changed()
        {
            act.push(Action::Analysis(on));
        }
        let mut n = session.analysis_line_count();
        if row
            .add(egui::Slider::new(&mut n, 1..=MAX_LINES).text("lines"))
            .changed()
        {
            act.push(Action::AnalysisLines(n));
        }
    });
    if session.analysing() {
        memory.line_hovered = lines(side, session, act);
        memory.lines_drawn = true;
    }
    if let Some(h) = session.hint() {
        side.label(RichText::new(format!("Hint: {}", session.san_of(h))).strong());
    }
    super::explorer::explorer_section(side, session, memory, act); // explorer.rs
    widgets::section(side, "Attackers and defenders");
    threats_rows(side, session, act);
}

/// The engine for the computer's moves, hints and the analysis.
/// `path` is the field's text as typed (kept in the app's state between frames).
fn engine_row(ui: &mut Ui, session: &Session, path: &mut String, act: &mut Vec<Action>) {
    let current = session.engine().clone();
    let mut choice = current.clone();
    ui.horizontal(|row| {
        row.label("Engine");
        egui::ComboBox::from_id_salt("engine-choice")
            .selected_text(current.label())
            .show_ui(row, |list| {
                list.selectable_value(&mut choice, EngineChoice::Builtin, "chess4d");
                for p in engines_for(session.rules().info()) {
                    let label = p.display().to_string();
                    list.selectable_value(&mut choice, EngineChoice::External(p), label);
                }
            });
    });
    ui.horizontal(|row| {
        row.add(
            egui::TextEdit::singleline(path)
                .hint_text("or a UCI engine's path")
                .desired_width(190.0),
        );
        if row.button("Use").clicked() && !path.trim().is_empty() {
            choice = EngineChoice::External(path.trim().into());
        }
    });
    if current != EngineChoice::Builtin && session.rules().info().shape.axes() != 2 {
        ui.label(
            RichText::new("No UCI engine plays boards beyond 2D: chess4d's engine searches here.")
                .small()
                .weak(),
        );
    }
    if choice != current {
        act.push(Action::Engine(choice));
    }
}

/// The analysis' lines, best first: score, depth and moves in SAN; a click plays the
/// line through on the boards. The line hovered, if any: its preview shows while it
/// is (the overlay sets it each frame).
fn lines(ui: &mut Ui, session: &Session, act: &mut Vec<Action>) -> Option<usize> {
    if let Some(e) = session.analysis_error() {
        widgets::error_text(ui, e);
        return None;
    }
    let found = session.analysis_lines().to_vec();
    if found.is_empty() {
        // A finished game has no lines to wait for.
        if let Some(reason) = session.analysis_idle_reason() {
            ui.label(RichText::new(reason).weak());
            return None;
        }
        ui.horizontal(|row| {
            row.spinner();
            row.label(RichText::new("thinking…").weak());
        });
        return None;
    }
    let side = session.game().position().side_to_move();
    let mut play = None;
    let mut hovered = None;
    for (i, line) in found.iter().enumerate() {
        let score = white_view(line.score, side);
        let moves = session.san_line_text(&line.pv, 16);
        let text = format!("{:>6}  {moves}", score_text(score));
        let button = egui::Button::new(RichText::new(text).monospace().small())
            .wrap_mode(egui::TextWrapMode::Truncate);
        let r = ui
            .add_sized([ui.available_width(), 18.0], button)
            .on_hover_text(format!(
                "{moves}\n\nClick: play it through on the boards (Undo walks back)"
            ));
        if r.hovered() {
            hovered = Some(i);
        }
        if r.clicked() {
            play = Some(i);
        }
    }
    if let Some(best) = found.first() {
        ui.label(
            RichText::new(format!(
                "depth {} · {} nodes · {}",
                best.depth,
                best.nodes,
                session.engine().label()
            ))
            .small()
            .weak(),
        );
    }
    if let Some(i) = play {
        act.push(Action::PlayLine(i));
    }
    hovered
}

/// The threats mode and the control overlay.
fn threats_rows(ui: &mut Ui, session: &Session, act: &mut Vec<Action>) {
    ui.horizontal(|row| {
        let mut mode = session.threats().mode;
        if row
            .checkbox(&mut mode, "Threats mode")
            .on_hover_text("Clicks pick a square: its attackers and defenders are marked")
            .changed()
        {
            act.push(Action::ThreatsMode(mode));
        }
        let mut control = session.threats().control;
        if row
            .checkbox(&mut control, "Control")
            .on_hover_text("Tint each square by the side that attacks it more")
            .changed()
        {
            act.push(Action::ControlOverlay(control));
        }
    });
    let hint = if session.threats().control {
        "Teal: White attacks it more · yellow: Black. Hold Alt over a square for its attackers."
    } else {
        "Hold Alt (or Ctrl) over a square: red arrows from its attackers, blue from its defenders."
    };
    ui.label(RichText::new(hint).small().weak());
}

/// A score from White's side.
fn white_view(score: Score, side: Color) -> Score {
    match side {
        Color::White => score,
        Color::Black => Score(-score.0),
    }
}

fn score_text(score: Score) -> String {
    match score.mate_in() {
        Some(n) if n > 0 => format!("#{n}"),
        Some(n) => format!("#-{}", n.abs()),
        None => format!("{:+.2}", score.value() as f32 / 100.0),
    }
}

/// The board's rectangle, less a strip on its left for the evaluation bar while the
/// analysis runs (the bar is drawn there).
pub fn board_beside_bar(ui: &Ui, session: &Session, board: egui::Rect) -> egui::Rect {
    if !session.analysing() {
        return board;
    }
    let bar = egui::Rect::from_min_max(
        board.min + egui::vec2(6.0, 12.0),
        egui::pos2(board.min.x + 6.0 + BAR_WIDTH, board.max.y - 12.0),
    );
    eval_bar(ui, session, bar);
    egui::Rect::from_min_max(egui::pos2(bar.max.x + 4.0, board.min.y), board.max)
}

/// White's share of the bar from the best line's score: half at level, most of it a
/// few pawns up, all of it for a mate.
pub fn white_share(score: Option<Score>) -> f32 {
    let Some(s) = score else { return 0.5 };
    match s.mate_in() {
        Some(n) if n > 0 => 1.0,
        Some(_) => 0.0,
        None => 0.5 + 0.5 * (s.value() as f32 / 400.0).tanh(),
    }
}

fn eval_bar(ui: &Ui, session: &Session, bar: egui::Rect) {
    let painter = ui.ctx().layer_painter(egui::LayerId::background());
    let score = session.white_score();
    let share = white_share(score);
    painter.rect_filled(bar, 3.0, Color32::from_gray(30));
    let split = bar.max.y - share * bar.height();
    let white = egui::Rect::from_min_max(egui::pos2(bar.min.x, split), bar.max);
    painter.rect_filled(white, 3.0, Color32::from_gray(235));
    painter.line_segment(
        [
            egui::pos2(bar.min.x - 2.0, bar.center().y),
            egui::pos2(bar.max.x + 2.0, bar.center().y),
        ],
        egui::Stroke::new(1.0, Color32::from_rgb(250, 200, 70)),
    );
    let text = score.map_or_else(|| "…".to_string(), score_text);
    let (at, colour) = if share >= 0.5 {
        (egui::pos2(bar.center().x, bar.max.y - 4.0), Color32::BLACK)
    } else {
        (egui::pos2(bar.center().x, bar.min.y + 4.0), Color32::WHITE)
    };
    let anchor = if share >= 0.5 {
        Align2::CENTER_BOTTOM
    } else {
        Align2::CENTER_TOP
    };
    painter.text(at, anchor, text, FontId::monospace(9.0), colour);
}

/// Every frame: the redraws the analysis needs while it runs, and the watched square's
/// counts over the board. (Its progress is [`crate::app_state::AppState::tick`]'s, the
/// modifier peek the window's, a hovered line's preview
/// [`crate::app_state::AppState::preview_line`]'s.)
pub fn overlay(ctx: &egui::Context, board: egui::Rect, session: &Session, view: View) {
    if session.analysing() || session.playing_line() {
        ctx.request_repaint_after(Duration::from_millis(150));
    }
    counts(ctx, board, session, view);
}

/// The watched square's two counts, on its flat square and in a card over the board.
fn counts(ctx: &egui::Context, board: egui::Rect, session: &Session, view: View) {
    let Some(w) = session.watched() else { return };
    let pos = session.game().position();
    let name = session.square_name(w.square);
    let what = match pos.piece_at(w.square) {
        Some(p) => {
            let info = session.rules().info();
            let piece = info
                .pieces
                .get(p.kind().index())
                .map_or("piece", |i| i.name.as_str());
            format!("{} {piece} on {name}", p.color())
        }
        None => name,
    };
    let (defender, attackers) = match w.owner(pos) {
        Some(c) => (c, !c),
        None => (Color::White, Color::Black),
    };
    let summary = format!(
        "{what}\n{} {defender} (blue) · {} {attackers} (red)",
        w.of(defender).len(),
        w.of(attackers).len()
    );
    egui::Area::new(egui::Id::unique("watch-card"))
        .pivot(Align2::LEFT_BOTTOM)
        .fixed_pos(egui::pos2(board.left() + 12.0, board.bottom() - 12.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(summary).strong());
            });
        });
    let ppp = ctx.pixels_per_point();
    let Some(centre) = flat_centre(session, board, view, ppp, w.square) else {
        return;
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("watch-counts"),
    ));
    let badge = |at: egui::Pos2, n: usize, fill: Color32| {
        painter.circle_filled(at, 8.0, fill);
        painter.text(
            at,
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(11.0),
            Color32::WHITE,
        );
    };
    let blue = Color32::from_rgb(50, 110, 230);
    let red = Color32::from_rgb(215, 40, 40);
    badge(centre + egui::vec2(-9.0, -12.0), w.of(defender).len(), blue);
    badge(centre + egui::vec2(9.0, -12.0), w.of(attackers).len(), red);
}

/// Where the flat view draws `sq`, in points.
fn flat_centre(
    session: &Session,
    board: egui::Rect,
    view: View,
    ppp: f32,
    sq: chess4d_core::Square,
) -> Option<egui::Pos2> {
    let geometry = BoardGeometry::new(session.rules().info().shape.sizes())?;
    let area = Rect::new(
        board.min.x * ppp,
        board.min.y * ppp,
        board.width() * ppp,
        board.height() * ppp,
    );
    let flat = session.board_layout(view, area).flat?;
    let c = FlatLayout::new(geometry, flat)
        .flipped(session.black_at_bottom())
        .square_centre(sq.0)?;
    Some(egui::pos2(c.x / ppp, c.y / ppp))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_engine::MATE;

    #[test]
    fn the_bar_leans_with_the_score_and_fills_for_a_mate() {
        assert_eq!(white_share(None), 0.5);
        assert_eq!(white_share(Some(Score(0))), 0.5);
        let up = white_share(Some(Score(300)));
        assert!(up > 0.75 && up < 1.0, "{up}");
        assert!((white_share(Some(Score(-300))) - (1.0 - up)).abs() < 1e-6);
        assert_eq!(white_share(Some(Score(MATE - 3))), 1.0);
        assert_eq!(white_share(Some(Score(-MATE + 2))), 0.0);
        assert_eq!(score_text(Score(MATE - 3)), "#2");
        assert_eq!(score_text(Score(-MATE + 2)), "#-1");
        assert_eq!(score_text(Score(-35)), "-0.35");
        assert_eq!(white_view(Score(35), Color::Black), Score(-35));
    }
}
