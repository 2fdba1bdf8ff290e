//! The first start's card at the top of the Play tab: the full set is sharp (White can
//! force mate in 4), and the ways in: the classic set, the gentle computer, the guided
//! game, the Learn steps. Shown while the archive holds no game yet, until closed.
//! (The puzzles join this list when they exist: no button here promises them before.)

use super::tab::Tab;
use super::widgets;
use crate::app_state::{Action, UiState};
use crate::session::scorebook::Scorebook;
use egui::{RichText, Ui};

/// Whether this is a first start: no finished or adjourned game in the archive.
pub fn first_start(book: &Scorebook) -> bool {
    let none = |r: Result<Vec<_>, _>| r.is_ok_and(|v: Vec<_>| v.is_empty());
    none(book.ratings().recent_games(None, 1)) && none(book.adjourned())
}

/// The card, while `ui.welcome` is on.
pub fn card(
    side: &mut Ui,
    ui: &mut UiState,
    probes: &mut super::editor::Probes,
    act: &mut Vec<Action>,
) {
    if !ui.welcome {
        return;
    }
    egui::Frame::group(side.style()).show(side, |card| {
        card.label(RichText::new("New to 4D chess?").strong().size(15.0));
        card.label(
            "The full set is sharp: from the start White can force mate in 4, and a \
             natural first move can lose by force. Ways in:",
        );
        card.add_space(4.0);
        let way = |card: &mut Ui, label: &str, tip: &str| card.button(label).on_hover_text(tip);
        card.horizontal_wrapped(|row| {
            if way(
                row,
                "Classic set",
                "10 pieces a side: a calmer start on the same boards",
            )
            .clicked()
            {
                act.push(Action::NewVariant("classic".into()));
                ui.welcome = false;
            }
            if way(
                row,
                "Gentle computer",
                "A computer that looks 2 plies ahead and gives no check in the first 15 \
                 moves: time to find your feet",
            )
            .clicked()
            {
                act.push(Action::Gentle(true));
                ui.welcome = false;
            }
            let guided = way(
                row,
                "Guided game",
                "White's mate in 4, move by move, each threat across W or Z explained",
            );
            probes.push(("welcome-guided", guided.rect.center()));
            if guided.clicked() {
                act.push(Action::Guide(Some(0)));
                ui.tab = Tab::Learn;
            }
            if way(row, "Learn the moves", "Four short steps and a move to try").clicked() {
                act.push(Action::Mode(crate::session::Mode::Learn));
                ui.tab = Tab::Learn;
            }
        });
        card.horizontal(|row| {
            row.label(
                RichText::new("Or just play: you are White.")
                    .small()
                    .color(widgets::accent(row.visuals())),
            );
            let close = row.small_button("Close");
            probes.push(("welcome-close", close.rect.center()));
            if close.clicked() {
                ui.welcome = false;
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::first_start;
    use crate::ratings::Ratings;
    use crate::session::Session;
    use crate::session::scorebook::Scorebook;
    use chess4d_variants::Catalog;

    #[test]
    fn the_card_shows_until_the_archive_holds_a_game() {
        let mut book = Scorebook::new(Ratings::in_memory().unwrap());
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_player(chess4d_core::Color::Black, crate::session::Player::Human);
        book.update(&mut s);
        assert!(first_start(&book));
        // A game left with moves is adjourned: no longer a first start.
        for m in ["b2[0,0]b3[0,0]", "b3[0,1]b2[0,1]"] {
            let mv = s.rules().parse_move(s.game().position(), m).unwrap();
            s.play(mv);
            book.update(&mut s);
        }
        s.new_game("classic");
        book.update(&mut s);
        assert!(!first_start(&book));
    }
}
