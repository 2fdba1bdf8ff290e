//! Whether the side that still has time can possibly win, for a flag fall: lichess's
//! "insufficient mating material" of that side (scalachess `InsufficientMatingMaterial
//! (board, color)`, used by `Variant.opponentHasInsufficientMaterial` when the side to
//! move flags), written as a rule over the variant's pieces so that it holds on any
//! board.
//!
//! lichess calls a side unable to mate when it has a lone king, or king + knight or
//! king + bishop(s) in some material the opponent has. Which pieces are "minor" is a
//! fact of 8×8 geometry, so here it is computed from the variant's own rules: a piece
//! kind cannot mate when no placement of (its royal, that piece) against a lone enemy
//! royal, the enemy to move, is a checkmate or any other win by the rules. The search
//! visits every placement (squares³) once per variant and kind, and is cached.

use chess4d_core::{Color, Piece, PieceKind, Position, Rules, Square, Status};
use std::collections::HashMap;
use std::sync::Mutex;

/// Boards above this many squares are not searched (squares³ placements): a piece of
/// such a variant is taken as able to mate, and the flag loses as it usually does.
const MAX_SEARCH_SQUARES: usize = 130;

/// The answers of the search per piece kind, kept for the variant's life.
#[derive(Default, Debug)]
pub struct MatingCache {
    can_win: Mutex<HashMap<(PieceKind, PieceKind, PieceKind), bool>>,
}

/// What one side has: royal pieces, other pieces (with their squares), pawns, hand.
struct Material {
    royals: Vec<(Square, PieceKind)>,
    others: Vec<(Square, PieceKind)>,
    pawns: usize,
    in_hand: bool,
}

fn material(rules: &dyn Rules, pos: &Position, color: Color) -> Material {
    let info = rules.info();
    let mut m = Material {
        royals: Vec::new(),
        others: Vec::new(),
        pawns: 0,
        in_hand: false,
    };
    for (sq, p) in pos.pieces().filter(|(_, p)| p.color() == color) {
        match info.pieces.get(p.kind().index()) {
            Some(i) if i.royal => m.royals.push((sq, p.kind())),
            Some(i) if i.pawn => m.pawns += 1,
            _ => m.others.push((sq, p.kind())),
        }
    }
    m.in_hand = pos.has_pockets()
        && (0..info.pieces.len().min(chess4d_core::MAX_KINDS))
            .any(|k| pos.in_hand(color, PieceKind(k as u8)) > 0);
    m
}

/// Whether `winner` (the side with time) cannot possibly win in `pos`: the flag then
/// falls as a draw. The rule, over the variant's pieces:
///
/// * never in a variant with drops, check counters, or a goal region for `winner` (a
///   lone king can reach a hill; anything can be dropped): as lichess's crazyhouse,
///   three-check and king of the hill;
/// * `winner` has no pawn (it could promote) and exactly one royal piece, and
/// * either nothing else, and that royal can never attack the other side's royal (a
///   lone king cannot give check), whatever the other side has;
/// * or exactly one other piece whose kind cannot win against a lone royal on this
///   board (the search of the module), and the other side has nothing but one royal.
pub fn cannot_mate(rules: &dyn Rules, pos: &Position, winner: Color, cache: &MatingCache) -> bool {
    if pos.has_pockets() || pos.counters().is_some() || rules.goal(winner).is_some() {
        return false;
    }
    let us = material(rules, pos, winner);
    let them = material(rules, pos, !winner);
    if us.pawns > 0 || us.in_hand || us.royals.len() != 1 {
        return false;
    }
    let Some(&(_, their_royal)) = them.royals.first() else {
        return false;
    };
    let our_royal = us.royals[0].1;
    match us.others.as_slice() {
        [] => !royal_can_attack(rules, winner, our_royal, their_royal),
        [(_, piece)] if them.royals.len() == 1 && them.others.is_empty() && them.pawns == 0 => {
            let key = (our_royal, *piece, their_royal);
            if let Some(&known) = cache
                .can_win
                .lock()
                .ok()
                .and_then(|c| c.get(&key).copied())
                .as_ref()
            {
                return !known;
            }
            let can = can_win_with(rules, winner, key);
            if let Ok(mut c) = cache.can_win.lock() {
                c.insert(key, can);
            }
            !can
        }
        _ => false,
    }
}

/// A position of `placed` pieces, `to_move` to move.
fn placement(rules: &dyn Rules, placed: &[(Square, Piece)], to_move: Color) -> Position {
    let info = rules.info();
    let mut pos = Position::empty(info.shape);
    for &(sq, piece) in placed {
        pos.put(sq, Some(piece));
        if info
            .pieces
            .get(piece.kind().index())
            .is_some_and(|i| i.royal)
        {
            pos.set_king(piece.color(), Some(sq));
        }
    }
    pos.set_side_to_move(to_move);
    pos
}

/// Whether `winner`'s royal alone can ever attack the other royal (give check).
fn royal_can_attack(rules: &dyn Rules, winner: Color, ours: PieceKind, theirs: PieceKind) -> bool {
    let squares: Vec<Square> = rules.info().shape.squares().collect();
    squares.iter().any(|&a| {
        squares.iter().any(|&b| {
            a != b && {
                let placed = [
                    (a, Piece::new(ours, winner)),
                    (b, Piece::new(theirs, !winner)),
                ];
                let pos = placement(rules, &placed, !winner);
                // Legal with the loser to move (two kings side by side are not).
                !rules.is_attacked(&pos, a, !winner) && rules.is_attacked(&pos, b, winner)
            }
        })
    })
}

/// Whether royal + `piece` of `winner` can win against a lone royal: some legal
/// placement, the loser to move, that the rules call a checkmate or a win for `winner`.
fn can_win_with(
    rules: &dyn Rules,
    winner: Color,
    (ours, piece, theirs): (PieceKind, PieceKind, PieceKind),
) -> bool {
    let squares: Vec<Square> = rules.info().shape.squares().collect();
    if squares.len() > MAX_SEARCH_SQUARES {
        return true;
    }
    let mut moves = Vec::new();
    for &k in &squares {
        for &r in &squares {
            for &p in &squares {
                if k == r || p == k || p == r {
                    continue;
                }
                let placed = [
                    (r, Piece::new(theirs, !winner)),
                    (k, Piece::new(ours, winner)),
                    (p, Piece::new(piece, winner)),
                ];
                let pos = placement(rules, &placed, !winner);
                // Illegal with the loser to move: the winner's royal is attacked.
                if rules.is_attacked(&pos, k, !winner) {
                    continue;
                }
                moves.clear();
                rules.legal_moves(&pos, &mut moves);
                if !moves.is_empty() {
                    continue;
                }
                let wins = match rules.status(&pos) {
                    Status::Checkmate => true,
                    Status::Ended { winner: w, .. } => w == Some(winner),
                    _ => false,
                };
                if wins && rules.check_position(&pos).is_ok() {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `winner` cannot mate in `fen` of `variant`.
    fn draws(variant: &str, fen: &str, winner: Color) -> bool {
        let rules = crate::Catalog::embedded().get(variant).unwrap();
        let pos = rules.parse_position(fen).unwrap();
        cannot_mate(&*rules, &pos, winner, &MatingCache::default())
    }

    #[test]
    fn orthodox_as_lichess_for_a_lone_king_and_one_minor_piece() {
        use Color::{Black, White};
        // A lone king cannot mate, whatever the other side has.
        assert!(draws("orthodox", "8/8/8/4k3/8/8/8/4K2Q w - - 0 1", Black));
        assert!(!draws("orthodox", "8/p7/8/4k3/8/8/8/4K2Q b - - 0 1", Black));
        assert!(!draws("orthodox", "8/8/8/4k3/8/8/8/4K2Q w - - 0 1", White));
        // King + knight or king + bishop against a lone king: a draw on the flag.
        assert!(draws("orthodox", "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", White));
        assert!(draws("orthodox", "8/8/8/4k3/8/8/8/4KB2 b - - 0 1", White));
        // A rook, a pawn, or two minor pieces can mate.
        assert!(!draws("orthodox", "8/8/8/4k3/8/8/8/4KR2 w - - 0 1", White));
        assert!(!draws("orthodox", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", White));
        assert!(!draws("orthodox", "8/8/8/4k3/8/8/8/3BKN2 w - - 0 1", White));
        // King + knight against king + rook can mate (the rook blocks its king).
        assert!(!draws("orthodox", "8/8/8/4k2r/8/8/8/4KN2 w - - 0 1", White));
        // With pockets (crazyhouse) anything may be dropped: never a draw, as lichess.
        let rules = crate::Catalog::embedded().get("orthodox").unwrap();
        let mut pos = rules
            .parse_position("8/8/8/4k3/8/8/8/4K3 w - - 0 1")
            .unwrap();
        assert!(cannot_mate(&*rules, &pos, White, &MatingCache::default()));
        pos.enable_pockets();
        assert!(!cannot_mate(&*rules, &pos, White, &MatingCache::default()));
    }

    #[test]
    fn four_d_positions_by_the_same_rule() {
        use Color::{Black, White};
        let rules = crate::Catalog::embedded().get("full").unwrap();
        let start = rules.start_position();
        // From the full set's start, keep the kings and at most one other White piece.
        let kings: Vec<(Square, Piece)> = start
            .pieces()
            .filter(|(_, p)| rules.info().pieces[p.kind().index()].royal)
            .collect();
        let with = |extra: Option<(Square, Piece)>| {
            let mut placed = kings.clone();
            placed.extend(extra);
            placement(&*rules, &placed, White)
        };
        let cache = MatingCache::default();
        let bare = with(None);
        assert!(cannot_mate(&*rules, &bare, White, &cache));
        assert!(cannot_mate(&*rules, &bare, Black, &cache));
        let white_piece = |name: &str| {
            start
                .pieces()
                .find(|(_, p)| {
                    p.color() == White && rules.info().pieces[p.kind().index()].name == name
                })
                .unwrap_or_else(|| panic!("the full set has a {name}"))
        };
        // A queen (with its king) mates on the 4D board too.
        let q = with(Some(white_piece("queen")));
        assert!(!cannot_mate(&*rules, &q, White, &cache));
        assert!(cannot_mate(&*rules, &q, Black, &cache));
        // On 4x4x2x2 a king has up to 80 neighbours: king + rook, king + bishop and
        // king + knight have no mating placement at all, unlike king + rook on 8x8.
        for name in ["rook", "bishop", "knight"] {
            let pos = with(Some(white_piece(name)));
            assert!(cannot_mate(&*rules, &pos, White, &cache), "{name}");
        }
        // Any second piece, or a pawn, keeps the flag a loss.
        let mut two = kings.clone();
        two.extend([white_piece("rook"), white_piece("knight")]);
        assert!(!cannot_mate(
            &*rules,
            &placement(&*rules, &two, White),
            White,
            &cache
        ));
        let pawn = start
            .pieces()
            .find(|(_, p)| p.color() == White && rules.info().pieces[p.kind().index()].pawn)
            .unwrap();
        assert!(!cannot_mate(&*rules, &with(Some(pawn)), White, &cache));
    }
}
