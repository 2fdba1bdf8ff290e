//! The board while it shows a server's game (the Online tab, gui/online.rs): the game
//! in progress waits in the stash as under a puzzle; the board is a copy of the game
//! the server confirmed, replaced whenever the server's differs, so it never shows a
//! position the server does not have. A move made by mouse is not played here: it
//! waits in an outbox that the window hands to the online client, and comes back on
//! the board once the server confirms it. The computer never moves on this board
//! (the opponent is marked as the computer only so the board turns to the player).

use super::{Mode, Player, Session};
use chess4d_core::{Color, Game, Move};

/// What the board knows of the online game it shows.
#[derive(Clone, Debug, Default)]
pub struct OnlineBoard {
    /// The server's number of the game shown.
    pub game: Option<u64>,
    /// The side this player has (none: watching).
    pub side: Option<Color>,
    /// Whether the game is rated (no hints then).
    pub rated: bool,
    /// How the server ended it, in words.
    pub end: Option<String>,
    /// Moves made by mouse, in the rules' notation, not yet handed to the client.
    outbox: Vec<String>,
}

/// The server's game for the board: its number, the game, this player's side, rated,
/// and the end in words.
#[derive(Clone, Copy, Debug)]
pub struct ServerGame<'a> {
    /// The server's number.
    pub id: u64,
    /// The moves the server confirmed, under its rules.
    pub game: &'a Game,
    /// This player's side (none: watching).
    pub side: Option<Color>,
    /// Rated.
    pub rated: bool,
    /// The end, in words, once the server declared it.
    pub end: Option<&'a str>,
}

impl Session {
    /// The online game the board shows, when it shows one.
    pub fn online_board(&self) -> Option<&OnlineBoard> {
        (self.mode == Mode::Online).then_some(&self.online)
    }

    /// Shows the server's game on the board (stashing the game in progress the first
    /// time), or brings the board to it when the server's moves differ from the
    /// board's. Nothing changes when they agree, so a selection survives the frames.
    pub fn show_online(&mut self, server: ServerGame<'_>) {
        let entering = self.mode != Mode::Online;
        if entering {
            // The analysis's engine is not for online games (analysis.rs refuses it).
            if self.analysing() {
                self.set_analysis(false);
            }
            self.set_mode(Mode::Online);
            self.stash_game();
        }
        let end = server.end.map(str::to_string);
        let same = self.online.game == Some(server.id)
            && self.game.moves() == server.game.moves()
            && self.online.end == end;
        // Coming back from another tab, the board holds the game in progress: replace it
        // even when its moves happen to match (two games with none).
        if same && !entering {
            return;
        }
        self.opponent.cancel();
        self.variant = server.game.rules().info().name.clone();
        self.game = server.game.clone();
        // The board turns to the player; a spectator sees White at the bottom.
        let me = server.side.unwrap_or(Color::White);
        self.players[me.index()] = Player::Human;
        self.players[(!me).index()] = Player::Computer;
        self.hint = None;
        let same_game = self.online.game == Some(server.id) && !entering;
        if !same_game {
            self.cancel_premove();
        }
        self.online = OnlineBoard {
            game: Some(server.id),
            side: server.side,
            rated: server.rated,
            end,
            outbox: std::mem::take(&mut self.online.outbox),
        };
        self.clear_selection();
        // The opponent's move is on the board: a premove entered meanwhile goes now.
        let premoved = self.premove().is_some() || self.premove_from().is_some();
        if same_game && premoved && self.online_accepts_moves() {
            self.play_premove(); // clock_premove.rs
        }
    }

    /// Whether the board waits for the opponent in this player's online game (a click
    /// then enters a premove).
    pub(super) fn online_awaits_opponent(&self) -> bool {
        self.online.end.is_none()
            && self.game.outcome().is_none()
            && self
                .online
                .side
                .is_some_and(|me| me != self.game.position().side_to_move())
    }

    /// Leaves the online board for the game in progress under it.
    pub fn leave_online(&mut self) {
        if self.mode == Mode::Online {
            self.set_mode(Mode::Play);
        }
        self.online = OnlineBoard::default();
    }

    /// The moves made by mouse since the last call, for the online client, with the
    /// game they belong to.
    pub fn take_online_moves(&mut self) -> Vec<(u64, String)> {
        let Some(id) = self.online.game else {
            self.online.outbox.clear();
            return Vec::new();
        };
        std::mem::take(&mut self.online.outbox)
            .into_iter()
            .map(|m| (id, m))
            .collect()
    }

    /// A message from the online client for the news bar (and scripts).
    pub fn online_notice(&mut self, error: bool, text: impl Into<String>) {
        self.notify(error, text);
    }

    /// Whether this player may move on the online board now: their side to move in a
    /// game the server has not ended.
    pub(super) fn online_accepts_moves(&self) -> bool {
        self.online.end.is_none() && self.online.side == Some(self.game.position().side_to_move())
    }

    /// Whether the board shows an online game this player plays and that goes on (no
    /// analysis then).
    pub fn online_playing(&self) -> bool {
        self.mode == Mode::Online && self.online.side.is_some() && self.online.end.is_none()
    }

    /// Whether hints are refused: a rated online game going on, as on lichess.
    pub(super) fn online_forbids_help(&self) -> bool {
        self.online_playing() && self.online.rated
    }

    /// A move made on the online board: it goes to the server, the board waits.
    pub(super) fn play_online(&mut self, mv: Move) {
        if self.online_accepts_moves() && self.game.legal_moves().contains(&mv) {
            let text = self.rules().format_move(self.game.position(), mv);
            self.online.outbox.push(text);
        }
        self.clear_selection();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn a_move_waits_for_the_server_and_the_board_follows_it() {
        // The local game is the full set's; the server's is orthodox chess.
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        let mut server = Game::new(Catalog::embedded().get("orthodox").unwrap());
        let show = |s: &mut Session, g: &Game, end: Option<&str>| {
            s.show_online(ServerGame {
                id: 3,
                game: g,
                side: Some(Color::White),
                rated: true,
                end,
            })
        };
        show(&mut s, &server, None);
        assert_eq!(s.mode(), Mode::Online);
        // Off to the Play tab and back: the board is the server's again, not the
        // local game that came back (both have no move yet).
        s.set_mode(Mode::Play);
        assert_eq!(s.variant(), "full");
        show(&mut s, &server, None);
        assert_eq!(s.variant(), "orthodox");
        assert_eq!(
            (s.mode(), s.online_board().map(|o| o.game)),
            (Mode::Online, Some(Some(3)))
        );
        assert!(s.online_accepts_moves());
        // Rated: no hint, no analysis, each refused in words.
        s.request_hint();
        s.set_analysis(true);
        assert!(!s.analysing());
        let said: Vec<&str> = s.notices().iter().map(|n| n.text.as_str()).collect();
        assert!(said[0].starts_with("No hints"), "{said:?}");
        assert!(said[1].starts_with("No analysis"), "{said:?}");
        let sq = |s: &Session, n: &str| s.rules().info().shape.parse_square(n).unwrap();
        let e2 = sq(&s, "e2");
        let e4 = sq(&s, "e4");
        s.click(e2);
        s.click(e4);
        // Not played here: it waits for the client, the board unchanged.
        assert_eq!(s.game().moves().len(), 0);
        let sent = s.take_online_moves();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].0, 3);
        // The server confirms it: the board follows; Black's turn is not this player's.
        server.play_str(&sent[0].1).unwrap();
        show(&mut s, &server, None);
        assert_eq!(s.game().moves().len(), 1);
        assert!(!s.online_accepts_moves());
        let e7 = sq(&s, "e7");
        s.click(e7);
        assert_eq!(s.selected(), None, "no selection on the opponent's turn");
        // A premove on the opponent's turn goes to the server once the answer is on
        // the board.
        let (d2, d4) = (sq(&s, "d2"), sq(&s, "d4"));
        s.click(d2);
        s.click(d4);
        assert_eq!(s.premove(), Some((d2, d4)));
        assert!(s.take_online_moves().is_empty(), "not before the answer");
        server.play_str("e7e5").unwrap();
        show(&mut s, &server, None);
        let sent = s.take_online_moves();
        assert_eq!(sent.len(), 1, "the premove went");
        server.play_str(&sent[0].1).unwrap();
        assert_eq!(s.game().moves().len(), 2, "the board waits for the server");
        // An end declared by the server (resignation) stops the moves.
        show(&mut s, &server, Some("Black resigned"));
        assert!(!s.online_accepts_moves());
        // Leaving brings the game in progress back.
        s.leave_online();
        assert_eq!(s.mode(), Mode::Play);
        assert_eq!(s.game().moves().len(), 0);
        assert_eq!(s.variant(), "full");
    }
}
