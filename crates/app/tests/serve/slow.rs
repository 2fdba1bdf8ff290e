//! A client that stops reading is disconnected once its outgoing queue passes the
//! bound (`--outbox-frames`), so it cannot grow the server's memory; it reconnects and
//! its game is there. And `welcome` carries the user's real ratings.

use crate::client::{Client, Server, start_game};
use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, PROTOCOL_VERSION, ServerMessage, Side, encode,
};
use std::time::{Duration, Instant};
use tungstenite::Message;

/// `hello` on a new socket: the welcome's user and ratings.
fn welcome(server: &Server, token: &str) -> (Client, ServerMessage) {
    let mut c = Client::connect(server.addr);
    c.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        token: Some(token.into()),
        plugins: vec![],
    });
    let w = c.recv();
    assert!(matches!(w, ServerMessage::Welcome { .. }), "{w:?}");
    (c, w)
}

#[test]
fn a_client_that_does_not_read_is_closed_and_comes_back_to_its_game() {
    let server = Server::start(&["--outbox-frames", "8"]);
    let (ta, tv, tb) = (
        server.signup("ann"),
        server.signup("vic"),
        server.signup("bob"),
    );
    let (mut vic, mut bob) = (server.client(Some(&tv)), server.client(Some(&tb)));
    let unlimited = ClockConfig::Unlimited;
    let (g, _) = start_game(
        &mut vic,
        &mut bob,
        "orthodox",
        unlimited,
        false,
        ColorChoice::White,
    );
    vic.play(g.id, 0, "e2e4");
    bob.play(g.id, 1, "e7e5");

    // Fifty seeks make each `lobby` answer some 13 KB: ten each (the most one player
    // may have open) from Ann and four more seekers, whose sockets stay open.
    let mut seekers = vec![server.client(Some(&ta))];
    for n in 0..4 {
        seekers.push(server.client(Some(&server.signup(&format!("seeker{n}")))));
    }
    for seeker in &mut seekers {
        for _ in 0..10 {
            seeker.send(&ClientMessage::Seek {
                variant: "orthodox".into(),
                clock: unlimited,
                rated: false,
                color: ColorChoice::Random,
                rating_range: None,
            });
            seeker.recv_until(|m| matches!(m, ServerMessage::SeekAdded { .. }).then_some(()));
        }
    }
    // Vic asks for the lobby 25 times a second (within the rate limit) and reads
    // nothing: the kernel's buffers fill, then its queue, and the server closes it.
    let ask = encode(&ClientMessage::Lobby { on: true });
    let start = Instant::now();
    let closed = loop {
        if vic.ws.send(Message::text(ask.clone())).is_err() {
            break true;
        }
        if start.elapsed() > Duration::from_secs(90) {
            break false;
        }
        std::thread::sleep(Duration::from_millis(40));
    };
    assert!(
        closed,
        "a socket that read nothing for 90 s was never closed"
    );
    // The server lives, and Vic's game knows Vic went away.
    let mut server = server;
    assert!(server.alive());
    let log = std::fs::read_to_string(server.dir.join("stderr.log")).unwrap();
    assert!(
        log.lines()
            .any(|l| l.contains("did not read") && l.contains("frames_waiting=8")),
        "{log}"
    );
    bob.recv_until(|m| {
        matches!(
            m,
            ServerMessage::PlayerGone {
                side: Side::White,
                ..
            }
        )
        .then_some(())
    });

    // Vic comes back: the game is listed, replayed in full, and goes on.
    let (mut vic, w) = welcome(&server, &tv);
    match w {
        ServerMessage::Welcome { playing, .. } => assert_eq!(playing, vec![g.id]),
        _ => unreachable!(),
    }
    vic.send(&ClientMessage::Watch { game: g.id });
    let full = vic.game_full();
    assert_eq!(full.moves, vec!["e2e4".to_string(), "e7e5".to_string()]);
    vic.play(g.id, 2, "g1f3");
    assert_eq!(bob.wait_move(2), "g1f3");
}

#[test]
fn welcome_carries_the_real_ratings() {
    let server = Server::start(&[]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (_, w) = welcome(&server, &ta);
    match w {
        ServerMessage::Welcome { user, ratings, .. } => {
            let user = user.expect("signed in");
            assert_eq!((user.name.as_str(), user.rating), ("ann", Some(1500.0)));
            assert!(ratings.is_empty());
        }
        _ => unreachable!(),
    }
    // A rated game, resigned after the first moves, changes both ratings.
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let clock = ClockConfig::Fischer {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    let (g, _) = start_game(&mut a, &mut b, "orthodox", clock, true, ColorChoice::White);
    a.play(g.id, 0, "e2e4");
    b.play(g.id, 1, "e7e5");
    b.send(&ClientMessage::Resign { game: g.id });
    let end = a.wait_end();
    let after = end.white_rating.expect("rated").after;
    assert!(after > 1500.0);
    let (_, w) = welcome(&server, &ta);
    match w {
        ServerMessage::Welcome { ratings, .. } => {
            assert_eq!(ratings.len(), 1, "{ratings:?}");
            assert_eq!(
                (
                    ratings[0].name.as_str(),
                    ratings[0].rating,
                    ratings[0].games
                ),
                ("orthodox", after, 1)
            );
        }
        _ => unreachable!(),
    }
    // A guest has no rating.
    let (guest, _) = server.guest();
    match welcome(&server, &guest).1 {
        ServerMessage::Welcome { user, ratings, .. } => {
            assert_eq!(user.expect("a guest").rating, None);
            assert!(ratings.is_empty());
        }
        _ => unreachable!(),
    }
}
