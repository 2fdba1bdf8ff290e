//! The gentle opponent: a first game's computer that lets a newcomer play.
//!
//! On the 4D full set White can force mate in 4 and a shallow search finds the short
//! mating attacks against a newcomer's first moves, so even level 1 ended most games
//! against a random mover within ten moves (median 5 moves over 20 seeded games). The
//! gentle opponent plays at level 2 (two plies, seeded noise) and gives no check during
//! the game's first [`QUIET_MOVES`] moves unless every legal move checks: it takes what
//! is left hanging and answers threats, but does not hunt the king before the newcomer
//! has developed. After that it plays level 2 as it is.

use crate::{Level, Limits, game_history};
use chess4d_core::{Game, Move};

/// The moves (White's and Black's) of a game during which the gentle opponent gives
/// no check.
pub const QUIET_MOVES: usize = 15;

/// The level the gentle opponent searches at: two plies, so it sees a threat one move
/// away and the answer to it, with level 2's noise.
pub fn gentle_level() -> Level {
    Level::new(2).unwrap_or(Level::MIN)
}

/// The limits of the gentle opponent's move in `game`, its noise seeded by `seed`.
///
/// # Examples
///
/// ```
/// use chess4d_engine::{gentle_limits, search};
/// let rules = chess4d_variants::Catalog::embedded().resolve("full").unwrap();
/// let game = chess4d_core::Game::new(rules.clone());
/// let limits = gentle_limits(&game, 1);
/// assert_eq!(limits.level.get(), 2);
/// let best = search(&*rules, game.position(), &limits).unwrap().best;
/// let mut pos = game.position().clone();
/// rules.make_move(&mut pos, best);
/// assert!(!rules.in_check(&pos), "no check in the first moves");
/// ```
pub fn gentle_limits(game: &Game, seed: u64) -> Limits {
    Limits {
        root_moves: quiet_moves(game),
        ..Limits::default()
            .with_level(gentle_level())
            .with_seed(seed)
            .with_history(game_history(game))
    }
}

/// The legal moves that give no check while the game is young; empty (every move
/// allowed) later, or when every move checks.
fn quiet_moves(game: &Game) -> Vec<Move> {
    if game.moves().len() >= 2 * QUIET_MOVES {
        return Vec::new();
    }
    let rules = game.rules();
    let mut pos = game.position().clone();
    game.legal_moves()
        .iter()
        .copied()
        .filter(|&mv| {
            let undo = rules.make_move(&mut pos, mv);
            let check = rules.in_check(&pos);
            rules.unmake_move(&mut pos, &undo);
            !check
        })
        .collect()
}
