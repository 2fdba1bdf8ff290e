//! `kill -9` of the server under load, 20 times: every acknowledged move is there after
//! each restart, and every game goes on.

use crate::client::{Client, Server, start_game};
use crate::games;
use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, GameId, PROTOCOL_VERSION, ServerMessage,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const GAMES: usize = 4;
const KILLS: usize = 20;

/// A player back on a restarted server, watching its game.
fn rejoin(server: &Server, token: &str, game: GameId) -> Client {
    let mut c = Client::connect(server.addr);
    c.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        token: Some(token.into()),
        plugins: vec![],
    });
    match c.recv() {
        ServerMessage::Welcome { playing, .. } => {
            assert!(playing.contains(&game), "{playing:?} lacks {game:?}")
        }
        other => panic!("{other:?}"),
    }
    c.send(&ClientMessage::Watch { game });
    c.game_full();
    c
}

/// Plays `line` from `ply` on until the socket dies or `stop`; returns the plies
/// acknowledged (a move counts once its `move` came back).
fn play_on(
    mut white: Client,
    mut black: Client,
    game: GameId,
    line: Arc<Vec<String>>,
    mut ply: usize,
    stop: Arc<AtomicBool>,
) -> usize {
    while ply < line.len() && !stop.load(Ordering::Relaxed) {
        let mover = if ply.is_multiple_of(2) {
            &mut white
        } else {
            &mut black
        };
        if mover
            .ws
            .send(tungstenite::Message::text(chess4d_protocol::encode(
                &ClientMessage::Move {
                    game,
                    ply: ply as u32,
                    mv: line[ply].clone(),
                    lag_ms: None,
                },
            )))
            .is_err()
        {
            break;
        }
        let acked = loop {
            match mover.try_recv(Duration::from_secs(3)) {
                Some(ServerMessage::Move { ply: p, .. }) if p as usize == ply => break true,
                Some(ServerMessage::Error(e)) => panic!("move {ply} refused: {e}"),
                Some(_) => continue,
                None => break false,
            }
        };
        if !acked {
            break;
        }
        ply += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    ply
}

#[test]
fn every_acknowledged_move_survives_20_kill_9_under_load_and_the_games_resume() {
    let mut server = Server::start(&[]);
    let clock = ClockConfig::Fischer {
        initial_ms: 3_600_000,
        increment_ms: 0,
    };
    let mut players = Vec::new();
    for g in 0..GAMES {
        let (ta, tb) = (
            server.signup(&format!("white{g}")),
            server.signup(&format!("black{g}")),
        );
        let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
        let (full, _) = start_game(&mut a, &mut b, "full", clock, false, ColorChoice::White);
        players.push((ta, tb, full.id, Some((a, b))));
    }
    let line = Arc::new(games::opening("full", 400));
    let dir = server.dir.clone();
    let mut acked = vec![0usize; GAMES];
    for round in 0..KILLS {
        let stop = Arc::new(AtomicBool::new(false));
        let threads: Vec<_> = players
            .iter_mut()
            .enumerate()
            .map(|(i, (_, _, id, clients))| {
                let (a, b) = clients.take().unwrap();
                let (id, line, stop, from) = (*id, line.clone(), stop.clone(), acked[i]);
                std::thread::spawn(move || play_on(a, b, id, line, from, stop))
            })
            .collect();
        // Kill while the moves are in flight.
        std::thread::sleep(Duration::from_millis(150 + 20 * round as u64));
        server.kill();
        stop.store(true, Ordering::Relaxed);
        for (i, t) in threads.into_iter().enumerate() {
            acked[i] = t.join().unwrap();
        }
        server.keep_dir = true;
        server = Server::start_in(dir.clone(), &[]);
        for (i, (ta, tb, id, clients)) in players.iter_mut().enumerate() {
            let stored = server.game(*id).moves;
            assert!(
                stored.len() >= acked[i],
                "kill {round}, game {i}: {} stored, {} acknowledged",
                stored.len(),
                acked[i]
            );
            assert_eq!(stored[..], line[..stored.len()], "kill {round}, game {i}");
            acked[i] = stored.len();
            *clients = Some((rejoin(&server, ta, *id), rejoin(&server, tb, *id)));
        }
    }
    assert!(
        acked.iter().all(|&n| n >= KILLS),
        "the games moved on between kills: {acked:?}"
    );
}
