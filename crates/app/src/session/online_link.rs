//! The link between the online client (crate::online) and the board, with no window:
//! once per frame [`OnlineLink::pump`] hands the board's mouse moves to the client,
//! applies the client's queue, passes what the server refused to the news bar in words,
//! keeps the session token in the data folder (so a restarted viewer gets its games
//! back), picks the game to show and brings the board to the server's version of it.

use super::Session;
use super::online::ServerGame;
use crate::online::keep::{self, Kept};
use crate::online::local::LocalServer;
use crate::online::{Action, Link, Online, OnlineGame, SignIn};
use chess4d_core::Color;
use chess4d_protocol::{GameEnd, GameId, Side};
use std::path::PathBuf;
use std::time::Instant;

/// The online client and what the window keeps beside it.
#[derive(Debug, Default)]
pub struct OnlineLink {
    /// The client (its state is read by the Online tab).
    pub client: Online,
    /// The game on the board (or last on it).
    pub shown: Option<GameId>,
    /// The data folder, where the session token is kept.
    pub data_dir: Option<PathBuf>,
    /// The server this viewer started, stopped when the viewer exits.
    pub local: Option<LocalServer>,
    /// The sign-in to use if a kept token is refused.
    fallback: Option<(String, SignIn)>,
    /// Messages of the client already passed to the news bar.
    told: u64,
    /// The token last written to the data folder.
    kept: Option<String>,
    /// Games this client has seen (a new one playing is brought to the board).
    known: Vec<GameId>,
    /// Whether the greeting of the current connection was said.
    greeted: bool,
}

/// The protocol's side as a core colour.
pub fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// How a game ended, in words: "White wins by checkmate", "Draw by agreement".
pub fn end_words(end: &GameEnd) -> String {
    let rating = match (end.white_rating, end.black_rating) {
        (Some(w), Some(b)) => format!(" (ratings now {:.0} and {:.0})", w.after, b.after),
        _ => String::new(),
    };
    match end.winner {
        Some(side) => format!("{} wins by {}{rating}", color_of(side), end.reason),
        None => format!("Draw by {}{rating}", end.reason),
    }
}

/// A game of this player beginning (or coming back), in words: "Online game 3: you
/// play White against bob".
fn game_words(g: &OnlineGame) -> String {
    let (side, other) = match g.you {
        Some(Side::Black) => ("Black", &g.white.name),
        _ => ("White", &g.black.name),
    };
    let back = if g.game.moves().is_empty() {
        String::new()
    } else {
        format!(", back at move {}", g.game.moves().len() / 2 + 1)
    };
    format!(
        "Online game {}: you play {side} against {other}{back}",
        g.id.0
    )
}

impl OnlineLink {
    /// Connects to `server`, with a token kept for it in the data folder when there is
    /// one for the same person (`name`, or anyone when none is given), else as asked.
    pub fn connect(&mut self, server: &str, name: Option<&str>, sign_in: SignIn) {
        let kept = self.data_dir.as_deref().and_then(keep::load).filter(|k| {
            k.server == server && name.is_none_or(|n| n == k.name) && sign_in != SignIn::Guest
        });
        let first = match kept {
            Some(k) => {
                self.fallback = Some((server.to_string(), sign_in));
                self.kept = Some(k.token.clone());
                SignIn::Token(k.token)
            }
            None => sign_in,
        };
        self.client.push(Action::Connect {
            server: server.to_string(),
            sign_in: first,
        });
        self.client.push(Action::Lobby(true));
    }

    /// Once per frame: moves out, news in, the board brought to the shown game when
    /// `on_board` (the Online tab is open). Returns whether a new game of this player
    /// began (the window opens the Online tab for it).
    pub fn pump(&mut self, session: &mut Session, on_board: bool, now: Instant) -> bool {
        for (id, mv) in session.take_online_moves() {
            self.client.push(Action::Move {
                game: GameId(id),
                mv,
            });
        }
        self.client.update(now);
        self.check_local(session);
        self.tell(session);
        self.greet(session);
        self.fall_back();
        self.keep_token(session);
        let fresh = self.pick_game();
        if fresh && let Some(g) = self.shown_game() {
            let words = game_words(g);
            session.online_notice(false, words);
        }
        if on_board || fresh {
            self.show(session);
        }
        fresh
    }

    /// The game on the board, as the client knows it.
    pub fn shown_game(&self) -> Option<&OnlineGame> {
        self.shown.and_then(|id| self.client.state().games.get(&id))
    }

    fn check_local(&mut self, session: &mut Session) {
        if let Some(local) = &mut self.local
            && let Err(e) = local.check()
        {
            self.local = None;
            session.online_notice(true, e);
        }
    }

    /// The client's new messages (refusals, drops) go to the news bar.
    fn tell(&mut self, session: &mut Session) {
        let state = self.client.state();
        let new = (state.told - self.told).min(state.messages.len() as u64) as usize;
        for m in &state.messages[state.messages.len() - new..] {
            session.online_notice(true, m.clone());
        }
        self.told = state.told;
    }

    /// "Signed in as ann on 127.0.0.1:8080" once per connection, in the news bar.
    fn greet(&mut self, session: &mut Session) {
        let state = self.client.state();
        let online = state.link == Link::Online;
        if online && !self.greeted {
            let who = state.me.as_ref().map_or("a spectator", |m| m.name.as_str());
            let server = self.client.server().unwrap_or_default();
            session.online_notice(false, format!("Signed in as {who} on {server}"));
            if state.me.as_ref().is_some_and(|m| !m.guest) {
                self.client.push(Action::MyGames); // the profile's list
            }
        }
        self.greeted = online;
    }

    /// A kept token the server no longer knows (it lost its sessions): sign in as
    /// asked instead, once.
    fn fall_back(&mut self) {
        let state = self.client.state();
        let refused = matches!(state.link, Link::Lost(_)) && state.me.is_none();
        if state.link == Link::Online && state.me.is_some() {
            self.fallback = None;
        } else if refused && let Some((server, sign_in)) = self.fallback.take() {
            self.client.push(Action::Connect { server, sign_in });
            self.client.push(Action::Lobby(true));
        }
    }

    fn keep_token(&mut self, session: &mut Session) {
        let state = self.client.state();
        let (Some(dir), Some(token), Some(me), Some(server)) = (
            self.data_dir.as_deref(),
            state.token.as_ref(),
            state.me.as_ref(),
            self.client.server(),
        ) else {
            return;
        };
        // Guests have nothing to come back to after a restart.
        if me.guest || self.kept.as_ref() == Some(token) {
            return;
        }
        let kept = Kept {
            server: server.to_string(),
            name: me.name.clone(),
            token: token.clone(),
        };
        self.kept = Some(token.clone());
        if let Err(e) = keep::save(dir, &kept) {
            session.online_notice(true, e);
        }
    }

    /// A game of this player that the client has not seen before becomes the shown
    /// one. Whether there was one.
    fn pick_game(&mut self) -> bool {
        let games = &self.client.state().games;
        let fresh = games
            .values()
            .filter(|g| g.you.is_some() && g.end.is_none() && !self.known.contains(&g.id))
            .map(|g| g.id)
            .max();
        let unseen: Vec<GameId> = games
            .keys()
            .filter(|id| !self.known.contains(id))
            .copied()
            .collect();
        self.known.extend(unseen);
        if let Some(id) = fresh {
            self.shown = Some(id);
        }
        fresh.is_some()
    }

    /// Brings the board to the shown game.
    pub fn show(&mut self, session: &mut Session) {
        let Some(g) = self.shown_game() else {
            return;
        };
        let end = g.end.as_ref().map(end_words);
        session.show_online(ServerGame {
            id: g.id.0,
            game: &g.game,
            side: g.you.map(color_of),
            rated: g.rated,
            end: end.as_deref(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_said_in_words() {
        let mut end = GameEnd {
            result: "1-0".into(),
            winner: Some(Side::White),
            reason: "checkmate".into(),
            white_rating: None,
            black_rating: None,
        };
        assert_eq!(end_words(&end), "White wins by checkmate");
        end.winner = None;
        end.reason = "agreement".into();
        let change = |after| chess4d_protocol::RatingChange {
            before: 1500.0,
            after,
            deviation: 200.0,
            volatility: 0.06,
        };
        end.white_rating = Some(change(1512.4));
        end.black_rating = Some(change(1487.6));
        assert_eq!(
            end_words(&end),
            "Draw by agreement (ratings now 1512 and 1488)"
        );
    }
}
