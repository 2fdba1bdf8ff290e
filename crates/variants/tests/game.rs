//! Games: every automatic ending with its reason, undo and redo, refused moves.

use chess4d_core::{Color, Game, IllegalMoveError, Reason};
use chess4d_variants::Catalog;

fn game(variant: &str, fen: Option<&str>) -> Game {
    let rules = Catalog::embedded().get(variant).unwrap();
    match fen {
        Some(f) => {
            let pos = rules.parse_position(f).unwrap();
            Game::from_position(rules, pos)
        }
        None => Game::new(rules),
    }
}

#[test]
fn threefold_repetition_draws() {
    let mut g = game("full", None);
    // Knights out and back twice: the start position occurs a third time.
    for _ in 0..2 {
        for mv in [
            "c1[1,0]a1[1,1]",
            "c4[1,1]a4[1,0]",
            "a1[1,1]c1[1,0]",
            "a4[1,0]c4[1,1]",
        ] {
            assert!(g.outcome().is_none());
            g.play_str(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
    }
    let o = g.outcome().expect("drawn");
    assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
    assert_eq!(g.repetitions(), 3);
    assert!(matches!(
        g.play_str("c1[1,0]a1[1,1]"),
        Err(IllegalMoveError::GameOver(_))
    ));
    // Undo reopens the game.
    g.undo();
    assert!(g.outcome().is_none());
}

#[test]
fn hundred_plies_without_capture_or_pawn_move_draw() {
    let mut g = game(
        "full",
        Some("4/4/4/K2R|4/4/4/4|4/4/4/4|3k/4/4/4 w - - 99 80"),
    );
    assert!(g.outcome().is_none());
    g.play_str("d1[0,0]d2[0,0]").unwrap();
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::MoveLimit));
}

#[test]
fn a_capture_leaving_bare_kings_draws() {
    let mut g = game("full", Some("4/4/4/K3|4/4/4/4|4/4/4/r3|3k/4/4/4 w - - 0 1"));
    g.play_str("a1[0,0]a1[0,1]").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::BareKings));
    assert_eq!(o.result_string(), "1/2-1/2");
}

#[test]
fn checkmate_and_stalemate_are_reported_with_the_winner() {
    let g = game(
        "full",
        Some("Q3/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 b - - 0 1"),
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), Reason::Checkmate)
    );
    assert_eq!(o.to_string(), "White wins by checkmate");
    // Orthodox stalemate: black king h8, white queen f7, white king g6... use a known one.
    let g = game("orthodox", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Stalemate));
}

#[test]
fn undo_redo_and_refused_moves_keep_the_game() {
    let mut g = game("classic", None);
    let before = g.position().clone();
    assert!(matches!(
        g.play_str("a1[0,0]a4[0,0]"),
        Err(IllegalMoveError::Parse(_))
    ));
    assert!(g.play_str("zz").is_err());
    assert_eq!(g.position(), &before, "a refused move changes nothing");
    let mv = g.play_str("a2[0,0]a3[0,0]").unwrap();
    assert_eq!(g.notation().collect::<Vec<_>>(), vec!["a2[0,0]a3[0,0]"]);
    assert_eq!(g.undo(), Some(mv));
    assert_eq!(g.position(), &before);
    assert!(g.can_redo());
    assert_eq!(g.redo(), Some(mv));
    assert_eq!(g.moves(), vec![mv]);
    g.resign(Color::Black);
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(Color::White)));
}
