//! What the engine's test files share: a variant's rules by name and a position's
//! legal moves. (Each test file is its own crate and uses only some of these.)
#![allow(dead_code)]

use chess4d_core::{Move, Position, Rules};
use std::path::Path;
use std::sync::Arc;

/// A variant by name: the built-ins and the repository's `variants/` files (xiangqi,
/// shogi, crazyhouse, ...).
pub fn rules(name: &str) -> Arc<dyn Rules> {
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
    catalog
        .resolve(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The legal moves of `pos`, in the rules' order.
pub fn legal(rules: &dyn Rules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    rules.legal_moves(pos, &mut v);
    v
}
