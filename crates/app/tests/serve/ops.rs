//! What an operator sees: health, readiness (the database answers) and Prometheus
//! metrics that count the moves really played.

use crate::backend::{Backend, backend};
use crate::client::{Server, start_game};
use crate::games;
use chess4d_protocol::{ClockConfig, ColorChoice};

/// The value of an unlabelled metric in Prometheus text.
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("{name} is not in /metrics:\n{text}"))
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn health_readiness_and_metrics_count_what_was_played() {
    let server = Server::start(&[]);
    assert_eq!(
        server.http("GET", "/healthz", None, None),
        (200, "ok\n".into())
    );
    assert_eq!(
        server.http("GET", "/readyz", None, None),
        (200, "ready\n".into())
    );
    let (ta, tb) = (server.signup("ann"), server.signup("bob"));
    let (mut a, mut b) = (server.client(Some(&ta)), server.client(Some(&tb)));
    let clock = ClockConfig::Fischer {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    let (g, _) = start_game(&mut a, &mut b, "full", clock, false, ColorChoice::White);
    let line = games::opening("full", 3);
    for (ply, mv) in line.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        mover.play(g.id, ply as u32, mv);
    }
    // Ply 1 again: refused as stale, and counted so.
    b.send(&chess4d_protocol::ClientMessage::Move {
        game: g.id,
        ply: 1,
        mv: line[1].clone(),
        lag_ms: None,
    });
    b.error();
    let (status, text) = server.http("GET", "/metrics", None, None);
    assert_eq!(status, 200);
    assert_eq!(metric(&text, "chess4d_move_seconds_count"), 3.0);
    assert_eq!(metric(&text, "chess4d_moves_refused_total"), 1.0);
    assert_eq!(metric(&text, "chess4d_sockets"), 2.0);
    assert_eq!(metric(&text, "chess4d_games_live"), 1.0);
    assert_eq!(metric(&text, "chess4d_games_owned"), 1.0);
    assert!(
        text.contains("chess4d_move_seconds_bucket{le=\"+Inf\"} 3"),
        "{text}"
    );

    // Without its database a node is alive but not ready.
    if let Backend::Postgres(admin) = backend() {
        let url = crate::backend::url_of(&server.dir);
        let name = url.rsplit('/').next().unwrap();
        crate::backend::psql(&admin, &format!("DROP DATABASE {name} WITH (FORCE)"));
        let (status, text) = server.http("GET", "/readyz", None, None);
        assert_eq!(status, 503, "{text}");
        assert!(text.starts_with("not ready:"), "{text}");
        assert_eq!(server.http("GET", "/healthz", None, None).0, 200);
    }
}
