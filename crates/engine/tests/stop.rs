//! A search on its own thread reports progress and stops at once when asked.

use chess4d_core::{Move, Rules};
use chess4d_engine::{Limits, SearchInfo, Searcher};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn full() -> std::sync::Arc<dyn Rules> {
    chess4d_variants::Catalog::embedded()
        .resolve("full")
        .expect("built-in variant")
}

#[test]
fn stop_returns_a_legal_move_quickly() {
    // The classic set: the full set's start is a forced mate in four, which a quiet
    // machine proves (and so ends the search) within the 300 ms this test waits.
    let rules = chess4d_variants::Catalog::embedded()
        .resolve("classic")
        .expect("built-in variant");
    let pos = rules.start_position();
    let (tx, rx) = mpsc::channel::<SearchInfo>();
    let handle = Searcher::start(rules.clone(), pos.clone(), Limits::default(), move |info| {
        let _ = tx.send(info.clone());
    });
    // Let it complete a few iterations, then stop an open-ended search.
    let first = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("an iteration completes");
    assert!(first.depth >= 1 && !first.pv.is_empty());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !handle.is_finished(),
        "an unlimited search runs until stopped"
    );
    let asked = Instant::now();
    handle.stop();
    let result = handle.wait().expect("a move");
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(250), "stop took {took:?}");
    let mut legal: Vec<Move> = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    assert!(legal.contains(&result.best));
    assert!(result.depth >= first.depth);
}

#[test]
fn stopping_before_the_first_iteration_still_gives_a_legal_move() {
    let rules = full();
    let pos = rules.start_position();
    let handle = Searcher::start(rules.clone(), pos.clone(), Limits::default(), |_| {});
    handle.stop();
    let result = handle.wait().expect("a move even when stopped at once");
    let mut legal: Vec<Move> = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    assert!(legal.contains(&result.best));
}

#[test]
fn movetime_is_kept() {
    let rules = full();
    let pos = rules.start_position();
    let started = Instant::now();
    let handle = Searcher::start(
        rules.clone(),
        pos.clone(),
        Limits::movetime(Duration::from_millis(200)),
        |_| {},
    );
    let result = handle.wait().expect("a move");
    let took = started.elapsed();
    assert!(took < Duration::from_millis(600), "took {took:?}");
    // How deep 200 ms reaches depends on the machine's load (the benchmarks measure
    // depth in time); what the limit promises is a legal move within it.
    let mut legal = Vec::new();
    rules.legal_moves(&pos, &mut legal);
    assert!(legal.contains(&result.best), "{:?}", result.best);
}

#[test]
fn dropping_the_handle_stops_the_search() {
    let rules = full();
    let started = Instant::now();
    let handle = Searcher::start(
        rules.clone(),
        rules.start_position(),
        Limits::default(),
        |_| {},
    );
    std::thread::sleep(Duration::from_millis(50));
    drop(handle);
    assert!(started.elapsed() < Duration::from_secs(2));
}
