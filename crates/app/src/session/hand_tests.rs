//! Pieces in hand driven as the window drives them: a crazyhouse capture fills a hand,
//! the piece is dropped back by drag, by click-click and by keyboard; what the scene
//! shows of hands, tiles, holes and regions.

use super::hand::HandSlot;
use super::keyboard::{Nav, Stop};
use super::*;
use chess4d_render::{Highlight, View};

/// A session on a variant of the repository's `variants/` folder.
pub(super) fn catalog_session(name: &str) -> Session {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(format!("{name}.toml"));
    let mut catalog = Catalog::embedded();
    catalog.add_file(&path);
    Session::new(catalog, name).unwrap()
}

fn crazyhouse() -> Session {
    let mut s = catalog_session("crazyhouse");
    s.set_player(Color::Black, Player::Human);
    s
}

fn sq(s: &Session, name: &str) -> Square {
    s.rules().info().shape.parse_square(name).unwrap()
}

fn kind(s: &Session, letter: char) -> PieceKind {
    s.rules().info().kind_by_letter(letter).unwrap()
}

fn names(s: &Session, squares: impl Iterator<Item = u16>) -> Vec<String> {
    let mut v: Vec<String> = squares.map(|q| s.square_name(Square(q))).collect();
    v.sort();
    v
}

/// 1. e4 d5 2. exd5 Qxd5: each side holds a pawn, White to move.
fn after_two_captures() -> Session {
    let mut s = crazyhouse();
    for (from, to) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")] {
        s.click(sq(&s, from));
        s.click(sq(&s, to));
    }
    assert_eq!(s.game().moves().len(), 4);
    s
}

#[test]
fn a_capture_fills_the_hand_and_the_strips_show_it() {
    let mut s = crazyhouse();
    assert_eq!(
        s.hands(),
        Some(vec![]),
        "crazyhouse has hands, empty at the start"
    );
    let scene = s.scene(View::Both, Default::default());
    assert_eq!(
        scene.hands,
        Some(vec![]),
        "the strips are there from the start"
    );
    assert!(!scene.tiles);
    let orthodox = Session::new(Catalog::embedded(), "orthodox").unwrap();
    assert_eq!(orthodox.hands(), None);
    assert_eq!(orthodox.scene(View::Both, Default::default()).hands, None);
    for (from, to) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5")] {
        s.click(sq(&s, from));
        s.click(sq(&s, to));
    }
    let pawn = kind(&s, 'P');
    assert_eq!(
        s.hands(),
        Some(vec![HandSlot {
            color: Color::White,
            kind: pawn,
            count: 1
        }])
    );
    let hands = s.scene(View::Flat, Default::default()).hands.unwrap();
    assert_eq!(hands.len(), 1);
    assert!(hands[0].white && hands[0].glyph == 'P' && hands[0].count == 1);
    s.set_hover_hand(Some((Color::White, pawn)));
    let words = s.hover_hand_words().unwrap();
    assert!(
        words.starts_with("white pawn in hand (1): dropped"),
        "{words}"
    );
    s.set_hover_hand(None);
    assert_eq!(s.hover_hand_words(), None);
    // Not White's turn: Black cannot pick White's pawn.
    s.press_hand(Color::White, pawn);
    assert_eq!(s.selected_hand(), None);
}

#[test]
fn a_hand_piece_dragged_onto_a_square_is_dropped_and_its_squares_light_up() {
    let mut s = after_two_captures();
    let pawn = kind(&s, 'P');
    s.press_hand(Color::White, pawn);
    assert_eq!(s.selected_hand(), Some(pawn));
    assert_eq!(s.dragging_hand(), Some(pawn));
    let scene = s.scene(View::Both, Default::default());
    let (floating, _) = scene.floating.expect("the pawn follows the pointer");
    assert!(floating.white && floating.glyph == 'P');
    let lit = names(
        &s,
        scene
            .highlights
            .iter()
            .filter(|(_, h)| *h == Highlight::LegalMove)
            .map(|(q, _)| *q),
    );
    let drops = s
        .game()
        .legal_moves()
        .iter()
        .filter(|m| m.dropped() == Some(pawn))
        .count();
    assert_eq!(lit.len(), drops);
    assert!(lit.contains(&"d6".to_string()));
    assert!(
        !lit.iter().any(|n| n.ends_with('8') || n.ends_with('1')),
        "no pawn drop on the first or last rank: {lit:?}"
    );
    assert!(scene.hands.unwrap()[0].selected);
    s.release(Some(sq(&s, "d6")));
    let last = *s.game().moves().last().unwrap();
    assert!(last.is_drop() && last.to == sq(&s, "d6"));
    assert_eq!(s.game().position().in_hand(Color::White, pawn), 0);
    assert_eq!(s.selected_hand(), None);
    assert!(
        s.game()
            .notation()
            .last()
            .is_some_and(|n| n.contains("@d6"))
    );
}

#[test]
fn a_hand_piece_clicked_then_a_square_clicked_is_dropped_there() {
    let mut s = after_two_captures();
    let pawn = kind(&s, 'P');
    // Press and release over the strip: a click that keeps the pawn picked.
    s.press_hand(Color::White, pawn);
    s.release(None);
    assert_eq!(s.selected_hand(), Some(pawn));
    // An illegal square (the last rank) drops nothing and puts it back.
    s.click(sq(&s, "d8"));
    assert_eq!(s.selected_hand(), None);
    assert_eq!(s.game().moves().len(), 4);
    s.press_hand(Color::White, pawn);
    s.release(None);
    // The window presses and releases: the press on a drop square drops.
    s.press(sq(&s, "c6"));
    s.release(Some(sq(&s, "c6")));
    assert!(s.game().moves().last().unwrap().is_drop());
    assert_eq!(s.game().moves().len(), 5);
    // A second click on the picked hand piece puts it back.
    let black_pawn = kind(&s, 'P');
    s.press_hand(Color::Black, black_pawn);
    s.release(None);
    s.press_hand(Color::Black, black_pawn);
    s.release(None);
    assert_eq!(s.selected_hand(), None);
}

#[test]
fn tab_reaches_the_hand_after_the_board_and_enter_drops() {
    let mut s = after_two_captures();
    s.click(sq(&s, "f1")); // a board piece picked...
    s.click(sq(&s, "b5")); // ...and moved: Bb5+, Black to move with a pawn in hand
    assert_eq!(s.game().moves().len(), 5);
    let pawn = kind(&s, 'P');
    let stops = s.all_tab_stops();
    assert_eq!(stops.last(), Some(&Stop::Hand(pawn)), "{stops:?}");
    assert!(
        stops[..stops.len() - 1]
            .iter()
            .all(|st| matches!(st, Stop::Square(_)))
    );
    s.navigate(Nav::Prev); // Shift+Tab from nowhere: the last stop, the hand
    assert_eq!(s.focus_hand(), Some(pawn));
    assert_eq!(s.focus(), None);
    assert!(s.focus_text().unwrap().contains("Black's hand · pawn (1)"));
    let scene = s.scene(View::Flat, Default::default());
    assert!(scene.hands.unwrap().iter().any(|h| h.focused && !h.white));
    s.activate();
    assert_eq!(s.selected_hand(), Some(pawn));
    // Tab now walks the pawn's drops (interpositions against the check: c6, d7).
    let drops: Vec<Square> = s.targets().iter().map(|m| m.to).collect();
    assert_eq!(names(&s, drops.iter().map(|q| q.0)), vec!["c6", "d7"]);
    s.navigate(Nav::Next);
    let at = s.focus().unwrap();
    assert!(drops.contains(&at));
    s.activate();
    let last = *s.game().moves().last().unwrap();
    assert!(last.is_drop() && last.to == at);
    assert_eq!(s.game().position().in_hand(Color::Black, pawn), 0);
    // Wrapping round from the hand goes back to the board.
    s.navigate(Nav::Next);
    assert!(s.focus().is_some());
}

#[test]
fn shogi_draws_tiles_and_its_camps_king_of_the_hill_its_centre() {
    let s = catalog_session("shogi");
    let scene = s.scene(View::Both, Default::default());
    assert!(scene.tiles);
    assert_eq!(scene.hands, Some(vec![]));
    let camps = scene
        .highlights
        .iter()
        .filter(|(_, h)| *h == Highlight::Region)
        .count();
    assert_eq!(camps, 54, "ranks 1-3 and 7-9");
    let hill = catalog_session("kingofthehill");
    let scene = hill.scene(View::Both, Default::default());
    let goal = names(
        &hill,
        scene
            .highlights
            .iter()
            .filter(|(_, h)| *h == Highlight::Goal)
            .map(|(q, _)| *q),
    );
    assert_eq!(goal, vec!["d4", "d5", "e4", "e5"]);
}

#[test]
fn xiangqi_tints_its_palaces_not_its_halves() {
    let s = catalog_session("xiangqi");
    let regions = super::tinted_regions(&**s.rules());
    let names: Vec<&str> = regions.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, vec!["palace"]);
    assert_eq!(regions[0].1.len(), 18, "two palaces of nine");
}

#[test]
fn holes_are_absent_from_the_scene_and_never_tab_stops() {
    let s = catalog_session("donut");
    let scene = s.scene(View::Both, Default::default());
    assert_eq!(
        names(&s, scene.absent.iter().copied()),
        vec!["d4", "d5", "e4", "e5"]
    );
    let holes: Vec<Square> = scene.absent.iter().map(|&q| Square(q)).collect();
    assert!(s.tab_stops().iter().all(|t| !holes.contains(t)));
    // The arrows step over the hole: c4, then f4.
    let mut s = s;
    s.focus_square(sq(&s, "c4"));
    s.navigate(Nav::Right);
    assert_eq!(s.square_name(s.focus().unwrap()), "f4");
    s.navigate(Nav::Left);
    assert_eq!(s.square_name(s.focus().unwrap()), "c4");
}

#[test]
fn a_cylinder_says_its_files_wrap() {
    let s = catalog_session("cylinder");
    assert_eq!(s.scene(View::Flat, Default::default()).wrap, 1);
    assert_eq!(crazyhouse().scene(View::Flat, Default::default()).wrap, 0);
}
