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
//!   line;
//! * **movements of unmoved pieces** — used only while the piece's square keeps its
//!   right by file (the Cambodian king's leap, the met's double step; see
//!   [`super::file_rights`]).
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

/// The most squares a lame leap passes (the janggi elephant passes two).
pub(super) const MAX_LEGS: usize = 3;

/// One special movement of one piece from one square.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u16,
    mode: Mode,
    path: Path,
    /// For a lame leap: the squares it passes, which must be empty (`nlegs` of them).
    legs: [Square; MAX_LEGS],
    nlegs: u8,
    /// Only while the square keeps its right by file.
    unmoved: bool,
    /// A hop that never jumps over nor captures a piece of its own kind.
    spare_own_kind: bool,
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
    /// For a lame leap: from the attacker's square, the steps to the squares it passes.
    legs: Vec<[i8; 4]>,
    /// The squares the attacker must stand on to use it (a region-bound movement).
    within: Option<SquareSet>,
    /// The squares the whole movement keeps to, target included (palace lines).
    along: Option<SquareSet>,
    /// Only while the attacker's square keeps its right by file.
    unmoved: bool,
    /// A hop that never jumps over a piece of its own kind.
    spare_own_kind: bool,
    /// The codes of `codes` that are set, listed.
    attacker_codes: Vec<u8>,
    /// By target square: every square of the reversed movement's ray, where its
    /// attacker must stand, as bits (empty on boards of more than 128 squares).
    reach: Vec<u128>,
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
    /// The name of the region every square of it keeps to.
    pub(super) along: Option<String>,
    /// Only while the square keeps its right by file.
    pub(super) unmoved: bool,
    /// A hop that never jumps over nor captures a piece of its own kind.
    pub(super) spare_own_kind: bool,
}

impl Atom {
    /// The special atom of one direction of a movement, for the piece `code`.
    pub(super) fn of(
        atom: &super::MoveAtom,
        code: usize,
        color: Color,
        vector: [i8; 4],
        range: u8,
    ) -> Atom {
        Atom {
            code,
            color,
            vector,
            range,
            mode: atom.mode,
            path: atom.path,
            within: atom.within.clone(),
            along: atom.along.clone(),
            unmoved: atom.unmoved,
            spare_own_kind: atom.spare_own_kind,
        }
    }

    /// Whether an atom of the builder's must be compiled here.
    pub(super) fn needed(atom: &super::MoveAtom) -> bool {
        atom.path != Path::Open
            || atom.within.is_some()
            || atom.along.is_some()
            || atom.unmoved
            || atom.spare_own_kind
    }
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
    /// The same as bits, on boards of up to 128 squares (every square elsewhere).
    confined_bits: Vec<[u128; 2]>,
    pub(super) any_confined: bool,
    pub(super) flying_general: bool,
}

/// The steps from a leap's start to the squares it passes: straight along its longest
/// axes while the others are shorter, then diagonally on all that remain (the xiangqi
/// horse passes one square orthogonally, the elephant one diagonally, the janggi
/// elephant one orthogonally and one diagonally).
fn leg_steps(v: [i8; 4]) -> Vec<[i8; 4]> {
    let mut at = [0i8; 4];
    let mut legs = Vec::new();
    loop {
        let left = [0, 1, 2, 3].map(|a| v[a] - at[a]);
        let longest = left.iter().map(|d| d.unsigned_abs()).max().unwrap_or(0);
        if longest <= 1 {
            return legs;
        }
        for a in 0..4 {
            if left[a].unsigned_abs() == longest {
                at[a] += left[a].signum();
            }
        }
        legs.push(at);
    }
}

/// A movement's region by name, for one colour.
fn region_of(
    regions: &Regions,
    name: Option<&String>,
    color: Color,
) -> Result<Option<SquareSet>, VariantError> {
    match name {
        None => Ok(None),
        Some(name) => Ok(Some(
            regions.require(name, "a movement")?[color.index()].clone(),
        )),
    }
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
            let within = region_of(regions, a.within.as_ref(), a.color)?;
            let along = region_of(regions, a.along.as_ref(), a.color)?;
            let steps = leg_steps(a.vector);
            if a.path == Path::Lame && steps.len() > MAX_LEGS {
                return Err(VariantError::BadMovement {
                    piece: '?',
                    index: 0,
                    reason: format!("a lame leap passes at most {MAX_LEGS} squares"),
                });
            }
            let dir = rays.intern(shape, a.vector);
            for sq in shape.squares() {
                let span = span_from(shape, rays, a, dir, sq, (&within, &along), &steps);
                per_square[a.code * nsq + sq.index()].extend(span);
            }
            if a.mode != Mode::Move {
                let mut codes = vec![false; ncodes];
                codes[a.code] = true;
                let line = AttackLine {
                    dir: rays.intern(shape, a.vector.map(|d| -d)),
                    range: a.range,
                    path: a.path,
                    codes,
                    legs: steps,
                    within,
                    along,
                    unmoved: a.unmoved,
                    spare_own_kind: a.spare_own_kind,
                    attacker_codes: Vec::new(),
                    reach: Vec::new(),
                };
                add_attack_line(&mut attacks[a.color.index()], line, a.code);
            }
        }
        for line in attacks.iter_mut().flatten() {
            line.attacker_codes = (0..line.codes.len())
                .filter(|&c| line.codes[c])
                .filter_map(|c| u8::try_from(c).ok())
                .collect();
            if nsq <= super::bits::MAX_BITS {
                line.reach = shape
                    .squares()
                    .map(|target| {
                        let (start, full) = rays.span(line.dir, target);
                        rays.squares(start, full)
                            .iter()
                            .fold(0u128, |m, sq| m | 1u128 << sq.index())
                    })
                    .collect();
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
        let bits = |set: &SquareSet| {
            if nsq > 128 {
                return u128::MAX;
            }
            set.squares().fold(0u128, |m, sq| m | 1u128 << sq.index())
        };
        let confined_bits = confined
            .iter()
            .map(|c| match c {
                Some([w, b]) => [bits(w), bits(b)],
                None => [u128::MAX; 2],
            })
            .collect();
        Ok(Special {
            full_legality: !atoms.is_empty() || any_confined || flying_general,
            any_moves: !atoms.is_empty(),
            spans,
            index,
            attacks,
            confined,
            confined_bits,
            any_confined,
            flying_general,
        })
    }

    /// Whether the piece `p` has special movements from `from` (a board of `nsq`
    /// squares).
    #[inline]
    pub(super) fn moves_at(&self, p: Piece, from: Square, nsq: usize) -> bool {
        let i = p.code() as usize * nsq + from.index();
        matches!((self.index.get(i), self.index.get(i + 1)), (Some(a), Some(b)) if a != b)
    }

    /// The squares a piece may stand on, as bits (every square where it keeps to no
    /// region; boards of up to 128 squares).
    #[inline]
    pub(super) fn stand_bits(&self, p: Piece) -> u128 {
        self.confined_bits
            .get(p.kind().index())
            .map_or(u128::MAX, |b| b[p.color().index()])
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

/// One atom's span from `sq`: clipped to its range, and to the squares of its `along`
/// region; none where it cannot start (`within`, `along`) or goes nowhere.
fn span_from(
    shape: &Shape,
    rays: &Rays,
    a: &Atom,
    dir: u16,
    sq: Square,
    (within, along): (&Option<SquareSet>, &Option<SquareSet>),
    steps: &[[i8; 4]],
) -> Option<Span> {
    if within.as_ref().is_some_and(|w| !w.contains(sq)) {
        return None;
    }
    let (start, full) = rays.span(dir, sq);
    let mut len = if a.path == Path::Grasshopper {
        hopper::reach(full, a.range)
    } else {
        full.min(a.range as usize)
    };
    if let Some(set) = along {
        if !set.contains(sq) {
            return None;
        }
        let ray = rays.squares(start, len);
        len = ray.iter().take_while(|&&s| set.contains(s)).count();
    }
    if len == 0 {
        return None;
    }
    let mut legs = [sq; MAX_LEGS];
    for (slot, step) in legs.iter_mut().zip(steps) {
        *slot = shape.offset(sq, *step).unwrap_or(sq);
    }
    Some(Span {
        start,
        len: len as u16,
        mode: a.mode,
        path: a.path,
        legs,
        nlegs: if a.path == Path::Lame {
            steps.len().min(MAX_LEGS) as u8
        } else {
            0
        },
        unmoved: a.unmoved,
        spare_own_kind: a.spare_own_kind,
    })
}

/// Adds an attack line for the piece `code`, merged with an equal line of another
/// piece when there is one.
fn add_attack_line(lines: &mut Vec<AttackLine>, line: AttackLine, code: usize) {
    let same = |l: &&mut AttackLine| {
        l.dir == line.dir
            && l.range == line.range
            && l.path == line.path
            && l.within == line.within
            && l.along == line.along
            && l.unmoved == line.unmoved
            && l.spare_own_kind == line.spare_own_kind
    };
    match lines.iter_mut().find(same) {
        Some(l) => l.codes[code] = true,
        None => lines.push(line),
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
        let legs = &span.legs[..span.nlegs as usize];
        if legs.iter().any(|&leg| pos.piece_at(leg).is_some()) {
            continue;
        }
        if span.unmoved && !unmoved_may_move(rules, pos, from, p) {
            continue;
        }
        if span.path == Path::Grasshopper {
            hopper_move(rules, pos, from, p, span, ray, quiet, out);
            continue;
        }
        for &to in ray {
            let here = pos.piece_at(to);
            let own_kind = span.spare_own_kind && here.is_some_and(|q| q.kind() == p.kind());
            if span.path == Path::Hop && !screened {
                if own_kind {
                    break;
                }
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
                    if q.color() != us && span.mode != Mode::Move && !own_kind {
                        movegen::push(rules, pawn, us, Move::new(from, to), true, out);
                    }
                    break;
                }
            }
        }
    }
}

/// Whether the piece `p` on `from` may use a movement of unmoved pieces: its square
/// keeps its right, and a royal piece is not in check (as castling, it is no escape).
fn unmoved_may_move(rules: &TableRules, pos: &Position, from: Square, p: Piece) -> bool {
    let us = p.color();
    rules.file_rights.holds(pos, us, from)
        && !(rules.is_royal(p)
            && super::attacks::attacked(
                rules,
                &|s| pos.piece_at(s),
                from,
                !us,
                pos.castling_rights(),
            ))
}

/// Whether an attacker of `by` on `sq` may use a movement of unmoved pieces: the
/// square keeps `by`'s right.
fn unmoved_at(rules: &TableRules, rights: u32, sq: Square, by: Color) -> bool {
    let fr = &rules.file_rights;
    rights & fr.lost_at(sq) & fr.side_mask(by) != 0
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
    rights: u32,
) -> bool {
    (0..lines(rules, by)).any(|i| attacked_on_line(rules, i, at, target, by, rights))
}

/// [`attacked`] on a board after a move of `by`'s opponent, so that `by`'s pieces there
/// are among its pieces on `pos`: a line on whose squares none of its attackers stands
/// in `pos` is passed over without a walk (a king's steps in the palace meet few of
/// the horses', elephants' and cannons' lines that could reach them).
pub(super) fn attacked_after_their_move(
    rules: &TableRules,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
    rights: u32,
    pos: &Position,
) -> bool {
    (0..lines(rules, by)).any(|i| {
        line_may_attack(rules, i, target, by, pos)
            && attacked_on_line(rules, i, at, target, by, rights)
    })
}

/// The most special attack lines [`ArmedLines`] holds.
pub(super) const MAX_ARMED: usize = 64;

/// By special attack line of one side: the squares of its attackers on one position
/// (every square where the position does not keep them), so that several targets are
/// judged on that position without looking the attackers up again for each.
pub(super) struct ArmedLines {
    squares: [u128; MAX_ARMED],
}

impl ArmedLines {
    /// The attackers of `by`'s lines on `pos`; `None` where it has more lines than
    /// [`MAX_ARMED`] or the board is too large for the bits.
    pub(super) fn new(rules: &TableRules, by: Color, pos: &Position) -> Option<ArmedLines> {
        let lines = &rules.special.attacks[by.index()];
        if lines.len() > MAX_ARMED || rules.info.shape.len() > 128 {
            return None;
        }
        let mut squares = [0u128; MAX_ARMED];
        for (set, line) in squares.iter_mut().zip(lines) {
            *set = line
                .attacker_codes
                .iter()
                .try_fold(0u128, |m, &code| Some(m | pos.squares_of(code)?))
                .unwrap_or(u128::MAX);
        }
        Some(ArmedLines { squares })
    }

    /// [`attacked_after_their_move`] with the attackers looked up once.
    pub(super) fn attacked_after_their_move(
        &self,
        rules: &TableRules,
        at: &impl Fn(Square) -> Option<Piece>,
        target: Square,
        by: Color,
        rights: u32,
    ) -> bool {
        let lines = &rules.special.attacks[by.index()];
        lines
            .iter()
            .zip(&self.squares)
            .enumerate()
            .any(|(i, (line, &armed))| {
                line.reach
                    .get(target.index())
                    .is_none_or(|&reach| reach & armed != 0)
                    && attacked_on_line(rules, i, at, target, by, rights)
            })
    }
}

/// Whether one of the attackers of `by`'s special attack line `i` stands on the line's
/// squares from `target` in `pos` (`true` where the board is too large to tell): if
/// none does, the line attacks nothing on `pos` nor after any move of `by`'s opponent.
#[inline]
pub(super) fn line_may_attack(
    rules: &TableRules,
    i: usize,
    target: Square,
    by: Color,
    pos: &Position,
) -> bool {
    let Some(line) = rules.special.attacks[by.index()].get(i) else {
        return true;
    };
    let Some(&reach) = line.reach.get(target.index()) else {
        return true;
    };
    let present = line
        .attacker_codes
        .iter()
        .try_fold(0u128, |m, &code| Some(m | pos.squares_of(code)?))
        .unwrap_or(u128::MAX);
    reach & present != 0
}

/// How many attack lines of special movements `by` has (see [`attacked_on_line`]).
pub(super) fn lines(rules: &TableRules, by: Color) -> usize {
    rules.special.attacks[by.index()].len()
}

/// Whether `by` attacks `target` along its special attack line `i` (of [`lines`]), on
/// the board `at` describes: [`attacked`] is this for any line.
#[inline]
pub(super) fn attacked_on_line(
    rules: &TableRules,
    i: usize,
    at: &impl Fn(Square) -> Option<Piece>,
    target: Square,
    by: Color,
    rights: u32,
) -> bool {
    let line = &rules.special.attacks[by.index()][i];
    if line.along.as_ref().is_some_and(|a| !a.contains(target)) {
        return false;
    }
    let (start, full) = rules.rays.span(line.dir, target);
    if line.path == Path::Grasshopper {
        let ray = rules.rays.squares(start, hopper::reach(full, line.range));
        let found = hopper::attacks(line, ray, at, by);
        return found.is_some_and(|(sq, p)| {
            line.within.as_ref().is_none_or(|w| w.contains(sq))
                && rules.special.may_stand(p, target)
        });
    }
    let ray = rules.rays.squares(start, full.min(line.range as usize));
    let mut screen = None;
    for &sq in ray {
        if line.along.as_ref().is_some_and(|a| !a.contains(sq)) {
            return false;
        }
        let Some(p) = at(sq) else { continue };
        if line.path == Path::Hop && screen.is_none() {
            screen = Some(p);
            continue;
        }
        return attacks_from(rules, line, at, (sq, p), (target, by), rights, screen);
    }
    false
}

/// Whether the first piece `p` met on `sq` along an attack line attacks `target` by it
/// (`screen`: the piece a hop jumps).
fn attacks_from(
    rules: &TableRules,
    line: &AttackLine,
    at: &impl Fn(Square) -> Option<Piece>,
    (sq, p): (Square, Piece),
    (target, by): (Square, Color),
    rights: u32,
    screen: Option<Piece>,
) -> bool {
    let shape = &rules.info.shape;
    p.color() == by
        && line.codes.get(p.code() as usize).copied().unwrap_or(false)
        && line.within.as_ref().is_none_or(|w| w.contains(sq))
        && (!line.unmoved || unmoved_at(rules, rights, sq, by))
        && !(line.spare_own_kind
            && [screen, at(target)]
                .iter()
                .any(|s| s.is_some_and(|s| s.kind() == p.kind())))
        && rules.special.may_stand(p, target)
        && (line.path != Path::Lame
            || line
                .legs
                .iter()
                .all(|&step| shape.offset(sq, step).is_none_or(|leg| at(leg).is_none())))
}

/// Removes the moves that land a confined piece outside its region.
pub(super) fn confine(rules: &TableRules, pos: &Position, moves: &mut Vec<Move>) {
    moves.retain(|m| {
        pos.piece_at(m.from)
            .is_none_or(|p| rules.special.may_stand(p, m.to))
    });
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
    let b = rules.coords(theirs);
    // The one axis along which a king on `king` and theirs differ, if exactly one
    // does (they share a line); worked out once for every move that leaves our king.
    let line_axis = |king: Square| {
        let a = rules.coords(king);
        let mut differing = (0..4).filter(|&i| a[i] != b[i]);
        match (differing.next(), differing.next()) {
            (Some(axis), None) => Some(axis),
            _ => None,
        }
    };
    // The squares between the kings as they stand, walked once: a move that leaves our
    // king where it is changes what stands between them only on its own squares.
    let ours_axis = line_axis(ours);
    let between = ours_axis
        .filter(|_| shape.len() <= 128)
        .and_then(|axis| men_between(rules, pos, ours, theirs, axis));
    // Most moves need no look: our king stays, and two men between the kings (or none
    // on a line) cannot all leave by one move that captures where it lands.
    let stays_covered = |m: &Move| {
        m.from != ours
            && (ours_axis.is_none()
                || between.is_some_and(|(_, men)| men >= 2) && m.capture.is_none_or(|c| c == m.to))
    };
    let keeps_kings_apart = |m: &Move| {
        if m.from != ours
            && let Some((set, men)) = between
        {
            // A man more where the move lands, one less where it leaves and where it
            // captures off its landing square.
            let on = |sq: Square| set >> sq.index() & 1 == 1;
            let landed = on(m.to) && pos.piece_at(m.to).is_none();
            let left = on(m.from) && m.from != m.to;
            let taken = m.capture.is_some_and(|c| c != m.to && on(c));
            return men + u32::from(landed) > u32::from(left) + u32::from(taken);
        }
        let king = if m.from == ours { m.to } else { ours };
        let axis = if king == ours {
            ours_axis
        } else {
            line_axis(king)
        };
        let Some(axis) = axis else {
            return true;
        };
        let after = |next: Square| {
            if next == m.to {
                true
            } else if next == m.from || Some(next) == m.capture {
                false
            } else {
                pos.piece_at(next).is_some()
            }
        };
        walk_between(rules, king, theirs, axis, after)
    };
    if moves
        .iter()
        .all(|m| stays_covered(m) || keeps_kings_apart(m))
    {
        return;
    }
    moves.retain(keeps_kings_apart);
}

/// The squares between the royal pieces on `ours` and `theirs` (differing along `axis`
/// alone) as bits, and how many men stand there; `None` where the walk leaves the board.
fn men_between(
    rules: &TableRules,
    pos: &Position,
    ours: Square,
    theirs: Square,
    axis: usize,
) -> Option<(u128, u32)> {
    let mut set = 0u128;
    let mut men = 0u32;
    let off_board = walk_between(rules, ours, theirs, axis, |sq| {
        set |= 1u128 << sq.index();
        men += u32::from(pos.piece_at(sq).is_some());
        false
    });
    (!off_board).then_some((set, men))
}

/// Where the royal pieces stand as the flying general sees them, for a count that
/// leaves most moves unlisted.
pub(super) enum Generals {
    /// Not on one line of one axis (or one is missing): only our royal piece's own
    /// moves can bring them face to face.
    Apart,
    /// On one line: the squares between them as bits and the men standing there.
    Between(u128, u32),
    /// Not known (the line leaves the board, or the board is wider than the bits).
    Unknown,
}

/// [`Generals`] at `pos`, for the side to move.
pub(super) fn generals(rules: &TableRules, pos: &Position) -> Generals {
    let us = pos.side_to_move();
    let (Some(ours), Some(theirs)) = (pos.king(us), pos.king(!us)) else {
        return Generals::Apart;
    };
    let (a, b) = (rules.coords(ours), rules.coords(theirs));
    let mut differing = (0..4).filter(|&i| a[i] != b[i]);
    let (Some(axis), None) = (differing.next(), differing.next()) else {
        return Generals::Apart;
    };
    if rules.info.shape.len() > 128 {
        return Generals::Unknown;
    }
    match men_between(rules, pos, ours, theirs, axis) {
        Some((set, men)) => Generals::Between(set, men),
        None => Generals::Unknown,
    }
}

/// Walks the squares from `king` towards `theirs` along `axis` (the one axis on which
/// they differ), stopping at the first square where `occupied` says yes; returns
/// whether it stopped there (or left the board) before reaching `theirs`.
fn walk_between(
    rules: &TableRules,
    king: Square,
    theirs: Square,
    axis: usize,
    mut occupied: impl FnMut(Square) -> bool,
) -> bool {
    let shape = &rules.info.shape;
    // The kings differ along `axis` alone, so the squares between them lie one index
    // stride apart (no division per step, no edge before their king).
    let a = rules.coords(king);
    let b = rules.coords(theirs);
    let stride: usize = shape.sizes()[..axis].iter().map(|&n| n as usize).product();
    let up = b[axis] > a[axis];
    let mut sq = king.index();
    loop {
        sq = if up {
            sq + stride
        } else {
            sq.wrapping_sub(stride)
        };
        let next = Square(sq as u16);
        if next == theirs || sq >= shape.len() {
            return sq >= shape.len();
        }
        if occupied(next) {
            return true;
        }
    }
}
