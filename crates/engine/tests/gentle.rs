//! The gentle opponent is a game, not a gift or an ambush: against a random mover
//! playing White on the 4D full set, the median game lasts at least 15 moves and the
//! gentle opponent still wins at least 15 of 20 games. Seeded, so every run plays the
//! same games; the engine is built at opt-level 3 in the test profile.

use chess4d_core::{Color, Game};
use chess4d_engine::{Rng, gentle_limits, search};

/// A game cut off here counts as not won (a draw for this test).
const MAX_PLIES: usize = 400;

/// The plies played and the winner of one game, White moving at random.
fn play(seed: u64) -> (usize, Option<Color>) {
    let rules = chess4d_variants::Catalog::embedded()
        .resolve("full")
        .expect("built-in variant");
    let mut game = Game::new(rules.clone());
    let mut rng = Rng::new(seed);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let mv = if game.position().side_to_move() == Color::White {
            let legal = game.legal_moves();
            legal[rng.below(legal.len())]
        } else {
            let limits = gentle_limits(&game, seed * 1000 + game.moves().len() as u64);
            search(&**game.rules(), game.position(), &limits)
                .expect("the game goes on")
                .best
        };
        game.play(mv).expect("a legal move");
    }
    (game.moves().len(), game.outcome().and_then(|o| o.winner))
}

#[test]
fn the_gentle_opponent_gives_a_game_and_still_wins_it() {
    let games: Vec<(usize, Option<Color>)> = (0..20).map(play).collect();
    // A move is White's and Black's: two plies.
    let mut moves: Vec<usize> = games.iter().map(|&(plies, _)| plies.div_ceil(2)).collect();
    moves.sort_unstable();
    let median = (moves[9] + moves[10]) / 2;
    let wins = games.iter().filter(|g| g.1 == Some(Color::Black)).count();
    eprintln!("moves per game {moves:?}, median {median}, gentle opponent won {wins} of 20");
    assert!(median >= 15, "median game {median} moves: {moves:?}");
    assert!(
        wins >= 15,
        "the gentle opponent won {wins} of 20: {games:?}"
    );
}
