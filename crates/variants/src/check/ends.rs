//! How the game can end, as the file writes it: a variant where nothing can end a game
//! but a draw, and a region whose `mirror` gives one side a different goal than the
//! other's seen from its own side.

use super::raw::{Doc, array, entry, string, table};
use super::{Finding, Kind};
use chess4d_core::{Color, Position, Shape, Square, TableRules};

/// No royal piece and no rule in `[ends]` that ends a game: nothing can be checkmated,
/// so every game would end in a stalemate draw. An error, not a warning: no variant is
/// meant that way, and `royal = false` on the only king (or a forgotten `royal = true`)
/// is the slip that makes it; a warning would scroll past while `perft` and `play` run
/// on rules that can never be won.
pub(super) fn check_no_end(doc: &Doc, out: &mut Vec<Finding>) {
    let pieces = doc.pieces();
    if pieces.is_empty() || pieces.iter().any(|p| p.royal) {
        return;
    }
    let ends = doc.section("ends");
    let has = |key: &str| ends.and_then(|e| entry(e, key)).is_some();
    let stalemate_scored = ends
        .and_then(|e| entry(e, "stalemate"))
        .and_then(|(_, v)| string(v))
        .is_some_and(|s| s != "draw");
    if has("extinction") || has("goal") || stalemate_scored {
        return;
    }
    // Point at `royal = false` where a piece says it, else at the first piece.
    let at = pieces
        .iter()
        .find_map(|p| entry(p.table, "royal").map(|(k, _)| k.span()))
        .or_else(|| pieces.first().map(|p| p.span.clone()))
        .unwrap_or(0..0);
    out.push(doc.at(
        Kind::NoEnd,
        at,
        "no piece is royal and no rule of `[ends]` ends the game: nothing can be checkmated, \
         so every game would end in a draw by stalemate; set `royal = true` on the king, or \
         end games otherwise (`[ends]` extinction, goal, or stalemate = \"loss\")",
    ));
}

/// A region with `mirror` whose Black squares are not White's seen from Black's side,
/// when the start position tells which side that is (it is the same position with the
/// colours swapped and flipped along some axes): then one side's goal or zone is
/// nearer than the other's, and the variant is not the one its start promises.
pub(super) fn check_mirrors(doc: &Doc, rules: &TableRules, out: &mut Vec<Finding>) {
    let Some(regions) = doc.section("region") else {
        return;
    };
    let shape = chess4d_core::Rules::info(rules).shape;
    let start = chess4d_core::Rules::start_position(rules);
    let sides = symmetry(&shape, &start);
    if sides.is_empty() {
        return; // an uneven start (horde): nothing says what Black's side is
    }
    for (name, v) in regions.iter() {
        let Some((key, mirror)) = table(v).and_then(|t| entry(t, "mirror")) else {
            continue;
        };
        let name: &str = name.get_ref();
        let Some(white) = squares_of(rules, Color::White, name) else {
            continue;
        };
        let Some(black) = squares_of(rules, Color::Black, name) else {
            continue;
        };
        let fits = |&flip: &[bool; 4]| {
            let mut seen: Vec<Square> = white
                .iter()
                .filter_map(|&sq| flipped(&shape, sq, flip))
                .collect();
            seen.sort_unstable();
            seen == black
        };
        if sides.iter().any(fits) {
            continue;
        }
        let written: Vec<&str> = array(mirror)
            .map(|a| a.iter().filter_map(string).collect())
            .unwrap_or_default();
        let missing: Vec<&str> = written
            .iter()
            .copied()
            .filter(|a| {
                super::raw::AXES
                    .iter()
                    .position(|x| x == a)
                    .is_some_and(|i| shape.sizes()[i] < 2)
            })
            .collect();
        let lacks = if missing.is_empty() {
            String::new()
        } else {
            format!(" (the board has no {} axis)", missing.join(", "))
        };
        let axes_of = |flip: &[bool; 4]| -> Vec<&str> {
            (0..4)
                .filter(|&i| flip[i])
                .map(|i| super::raw::AXES[i])
                .collect()
        };
        let start_axes = axes_of(&sides[0]);
        // The fewest axes whose mirror gives Black the squares the start promises.
        let wanted: Vec<Vec<Square>> = sides
            .iter()
            .map(|&s| {
                let mut v: Vec<Square> = white
                    .iter()
                    .filter_map(|&q| flipped(&shape, q, s))
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        let mut masks: Vec<u8> = (1u8..16)
            .filter(|m| (0..4).all(|a| m & (1 << a) == 0 || shape.sizes()[a] > 1))
            .collect();
        masks.sort_by_key(|m| m.count_ones());
        let along = masks
            .into_iter()
            .map(|m| std::array::from_fn(|a| m & (1 << a) != 0))
            .find(|f: &[bool; 4]| {
                let mut v: Vec<Square> = white
                    .iter()
                    .filter_map(|&q| flipped(&shape, q, *f))
                    .collect();
                v.sort_unstable();
                wanted.contains(&v)
            })
            .map_or_else(|| start_axes.clone(), |f| axes_of(&f));
        let quoted = |axes: &[&str]| {
            axes.iter()
                .map(|a| format!("\"{a}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push(doc.at(
            Kind::UnevenRegion,
            key.span(),
            format!(
                "region \"{name}\": mirror = [{}]{lacks} gives Black squares that are not White's \
                 seen from Black's side (the start position mirrors along {}): the two sides \
                 play for different squares, which changes who wins; write mirror = [{}]",
                quoted(&written),
                start_axes.join(" and "),
                quoted(&along),
            ),
        ));
    }
}

/// The sets of axes along which flipping the start position and swapping the colours
/// gives the start position back.
fn symmetry(shape: &Shape, start: &Position) -> Vec<[bool; 4]> {
    let sizes = shape.sizes();
    let mut out = Vec::new();
    for mask in 1u8..16 {
        let flip: [bool; 4] = std::array::from_fn(|a| mask & (1 << a) != 0);
        if (0..4).any(|a| flip[a] && sizes[a] < 2) {
            continue;
        }
        let same = shape.squares().all(|sq| {
            let there = flipped(shape, sq, flip).and_then(|t| start.piece_at(t));
            match (start.piece_at(sq), there) {
                (None, None) => true,
                (Some(p), Some(q)) => p.kind() == q.kind() && p.color() != q.color(),
                _ => false,
            }
        });
        if same && start.pieces().next().is_some() {
            out.push(flip);
        }
    }
    out
}

fn flipped(shape: &Shape, sq: Square, flip: [bool; 4]) -> Option<Square> {
    let sizes = shape.sizes();
    let mut c = shape.coords(sq);
    for a in 0..4 {
        if flip[a] {
            c[a] = sizes[a] - 1 - c[a];
        }
    }
    shape.square(c)
}

/// A region's squares for one side, sorted.
fn squares_of(rules: &TableRules, color: Color, name: &str) -> Option<Vec<Square>> {
    let (_, set) = rules.regions(color).find(|(n, _)| *n == name)?;
    let mut squares: Vec<Square> = set.squares().collect();
    squares.sort_unstable();
    Some(squares)
}
