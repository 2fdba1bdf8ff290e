//! The Players tab: the ratings panel for the variant on the board, and the adjourned
//! games with a Resume button each.

use super::widgets;
use crate::app_state::Action;
use crate::app_state::view::{Adjourned, PlayersState};
use crate::ratings::panel::ratings_panel_asks;
use crate::session::Session;
use crate::session::scorebook::Scorebook;
use chess4d_archive::storage::{GameId, GameSummary};
use egui::{RichText, Ui};

/// The tab: it reads the archive; Resume and the ratings panel's clicks (a new
/// profile, the one who plays) are [`Action`]s.
pub fn players_tab(
    side: &mut Ui,
    session: &Session,
    book: &Scorebook,
    state: &mut PlayersState,
    act: &mut Vec<Action>,
) {
    if let Some(e) = book.open_error() {
        widgets::error_text(side, e);
        side.add_space(4.0);
    }
    let variant = session.rules().info().name.clone();
    let asks = ratings_panel_asks(side, &mut state.panel, book.ratings(), &variant);
    act.extend(asks.into_iter().map(Action::Ratings));

    widgets::section(side, "Adjourned games");
    let key = (book.ratings().generation(), book.ratings().current());
    if state
        .adjourned
        .as_ref()
        .is_none_or(|a| (a.generation, a.player) != key)
    {
        state.adjourned = Some(Adjourned {
            generation: key.0,
            player: key.1,
            list: book.adjourned().map_err(|e| e.to_string()),
            guest: guest_adjourned(book).map_err(|e| e.to_string()),
        });
    }
    let mut resume: Option<GameId> = None;
    // The game on the board is saved as adjourned after each move; it is not resumed.
    let on_board = book.on_board();
    match state.adjourned.as_ref().map(|a| &a.list) {
        Some(Ok(list)) if list.is_empty() => {
            side.label(
                RichText::new(
                    "None. A game left with moves (New game, or closing the window) waits here.",
                )
                .weak(),
            );
        }
        Some(Ok(list)) => adjourned_rows(side, list, on_board, &mut resume),
        Some(Err(e)) => widgets::error_text(side, e),
        None => {}
    }
    match state.adjourned.as_ref().map(|a| &a.guest) {
        Some(Ok(list)) if !list.is_empty() => {
            side.add_space(4.0);
            side.label(
                RichText::new(format!(
                    "Played as Guest before this profile ({}): they stay the guest's.",
                    list.len()
                ))
                .small(),
            );
            adjourned_rows(side, list, on_board, &mut resume);
        }
        Some(Err(e)) => widgets::error_text(side, e),
        _ => {}
    }
    if let Some(e) = &state.error {
        widgets::error_text(side, e);
    }
    if let Some(id) = resume {
        act.push(Action::Resume(id));
    }
}

/// The guest's adjourned games while a profile other than the guest is chosen (none
/// otherwise: the main list already holds them).
fn guest_adjourned(book: &Scorebook) -> Result<Vec<GameSummary>, crate::ratings::RatingsError> {
    let ratings = book.ratings();
    let Some(current) = ratings.current() else {
        return Ok(Vec::new());
    };
    match ratings.profile_named(crate::session::scorebook::GUEST) {
        Ok(guest) if guest.id != current => ratings.adjourned_games(Some(guest.id)),
        _ => Ok(Vec::new()),
    }
}

/// One row per adjourned game: Resume, then the game, wrapped onto a second line in a
/// narrow panel rather than cut off.
fn adjourned_rows(
    side: &mut Ui,
    list: &[GameSummary],
    on_board: Option<GameId>,
    resume: &mut Option<GameId>,
) {
    for g in list {
        side.horizontal_wrapped(|row| {
            if on_board == Some(g.id) {
                row.label(RichText::new("on the board").weak());
            } else if row.button("Resume").clicked() {
                *resume = Some(g.id);
            }
            row.label(adjourned_text(g));
        });
    }
}

/// "full · Guest – Computer level 3 · 14 plies · rated".
fn adjourned_text(g: &GameSummary) -> String {
    format!(
        "{} · {} – {} · {} plies{}",
        g.variant,
        g.white_name,
        g.black_name,
        g.plies,
        if g.rated { " · rated" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::guest_adjourned;
    use crate::ratings::Ratings;
    use crate::session::Session;
    use crate::session::scorebook::Scorebook;
    use chess4d_variants::Catalog;

    #[test]
    fn a_new_profile_does_not_hide_the_guests_adjourned_games() {
        let mut book = Scorebook::new(Ratings::in_memory().unwrap());
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_player(chess4d_core::Color::Black, crate::session::Player::Human);
        book.update(&mut s);
        for m in ["b2[0,0]b3[0,0]", "b3[0,1]b2[0,1]"] {
            let mv = s.rules().parse_move(s.game().position(), m).unwrap();
            s.play(mv);
            book.update(&mut s);
        }
        s.new_game("full");
        book.update(&mut s);
        assert_eq!(book.adjourned().unwrap().len(), 1, "the guest's game");
        assert!(
            guest_adjourned(&book).unwrap().is_empty(),
            "nobody chosen: one list"
        );
        // Ann's first profile becomes the current one: her list is empty, and the
        // guest's game is still listed apart.
        let ann = book.ratings_mut().create_profile("Ann").unwrap();
        book.ratings_mut().set_current(Some(ann)).unwrap();
        assert!(book.adjourned().unwrap().is_empty());
        let guest = guest_adjourned(&book).unwrap();
        assert_eq!(guest.len(), 1);
        assert!(super::adjourned_text(&guest[0]).contains("2 plies"));
    }
}
