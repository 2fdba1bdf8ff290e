//! Building a table variant: the named steps `TableRules::new` runs in order.

use super::geometry::{self, Rays};
use super::region::{Regions, SquareSet};
use super::{
    AttackDir, AttackSpan, AttackStep, Castling, Line, Mode, Path, Span, TableRules, UNLIMITED,
    VariantDef, VariantError, bent, cycle, rose, special,
};
use crate::geometry::{Shape, Square};
use crate::piece::{Color, MAX_KINDS, Piece, PieceKind};
use crate::position::Position;
use crate::rules::VariantInfo;
use std::collections::HashMap;

/// The piece list: not empty, not too long, distinct letters a-z.
pub(super) fn check_pieces(def: &VariantDef) -> Result<(), VariantError> {
    if def.pieces.is_empty() {
        return Err(VariantError::NoPieces);
    }
    if def.pieces.len() > MAX_KINDS {
        return Err(VariantError::TooManyPieces(def.pieces.len()));
    }
    for (i, p) in def.pieces.iter().enumerate() {
        if !p.info.letter.is_ascii_alphabetic() {
            return Err(VariantError::BadLetter(p.info.letter));
        }
        if def.pieces[..i]
            .iter()
            .any(|q| q.info.letter.eq_ignore_ascii_case(&p.info.letter))
        {
            return Err(VariantError::DuplicateLetter(p.info.letter));
        }
    }
    Ok(())
}

/// What everything above the rules sees of the variant.
pub(super) fn variant_info(def: &VariantDef) -> VariantInfo {
    VariantInfo {
        name: def.name.clone(),
        title: def.title.clone(),
        description: def.description.clone(),
        shape: def.shape,
        pieces: def
            .pieces
            .iter()
            .map(|p| {
                let mut i = p.info.clone();
                i.letter = i.letter.to_ascii_uppercase();
                i
            })
            .collect(),
        castling_letters: super::file_rights::letters(def),
        en_passant: def.en_passant,
        repetition_limit: def.repetition_limit,
        move_limit_plies: def.move_limit_plies,
        bare_kings_draw: def.bare_kings_draw,
    }
}

/// Every piece's movements: plain lines (with the reversed lines attackers stand on)
/// and the special ones (hops, lame leaps, region-bound movements).
pub(super) struct Movements {
    /// By piece code: its lines.
    pub(super) lines: Vec<Vec<Line>>,
    /// By attacking colour: the directions to look along from a target.
    pub(super) attack_dirs: [Vec<AttackDir>; 2],
    pub(super) special: Vec<special::Atom>,
    /// By piece code: whether its lines can reach one square twice (the rose, both
    /// ways round), so that its moves must be made distinct.
    pub(super) twice: Vec<bool>,
}

/// The ray store of the board: plain, or with holes and wrap-around axes.
pub(super) fn rays(def: &VariantDef) -> Rays {
    let shape = def.shape;
    if def.holes.is_empty() && def.wrap == 0 {
        return Rays::new(&shape);
    }
    let mut holes = vec![false; shape.len()];
    for &h in &def.holes {
        if let Some(slot) = holes.get_mut(h.index()) {
            *slot = true;
        }
    }
    Rays::with_board(&shape, holes, def.wrap & 0b1111)
}

/// (attacking colour, walk direction, minimum range) -> range by piece code.
type AttackRanges = HashMap<(usize, u16, u8), Vec<u8>>;

/// Checks one movement's settings against each other.
fn check_atom(
    atom: &super::MoveAtom,
    bad: &dyn Fn(&str) -> VariantError,
) -> Result<(), VariantError> {
    if let Err(why) = geometry::check_offsets(&atom.offsets) {
        return Err(bad(why));
    }
    let directed = !atom.offsets.is_empty();
    if !atom.cycle.is_empty() {
        return check_cycle(atom, bad);
    }
    if !directed && (atom.deltas.is_empty() || atom.deltas.len() > 4) {
        return Err(bad("a movement changes 1 to 4 axes"));
    }
    if atom.deltas.contains(&0) {
        return Err(bad("each changing axis moves at least 1"));
    }
    if atom.deltas.iter().any(|&d| d > 25) {
        return Err(bad("a distance is larger than any board"));
    }
    if atom.axes & 0b1111 == 0 {
        return Err(bad("no axis is allowed"));
    }
    if atom.path == Path::Lame && atom.range != 1 {
        return Err(bad("a lame movement is a leap (range 1)"));
    }
    // A lame leap passes one square fewer than its longest distance.
    let longest = atom
        .deltas
        .iter()
        .map(|&d| d as usize)
        .chain(
            atom.offsets
                .iter()
                .flatten()
                .map(|d| d.unsigned_abs() as usize),
        )
        .max()
        .unwrap_or(0);
    if atom.path == Path::Lame && longest > special::MAX_LEGS + 1 {
        return Err(bad(
            "a lame leap passes at most 3 squares (a distance of at most 4)",
        ));
    }
    let repeats = atom.range != 1;
    let min = atom.min_range.max(1);
    if atom.bend > 4 || (atom.bend > 0 && (directed || min > 1)) {
        return Err(bad(
            "a bent movement bends into 1 to 4 axes, without offsets or a minimum range",
        ));
    }
    if min > 1 && (!repeats || (atom.range != 0 && min > atom.range)) {
        return Err(bad(
            "a minimum range needs a movement that repeats at least that far",
        ));
    }
    // A first move is known by the start square only; attacks are looked up by piece,
    // not square, so such a movement must not capture.
    if atom.first && atom.mode != Mode::Move {
        return Err(bad(
            "a first-move movement may not capture: add only = \"move\"",
        ));
    }
    let special = special::Atom::needed(atom);
    if atom.spare_own_kind && atom.path != Path::Hop {
        return Err(bad(
            "sparing its own kind is for a hopping movement (hop = true)",
        ));
    }
    if atom.circle
        && (atom.deltas.len() != 2
            || directed
            || atom.first
            || min > 1
            || atom.bend > 0
            || atom.forward != 0)
    {
        return Err(bad(
            "a circular movement (rose) is a leap of two distances, without offsets, forward \
             axes, a first move, a bend or a minimum range",
        ));
    }
    if special && (atom.first || min > 1 || atom.bend > 0 || atom.circle) {
        return Err(bad(
            "a hopping, lame, region-bound or unmoved movement cannot also be \
             first-move-only, bent, circular or have a minimum range",
        ));
    }
    Ok(())
}

/// Checks a multi-leg rider: legs that fit a board, nothing that needs a direction.
fn check_cycle(
    atom: &super::MoveAtom,
    bad: &dyn Fn(&str) -> VariantError,
) -> Result<(), VariantError> {
    if let Err(why) = geometry::check_offsets(&atom.cycle) {
        return Err(bad(why));
    }
    let plain = atom.offsets.is_empty()
        && atom.deltas.is_empty()
        && atom.forward == 0
        && !atom.first
        && atom.min_range <= 1
        && atom.bend == 0
        && !atom.circle
        && atom.path == Path::Open
        && atom.within.is_none();
    if !plain {
        return Err(bad(
            "a multi-leg movement (cycle) is its legs alone: no other movement, forward \
             axes, first move, minimum range, hop or region",
        ));
    }
    if atom.cycle.len() > 16 {
        return Err(bad("a multi-leg movement has at most 16 legs"));
    }
    Ok(())
}

/// Checks and expands every movement of every piece into direction vectors.
pub(super) fn movements(
    def: &VariantDef,
    rays: &mut Rays,
    ncodes: usize,
) -> Result<Movements, VariantError> {
    let shape = def.shape;
    let mut lines: Vec<Vec<Line>> = vec![Vec::new(); ncodes];
    let mut attacks: AttackRanges = HashMap::new();
    let mut special_atoms = Vec::new();
    let mut twice = vec![false; ncodes];
    for (k, p) in def.pieces.iter().enumerate() {
        for (ai, atom) in p.moves.iter().enumerate() {
            let bad = |reason: &str| VariantError::BadMovement {
                piece: p.info.letter,
                index: ai,
                reason: reason.to_string(),
            };
            check_atom(atom, &bad)?;
            let range = if atom.range == 0 {
                UNLIMITED
            } else {
                atom.range
            };
            let min = atom.min_range.max(1);
            for color in Color::ALL {
                let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                let vectors = if atom.offsets.is_empty() {
                    geometry::atom_vectors(
                        &shape,
                        &atom.deltas,
                        atom.axes,
                        atom.forward,
                        color.forward(),
                    )
                } else {
                    geometry::offset_vectors(&shape, &atom.offsets, atom.forward, color.forward())
                };
                if special::Atom::needed(atom) {
                    let each = |vector| special::Atom::of(atom, code, color, vector, range);
                    special_atoms.extend(vectors.into_iter().map(each));
                    continue;
                }
                if !atom.cycle.is_empty() {
                    twice[code] = true;
                    cycle::Cycle {
                        rays: &mut *rays,
                        shape: &shape,
                        lines: &mut lines[code],
                        attacks: &mut attacks,
                        color: color.index(),
                        code,
                        ncodes,
                    }
                    .add(&atom.cycle, atom.axes, atom.range, atom.mode);
                    continue;
                }
                if atom.circle {
                    twice[code] = true;
                    let deltas = [atom.deltas[0], atom.deltas[1]];
                    rose::Rose {
                        rays: &mut *rays,
                        shape: &shape,
                        lines: &mut lines[code],
                        attacks: &mut attacks,
                        color: color.index(),
                        code,
                        ncodes,
                    }
                    .add(deltas, atom.axes, atom.range, atom.mode);
                    continue;
                }
                if atom.bend > 0 {
                    let mut bent = bent::Bent {
                        rays: &mut *rays,
                        shape: &shape,
                        lines: &mut lines[code],
                        attacks: &mut attacks,
                        color: color.index(),
                        code,
                        ncodes,
                    };
                    for v in vectors {
                        let legs = bent::second_legs(&shape, v, atom.bend, atom.axes);
                        bent.add(v, &legs, atom.range, atom.mode, atom.first);
                    }
                    continue;
                }
                for v in vectors {
                    let dir = rays.intern(&shape, v);
                    let rev = rays.intern(&shape, [-v[0], -v[1], -v[2], -v[3]]);
                    lines[code].push(Line {
                        dir,
                        range,
                        mode: atom.mode,
                        first: atom.first,
                        min,
                    });
                    if atom.mode != Mode::Move {
                        let r = attacks
                            .entry((color.index(), rev, min))
                            .or_insert_with(|| vec![0; ncodes]);
                        r[code] = r[code].max(range);
                    }
                }
            }
        }
    }
    if def.wrap & 0b1111 != 0 {
        // Around a wrapping axis two lines (or a line and a leap) can reach one square:
        // a rook on a cylinder sees h4 from a4 both ways round. A move is its from, to
        // and effects, so every piece's moves are made distinct there; unwrapped boards
        // keep the tight loop.
        twice.iter_mut().for_each(|t| *t = true);
    }
    Ok(Movements {
        lines,
        attack_dirs: attack_directions(attacks),
        special: special_atoms,
        twice,
    })
}

/// The attack ranges grouped by colour, in a fixed order.
fn attack_directions(mut attacks: AttackRanges) -> [Vec<AttackDir>; 2] {
    let mut attack_dirs: [Vec<AttackDir>; 2] = [Vec::new(), Vec::new()];
    let mut keys: Vec<_> = attacks.keys().copied().collect();
    keys.sort_unstable();
    for key in keys {
        let range_of = attacks.remove(&key).unwrap_or_default();
        let max_range = range_of.iter().copied().max().unwrap_or(0);
        attack_dirs[key.0].push(AttackDir {
            dir: key.1,
            max_range,
            range_of,
            min: key.2,
        });
    }
    attack_dirs
}

/// The kinds a pawn may promote to: defined, and not royal.
pub(super) fn promotion_kinds(
    def: &VariantDef,
    info: &VariantInfo,
    royal: &[bool],
) -> Result<Vec<PieceKind>, VariantError> {
    def.promotion
        .iter()
        .map(|&c| match info.kind_by_letter(c) {
            Some(k) if !royal[k.index()] => Ok(k),
            _ => Err(VariantError::BadPromotion(c)),
        })
        .collect()
}

/// By colour: the squares at the far end of every promotion axis.
pub(super) fn far_end(shape: &Shape, axes: u8) -> [SquareSet; 2] {
    Color::ALL.map(|color| {
        let squares: Vec<Square> = shape
            .squares()
            .filter(|&sq| {
                let c = shape.coords(sq);
                (0..4)
                    .filter(|a| axes & (1 << a) != 0)
                    .all(|a| match color {
                        Color::White => c[a] + 1 == shape.sizes()[a],
                        Color::Black => c[a] == 0,
                    })
            })
            .collect();
        SquareSet::of(shape.len(), &squares)
    })
}

/// By colour, by square: whether a pawn landing there promotes (the promotion region,
/// or the far end).
pub(super) fn promotion_zones(
    shape: &Shape,
    far_end: &[SquareSet; 2],
    region: Option<&[SquareSet; 2]>,
) -> [Vec<bool>; 2] {
    let zone = region.unwrap_or(far_end);
    Color::ALL.map(|color| {
        shape
            .squares()
            .map(|sq| zone[color.index()].contains(sq))
            .collect()
    })
}

/// By colour: the squares a pawn may double-step from when a region names them; `None`
/// where the double-step rank decides (counted along the axis each push advances on).
pub(super) fn double_step_squares(
    def: &VariantDef,
    regions: &Regions,
) -> Result<Option<[SquareSet; 2]>, VariantError> {
    Ok(match &def.double_step_region {
        Some(name) => Some(regions.require(name, "the double step")?),
        None => None,
    })
}

/// Each side has one royal piece, or none where the variant can end without one.
pub(super) fn check_kings(
    def: &VariantDef,
    start: &Position,
    royal: &[bool],
) -> Result<(), VariantError> {
    for color in Color::ALL {
        let kings = start
            .pieces()
            .filter(|(_, p)| p.color() == color && royal[p.kind().index()])
            .count();
        match kings {
            // Without a royal piece a side can still lose by extinction, and a variant
            // with no royal kind at all ends by its other rules.
            0 if def.ends.extinction.is_some() || !royal.contains(&true) => {}
            // Placement: the king is still in hand.
            0 if royal
                .iter()
                .enumerate()
                .any(|(k, &r)| r && start.in_hand(color, PieceKind(k as u8)) > 0) => {}
            0 => return Err(VariantError::NoKing(color)),
            1 => {}
            _ => return Err(VariantError::TwoKings(color)),
        }
    }
    Ok(())
}

/// The start position's board and fields; castling rights by rook file are read later,
/// against the rules.
pub(super) fn start_position(
    def: &VariantDef,
    (drops, forms, gating): (&super::drops::Drops, &super::forms::Forms, bool),
    info: &VariantInfo,
    checks: u8,
) -> Result<Position, VariantError> {
    // Gates and castling rights by rook file are read against the rules once they are
    // built (`TableRules::finish`): first the board.
    let mut text = def.start.clone();
    if gating {
        text = super::gating::take_gates(info, &text)
            .map_err(VariantError::Start)?
            .0;
    }
    if def.castling960.is_some() {
        text = super::castling960::without_rights(&text);
    }
    super::pocket_fen::parse(drops, forms, info, &text, |t| {
        super::counters::parse(checks, info, t)
    })
    .map_err(VariantError::Start)
}

/// Everything castling and the other rights need.
pub(super) struct CastlingParts {
    pub(super) options: Vec<Castling>,
    pub(super) rights_kept: Vec<u32>,
    pub(super) file_rights: super::file_rights::FileRights,
    pub(super) castling960: super::castling960::Castling960,
}

/// The castling options and rights by file, and by square the rights a move from or
/// onto it keeps.
pub(super) fn castling_parts(
    def: &VariantDef,
    start: &Position,
    royal: &[bool],
    info: &VariantInfo,
) -> Result<CastlingParts, VariantError> {
    let (options, mut rights_kept) = castling_tables(def, start, royal)?;
    let file_rights = super::file_rights::FileRights::new(def, start, royal)?;
    for (sq, kept) in rights_kept.iter_mut().enumerate() {
        *kept &= !file_rights.lost_at(Square(sq as u16));
    }
    let castling960 = super::castling960::Castling960::new(def.castling960.as_ref(), info)?;
    Ok(CastlingParts {
        options,
        rights_kept,
        file_rights,
        castling960,
    })
}

/// The castling options with their squares worked out, and by square the rights that
/// survive a move from or to it.
pub(super) fn castling_tables(
    def: &VariantDef,
    start: &Position,
    royal: &[bool],
) -> Result<(Vec<Castling>, Vec<u32>), VariantError> {
    let shape = def.shape;
    let mut castling = Vec::new();
    let mut rights_kept = vec![u32::MAX; shape.len()];
    if let Some(extra) = def.castling.get(super::MAX_CASTLING) {
        return Err(VariantError::BadCastling {
            letter: extra.letter,
            reason: format!("at most {} castling options", super::MAX_CASTLING),
        });
    }
    for (bit, c) in def.castling.iter().enumerate() {
        let dropped = def.drops.castling_rook.is_some();
        let option = castling_option(&shape, c, start, royal, dropped)?;
        rights_kept[c.king_from.index()] &= !(1 << bit);
        rights_kept[c.rook_from.index()] &= !(1 << bit);
        castling.push(option);
    }
    Ok((castling, rights_kept))
}

/// One castling option checked against the board and the start position.
fn castling_option(
    shape: &Shape,
    c: &super::CastlingDef,
    start: &Position,
    royal: &[bool],
    dropped: bool,
) -> Result<Castling, VariantError> {
    let bad = |reason: &str| VariantError::BadCastling {
        letter: c.letter,
        reason: reason.to_string(),
    };
    for sq in [c.king_from, c.king_to, c.rook_from, c.rook_to] {
        if !shape.contains(sq) {
            return Err(bad("a square is off the board"));
        }
    }
    let [kf, rf, kt, rt] =
        [c.king_from, c.rook_from, c.king_to, c.rook_to].map(|s| shape.coords(s));
    if kf[1..] != rf[1..] || kf[1..] != kt[1..] || kf[1..] != rt[1..] {
        return Err(bad("king and rook must castle along one rank"));
    }
    // The castling king is the royal piece, or (giveaway) the piece in its place.
    // With castling by dropped pieces (placement) king and rook come later.
    match start.piece_at(c.king_from) {
        Some(p) if p.color() == c.color => {}
        _ if dropped => {}
        _ => return Err(bad("the king does not start on its castling square")),
    }
    match start.piece_at(c.rook_from) {
        Some(p) if p.color() == c.color && !royal[p.kind().index()] => {}
        _ if dropped => {}
        _ => return Err(bad("no piece of that side starts on the rook's square")),
    }
    let lo = [kf[0], rf[0], kt[0], rt[0]].into_iter().min().unwrap_or(0);
    let hi = [kf[0], rf[0], kt[0], rt[0]].into_iter().max().unwrap_or(0);
    let on_rank = |x: u8| {
        let mut cc = kf;
        cc[0] = x;
        shape.square(cc)
    };
    let empty = (lo..=hi)
        .filter_map(on_rank)
        .filter(|&sq| sq != c.king_from && sq != c.rook_from)
        .collect();
    let mut king_path = Vec::new();
    let step: i16 = if kt[0] >= kf[0] { 1 } else { -1 };
    let mut x = kf[0] as i16;
    while x != kt[0] as i16 {
        x += step;
        king_path.extend(on_rank(x as u8));
    }
    Ok(Castling {
        def: c.clone(),
        empty,
        king_path,
    })
}

/// Every piece's lines from every square, and where each (piece, square) starts.
pub(super) fn span_tables(
    shape: &Shape,
    rays: &Rays,
    lines: &[Vec<Line>],
    start_position: &Position,
) -> (Vec<Span>, Vec<u32>, Vec<u128>) {
    let mut spans = Vec::new();
    // By span: its squares as bits where the board and the line allow a bit walk.
    let mut masks = Vec::new();
    let mut span_index = Vec::with_capacity(lines.len() * shape.len() + 1);
    for (code, code_lines) in lines.iter().enumerate() {
        for sq in shape.squares() {
            span_index.push(spans.len() as u32);
            // A first-move movement exists only where a piece of this code starts.
            let starts_here = start_position
                .piece_at(sq)
                .is_some_and(|p| p.code() as usize == code);
            for line in code_lines {
                if line.first && !starts_here {
                    continue;
                }
                let (start, full) = rays.span(line.dir, sq);
                if full == 0 {
                    continue;
                }
                let len = full.min(line.range as usize);
                // A minimum range passes squares first: those spans keep the walk.
                let (walk, mask) = if line.min > 1 {
                    (super::bits::WALK_MAILBOX, 0)
                } else {
                    super::bits::span_walk(rays.squares(start, len), shape.len())
                };
                if shape.len() <= super::bits::MAX_BITS {
                    masks.push(mask);
                }
                spans.push(Span {
                    start,
                    len: len as u16,
                    full: full as u16,
                    mode: line.mode,
                    min: line.min,
                    push_axis: super::push_axis(rays.dirs[line.dir as usize]),
                    walk,
                });
            }
        }
    }
    span_index.push(spans.len() as u32);
    (spans, span_index, masks)
}

/// By attacking colour: the lines to look along from every square, where each square's
/// lines start, and how far each piece attacks along each direction.
pub(super) struct AttackTables {
    pub(super) spans: [Vec<AttackSpan>; 2],
    pub(super) index: [Vec<u32>; 2],
    pub(super) range: [Vec<u8>; 2],
    /// By colour, by attack direction: the shortest distance of its attacks.
    pub(super) min: [Vec<u8>; 2],
    /// By colour: the squares of every square's attack spans in one run (empty where
    /// the board is too large for them), and by square where its run starts.
    pub(super) steps: [Vec<AttackStep>; 2],
    pub(super) step_index: [Vec<u32>; 2],
}

/// The most attack steps kept per colour: beyond this (a very large board) the
/// attack spans are walked instead.
const MAX_ATTACK_STEPS: usize = 1 << 20;

/// The attack lines from every square.
pub(super) fn attack_tables(
    shape: &Shape,
    rays: &Rays,
    attack_dirs: &[Vec<AttackDir>; 2],
) -> AttackTables {
    let mut out = AttackTables {
        spans: [Vec::new(), Vec::new()],
        index: [Vec::new(), Vec::new()],
        range: [Vec::new(), Vec::new()],
        steps: [Vec::new(), Vec::new()],
        step_index: [Vec::new(), Vec::new()],
        min: [0, 1].map(|c| attack_dirs[c].iter().map(|ad| ad.min).collect()),
    };
    for (c, dirs) in attack_dirs.iter().enumerate() {
        for sq in shape.squares() {
            out.index[c].push(out.spans[c].len() as u32);
            for (i, ad) in dirs.iter().enumerate() {
                let (start, full) = rays.span(ad.dir, sq);
                let len = full.min(ad.max_range as usize);
                if len > 0 && len >= ad.min as usize {
                    out.spans[c].push(AttackSpan {
                        start,
                        len: len as u16,
                        dir: i as u16,
                    });
                }
            }
        }
        out.index[c].push(out.spans[c].len() as u32);
        for ad in dirs {
            out.range[c].extend_from_slice(&ad.range_of);
        }
        (out.steps[c], out.step_index[c]) = attack_steps(rays, &out.spans[c], &out.index[c]);
    }
    out
}

/// The attack spans of every square flattened: each square with its span's
/// direction, its distance along the span and how many squares of the span follow.
fn attack_steps(rays: &Rays, spans: &[AttackSpan], index: &[u32]) -> (Vec<AttackStep>, Vec<u32>) {
    let total: usize = spans.iter().map(|s| s.len as usize).sum();
    // A step's distance and rest are bytes: a longer span keeps the span walk.
    let long = spans.iter().any(|s| s.len as usize > u8::MAX as usize + 1);
    if total > MAX_ATTACK_STEPS || long {
        return (Vec::new(), Vec::new());
    }
    let mut steps = Vec::with_capacity(total);
    let mut starts = Vec::with_capacity(index.len());
    for w in index.windows(2) {
        starts.push(steps.len() as u32);
        for span in &spans[w[0] as usize..w[1] as usize] {
            let squares = rays.squares(span.start, span.len as usize);
            for (k, &sq) in squares.iter().enumerate() {
                steps.push(AttackStep {
                    sq,
                    dir: span.dir,
                    // At most `u8::MAX`: longer spans were refused above.
                    k: k as u8,
                    rest: (squares.len() - 1 - k) as u8,
                });
            }
        }
    }
    starts.push(steps.len() as u32);
    (steps, starts)
}

/// By `code * squares + square`, where that piece's moves from there are all plain
/// steps (one square, moving or capturing, no pawn): the range of their destinations
/// in the returned list, in span order; `(0, 0)` elsewhere. The move generator then
/// looks at the destinations alone, without the span walk.
pub(super) fn leap_tables(
    rays: &Rays,
    spans: &[Span],
    span_index: &[u32],
    pawn: &[bool],
    nsq: usize,
) -> (Vec<Square>, Vec<(u32, u32)>) {
    let mut targets = Vec::new();
    let mut index = Vec::with_capacity(span_index.len().saturating_sub(1));
    for (i, w) in span_index.windows(2).enumerate() {
        let mine = &spans[w[0] as usize..w[1] as usize];
        let code = i / nsq.max(1);
        // Codes past the variant's kinds have no moves; an unknown one keeps the walk.
        let is_pawn = crate::Piece::from_code(code as u8)
            .is_none_or(|p| pawn.get(p.kind().index()).copied().unwrap_or(true));
        let plain = |s: &Span| s.len == 1 && s.min <= 1 && s.mode == Mode::Both;
        if is_pawn || mine.is_empty() || !mine.iter().all(plain) {
            index.push((0, 0));
            continue;
        }
        let start = targets.len() as u32;
        targets.extend(mine.iter().map(|s| rays.squares(s.start, 1)[0]));
        index.push((start, targets.len() as u32));
    }
    (targets, index)
}

/// By `code * squares + square`: every square that piece's lines from there pass, as
/// bits (empty on boards of more than 128 squares). A capture can only land on one.
pub(super) fn reach_masks(
    rays: &Rays,
    spans: &[Span],
    span_index: &[u32],
    nsq: usize,
) -> Vec<u128> {
    if nsq > super::bits::MAX_BITS {
        return Vec::new();
    }
    span_index
        .windows(2)
        .map(|w| {
            spans[w[0] as usize..w[1] as usize]
                .iter()
                .flat_map(|s| rays.squares(s.start, s.len as usize))
                .fold(0u128, |m, q| m | 1u128 << q.0)
        })
        .collect()
}

/// By attacking colour, per target square: the squares of every line along which that
/// colour's pieces may attack it, as bits (none on boards of over 128 squares).
pub(super) fn attack_line_masks(rules: &TableRules) -> [Vec<u128>; 2] {
    let shape = &rules.info.shape;
    if shape.len() > super::bits::MAX_BITS {
        return [Vec::new(), Vec::new()];
    }
    Color::ALL.map(|by| {
        shape
            .squares()
            .map(|target| {
                rules
                    .attack_spans_of(by, target)
                    .iter()
                    .flat_map(|span| rules.rays.squares(span.start, span.len as usize))
                    .fold(0u128, |m, s| m | 1u128 << s.0)
            })
            .collect()
    })
}
