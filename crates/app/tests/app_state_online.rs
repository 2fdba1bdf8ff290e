//! The viewer's state driven by actions alone, with no window, through a whole online
//! game against a real `chess4d serve`: two [`AppState`]s (two players, each with its
//! own data folder) sign in, one opens a seek that the other accepts, and the full
//! set's mate in 4 is played by `Action::OnlineMove`, each state stepped by
//! [`AppState::tick`] as a window's frames would. An illegal move is refused in words
//! and leaves the board as the server has it; both states end agreeing on the moves and
//! the result.

#[allow(dead_code)]
#[path = "serve/backend.rs"]
mod backend;
#[allow(dead_code)]
#[path = "serve/client.rs"]
mod client;

use chess4d::app_state::{Action, AppState, Tab};
use chess4d::online::{Link, SignIn};
use chess4d::session::scorebook::Scorebook;
use chess4d::session::{Mode, Session};
use chess4d_protocol::{ClockConfig, ColorChoice, GameId};
use client::{Server, WAIT};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One player's viewer state, with its own data folder.
fn player(dir: &Path, server: &str, name: &str) -> AppState {
    let session = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
    let book = Scorebook::open(Some(dir)).unwrap();
    let mut state = AppState::new(session, book);
    state.ui.online.link.data_dir = Some(dir.to_path_buf());
    state.apply(Action::OnlineConnect {
        server: server.into(),
        name: Some(name.into()),
        sign_in: SignIn::SignUp {
            name: name.into(),
            password: format!("pw-{name}-secret"),
        },
    });
    state
}

/// Steps both states (as two windows' frames) until `done`, or fails saying `what`.
fn until(
    a: &mut AppState,
    b: &mut AppState,
    what: &str,
    done: impl Fn(&AppState, &AppState) -> bool,
) {
    let start = Instant::now();
    while start.elapsed() < WAIT {
        a.tick(Instant::now());
        b.tick(Instant::now());
        if done(a, b) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "never {what}: ann said {:?}, bob said {:?}",
        a.ui.online.link.client.state().messages,
        b.ui.online.link.client.state().messages
    );
}

fn plies(s: &AppState) -> usize {
    s.session.game().moves().len()
}

/// The position on the board, as text.
fn board(s: &AppState) -> String {
    s.session
        .rules()
        .format_position(s.session.game().position())
}

/// The position of the shown game as the client has it from the server.
fn servers(s: &AppState) -> String {
    let g = s.ui.online.link.shown_game().expect("a game on the board");
    g.game.rules().format_position(g.game.position())
}

/// `who` plays `mv`; the board waits for the server, then both boards show it.
fn play(who: &mut AppState, other: &mut AppState, game: GameId, mv: &str) {
    let n = plies(who);
    who.apply(Action::OnlineMove {
        game,
        mv: mv.into(),
    });
    assert_eq!(plies(who), n, "{mv}: the board waits for the server");
    until(who, other, &format!("saw {mv}"), |a, b| {
        plies(a) == n + 1 && plies(b) == n + 1
    });
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-state-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn two_app_states_play_a_whole_online_game_by_actions_alone() {
    let server = Server::start(&[]);
    let addr = server.addr.to_string();
    let (ann_dir, bob_dir) = (temp_dir("ann"), temp_dir("bob"));
    let mut ann = player(&ann_dir, &addr, "ann");
    let mut bob = player(&bob_dir, &addr, "bob");
    until(&mut ann, &mut bob, "were signed in", |a, b| {
        let online = |s: &AppState| {
            let st = s.ui.online.link.client.state();
            st.link == Link::Online && st.me.is_some()
        };
        online(a) && online(b)
    });

    ann.apply(Action::OnlineSeek {
        variant: "full".into(),
        clock: ClockConfig::Fischer {
            initial_ms: 300_000,
            increment_ms: 3_000,
        },
        rated: true,
        color: ColorChoice::White,
    });
    until(&mut ann, &mut bob, "saw ann's seek", |_, b| {
        !b.ui.online.link.client.state().seeks.is_empty()
    });
    let seek = *bob
        .ui
        .online
        .link
        .client
        .state()
        .seeks
        .keys()
        .next()
        .unwrap();
    bob.apply(Action::OnlineAccept(chess4d_protocol::SeekId(seek)));
    until(&mut ann, &mut bob, "put the game on both boards", |a, b| {
        a.session.mode() == Mode::Online && b.session.mode() == Mode::Online
    });
    // A new game of this player opens the Online tab; bob plays Black, his board turns.
    assert_eq!((ann.ui.tab, bob.ui.tab), (Tab::Online, Tab::Online));
    assert!(bob.session.black_at_bottom() && !ann.session.black_at_bottom());
    let game = ann.ui.online.link.shown.expect("ann's game is shown");
    assert_eq!(bob.ui.online.link.shown, Some(game));

    play(&mut ann, &mut bob, game, "a2[1,0]a3[1,0]");
    play(&mut bob, &mut ann, game, "a4[1,1]b4[0,0]");

    // An illegal move: refused in words, nothing sent, the board as the server has it.
    let before = board(&ann);
    ann.apply(Action::OnlineMove {
        game,
        mv: "a1[0,0]a4[0,0]".into(),
    });
    until(&mut ann, &mut bob, "refused the illegal move", |a, _| {
        a.session
            .notices()
            .iter()
            .any(|n| n.error && n.text.contains("a1[0,0]a4[0,0]"))
    });
    // Out of turn, too.
    bob.apply(Action::OnlineMove {
        game,
        mv: "b4[0,0]c4[0,0]".into(),
    });
    until(
        &mut ann,
        &mut bob,
        "refused bob's move out of turn",
        |_, b| {
            b.session
                .notices()
                .iter()
                .any(|n| n.error && n.text.contains("not your turn"))
        },
    );
    // Undo on an online board takes nothing back: the server's game is the game.
    ann.apply(Action::Undo);
    ann.tick(Instant::now());
    assert_eq!(plies(&ann), 2);
    assert_eq!(board(&ann), before);
    assert_eq!(board(&ann), servers(&ann), "the board is the server's");

    play(&mut ann, &mut bob, game, "c2[0,0]c3[0,0]");
    play(&mut bob, &mut ann, game, "d4[0,1]c3[0,0]");
    play(&mut ann, &mut bob, game, "b2[0,0]c3[0,0]");
    play(&mut bob, &mut ann, game, "b4[0,0]c4[0,0]");
    play(&mut ann, &mut bob, game, "d2[0,0]d3[0,0]");
    until(&mut ann, &mut bob, "saw the server's checkmate", |a, b| {
        let over = |s: &AppState| {
            s.ui.online
                .link
                .shown_game()
                .is_some_and(|g| g.end.is_some())
                && s.session
                    .status_line()
                    .starts_with("White wins by checkmate")
        };
        over(a) && over(b)
    });

    // Both agree with each other and with the server on the moves and the result.
    assert_eq!((plies(&ann), plies(&bob)), (7, 7));
    assert_eq!(ann.session.game().moves(), bob.session.game().moves());
    assert_eq!(board(&ann), board(&bob));
    assert_eq!(board(&ann), servers(&ann));
    assert_eq!(board(&bob), servers(&bob));
    let result = |s: &AppState| {
        let g = s.ui.online.link.shown_game().unwrap();
        let end = g.end.as_ref().unwrap();
        (
            end.result.clone(),
            end.reason.clone(),
            g.game.moves().to_vec(),
        )
    };
    let (a, b) = (result(&ann), result(&bob));
    assert_eq!(a, b);
    assert_eq!((a.0.as_str(), a.1.as_str()), ("1-0", "checkmate"));
    let on_server = server.game(game);
    assert_eq!(on_server.moves.len(), 7, "{on_server:?}");
    let end = on_server.end.expect("the server ended the game");
    assert_eq!(
        (end.result.as_str(), end.reason.as_str()),
        ("1-0", "checkmate")
    );

    // Closing the windows adjourns nothing online and fails nowhere.
    ann.apply(Action::Quit);
    bob.apply(Action::Quit);
    drop((ann, bob));
    for d in [ann_dir, bob_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}
