//! Whole games through the server: the full 4D set to mate with ratings and a
//! spectator, crazyhouse drops, a flag fall, reconnection, offers, challenges, PGN.

use crate::client::{Server, start_game};
use crate::games;
use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
use chess4d_archive::rating::{Outcome, RatingSystem};
use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, ErrorKind, GameStatus, Leaderboard, Profile,
    ServerMessage, Side,
};
use std::time::Duration;

const BLITZ: ClockConfig = ClockConfig::Fischer {
    initial_ms: 600_000,
    increment_ms: 2_000,
};

#[test]
fn a_rated_4d_game_to_mate_rates_both_players_by_glicko2_and_a_spectator_sees_every_move() {
    let server = Server::start(&[]);
    let (ann_token, bob_token) = (server.signup("ann"), server.signup("bob"));
    let mut ann = server.client(Some(&ann_token));
    let mut bob = server.client(Some(&bob_token));
    bob.send(&ClientMessage::Lobby { on: true });
    assert!(matches!(bob.recv(), ServerMessage::Lobby { .. }));
    let (ga, gb) = start_game(&mut ann, &mut bob, "full", BLITZ, true, ColorChoice::White);
    assert_eq!((ga.you, gb.you), (Some(Side::White), Some(Side::Black)));
    assert_eq!(ga.variant.name, "full");
    assert_eq!(
        ga.variant.toml,
        chess4d_variants::EMBEDDED[0].1,
        "the variant's text travels with the game"
    );
    let id = ga.id;
    let mut spectator = server.client(None);
    spectator.send(&ClientMessage::Watch { game: id });
    assert_eq!(spectator.game_full().moves.len(), 0);

    let line = games::mate_line("full");
    for (ply, mv) in line.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        mover.play(id, ply as u32, mv);
        assert_eq!(&other.wait_move(ply as u32), mv);
    }
    let seen: Vec<String> = (0..line.len())
        .map(|p| spectator.wait_move(p as u32))
        .collect();
    assert_eq!(seen, line, "the spectator saw every move in order");
    let end = ann.wait_end();
    assert_eq!(end.reason, "checkmate");
    let winner = end.winner.expect("a mate has a winner");
    assert_eq!(spectator.wait_end(), end);

    // Exactly crates/archive's Glicko-2 from two newcomers.
    let outcome = if winner == Side::White {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    let (w, b) =
        Glicko2::default().rate_game(&Glicko2Rating::NEWCOMER, &Glicko2Rating::NEWCOMER, outcome);
    let (wr, br) = (end.white_rating.unwrap(), end.black_rating.unwrap());
    assert_eq!(
        (wr.before, wr.after, wr.deviation, wr.volatility),
        (1500.0, w.rating, w.deviation, w.volatility)
    );
    assert_eq!(
        (br.before, br.after, br.deviation, br.volatility),
        (1500.0, b.rating, b.deviation, b.volatility)
    );

    let (status, text) = server.http("GET", "/api/leaderboard/full", None, None);
    assert_eq!(status, 200);
    let board: Leaderboard = serde_json::from_str(&text).unwrap();
    assert_eq!(board.rows.len(), 2);
    assert_eq!(board.rows[0].rating, w.rating.max(b.rating));
    let profile: Profile =
        serde_json::from_str(&server.http("GET", "/api/users/ann", None, None).1).unwrap();
    assert_eq!(profile.history.len(), 1);
    assert_eq!(profile.history[0].after, w.rating);
    let stored = server.game(id);
    assert_eq!(stored.status, GameStatus::Finished);
    assert_eq!(stored.moves, line);
    let (_, list) = server.http("GET", "/api/games?status=finished", None, None);
    assert!(list.contains(&format!("\"id\":{}", id.0)), "{list}");
}

#[test]
fn guests_play_crazyhouse_with_drops() {
    let server = Server::start(&[]);
    let (ta, _) = server.guest();
    let (tb, _) = server.guest();
    let mut a = server.client(Some(&ta));
    let mut b = server.client(Some(&tb));
    // Guests cannot play rated games.
    a.send(&ClientMessage::Seek {
        variant: "crazyhouse".into(),
        clock: BLITZ,
        rated: true,
        color: ColorChoice::White,
        rating_range: None,
    });
    assert_eq!(a.error(), ErrorKind::Unauthorized);
    let (ga, _) = start_game(
        &mut a,
        &mut b,
        "crazyhouse",
        ClockConfig::Unlimited,
        false,
        ColorChoice::White,
    );
    let line = games::line_with_drop("crazyhouse", 40);
    assert!(line.iter().any(|m| m.contains('@')), "{line:?}");
    for (ply, mv) in line.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        mover.play(ga.id, ply as u32, mv);
    }
    assert_eq!(server.game(ga.id).moves, line);
    a.send(&ClientMessage::Resign { game: ga.id });
    let end = b.wait_end();
    assert_eq!(
        (end.reason.as_str(), end.winner),
        ("resignation", Some(Side::Black))
    );
}

#[test]
fn a_flag_falls_on_the_server_without_a_move() {
    let server = Server::start(&[]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let clock = ClockConfig::Fischer {
        initial_ms: 1_500,
        increment_ms: 0,
    };
    let (g, _) = start_game(&mut a, &mut b, "orthodox", clock, false, ColorChoice::White);
    a.play(g.id, 0, "e2e4");
    b.play(g.id, 1, "e7e5");
    // White's clock runs now; nobody moves.
    let end = b.wait_end();
    assert_eq!(
        (end.reason.as_str(), end.winner),
        ("timeout", Some(Side::Black))
    );
    let stored = server.game(g.id);
    assert_eq!(stored.clocks.white_ms, 0);
    assert_eq!(stored.clocks.black_ms, 1_500, "Black's first move was free");
}

#[test]
fn a_player_reconnects_mid_game_and_an_absent_one_can_be_claimed_against() {
    let server = Server::start(&["--claim-after-ms", "1500"]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let (g, _) = start_game(&mut a, &mut b, "full", BLITZ, false, ColorChoice::White);
    let line = games::opening("full", 6);
    for (ply, mv) in line[..3].iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        mover.play(g.id, ply as u32, mv);
    }
    drop(b);
    a.recv_until(|m| {
        matches!(
            m,
            ServerMessage::PlayerGone {
                side: Side::Black,
                ..
            }
        )
        .then_some(())
    });
    // Bob comes back on a new socket: his game is listed and arrives in full.
    let mut b = chess4d_test_hello(&server, &tb, g.id);
    let full = b.game_full();
    assert_eq!(
        (full.moves.as_slice(), full.you),
        (&line[..3], Some(Side::Black))
    );
    a.recv_until(|m| {
        matches!(
            m,
            ServerMessage::PlayerBack {
                side: Side::Black,
                ..
            }
        )
        .then_some(())
    });
    b.play(g.id, 3, &line[3]);
    assert_eq!(a.wait_move(3), line[3]);
    // Bob leaves for good: a claim too early is refused, then accepted.
    drop(b);
    a.recv_until(|m| matches!(m, ServerMessage::PlayerGone { .. }).then_some(()));
    a.send(&ClientMessage::ClaimVictory {
        game: g.id,
        draw: false,
    });
    assert_eq!(a.error(), ErrorKind::NotNow);
    std::thread::sleep(Duration::from_millis(1_600));
    a.send(&ClientMessage::ClaimVictory {
        game: g.id,
        draw: false,
    });
    let end = a.wait_end();
    assert_eq!(
        (end.reason.as_str(), end.winner),
        ("abandoned", Some(Side::White))
    );
}

/// Hello on a new socket, checking that `welcome` lists `game`, then watch it.
fn chess4d_test_hello(
    server: &Server,
    token: &str,
    game: chess4d_protocol::GameId,
) -> crate::client::Client {
    let mut c = crate::client::Client::connect(server.addr);
    c.send(&ClientMessage::Hello {
        version: chess4d_protocol::PROTOCOL_VERSION,
        token: Some(token.into()),
        plugins: vec![],
    });
    match c.recv() {
        ServerMessage::Welcome { playing, .. } => assert_eq!(playing, vec![game]),
        other => panic!("{other:?}"),
    }
    c.send(&ClientMessage::Watch { game });
    c
}

#[test]
fn draws_takebacks_aborts_challenges_and_invitations() {
    let server = Server::start(&[]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    // A direct challenge, declined, then one accepted.
    let challenge = ClientMessage::Challenge {
        to: Some("bob".into()),
        variant: "orthodox".into(),
        clock: BLITZ,
        rated: false,
        color: ColorChoice::White,
    };
    a.send(&challenge);
    let id = b.recv_until(|m| match m {
        ServerMessage::Challenge { challenge } => Some(challenge.id),
        _ => None,
    });
    b.send(&ClientMessage::DeclineChallenge { challenge: id });
    a.recv_until(|m| matches!(m, ServerMessage::ChallengeGone { .. }).then_some(()));
    a.send(&challenge);
    let id = b.recv_until(|m| match m {
        ServerMessage::Challenge { challenge } => Some(challenge.id),
        _ => None,
    });
    b.send(&ClientMessage::AcceptChallenge { challenge: id });
    // An accepted challenge leaves both players' lists before its game starts.
    let gone = |m: &ServerMessage| match m {
        ServerMessage::ChallengeGone { challenge } => Some(*challenge),
        _ => None,
    };
    assert_eq!(a.recv_until(gone), id);
    assert_eq!(b.recv_until(gone), id);
    let g = a.game_full();
    // Takeback: asked by White after Black answered, two plies go.
    a.play(g.id, 0, "e2e4");
    b.play(g.id, 1, "e7e5");
    a.send(&ClientMessage::TakebackOffer { game: g.id });
    b.recv_until(|m| {
        matches!(
            m,
            ServerMessage::TakebackOffered {
                by: Side::White,
                ..
            }
        )
        .then_some(())
    });
    b.send(&ClientMessage::TakebackOffer { game: g.id });
    let ply = a.recv_until(|m| match m {
        ServerMessage::Takeback { ply, .. } => Some(*ply),
        _ => None,
    });
    assert_eq!(ply, 0);
    assert!(server.game(g.id).moves.is_empty());
    // Abort is refused once both have moved; a draw by agreement.
    a.play(g.id, 0, "d2d4");
    b.play(g.id, 1, "d7d5");
    a.send(&ClientMessage::Abort { game: g.id });
    assert_eq!(a.error(), ErrorKind::NotNow);
    a.send(&ClientMessage::DrawOffer { game: g.id });
    b.recv_until(|m| {
        matches!(
            m,
            ServerMessage::DrawOffered {
                by: Side::White,
                ..
            }
        )
        .then_some(())
    });
    b.send(&ClientMessage::DrawOffer { game: g.id });
    let end = a.wait_end();
    assert_eq!(
        (end.result.as_str(), end.reason.as_str()),
        ("1/2-1/2", "agreement")
    );
    // An invitation code, joined by a guest; aborted before the first moves.
    a.send(&ClientMessage::Challenge {
        to: None,
        variant: "raumschach".into(),
        clock: ClockConfig::Unlimited,
        rated: false,
        color: ColorChoice::Black,
    });
    let code = a.recv_until(|m| match m {
        ServerMessage::Challenge { challenge } => challenge.code.clone(),
        _ => None,
    });
    let (tg, _) = server.guest();
    let mut guest = server.client(Some(&tg));
    guest.send(&ClientMessage::JoinInvite {
        code: code.to_lowercase(),
    });
    let g2 = guest.game_full();
    assert_eq!(
        (g2.variant.name.as_str(), g2.you),
        ("raumschach", Some(Side::White))
    );
    guest.send(&ClientMessage::Abort { game: g2.id });
    let end = a.wait_end();
    assert_eq!((end.result.as_str(), end.reason.as_str()), ("*", "aborted"));
    assert_eq!(server.game(g2.id).status, GameStatus::Aborted);
}

#[test]
fn pgn_export_of_an_orthodox_game_is_read_by_python_chess() {
    let server = Server::start(&[]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let (g, _) = start_game(&mut a, &mut b, "orthodox", BLITZ, true, ColorChoice::White);
    let mate = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
    for (ply, mv) in mate.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        mover.play(g.id, ply as u32, mv);
    }
    assert_eq!(a.wait_end().reason, "checkmate");
    let (status, pgn) = server.http("GET", &format!("/api/games/{}/pgn", g.id.0), None, None);
    assert_eq!(status, 200);
    assert!(
        pgn.contains("[TimeControl \"600+2\"]") && pgn.contains("Qxf7#"),
        "{pgn}"
    );
    let script = "import sys, chess.pgn\n\
        g = chess.pgn.read_game(sys.stdin)\n\
        assert not g.errors, g.errors\n\
        b = g.end().board()\n\
        print(b.is_checkmate(), g.headers['Result'], g.headers['White'], len(list(g.mainline_moves())))\n";
    let run = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let has_chess = std::process::Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if run.is_err() || !has_chess {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs python3 with python-chess (pip install chess)"
        );
        eprintln!(
            "SKIPPED the python-chess check of the PGN: python3 or its chess module is missing"
        );
        return;
    }
    let mut child = run.unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "True 1-0 ann 7"
    );
}

#[test]
fn the_bot_accepts_a_challenge_and_plays_its_moves() {
    let server = Server::start(&[]);
    let (bot_token, ta) = (server.signup("botty"), server.signup("ann"));
    let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_chess4d"))
        .args([
            "bot",
            "--server",
            &server.addr.to_string(),
            "--token",
            &bot_token,
            "--level",
            "1",
        ])
        .spawn()
        .unwrap();
    let mut a = server.client(Some(&ta));
    let challenge = ClientMessage::Challenge {
        to: Some("botty".into()),
        variant: "full".into(),
        clock: BLITZ,
        rated: true,
        color: ColorChoice::White,
    };
    // The bot needs a moment to connect: challenge until it is there.
    let game = loop {
        a.send(&challenge);
        match a.recv_until(|m| match m {
            ServerMessage::GameFull { game } => Some(Ok((**game).clone())),
            ServerMessage::Error(e) => Some(Err(e.kind)),
            _ => None,
        }) {
            Ok(g) => break g,
            Err(kind) => {
                assert_eq!(kind, ErrorKind::NotNow);
                std::thread::sleep(Duration::from_millis(200));
            }
        }
    };
    let rules = games::rules("full");
    let mut local = chess4d_core::Game::new(rules.clone());
    let mut ply = 0u32;
    while local.outcome().is_none() && ply < 40 {
        let mv = local.legal_moves()[(ply as usize * 7) % local.legal_moves().len()];
        let text = rules.format_move(local.position(), mv);
        a.play(game.id, ply, &text);
        local.play(mv).unwrap();
        ply += 1;
        if local.outcome().is_some() {
            break;
        }
        let reply = a.wait_move(ply);
        local.play_str(&reply).unwrap();
        ply += 1;
    }
    if local.outcome().is_none() {
        a.send(&ClientMessage::Resign { game: game.id });
    }
    let end = a.wait_end();
    assert!(
        end.white_rating.is_some(),
        "a rated game against the bot: {end:?}"
    );
    assert_eq!(server.game(game.id).moves.len() as u32, ply);
    let _ = bot.kill();
    let _ = bot.wait();
}

#[test]
fn the_lobby_updates_live_and_a_seek_keeps_its_rating_range() {
    let server = Server::start(&[]);
    let (ta, tb, tc) = (
        server.signup("ann"),
        server.signup("bob"),
        server.signup("carol"),
    );
    let (mut a, mut b, mut c) = (
        server.client(Some(&ta)),
        server.client(Some(&tb)),
        server.client(Some(&tc)),
    );
    c.send(&ClientMessage::Lobby { on: true });
    assert!(matches!(c.recv(), ServerMessage::Lobby { seeks } if seeks.is_empty()));
    let range = chess4d_protocol::RatingRange {
        min: 1600.0,
        max: 1800.0,
    };
    a.send(&ClientMessage::Seek {
        variant: "full".into(),
        clock: BLITZ,
        rated: true,
        color: ColorChoice::Random,
        rating_range: Some(range),
    });
    let seek = c.recv_until(|m| match m {
        ServerMessage::SeekAdded { seek } => Some(seek.clone()),
        _ => None,
    });
    assert_eq!(
        (
            seek.player.name.as_str(),
            seek.player.rating,
            seek.rating_range
        ),
        ("ann", Some(1500.0), Some(range))
    );
    // Bob (1500) is outside the range; Ann cannot take her own seek.
    b.send(&ClientMessage::AcceptSeek { seek: seek.id });
    assert_eq!(b.error(), ErrorKind::NotNow);
    a.send(&ClientMessage::AcceptSeek { seek: seek.id });
    assert_eq!(a.error(), ErrorKind::NotNow);
    b.send(&ClientMessage::CancelSeek { seek: seek.id });
    assert_eq!(b.error(), ErrorKind::NotYourGame);
    a.send(&ClientMessage::CancelSeek { seek: seek.id });
    let gone = c.recv_until(|m| match m {
        ServerMessage::SeekRemoved { seek } => Some(*seek),
        _ => None,
    });
    assert_eq!(gone, seek.id);
    // A seek leaves the lobby with its player's socket.
    a.send(&ClientMessage::Seek {
        variant: "full".into(),
        clock: BLITZ,
        rated: false,
        color: ColorChoice::Random,
        rating_range: None,
    });
    let id = c.recv_until(|m| match m {
        ServerMessage::SeekAdded { seek } => Some(seek.id),
        _ => None,
    });
    drop(a);
    let gone = c.recv_until(|m| match m {
        ServerMessage::SeekRemoved { seek } => Some(*seek),
        _ => None,
    });
    assert_eq!(gone, id);
    // Bad time controls and unknown variants are refused.
    b.send(&ClientMessage::Seek {
        variant: "full".into(),
        clock: ClockConfig::Fischer {
            initial_ms: 0,
            increment_ms: 0,
        },
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    });
    assert_eq!(b.error(), ErrorKind::BadRequest);
    b.send(&ClientMessage::Seek {
        variant: "no-such".into(),
        clock: BLITZ,
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    });
    assert_eq!(b.error(), ErrorKind::NotFound);
}

#[test]
fn a_claim_before_each_side_has_moved_aborts_the_rated_game() {
    let server = Server::start(&["--claim-after-ms", "300"]);
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let (g, _) = start_game(&mut a, &mut b, "full", BLITZ, true, ColorChoice::White);
    let line = games::opening("full", 1);
    a.play(g.id, 0, &line[0]);
    drop(b);
    a.recv_until(|m| matches!(m, ServerMessage::PlayerGone { .. }).then_some(()));
    std::thread::sleep(Duration::from_millis(400));
    a.send(&ClientMessage::ClaimVictory {
        game: g.id,
        draw: false,
    });
    let end = a.wait_end();
    assert_eq!(
        (
            end.reason.as_str(),
            end.winner,
            end.white_rating,
            end.black_rating
        ),
        ("aborted", None, None, None),
        "no rated win at ply 1"
    );
    assert_eq!(server.game(g.id).status, GameStatus::Aborted);
}
