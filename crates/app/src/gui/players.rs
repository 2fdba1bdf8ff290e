//! The Players tab: the ratings panel for the variant on the board, and the adjourned
//! games with a Resume button each.

use super::widgets;
use crate::ratings::panel::{RatingsPanelState, ratings_panel};
use crate::session::Session;
use crate::session::scorebook::Scorebook;
use chess4d_archive::storage::{GameId, GameSummary, PlayerId};
use egui::{RichText, Ui};

/// What the tab keeps between frames.
#[derive(Debug, Default)]
pub struct PlayersState {
    panel: RatingsPanelState,
    /// The adjourned games as last read, so the archive is not queried every frame.
    adjourned: Option<Adjourned>,
    /// Why the last Resume failed.
    error: Option<String>,
}

/// The adjourned games of `player`, read when the service was at `generation`.
#[derive(Debug)]
struct Adjourned {
    generation: u64,
    player: Option<PlayerId>,
    list: Result<Vec<GameSummary>, String>,
}

pub fn players_tab(
    side: &mut Ui,
    session: &mut Session,
    book: &mut Scorebook,
    state: &mut PlayersState,
) {
    if let Some(e) = book.open_error() {
        widgets::error_text(side, e);
        side.add_space(4.0);
    }
    let variant = session.rules().info().name.clone();
    ratings_panel(side, &mut state.panel, book.ratings_mut(), &variant);

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
        Some(Ok(list)) => {
            for g in list {
                side.horizontal(|row| {
                    if on_board == Some(g.id) {
                        row.label(RichText::new("on the board").weak());
                    } else if row.button("Resume").clicked() {
                        resume = Some(g.id);
                    }
                    row.label(format!(
                        "{} · {} – {} · {} plies{}",
                        g.variant,
                        g.white_name,
                        g.black_name,
                        g.plies,
                        if g.rated { " · rated" } else { "" }
                    ));
                });
            }
        }
        Some(Err(e)) => widgets::error_text(side, e),
        None => {}
    }
    if let Some(e) = &state.error {
        widgets::error_text(side, e);
    }
    if let Some(id) = resume {
        state.error = book.resume(session, id).err().map(|e| e.to_string());
    }
}
