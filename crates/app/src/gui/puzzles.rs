//! The Puzzles tab, after lichess's trainer: the player's puzzle rating (Glicko-2,
//! kept in the archive per player and variant), a puzzle at that level from the
//! shipped sets (optionally only some themes), what the last move earned in words,
//! Hint (the piece, then the square), Solution (a failed attempt) and Next. The board
//! and its rules live in session/puzzle.rs; this file only draws and picks.

use super::widgets;
use crate::app_state::{Action, UiState};
use crate::session::Session;
use crate::session::puzzle::Stage;
use crate::session::scorebook::Scorebook;
use chess4d_puzzles::Puzzle;
use egui::{RichText, Ui};
use std::collections::BTreeMap;

/// Above this deviation a rating is provisional (lichess's threshold).
const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Puts the shipped puzzle `id` on the board (`--puzzle full-0001`); its variant, or
/// why not.
pub fn start_with(session: &mut Session, id: &str) -> Result<String, String> {
    let (puzzle, variant) = find(id).ok_or_else(|| {
        format!(
            "no shipped puzzle is called '{id}'; `chess4d puzzles list --variant V` prints \
             the ids (full-0001, classic-0001, ...)"
        )
    })?;
    if session.start_puzzle(puzzle, &variant) {
        Ok(variant)
    } else {
        let why = session
            .last_notice()
            .map(|n| n.text.clone())
            .unwrap_or_default();
        Err(format!("cannot show puzzle {id}: {why}"))
    }
}

/// Finds a shipped puzzle by id (`full-0001`), with its variant.
fn find(id: &str) -> Option<(Puzzle, String)> {
    chess4d_puzzles::shipped::SETS
        .iter()
        .find_map(|(variant, _)| {
            let set = chess4d_puzzles::shipped::shipped(variant)?.ok()?;
            let p = set.into_iter().find(|p| p.id == id)?;
            Some((p, (*variant).to_string()))
        })
}

/// The tab; the next puzzle is an [`Action`] (it reads the archive).
pub fn puzzles_tab(
    side: &mut Ui,
    session: &Session,
    book: &Scorebook,
    ui: &mut UiState,
    probes: &mut super::editor::Probes,
    act: &mut Vec<Action>,
) {
    // The tab's button may have asked already this frame: a second ask would pass over
    // the puzzle the first one starts.
    if session.puzzle().is_none() && !act.contains(&Action::NextPuzzle) {
        act.push(Action::NextPuzzle);
    }
    rating_section(side, session, book);
    puzzle_section(side, session);
    side.horizontal_wrapped(|row| {
        let can_help = session.puzzle().is_some_and(|b| b.stage == Stage::Solving);
        let hint = row
            .add_enabled(can_help, egui::Button::new("Hint"))
            .on_hover_text("First the piece, then its square; a solve after a hint counts half");
        probes.push(("puzzle-hint", hint.rect.center()));
        if hint.clicked() {
            act.push(Action::PuzzleHint);
        }
        let solution = row
            .add_enabled(can_help, egui::Button::new("Solution"))
            .on_hover_text("Plays the solution out; the attempt counts as failed");
        probes.push(("puzzle-solution", solution.rect.center()));
        if solution.clicked() {
            act.push(Action::PuzzleSolution);
        }
        let next_button = row.button("Next puzzle ›");
        probes.push(("puzzle-next", next_button.rect.center()));
        if next_button.clicked() {
            act.push(Action::NextPuzzle);
        }
    });
    choices_section(side, session, ui, act);
}

fn rating_section(side: &mut Ui, session: &Session, book: &Scorebook) {
    widgets::section(side, "Your puzzle rating");
    let variant = session
        .puzzle()
        .map_or_else(|| session.variant().to_string(), |b| b.variant.clone());
    let who = book
        .ratings()
        .current()
        .and_then(|id| book.ratings().archive().player(id).ok())
        .map_or_else(|| crate::session::scorebook::GUEST.to_string(), |p| p.name);
    match book.puzzle_rating(&variant) {
        Ok(r) => {
            // Provisional while the deviation is wide, marked "?" as lichess does.
            let provisional = r.rating.deviation > PROVISIONAL_DEVIATION;
            let mark = if provisional { "?" } else { "" };
            side.label(
                RichText::new(format!("{:.0}{mark}", r.rating.rating))
                    .size(26.0)
                    .strong(),
            )
            .on_hover_text("Glicko-2: each puzzle is a game against the puzzle's own rating");
            side.label(
                RichText::new(format!(
                    "{who} · {variant} · deviation {:.0} · {} tried",
                    r.rating.deviation, r.attempts
                ))
                .weak(),
            );
        }
        Err(e) => widgets::error_text(side, &e.to_string()),
    }
}

fn puzzle_section(side: &mut Ui, session: &Session) {
    let Some(board) = session.puzzle() else {
        return;
    };
    widgets::section(side, "Puzzle");
    let goal = if board.puzzle.is_mate() {
        "mate"
    } else {
        "win material"
    };
    side.label(
        RichText::new(format!("{} to play and {goal}", board.solver))
            .strong()
            .size(16.0),
    );
    let done = board.stage == Stage::Done;
    // The themes give the idea away: shown once the puzzle is over, as lichess does.
    let themes = if done {
        board.puzzle.themes.join(", ")
    } else {
        "shown when solved".into()
    };
    side.label(
        RichText::new(format!(
            "{} · graded {} · themes: {themes}",
            board.puzzle.id, board.puzzle.rating
        ))
        .small()
        .weak(),
    );
    if let Some(words) = &board.words {
        let good = !words.starts_with("Not this");
        let color = if good { widgets::GOOD } else { widgets::BAD };
        side.add_space(4.0);
        side.label(RichText::new(words).strong().color(color));
    }
    if board.hints > 0 && !done {
        side.label(RichText::new(hint_words(session, board.hints)).color(widgets::HINT));
    }
    side.add_space(6.0);
}

/// The hint in words: the piece, then also the square.
fn hint_words(session: &Session, hints: u8) -> String {
    let Some((mv, _)) = session.puzzle_hint_move() else {
        return String::new();
    };
    let rules = session.rules();
    let info = rules.info();
    let piece = session
        .game()
        .position()
        .piece_at(mv.from)
        .filter(|_| !mv.is_drop())
        .and_then(|p| info.pieces.get(p.kind().index()))
        .map_or_else(
            || "a piece from the hand".to_string(),
            |k| format!("the {}", k.name),
        );
    let from = if mv.is_drop() {
        String::new()
    } else {
        format!(" on {}", session.square_name(mv.from))
    };
    if hints >= 2 {
        format!(
            "Hint: {piece}{from} goes to {}.",
            session.square_name(mv.to)
        )
    } else {
        format!("Hint: move {piece}{from}.")
    }
}

fn choices_section(side: &mut Ui, session: &Session, ui: &mut UiState, act: &mut Vec<Action>) {
    widgets::section(side, "Puzzles of");
    let chosen = ui.puzzles.variant();
    let mut change = None;
    side.horizontal_wrapped(|row| {
        for (name, _) in chess4d_puzzles::shipped::SETS {
            if row.selectable_label(chosen == *name, *name).clicked() && chosen != *name {
                change = Some((*name).to_string());
            }
        }
    });
    let variant = change.clone().unwrap_or(chosen);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in ui.puzzles.set(&variant) {
        for t in &p.themes {
            *counts.entry(t.clone()).or_default() += 1;
        }
    }
    let mut themes_changed = false;
    egui::CollapsingHeader::new("Themes")
        .id_salt("puzzle-themes")
        .show(side, |inner| {
            inner.label(RichText::new("None ticked: every puzzle.").small().weak());
            for (theme, n) in &counts {
                let mut on = ui.puzzles.themes.contains(theme);
                if inner.checkbox(&mut on, format!("{theme} ({n})")).changed() {
                    themes_changed = true;
                    ui.puzzles.themes.retain(|t| t != theme);
                    if on {
                        ui.puzzles.themes.push(theme.clone());
                    }
                }
            }
        });
    if let Some(v) = change {
        ui.puzzles.variant = Some(v);
        ui.puzzles.themes.clear();
        act.push(Action::NextPuzzle);
    } else if themes_changed && session.puzzle().is_some_and(|b| b.stage == Stage::Done) {
        act.push(Action::NextPuzzle);
    }
}
