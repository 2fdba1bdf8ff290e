//! The viewer's board on a real `chess4d serve`, with no window: two sessions, each
//! with the Online tab's link (session/online_link.rs), pumped as two windows' frames
//! would. Clicks on the board only queue moves; the boards follow the server. One
//! viewer is dropped mid-game and a new one, on the same data folder, signs in with
//! the kept token and gets the game back; the full set's mate in 4 ends it. Then an
//! invitation link pasted by a friend starts a game that a third viewer watches.

#[allow(dead_code)]
#[path = "serve/backend.rs"]
mod backend;
#[allow(dead_code)]
#[path = "serve/client.rs"]
mod client;

use chess4d::online::{Action, Link, SignIn};
use chess4d::session::online_link::OnlineLink;
use chess4d::session::{Mode, Session};
use chess4d_protocol::{ClockConfig, ColorChoice};
use client::{Server, WAIT};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A viewer: the board and the link, with its own data folder.
struct Viewer {
    session: Session,
    link: OnlineLink,
}

impl Viewer {
    fn new(dir: &Path, server: &str, name: &str, sign_in: SignIn) -> Viewer {
        let session = Session::new(chess4d_variants::Catalog::embedded(), "full").unwrap();
        let mut link = OnlineLink::default();
        link.data_dir = Some(dir.to_path_buf());
        link.connect(server, Some(name), sign_in);
        Viewer { session, link }
    }

    fn frame(&mut self) {
        self.link.pump(&mut self.session, true, Instant::now());
    }

    /// Clicks the two squares of `mv` ("a2[1,0]a3[1,0]") on the board.
    fn click_move(&mut self, mv: &str) {
        let (from, to) = mv.split_at(mv.find(']').unwrap() + 1);
        let shape = self.session.rules().info().shape;
        let (from, to) = (
            shape.parse_square(from).unwrap(),
            shape.parse_square(to).unwrap(),
        );
        self.session.click(from);
        self.session.click(to);
    }

    fn plies(&self) -> usize {
        self.session.game().moves().len()
    }
}

fn until(a: &mut Viewer, b: &mut Viewer, what: &str, done: impl Fn(&Viewer, &Viewer) -> bool) {
    let start = Instant::now();
    while start.elapsed() < WAIT {
        a.frame();
        b.frame();
        if done(a, b) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "never {what}: ann said {:?}, bob said {:?}",
        a.link.client.state().messages,
        b.link.client.state().messages
    );
}

/// `who` clicks `mv`; both boards show it once the server confirmed it.
fn play(who: &mut Viewer, other: &mut Viewer, mv: &str) {
    let n = who.plies();
    who.click_move(mv);
    assert_eq!(who.plies(), n, "{mv}: the board waits for the server");
    until(who, other, &format!("saw {mv}"), |a, b| {
        a.plies() == n + 1 && b.plies() == n + 1
    });
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess4d-board-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn two_boards_follow_the_server_and_a_restarted_viewer_gets_its_game_back() {
    let server = Server::start(&[]);
    let addr = server.addr.to_string();
    let (ann_dir, bob_dir) = (temp_dir("ann"), temp_dir("bob"));
    let account = |name: &str| SignIn::SignUp {
        name: name.into(),
        password: format!("pw-{name}-secret"),
    };
    let mut ann = Viewer::new(&ann_dir, &addr, "ann", account("ann"));
    let mut bob = Viewer::new(&bob_dir, &addr, "bob", account("bob"));
    until(&mut ann, &mut bob, "were greeted", |a, b| {
        a.link.client.state().link == Link::Online && b.link.client.state().link == Link::Online
    });
    ann.link.client.push(Action::Seek {
        variant: "full".into(),
        clock: ClockConfig::Fischer {
            initial_ms: 300_000,
            increment_ms: 3_000,
        },
        rated: true,
        color: ColorChoice::White,
    });
    until(&mut ann, &mut bob, "saw the seek", |_, b| {
        !b.link.client.state().seeks.is_empty()
    });
    let seek = *bob.link.client.state().seeks.keys().next().unwrap();
    bob.link
        .client
        .push(Action::AcceptSeek(chess4d_protocol::SeekId(seek)));
    until(&mut ann, &mut bob, "put the game on both boards", |a, b| {
        a.session.mode() == Mode::Online && b.session.mode() == Mode::Online
    });
    // Bob plays Black: his board turns; a click on his turn-less board moves nothing.
    assert!(bob.session.black_at_bottom() && !ann.session.black_at_bottom());
    bob.click_move("a4[1,1]b4[0,0]");
    assert!(bob.link.client.state().messages.is_empty());

    play(&mut ann, &mut bob, "a2[1,0]a3[1,0]");
    play(&mut bob, &mut ann, "a4[1,1]b4[0,0]");
    play(&mut ann, &mut bob, "c2[0,0]c3[0,0]");
    // A rated game: no hint for bob.
    bob.session.request_hint();
    let said = bob.session.notices().last().map(|n| n.text.clone());
    assert!(said.is_some_and(|t| t.starts_with("No hints")));

    // Bob's viewer goes (as a kill would: no goodbye); a new one on his data folder
    // signs in with the kept token and finds the game where it was.
    drop(bob);
    let kept = std::fs::read_to_string(bob_dir.join("online-session.txt")).unwrap();
    assert!(kept.starts_with(&format!("{addr} bob ")), "{kept}");
    let wrong = SignIn::Login {
        name: "bob".into(),
        password: "not-his-password".into(),
    };
    let mut bob = Viewer::new(&bob_dir, &addr, "bob", wrong);
    until(&mut ann, &mut bob, "had bob back with the game", |_, b| {
        b.session.mode() == Mode::Online && b.plies() == 3
    });

    play(&mut bob, &mut ann, "d4[0,1]c3[0,0]");
    play(&mut ann, &mut bob, "b2[0,0]c3[0,0]");
    play(&mut bob, &mut ann, "b4[0,0]c4[0,0]");
    play(&mut ann, &mut bob, "d2[0,0]d3[0,0]");
    until(&mut ann, &mut bob, "saw the server's end", |a, b| {
        a.session
            .status_line()
            .starts_with("White wins by checkmate")
            && b.session
                .status_line()
                .starts_with("White wins by checkmate")
    });
    // The profile's list of games, asked over HTTP off the window's thread.
    ann.link.client.push(Action::MyGames);
    until(&mut ann, &mut bob, "saw the game in ann's list", |a, _| {
        a.link.client.state().my_games.as_ref().is_some_and(|g| {
            g.iter()
                .any(|g| g.end.as_ref().is_some_and(|e| e.result == "1-0") && g.black == "bob")
        })
    });
    // Leaving the online board brings each viewer's own game back.
    ann.session.leave_online();
    assert_eq!((ann.session.mode(), ann.plies()), (Mode::Play, 0));
    for d in [ann_dir, bob_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn an_invitation_link_pasted_by_a_friend_starts_the_game_and_a_third_watches() {
    use chess4d::online::invite::{invitation_code, invitation_link};
    let server = Server::start(&[]);
    let addr = server.addr.to_string();
    let (ann_dir, bob_dir) = (temp_dir("ann-invite"), temp_dir("bob-invite"));
    let mut ann = Viewer::new(&ann_dir, &addr, "ann", SignIn::Guest);
    let mut bob = Viewer::new(&bob_dir, &addr, "bob", SignIn::Guest);
    until(&mut ann, &mut bob, "were greeted", |a, b| {
        a.link.client.state().link == Link::Online && b.link.client.state().link == Link::Online
    });
    ann.link.client.push(Action::Challenge {
        to: None,
        variant: "full".into(),
        clock: ClockConfig::Fischer {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        rated: false,
        color: ColorChoice::Black,
    });
    until(&mut ann, &mut bob, "had ann's code", |a, _| {
        a.link
            .client
            .state()
            .challenges
            .values()
            .any(|c| c.code.is_some())
    });
    let code = ann
        .link
        .client
        .state()
        .challenges
        .values()
        .find_map(|c| c.code.clone());
    // What ann sends is a link; what bob pastes is read back to the code.
    let pasted = format!("  {}\n", invitation_link(&code.unwrap()));
    bob.link
        .client
        .push(Action::JoinInvite(invitation_code(&pasted)));
    until(&mut ann, &mut bob, "started the game", |a, b| {
        a.session.mode() == Mode::Online && b.session.mode() == Mode::Online
    });
    // Ann asked for Black: her board is turned, bob moves first.
    assert!(ann.session.black_at_bottom());
    assert!(
        ann.link.client.state().challenges.is_empty(),
        "the invitation went"
    );
    play(&mut bob, &mut ann, "a2[1,0]a3[1,0]");

    // Carl watches by the game's number: the board follows it, and takes no move.
    let carl_dir = temp_dir("carl-invite");
    let mut carl = Viewer::new(&carl_dir, &addr, "carl", SignIn::Guest);
    let id = ann.link.shown.unwrap();
    carl.link.client.push(Action::Watch(id));
    carl.link.shown = Some(id);
    let start = Instant::now();
    while !(carl.session.mode() == Mode::Online && carl.plies() == 1) {
        assert!(start.elapsed() < WAIT, "carl never saw the game");
        carl.frame();
        std::thread::sleep(Duration::from_millis(10));
    }
    carl.click_move("a4[1,1]b4[0,0]");
    assert!(
        carl.session.take_online_moves().is_empty(),
        "a spectator moves nothing"
    );
    play(&mut ann, &mut bob, "a4[1,1]b4[0,0]");
    while carl.plies() != 2 {
        assert!(start.elapsed() < WAIT, "carl never saw ann's move");
        carl.frame();
        std::thread::sleep(Duration::from_millis(10));
    }
    for d in [ann_dir, bob_dir, carl_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}
