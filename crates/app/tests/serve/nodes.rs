//! Two `chess4d serve` nodes on one PostgreSQL database: players and spectators on
//! different nodes, the node owning the game killed with SIGKILL mid-game, the game
//! finished through the other node with the clocks right and every acknowledged move
//! stored. Runs in the PostgreSQL pass of the suite (`CHESS4D_TEST_BACKEND=postgres`).

use crate::backend::{Backend, backend, psql};
use crate::client::{Client, Server, fresh_dir, start_game};
use crate::games;
use chess4d_protocol::{
    ClientMessage, ClockConfig, Clocks, ColorChoice, GameId, GameStatus, PROTOCOL_VERSION,
    ServerMessage, Side,
};
use std::time::{Duration, Instant};

const INITIAL_MS: u64 = 300_000;
const CLOCK: ClockConfig = ClockConfig::Fischer {
    initial_ms: INITIAL_MS,
    increment_ms: 0,
};

/// Whether this run has the PostgreSQL the test needs (it fails under CI without it).
fn postgres() -> Option<String> {
    match backend() {
        Backend::Postgres(admin) => Some(admin),
        Backend::Sqlite if std::env::var_os("CHESS4D_TEST_PG").is_some() => {
            eprintln!("two nodes: runs in the PostgreSQL pass (CHESS4D_TEST_BACKEND=postgres)");
            None
        }
        Backend::Sqlite => {
            assert!(
                std::env::var_os("CI").is_none(),
                "the two-node test needs PostgreSQL: set CHESS4D_TEST_PG (scripts/test-all.sh does)"
            );
            eprintln!("two nodes: skipped, no PostgreSQL (set CHESS4D_TEST_PG)");
            None
        }
    }
}

/// Hello with a token on a node, then watch `game`; the game in full as it arrives.
fn rejoin(node: &Server, token: Option<&str>, game: GameId) -> (Client, Vec<String>) {
    let mut c = Client::connect(node.addr);
    c.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        token: token.map(str::to_owned),
        plugins: vec![],
    });
    match c.recv() {
        ServerMessage::Welcome { playing, .. } => {
            if token.is_some() {
                assert_eq!(playing, vec![game], "the other node lists the game");
            }
        }
        other => panic!("hello answered {other:?}"),
    }
    c.send(&ClientMessage::Watch { game });
    let full = c.game_full();
    (c, full.moves)
}

/// The game's end and the clocks sent with it.
fn wait_end(c: &mut Client) -> (chess4d_protocol::GameEnd, Clocks) {
    c.recv_until(|m| match m {
        ServerMessage::End { end, clocks, .. } => Some((end.clone(), *clocks)),
        _ => None,
    })
}

/// The node holding the game's lease.
fn owner(admin_db: &str, game: GameId) -> String {
    psql(
        admin_db,
        &format!("SELECT node FROM game_leases WHERE game_id = {}", game.0),
    )
}

/// After node A died: Ann and A's spectator reconnect to B, which has every move.
fn move_over(b: &Server, ann_token: &str, id: GameId, played: &[String]) -> (Client, Client) {
    std::thread::sleep(Duration::from_millis(1_500));
    let (ann, moves) = rejoin(b, Some(ann_token), id);
    assert_eq!(moves, played, "every acknowledged move is on B");
    let (spectator, _) = rejoin(b, None, id);
    (ann, spectator)
}

/// B takes the game over within seconds of A's lease running out.
fn wait_for_takeover(db: &str, id: GameId, node_a: &str) {
    let killed = Instant::now();
    while owner(db, id) == node_a {
        assert!(
            killed.elapsed() < Duration::from_secs(8),
            "B did not take the game over"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!(
        "two nodes: B owns the game {} ms after the clients moved over",
        killed.elapsed().as_millis()
    );
}

#[test]
fn two_nodes_one_killed_mid_game_and_the_game_goes_on_on_the_other() {
    let Some(_) = postgres() else { return };
    let mut a = Server::start(&[]);
    let dir_b = fresh_dir();
    crate::backend::share(&a.dir, &dir_b);
    let b = Server::start_in(dir_b, &[]);
    let db = crate::backend::url_of(&a.dir);

    // Accounts made on A sign in on B: one database.
    let (ta, tb) = (a.signup("ann"), a.signup("bob"));
    let mut ann = a.client(Some(&ta));
    let mut bob = a.client(Some(&tb));
    let (g, _) = start_game(&mut ann, &mut bob, "full", CLOCK, false, ColorChoice::White);
    let id = g.id;
    let node_a = owner(&db, id);
    assert!(!node_a.is_empty(), "the game's lease is A's");
    // Bob moves to node B before the first move; a spectator on each node.
    drop(bob);
    let (mut bob, moves) = rejoin(&b, Some(&tb), id);
    assert!(moves.is_empty());
    let (mut spec_a, _) = rejoin(&a, None, id);
    let (mut spec_b, _) = rejoin(&b, None, id);

    let line = games::mate_line("full");
    assert!(
        line.len() >= 3,
        "a mate line long enough to kill a node in: {line:?}"
    );
    // Plies played before A dies: both clocks are running by then.
    let kill_after = (line.len() / 2).max(2);
    // Each side's clock runs from the opponent's move being stored to its own move
    // arriving: measured here from the mover receiving the opponent's move to its own
    // move's acknowledgement (an overestimate by a round trip per move).
    let mut used = [0u64; 2];
    let mut turn_started = Instant::now();
    for (ply, mv) in line.iter().enumerate() {
        let ply = ply as u32;
        if ply as usize == kill_after {
            // The side to move thinks while the owner dies and its client moves over.
            a.kill();
            (ann, spec_a) = move_over(&b, &ta, id, &line[..kill_after]);
            wait_for_takeover(&db, id, &node_a);
        }
        if ply as usize == kill_after + 1 {
            std::thread::sleep(Duration::from_millis(1_200)); // a long think
        }
        let (mover, other) = if ply.is_multiple_of(2) {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        mover.play(id, ply, mv);
        let now = Instant::now();
        // Both clocks start once each side has moved (ply 1).
        if ply >= 2 {
            used[(ply % 2) as usize] += (now - turn_started).as_millis() as u64;
        }
        assert_eq!(&other.wait_move(ply), mv);
        turn_started = Instant::now();
    }
    let (end, clocks) = wait_end(&mut ann);
    assert_eq!(end.reason, "checkmate");
    assert_eq!(wait_end(&mut bob).0, end);
    for (side, left) in [
        (Side::White, clocks.white_ms),
        (Side::Black, clocks.black_ms),
    ] {
        let expected = INITIAL_MS - used[side as usize];
        eprintln!(
            "two nodes: {} plies, A killed after {kill_after}; {side:?} has {left} ms, {expected} ms expected",
            line.len()
        );
        assert!(
            left.abs_diff(expected) < 1_000,
            "{side:?}'s clock: {left} ms left, {expected} ms expected"
        );
    }
    // The spectator on B saw every move; A's saw them until A died, then the rest on B.
    let seen: Vec<String> = (0..line.len())
        .map(|p| spec_b.wait_move(p as u32))
        .collect();
    assert_eq!(seen, line);
    let rest: Vec<String> = (kill_after..line.len())
        .map(|p| spec_a.wait_move(p as u32))
        .collect();
    assert_eq!(rest, line[kill_after..]);
    assert_eq!(wait_end(&mut spec_a).0, end);
    let stored = b.game(id);
    assert_eq!(stored.status, GameStatus::Finished);
    assert_eq!(stored.moves, line, "every acknowledged move is stored");
}

#[test]
fn the_lobby_is_the_same_on_both_nodes_and_a_seek_is_taken_once() {
    let Some(_) = postgres() else { return };
    let a = Server::start(&[]);
    let dir_b = fresh_dir();
    crate::backend::share(&a.dir, &dir_b);
    let b = Server::start_in(dir_b, &[]);
    let (ta, tb, tc) = (a.signup("ann"), a.signup("bob"), a.signup("cat"));
    let mut ann = a.client(Some(&ta));
    let mut bob = b.client(Some(&tb));
    let mut cat = a.client(Some(&tc));
    for c in [&mut bob, &mut cat] {
        c.send(&ClientMessage::Lobby { on: true });
        assert!(matches!(c.recv(), ServerMessage::Lobby { .. }));
    }
    let seek = ClientMessage::Seek {
        variant: "full".into(),
        clock: CLOCK,
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    };
    let added = |m: &ServerMessage| match m {
        ServerMessage::SeekAdded { seek } => Some(seek.id),
        _ => None,
    };
    // Ann's seek on A is in B's lobby; Bob accepts it there and the game starts on B,
    // Ann (on A) gets it and they play across the nodes.
    ann.send(&seek);
    let (on_a, on_b) = (cat.recv_until(added), bob.recv_until(added));
    assert_eq!(on_a, on_b, "node B's lobby shows node A's seek");
    bob.send(&ClientMessage::AcceptSeek { seek: on_b });
    let game = bob.game_full();
    assert_eq!(
        ann.game_full().id,
        game.id,
        "Ann on A is handed the game started on B"
    );
    let removed = cat.recv_until(|m| match m {
        ServerMessage::SeekRemoved { seek } => Some(*seek),
        _ => None,
    });
    assert_eq!(removed, on_a, "the taken seek leaves A's lobby too");
    let line = games::opening("full", 2);
    ann.play(game.id, 0, &line[0]);
    assert_eq!(bob.wait_move(0), line[0]);
    bob.play(game.id, 1, &line[1]);
    assert_eq!(ann.wait_move(1), line[1]);

    // A second seek accepted at once on both nodes: one game, never two.
    ann.send(&seek);
    let (on_a, on_b) = (cat.recv_until(added), bob.recv_until(added));
    bob.send(&ClientMessage::AcceptSeek { seek: on_b });
    cat.send(&ClientMessage::AcceptSeek { seek: on_a });
    let second = ann.game_full().id;
    let outcome = |c: &mut Client| {
        c.recv_until(|m| match m {
            ServerMessage::GameFull { game } => Some(Some(game.id)),
            ServerMessage::Error(_) => Some(None),
            _ => None,
        })
    };
    let (for_bob, for_cat) = (outcome(&mut bob), outcome(&mut cat));
    assert_eq!(
        [for_bob, for_cat].iter().flatten().collect::<Vec<_>>(),
        vec![&second],
        "exactly one of them got Ann's second game"
    );
}
