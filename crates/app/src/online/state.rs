//! The app's side of an online session, with no window and no socket: who is signed in,
//! the lobby, the games with their boards and the server's clocks, the offers, and what
//! the server refused, in words. It changes only by [`OnlineState::apply`] of a server
//! message (or the connection's end); the board of a game changes only when the server
//! says a move was played, so it never shows a position the server does not have.

use chess4d_core::{Color, Game, Rules};
use chess4d_protocol::{
    ChallengeInfo, ClientMessage, ClockConfig, Clocks, GameEnd, GameFull, GameId, PlayerInfo,
    SeekInfo, ServerMessage, Side,
};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the connection stands.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Link {
    /// Not connected (never, or after a disconnection: the text says why).
    #[default]
    Offline,
    /// Signing in and connecting.
    Connecting,
    /// Greeted by the server.
    Online,
    /// The connection ended; the reason in words.
    Lost(String),
}

/// A game as this client knows it.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    /// The server's number.
    pub id: GameId,
    /// The board: the variant's rules as the server sent them, the moves it confirmed.
    pub game: Game,
    /// White.
    pub white: PlayerInfo,
    /// Black.
    pub black: PlayerInfo,
    /// The side this client plays (none: watching).
    pub you: Option<Side>,
    /// Whether it is rated.
    pub rated: bool,
    /// The time control.
    pub clock: ClockConfig,
    /// The clocks as the server last sent them, and when they arrived.
    pub clocks: Clocks,
    clocks_at: Instant,
    /// A standing draw offer, by whom.
    pub draw_offer: Option<Side>,
    /// A standing takeback request, by whom.
    pub takeback_offer: Option<Side>,
    /// The end, once the server declared it.
    pub end: Option<GameEnd>,
    /// The opponent left: when a claim is allowed.
    pub gone: Option<(Side, Instant)>,
}

impl OnlineGame {
    /// `side`'s time left at `now`: the server's figure, counted down while it runs.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let ms = match side {
            Side::White => self.clocks.white_ms,
            Side::Black => self.clocks.black_ms,
        };
        let base = Duration::from_millis(ms);
        if self.clocks.running == Some(side) && self.end.is_none() {
            base.saturating_sub(now.saturating_duration_since(self.clocks_at))
        } else {
            base
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        side_of(self.game.position().side_to_move())
    }

    /// Whether this client is to move in a game going on.
    pub fn my_turn(&self) -> bool {
        self.end.is_none() && self.you == Some(self.to_move())
    }
}

/// The protocol's side of a core colour.
pub fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// Everything the app knows of the server.
#[derive(Debug, Default)]
pub struct OnlineState {
    /// The connection.
    pub link: Link,
    /// Who is signed in.
    pub me: Option<PlayerInfo>,
    /// The session token (kept to reconnect).
    pub token: Option<String>,
    /// The lobby's seeks, by id.
    pub seeks: BTreeMap<u64, SeekInfo>,
    /// Challenges to this player and this player's own, by id.
    pub challenges: BTreeMap<u64, ChallengeInfo>,
    /// Games played or watched, by id.
    pub games: BTreeMap<GameId, OnlineGame>,
    /// What the server refused or what went wrong, newest last (the window shows them).
    pub messages: Vec<String>,
    /// The player's rating in every variant played rated (from the server's welcome).
    pub ratings: Vec<chess4d_protocol::LeaderboardRow>,
    /// This player's last games, as the server listed them (after [`crate::online::Action::MyGames`]).
    pub my_games: Option<Vec<chess4d_protocol::GameSummary>>,
    /// How many messages were ever said (the window passes on the ones it has not).
    pub told: u64,
}

impl OnlineState {
    /// Applies one server message at `now`; returns what to send in answer (a game out
    /// of step is asked for again in full).
    pub fn apply(&mut self, msg: ServerMessage, now: Instant) -> Vec<ClientMessage> {
        use ServerMessage as S;
        let mut answer = Vec::new();
        match msg {
            S::Welcome {
                user,
                playing,
                ratings,
                ..
            } => {
                self.link = Link::Online;
                self.me = user;
                self.ratings = ratings;
                // Reconnected: every game in progress comes back in full.
                answer.extend(
                    playing
                        .into_iter()
                        .map(|game| ClientMessage::Watch { game }),
                );
            }
            S::Pong => {}
            S::Error(e) => self.say(match e.game {
                Some(g) => format!("game {}: {}", g.0, e.message),
                None => e.message,
            }),
            S::Lobby { seeks } => self.seeks = seeks.into_iter().map(|s| (s.id.0, s)).collect(),
            S::SeekAdded { seek } => {
                self.seeks.insert(seek.id.0, seek);
            }
            S::SeekRemoved { seek } => {
                self.seeks.remove(&seek.0);
            }
            S::Challenge { challenge } => {
                self.challenges.insert(challenge.id.0, challenge);
            }
            S::ChallengeGone { challenge } => {
                self.challenges.remove(&challenge.0);
            }
            S::GameFull { game } => match load(&game, now) {
                // An accepted challenge left the list by its own `challenge_gone`.
                Ok(g) => {
                    self.games.insert(g.id, g);
                }
                Err(e) => self.say(format!("game {}: {e}", game.id.0)),
            },
            S::Move {
                game,
                ply,
                mv,
                clocks,
            } => answer.extend(self.moved(game, ply, &mv, clocks, now)),
            S::Takeback { game, .. } => answer.push(ClientMessage::Watch { game }),
            other => self.offers_and_ends(other, now),
        }
        answer
    }

    /// A move the server confirmed; a game out of step is asked for in full.
    fn moved(
        &mut self,
        id: GameId,
        ply: u32,
        mv: &str,
        clocks: Clocks,
        now: Instant,
    ) -> Option<ClientMessage> {
        let g = self.games.get_mut(&id)?;
        if ply as usize != g.game.moves().len() || g.game.play_str(mv).is_err() {
            return Some(ClientMessage::Watch { game: id });
        }
        g.clocks = clocks;
        g.clocks_at = now;
        // An offer lapses when its maker's opponent moves.
        g.draw_offer = None;
        g.takeback_offer = None;
        None
    }

    fn offers_and_ends(&mut self, msg: ServerMessage, now: Instant) {
        use ServerMessage as S;
        let id = match &msg {
            S::DrawOffered { game, .. }
            | S::TakebackOffered { game, .. }
            | S::OfferDeclined { game, .. }
            | S::PlayerGone { game, .. }
            | S::PlayerBack { game, .. }
            | S::End { game, .. } => *game,
            _ => return,
        };
        let Some(g) = self.games.get_mut(&id) else {
            return;
        };
        match msg {
            S::DrawOffered { by, .. } => g.draw_offer = Some(by),
            S::TakebackOffered { by, .. } => g.takeback_offer = Some(by),
            S::OfferDeclined { .. } => {
                g.draw_offer = None;
                g.takeback_offer = None;
            }
            S::PlayerGone {
                side,
                claim_after_ms,
                ..
            } => g.gone = Some((side, now + Duration::from_millis(claim_after_ms))),
            S::PlayerBack { .. } => g.gone = None,
            S::End { end, clocks, .. } => {
                g.end = Some(end);
                g.clocks = clocks;
                g.clocks_at = now;
                g.draw_offer = None;
                g.takeback_offer = None;
            }
            _ => {}
        }
    }

    /// A message for the person.
    pub fn say(&mut self, text: impl Into<String>) {
        self.messages.push(text.into());
        self.told += 1;
        if self.messages.len() > 20 {
            self.messages.remove(0);
        }
    }

    /// The connection ended.
    pub fn closed(&mut self, why: String) {
        self.say(format!("connection: {why}"));
        self.link = Link::Lost(why);
        self.seeks.clear();
        self.challenges.clear();
    }

    /// The games this client plays that go on.
    pub fn playing(&self) -> impl Iterator<Item = &OnlineGame> {
        self.games
            .values()
            .filter(|g| g.you.is_some() && g.end.is_none())
    }
}

/// A game as the server sent it, under the rules it sent (the variant's TOML).
fn load(full: &GameFull, now: Instant) -> Result<OnlineGame, String> {
    let rules: Arc<dyn Rules> =
        chess4d_variants::load_text(&full.variant.toml, &full.variant.name, &[])
            .map_err(|e| format!("the variant {} cannot be loaded: {e}", full.variant.name))?;
    let start = rules
        .parse_position(&full.start_fen)
        .map_err(|e| format!("the start position: {e}"))?;
    let mut game = Game::try_from_position(rules, start).map_err(|e| e.to_string())?;
    for (i, mv) in full.moves.iter().enumerate() {
        game.play_str(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    Ok(OnlineGame {
        id: full.id,
        game,
        white: full.white.clone(),
        black: full.black.clone(),
        you: full.you,
        rated: full.rated,
        clock: full.clock,
        clocks: full.clocks,
        clocks_at: now,
        draw_offer: full.draw_offer,
        takeback_offer: full.takeback_offer,
        end: full.end.clone(),
        gone: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_protocol::{GameStatus, VariantInfo};

    fn orthodox_game() -> GameFull {
        let toml = chess4d_variants::EMBEDDED
            .iter()
            .find(|(file, _)| *file == "orthodox.toml")
            .map(|(_, text)| text.to_string())
            .expect("orthodox is embedded");
        let player = |name: &str| PlayerInfo {
            name: name.into(),
            guest: false,
            rating: None,
        };
        GameFull {
            id: GameId(7),
            variant: VariantInfo {
                name: "orthodox".into(),
                toml,
                sha256: String::new(),
                plugin: None,
            },
            white: player("ann"),
            black: player("bob"),
            rated: false,
            clock: ClockConfig::Fischer {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            moves: vec!["e2e4".into()],
            clocks: Clocks {
                white_ms: 60_000,
                black_ms: 60_000,
                running: Some(Side::Black),
            },
            status: GameStatus::Playing,
            end: None,
            you: Some(Side::Black),
            draw_offer: None,
            takeback_offer: None,
        }
    }

    #[test]
    fn a_challenge_goes_when_the_server_says_so_not_when_any_game_begins() {
        let mut s = OnlineState::default();
        let mut full = orthodox_game();
        full.moves.clear();
        full.you = Some(Side::White);
        s.me = Some(full.white.clone());
        let challenge = |id, to: Option<&str>| ChallengeInfo {
            id: chess4d_protocol::ChallengeId(id),
            from: full.white.clone(),
            to: to.map(str::to_string),
            variant: "orthodox".into(),
            clock: full.clock,
            rated: false,
            color: chess4d_protocol::ColorChoice::Random,
            code: None,
        };
        // A challenge to bob and an open invitation, of the game's variant and clock.
        for c in [challenge(1, Some("bob")), challenge(2, None)] {
            s.apply(ServerMessage::Challenge { challenge: c }, Instant::now());
        }
        // Bob accepts: the server says the challenge is gone, then starts the game.
        s.apply(
            ServerMessage::ChallengeGone {
                challenge: chess4d_protocol::ChallengeId(1),
            },
            Instant::now(),
        );
        s.apply(
            ServerMessage::GameFull {
                game: Box::new(full),
            },
            Instant::now(),
        );
        // The invitation is still open on the server, so it stays listed.
        assert_eq!(s.challenges.keys().copied().collect::<Vec<_>>(), vec![2]);
    }

    #[test]
    fn the_board_follows_the_server_and_a_gap_asks_for_the_game_again() {
        let mut s = OnlineState::default();
        let t0 = Instant::now();
        let id = GameId(7);
        let answer = s.apply(
            ServerMessage::GameFull {
                game: Box::new(orthodox_game()),
            },
            t0,
        );
        assert!(answer.is_empty());
        let g = &s.games[&id];
        assert!(g.my_turn());
        assert_eq!(
            g.left(Side::Black, t0 + Duration::from_secs(2)),
            Duration::from_secs(58)
        );
        // A move for a ply this client has not reached: it asks for the game in full.
        let gap = ServerMessage::Move {
            game: id,
            ply: 3,
            mv: "g1f3".into(),
            clocks: g.clocks,
        };
        assert_eq!(s.apply(gap, t0), vec![ClientMessage::Watch { game: id }]);
        assert_eq!(s.games[&id].game.moves().len(), 1, "nothing guessed");
        // Offers come and go; the end stops the clocks.
        s.apply(
            ServerMessage::DrawOffered {
                game: id,
                by: Side::White,
            },
            t0,
        );
        assert_eq!(s.games[&id].draw_offer, Some(Side::White));
        let end = GameEnd {
            result: "1-0".into(),
            winner: Some(Side::White),
            reason: "resignation".into(),
            white_rating: None,
            black_rating: None,
        };
        let clocks = Clocks {
            white_ms: 59_000,
            black_ms: 50_000,
            running: None,
        };
        s.apply(
            ServerMessage::End {
                game: id,
                end,
                clocks,
            },
            t0,
        );
        let g = &s.games[&id];
        assert_eq!((g.draw_offer, g.my_turn()), (None, false));
        assert_eq!(
            g.left(Side::Black, t0 + Duration::from_secs(9)),
            Duration::from_secs(50)
        );
        assert_eq!(s.playing().count(), 0);
        // A refusal is kept in words, with its game.
        let refused = chess4d_protocol::ErrorMessage {
            game: Some(id),
            ..chess4d_protocol::ErrorMessage::new(
                chess4d_protocol::ErrorKind::GameOver,
                "the game is over",
            )
        };
        s.apply(ServerMessage::Error(refused), t0);
        assert_eq!(
            s.messages.last().map(String::as_str),
            Some("game 7: the game is over")
        );
    }
}
