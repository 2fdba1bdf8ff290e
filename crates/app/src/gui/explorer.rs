//! The opening explorer on the analysis board: the moves the engine's self-play games
//! played from the position on the board, with how many games, how they ended and the
//! engine's average score; a click plays the move. The corpus is the one built by
//! `chess4d explore-openings` in the data folder, else the one shipped for the variant
//! (`chess4d_puzzles::openings`).

use crate::app_state::Action;
use crate::app_state::memory::{Corpus, PanelMemory};
use crate::session::Session;
use chess4d_puzzles::openings::{Explorer, MoveStat, shipped};
use egui::{Color32, RichText, Sense, Ui};
use std::sync::Arc;

/// The most moves listed.
const MOST: usize = 12;

/// The explorer's section of the Analysis tab.
pub fn explorer_section(
    ui: &mut Ui,
    session: &Session,
    memory: &mut PanelMemory,
    act: &mut Vec<Action>,
) {
    super::widgets::section(ui, "Openings from engine games");
    let variant = session.variant().to_string();
    let loaded = corpus(memory, &variant);
    let explorer = match &*loaded {
        Ok(e) => e,
        Err(why) => {
            ui.label(RichText::new(why.as_str()).small().weak());
            return;
        }
    };
    let pos = session.game().position().clone();
    let moves = explorer.moves(&pos);
    if moves.is_empty() {
        ui.label(RichText::new("No corpus game reached this position.").weak());
        return;
    }
    let mut play = None;
    for m in moves.iter().take(MOST) {
        let Ok(mv) = session.rules().parse_move(&pos, &m.mv) else {
            continue;
        };
        if row(ui, &session.san_of(mv), m) {
            play = Some(mv);
        }
    }
    if let Some(about) = explorer.about.first() {
        ui.label(RichText::new(about.as_str()).small().weak());
    }
    if let Some(mv) = play {
        act.push(Action::PlayMove(mv));
    }
}

/// One move: its SAN (a button), games, a White/draw/Black bar and the average score.
/// True when clicked.
fn row(ui: &mut Ui, san: &str, m: &MoveStat) -> bool {
    ui.horizontal(|r| {
        let b = r
            .add_sized(
                [70.0, 18.0],
                egui::Button::new(RichText::new(san).monospace().small()),
            )
            .on_hover_text(format!(
                "{san}: {} games: {} White wins, {} draws, {} Black wins; the engine's \
                     average score {:+.2} (White's view)\nClick: play it on the board",
                m.games,
                m.white,
                m.draws,
                m.black,
                f64::from(m.score) / 100.0
            ));
        r.label(RichText::new(format!("{:>4}", m.games)).monospace().small());
        results_bar(r, m);
        r.label(
            RichText::new(format!("{:+.2}", f64::from(m.score) / 100.0))
                .monospace()
                .small(),
        );
        b.clicked()
    })
    .inner
}

/// White's wins (light), draws (grey) and Black's wins (dark) as one bar.
fn results_bar(ui: &mut Ui, m: &MoveStat) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(90.0, 12.0), Sense::hover());
    let total = m.games.max(1) as f32;
    let painter = ui.painter();
    let mut x = rect.min.x;
    for (n, colour) in [
        (m.white, Color32::from_gray(235)),
        (m.draws, Color32::from_gray(140)),
        (m.black, Color32::from_gray(40)),
    ] {
        let w = rect.width() * n as f32 / total;
        let part =
            egui::Rect::from_min_size(egui::pos2(x, rect.min.y), egui::vec2(w, rect.height()));
        painter.rect_filled(part, 0.0, colour);
        x += w;
    }
    painter.rect_stroke(
        rect,
        1.0,
        egui::Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Inside,
    );
}

/// The variant's corpus, read once: the data folder's `openings/VARIANT.tsv` (what
/// `chess4d explore-openings` writes), else the shipped one; kept in the app's state.
fn corpus(memory: &mut PanelMemory, variant: &str) -> Corpus {
    let found = memory
        .openings
        .entry(variant.to_string())
        .or_insert_with(|| Arc::new(load(variant)));
    Arc::clone(found)
}

fn load(variant: &str) -> Result<Explorer, String> {
    let own = crate::ratings::archive_path(None)
        .ok()
        .and_then(|a| {
            a.parent()
                .map(|d| d.join("openings").join(format!("{variant}.tsv")))
        })
        .filter(|f| f.is_file());
    if let Some(file) = own {
        return Explorer::open(&file).map_err(|e| e.to_string());
    }
    match shipped(variant) {
        Some(found) => found.map_err(|e| e.to_string()),
        None => Err(format!(
            "No opening corpus for {variant}: `chess4d explore-openings --variant {variant}` \
             builds one from engine games."
        )),
    }
}
