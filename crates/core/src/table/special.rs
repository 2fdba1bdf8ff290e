//! Movements a plain line walk cannot judge, and the rules that watch whole lines:
//!
//! * **hops** — the cannon: along a line it must jump exactly one piece (the screen);
//!   beyond it, it may land on the empty squares and capture the first piece;
//! * **lame leaps** — the xiangqi horse and elephant: a leap blocked by a piece on the
//!   square it passes (one step along the axes of the leap's longest distance);
//! * **movements used only in a region** — the xiangqi soldier's sideways step across
//!   the river;
//! * **confinement** — a piece that never leaves its region (palace, own half), which
//!   neither moves nor attacks outside it;
//! * **the flying general** — the royal pieces may not face each other along an open
//!   line.
//!
//! Variants that use none of them pay one branch per piece; those that do check every
//! move in full (moving any piece may open or close a screen or a leg).

mod hopper;

use super::geometry::Rays;
use super::region::{Regions, SquareSet};
use super::{Mode, TableRules, VariantError, movegen};
use crate::geometry::{Shape, Square};
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// How a movement treats the pieces on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Path {
    /// Slides stop at the first piece; leaps jump over anything.
    #[default]
    Open,
    /// Must jump exactly one piece first (the cannon).
    Hop,
    /// A leap blocked by a piece on the square it passes (the xiangqi horse).
    Lame,
    /// Lands on the square just past the first piece it meets (the grasshopper).
    Grasshopper,
}

/// One special movement of one piece from one square.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u16,
    mode: Mode,
    path: Path,
    /// For a lame leap: the square that must be empty.
    leg: Square,
}

/// A special movement reversed, to look for attackers from a target square.
#[derive(Clone, Debug)]
struct AttackLine {
    /// The attacker's movement reversed.
    dir: u16,
    range: u8,
    path: Path,
    /// By piece code: whether that piece attacks along this line.
    codes: Vec<bool>,
    /// For a lame leap: from the attacker's square, the step to its leg.
    leg_step: [i8; 4],
    /// The squares the attacker must stand on to use it (a region-bound movement).
    within: Option<SquareSet>,
}

/// A special movement as the table builder hands it over.
pub(super) struct Atom {
    pub(super) code: usize,
    pub(super) color: Color,
    pub(super) vector: [i8; 4],
    pub(super) range: u8,
    pub(super) mode: Mode,
    pub(super) path: Path,
    /// The name of the region it is bound to.
    pub(super) within: Option<String>,
}

/// The variant-wide inputs of [`Special::new`] besides the movements.
pub(super) struct Setting<'a> {
    pub(super) shape: &'a Shape,
    pub(super) ncodes: usize,
    pub(super) regions: &'a Regions,
    /// By kind: the name of the region the piece keeps to.
    pub(super) confined: Vec<Option<String>>,
    pub(super) flying_general: bool,
}

/// The compiled special movements and line rules of a variant.
#[derive(Clone, Debug, Default)]
pub(super) struct Special {
    /// Whether every move must be checked in full.
    pub(super) full_legality: bool,
    pub(super) any_moves: bool,
    spans: Vec<Span>,
    /// By `code * squares + square`: where that piece's special spans start.
    index: Vec<u32>,
    attacks: [Vec<AttackLine>; 2],
    /// By kind: the squares a confined piece of each colour keeps to.
    confined: Vec<Option<[SquareSet; 2]>>,
    pub(super) any_confined: bool,
    pub(super) flying_general: bool,
}

/// The step from a leap's start to the square it passes: one along each axis of the
/// leap's longest distance.
fn leg_step(v: [i8; 4]) -> [i8; 4] {
    let longest = v.iter().map(|d| d.unsigned_abs()).max().unwrap_or(0);
    v.map(|d| {
        if d.unsigned_abs() == longest {
            d.signum()
        } else {
            0
        }
    })
}

impl Special {
    /// Compiles the special movements, confinement and line rules of a variant.
    pub(super) fn new(
        setting: Setting,
        rays: &mut Rays,
        atoms: &[Atom],
    ) -> Result<Special, VariantError> {
        let Setting {
            shape,
            ncodes,
            regions,
            confined,
            flying_general,
        } = setting;
        let confined = confinement(regions, &confined)?;
        let nsq = shape.len();
        let mut per_square: Vec<Vec<Span>> = vec![Vec::new(); ncodes * nsq];
        let mut attacks: [Vec<AttackLine>; 2] = [Vec::new(), Vec::new()];
        for a in atoms {
            let within = match &a.within {
                None => None,
                Some(name) => Some(regions.require(name, "a movement")?[a.color.index()].clone()),
            };
            let within = within.as_ref();
            let dir = rays.intern(shape, a.vector);
            let rev = rays.intern(shape, a.vector.map(|d| -d));
            let step = leg_step(a.vector);
            for sq in shape.squares() {
                if within.is_some_and(|w| !w.contains(sq)) {
                    continue;
                }
                let (start, full) = rays.span(dir, sq);
                let len = if a.path == Path::Grasshopper {
                    hopper::reach(full, a.range)
                } else {
                    full.min(a.range as usize)
                };
                let leg = shape.offset(sq, step).unwrap_or(sq);
                if len > 0 {
                    per_square[a.code * nsq + sq.index()].push(Span {
                        start,
                        len: len as u16,
                        mode: a.mode,
                        path: a.path,
                        leg,
                    });
                }
            }
            if a.mode != Mode::Move {
                let lines = &mut attacks[a.color.index()];
                let found = lines.iter_mut().find(|l| {
                    l.dir == rev
                        && l.range == a.range
                        && l.path == a.path
                        && l.within.as_ref() == within
                });
                match found {
                    Some(l) => l.codes[a.code] = true,
                    None => {
                        let mut codes = vec![false; ncodes];
                        codes[a.code] = true;
                        lines.push(AttackLine {
                            dir: rev,
                            range: a.range,
                            path: a.path,
                            codes,
                            leg_step: step,
                            within: within.cloned(),
                        });
                    }
                }
            }
        }
        let mut spans = Vec::new();
        let mut index = Vec::with_capacity(per_square.len() + 1);
        for list in per_square {
            index.push(spans.len() as u32);
            spans.extend(list);
        }
        index.push(spans.len() as u32);
        let any_confined = confined.iter().any(Option::is_some);
        Ok(Special {
            full_legality: !atoms.is_empty() || any_confined || flying_general,
            any_moves: !atoms.is_empty(),
            spans,
            index,
            attacks,
            confined,
            any_confined,
            flying_general,
        })
    }

    /// Whether a piece may stand on (move to, or attack) a square.
    #[inline]
    pub(super) fn may_stand(&self, p: Piece, sq: Square) -> bool {
        match self.confined.get(p.kind().index()) {
            Some(Some(sets)) => sets[p.color().index()].contains(sq),
            _ => true,
        }
    }
}

/// Each kind's confinement region, from the pieces' region names.
fn confinement(
    regions: &Regions,
    names: &[Option<String>],
) -> Result<Vec<Option<[SquareSet; 2]>>, VariantError> {
    names
        .iter()
        .map(|n| match n {
            None => Ok(None),
            Some(name) => regions.require(name, "a piece's confinement").map(Some),
        })
        .collect()
}

/// Adds the special moves of the piece `p` on `from`.
// Kept out of line: the variants without special movements never call it, and
// inlining it into the hot loops of the others slows them.
#[inline(never)]
pub(super) fn piece_moves(
    rules: &TableRules,
    pos: &Position,
    from: Square,
    p: Piece,
    quiet: bool,
    out: &mut Vec<Move>,
) {
    let sp = &rules.special;
    let i = p.code() as usize * rules.info.shape.len() + from.index();
    let us = p.color();
    let pawn = rules.is_pawn(p);
    for span in &sp.spans[sp.index[i] as usize..sp.index[i + 1] as usize] {
        let ray = rules.rays.squares(span.start, span.len as usize);
        let mut screened = false;
        if span.path == Path::Lame && pos.piece_at(span.leg).is_some() {
            continue;
        }
        if span.path == Path::Grasshopper {
            hopper_move(rules, pos, from, p, span, ray, quiet, out);
            continue;
        }
        for &to in ray {
            let here = pos.piece_at(to);
            if span.path == Path::Hop && !screened {
                screened = here.is_some();
                continue;
            }
            match here {
                None => {
                    if span.mode != Mode::Capture {
                        movegen::push(rules, pawn, us, Move::new(from, to), quiet, out);
                    }
                }
                Some(q) => {
                    if q.color() != us && span.mode != Mode::Move {
                        movegen::push(rules, pawn, us, Move::new(from, to), true, out);
                    }
                    break;
                }
            }
        }
    }
}

/// Adds the grasshopper move along `ray`, if it has a hurdle and a square to land on.
#[allow(clippy::too_many_arguments)]
fn hopper_move(
    rules: &TableRules,
    pos: &Position,
    from: Square,
    p: Piece,
    span: &Span,
    ray: &[Square],
    quiet: bool,
    out: &mut Vec<Move>,
) {
    let Some(to) = hopper::landing(ray, |s| pos.piece_at(s)) else {
        return;
    };
    let pawn = rules.is_pawn(p);
    match pos.piece_at(to) {
        None if span.mode != Mode::Capture => {
            movegen::push(rules, pawn, p.color(), Move::new(from, to), quiet, out);
        }
        Some(q) if q.color() != p.color() && span.mode != Mode::Move => {
            movegen::push(rules, pawn, p.color(), Move::new(from, to), true, out);
        }
        _ => {}
    }
}

/// Whether `by` attacks `target` with a special movement, on the board `at` describes.
// Kept out of line: the variants without special movements never call it, and
// inlining it into the hot loops of the others slows them.
#[inline(never)]
pub(super) fn attacked(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
) -> bool {
    let shape = &rules.info.shape;
    for line in &rules.special.attacks[by.index()] {
        let (start, full) = rules.rays.span(line.dir, target);
        if line.path == Path::Grasshopper {
            let ray = rules.rays.squares(start, hopper::reach(full, line.range));
            let found = hopper::attacks(line, ray, at, by);
            if found.is_some_and(|(sq, p)| {
                line.within.as_ref().is_none_or(|w| w.contains(sq))
                    && rules.special.may_stand(p, target)
            }) {
                return true;
            }
            continue;
        }
        let ray = rules.rays.squares(start, full.min(line.range as usize));
        let mut screened = false;
        for &sq in ray {
            let Some(p) = at(sq) else { continue };
            if line.path == Path::Hop && !screened {
                screened = true;
                continue;
            }
            let hit = p.color() == by
                && line.codes.get(p.code() as usize).copied().unwrap_or(false)
                && line.within.as_ref().is_none_or(|w| w.contains(sq))
                && rules.special.may_stand(p, target)
                && (line.path != Path::Lame
                    || shape
                        .offset(sq, line.leg_step)
                        .is_none_or(|leg| at(leg).is_none()));
            if hit {
                return true;
            }
            break;
        }
    }
    false
}

/// Removes the moves after which the royal pieces would face each other along an
/// open line of one axis (the flying general).
// Kept out of line: the variants without special movements never call it, and
// inlining it into the hot loops of the others slows them.
#[inline(never)]
pub(super) fn flying_general(rules: &TableRules, pos: &Position, moves: &mut Vec<Move>) {
    let us = pos.side_to_move();
    let (Some(ours), Some(theirs)) = (pos.king(us), pos.king(!us)) else {
        return;
    };
    let shape = &rules.info.shape;
    moves.retain(|m| {
        let king = if m.from == ours { m.to } else { ours };
        let (a, b) = (shape.coords(king), shape.coords(theirs));
        let differing: Vec<usize> = (0..4).filter(|&i| a[i] != b[i]).collect();
        let [axis] = differing[..] else {
            return true;
        };
        let mut step = [0i8; 4];
        step[axis] = if b[axis] > a[axis] { 1 } else { -1 };
        let mut sq = king;
        while let Some(next) = shape.offset(sq, step) {
            if next == theirs {
                return false;
            }
            let occupied = if next == m.to {
                true
            } else if next == m.from || Some(next) == m.capture {
                false
            } else {
                pos.piece_at(next).is_some()
            };
            if occupied {
                return true;
            }
            sq = next;
        }
        true
    });
}
