//! The state changed by actions alone: the game's buttons, files, the archive's
//! Resume, the board editor (with clicks on the main views), and a rated game's undo.

use super::{Action, AppState, EditorAction, Tab};
use crate::ratings::Ratings;
use crate::session::editor::Brush;
use crate::session::scorebook::Scorebook;
use crate::session::{Player, Session};
use chess4d_core::{Color, Piece};
use chess4d_variants::Catalog;

fn state(variant: &str) -> AppState {
    let session = Session::new(Catalog::embedded(), variant).unwrap();
    AppState::new(session, Scorebook::new(Ratings::in_memory().unwrap()))
}

fn play(s: &mut AppState, mv: &str) {
    let m = s
        .session
        .rules()
        .parse_move(s.session.game().position(), mv)
        .unwrap();
    s.session.play(m);
    s.settle();
}

#[test]
fn the_game_buttons_are_actions() {
    let mut s = state("orthodox");
    s.apply(Action::PlayAs(None));
    assert_eq!(s.session.player(Color::Black), Player::Human);
    play(&mut s, "e2e4");
    s.apply(Action::Undo);
    assert!(s.session.game().moves().is_empty());
    s.apply(Action::Redo);
    assert_eq!(s.session.game().moves().len(), 1);
    s.apply(Action::NewVariant("full".into()));
    assert_eq!(s.session.variant(), "full");
    s.apply(Action::NewGameFromFen(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
    ));
    assert_eq!(
        s.session.variant(),
        "full",
        "a FEN of another board is refused"
    );
    s.apply(Action::NewVariant("orthodox".into()));
    s.apply(Action::NewGameFromFen(
        " 4k3/8/8/8/8/8/8/4K3 w - - 0 1 ".into(),
    ));
    assert_eq!(s.session.game().position().pieces().count(), 2);
    s.apply(Action::ShowTab(Tab::Players));
    assert_eq!(s.ui.tab, Tab::Players);
}

#[test]
fn save_and_load_are_actions_and_a_game_left_is_resumed_by_one() {
    let dir = std::env::temp_dir().join(format!("chess4d-app-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let mut s = state("orthodox");
    s.apply(Action::PlayAs(None));
    play(&mut s, "e2e4");
    play(&mut s, "e7e5");
    s.apply(Action::Save(file.clone()));
    s.apply(Action::NewGame);
    s.settle();
    assert!(s.session.game().moves().is_empty());
    s.apply(Action::Load(file));
    assert_eq!(
        s.session.game().moves().len(),
        2,
        "{:?}",
        s.session.notices()
    );
    // The game left by a new game waits in the archive; Resume brings it back.
    s.apply(Action::NewGame);
    s.settle();
    // Both games left so far wait in the archive (the one saved, and the one loaded).
    let left = s.book.adjourned().unwrap();
    assert_eq!(left.len(), 2);
    s.apply(Action::Resume(left[0].id));
    assert_eq!(s.ui.players.error, None);
    assert_eq!(s.session.game().moves().len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_board_editor_lives_in_the_state_and_plays_from_its_position() {
    let mut s = state("orthodox");
    assert!(
        !s.editor.takes_board_clicks(),
        "shut until its panel is drawn"
    );
    s.apply(Action::Editor(EditorAction::Shown));
    assert!(s.editor.takes_board_clicks());
    let shape = s.session.rules().info().shape;
    let sq = |name: &str| shape.parse_square(name).unwrap();
    let kind = |c| s.session.rules().info().kind_by_letter(c).unwrap();
    let (king, queen) = (kind('K'), kind('Q'));
    for a in [
        EditorAction::Clear,
        EditorAction::Brush(Brush::Piece(Piece::new(king, Color::White))),
        EditorAction::Place(sq("g6")),
        EditorAction::Brush(Brush::Piece(Piece::new(queen, Color::White))),
        EditorAction::Place(sq("a1")),
        EditorAction::Brush(Brush::Piece(Piece::new(king, Color::Black))),
        EditorAction::Place(sq("h8")),
    ] {
        s.apply(Action::Editor(a));
    }
    let fen = |s: &AppState| s.editor.model.as_ref().unwrap().editor.fen();
    assert_eq!(fen(&s), "7k/8/6K1/8/8/8/8/Q7 w - - 0 1");
    // Black in check with White to move: refused in words, the game untouched.
    s.apply(Action::Editor(EditorAction::PlayFromHere));
    let message = s.editor.model.as_ref().unwrap().message.clone();
    assert!(message.is_some_and(|m| m.contains("check")));
    assert_eq!(s.session.game().position().pieces().count(), 32);
    // The queen moves off the diagonal: a click on her square takes her away.
    let white_queen = Brush::Piece(Piece::new(queen, Color::White));
    s.apply(Action::Editor(EditorAction::Brush(white_queen)));
    s.apply(Action::Editor(EditorAction::Place(sq("a1"))));
    s.apply(Action::Editor(EditorAction::Place(sq("b1"))));
    let fen = fen(&s);
    assert_eq!(fen, "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    s.apply(Action::Editor(EditorAction::EnPassant("z9".into())));
    assert!(s.editor.model.as_ref().unwrap().message.is_some());
    s.apply(Action::Editor(EditorAction::EnPassant("-".into())));
    s.apply(Action::Editor(EditorAction::PlayFromHere));
    let said = (s.session.notices(), &s.editor.model);
    assert_eq!(s.session.game().position().pieces().count(), 3, "{said:?}");
    assert!(
        !s.editor.takes_board_clicks(),
        "the main views play the game now"
    );
    // A paste that is no position says why, and changes nothing.
    s.apply(Action::Editor(EditorAction::PasteField("not a fen".into())));
    s.apply(Action::Editor(EditorAction::Paste));
    let model = s.editor.model.as_ref().unwrap();
    assert!(model.message.is_some());
    assert_eq!(model.editor.fen(), fen);
}

#[test]
fn a_rated_game_that_ended_is_not_taken_back_by_the_undo_action() {
    let mut s = state("orthodox");
    let ann = s.book.ratings_mut().create_profile("Ann").unwrap();
    s.book.ratings_mut().set_current(Some(ann)).unwrap();
    s.apply(Action::PlayAs(None));
    s.apply(Action::Rated(true));
    assert!(s.book.rated_counts());
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut s, m);
    }
    assert!(s.session.game().outcome().is_some());
    s.apply(Action::Undo);
    assert_eq!(s.session.game().moves().len(), 4);
}

#[test]
fn a_profile_made_in_the_players_tab_is_an_action_on_the_archive() {
    use crate::ratings::panel::PanelAction;
    let mut s = state("orthodox");
    assert_eq!(s.book.ratings().current(), None);
    s.apply(Action::Ratings(PanelAction::Create("Ann".into())));
    let ann = s.book.ratings().current().expect("the first profile plays");
    assert_eq!(s.book.ratings().archive().player(ann).unwrap().name, "Ann");
    // A second profile with the same name is refused, and the archive keeps one.
    s.apply(Action::Ratings(PanelAction::Create("Ann".into())));
    assert_eq!(s.book.ratings().current(), Some(ann));
}
