//! What the server sends on the WebSocket.

use crate::error::ErrorMessage;
use crate::types::{
    ChallengeInfo, Clocks, GameEnd, GameFull, GameId, PlayerInfo, SeekId, SeekInfo, Side,
};
use serde::{Deserialize, Serialize};

/// A message from the server. The JSON object's `"t"` names the variant in snake case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: who you are, and the games you are playing now.
    Welcome {
        /// The protocol version of the server.
        version: u32,
        /// You, or none for an anonymous spectator; `rating` is your rating in the
        /// server's default variant (`full`; 1500 before any rated game, none for a guest).
        user: Option<PlayerInfo>,
        /// Your games in progress (watch them to receive their state).
        playing: Vec<GameId>,
        /// Your rating in every variant you have played rated (`name` is the variant).
        #[serde(default)]
        ratings: Vec<crate::http::LeaderboardRow>,
    },
    /// The answer to `ping`.
    Pong,
    /// A refusal: nothing was changed.
    Error(ErrorMessage),
    /// Every seek of the lobby (after `lobby` with `on: true`).
    Lobby {
        /// The seeks.
        seeks: Vec<SeekInfo>,
    },
    /// A seek entered the lobby (your own seeks too: that is how you learn its id).
    SeekAdded {
        /// The seek.
        seek: SeekInfo,
    },
    /// A seek left the lobby (withdrawn, accepted, or its player left).
    SeekRemoved {
        /// The seek.
        seek: SeekId,
    },
    /// A challenge addressed to you, or your own challenge or invitation as created.
    Challenge {
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// A challenge was declined or withdrawn.
    ChallengeGone {
        /// The challenge.
        challenge: crate::ChallengeId,
    },
    /// A game in full: on its start, on `watch`, after reconnecting.
    GameFull {
        /// The game (boxed: it is by far the largest message).
        game: Box<GameFull>,
    },
    /// A move was played.
    Move {
        /// The game.
        game: GameId,
        /// The move's index (plies before it).
        ply: u32,
        /// The move in the rules' notation.
        mv: String,
        /// Both clocks after the move.
        clocks: Clocks,
    },
    /// Moves were taken back: the game now has `ply` plies.
    Takeback {
        /// The game.
        game: GameId,
        /// The plies left.
        ply: u32,
        /// Both clocks now.
        clocks: Clocks,
    },
    /// A side offers a draw.
    DrawOffered {
        /// The game.
        game: GameId,
        /// Who offers.
        by: Side,
    },
    /// A side asks to take back its last move.
    TakebackOffered {
        /// The game.
        game: GameId,
        /// Who asks.
        by: Side,
    },
    /// A standing draw offer or takeback request was declined (or lapsed with a move).
    OfferDeclined {
        /// The game.
        game: GameId,
        /// Who declined.
        by: Side,
    },
    /// A player's last connection closed; after `claim_after_ms` the opponent may claim.
    PlayerGone {
        /// The game.
        game: GameId,
        /// Who left.
        side: Side,
        /// When the opponent may claim, in milliseconds from now.
        claim_after_ms: u64,
    },
    /// A player who was gone is back.
    PlayerBack {
        /// The game.
        game: GameId,
        /// Who is back.
        side: Side,
    },
    /// The game is over.
    End {
        /// The game.
        game: GameId,
        /// How.
        end: GameEnd,
        /// The final clocks.
        clocks: Clocks,
    },
}

impl ServerMessage {
    /// Every `"t"` the server may send, in the document's order.
    pub const TYPES: &'static [&'static str] = &[
        "welcome",
        "pong",
        "error",
        "lobby",
        "seek_added",
        "seek_removed",
        "challenge",
        "challenge_gone",
        "game_full",
        "move",
        "takeback",
        "draw_offered",
        "takeback_offered",
        "offer_declined",
        "player_gone",
        "player_back",
        "end",
    ];
}
