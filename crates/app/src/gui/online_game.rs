//! The online game in the Online tab (online.rs): the games of this player and those
//! watched, the one on the board with its players and end, the offers (draw, takeback)
//! and their answers, resign, abort, a claim when the opponent has gone; and both of
//! the server's clocks over the board's corner, the running one lit, a low one red.

use super::editor::Probes;
use super::online_form::{OnlineUi, clock_words};
use super::widgets;
use crate::online::{Action, OnlineGame};
use crate::session::Session;
use crate::session::clock::format_left;
use crate::session::online_link::{color_of, end_words};
use chess4d_protocol::{ClockConfig, Side};
use egui::{Color32, RichText, Ui};
use std::time::{Duration, Instant};

/// Under this a clock turns red (lichess warns at about the same).
const LOW: Duration = Duration::from_secs(20);

/// A game in one line: "#3 ann – bob · full · 5+3 · rated".
fn game_line(g: &OnlineGame) -> String {
    let rated = if g.rated { "rated" } else { "casual" };
    let state = if g.end.is_some() { " · over" } else { "" };
    format!(
        "#{} {} – {} · {} · {} · {rated}{state}",
        g.id.0,
        g.white.name,
        g.black.name,
        g.game.rules().info().name,
        clock_words(&g.clock)
    )
}

/// The games, the one on the board and what can be done in it.
pub fn game_section(
    side: &mut Ui,
    o: &OnlineUi,
    probes: &mut Probes,
    act: &mut Vec<crate::app_state::Action>,
) {
    let games = &o.link.client.state().games;
    if games.is_empty() {
        return;
    }
    widgets::section(side, "Games");
    let mut pick = None;
    for g in games.values().rev().take(6) {
        let on = o.link.shown == Some(g.id);
        if side.selectable_label(on, game_line(g)).clicked() && !on {
            pick = Some(g.id);
        }
    }
    if let Some(id) = pick {
        act.push(crate::app_state::Action::OnlineShow(id));
    }
    let Some(g) = o.link.shown_game() else {
        return;
    };
    let status = match &g.end {
        Some(end) => end_words(end),
        None if g.my_turn() => "Your move".into(),
        None if g.you.is_some() => "The opponent's move".into(),
        None => format!("{} to move (watching)", color_of(g.to_move())),
    };
    side.label(RichText::new(status).strong().size(16.0));
    if g.rated && g.you.is_some() {
        side.label(RichText::new("Rated: no hints or analysis during the game").weak());
    }
    let actions = offers(side, g, probes);
    act.extend(actions.into_iter().map(|a| match a {
        Action::Resign(game) => crate::app_state::Action::OnlineResign(game),
        other => crate::app_state::Action::Online(other),
    }));
}

/// The offers standing and the buttons of a game this player plays.
fn offers(side: &mut Ui, g: &OnlineGame, probes: &mut Probes) -> Vec<Action> {
    let mut out = Vec::new();
    let (Some(me), None) = (g.you, &g.end) else {
        return out;
    };
    let id = g.id;
    if let Some(by) = g.draw_offer.filter(|&s| s != me) {
        side.horizontal_wrapped(|row| {
            row.label(format!("{} offers a draw", color_of(by)));
            if row.button("Accept draw").clicked() {
                out.push(Action::OfferDraw(id));
            }
            if row.button("Decline").clicked() {
                out.push(Action::DeclineDraw(id));
            }
        });
    }
    if let Some(by) = g.takeback_offer.filter(|&s| s != me) {
        side.horizontal_wrapped(|row| {
            row.label(format!("{} asks to take a move back", color_of(by)));
            if row.button("Allow").clicked() {
                out.push(Action::OfferTakeback(id));
            }
            if row.button("Refuse").clicked() {
                out.push(Action::DeclineTakeback(id));
            }
        });
    }
    side.horizontal_wrapped(|row| {
        let offered = g.draw_offer == Some(me);
        if row
            .add_enabled(!offered, egui::Button::new("Offer a draw"))
            .clicked()
        {
            out.push(Action::OfferDraw(id));
        }
        let asked = g.takeback_offer == Some(me);
        let takeback = !asked && !g.game.moves().is_empty();
        if row
            .add_enabled(takeback, egui::Button::new("Takeback"))
            .clicked()
        {
            out.push(Action::OfferTakeback(id));
        }
        // Before each side has moved a game can be called off without a result.
        if g.game.moves().len() < 2 {
            if row.button("Abort").clicked() {
                out.push(Action::Abort(id));
            }
        } else {
            let resign = row.button("Resign");
            probes.push(("online-resign", resign.rect.center()));
            if resign.clicked() {
                out.push(Action::Resign(id));
            }
        }
    });
    if let Some((side_gone, at)) = g.gone.filter(|(s, _)| *s != me) {
        let now = Instant::now();
        if now >= at {
            side.horizontal_wrapped(|row| {
                row.label(format!("{} has gone", color_of(side_gone)));
                if row.button("Claim the win").clicked() {
                    out.push(Action::Claim {
                        game: id,
                        draw: false,
                    });
                }
                if row.button("Call it a draw").clicked() {
                    out.push(Action::Claim {
                        game: id,
                        draw: true,
                    });
                }
            });
        } else {
            let secs = at.duration_since(now).as_secs() + 1;
            side.label(format!(
                "{} has gone: a claim is possible in {secs} s",
                color_of(side_gone)
            ));
        }
    }
    out
}

/// Both of the server's clocks over the board's bottom-right corner, Black above
/// White with the players' names, while the board shows a clocked online game.
pub fn overlay(ctx: &egui::Context, board: egui::Rect, session: &Session, o: &OnlineUi) {
    if session.online_board().is_none() {
        return;
    }
    let Some(g) = o.link.shown_game() else {
        return;
    };
    if !matches!(g.clock, ClockConfig::Fischer { .. }) {
        return;
    }
    let now = Instant::now();
    let running = g.clocks.running.filter(|_| g.end.is_none());
    if let Some(side) = running {
        let tick = if g.left(side, now) < Duration::from_secs(10) {
            50
        } else {
            200
        };
        ctx.request_repaint_after(Duration::from_millis(tick));
    }
    egui::Area::new(egui::Id::unique("online-clocks"))
        .order(egui::Order::Foreground)
        .interactable(false)
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .fixed_pos(board.right_bottom() + egui::vec2(-10.0, -10.0))
        .show(ctx, |area| {
            area.label(
                RichText::new(format!("online · {}", clock_words(&g.clock)))
                    .small()
                    .color(Color32::from_gray(150)),
            );
            for side in [Side::Black, Side::White] {
                let name = match side {
                    Side::White => &g.white.name,
                    Side::Black => &g.black.name,
                };
                let left = g.left(side, now);
                clock_card(
                    area,
                    &format!("{name}  {}", format_left(left)),
                    left < LOW,
                    running == Some(side),
                );
            }
        });
}

fn clock_card(area: &mut Ui, words: &str, low: bool, running: bool) {
    let fill = if low {
        widgets::BAD
    } else if running {
        widgets::accent(area.visuals())
    } else {
        Color32::from_gray(45)
    };
    let text = if low || running {
        Color32::BLACK
    } else {
        Color32::from_gray(200)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(10, 4))
        .show(area, |f| {
            f.set_min_width(150.0);
            f.add(
                egui::Label::new(RichText::new(words).monospace().size(22.0).color(text)).extend(),
            );
        });
    area.add_space(4.0);
}
