//! Undo's rule: a rated game that has ended keeps its result (scorebook.rs).

use crate::session::Session;
use crate::session::scorebook::Scorebook;
use chess4d_variants::Catalog;

/// White to move mates with the queen: b4[1,1] to a4[0,0], guarded by the rook.
// The queen on c4[0,0] mates on a4[0,0] (the rook guards the a-file).
const MATE_IN_ONE: &str = "2Q1/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 w - - 0 1";

fn mate(s: &mut Session, book: &mut Scorebook) {
    assert!(s.new_game_from_fen(MATE_IN_ONE));
    book.update(s);
    let shape = s.rules().info().shape;
    s.click(shape.parse_square("c4[0,0]").unwrap());
    s.click(shape.parse_square("a4[0,0]").unwrap());
    assert!(s.game().outcome().is_some());
    book.update(s);
}

#[test]
fn a_rated_game_that_ended_cannot_be_undone_a_casual_one_can() {
    let dir = std::env::temp_dir().join(format!("chess4d-undo-rule-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut book = Scorebook::open(Some(&dir)).unwrap();
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    // The guest plays casual games: the result may be taken back.
    mate(&mut s, &mut book);
    assert!(!book.rated_counts());
    assert!(book.undo_allowed(&s));
    // A profile plays rated: once the game has ended, its result stands.
    let ann = book.ratings_mut().create_profile("Ann").unwrap();
    book.ratings_mut().set_current(Some(ann)).unwrap();
    s.new_game("full");
    book.update(&mut s);
    mate(&mut s, &mut book);
    assert!(book.rated_counts());
    assert!(!book.undo_allowed(&s));
    drop(book);
    let _ = std::fs::remove_dir_all(&dir);
}
