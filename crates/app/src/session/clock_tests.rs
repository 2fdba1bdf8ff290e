//! Clocked games driven as the window drives them: moves, ticks at chosen instants,
//! takebacks, the computer's share of its time, saving and loading.

use super::clock::TimeControl;
use super::opponent::{Job, limits_at};
use super::*;
use chess4d_core::Reason;
use std::time::{Duration, Instant};

/// Two people at one screen, `variant` from `fen` (its start when `None`), clock `tc`.
fn clocked(variant: &str, fen: Option<&str>, tc: TimeControl) -> Session {
    let mut s = Session::new(Catalog::embedded(), variant).unwrap();
    s.set_player(Color::Black, Player::Human);
    if let Some(fen) = fen {
        assert!(s.new_game_from_fen(fen));
    }
    s.set_time_control(Some(tc));
    s
}

fn play(s: &mut Session, text: &str) {
    let mv = s.rules().parse_move(s.game().position(), text).unwrap();
    s.play(mv);
    assert_eq!(s.game().last_move(), Some(mv), "{text} was played");
}

#[test]
fn a_flag_fall_ends_the_game_for_the_side_with_time() {
    let mut s = clocked("orthodox", None, TimeControl::minutes(1, 0));
    let t0 = Instant::now();
    // Before the first move nobody's time runs.
    s.tick(t0 + Duration::from_secs(500));
    assert_eq!(s.game().outcome(), None);
    play(&mut s, "e2e4");
    let view = s.clock_view(Instant::now()).expect("a clock");
    assert_eq!(view.running, Some(Color::Black));
    s.tick(Instant::now() + Duration::from_secs(30));
    assert_eq!(s.game().outcome(), None, "30 s of 60 used");
    s.tick(Instant::now() + Duration::from_secs(61));
    let o = s.game().outcome().expect("Black's flag fell");
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Timeout));
    assert!(
        s.status_line().contains("White wins by time"),
        "{}",
        s.status_line()
    );
    assert_eq!(s.clock().and_then(|c| c.running()), None, "the clock stops");
}

#[test]
fn a_flag_fall_is_a_draw_when_the_side_with_time_cannot_mate() {
    // White has king and knight only: Black's flag falls, but White could never mate.
    let fen = "8/8/8/4k3/8/8/8/4KN2 b - - 0 1";
    let mut s = clocked("orthodox", Some(fen), TimeControl::minutes(1, 0));
    play(&mut s, "e5d5");
    play(&mut s, "e1d1");
    s.tick(Instant::now() + Duration::from_secs(61));
    let o = s.game().outcome().expect("Black's flag fell");
    assert_eq!((o.winner, o.reason), (None, Reason::TimeoutVsInsufficient));
}

#[test]
fn a_takeback_gives_no_time_back_and_the_increment_comes_with_each_move() {
    let mut s = clocked("orthodox", None, TimeControl::minutes(3, 2));
    play(&mut s, "e2e4");
    play(&mut s, "e7e5");
    let after = |s: &Session| s.clock().expect("a clock").after_moves().to_vec();
    assert_eq!(after(&s).len(), 2);
    assert!(after(&s)[0] >= Duration::from_secs(182) - Duration::from_millis(50));
    s.undo();
    assert_eq!(after(&s).len(), 1);
    let view = s.clock_view(Instant::now()).unwrap();
    assert_eq!(view.running, Some(Color::Black));
    // Black's time is what it was after its move, less the time since: none returned.
    assert!(view.left[1] <= Duration::from_secs(182));
}

#[test]
fn the_computer_spends_a_share_of_its_clock() {
    let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
    s.set_level(chess4d_engine::Level::MAX);
    s.set_time_control(Some(TimeControl::minutes(1, 0)));
    let own = limits_at(Job::Move, s.strength(), s.game());
    let limits = s.clocked(own, Instant::now());
    // A minute over 30 moves, less the overhead: about 2 s, at full strength.
    let t = limits.movetime.expect("a time");
    assert!(
        t > Duration::from_millis(1500) && t < Duration::from_secs(2),
        "{t:?}"
    );
    s.set_level(chess4d_engine::Level::new(1).unwrap());
    s.set_time_control(Some(TimeControl::minutes(30, 0)));
    let own = limits_at(Job::Move, s.strength(), s.game());
    let limits = s.clocked(own, Instant::now());
    assert_eq!(
        limits.movetime,
        Some(Duration::from_secs(3)),
        "the level's own time"
    );
}

#[test]
fn the_computer_loses_on_time_when_its_flag_falls() {
    let mut s = Session::new(Catalog::embedded(), "full").unwrap();
    s.set_level(chess4d_engine::Level::new(1).unwrap());
    s.set_time_control(Some(TimeControl::minutes(1, 0)));
    play(&mut s, "b2[0,0]b3[0,0]");
    s.tick(Instant::now());
    assert!(s.thinking().is_some(), "the computer thinks on its clock");
    s.tick(Instant::now() + Duration::from_secs(61));
    let o = s.game().outcome().expect("the computer's flag fell");
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Timeout));
    assert!(s.thinking().is_none());
}

#[test]
fn a_saved_clocked_game_keeps_its_clock_and_its_flag() {
    let mut s = clocked("orthodox", None, TimeControl::minutes(5, 3));
    play(&mut s, "e2e4");
    play(&mut s, "e7e5");
    s.tick(Instant::now() + Duration::from_secs(400));
    let text = s.save_text();
    assert!(text.contains("clock: 300+3\ntimes: 303.0 30"), "{text}");
    assert!(text.contains("end: time white"), "{text}");
    let dir = std::env::temp_dir().join(format!("chess4d-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(&path, &text).unwrap();
    let mut t = Session::new(Catalog::embedded(), "orthodox").unwrap();
    assert!(t.load_from(&path));
    let o = t.game().outcome().expect("the flag is in the file");
    assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::Timeout));
    let clock = t.clock().expect("the clock is in the file");
    assert_eq!(clock.control(), TimeControl::minutes(5, 3));
    // Saved to the tenth of a second.
    let tenths = |c: &super::clock::Clock| -> Vec<u128> {
        c.after_moves()
            .iter()
            .map(|t| (t.as_millis() + 50) / 100)
            .collect()
    };
    assert_eq!(tenths(clock), tenths(s.clock().unwrap()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_time_control_no_clock() {
    let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
    assert!(s.clock().is_none() && s.clock_view(Instant::now()).is_none());
    s.set_time_control(Some(TimeControl::minutes(3, 0)));
    assert!(s.clock().is_some());
    assert!(s.new_game("orthodox"));
    assert_eq!(
        s.clock().map(|c| c.control()),
        Some(TimeControl::minutes(3, 0))
    );
    s.set_time_control(None);
    assert!(s.clock().is_none());
    assert!(!s.save_text().contains("clock:"));
}

#[test]
fn the_archive_keeps_the_clock_and_a_resumed_game_gets_it_back() {
    use super::scorebook::Scorebook;
    use chess4d_archive::pgn::{PgnGame, export_game};
    let mut book = Scorebook::new(crate::ratings::Ratings::in_memory().unwrap());
    let mut s = clocked("orthodox", None, TimeControl::minutes(5, 3));
    play(&mut s, "e2e4");
    book.update(&mut s);
    play(&mut s, "e7e5");
    book.update(&mut s);
    let id = book.on_board().expect("saved after the first move");
    let stored = book.ratings().archive().load_game(id).unwrap();
    assert_eq!(stored.time_control.as_deref(), Some("300+3"));
    assert_eq!(stored.clocks.len(), 2);
    // Left for a new game, then resumed: the clock comes back with it.
    assert!(s.new_game("orthodox"));
    book.update(&mut s);
    book.resume(&mut s, id).unwrap();
    let clock = s.clock().expect("the resumed game's clock");
    assert_eq!(clock.control(), TimeControl::minutes(5, 3));
    assert_eq!(clock.after_moves().len(), 2);
    assert_eq!(
        clock.running(),
        Some(Color::White),
        "White's time runs again"
    );
    // It ends on time: the finished record keeps the readings; the PGN shows them.
    s.tick(Instant::now() + Duration::from_secs(400));
    book.update(&mut s);
    let stored = book.ratings().archive().load_game(id).unwrap();
    assert_eq!(stored.termination.as_deref(), Some("time"));
    let pgn = crate::pgn::standard_export(s.catalog(), &PgnGame::from(&stored));
    let text = export_game(&pgn);
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    assert!(text.contains("1. e4 { [%clk 0:05:0"), "{text}");
    assert!(text.contains("0-1"), "{text}");
}

/// A clocked game of orthodox chess against the computer at level 1, White's first
/// move played and the computer thinking (no answer to 1. e4 gives check).
fn against_the_computer() -> Session {
    let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
    s.set_level(chess4d_engine::Level::new(1).unwrap());
    s.set_time_control(Some(TimeControl::minutes(5, 0)));
    play(&mut s, "e2e4");
    s.tick(Instant::now());
    assert!(
        s.premoves_allowed(),
        "the computer's turn in a clocked game"
    );
    s
}

fn square(s: &Session, name: &str) -> Square {
    s.rules().info().shape.parse_square(name).unwrap()
}

#[test]
fn a_premove_is_played_as_soon_as_the_computer_has_answered() {
    let mut s = against_the_computer();
    let (from, to) = (square(&s, "d2"), square(&s, "d4"));
    s.click(from);
    assert_eq!(s.premove_from(), Some(from));
    s.click(to);
    assert_eq!(s.premove(), Some((from, to)));
    assert!(s.finish_search(), "the computer answers");
    let said = s.last_notice().map(|n| n.text.clone());
    assert_eq!(
        s.game().moves().len(),
        3,
        "the premove followed at once: {said:?}"
    );
    let last = s.game().last_move().unwrap();
    assert_eq!((last.from, last.to), (from, to));
    assert_eq!(s.premove(), None);
    // Played at once: White's clock barely moved (it does not run on the premove).
    let white = s.clock().unwrap().after_moves()[2];
    assert!(white > Duration::from_secs(299), "{white:?}");
}

#[test]
fn a_premove_is_cancelled_by_another_click_and_dropped_when_illegal() {
    let mut s = against_the_computer();
    let a2 = square(&s, "a2");
    s.click(a2);
    s.click(square(&s, "a3"));
    // A click on an empty square cancels it; Escape or a right click too.
    s.click(square(&s, "c5"));
    assert_eq!((s.premove(), s.premove_from()), (None, None));
    s.click(a2);
    s.click(square(&s, "d5"));
    assert!(s.premove().is_some());
    assert!(s.finish_search());
    assert_eq!(
        s.game().moves().len(),
        2,
        "an illegal premove is not played"
    );
    let said = s.last_notice().unwrap().text.clone();
    assert!(said.starts_with("Premove a2 to d5 dropped"), "{said}");
    // Without a clock there are no premoves: the click does nothing on its turn.
    let mut t = Session::new(Catalog::embedded(), "full").unwrap();
    play(&mut t, "b2[0,0]b3[0,0]");
    t.tick(Instant::now());
    assert!(!t.premoves_allowed());
    t.click(square(&t, "a2[0,0]"));
    assert_eq!(t.premove_from(), None);
    s.cancel_premove();
}
