//! What the Online tab keeps between frames (the client and the form's fields) and the
//! words for a clock, apart from online.rs so that the game's panel (online_game.rs),
//! which online.rs draws, imports neither of them.

use crate::online::local::ADDRESS;
use crate::session::online_link::OnlineLink;
use chess4d_protocol::{ClockConfig, ColorChoice};

/// What the Online tab keeps between frames: the client and the form's fields.
#[derive(Debug)]
pub struct OnlineUi {
    /// The client, the shown game, the kept token.
    pub link: OnlineLink,
    /// The server typed.
    pub server: String,
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
    /// The variant of a new seek or challenge.
    pub variant: String,
    /// Its time control (minutes, seconds added), from the lichess presets.
    pub clock: (u64, u64),
    /// Rated (accounts only).
    pub rated: bool,
    /// The colour asked for.
    pub color: ColorChoice,
    /// The player to challenge.
    pub opponent: String,
    /// An invitation code pasted to join.
    pub invite: String,
    /// A game number typed to watch.
    pub watch: String,
}

impl Default for OnlineUi {
    fn default() -> Self {
        OnlineUi {
            link: OnlineLink::default(),
            server: ADDRESS.into(),
            name: String::new(),
            password: String::new(),
            variant: chess4d_variants::DEFAULT_VARIANT.into(),
            clock: (5, 3),
            rated: false,
            color: ColorChoice::Random,
            opponent: String::new(),
            invite: String::new(),
            watch: String::new(),
        }
    }
}

/// A time control in words: "5+3", "3 days a move", "no clock".
pub fn clock_words(c: &ClockConfig) -> String {
    match c {
        ClockConfig::Fischer {
            initial_ms,
            increment_ms,
        } => {
            let m = *initial_ms as f64 / 60_000.0;
            format!("{m}+{}", increment_ms / 1000)
        }
        ClockConfig::Correspondence { days } => format!("{days} days a move"),
        ClockConfig::Unlimited => "no clock".into(),
    }
}
