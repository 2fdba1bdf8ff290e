//! Games to play through the server, found here by the same rules the server uses.

use chess4d_core::{Game, Reason, Rules};
use chess4d_variants::Catalog;
use std::sync::Arc;

/// The variant's rules from the repository's catalog.
pub fn rules(variant: &str) -> Arc<dyn Rules> {
    let mut catalog = Catalog::embedded();
    catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    catalog.get(variant).unwrap()
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A whole game that ends in checkmate: random moves, except that a mating move is
/// always played when there is one and checks and captures are preferred.
pub fn mate_line(variant: &str) -> Vec<String> {
    let rules = rules(variant);
    for seed in 1..200u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut game = Game::new(rules.clone());
        let mut line = Vec::new();
        while game.outcome().is_none() && line.len() < 300 {
            let moves = game.legal_moves().to_vec();
            let mut pick = None;
            let mut forcing = Vec::new();
            for &mv in &moves {
                let mut g = game.clone();
                g.play(mv).unwrap();
                if g.outcome().is_some_and(|o| o.reason == Reason::Checkmate) {
                    pick = Some(mv);
                    break;
                }
                if mv.capture.is_some() || g.in_check() {
                    forcing.push(mv);
                }
            }
            let mv = pick.unwrap_or_else(|| {
                if !forcing.is_empty() && rng.next(3) > 0 {
                    forcing[rng.next(forcing.len())]
                } else {
                    moves[rng.next(moves.len())]
                }
            });
            line.push(rules.format_move(game.position(), mv));
            game.play(mv).unwrap();
        }
        if game
            .outcome()
            .is_some_and(|o| o.reason == Reason::Checkmate)
        {
            return line;
        }
    }
    panic!("no mate found in {variant}");
}

/// The first `plies` moves of a random game that contains a drop and has not ended.
pub fn line_with_drop(variant: &str, plies: usize) -> Vec<String> {
    let rules = rules(variant);
    for seed in 1..500u64 {
        let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        let mut game = Game::new(rules.clone());
        let mut line = Vec::new();
        let mut dropped = false;
        while game.outcome().is_none() && line.len() < plies {
            let moves = game.legal_moves().to_vec();
            let drops: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.dropped().is_some())
                .collect();
            let mv = if !drops.is_empty() {
                drops[rng.next(drops.len())]
            } else {
                moves[rng.next(moves.len())]
            };
            dropped |= mv.dropped().is_some();
            line.push(rules.format_move(game.position(), mv));
            game.play(mv).unwrap();
        }
        if dropped && game.outcome().is_none() && line.len() == plies {
            return line;
        }
    }
    panic!("no game with a drop found in {variant}");
}

/// Random legal moves that do not end the game, up to `plies` (fewer if every move
/// would end it).
pub fn opening(variant: &str, plies: usize) -> Vec<String> {
    let rules = rules(variant);
    let mut game = Game::new(rules.clone());
    let mut line = Vec::new();
    let mut rng = Rng(7);
    while line.len() < plies {
        let mut moves = game.legal_moves().to_vec();
        let mut next = None;
        while !moves.is_empty() {
            let mv = moves.swap_remove(rng.next(moves.len()));
            let mut g = game.clone();
            g.play(mv).unwrap();
            if g.outcome().is_none() {
                next = Some((mv, g));
                break;
            }
        }
        let Some((mv, g)) = next else { break };
        line.push(rules.format_move(game.position(), mv));
        game = g;
    }
    line
}
