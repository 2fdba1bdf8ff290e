//! The viewer's question before a rule plugin runs: its path and SHA-256, and what
//! trusting it means.

use crate::app_state::Action;
use crate::session::Session;
use egui::{Align2, Context, RichText};

/// Shows the trust question while a variant waits for one; the answer is an [`Action`]
/// (a yes writes the trust list in the data folder).
pub fn prompt(ctx: &Context, board: egui::Rect, session: &Session, act: &mut Vec<Action>) {
    let Some(request) = session.trust_request().cloned() else {
        return;
    };
    let mut answer = None;
    egui::Window::new("Trust this rule plugin?")
        .collapsible(false)
        .resizable(false)
        .pivot(Align2::CENTER_CENTER)
        .fixed_pos(board.center())
        .show(ctx, |ui| {
            ui.set_max_width(440.0);
            let why = if request.plugin.changed {
                "This library changed since you trusted it."
            } else {
                "This library is not installed with chess4d nor in CHESS4D_PLUGIN_PATH."
            };
            ui.label(format!(
                "The variant \"{}\" needs a rule plugin. {why} A plugin is native code: \
                 it runs with your rights and can do anything a program of yours can. \
                 Trust it only if you know where it comes from.",
                request.variant
            ));
            ui.label(RichText::new("Library").strong());
            ui.label(
                RichText::new(request.plugin.path.display().to_string())
                    .monospace()
                    .small(),
            );
            ui.label(RichText::new("SHA-256").strong());
            ui.label(RichText::new(&request.plugin.sha256).monospace().small());
            ui.horizontal(|row| {
                if row.button("Trust and load").clicked() {
                    answer = Some(true);
                }
                if row.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
    if let Some(yes) = answer {
        act.push(Action::TrustPlugin(yes));
    }
}
