//! `kill -9` of the server mid-game: every acknowledged move is there after the
//! restart, and the game goes on.

use crate::client::{Client, Server, start_game};
use crate::games;
use chess4d_protocol::{ClientMessage, ClockConfig, ColorChoice, PROTOCOL_VERSION, ServerMessage};

#[test]
fn every_acknowledged_move_survives_kill_9_and_the_game_resumes() {
    let mut server = Server::start(&[]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let clock = ClockConfig::Fischer {
        initial_ms: 600_000,
        increment_ms: 0,
    };
    let (g, _) = start_game(&mut a, &mut b, "full", clock, false, ColorChoice::White);
    let line = games::opening("full", 16);
    let dir = server.dir.clone();
    let mut ply = 0;
    for round in 0..8 {
        // Two acknowledged moves, then the server is killed at once.
        for _ in 0..2 {
            let mover = if ply % 2 == 0 { &mut a } else { &mut b };
            mover.play(g.id, ply as u32, &line[ply]);
            ply += 1;
        }
        server.kill();
        server = Server::start_in(dir.clone(), &[]);
        let stored = server.game(g.id);
        assert_eq!(stored.moves, line[..ply], "after kill {round}");
        // Both players come back: the game is listed and arrives in full.
        for (token, slot) in [(&ta, &mut a), (&tb, &mut b)] {
            let mut c = Client::connect(server.addr);
            c.send(&ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                token: Some(token.clone()),
            });
            match c.recv() {
                ServerMessage::Welcome { playing, .. } => assert_eq!(playing, vec![g.id]),
                other => panic!("{other:?}"),
            }
            c.send(&ClientMessage::Watch { game: g.id });
            assert_eq!(c.game_full().moves.len(), ply);
            *slot = c;
        }
    }
}
