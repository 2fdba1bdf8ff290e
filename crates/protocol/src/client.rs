//! What a client sends on the WebSocket.

use crate::types::{ChallengeId, ClockConfig, ColorChoice, GameId, RatingRange, SeekId};
use serde::{Deserialize, Serialize};

/// A message from a client. The JSON object's `"t"` names the variant in snake case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: the protocol version spoken, and the session token from the
    /// HTTP API (none: a spectator who can only watch).
    Hello {
        /// Must be [`crate::PROTOCOL_VERSION`].
        version: u32,
        /// The token of `POST /api/login`, `/api/signup` or `/api/guest`.
        token: Option<String>,
        /// The SHA-256 of every plugin library the client has (lower-case hex): a game
        /// of a plugin variant is joined only with the identical library.
        #[serde(default)]
        plugins: Vec<String>,
    },
    /// Keeps the socket alive; `lag_ms` is the client's own estimate of its one-way
    /// lag, which the server may use for lag compensation.
    Ping {
        /// The client's lag estimate in milliseconds.
        lag_ms: Option<u64>,
    },
    /// Starts (`on: true`) or stops receiving the lobby's seeks.
    Lobby {
        /// Whether to receive them.
        on: bool,
    },
    /// Puts a seek in the lobby.
    Seek {
        /// The variant's catalog name.
        variant: String,
        /// The time control.
        clock: ClockConfig,
        /// Rated (accounts only) or casual.
        rated: bool,
        /// The colour the seeker plays.
        #[serde(default)]
        color: ColorChoice,
        /// The opponents' ratings accepted.
        #[serde(default)]
        rating_range: Option<RatingRange>,
    },
    /// Withdraws one's own seek.
    CancelSeek {
        /// The seek.
        seek: SeekId,
    },
    /// Accepts someone's seek: the game starts.
    AcceptSeek {
        /// The seek.
        seek: SeekId,
    },
    /// Challenges a named player (`to`), or with `to: null` creates an invitation whose
    /// code anyone can use to join.
    Challenge {
        /// The player challenged; none for an invitation.
        to: Option<String>,
        /// The variant's catalog name.
        variant: String,
        /// The time control.
        clock: ClockConfig,
        /// Rated (accounts only) or casual.
        rated: bool,
        /// The colour the challenger plays.
        #[serde(default)]
        color: ColorChoice,
    },
    /// Accepts a challenge addressed to oneself.
    AcceptChallenge {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// Declines a challenge addressed to oneself (or withdraws one's own).
    DeclineChallenge {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// Joins the game of an invitation code.
    JoinInvite {
        /// The code.
        code: String,
    },
    /// Watches a game (or rejoins one's own after reconnecting): the answer is
    /// `game_full`, then every event of the game.
    Watch {
        /// The game.
        game: GameId,
    },
    /// Stops watching a game.
    Unwatch {
        /// The game.
        game: GameId,
    },
    /// Plays a move.
    Move {
        /// The game.
        game: GameId,
        /// How many plies the game has before this move (the move's index): a move sent
        /// for another ply is stale and refused.
        ply: u32,
        /// The move in the rules' notation (`a2[0,0]a3[0,0]`, `e7e8q`, `P@e4`).
        mv: String,
        /// The client's lag estimate for this move, in milliseconds.
        #[serde(default)]
        lag_ms: Option<u64>,
    },
    /// Resigns.
    Resign {
        /// The game.
        game: GameId,
    },
    /// Calls the game off (only before each side has made its first move).
    Abort {
        /// The game.
        game: GameId,
    },
    /// Offers a draw, or accepts the opponent's standing offer.
    DrawOffer {
        /// The game.
        game: GameId,
    },
    /// Declines the opponent's draw offer.
    DrawDecline {
        /// The game.
        game: GameId,
    },
    /// Asks to take back one's last move, or accepts the opponent's request.
    TakebackOffer {
        /// The game.
        game: GameId,
    },
    /// Declines the opponent's takeback request.
    TakebackDecline {
        /// The game.
        game: GameId,
    },
    /// Claims the win (or a draw with `draw: true`) when the opponent has been gone
    /// past the limit the server announced.
    ClaimVictory {
        /// The game.
        game: GameId,
        /// Claim a draw instead of the win.
        #[serde(default)]
        draw: bool,
    },
}

impl ClientMessage {
    /// Every `"t"` a client may send, in the document's order.
    pub const TYPES: &'static [&'static str] = &[
        "hello",
        "ping",
        "lobby",
        "seek",
        "cancel_seek",
        "accept_seek",
        "challenge",
        "accept_challenge",
        "decline_challenge",
        "join_invite",
        "watch",
        "unwatch",
        "move",
        "resign",
        "abort",
        "draw_offer",
        "draw_decline",
        "takeback_offer",
        "takeback_decline",
        "claim_victory",
    ];

    /// The game the message is about, if any.
    pub fn game(&self) -> Option<crate::GameId> {
        use ClientMessage::*;
        match self {
            Watch { game }
            | Unwatch { game }
            | Move { game, .. }
            | Resign { game }
            | Abort { game }
            | DrawOffer { game }
            | DrawDecline { game }
            | TakebackOffer { game }
            | TakebackDecline { game }
            | ClaimVictory { game, .. } => Some(*game),
            _ => None,
        }
    }
}
