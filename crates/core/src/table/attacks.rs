//! Attack detection: look outward from the target along every reversed movement.

use super::{AttackStep, TableRules};
use crate::geometry::Square;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// Whether `by` attacks `target` on the board `at` describes.
///
/// `at` is a view of the board so that legality can be judged on the board as it would
/// be after a move without making it; `rights` are the position's castling rights
/// (movements of unmoved pieces attack only from squares that keep theirs).
#[inline]
pub(super) fn attacked(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
    rights: u32,
) -> bool {
    attacked_along_lines(rules, at, target, by)
        || rules.special.any_moves && super::special::attacked(rules, at, target, by, rights)
}

/// Whether `by` attacks `target` by the board's ordinary movements (steps, leaps and
/// slides; no special movement).
#[inline]
pub(super) fn attacked_along_lines(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
) -> bool {
    let ranges = &rules.attack_range[by.index()];
    let mins = &rules.attack_min[by.index()];
    let attacks = |p: Piece, dir: usize, k: usize| {
        p.color() == by
            && ranges[dir * rules.ncodes + p.code() as usize] as usize > k
            && k + 1 >= mins[dir] as usize
            && (!rules.special.any_confined || rules.special.may_stand(p, target))
    };
    match rules.attack_steps_of(by, target) {
        // The spans' squares in one run: the same squares in the same order as the
        // walk below, with a blocked span's rest skipped.
        Some(steps) => {
            let mut i = 0;
            let mut found = false;
            while let Some(step) = steps.get(i) {
                i += 1;
                if let Some(p) = at(step.sq) {
                    if attacks(p, step.dir as usize, step.k as usize) {
                        found = true;
                        break;
                    }
                    i += step.rest as usize;
                }
            }
            found
        }
        None => rules.attack_spans_of(by, target).iter().any(|span| {
            let ray = rules.rays.squares(span.start, span.len as usize);
            ray.iter()
                .enumerate()
                .find_map(|(k, &sq)| at(sq).map(|p| (k, p)))
                .is_some_and(|(k, p)| attacks(p, span.dir as usize, k))
        }),
    }
}

/// Every square holding a piece of `by` that attacks `target`.
pub(super) fn attackers(
    rules: &TableRules,
    pos: &Position,
    target: Square,
    by: Color,
    out: &mut Vec<Square>,
) {
    out.clear();
    let ranges = &rules.attack_range[by.index()];
    let mins = &rules.attack_min[by.index()];
    let mut consider = |sq: Square, p: Piece, dir: usize, k: usize| {
        if p.color() == by
            && ranges[dir * rules.ncodes + p.code() as usize] as usize > k
            && k + 1 >= mins[dir] as usize
            && !out.contains(&sq)
        {
            out.push(sq);
        }
    };
    if let Some(steps) = rules.attack_steps_of(by, target) {
        // As the span walk below, flat (see `attacked`).
        let mut i = 0;
        while let Some(step) = steps.get(i) {
            i += 1;
            if let Some(p) = pos.piece_at(step.sq) {
                consider(step.sq, p, step.dir as usize, step.k as usize);
                i += step.rest as usize;
            }
        }
        return;
    }
    for span in rules.attack_spans_of(by, target) {
        let ray = rules.rays.squares(span.start, span.len as usize);
        if let Some((k, sq, p)) = ray
            .iter()
            .enumerate()
            .find_map(|(k, &sq)| pos.piece_at(sq).map(|p| (k, sq, p)))
        {
            consider(sq, p, span.dir as usize, k);
        }
    }
}

/// Squares of the mover's pieces that shield its king from a line attack: moving one
/// off its line could expose the king, so such moves are checked in full.
///
/// Returns `false` when there were more shields than `out` holds (then every move must
/// be checked in full).
pub(super) fn pinned(
    rules: &TableRules,
    pos: &Position,
    king: Square,
    us: Color,
    out: &mut PinList,
) -> bool {
    let ranges = &rules.attack_range[(!us).index()];
    let mins = &rules.attack_min[(!us).index()];
    if let Some(steps) = rules.attack_steps_of(!us, king) {
        return pinned_flat(rules, pos, steps, us, out);
    }
    for span in rules.attack_spans_of(!us, king) {
        if span.len < 2 {
            continue;
        }
        let row = span.dir as usize * rules.ncodes;
        let mut shield: Option<Square> = None;
        for (k, &sq) in rules
            .rays
            .squares(span.start, span.len as usize)
            .iter()
            .enumerate()
        {
            if let Some(p) = pos.piece_at(sq) {
                if p.color() == us {
                    if shield.is_some() {
                        break;
                    }
                    shield = Some(sq);
                } else {
                    if let Some(s) = shield
                        && ranges[row + p.code() as usize] as usize > k
                        && k + 1 >= mins[span.dir as usize] as usize
                        && !out.push(s)
                    {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    true
}

/// [`pinned`] over the flat run of the king's attack spans: the same squares in the
/// same order, a span's rest skipped once it is decided.
fn pinned_flat(
    rules: &TableRules,
    pos: &Position,
    steps: &[AttackStep],
    us: Color,
    out: &mut PinList,
) -> bool {
    let ranges = &rules.attack_range[(!us).index()];
    let mins = &rules.attack_min[(!us).index()];
    let mut shield: Option<Square> = None;
    let mut i = 0;
    while let Some(step) = steps.get(i) {
        i += 1;
        if step.k == 0 {
            shield = None;
            // A span one square long cannot pin.
            if step.rest == 0 {
                continue;
            }
        }
        let Some(p) = pos.piece_at(step.sq) else {
            continue;
        };
        if p.color() == us && shield.is_none() {
            shield = Some(step.sq);
            continue;
        }
        let (dir, k) = (step.dir as usize, step.k as usize);
        if p.color() != us
            && let Some(s) = shield
            && ranges[dir * rules.ncodes + p.code() as usize] as usize > k
            && k + 1 >= mins[dir] as usize
            && !out.push(s)
        {
            return false;
        }
        i += step.rest as usize;
    }
    true
}

/// A fixed-size list of pinned squares (no allocation in move generation).
pub(super) struct PinList {
    squares: [Square; 64],
    len: usize,
}

impl PinList {
    pub(super) fn new() -> PinList {
        PinList {
            squares: [Square(0); 64],
            len: 0,
        }
    }

    fn push(&mut self, sq: Square) -> bool {
        if self.len == self.squares.len() {
            return false;
        }
        self.squares[self.len] = sq;
        self.len += 1;
        true
    }

    #[inline]
    pub(super) fn contains(&self, sq: Square) -> bool {
        self.squares[..self.len].contains(&sq)
    }

    /// The pinned squares.
    #[inline]
    pub(super) fn squares(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

/// The pieces giving check, and the squares where a single line check can be blocked.
pub(super) struct Checks {
    /// How many pieces give check (counted up to 2).
    pub(super) count: u8,
    /// The checking piece's square when there is one.
    pub(super) checker: Square,
    blocks: [Square; 32],
    nblocks: usize,
    /// False when the blocking squares did not fit: then every move is checked in full.
    pub(super) complete: bool,
}

impl Checks {
    /// No check on `king`.
    #[inline]
    pub(super) fn none(king: Square) -> Checks {
        Checks {
            count: 0,
            checker: king,
            blocks: [king; 32],
            nblocks: 0,
            complete: true,
        }
    }

    #[inline]
    pub(super) fn blocks(&self, sq: Square) -> bool {
        self.blocks[..self.nblocks].contains(&sq)
    }

    /// The squares where a piece blocks a single line check (complete or not).
    #[inline]
    pub(super) fn blocking(&self) -> &[Square] {
        &self.blocks[..self.nblocks]
    }
}

/// Who checks `king` (of colour `!by`), with the squares between king and a line checker.
pub(super) fn checks(rules: &TableRules, pos: &Position, king: Square, by: Color) -> Checks {
    let mut out = Checks::none(king);
    let ranges = &rules.attack_range[by.index()];
    let mins = &rules.attack_min[by.index()];
    if let Some(steps) = rules.attack_steps_of(by, king) {
        checks_flat(rules, pos, steps, by, &mut out);
        return out;
    }
    for span in rules.attack_spans_of(by, king) {
        let row = span.dir as usize * rules.ncodes;
        let ray = rules.rays.squares(span.start, span.len as usize);
        for (k, &sq) in ray.iter().enumerate() {
            if let Some(p) = pos.piece_at(sq) {
                // One piece on lines of two minimum ranges is still one checker.
                if out.count == 1 && out.checker == sq {
                    break;
                }
                if p.color() == by
                    && ranges[row + p.code() as usize] as usize > k
                    && k + 1 >= mins[span.dir as usize] as usize
                {
                    out.count += 1;
                    if out.count > 1 {
                        return out;
                    }
                    out.checker = sq;
                    if k <= out.blocks.len() {
                        out.blocks[..k].copy_from_slice(&ray[..k]);
                        out.nblocks = k;
                    } else {
                        out.complete = false;
                    }
                }
                break;
            }
        }
    }
    out
}

/// [`checks`] over the flat run of the king's attack spans: the same squares in the
/// same order, a span's rest skipped at its first man.
fn checks_flat(
    rules: &TableRules,
    pos: &Position,
    steps: &[AttackStep],
    by: Color,
    out: &mut Checks,
) {
    let ranges = &rules.attack_range[by.index()];
    let mins = &rules.attack_min[by.index()];
    let mut i = 0;
    while let Some(step) = steps.get(i) {
        i += 1;
        let Some(p) = pos.piece_at(step.sq) else {
            continue;
        };
        let (sq, dir, k) = (step.sq, step.dir as usize, step.k as usize);
        // One piece on lines of two minimum ranges is still one checker.
        if !(out.count == 1 && out.checker == sq)
            && p.color() == by
            && ranges[dir * rules.ncodes + p.code() as usize] as usize > k
            && k + 1 >= mins[dir] as usize
        {
            out.count += 1;
            if out.count > 1 {
                return;
            }
            out.checker = sq;
            if k <= out.blocks.len() {
                // The span's squares before this one are the `k` steps before it.
                let before = &steps[i - 1 - k..i - 1];
                for (b, s) in out.blocks.iter_mut().zip(before) {
                    *b = s.sq;
                }
                out.nblocks = k;
            } else {
                out.complete = false;
            }
        }
        i += step.rest as usize;
    }
}
