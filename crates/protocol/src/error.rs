//! Refusals: every error the server sends has a kind to match on and words for people.

use crate::types::GameId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of refusal an error is. Every refusal leaves everything as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The frame is not a JSON object of a known shape (or is binary).
    BadFrame,
    /// The frame is larger than [`crate::MAX_FRAME_BYTES`]; the socket is closed.
    TooLarge,
    /// The `"t"` names no message of this protocol version.
    UnknownMessage,
    /// `hello` named another protocol version, or a message came before `hello`.
    Version,
    /// The token is unknown, revoked, forged or expired.
    BadToken,
    /// The action needs a signed-in player (or an account, for rated games).
    Unauthorized,
    /// A name or password that cannot be used (HTTP sign-up / sign-in).
    BadCredentials,
    /// The name is taken.
    NameTaken,
    /// No such game, seek, challenge, invitation, player or variant.
    NotFound,
    /// The game is not yours to play (someone else's game, or you are watching it).
    NotYourGame,
    /// It is the opponent's turn.
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// The move was sent for another ply than the game's (a stale or replayed move).
    StaleMove,
    /// The rules refuse the move.
    IllegalMove,
    /// The action is not possible now (abort after the first moves, accepting one's own
    /// seek, a takeback with no move to take back, a claim before the limit).
    NotNow,
    /// A field is out of range (time control, rating range, name length).
    BadRequest,
    /// Too many messages, moves or connections: slow down (the socket may be closed).
    RateLimited,
    /// The variant's rules are a plugin this server does not trust.
    UntrustedVariant,
    /// The variant's rules are a plugin library, and this client did not say in `hello`
    /// that it has the identical library (the same SHA-256): it cannot join the game.
    MissingPlugin,
    /// The server failed (storage); the action may be retried.
    Internal,
}

impl ErrorKind {
    /// The kind as the JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::BadFrame => "bad_frame",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::UnknownMessage => "unknown_message",
            ErrorKind::Version => "version",
            ErrorKind::BadToken => "bad_token",
            ErrorKind::Unauthorized => "unauthorized",
            ErrorKind::BadCredentials => "bad_credentials",
            ErrorKind::NameTaken => "name_taken",
            ErrorKind::NotFound => "not_found",
            ErrorKind::NotYourGame => "not_your_game",
            ErrorKind::NotYourTurn => "not_your_turn",
            ErrorKind::GameOver => "game_over",
            ErrorKind::StaleMove => "stale_move",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::NotNow => "not_now",
            ErrorKind::BadRequest => "bad_request",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::UntrustedVariant => "untrusted_variant",
            ErrorKind::MissingPlugin => "missing_plugin",
            ErrorKind::Internal => "internal",
        }
    }

    /// Every kind, in the document's order.
    pub const ALL: [ErrorKind; 20] = [
        ErrorKind::BadFrame,
        ErrorKind::TooLarge,
        ErrorKind::UnknownMessage,
        ErrorKind::Version,
        ErrorKind::BadToken,
        ErrorKind::Unauthorized,
        ErrorKind::BadCredentials,
        ErrorKind::NameTaken,
        ErrorKind::NotFound,
        ErrorKind::NotYourGame,
        ErrorKind::NotYourTurn,
        ErrorKind::GameOver,
        ErrorKind::StaleMove,
        ErrorKind::IllegalMove,
        ErrorKind::NotNow,
        ErrorKind::BadRequest,
        ErrorKind::RateLimited,
        ErrorKind::UntrustedVariant,
        ErrorKind::MissingPlugin,
        ErrorKind::Internal,
    ];
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refusal: its kind, words for people, and what it answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// The kind.
    pub kind: ErrorKind,
    /// What went wrong, for people.
    pub message: String,
    /// The `"t"` of the message refused, when it could be read.
    #[serde(default)]
    pub reply_to: Option<String>,
    /// The game concerned, if any.
    #[serde(default)]
    pub game: Option<GameId>,
}

impl ErrorMessage {
    /// A refusal of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ErrorMessage {
        ErrorMessage {
            kind,
            message: message.into(),
            reply_to: None,
            game: None,
        }
    }
}

impl fmt::Display for ErrorMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for ErrorMessage {}
