//! Several lines (MultiPV), threads sharing a table (lazy SMP), node limits, root
//! move lists and a table kept between searches.

use chess4d_core::{Move, Position, Rules};
use chess4d_engine::{HashTable, Limits, SearchInfo, search_shared};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod common;
use common::{legal, rules};

/// Searches on a fresh table, collecting every info.
fn run(rules: &dyn Rules, pos: &Position, limits: &Limits) -> (Vec<SearchInfo>, Move) {
    let mut infos = Vec::new();
    let table = HashTable::new(limits.hash_mb);
    let stop = AtomicBool::new(false);
    let r = search_shared(rules, pos, limits, &table, &stop, &mut |i| {
        infos.push(i.clone())
    })
    .expect("moves");
    (infos, r.best)
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let rules = rules("orthodox");
    let pos = rules.start_position();
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(4)
    };
    let (infos, best) = run(&*rules, &pos, &limits);
    for depth in 1..=4 {
        let lines: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == depth).collect();
        assert_eq!(lines.len(), 3, "depth {depth}");
        assert_eq!(
            lines.iter().map(|i| i.multipv).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        let firsts: Vec<Move> = lines.iter().map(|i| i.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
        for i in &lines {
            let mut p = pos.clone();
            for &m in &i.pv {
                assert!(legal(&*rules, &p).contains(&m));
                rules.make_move(&mut p, m);
            }
        }
    }
    assert_eq!(infos.last().map(|i| i.depth), Some(4));
    let top = infos.iter().rfind(|i| i.multipv == 1).expect("line 1");
    assert_eq!(top.pv[0], best);
}

#[test]
fn multipv_beyond_the_legal_moves_reports_each_once() {
    let rules = rules("orthodox");
    // White's king in check from a rook with two ways out.
    let pos = rules
        .parse_position("k7/8/8/8/8/8/r7/K7 w - - 0 1")
        .expect("a position");
    let n = legal(&*rules, &pos).len();
    assert!((1..5).contains(&n), "{n}");
    let limits = Limits {
        multipv: 5,
        ..Limits::depth(3)
    };
    let (infos, _) = run(&*rules, &pos, &limits);
    let at3 = infos.iter().filter(|i| i.depth == 3).count();
    assert_eq!(at3, n);
}

#[test]
fn threads_share_the_table_and_answer_legally() {
    let rules = rules("orthodox");
    let pos = rules
        .parse_position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        .expect("a position");
    let limits = Limits::depth(6).with_threads(3);
    let table = HashTable::new(8);
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let r = search_shared(&*rules, &pos, &limits, &table, &stop, &mut |i| {
        infos.push(i.clone())
    })
    .expect("moves");
    // Qxf7 is mate.
    assert_eq!(rules.format_move(&pos, r.best), "h5f7");
    assert_eq!(r.score.mate_in(), Some(1));
    assert!(table.hashfull() > 0);
    // The reported nodes grow with each iteration and count every thread.
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let deeper = Limits::depth(6).with_threads(2);
    let start = rules.start_position();
    let r = search_shared(&*rules, &start, &deeper, &table, &stop, &mut |_| {}).expect("moves");
    assert!(legal(&*rules, &start).contains(&r.best));
    assert_eq!(r.depth, 6);
}

#[test]
fn a_node_limit_is_kept_and_makes_the_search_single_threaded() {
    let rules = rules("classic");
    let pos = rules.start_position();
    let mut results = Vec::new();
    for threads in [1, 2] {
        let limits = Limits {
            nodes: Some(30_000),
            ..Limits::default().with_threads(threads)
        };
        let table = HashTable::new(4);
        let r = search_shared(
            &*rules,
            &pos,
            &limits,
            &table,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .expect("moves");
        // The limit is looked at every 1024 nodes.
        assert!(
            r.nodes >= 30_000 && r.nodes <= 30_000 + 1024,
            "{threads} threads: {} nodes",
            r.nodes
        );
        results.push((r.best, r.nodes, r.score));
    }
    assert_eq!(
        results[0], results[1],
        "a node limit searches on one thread"
    );
}

#[test]
fn root_moves_restrict_the_choice() {
    let rules = rules("orthodox");
    let pos = rules.start_position();
    let moves = legal(&*rules, &pos);
    let rim = *moves
        .iter()
        .find(|m| rules.format_move(&pos, **m) == "b1a3")
        .expect("Na3 is legal");
    let limits = Limits {
        root_moves: vec![rim],
        multipv: 3,
        ..Limits::depth(3)
    };
    let (infos, best) = run(&*rules, &pos, &limits);
    assert_eq!(best, rim);
    assert!(infos.iter().all(|i| i.pv[0] == rim && i.multipv == 1));
}

#[test]
fn an_unlimited_threaded_search_stops_when_asked() {
    let rules = rules("classic");
    let pos = rules.start_position();
    let limits = Limits::default().with_threads(2);
    let table = HashTable::new(4);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let r = search_shared(&*rules, &pos, &limits, &table, &stop, &mut |_| {}).expect("moves");
    let asked = stopper.join().expect("the stopper");
    assert!(
        asked.elapsed() < Duration::from_millis(250),
        "{:?}",
        asked.elapsed()
    );
    assert!(legal(&*rules, &pos).contains(&r.best));
}
