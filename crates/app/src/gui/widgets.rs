//! Look and small pieces shared by the panels: the style, section headings, the thinking
//! line, messages, the move list, and what floats over the board (the move chooser,
//! the thinking card, the game-over banner, the dragged piece).

use crate::app_state::Action;
use crate::session::Session;
use crate::session::opponent::Job;
use chess4d_core::Move;
use egui::{Align2, Color32, Context, FontId, RichText, Ui};

/// Highlight colour of the program (titles, results), readable on either theme.
pub fn accent(v: &egui::Visuals) -> Color32 {
    if v.dark_mode {
        Color32::from_rgb(250, 200, 70)
    } else {
        Color32::from_rgb(180, 110, 0)
    }
}
/// Good news.
pub const GOOD: Color32 = Color32::from_rgb(110, 210, 130);
/// Errors.
pub const BAD: Color32 = Color32::from_rgb(240, 110, 100);

/// The program's look: roomy and rounded, dark or light with the board's theme.
pub fn style(ctx: &Context, theme: chess4d_render::Theme) {
    let dark = theme == chess4d_render::Theme::Dark;
    ctx.set_theme(if dark {
        egui::ThemePreference::Dark
    } else {
        egui::ThemePreference::Light
    });
    ctx.all_styles_mut(|s| {
        s.spacing.item_spacing = egui::vec2(8.0, 6.0);
        s.spacing.button_padding = egui::vec2(8.0, 4.0);
    });
    ctx.style_mut_of(egui::Theme::Dark, |s| {
        s.visuals.panel_fill = Color32::from_rgb(24, 27, 33);
        s.visuals.window_fill = Color32::from_rgb(30, 34, 42);
        s.visuals.selection.bg_fill = Color32::from_rgb(60, 110, 190);
    });
}

/// Frame of the top and bottom bars.
pub fn bar_frame(ui: &Ui) -> egui::Frame {
    let fill = if ui.visuals().dark_mode {
        Color32::from_rgb(18, 20, 25)
    } else {
        Color32::from_gray(232)
    };
    egui::Frame::side_top_panel(ui.style())
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(10, 6))
}

/// Frame of the side panel.
pub fn side_frame(ui: &Ui) -> egui::Frame {
    egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::same(12))
}

/// A section heading.
pub fn section(ui: &mut Ui, title: &str) {
    ui.add_space(8.0);
    ui.label(
        RichText::new(title.to_uppercase())
            .small()
            .strong()
            .color(Color32::from_gray(150)),
    );
    ui.add_space(2.0);
}

/// A score in pawns, or mate in N.
fn score_text(score: chess4d_engine::Score) -> String {
    match score.mate_in() {
        Some(n) => format!("mate in {}", n.abs()),
        None => format!("{:+.2}", score.value() as f32 / 100.0),
    }
}

/// The moves of a line in notation, played out from the current position.
pub fn line_text(session: &Session, pv: &[Move], most: usize) -> String {
    session.san_line_text(pv, most) // SAN: session/notation.rs
}

/// The computer's thinking: what, how deep, how good, the best line, and a button.
pub fn thinking(ui: &mut Ui, session: &Session, act: &mut Vec<Action>) {
    let Some(t) = session.thinking().cloned() else {
        return;
    };
    ui.add_space(6.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|row| {
            row.spinner();
            let what = match t.job {
                Job::Move => "The computer is thinking",
                Job::Hint => "Looking for a hint",
                Job::DrawOffer => "Considering your draw offer",
            };
            row.label(RichText::new(what).strong());
        });
        match &t.info {
            Some(info) => {
                let side = session.game().position().side_to_move();
                ui.label(format!(
                    "depth {} · {} for {side} · {} nodes",
                    info.depth,
                    score_text(info.score),
                    info.nodes
                ));
                ui.label(
                    RichText::new(line_text(session, &info.pv, 6))
                        .monospace()
                        .small(),
                );
            }
            None => {
                ui.label(RichText::new("first iteration…").weak());
            }
        }
        let label = if t.job == Job::Move {
            "Move now"
        } else {
            "Stop"
        };
        if ui.button(label).clicked() {
            act.push(Action::MoveNow);
        }
    });
}

/// The strip above the board: what happened and what to do, in words. The game's end
/// (beside the board, never over it) or the last move; the hint; the newest messages,
/// which leave by themselves. Two lines high whatever it holds, so the board below
/// does not jump.
pub fn news(ui: &mut Ui, session: &Session, act: &mut Vec<Action>) {
    let now = std::time::Instant::now();
    let last = session.last_move_words();
    // The computer's move is said on the first line already.
    let notices: Vec<_> = session
        .fresh_notices(now)
        .into_iter()
        .filter(|n| Some(&n.text) != last.as_ref())
        .collect();
    ui.vertical(|ui| {
        ui.horizontal(|row| {
            if let Some(o) = session.game().outcome() {
                row.label(
                    RichText::new(format!("Game over: {o} · {}", o.result_string()))
                        .strong()
                        .color(accent(row.visuals())),
                );
                if let Some(last) = &last {
                    row.label(RichText::new(format!("(last move: {last})")).weak());
                }
            } else if let Some(last) = &last {
                row.label(RichText::new("Last move").weak());
                row.label(RichText::new(last).strong());
            } else {
                row.label(RichText::new("No move yet.").weak());
            }
            if let Some(hint) = session.hint_words() {
                row.separator();
                row.label(RichText::new(hint).color(HINT));
            }
        });
        ui.horizontal(|row| {
            for n in notices.iter().rev().take(2) {
                if n.error {
                    row.label(RichText::new(first_line(&n.text)).color(BAD))
                        .on_hover_text(&n.text);
                } else {
                    row.label(RichText::new(&n.text).color(GOOD));
                }
            }
            if !notices.is_empty() && row.small_button("clear").clicked() {
                act.push(Action::ClearNotices);
            }
        });
    });
    if !notices.is_empty() {
        // Messages leave on their own: look again in a second.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs(1));
    }
}

/// Hints' colour: the hint arrow's blue.
pub const HINT: Color32 = Color32::from_rgb(110, 160, 255);

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}

/// An error; a located one (with its caret line) keeps its columns.
pub fn error_text(ui: &mut Ui, text: &str) {
    let rich = RichText::new(text).color(BAD);
    if text.contains('\n') {
        ui.label(rich.monospace().small());
    } else {
        ui.label(rich);
    }
}

/// The moves played (`moves`, in SAN: session/notation.rs), two to a row; a click goes
/// back to the position after a move.
pub fn move_list(ui: &mut Ui, session: &Session, moves: &[String], act: &mut Vec<Action>) {
    if moves.is_empty() && !session.reviewing() {
        ui.label(RichText::new("no moves yet").weak());
        // The same height as a list, so nothing below moves at the first move.
        ui.add_space(186.0);
        return;
    }
    let mut go = None;
    // A fixed height, so the buttons below stay put as the list grows.
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .min_scrolled_height(180.0)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .id_salt("moves")
        .show(ui, |ui| {
            egui::Grid::new("move-grid").striped(true).show(ui, |ui| {
                for (i, pair) in moves.chunks(2).enumerate() {
                    ui.label(RichText::new(format!("{}.", i + 1)).weak());
                    for (j, m) in pair.iter().enumerate() {
                        let ply = 2 * i + j + 1;
                        let text = RichText::new(m).monospace();
                        if ui.selectable_label(ply == moves.len(), text).clicked() {
                            go = Some(ply);
                        }
                    }
                    ui.end_row();
                }
            });
        });
    ui.horizontal(|row| {
        if row.small_button("to start").clicked() {
            go = Some(0);
        }
        if session.reviewing() {
            row.label(
                RichText::new("reviewing: Redo steps forward")
                    .weak()
                    .small(),
            );
            if session.computer_to_move() && row.small_button("Continue").clicked() {
                act.push(Action::Continue);
            }
        }
    });
    if let Some(ply) = go {
        act.push(Action::GoToPly(ply));
    }
}

/// What floats over the board.
pub fn overlays(
    ctx: &Context,
    board: egui::Rect,
    session: &Session,
    pointer: &super::pointer::Pointer,
    act: &mut Vec<Action>,
) {
    if let Some(choice) = session.choice().cloned() {
        let title = if choice.promotion {
            "Promote to"
        } else {
            "Which move?"
        };
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .pivot(Align2::CENTER_CENTER)
            .fixed_pos(board.center())
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|row| {
                    for (i, label) in choice.labels.iter().enumerate() {
                        if row.button(RichText::new(label).size(16.0)).clicked() {
                            act.push(Action::Choose(i));
                        }
                    }
                });
                if ui.small_button("cancel").clicked() {
                    act.push(Action::ClearSelection);
                }
            });
    }
    if session.thinking().is_some_and(|t| t.job == Job::Move) {
        egui::Area::new(egui::Id::unique("thinking-card"))
            .pivot(Align2::RIGHT_TOP)
            .fixed_pos(egui::pos2(board.right() - 12.0, board.top() + 12.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(260.0);
                    thinking(ui, session, act);
                });
            });
    }
    hover_name(ctx, board, session, pointer);
}

/// The name of the square under the pointer, beside the pointer, and the piece on it
/// with how it moves.
fn hover_name(
    ctx: &Context,
    board: egui::Rect,
    session: &Session,
    pointer: &super::pointer::Pointer,
) {
    let text = session.hover_text().or_else(|| session.hover_hand_words());
    let dragging = session.dragging().is_some() || session.dragging_hand().is_some();
    let (Some(mut text), Some(p), false) = (text, pointer.pos, dragging) else {
        return;
    };
    if let Some(piece) = session.hover_piece_words() {
        text = format!("{text}\n{piece}");
    }
    let ppp = ctx.pixels_per_point();
    let pointer_at = egui::pos2(p.x / ppp, p.y / ppp);
    let Some(at) = hover_card_at(session.selected().is_some(), pointer_at, board) else {
        return;
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        egui::Id::unique("hover-name"),
    ));
    let galley = painter.layout(
        text,
        FontId::monospace(13.0),
        Color32::from_gray(235),
        360.0,
    );
    // Keep the label on screen: flip it to the left of the pointer near the right edge.
    let screen = ctx.content_rect();
    let at = if session.selected().is_none() && at.x + galley.size().x + 6.0 > screen.right() {
        egui::pos2(p.x / ppp - 16.0 - galley.size().x, at.y)
    } else {
        at
    };
    let rect = egui::Rect::from_min_size(at, galley.size()).expand(4.0);
    painter.rect_filled(rect, 4.0, Color32::from_black_alpha(190));
    painter.galley(at, galley, Color32::WHITE);
}

/// Where the hover card's top-left goes: beside the pointer, or, while a piece is
/// picked (its destinations lit around it, right where the pointer is), in the board's
/// top-left corner, off the squares, so the card never hides a destination.
fn hover_card_at(picked: bool, pointer: egui::Pos2, board: egui::Rect) -> Option<egui::Pos2> {
    if picked {
        return board
            .is_positive()
            .then(|| board.left_top() + egui::vec2(12.0, 10.0));
    }
    Some(pointer + egui::vec2(16.0, 18.0))
}

#[cfg(test)]
mod tests {
    use super::hover_card_at;

    #[test]
    fn with_a_piece_picked_the_hover_card_leaves_the_pointer_and_its_destinations() {
        let board = egui::Rect::from_min_max(egui::pos2(330.0, 90.0), egui::pos2(1200.0, 720.0));
        let pointer = egui::pos2(900.0, 500.0);
        // Nothing picked: beside the pointer.
        let free = hover_card_at(false, pointer, board).unwrap();
        assert!(free.x > pointer.x && free.y > pointer.y);
        // A piece picked: in the board's corner, far from the pointer where the
        // destinations are lit (a card is at most 360 points wide).
        let picked = hover_card_at(true, pointer, board).unwrap();
        assert!(board.contains(picked));
        assert!(pointer.x - picked.x > 360.0 || pointer.y - picked.y > 100.0);
    }
}
