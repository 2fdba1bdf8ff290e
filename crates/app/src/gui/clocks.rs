//! The clocks on screen: the Play tab's choice of time control (none, or lichess's
//! presets), and both sides' clocks over the board's corner while a clocked game is on
//! it, the running one lit and a low one red, so nobody has to look for the time.

use super::editor::Probes;
use super::widgets;
use crate::session::Session;
use crate::session::clock::{PRESETS, TimeControl, format_left};
use chess4d_core::Color;
use egui::{Color32, RichText, Ui};
use std::time::{Duration, Instant};

/// The probe names of the preset buttons, in [`PRESETS`] order (scripts click them).
const PRESET_PROBES: [&str; 11] = [
    "clock-1+0",
    "clock-2+1",
    "clock-3+0",
    "clock-3+2",
    "clock-5+0",
    "clock-5+3",
    "clock-10+0",
    "clock-10+5",
    "clock-15+10",
    "clock-30+0",
    "clock-30+20",
];

/// The Play tab's "Clock" row: no clock, or a preset; it applies to the next new game
/// (and at once to a game with no move yet).
pub fn time_control_row(
    side: &mut Ui,
    session: &Session,
    probes: &mut Probes,
    act: &mut Vec<crate::app_state::Action>,
) {
    use crate::app_state::Action;
    let chosen = session.time_control();
    side.horizontal_wrapped(|row| {
        row.label("Clock").on_hover_text(
            "Minutes each + seconds added per move, as on lichess. A flag fall loses, \
             or draws when the other side cannot mate. Applies from the next new game \
             (at once before the first move).",
        );
        let none = row.selectable_label(chosen.is_none(), "none");
        probes.push(("clock-none", none.rect.center()));
        if none.clicked() {
            act.push(Action::TimeControl(None));
        }
        for (&(m, i), &name) in PRESETS.iter().zip(PRESET_PROBES.iter()) {
            let tc = TimeControl::minutes(m, i);
            let r = row.selectable_label(chosen == Some(tc), tc.to_string());
            probes.push((name, r.rect.center()));
            if r.clicked() {
                act.push(Action::TimeControl(Some(tc)));
            }
        }
    });
}

/// Both clocks over the board's bottom-right corner (the computer's thinking card
/// has the top-right one), Black above White; asks for the next frame while a clock
/// runs (tenths show under 10 s).
pub fn overlay(ctx: &egui::Context, board: egui::Rect, session: &Session) {
    let now = Instant::now();
    let Some(view) = session.clock_view(now) else {
        return;
    };
    if let Some(side) = view.running {
        let left = view.left[side.index()];
        let tick = if left < Duration::from_secs(10) {
            50
        } else {
            200
        };
        ctx.request_repaint_after(Duration::from_millis(tick));
    }
    egui::Area::new(egui::Id::unique("clocks"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .fixed_pos(board.right_bottom() + egui::vec2(-10.0, -10.0))
        .show(ctx, |area| {
            area.label(
                RichText::new(view.control.to_string())
                    .small()
                    .color(Color32::from_gray(150)),
            );
            for color in [Color::Black, Color::White] {
                let i = color.index();
                let running = view.running == Some(color);
                let fill = if view.low[i] {
                    widgets::BAD
                } else if running {
                    widgets::accent(area.visuals())
                } else {
                    Color32::from_gray(45)
                };
                let text = if view.low[i] || running {
                    Color32::BLACK
                } else {
                    Color32::from_gray(200)
                };
                egui::Frame::new()
                    .fill(fill)
                    .corner_radius(4.0)
                    .inner_margin(egui::Margin::symmetric(10, 4))
                    .show(area, |f| {
                        f.set_min_width(130.0);
                        let words = format!("{color}  {}", format_left(view.left[i]));
                        // One line however short the time: the clock never wraps.
                        f.add(
                            egui::Label::new(
                                RichText::new(words).monospace().size(22.0).color(text),
                            )
                            .extend(),
                        );
                    });
                area.add_space(4.0);
            }
        });
}
