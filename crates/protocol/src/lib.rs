//! The messages of chess4d's game server, shared by the server and every client.
//!
//! The protocol is written down in `docs/protocol.md` before it is code: a WebSocket
//! carrying one JSON object per text frame, each with a `"t"` field naming its type,
//! plus a small HTTP API for accounts and the read-only parts (finished games, PGN,
//! leaderboards). This crate holds only the types (serde, no I/O, no runtime), so that
//! the server, the bot, the viewer and the tests speak exactly the same words; a test
//! reads every JSON example of the document into these types, so the document and the
//! code cannot drift apart.
//!
//! ```
//! use chess4d_protocol::{ClientMessage, decode_client};
//! let msg = decode_client(r#"{"t":"move","game":7,"ply":0,"mv":"a2[0,0]a3[0,0]"}"#).unwrap();
//! assert!(matches!(msg, ClientMessage::Move { ply: 0, .. }));
//! ```

// Library code turns every failure into an error value; tests may unwrap (clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod client;
mod decode;
mod error;
mod http;
mod server;
mod types;

pub use client::ClientMessage;
pub use decode::{DecodeError, decode_client, decode_server, encode};
pub use error::{ErrorKind, ErrorMessage};
pub use http::{
    Credentials, GameList, GameSummary, HttpError, Leaderboard, LeaderboardRow, Profile,
    RatingHistoryEntry, SessionToken, VariantList, VariantSummary,
};
pub use server::ServerMessage;
pub use types::{
    ChallengeId, ChallengeInfo, ClockConfig, Clocks, ColorChoice, GameEnd, GameFull, GameId,
    GameStatus, PlayerInfo, PluginLibrary, RatingChange, RatingRange, SeekId, SeekInfo, Side,
    VariantInfo,
};

/// The protocol version this crate speaks; `hello` names it and the server refuses others.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest text frame the server reads (bytes); a larger one is refused and closes
/// the socket.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;
