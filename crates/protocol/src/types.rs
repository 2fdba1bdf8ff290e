//! The values messages carry: ids, clocks, players, games.

use serde::{Deserialize, Serialize};

/// A game's number on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

/// A seek's number in the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeekId(pub u64);

/// A challenge's (or invitation's) number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChallengeId(pub u64);

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The colour a seek or challenge asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorChoice {
    /// The creator plays White.
    White,
    /// The creator plays Black.
    Black,
    /// The server draws lots.
    #[default]
    Random,
}

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClockConfig {
    /// Fischer: `initial_ms` each, `increment_ms` added after each of one's moves.
    Fischer {
        /// Each side's time at the start, in milliseconds.
        initial_ms: u64,
        /// Added to the mover's clock after each move, in milliseconds.
        increment_ms: u64,
    },
    /// Correspondence: each move must be made within `days` days.
    Correspondence {
        /// Days allowed for each move.
        days: u32,
    },
    /// No clock at all (casual games only).
    Unlimited,
}

/// Both clocks, in milliseconds left, as the server last computed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// Whose clock is running (none before the first moves and after the end).
    pub running: Option<Side>,
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The account or guest name.
    pub name: String,
    /// Whether this is a guest (no account, casual games only).
    pub guest: bool,
    /// The player's rating in the game's variant, when they have an account.
    pub rating: Option<f64>,
}

/// A variant as a game carries it: the rules travel with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantInfo {
    /// The catalog name (`full`, `crazyhouse`).
    pub name: String,
    /// The variant file's text (TOML), exactly as the server reads it.
    pub toml: String,
    /// The SHA-256 of `toml`'s bytes, lower-case hex.
    pub sha256: String,
    /// For a plugin variant, the library its rules are: a client needs the identical
    /// library (by SHA-256) to play it. Absent or `null` for table rules.
    #[serde(default)]
    pub plugin: Option<PluginLibrary>,
}

/// The native library of a plugin variant, as the server loaded it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginLibrary {
    /// The library's name in the variant file (`plugin = "tensor_chess"`).
    pub library: String,
    /// The SHA-256 of the library file's bytes, lower-case hex.
    pub sha256: String,
}

/// Rating bounds a seek accepts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRange {
    /// The lowest rating accepted.
    pub min: f64,
    /// The highest rating accepted.
    pub max: f64,
}

/// A seek in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeekInfo {
    /// Its number.
    pub id: SeekId,
    /// Who is seeking.
    pub player: PlayerInfo,
    /// The variant's catalog name.
    pub variant: String,
    /// The time control.
    pub clock: ClockConfig,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The colour the seeker plays.
    pub color: ColorChoice,
    /// The ratings the seeker accepts, if limited.
    pub rating_range: Option<RatingRange>,
}

/// A direct challenge or an invitation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeInfo {
    /// Its number.
    pub id: ChallengeId,
    /// Who challenges.
    pub from: PlayerInfo,
    /// Who is challenged; none for an invitation (anyone with the code).
    pub to: Option<String>,
    /// The variant's catalog name.
    pub variant: String,
    /// The time control.
    pub clock: ClockConfig,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The colour the challenger plays.
    pub color: ColorChoice,
    /// The invitation code, for invitations (shown only to their creator).
    pub code: Option<String>,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Being played.
    Playing,
    /// Over: see the game's `end`.
    Finished,
    /// Called off before it really began (no rating change, no result).
    Aborted,
}

/// One player's rating change at the end of a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The rating deviation after.
    pub deviation: f64,
    /// The volatility after.
    pub volatility: f64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnd {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// The winner, none for a draw or an abort.
    pub winner: Option<Side>,
    /// Why, as a word: `checkmate`, `stalemate`, `repetition`, `move_limit`,
    /// `bare_kings`, `goal`, `checks`, `extinction`, `passes`, `bikjang`,
    /// `resignation`, `agreement`, `timeout`, `timeout_vs_insufficient`, `abandoned`,
    /// `aborted`.
    pub reason: String,
    /// White's rating change (rated games).
    pub white_rating: Option<RatingChange>,
    /// Black's rating change (rated games).
    pub black_rating: Option<RatingChange>,
}

/// A game in full: what a player or a spectator receives on joining or reconnecting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameFull {
    /// The game's number.
    pub id: GameId,
    /// The rules, with their text and its SHA-256.
    pub variant: VariantInfo,
    /// White.
    pub white: PlayerInfo,
    /// Black.
    pub black: PlayerInfo,
    /// Whether the game is rated.
    pub rated: bool,
    /// The time control.
    pub clock: ClockConfig,
    /// The start position (the variant's FEN).
    pub start_fen: String,
    /// Every move so far in the rules' notation, from the start.
    pub moves: Vec<String>,
    /// The clocks now.
    pub clocks: Clocks,
    /// Where it stands.
    pub status: GameStatus,
    /// How it ended, once it has.
    pub end: Option<GameEnd>,
    /// The side of the one receiving this message; none for a spectator.
    pub you: Option<Side>,
    /// A draw offer standing now, by whom.
    pub draw_offer: Option<Side>,
    /// A takeback request standing now, by whom.
    pub takeback_offer: Option<Side>,
}
