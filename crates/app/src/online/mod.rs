//! Online play without a window: the client core the viewer's Online tab draws
//! (gui/online.rs; session/online_link.rs joins it to the board each frame).
//!
//! The network lives on its own thread ([`connection`]); what it hears becomes
//! [`Action::Event`]s in a queue, next to the person's intents (sign in, seek, accept,
//! move, offer, resign, reconnect), and [`Online::update`] applies the whole queue once
//! per frame, in order, to one [`OnlineState`] ([`state`]), which changes in no other
//! way. Intents become protocol messages (`chess4d-protocol`); a move is checked
//! against the game's rules first, and the board moves only when the server confirms
//! it. A connection that drops (not one the person closed) is opened again with the
//! session's token after a pause that doubles up to 30 s; the server's `welcome` then
//! lists the games in progress and each comes back in full. A test drives all this by
//! actions alone through a whole game against a real `chess4d serve` (tests/online.rs).
//! Beside it: [`keep`] keeps the session token in the data folder, so a viewer started
//! again signs in with it and gets its games back; [`local`] runs a `chess4d serve` from
//! this same program for "start a local server".
//!
//! ```no_run
//! use chess4d::online::{Action, Online, SignIn};
//! let mut online = Online::default();
//! online.push(Action::Connect { server: "127.0.0.1:8080".into(), sign_in: SignIn::Guest });
//! online.push(Action::Lobby(true));
//! loop {
//!     online.update(std::time::Instant::now()); // once per frame
//!     # break;
//! }
//! ```

pub mod connection;
pub mod http;
pub mod invite;
pub mod keep;
pub mod local;
pub mod state;

use chess4d_protocol::GameSummary;
use chess4d_protocol::{ChallengeId, ClientMessage, ClockConfig, ColorChoice, GameId, SeekId};
pub use connection::{Connection, Event};
pub use http::SignIn;
pub use state::{Link, OnlineGame, OnlineState};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The first pause before connecting again after a drop; it doubles up to [`MAX_RETRY`].
const FIRST_RETRY: Duration = Duration::from_millis(500);
/// The longest pause between attempts.
const MAX_RETRY: Duration = Duration::from_secs(30);

/// Something to do to the online state: a person's intent, or news from the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Connects to `server` (`HOST:PORT`), signing in as asked.
    Connect {
        /// Where.
        server: String,
        /// As whom.
        sign_in: SignIn,
    },
    /// Closes the connection (games go on on the server; [`Action::Reconnect`] resumes).
    Disconnect,
    /// Connects again with the session's token: games in progress come back in full.
    Reconnect,
    /// Follows the lobby's seeks, or stops.
    Lobby(bool),
    /// Opens a seek.
    Seek {
        /// The variant's name.
        variant: String,
        /// The time control.
        clock: ClockConfig,
        /// Rated (accounts only).
        rated: bool,
        /// The colour asked for.
        color: ColorChoice,
    },
    /// Withdraws one's seek.
    CancelSeek(SeekId),
    /// Accepts a seek: the game starts.
    AcceptSeek(SeekId),
    /// Challenges a player (`to`), or makes an invitation code (`to: None`).
    Challenge {
        /// The player, or none for an invitation.
        to: Option<String>,
        /// The variant's name.
        variant: String,
        /// The time control.
        clock: ClockConfig,
        /// Rated.
        rated: bool,
        /// The colour asked for.
        color: ColorChoice,
    },
    /// Accepts a challenge.
    AcceptChallenge(ChallengeId),
    /// Declines a challenge.
    DeclineChallenge(ChallengeId),
    /// Joins a friend's invitation by its code.
    JoinInvite(String),
    /// Watches a game (or asks for it in full again).
    Watch(GameId),
    /// Plays a move, in any notation the game's rules read (SAN or coordinates).
    Move {
        /// The game.
        game: GameId,
        /// The move.
        mv: String,
    },
    /// Resigns.
    Resign(GameId),
    /// Aborts before each side has moved.
    Abort(GameId),
    /// Offers a draw, or accepts the opponent's offer.
    OfferDraw(GameId),
    /// Declines the opponent's draw offer.
    DeclineDraw(GameId),
    /// Asks to take back one's last move, or accepts the opponent's request.
    OfferTakeback(GameId),
    /// Declines the opponent's takeback request.
    DeclineTakeback(GameId),
    /// Asks the server (over HTTP, on a thread of its own) for this player's last games.
    MyGames,
    /// Claims the game (or a draw) when the opponent has been gone long enough.
    Claim {
        /// The game.
        game: GameId,
        /// A draw rather than the win.
        draw: bool,
    },
    /// News from the connection thread.
    Event(Event),
}

/// The online client: the state, the connection, and the queue of actions.
#[derive(Debug, Default)]
pub struct Online {
    state: OnlineState,
    server: Option<String>,
    connection: Option<Connection>,
    queue: Vec<Action>,
    /// After a drop: when to connect again.
    retry: Option<Instant>,
    /// The pause the next drop waits (reset once greeted).
    backoff: Duration,
    /// The list of this player's games on its way.
    fetch: Option<Receiver<Result<Vec<GameSummary>, String>>>,
}

impl Online {
    /// The state, for reading (the window draws it).
    pub fn state(&self) -> &OnlineState {
        &self.state
    }

    /// A message for the person from the window (a local server that would not start).
    pub fn say(&mut self, text: impl Into<String>) {
        self.state.say(text);
    }

    /// Queues an action, applied at the next [`Online::update`].
    pub fn push(&mut self, action: Action) {
        self.queue.push(action);
    }

    /// Takes in the connection's news without applying it: whether anything waits (a
    /// window redraws then), a reconnection's time included.
    pub fn poll(&mut self) -> bool {
        if let Some(c) = &self.connection {
            self.queue.extend(c.events().into_iter().map(Action::Event));
        }
        !self.queue.is_empty() || self.retry.is_some_and(|at| Instant::now() >= at)
    }

    /// Once per frame: the connection's news joins the queue, and the queue is applied
    /// in order. Returns whether anything happened (for redrawing).
    pub fn update(&mut self, now: Instant) -> bool {
        if let Some(c) = &self.connection {
            self.queue.extend(c.events().into_iter().map(Action::Event));
        }
        let actions = std::mem::take(&mut self.queue);
        let mut any = !actions.is_empty();
        for action in actions {
            self.apply(action, now);
        }
        if let Some(rx) = &self.fetch
            && let Ok(got) = rx.try_recv()
        {
            self.fetch = None;
            any = true;
            match got {
                Ok(games) => self.state.my_games = Some(games),
                Err(e) => self.state.say(format!("your games: {e}")),
            }
        }
        if let Some(at) = self.retry
            && now >= at
            && self.connection.is_none()
        {
            self.retry = None;
            self.apply(Action::Reconnect, now);
            any = true;
        }
        if self.state.link == Link::Online {
            self.backoff = FIRST_RETRY;
        }
        any
    }

    /// The server connected to last (`HOST:PORT` as given).
    pub fn server(&self) -> Option<&str> {
        self.server.as_deref()
    }

    /// When the client will connect again after a drop, if it will.
    pub fn retry_at(&self) -> Option<Instant> {
        self.retry
    }

    fn apply(&mut self, action: Action, now: Instant) {
        match action {
            Action::Connect { server, sign_in } => self.connect(server, sign_in),
            Action::Disconnect => {
                self.connection = None;
                self.retry = None;
                self.state.closed("disconnected".into());
                self.state.link = Link::Offline;
            }
            Action::Reconnect => match (self.server.clone(), self.state.token.clone()) {
                (Some(server), Some(token)) => self.connect(server, SignIn::Token(token)),
                _ => self
                    .state
                    .say("sign in first: there is no session to resume"),
            },
            Action::Event(Event::Session(s)) => {
                self.state.token = Some(s.token);
                self.state.me = Some(s.user);
            }
            Action::Event(Event::Message(msg)) => {
                for answer in self.state.apply(msg, now) {
                    self.send(answer);
                }
            }
            Action::Event(Event::Closed(why)) => {
                self.connection = None;
                self.state.closed(why);
                // A drop, not a choice: try again with the session, later each time.
                if self.state.token.is_some() && self.server.is_some() {
                    let pause = self.backoff.max(FIRST_RETRY);
                    self.retry = Some(now + pause);
                    self.backoff = (pause * 2).min(MAX_RETRY);
                }
            }
            Action::Move { game, mv } => self.play(game, &mv),
            Action::MyGames => self.fetch_my_games(),
            other => {
                if let Some(msg) = message_of(other) {
                    self.send(msg);
                }
            }
        }
    }

    fn connect(&mut self, server: String, sign_in: SignIn) {
        self.connection = None;
        // A token kept from an earlier run is the session's (no sign-in event brings it).
        if let SignIn::Token(t) = &sign_in {
            self.state.token = Some(t.clone());
        }
        match Connection::start(&server, sign_in) {
            Ok(c) => {
                self.connection = Some(c);
                self.server = Some(server);
                self.state.link = Link::Connecting;
            }
            Err(e) => self.state.say(e),
        }
    }

    fn send(&mut self, msg: ClientMessage) {
        match &self.connection {
            Some(c) => c.send(msg),
            None => self.state.say("not connected: connect to a server first"),
        }
    }

    /// Starts fetching this player's last 20 games; the answer arrives in a later
    /// update (the window never waits on the network).
    fn fetch_my_games(&mut self) {
        let (Some(server), Some(me)) = (self.server.clone(), self.state.me.clone()) else {
            return self.state.say("sign in first to see your games");
        };
        let host = match connection::address(&server) {
            Ok((host, _)) => host,
            Err(e) => return self.state.say(e),
        };
        let (tell, rx) = channel();
        let spawned = std::thread::Builder::new()
            .name("chess4d-games".into())
            .spawn(move || {
                let _ = tell.send(http::games_of(&host, &me.name, 20));
            });
        match spawned {
            Ok(_) => self.fetch = Some(rx),
            Err(e) => self.state.say(format!("cannot ask for your games: {e}")),
        }
    }

    /// A move checked against the game's rules before it goes; the board waits for the
    /// server's confirmation.
    fn play(&mut self, id: GameId, text: &str) {
        let Some(g) = self.state.games.get(&id) else {
            return self.state.say(format!("game {}: not on this client", id.0));
        };
        if !g.my_turn() {
            return self.state.say(format!("game {}: not your turn", id.0));
        }
        let rules = g.game.rules().clone();
        let pos = g.game.position();
        let msg = match rules.parse_move(pos, text) {
            Ok(mv) if g.game.legal_moves().contains(&mv) => ClientMessage::Move {
                game: id,
                ply: g.game.moves().len() as u32,
                mv: rules.format_move(pos, mv),
                lag_ms: None,
            },
            Ok(_) => return self.state.say(format!("{text}: not a legal move here")),
            Err(e) => return self.state.say(format!("{text}: {e}")),
        };
        self.send(msg);
    }
}

/// The protocol message of an intent that needs nothing but sending.
fn message_of(action: Action) -> Option<ClientMessage> {
    use ClientMessage as C;
    Some(match action {
        Action::Lobby(on) => C::Lobby { on },
        Action::Seek {
            variant,
            clock,
            rated,
            color,
        } => C::Seek {
            variant,
            clock,
            rated,
            color,
            rating_range: None,
        },
        Action::CancelSeek(seek) => C::CancelSeek { seek },
        Action::AcceptSeek(seek) => C::AcceptSeek { seek },
        Action::Challenge {
            to,
            variant,
            clock,
            rated,
            color,
        } => C::Challenge {
            to,
            variant,
            clock,
            rated,
            color,
        },
        Action::AcceptChallenge(challenge) => C::AcceptChallenge { challenge },
        Action::DeclineChallenge(challenge) => C::DeclineChallenge { challenge },
        Action::JoinInvite(code) => C::JoinInvite { code },
        Action::Watch(game) => C::Watch { game },
        Action::Resign(game) => C::Resign { game },
        Action::Abort(game) => C::Abort { game },
        Action::OfferDraw(game) => C::DrawOffer { game },
        Action::DeclineDraw(game) => C::DrawDecline { game },
        Action::OfferTakeback(game) => C::TakebackOffer { game },
        Action::DeclineTakeback(game) => C::TakebackDecline { game },
        Action::Claim { game, draw } => C::ClaimVictory { game, draw },
        _ => return None,
    })
}
