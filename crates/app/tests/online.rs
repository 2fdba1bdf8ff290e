//! The viewer's online client core, driven by actions alone (no window) through a whole
//! game between two clients against a real `chess4d serve` on loopback: sign-up and a
//! guest, the lobby, a seek accepted, moves checked before they go, a draw offer
//! declined, a connection dropped by the server and opened again by itself, one client
//! leaving and reconnecting mid-game (the game comes back in full), the server's
//! clocks, and the mate that ends it on both sides.

#[allow(dead_code)]
#[path = "serve/backend.rs"]
mod backend;
#[allow(dead_code)]
#[path = "serve/client.rs"]
mod client;

use chess4d::online::{Action, Link, Online, OnlineGame, SignIn};
use chess4d_protocol::{ClockConfig, ColorChoice, GameId, Side};
use client::{Server, WAIT};
use std::time::{Duration, Instant};

/// Updates both clients, as two windows' frames would, until `done` holds.
fn until(a: &mut Online, b: &mut Online, what: &str, done: impl Fn(&Online, &Online) -> bool) {
    let start = Instant::now();
    while start.elapsed() < WAIT {
        a.update(Instant::now());
        b.update(Instant::now());
        if done(a, b) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "never {what}: ann said {:?}, bob said {:?}",
        a.state().messages,
        b.state().messages
    );
}

fn game(o: &Online, id: GameId) -> Option<&OnlineGame> {
    o.state().games.get(&id)
}

fn plies(o: &Online, id: GameId) -> usize {
    game(o, id).map_or(0, |g| g.game.moves().len())
}

/// `who` plays `mv` and both clients wait until the server confirmed it.
fn play(who: &mut Online, other: &mut Online, id: GameId, mv: &str) {
    let n = plies(who, id);
    who.push(Action::Move {
        game: id,
        mv: mv.into(),
    });
    until(who, other, &format!("saw {mv} played"), |a, b| {
        plies(a, id) == n + 1 && plies(b, id) == n + 1
    });
}

#[test]
fn a_whole_online_game_by_actions_alone() {
    let server = Server::start(&[]);
    let addr = server.addr.to_string();
    let (mut ann, mut bob) = (Online::default(), Online::default());
    ann.push(Action::Connect {
        server: addr.clone(),
        sign_in: SignIn::SignUp {
            name: "ann".into(),
            password: "pw-ann-secret".into(),
        },
    });
    bob.push(Action::Connect {
        server: addr.clone(),
        sign_in: SignIn::Guest,
    });
    until(&mut ann, &mut bob, "were greeted", |a, b| {
        a.state().link == Link::Online && b.state().link == Link::Online
    });
    assert_eq!(
        ann.state().me.as_ref().map(|m| m.name.as_str()),
        Some("ann")
    );
    assert!(bob.state().me.as_ref().is_some_and(|m| m.guest));

    // The lobby: ann seeks, bob sees the seek and accepts it.
    ann.push(Action::Lobby(true));
    bob.push(Action::Lobby(true));
    let clock = ClockConfig::Fischer {
        initial_ms: 300_000,
        increment_ms: 3_000,
    };
    ann.push(Action::Seek {
        variant: "full".into(),
        clock,
        rated: false,
        color: ColorChoice::White,
    });
    until(&mut ann, &mut bob, "saw ann's seek", |_, b| {
        b.state().seeks.values().any(|s| s.player.name == "ann")
    });
    let seek = bob.state().seeks.values().next().unwrap().id;
    bob.push(Action::AcceptSeek(seek));
    until(&mut ann, &mut bob, "started the game", |a, b| {
        a.state().playing().count() == 1 && b.state().playing().count() == 1
    });
    let id = ann.state().playing().next().unwrap().id;
    assert_eq!(game(&ann, id).unwrap().you, Some(Side::White));
    assert_eq!(game(&bob, id).unwrap().you, Some(Side::Black));
    assert_eq!(game(&bob, id).unwrap().clock, clock);

    // Moves are checked before they go: out of turn, or illegal, nothing is sent.
    bob.push(Action::Move {
        game: id,
        mv: "a4[1,1]b4[0,0]".into(),
    });
    ann.push(Action::Move {
        game: id,
        mv: "a1[0,0]a4[0,0]".into(),
    });
    until(&mut ann, &mut bob, "refused both", |a, b| {
        b.state()
            .messages
            .iter()
            .any(|m| m.contains("not your turn"))
            && a.state()
                .messages
                .iter()
                .any(|m| m.contains("a1[0,0]a4[0,0]"))
    });
    assert_eq!(plies(&ann, id), 0, "the board never moved");

    // White's mate in 4 on the full set (the guided game), with interruptions.
    play(&mut ann, &mut bob, id, "a2[1,0]a3[1,0]");
    play(&mut bob, &mut ann, id, "a4[1,1]b4[0,0]");
    // Both first moves played: the server's clocks run, White's now.
    let g = game(&ann, id).unwrap();
    assert_eq!(g.clocks.running, Some(Side::White));
    std::thread::sleep(Duration::from_millis(300));
    let now = Instant::now();
    assert!(g.left(Side::White, now) < Duration::from_millis(303_000) - Duration::from_millis(250));
    assert_eq!(
        g.left(Side::Black, now),
        Duration::from_millis(g.clocks.black_ms)
    );

    // A draw offer, declined.
    bob.push(Action::OfferDraw(id));
    until(&mut ann, &mut bob, "saw the draw offer", |a, _| {
        game(a, id).unwrap().draw_offer == Some(Side::Black)
    });
    ann.push(Action::DeclineDraw(id));
    until(&mut ann, &mut bob, "saw it declined", |_, b| {
        game(b, id).unwrap().draw_offer.is_none()
    });

    // A connection the server drops (it closes a socket that sends a frame over
    // 16 KiB) is opened again by itself, and the game comes back.
    bob.push(Action::JoinInvite("X".repeat(20_000)));
    until(&mut ann, &mut bob, "saw bob's connection drop", |_, b| {
        matches!(b.state().link, Link::Lost(_)) && b.retry_at().is_some()
    });
    until(&mut ann, &mut bob, "had bob back by himself", |_, b| {
        b.state().link == Link::Online && game(b, id).is_some_and(|g| !g.my_turn())
    });
    assert_eq!(plies(&bob, id), 2);

    // Bob leaves; ann moves meanwhile; bob comes back and gets the game in full.
    bob.push(Action::Disconnect);
    until(&mut ann, &mut bob, "saw bob gone", |a, _| {
        game(a, id)
            .unwrap()
            .gone
            .is_some_and(|(side, _)| side == Side::Black)
    });
    ann.push(Action::Move {
        game: id,
        mv: "c2[0,0]c3[0,0]".into(),
    });
    until(&mut ann, &mut bob, "played while bob was away", |a, _| {
        plies(a, id) == 3
    });
    assert_eq!(plies(&bob, id), 2, "bob's board waits for the server");
    bob.push(Action::Reconnect);
    until(&mut ann, &mut bob, "had bob back with the game", |a, b| {
        b.state().link == Link::Online && plies(b, id) == 3 && game(a, id).unwrap().gone.is_none()
    });

    play(&mut bob, &mut ann, id, "d4[0,1]c3[0,0]");
    play(&mut ann, &mut bob, id, "b2[0,0]c3[0,0]");
    play(&mut bob, &mut ann, id, "b4[0,0]c4[0,0]");
    play(&mut ann, &mut bob, id, "d2[0,0]d3[0,0]");
    until(&mut ann, &mut bob, "saw the end", |a, b| {
        game(a, id).unwrap().end.is_some() && game(b, id).unwrap().end.is_some()
    });
    for o in [&ann, &bob] {
        let end = game(o, id).unwrap().end.clone().unwrap();
        assert_eq!(
            (end.result.as_str(), end.reason.as_str()),
            ("1-0", "checkmate")
        );
        assert_eq!(o.state().playing().count(), 0);
    }
    // The final clocks stand still.
    let g = game(&bob, id).unwrap();
    assert_eq!(g.clocks.running, None);
    assert_eq!(
        g.left(Side::White, Instant::now() + Duration::from_secs(9)),
        Duration::from_millis(g.clocks.white_ms)
    );
}
