//! The words for a clock, apart from online.rs so that the game's panel
//! (online_game.rs), which online.rs draws, imports neither of them. What the Online
//! tab keeps between frames is the app's state ([`OnlineUi`]).

pub use crate::app_state::view::OnlineUi;
use chess4d_protocol::ClockConfig;

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
