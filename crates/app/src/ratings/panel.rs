//! The "Players & ratings" panel: every profile with its rating ± deviation in the
//! variant on the board, a box to create a profile, a button to choose who plays, the
//! chosen profile's rating history as a small plot, and its recent games.
//!
//! The panel reads the archive only when something changed (the service's generation,
//! the variant or the profile shown), not every frame; what the buttons do is an
//! [`PanelAction`] applied after drawing, so it is tested without a screen.

use chess4d_archive::storage::{GameSummary, Player, PlayerId, PlayerRating, RatingPoint};
use egui::{Color32, RichText, Ui};

use super::plot::rating_plot;
use super::{Ratings, RatingsError};

/// How many recent games the panel lists.
const RECENT_GAMES: u32 = 8;

/// What the panel keeps between frames. Make one with `RatingsPanelState::default()` and
/// keep it as long as the panel is shown.
#[derive(Debug, Default)]
pub struct RatingsPanelState {
    /// The name typed into the "new profile" box.
    new_name: String,
    /// The last error (or confirmation) to show under the panel.
    message: Option<Message>,
    /// The profile whose history and games are shown; the current player when `None`.
    shown: Option<PlayerId>,
    /// What was read from the archive, and for which state of it.
    snapshot: Option<Snapshot>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Message {
    Error(String),
    Note(String),
}

/// One read of the archive, kept until it is stale.
#[derive(Debug)]
struct Snapshot {
    generation: u64,
    variant: String,
    shown: Option<PlayerId>,
    people: Vec<Row>,
    computers: Vec<Row>,
    history: Vec<RatingPoint>,
    recent: Vec<GameSummary>,
}

/// One profile's line: its rating in the board's variant, and every variant it has
/// played rated, for the tooltip.
#[derive(Debug)]
struct Row {
    player: Player,
    rating: PlayerRating,
    all_variants: String,
}

/// Something the user asked for in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanelAction {
    /// Make a profile with this name (and make it current if nobody is).
    Create(String),
    /// Make this profile the one who plays.
    Choose(PlayerId),
    /// Show this profile's history and games.
    Show(PlayerId),
}

/// Draws the "Players & ratings" panel for the variant on the board (its catalog name,
/// e.g. `"full"`) and carries out what the user clicked. Call it every frame inside the
/// side panel; errors are shown in the panel, never returned.
///
/// # Examples
///
/// ```
/// use chess4d::ratings::Ratings;
/// use chess4d::ratings::panel::{RatingsPanelState, ratings_panel};
///
/// // Kept in the app's state, made once:
/// let mut ratings = Ratings::in_memory()?;
/// let mut state = RatingsPanelState::default();
/// // Each frame, inside the side panel:
/// let ctx = egui::Context::default();
/// let output = ctx.run_ui(egui::RawInput::default(), |ui| {
///     ratings_panel(ui, &mut state, &mut ratings, "full");
/// });
/// # output.drop_without_applying_deltas();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ratings_panel(
    ui: &mut Ui,
    state: &mut RatingsPanelState,
    service: &mut Ratings,
    variant: &str,
) {
    for action in ratings_panel_asks(ui, state, service, variant) {
        apply(state, service, action);
    }
}

/// Draws the panel as [`ratings_panel`] does, reading the archive only, and returns
/// what the user clicked for the caller to [`apply`] later (the viewer applies it with
/// the frame's other actions, so no panel writes the archive while it draws).
pub fn ratings_panel_asks(
    ui: &mut Ui,
    state: &mut RatingsPanelState,
    service: &Ratings,
    variant: &str,
) -> Vec<PanelAction> {
    if let Err(error) = refresh(state, service, variant) {
        state.message = Some(Message::Error(error.to_string()));
    }
    let mut actions = Vec::new();
    ui.heading("Players & ratings");
    if let Some(snapshot) = &state.snapshot {
        draw(
            ui,
            state,
            snapshot,
            service.current(),
            variant,
            &mut actions,
        );
    }
    new_profile_row(ui, &mut state.new_name, &mut actions);
    match &state.message {
        Some(Message::Error(text)) => {
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
        Some(Message::Note(text)) => {
            ui.weak(text);
        }
        None => {}
    }
    actions
}

/// Carries out one action; failures become the panel's message.
pub fn apply(state: &mut RatingsPanelState, service: &mut Ratings, action: PanelAction) {
    let result = match action {
        PanelAction::Create(name) => create(service, &name).map(|id| {
            state.new_name.clear();
            state.shown = Some(id);
            Some(Message::Note(format!("Made the profile \"{name}\".")))
        }),
        PanelAction::Choose(id) => service.set_current(Some(id)).map(|()| {
            state.shown = Some(id);
            None
        }),
        PanelAction::Show(id) => {
            state.shown = Some(id);
            Ok(None)
        }
    };
    state.message = match result {
        Ok(message) => message,
        Err(error) => Some(Message::Error(error.to_string())),
    };
}

fn create(service: &mut Ratings, name: &str) -> Result<PlayerId, RatingsError> {
    let id = service.create_profile(name.trim())?;
    if service.current().is_none() {
        service.set_current(Some(id))?;
    }
    Ok(id)
}

/// Reads the archive again when the snapshot no longer matches it.
fn refresh(
    state: &mut RatingsPanelState,
    service: &Ratings,
    variant: &str,
) -> Result<(), RatingsError> {
    let shown = state.shown.or(service.current());
    let fresh = state.snapshot.as_ref().is_some_and(|s| {
        s.generation == service.generation() && s.variant == variant && s.shown == shown
    });
    if fresh {
        return Ok(());
    }
    let rated = |players: Vec<Player>| -> Result<Vec<Row>, RatingsError> {
        players
            .into_iter()
            .map(|player| {
                let rating = service.rating(player.id, variant)?;
                let mut all_variants = String::new();
                for (name, rating) in service.ratings_of(player.id)? {
                    if !all_variants.is_empty() {
                        all_variants.push('\n');
                    }
                    all_variants.push_str(&format!("{name}: {}", rating_text(&rating)));
                }
                if all_variants.is_empty() {
                    all_variants.push_str("no rated games yet");
                }
                Ok(Row {
                    player,
                    rating,
                    all_variants,
                })
            })
            .collect()
    };
    let (history, recent) = match shown {
        Some(id) => (
            service.history(id, variant)?,
            service.recent_games(Some(id), RECENT_GAMES)?,
        ),
        None => (Vec::new(), service.recent_games(None, RECENT_GAMES)?),
    };
    state.snapshot = Some(Snapshot {
        generation: service.generation(),
        variant: variant.to_owned(),
        shown,
        people: rated(service.profiles()?)?,
        computers: rated(service.computer_profiles()?)?,
        history,
        recent,
    });
    Ok(())
}

fn draw(
    ui: &mut Ui,
    state: &RatingsPanelState,
    snapshot: &Snapshot,
    current: Option<PlayerId>,
    variant: &str,
    actions: &mut Vec<PanelAction>,
) {
    let name_of = |id: PlayerId| {
        snapshot
            .people
            .iter()
            .chain(&snapshot.computers)
            .find(|row| row.player.id == id)
            .map(|row| row.player.name.as_str())
    };
    match current.and_then(name_of) {
        Some(name) => ui.label(format!("Playing as {name}")),
        None => ui.label("Nobody is chosen to play: create or choose a profile."),
    };
    ui.weak(format!(
        "Ratings in {variant} (Glicko-2, rating ± deviation)"
    ));

    egui::Grid::new("ratings-people")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for row in &snapshot.people {
                profile_row(ui, row, snapshot.shown, current, true, actions);
            }
        });
    egui::CollapsingHeader::new("Computer levels")
        .id_salt("ratings-computers")
        .show(ui, |ui| {
            egui::Grid::new("ratings-computer-grid")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for row in &snapshot.computers {
                        profile_row(ui, row, snapshot.shown, current, false, actions);
                    }
                });
        });

    ui.separator();
    let shown = state.shown.or(current);
    match shown.and_then(name_of) {
        Some(name) => ui.label(format!("{name}: rating history in {variant}")),
        None => ui.label(format!("Rating history in {variant}: choose a profile")),
    };
    rating_plot(ui, &snapshot.history);

    ui.label("Recent games");
    if snapshot.recent.is_empty() {
        ui.weak("none yet");
    }
    for game in &snapshot.recent {
        ui.label(describe_game(game, shown));
    }
}

fn profile_row(
    ui: &mut Ui,
    row: &Row,
    shown: Option<PlayerId>,
    current: Option<PlayerId>,
    can_play: bool,
    actions: &mut Vec<PanelAction>,
) {
    let player = &row.player;
    let label = if current == Some(player.id) {
        RichText::new(format!("• {}", player.name)).strong()
    } else {
        RichText::new(&player.name)
    };
    if ui
        .selectable_label(shown == Some(player.id), label)
        .on_hover_text(&row.all_variants)
        .clicked()
    {
        actions.push(PanelAction::Show(player.id));
    }
    ui.monospace(rating_text(&row.rating));
    if can_play && current != Some(player.id) {
        if ui.small_button("Play as").clicked() {
            actions.push(PanelAction::Choose(player.id));
        }
    } else {
        ui.label("");
    }
    ui.end_row();
}

fn new_profile_row(ui: &mut Ui, name: &mut String, actions: &mut Vec<PanelAction>) {
    ui.horizontal(|ui| {
        let edit = ui.add(
            egui::TextEdit::singleline(name)
                .hint_text("new profile name")
                .desired_width(140.0),
        );
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Create").clicked() || entered) && !name.trim().is_empty() {
            actions.push(PanelAction::Create(name.trim().to_owned()));
        }
    });
}

/// "1662 ± 290 (3)": rating, deviation, rated games; a dash before the first game.
pub(super) fn rating_text(rating: &PlayerRating) -> String {
    if rating.games == 0 {
        format!(
            "{:.0} ± {:.0} (new)",
            rating.rating.rating, rating.rating.deviation
        )
    } else {
        format!(
            "{:.0} ± {:.0} ({})",
            rating.rating.rating, rating.rating.deviation, rating.games
        )
    }
}

/// "Ann – Computer level 3 · 1-0 · won · full · 24 plies": the result first as the
/// archive writes it, then as the shown player lived it.
pub(super) fn describe_game(game: &GameSummary, shown: Option<PlayerId>) -> RichText {
    use chess4d_archive::GameResult;
    use chess4d_archive::storage::GameStatus;
    let side = match shown {
        Some(id) if id == game.white => Some(true),
        Some(id) if id == game.black => Some(false),
        _ => None,
    };
    let (verdict, color) = match (game.status, game.result, side) {
        (GameStatus::Adjourned, _, _) => ("adjourned", None),
        (_, GameResult::Draw, Some(_)) => ("drew", None),
        (_, GameResult::WhiteWins, Some(true)) | (_, GameResult::BlackWins, Some(false)) => {
            ("won", Some(Color32::from_rgb(80, 170, 80)))
        }
        (_, GameResult::WhiteWins | GameResult::BlackWins, Some(_)) => {
            ("lost", Some(Color32::from_rgb(200, 80, 80)))
        }
        _ => ("", None),
    };
    let mut text = format!(
        "{} – {} · {}",
        game.white_name, game.black_name, game.result
    );
    if !verdict.is_empty() {
        text.push_str(" · ");
        text.push_str(verdict);
    }
    text.push_str(&format!(" · {} · {} plies", game.variant, game.plies));
    if !game.rated {
        text.push_str(" · unrated");
    }
    let rich = RichText::new(text);
    match color {
        Some(color) => rich.color(color),
        None => rich,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::PlayerRef;
    use chess4d_core::{Color, Game};
    use chess4d_variants::Catalog;

    fn won_game() -> Game {
        let mut game = Game::new(Catalog::embedded().get("full").expect("full"));
        let first = game.legal_moves()[0];
        game.play(first).expect("move");
        game.resign(Color::Black);
        game
    }

    fn frame(ctx: &egui::Context, state: &mut RatingsPanelState, service: &mut Ratings) {
        let output = ctx.run_ui(egui::RawInput::default(), |ui| {
            ratings_panel(ui, state, service, "full");
        });
        assert!(!output.shapes.is_empty(), "the panel draws something");
        output.drop_without_applying_deltas();
    }

    #[test]
    fn creating_the_first_profile_makes_it_current() {
        let mut service = Ratings::in_memory().expect("service");
        let mut state = RatingsPanelState::default();
        apply(&mut state, &mut service, PanelAction::Create("Ann".into()));
        let ann = service.profile_named("Ann").expect("made").id;
        assert_eq!(service.current(), Some(ann));
        assert!(matches!(state.message, Some(Message::Note(_))));
        apply(&mut state, &mut service, PanelAction::Create("Bob".into()));
        assert_eq!(service.current(), Some(ann), "the current player stays");

        apply(&mut state, &mut service, PanelAction::Create("Ann".into()));
        match &state.message {
            Some(Message::Error(text)) => assert!(text.contains("already exists"), "{text}"),
            other => panic!("expected an error, got {other:?}"),
        }
        let bob = service.profile_named("Bob").expect("bob").id;
        apply(&mut state, &mut service, PanelAction::Choose(bob));
        assert_eq!(service.current(), Some(bob));
        assert_eq!(state.message, None, "a success clears the old error");
    }

    #[test]
    fn the_panel_reads_the_archive_only_when_it_changed() {
        let mut service = Ratings::in_memory().expect("service");
        let mut state = RatingsPanelState::default();
        let ctx = egui::Context::default();
        frame(&ctx, &mut state, &mut service);
        let snapshot = state.snapshot.as_ref().expect("read");
        assert!(snapshot.people.is_empty());
        assert_eq!(snapshot.computers.len(), 8);

        let ann = service.create_profile("Ann").expect("ann");
        service.set_current(Some(ann)).expect("choose");
        service
            .record_game(
                &won_game(),
                PlayerRef::Profile(ann),
                PlayerRef::Computer(1),
                true,
            )
            .expect("record");
        frame(&ctx, &mut state, &mut service);
        let snapshot = state.snapshot.as_ref().expect("read again");
        assert_eq!(snapshot.generation, service.generation());
        assert_eq!(snapshot.people.len(), 1);
        assert!(snapshot.people[0].rating.rating.rating > 1500.0);
        assert_eq!(
            snapshot.people[0].all_variants,
            format!("full: {}", rating_text(&snapshot.people[0].rating))
        );
        assert_eq!(snapshot.history.len(), 1);
        assert_eq!(snapshot.recent.len(), 1);
        assert_eq!(state.message, None);

        // Another variant shows the newcomer rating and an empty history.
        let output = ctx.run_ui(egui::RawInput::default(), |ui| {
            ratings_panel(ui, &mut state, &mut service, "classic");
        });
        assert!(!output.shapes.is_empty());
        output.drop_without_applying_deltas();
        let snapshot = state.snapshot.as_ref().expect("classic");
        assert_eq!(snapshot.people[0].rating.games, 0);
        assert!(
            snapshot.people[0].all_variants.starts_with("full: "),
            "the tooltip lists every variant"
        );
        assert!(snapshot.history.is_empty());
    }

    #[test]
    fn games_are_described_from_the_shown_players_side() {
        let mut service = Ratings::in_memory().expect("service");
        let ann = service.create_profile("Ann").expect("ann");
        service
            .record_game(
                &won_game(),
                PlayerRef::Computer(2),
                PlayerRef::Profile(ann),
                true,
            )
            .expect("record");
        let game = &service.recent_games(None, 1).expect("recent")[0];
        let text = describe_game(game, Some(ann)).text().to_owned();
        assert_eq!(text, "Computer level 2 – Ann · 1-0 · lost · full · 1 plies");
        let neutral = describe_game(game, None).text().to_owned();
        assert!(
            !neutral.contains("lost") && !neutral.contains("won"),
            "{neutral}"
        );
        let rating = service.rating(ann, "full").expect("rating");
        assert!(
            rating_text(&rating).ends_with("(1)"),
            "{}",
            rating_text(&rating)
        );
        let newcomer = service.rating(ann, "classic").expect("newcomer");
        assert_eq!(rating_text(&newcomer), "1500 ± 350 (new)");
    }
}
