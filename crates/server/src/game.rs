//! A game being played: the core's `Game` (the only judge), the players, the clocks, the
//! standing offers and everyone watching.

use crate::clock::Clock;
use crate::store::UserId;
use crate::variants::Served;
use chess4d_core::{Color, Game, Outcome, Reason};
use chess4d_protocol::{
    ClockConfig, GameEnd, GameFull, GameId, GameStatus, PlayerInfo, Side, encode,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A connection's number.
pub type ConnId = u64;

pub use crate::outbox::Outbox;

/// The protocol's side of a core colour, and back.
pub fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// A player of a game.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The user.
    pub id: UserId,
    /// As others see them.
    pub info: PlayerInfo,
}

/// A live game behind its lock, with what can be read without the lock.
pub struct GameHandle {
    /// The game's number.
    pub id: GameId,
    /// White's user.
    pub white: UserId,
    /// Black's user.
    pub black: UserId,
    /// When the running clock's flag falls (ms since 1970), 0 when none runs.
    pub deadline: AtomicU64,
    /// The game.
    pub state: tokio::sync::Mutex<LiveGame>,
}

impl GameHandle {
    /// The side `user` plays here.
    pub fn side(&self, user: UserId) -> Option<Side> {
        if user == self.white {
            Some(Side::White)
        } else if user == self.black {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Records when the flag falls.
    pub fn set_deadline(&self, clock: &Clock) {
        self.deadline
            .store(clock.deadline().unwrap_or(0), Ordering::Relaxed);
    }
}

/// A game in progress.
pub struct LiveGame {
    /// Its number.
    pub id: GameId,
    /// The variant (rules, text, hash).
    pub variant: Served,
    /// The core's game: rules, history, draw rules, ends.
    pub game: Game,
    /// White.
    pub white: Seat,
    /// Black.
    pub black: Seat,
    /// Rated.
    pub rated: bool,
    /// The time control.
    pub clock_config: ClockConfig,
    /// The clocks.
    pub clock: Clock,
    /// The start position.
    pub start_fen: String,
    /// The moves in wire notation.
    pub moves: Vec<String>,
    /// A standing draw offer.
    pub draw_offer: Option<Side>,
    /// A standing takeback request.
    pub takeback_offer: Option<Side>,
    /// Since when each side (white, black) has had no connection.
    pub gone_since: [Option<u64>; 2],
    /// Everyone receiving the game's events, with the side they play (none: watching).
    pub watchers: HashMap<ConnId, (Outbox, Option<Side>)>,
    /// Set once the end is stored.
    pub over: bool,
}

impl LiveGame {
    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        side_of(self.game.position().side_to_move())
    }

    /// A seat by side.
    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Sends a message to everyone on the game.
    pub fn broadcast<T: serde::Serialize>(&self, msg: &T) {
        let frame: Arc<str> = encode(msg).into();
        for (outbox, _) in self.watchers.values() {
            let _ = outbox.send(frame.clone());
        }
    }

    /// The game in full, as `you` sees it.
    pub fn full(&self, you: Option<Side>, now: u64) -> GameFull {
        GameFull {
            id: self.id,
            variant: self.variant.info.clone(),
            white: self.white.info.clone(),
            black: self.black.info.clone(),
            rated: self.rated,
            clock: self.clock_config,
            start_fen: self.start_fen.clone(),
            moves: self.moves.clone(),
            clocks: self.clock.snapshot(now),
            status: GameStatus::Playing,
            end: None,
            you,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
        }
    }

    /// Sends each watcher the game in full.
    pub fn send_full_to_all(&self, now: u64) {
        for (outbox, side) in self.watchers.values() {
            let msg = chess4d_protocol::ServerMessage::GameFull {
                game: Box::new(self.full(*side, now)),
            };
            let _ = outbox.send(encode(&msg).into());
        }
    }
}

/// The word of a core reason on the wire.
pub fn reason_word(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::Repetition => "repetition",
        Reason::MoveLimit => "move_limit",
        Reason::BareKings => "bare_kings",
        Reason::Resignation => "resignation",
        Reason::Agreement => "agreement",
        Reason::Goal => "goal",
        Reason::Checks => "checks",
        Reason::Extinction => "extinction",
        Reason::Passes => "passes",
        Reason::Bikjang => "bikjang",
        Reason::Timeout => "timeout",
        Reason::TimeoutVsInsufficient => "timeout_vs_insufficient",
    }
}

/// An end with its result string, before ratings.
pub fn end_of(winner: Option<Side>, reason: &str) -> GameEnd {
    let result = match winner {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    GameEnd {
        result: result.into(),
        winner,
        reason: reason.into(),
        white_rating: None,
        black_rating: None,
    }
}

/// The end the rules declared.
pub fn end_of_outcome(outcome: Outcome) -> GameEnd {
    end_of(outcome.winner.map(side_of), reason_word(outcome.reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_carry_the_result_and_the_reason() {
        let end = end_of_outcome(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate,
        });
        assert_eq!(
            (end.result.as_str(), end.reason.as_str()),
            ("0-1", "checkmate")
        );
        assert_eq!(end_of(None, "timeout_vs_insufficient").result, "1/2-1/2");
    }
}
