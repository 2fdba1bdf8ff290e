//! The session driven the way the window drives it: clicks, drags, keys, the computer.

use super::keyboard::Nav;
use super::learn::TRY_IT;
use super::*;
use chess4d_render::{ArrowKind, Highlight, View};
use std::time::Instant;

fn session() -> Session {
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    // Most tests play both sides by hand.
    s.set_player(Color::Black, Player::Human);
    s
}

fn sq(s: &Session, name: &str) -> Square {
    s.rules().info().shape.parse_square(name).unwrap()
}

fn marks(s: &Session, h: Highlight) -> Vec<String> {
    let scene = s.scene(View::Both, Default::default());
    let mut v: Vec<String> = scene
        .highlights
        .iter()
        .filter(|(_, k)| *k == h)
        .map(|(q, _)| s.square_name(Square(*q)))
        .collect();
    v.sort();
    v
}

#[test]
fn picking_a_piece_lights_its_destinations_and_a_second_click_moves() {
    let mut s = session();
    let b2 = sq(&s, "b2[0,0]");
    s.click(b2);
    assert_eq!(s.selected(), Some(b2));
    let expected = s
        .game()
        .legal_moves()
        .iter()
        .filter(|m| m.from == b2)
        .count();
    assert!(expected > 0);
    assert_eq!(
        marks(&s, Highlight::LegalMove).len() + marks(&s, Highlight::LegalCapture).len(),
        expected
    );
    assert!(marks(&s, Highlight::LegalMove).contains(&"b3[0,0]".to_string()));
    s.click(sq(&s, "b3[0,0]"));
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(s.selected(), None);
    assert_eq!(marks(&s, Highlight::LastMove), vec!["b2[0,0]", "b3[0,0]"]);
    assert!(s.title().contains("Black to move"), "{}", s.title());
}

#[test]
fn opponents_pieces_and_empty_squares_do_not_select() {
    let mut s = session();
    s.click(sq(&s, "a3[0,1]"));
    assert_eq!(s.selected(), None);
    s.click(sq(&s, "c3[1,0]"));
    assert_eq!(s.selected(), None);
    // Clicking the selected piece again lets go of it; another own piece switches.
    let b2 = sq(&s, "b2[0,0]");
    s.click(b2);
    s.click(sq(&s, "c2[0,0]"));
    assert_eq!(s.selected(), Some(sq(&s, "c2[0,0]")));
    s.click(sq(&s, "c2[0,0]"));
    assert_eq!(s.selected(), None);
}

#[test]
fn drag_and_drop_moves_and_a_drop_off_the_board_cancels() {
    let mut s = session();
    let (from, to) = (sq(&s, "a2[0,0]"), sq(&s, "a3[0,0]"));
    s.press(from);
    assert_eq!(s.dragging(), Some(from));
    // The dragged piece leaves its square in the picture.
    let scene = s.scene(View::Both, Default::default());
    assert!(scene.pieces.iter().all(|p| p.square != from.0));
    // It floats instead, as the same white pawn; the window sets the position.
    let (floating, _) = scene.floating.expect("the dragged piece floats");
    assert_eq!((floating.glyph, floating.white), ('P', true));
    s.release(None);
    assert_eq!(s.scene(View::Both, Default::default()).floating, None);
    assert_eq!(s.game().moves().len(), 0);
    s.press(from);
    s.release(Some(to));
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(
        s.game().position().piece_at(to).map(|p| p.color()),
        Some(Color::White)
    );
}

#[test]
fn a_promotion_opens_a_chooser() {
    let mut s = session();
    assert!(s.new_game_from_fen("4/P3/4/4|4/4/4/3K|4/4/4/4|3k/4/4/4 w - - 0 1"));
    s.click(sq(&s, "a3[0,0]"));
    s.click(sq(&s, "a4[0,0]"));
    let c = s.choice().expect("a chooser").clone();
    assert!(c.promotion);
    assert_eq!(
        c.labels,
        vec!["queen", "rook", "bishop", "knight"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        s.game().moves().len(),
        0,
        "nothing played before the choice"
    );
    let knight = c.labels.iter().position(|l| l == "knight").unwrap();
    s.choose(knight);
    let a4 = sq(&s, "a4[0,0]");
    let piece = s.game().position().piece_at(a4).unwrap();
    assert_eq!(s.rules().info().pieces[piece.kind().index()].name, "knight");
    assert!(s.choice().is_none());
}

#[test]
fn check_marks_the_king_and_every_checking_piece_across_w() {
    let mut s = session();
    // A rook on a1[0,0] checks the king on a1[0,1]; a queen on d4[0,1] checks it along
    // the diagonal of its board.
    assert!(s.new_game_from_fen("4/4/4/R3|3K/4/4/4|3Q/4/4/k3|4/4/4/4 b - - 0 1"));
    assert!(s.status_line().contains("check"), "{}", s.status_line());
    assert_eq!(marks(&s, Highlight::Check), vec!["a1[0,1]"]);
    assert_eq!(marks(&s, Highlight::Threat), vec!["a1[0,0]", "d4[0,1]"]);
    assert_eq!(marks(&s, Highlight::Path), vec!["b2[0,1]", "c3[0,1]"]);
    let scene = s.scene(View::Both, Default::default());
    assert_eq!(
        scene
            .arrows
            .iter()
            .filter(|a| a.kind == ArrowKind::Check)
            .count(),
        2
    );
}

#[test]
fn keyboard_selects_and_moves_across_boards() {
    let mut s = session();
    // Focus starts on a1[0,0]; the rook there goes up to a1[0,1] (one step along W).
    s.navigate(Nav::Next);
    assert_eq!(s.focus(), Some(sq(&s, "a1[0,0]")));
    s.activate();
    assert_eq!(s.selected(), Some(sq(&s, "a1[0,0]")));
    assert!(marks(&s, Highlight::Focus).contains(&"a1[0,0]".to_string()));
    s.navigate(Nav::BoardUp);
    assert_eq!(s.focus(), Some(sq(&s, "a1[0,1]")));
    s.activate();
    assert_eq!(s.game().moves().len(), 1);
    // Escape clears a selection.
    s.navigate(Nav::BoardRight);
    s.navigate(Nav::Up);
    s.navigate(Nav::Up);
    assert_eq!(s.focus(), Some(sq(&s, "a3[1,1]")));
    s.activate();
    assert!(s.selected().is_some());
    s.clear_selection();
    assert_eq!(s.selected(), None);
}

#[test]
fn the_computer_answers_and_undo_goes_back_to_the_players_turn() {
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    s.set_level(Level::new(1).unwrap());
    s.click(sq(&s, "b2[0,0]"));
    s.click(sq(&s, "b3[0,0]"));
    assert!(s.tick(Instant::now()));
    assert!(s.thinking().is_some(), "the computer starts thinking");
    assert!(s.status_line().contains("thinking"));
    assert!(s.finish_search());
    assert_eq!(s.game().moves().len(), 2);
    assert_eq!(s.game().position().side_to_move(), Color::White);
    s.undo();
    assert_eq!(s.game().moves().len(), 0, "both plies taken back");
    s.redo();
    assert_eq!(s.game().moves().len(), 1);
}

#[test]
fn a_hint_is_a_legal_move_shown_as_an_arrow() {
    let mut s = session();
    s.request_hint();
    assert!(s.finish_search());
    let hint = s.hint().expect("a hint");
    assert!(s.game().legal_moves().contains(&hint));
    let scene = s.scene(View::Both, Default::default());
    assert!(
        scene
            .arrows
            .iter()
            .any(|a| a.kind == ArrowKind::Hint && a.from() == hint.from.0)
    );
    // The hint belongs to its position only.
    s.play(hint);
    assert_eq!(s.hint(), None);
}

#[test]
fn the_computer_judges_a_draw_offer_by_its_eval() {
    // Black (the computer) has a queen more: it declines.
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    assert!(s.new_game_from_fen("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/3q w - - 0 1"));
    s.offer_draw();
    assert!(s.finish_search());
    assert!(s.game().outcome().is_none());
    assert!(s.last_notice().unwrap().text.contains("declines"));
    // Black has only its king against a queen: it accepts.
    assert!(s.new_game_from_fen("4/4/4/KQ2|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 0 1"));
    s.offer_draw();
    assert!(s.finish_search());
    assert_eq!(
        s.game().outcome().map(|o| o.reason),
        Some(chess4d_core::Reason::Agreement)
    );
}

#[test]
fn resign_and_draws_are_stated_with_their_reason() {
    let mut s = session();
    for (f, t) in [("b2[0,0]", "b3[0,0]"), ("b3[0,1]", "b2[0,1]")] {
        s.click(sq(&s, f));
        s.click(sq(&s, t));
    }
    assert!(!s.resign_aborts());
    s.resign();
    assert_eq!(s.status_line(), "Black wins by resignation (0-1)");
    let mut s = session();
    assert!(s.new_game_from_fen("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 0 1"));
    assert!(
        s.status_line().starts_with("Draw by bare kings"),
        "{}",
        s.status_line()
    );
}

#[test]
fn save_and_load_round_trip_and_errors_lose_nothing() {
    let mut s = session();
    for (f, t) in [("b2[0,0]", "b3[0,0]"), ("b3[0,1]", "b2[0,1]")] {
        s.click(sq(&s, f));
        s.click(sq(&s, t));
    }
    let text = s.save_text();
    assert!(text.contains("\nmoves: b3[0,0] b2[0,1]\n"), "SAN: {text}");
    let (variant, game) = s.game_from_text(&text).unwrap();
    assert_eq!(variant, "full");
    assert_eq!(game.moves(), s.game().moves());
    // A file written before SAN, in coordinates, loads the same game.
    let old = text.replace("b3[0,0] b2[0,1]", "b2[0,0]b3[0,0] b3[0,1]b2[0,1]");
    assert_eq!(s.game_from_text(&old).unwrap().1.moves(), s.game().moves());
    let dir = std::env::temp_dir().join(format!("chess4d-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    assert!(s.save_to(&path));
    let mut t = session();
    assert!(t.load_from(&path));
    assert_eq!(t.game().position().hash(), s.game().position().hash());
    // A broken file: a message, and the game stays.
    std::fs::write(&path, text.replace("b2[0,1]", "b9[0,1]")).unwrap();
    assert!(!t.load_from(&path));
    assert!(t.last_notice().unwrap().error);
    assert!(
        t.last_notice().unwrap().text.contains("move 2"),
        "{:?}",
        t.last_notice()
    );
    assert_eq!(t.game().moves().len(), 2);
    assert!(!t.load_from(&dir.join("missing.txt")));
    assert_eq!(t.game().moves().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_catalog_variant_starts_with_one_call() {
    let mut s = session();
    for (name, _) in s.playable_variants() {
        assert!(s.new_game(&name), "{name}");
        assert_eq!(s.variant(), name);
        let scene = s.scene(View::Both, Default::default());
        assert_eq!(scene.shape, s.rules().info().shape.sizes());
        assert!(!scene.pieces.is_empty());
    }
    assert!(!s.new_game("no-such-variant"));
    assert!(s.last_notice().unwrap().error);
}

#[test]
fn the_explorer_shows_one_piece_and_its_reach() {
    let mut s = session();
    let rook = s.rules().info().kind_by_letter('R').unwrap();
    s.set_mode(Mode::Explore(rook));
    let scene = s.scene(View::Both, Default::default());
    assert_eq!(scene.pieces.len(), 1);
    assert_eq!(s.square_name(Square(scene.pieces[0].square)), "b2[0,0]");
    assert_eq!(marks(&s, Highlight::LegalMove).len(), 8);
    // Clicking puts the piece elsewhere; the game is untouched.
    s.click(sq(&s, "a1[0,0]"));
    assert_eq!(marks(&s, Highlight::LegalMove).len(), 3 + 3 + 1 + 1);
    assert_eq!(s.game().moves().len(), 0);
    s.set_mode(Mode::Play);
    assert_eq!(s.scene(View::Both, Default::default()).pieces.len(), 32);
}

#[test]
fn learn_try_it_detects_the_rook_move_and_gives_the_game_back() {
    let mut s = session();
    s.click(sq(&s, "b2[0,0]"));
    s.click(sq(&s, "b3[0,0]"));
    s.set_mode(Mode::Learn);
    for step in 0..TRY_IT {
        s.learn_step(step);
        assert!(
            !s.scene(View::Both, Default::default())
                .highlights
                .is_empty(),
            "step {step}"
        );
    }
    s.learn_step(TRY_IT);
    assert_eq!(s.game().moves().len(), 0, "try it starts a fresh full game");
    assert_eq!(
        s.player(Color::Black),
        Player::Human,
        "a sandbox: nobody answers"
    );
    s.click(sq(&s, "a1[0,0]"));
    s.click(sq(&s, "a1[0,1]"));
    assert!(s.learn().done);
    assert!(s.last_notice().unwrap().text.contains("Well done"));
    s.set_mode(Mode::Play);
    assert_eq!(s.game().moves().len(), 1, "the stashed game is back");
    assert_eq!(s.player(Color::Black), Player::Human);
}

#[test]
fn saving_a_variant_file_reloads_it_and_a_broken_file_shows_where() {
    let dir = std::env::temp_dir().join(format!("chess4d-reload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let classic = chess4d_variants::EMBEDDED
        .iter()
        .find(|(f, _)| *f == "classic.toml")
        .unwrap()
        .1;
    let good = classic.replace("name = \"classic\"", "name = \"mine\"");
    let path = dir.join("mine.toml");
    std::fs::write(&path, &good).unwrap();
    let mut s = session();
    s.watch(vec![dir.clone()]);
    s.reload(&path);
    assert!(s.new_game("mine"));
    s.click(sq(&s, "a2[0,0]"));
    s.click(sq(&s, "a3[0,0]"));
    // A broken save: located error, game kept.
    std::fs::write(&path, good.replace("board = [4, 4, 2, 2]", "board = \"x\"")).unwrap();
    let changed = s.watcher.as_mut().unwrap().scan();
    assert_eq!(changed, vec![path.clone()]);
    s.reload(&path);
    let n = s.last_notice().unwrap().clone();
    assert!(
        n.error && n.text.contains("mine.toml:") && n.text.contains('^'),
        "{}",
        n.text
    );
    assert_eq!(s.game().moves().len(), 1);
    assert!(!s.broken_variants().is_empty());
    // Fixed again with a new title: the game goes on under the new rules.
    std::fs::write(&path, good.replace("title = ", "title = \"Mine\" #")).unwrap();
    s.reload(&path);
    assert!(!s.last_notice().unwrap().error, "{:?}", s.last_notice());
    assert_eq!(s.rules().info().title, "Mine");
    assert_eq!(s.game().moves().len(), 1);
    assert!(s.broken_variants().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_during_try_it_is_kept_and_ends_learn() {
    let mut s = session();
    s.click(sq(&s, "b2[0,0]"));
    s.click(sq(&s, "b3[0,0]"));
    s.set_mode(Mode::Learn);
    s.learn_step(TRY_IT);
    assert!(s.new_game("classic"));
    assert_eq!(s.mode(), Mode::Play);
    assert_eq!(s.variant(), "classic");
    assert_eq!(s.game().moves().len(), 0);
    s.set_mode(Mode::Play);
    assert_eq!(s.variant(), "classic", "no stashed game comes back over it");
}

#[test]
fn a_variant_file_given_by_path_joins_the_catalog() {
    let dir = std::env::temp_dir().join(format!("chess4d-path-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let classic = chess4d_variants::EMBEDDED
        .iter()
        .find(|(f, _)| *f == "classic.toml")
        .unwrap()
        .1;
    let path = dir.join("mine2.toml");
    std::fs::write(
        &path,
        classic.replace("name = \"classic\"", "name = \"mine2\""),
    )
    .unwrap();
    let mut s = Session::new(Catalog::embedded(), path.to_str().unwrap()).unwrap();
    assert_eq!(s.variant(), "mine2");
    assert!(s.new_game("mine2"), "New game finds it in the catalog");
    std::fs::write(&path, "not toml [").unwrap();
    let e = Session::new(Catalog::embedded(), path.to_str().unwrap()).unwrap_err();
    assert!(e.contains("mine2.toml:1:"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_sharing_from_and_to_but_not_a_promotion_are_offered_by_notation() {
    let s = session();
    let (a, b, c) = (sq(&s, "a2[0,0]"), sq(&s, "a3[0,0]"), sq(&s, "b3[0,0]"));
    let plain = Move::new(a, b);
    let other = Move::new(a, b).with_capture(c);
    let choice = s.choice_of(vec![plain, other]);
    assert!(!choice.promotion);
    assert_eq!(
        choice.labels,
        vec!["a2[0,0]a3[0,0]", "a2[0,0]a3[0,0]xb3[0,0]"]
    );
}

#[test]
fn hovering_a_destination_counts_the_coordinates_that_change() {
    let mut s = session();
    s.set_hover(Some(sq(&s, "b3[0,1]")));
    assert_eq!(s.hover_text().as_deref(), Some("b3[0,1]"));
    s.click(sq(&s, "b2[0,0]"));
    assert_eq!(s.hover_text().as_deref(), Some("b3[0,1] · y+1 w+1"));
    s.set_hover(None);
    assert_eq!(s.hover_text(), None);
}

#[test]
fn going_back_through_the_moves_pauses_the_computer_until_asked() {
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    s.set_level(Level::new(1).unwrap());
    s.click(sq(&s, "b2[0,0]"));
    s.click(sq(&s, "b3[0,0]"));
    s.tick(Instant::now());
    assert!(s.finish_search());
    assert_eq!(s.game().moves().len(), 2);
    s.go_to_ply(1);
    assert_eq!(s.game().moves().len(), 1);
    assert!(s.reviewing() && s.computer_to_move());
    s.tick(Instant::now());
    assert!(
        s.thinking().is_none(),
        "the computer waits while moves can be replayed"
    );
    assert!(s.status_line().contains("waits"), "{}", s.status_line());
    s.go_to_ply(2);
    assert_eq!(s.game().moves().len(), 2);
    s.go_to_ply(1);
    s.resume();
    assert!(s.finish_search());
    assert_eq!(s.game().moves().len(), 2);
    assert!(
        !s.reviewing(),
        "playing from here drops the old continuation"
    );
}

#[test]
fn the_flat_boards_turn_to_black_only_when_a_person_plays_black_against_the_computer() {
    let mut s = session();
    assert!(!s.scene(View::Both, Default::default()).flip, "two people");
    s.set_player(Color::White, Player::Computer);
    assert!(s.scene(View::Both, Default::default()).flip);
    s.set_player(Color::Black, Player::Computer);
    assert!(
        !s.scene(View::Both, Default::default()).flip,
        "two computers"
    );
}

#[test]
fn a_second_click_on_a_pawn_that_may_promote_where_it_stands_offers_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/sittuyin.toml");
    let mut s = Session::new(Catalog::embedded(), path).unwrap();
    s.set_player(Color::Black, Player::Human);
    assert!(s.new_game_from_fen("3k4/8/8/8/2P5/8/6p1/4K3[] w - - 0 1"));
    let c4 = sq(&s, "c4");
    s.click(c4);
    s.click(c4);
    let choice = s.choice().expect("the promotion in place is offered");
    assert_eq!(choice.labels, ["general"]);
    s.choose(0);
    let fen = s.rules().format_position(s.game().position());
    assert!(fen.starts_with("3k4/8/8/8/2F5/"), "{fen}");
    // Where there is none, the second click lets go of the piece as before.
    let d8 = sq(&s, "d8");
    s.click(d8);
    assert_eq!(s.selected(), Some(d8));
    s.click(d8);
    assert_eq!(s.selected(), None);
    assert!(s.choice().is_none());
}

#[test]
fn the_keyboard_focus_leaves_a_square_the_game_emptied_and_a_new_position() {
    let mut s = session();
    s.navigate(Nav::Right); // from nowhere: a1[0,0], White's rook
    assert_eq!(s.focus(), Some(sq(&s, "a1[0,0]")));
    // The rook moves away by mouse: the focus does not stay lit on the empty square.
    s.click(sq(&s, "a1[0,0]"));
    s.click(sq(&s, "a1[0,1]"));
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(s.focus(), None);
    // A focus on a piece stays through a move elsewhere.
    s.navigate(Nav::Right);
    s.navigate(Nav::Right); // b1[0,0], the knight
    let knight = sq(&s, "b1[0,0]");
    assert_eq!(s.focus(), Some(knight));
    s.click(sq(&s, "a4[1,1]"));
    s.click(sq(&s, "a4[1,0]"));
    assert_eq!(s.game().moves().len(), 2);
    assert_eq!(s.focus(), Some(knight));
    // A position set up without a piece there: the focus goes.
    assert!(s.new_game_from_fen("2Q1/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 w - - 0 1"));
    assert_eq!(s.focus(), None);
    assert!(marks(&s, Highlight::Focus).is_empty());
}

#[test]
fn a_click_on_the_selected_king_puts_it_down_and_says_so() {
    let mut s = session();
    let king = sq(&s, "a1[1,0]");
    s.click(king);
    assert_eq!(s.selected(), Some(king));
    s.click(king);
    assert_eq!(s.selected(), None);
    let said = s.last_notice().expect("a word").text.clone();
    assert!(said.contains("king on a1[1,0] is put down"), "{said}");
    // The same by mouse: pressed and released on the selected king.
    s.press(king);
    s.release(Some(king));
    assert_eq!(s.selected(), Some(king), "the first press picks it up");
    s.press(king);
    s.release(Some(king));
    assert_eq!(s.selected(), None);
}

#[test]
fn resigning_a_rated_game_before_any_move_aborts_it_and_moves_no_rating() {
    use crate::ratings::Ratings;
    use crate::session::scorebook::Scorebook;
    let mut book = Scorebook::new(Ratings::in_memory().unwrap());
    let ann = book.ratings_mut().create_profile("Ann").unwrap();
    book.ratings_mut().set_current(Some(ann)).unwrap();
    // Ann plays Black against the computer, which has moved.
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    s.set_player(Color::White, Player::Computer);
    s.set_player(Color::Black, Player::Human);
    s.set_level(chess4d_engine::Level::new(1).unwrap());
    book.update(&mut s);
    s.tick(Instant::now());
    assert!(s.finish_search());
    book.update(&mut s);
    assert_eq!(s.game().moves().len(), 1);
    assert!(book.rated_counts());
    assert!(s.resign_aborts(), "Black has not moved");
    let tag = s.game_tag();
    s.resign();
    book.update(&mut s);
    assert!(s.game().outcome().is_none(), "aborted, not lost");
    assert!(s.game().moves().is_empty());
    assert_ne!(s.game_tag(), tag, "a fresh game");
    assert!(s.last_notice().unwrap().text.contains("aborted"));
    assert!(book.ratings().recent_games(None, 5).unwrap().is_empty());
    assert!(book.adjourned().unwrap().is_empty(), "not adjourned either");
    let r = book.ratings().rating(ann, "full").unwrap();
    assert_eq!(r.games, 0, "{r:?}");
}
