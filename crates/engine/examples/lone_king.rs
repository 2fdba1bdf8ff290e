//! Which pieces can force mate alone: a retrograde solve of king and one piece against
//! a lone king, for any variant in the catalog.
//!
//! On the 4D board a king has up to 35 neighbours, so pieces that mate alone in
//! orthodox chess may not here; the answer explains which endings the engine can win.
//!
//! ```text
//! cargo run --release -p chess4d-engine --example lone_king -- classic Q R B N
//! ```
//!
//! Boards up to 128 squares (the tables hold every placement of three pieces).

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square};
use std::process::ExitCode;

/// No result yet, for `plies`.
const UNKNOWN: i32 = -1;
/// The side not to move is in check, or two pieces share a square.
const ILLEGAL: i32 = -2;
/// The child a capture of the lone piece leads to: bare kings, a draw.
const BARE: u32 = u32::MAX;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(variant) = args.next() else {
        eprintln!("usage: lone_king VARIANT LETTER...   (e.g. lone_king classic Q R)");
        return ExitCode::FAILURE;
    };
    let rules = match chess4d_variants::Catalog::embedded().resolve(&variant) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("lone_king: {e}");
            return ExitCode::FAILURE;
        }
    };
    if rules.info().shape.len() > 128 {
        eprintln!("lone_king: {variant} has more than 128 squares; the tables would not fit");
        return ExitCode::FAILURE;
    }
    let Some(king) = rules.info().pieces.iter().position(|p| p.royal) else {
        eprintln!("lone_king: {variant} has no royal piece");
        return ExitCode::FAILURE;
    };
    for letter in args {
        let found = letter
            .chars()
            .next()
            .and_then(|c| rules.info().kind_by_letter(c));
        let Some(kind) = found.filter(|k| k.index() != king) else {
            eprintln!("lone_king: '{letter}' is not a non-royal piece of {variant}");
            return ExitCode::FAILURE;
        };
        let table = Table::build(&*rules, PieceKind(king as u8), kind);
        let (won, legal, longest) = table.solve();
        let longest = if longest >= 0 {
            format!("the longest {longest} plies")
        } else {
            "none can be forced".to_string()
        };
        println!(
            "{variant}: K{letter} vs K, White to move: {won} of {legal} positions are forced \
             wins ({:.1}%), {longest}",
            100.0 * won as f64 / legal.max(1) as f64,
        );
    }
    ExitCode::SUCCESS
}

/// Every placement of (Black king, White king, White piece) with either side to move.
struct Table {
    squares: usize,
    /// Plies to mate with best play (White mates), or one of the markers above.
    plies: Vec<i32>,
    /// Each position's successors (`BARE` for a capture of the piece).
    children: Vec<Vec<u32>>,
}

impl Table {
    fn index(&self, black_king: usize, white_king: usize, piece: usize, black: bool) -> usize {
        ((black_king * self.squares + white_king) * self.squares + piece) * 2 + black as usize
    }

    fn build(rules: &dyn Rules, king: PieceKind, kind: PieceKind) -> Table {
        let n = rules.info().shape.len();
        let mut t = Table {
            squares: n,
            plies: vec![UNKNOWN; n * n * n * 2],
            children: vec![Vec::new(); n * n * n * 2],
        };
        let mut moves = Vec::new();
        for bk in 0..n {
            for wk in 0..n {
                for p in 0..n {
                    for black in [false, true] {
                        let i = t.index(bk, wk, p, black);
                        if bk == wk || bk == p || wk == p {
                            t.plies[i] = ILLEGAL;
                            continue;
                        }
                        let mut pos = Position::empty(rules.info().shape);
                        let sq = |s: usize| Square(s as u16);
                        pos.put(sq(bk), Some(Piece::new(king, Color::Black)));
                        pos.put(sq(wk), Some(Piece::new(king, Color::White)));
                        pos.put(sq(p), Some(Piece::new(kind, Color::White)));
                        pos.set_king(Color::Black, Some(sq(bk)));
                        pos.set_king(Color::White, Some(sq(wk)));
                        let side = if black { Color::Black } else { Color::White };
                        pos.set_side_to_move(!side);
                        if rules.in_check(&pos) {
                            t.plies[i] = ILLEGAL;
                            continue;
                        }
                        pos.set_side_to_move(side);
                        rules.legal_moves(&pos, &mut moves);
                        if moves.is_empty() && black && rules.in_check(&pos) {
                            t.plies[i] = 0;
                        }
                        for m in &moves {
                            let (from, to) = (m.from.index(), m.to.index());
                            let child = match (black, from == wk) {
                                (false, true) => t.index(bk, to, p, true),
                                (false, false) => t.index(bk, wk, to, true),
                                (true, _) if to == p => BARE as usize,
                                (true, _) => t.index(to, wk, p, false),
                            };
                            t.children[i].push(child as u32);
                        }
                    }
                }
            }
        }
        t
    }

    /// Fills in the plies to mate, one ply of retrograde analysis a pass: White wins
    /// if one move reaches a won position, Black loses if every move does (a position
    /// without moves that is not mate is a stalemate and stays a draw).
    /// Returns (won positions with White to move, legal ones, the longest win).
    fn solve(mut self) -> (usize, usize, i32) {
        for ply in 1.. {
            let before = self.plies.clone();
            let won = |c: &u32| *c != BARE && before[*c as usize] >= 0;
            let mut changed = false;
            for (i, kids) in self.children.iter().enumerate() {
                if before[i] != UNKNOWN || kids.is_empty() {
                    continue;
                }
                let white = i % 2 == 0;
                if (white && kids.iter().any(won)) || (!white && kids.iter().all(won)) {
                    self.plies[i] = ply;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let white: Vec<i32> = (0..self.plies.len())
            .step_by(2)
            .map(|i| self.plies[i])
            .filter(|&p| p != ILLEGAL)
            .collect();
        let won = white.iter().filter(|&&p| p >= 0).count();
        (
            won,
            white.len(),
            white.iter().copied().max().unwrap_or(UNKNOWN),
        )
    }
}
