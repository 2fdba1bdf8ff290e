//! The table-driven rules engine: any variant described in the movement vocabulary.

mod attacks;
mod counters;
mod def;
mod drops;
mod ends;
mod forms;
mod geometry;
mod make;
mod movegen;
mod pocket_fen;
mod promotion;
mod region;
mod special;

pub use def::{CastlingDef, Mode, MoveAtom, PieceDef, VariantDef, VariantError};
pub use drops::DropsDef;
pub use ends::{EndsDef, ExtinctionDef, GoalDef, Verdict};
pub use forms::FormsDef;
pub use promotion::PromotionDef;
pub use region::{RegionDef, SquareSet};
pub use special::Path;

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, MAX_KINDS, Piece, PieceKind};
use crate::position::{Position, Undo};
use crate::rules::{Rules, VariantInfo};
use geometry::Rays;
use std::collections::HashMap;

/// "No limit" as a line's range.
const UNLIMITED: u8 = u8::MAX;

/// One line a piece moves along from a square: a direction, how far, and how.
#[derive(Clone, Copy, Debug)]
struct Line {
    dir: u16,
    range: u8,
    mode: Mode,
}

/// A piece's line from one particular square, clipped to the board and its range.
#[derive(Clone, Copy, Debug)]
struct Span {
    /// Where its squares start in the ray store.
    start: u32,
    /// How many squares the piece may travel.
    len: u16,
    /// How many squares the ray has to the edge (a pawn's double step looks further).
    full: u16,
    mode: Mode,
    /// The line advances along Y (a pawn's push that may double).
    along_y: bool,
}

/// A line from a target square along which attackers of one colour may stand.
#[derive(Clone, Copy, Debug)]
struct AttackSpan {
    start: u32,
    len: u16,
    /// Index into the colour's `attack_dirs` (and its row of `attack_range`).
    dir: u16,
}

/// From a target square, the squares to look along for attackers of one colour.
#[derive(Clone, Debug)]
struct AttackDir {
    /// The direction to walk from the target (the attacker's movement reversed).
    dir: u16,
    /// The furthest any attacker reaches along it.
    max_range: u8,
    /// By piece code: how far that piece attacks along this line (0: not at all).
    range_of: Vec<u8>,
}

/// A castling option with its squares worked out.
#[derive(Clone, Debug)]
struct Castling {
    def: CastlingDef,
    /// Squares that must be empty (besides the king and rook themselves).
    empty: Vec<Square>,
    /// Squares the king crosses after its start, ending on its destination.
    king_path: Vec<Square>,
}

/// A variant run from tables: rays and movements precomputed once.
///
/// # Examples
///
/// ```
/// # use chess4d_core::{Rules, TableRules};
/// # fn demo(rules: &TableRules) {
/// let pos = rules.start_position();
/// let mut moves = Vec::new();
/// rules.legal_moves(&pos, &mut moves);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct TableRules {
    info: VariantInfo,
    start: Position,
    rays: Rays,
    /// Number of piece codes (row length of the tables indexed by code).
    ncodes: usize,
    /// Every piece's lines from every square, without the empty ones.
    spans: Vec<Span>,
    /// By `code * squares + square`: where that piece's spans start (one extra at the end).
    span_index: Vec<u32>,
    /// By attacking colour: the non-empty attack lines from every square.
    attack_spans: [Vec<AttackSpan>; 2],
    /// By attacking colour, by square: where its attack spans start (one extra at the end).
    attack_index: [Vec<u32>; 2],
    /// By attacking colour, by `dir * ncodes + code`: how far that piece attacks.
    attack_range: [Vec<u8>; 2],
    castling: Vec<Castling>,
    /// By square: the castling rights that survive a move from or to it.
    rights_kept: Vec<u8>,
    pawn: Vec<bool>,
    royal: Vec<bool>,
    promotion: Vec<PieceKind>,
    /// By colour, by square: whose pawns promote on landing there.
    promotion_zone: [Vec<bool>; 2],
    double_step_rank: Option<u8>,
    /// By colour: the squares a pawn may double-step from, when a region gives them.
    double_step_from: Option<[SquareSet; 2]>,
    regions: region::Regions,
    ends: ends::Ends,
    special: special::Special,
    promotion_rules: promotion::Promotion,
    drops: drops::Drops,
    forms: forms::Forms,
}

impl TableRules {
    /// Checks a variant and precomputes its tables.
    pub fn new(def: VariantDef) -> Result<TableRules, VariantError> {
        let shape = def.shape;
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
        let info = VariantInfo {
            name: def.name.clone(),
            title: def.title.clone(),
            description: def.description.clone(),
            shape,
            pieces: def
                .pieces
                .iter()
                .map(|p| {
                    let mut i = p.info.clone();
                    i.letter = i.letter.to_ascii_uppercase();
                    i
                })
                .collect(),
            castling_letters: def.castling.iter().map(|c| c.letter).collect(),
            en_passant: def.en_passant,
            repetition_limit: def.repetition_limit,
            move_limit_plies: def.move_limit_plies,
            bare_kings_draw: def.bare_kings_draw,
        };

        let ncodes = 2 * def.pieces.len() + 2;
        let mut rays = Rays::new(&shape);
        let mut lines: Vec<Vec<Line>> = vec![Vec::new(); ncodes];
        // (attacking colour, walk direction) -> range by code
        let mut attacks: HashMap<(usize, u16), Vec<u8>> = HashMap::new();
        // Regions first: a movement may be bound to one.
        let regions = region::Regions::new(&shape, &def.regions)?;
        let mut special_atoms: Vec<special::Atom> = Vec::new();
        for (k, p) in def.pieces.iter().enumerate() {
            for (ai, atom) in p.moves.iter().enumerate() {
                let bad = |reason: &str| VariantError::BadMovement {
                    piece: p.info.letter,
                    index: ai,
                    reason: reason.to_string(),
                };
                if atom.deltas.is_empty() || atom.deltas.len() > 4 {
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
                for color in Color::ALL {
                    let code = Piece::new(PieceKind(k as u8), color).code() as usize;
                    let vectors = geometry::atom_vectors(
                        &shape,
                        &atom.deltas,
                        atom.axes,
                        atom.forward,
                        color.forward(),
                    );
                    let range = if atom.range == 0 {
                        UNLIMITED
                    } else {
                        atom.range
                    };
                    if atom.path != Path::Open || atom.within.is_some() {
                        if atom.path == Path::Lame && atom.range != 1 {
                            return Err(bad("a lame movement is a leap (range 1)"));
                        }
                        for vector in vectors {
                            special_atoms.push(special::Atom {
                                code,
                                color,
                                vector,
                                range,
                                mode: atom.mode,
                                path: atom.path,
                                within: atom.within.clone(),
                            });
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
                        });
                        if atom.mode != Mode::Move {
                            let r = attacks
                                .entry((color.index(), rev))
                                .or_insert_with(|| vec![0; ncodes]);
                            r[code] = r[code].max(range);
                        }
                    }
                }
            }
        }
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
            });
        }

        let pawn: Vec<bool> = def.pieces.iter().map(|p| p.info.pawn).collect();
        let royal: Vec<bool> = def.pieces.iter().map(|p| p.info.royal).collect();
        let mut promotion = Vec::new();
        for &c in &def.promotion {
            match info.kind_by_letter(c) {
                Some(k) if !royal[k.index()] => promotion.push(k),
                _ => return Err(VariantError::BadPromotion(c)),
            }
        }

        let ends = ends::Ends::new(&def.ends, &info, &regions, &royal)?;
        let special = special::Special::new(
            special::Setting {
                shape: &shape,
                ncodes,
                regions: &regions,
                confined: def.pieces.iter().map(|p| p.confined.clone()).collect(),
                flying_general: def.ends.flying_general,
            },
            &mut rays,
            &special_atoms,
        )?;
        let far_end: [SquareSet; 2] = Color::ALL.map(|color| {
            let squares: Vec<Square> = shape
                .squares()
                .filter(|&sq| {
                    let c = shape.coords(sq);
                    (0..4)
                        .filter(|a| def.promotion_axes & (1 << a) != 0)
                        .all(|a| match color {
                            Color::White => c[a] + 1 == shape.sizes()[a],
                            Color::Black => c[a] == 0,
                        })
                })
                .collect();
            SquareSet::of(shape.len(), &squares)
        });
        let promotion_rules = promotion::Promotion::new(&def.promotion_rules, &info, far_end)?;
        let double_step_from = match &def.double_step_region {
            None => None,
            Some(name) => Some(regions.require(name, "the double step")?),
        };
        let promotion_region = match &def.promotion_region {
            None => None,
            Some(name) => Some(regions.require(name, "promotion")?),
        };
        let drops = drops::Drops::new(&def.drops, &info, &regions)?;
        let forms = forms::Forms::new(&def.forms, &info, &regions)?;
        let start = pocket_fen::parse(&drops, &forms, &info, &def.start, |t| {
            counters::parse(ends.checks(), &info, t)
        })
        .map_err(VariantError::Start)?;
        for color in Color::ALL {
            let kings = start
                .pieces()
                .filter(|(_, p)| p.color() == color && royal[p.kind().index()])
                .count();
            match kings {
                // Without a royal piece a side can still lose by extinction, and a
                // variant with no royal kind at all ends by its other rules.
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

        let mut castling = Vec::new();
        let mut rights_kept = vec![u8::MAX; shape.len()];
        if def.castling.len() > 8 {
            return Err(VariantError::BadCastling {
                letter: def.castling[8].letter,
                reason: "at most 8 castling options".into(),
            });
        }
        for (bit, c) in def.castling.iter().enumerate() {
            let bad = |reason: String| VariantError::BadCastling {
                letter: c.letter,
                reason,
            };
            for sq in [c.king_from, c.king_to, c.rook_from, c.rook_to] {
                if !shape.contains(sq) {
                    return Err(bad("a square is off the board".into()));
                }
            }
            let [kf, rf, kt, rt] =
                [c.king_from, c.rook_from, c.king_to, c.rook_to].map(|s| shape.coords(s));
            if kf[1..] != rf[1..] || kf[1..] != kt[1..] || kf[1..] != rt[1..] {
                return Err(bad("king and rook must castle along one rank".into()));
            }
            // The castling king is the royal piece, or (giveaway) the piece in its place.
            // With castling by dropped pieces (placement) king and rook come later.
            let dropped = def.drops.castling_rook.is_some();
            match start.piece_at(c.king_from) {
                Some(p) if p.color() == c.color => {}
                _ if dropped => {}
                _ => return Err(bad("the king does not start on its castling square".into())),
            }
            match start.piece_at(c.rook_from) {
                Some(p) if p.color() == c.color && !royal[p.kind().index()] => {}
                _ if dropped => {}
                _ => {
                    return Err(bad(
                        "no piece of that side starts on the rook's square".into()
                    ));
                }
            }
            let lo = [kf[0], rf[0], kt[0], rt[0]].into_iter().min().unwrap_or(0);
            let hi = [kf[0], rf[0], kt[0], rt[0]].into_iter().max().unwrap_or(0);
            let mut empty = Vec::new();
            for x in lo..=hi {
                let mut cc = kf;
                cc[0] = x;
                if let Some(sq) = shape.square(cc)
                    && sq != c.king_from
                    && sq != c.rook_from
                {
                    empty.push(sq);
                }
            }
            let mut king_path = Vec::new();
            let step: i16 = if kt[0] >= kf[0] { 1 } else { -1 };
            let mut x = kf[0] as i16;
            while x != kt[0] as i16 {
                x += step;
                let mut cc = kf;
                cc[0] = x as u8;
                if let Some(sq) = shape.square(cc) {
                    king_path.push(sq);
                }
            }
            rights_kept[c.king_from.index()] &= !(1 << bit);
            rights_kept[c.rook_from.index()] &= !(1 << bit);
            castling.push(Castling {
                def: c.clone(),
                empty,
                king_path,
            });
        }

        let nsq = shape.len();
        let mut spans = Vec::new();
        let mut span_index = Vec::with_capacity(ncodes * nsq + 1);
        for code_lines in &lines {
            for sq in shape.squares() {
                span_index.push(spans.len() as u32);
                for line in code_lines {
                    let (start, full) = rays.span(line.dir, sq);
                    if full == 0 {
                        continue;
                    }
                    spans.push(Span {
                        start,
                        len: full.min(line.range as usize) as u16,
                        full: full as u16,
                        mode: line.mode,
                        along_y: rays.dirs[line.dir as usize][1] != 0,
                    });
                }
            }
        }
        span_index.push(spans.len() as u32);
        let mut attack_spans: [Vec<AttackSpan>; 2] = [Vec::new(), Vec::new()];
        let mut attack_index: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut attack_range: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        for c in 0..2 {
            for sq in shape.squares() {
                attack_index[c].push(attack_spans[c].len() as u32);
                for (i, ad) in attack_dirs[c].iter().enumerate() {
                    let (start, full) = rays.span(ad.dir, sq);
                    let len = full.min(ad.max_range as usize);
                    if len > 0 {
                        attack_spans[c].push(AttackSpan {
                            start,
                            len: len as u16,
                            dir: i as u16,
                        });
                    }
                }
            }
            attack_index[c].push(attack_spans[c].len() as u32);
            for ad in &attack_dirs[c] {
                attack_range[c].extend_from_slice(&ad.range_of);
            }
        }
        let mut rules = TableRules {
            info,
            start,
            rays,
            ncodes,
            spans,
            span_index,
            attack_spans,
            attack_index,
            attack_range,
            castling,
            rights_kept,
            pawn,
            royal,
            promotion,
            promotion_zone: Color::ALL.map(|color| {
                shape
                    .squares()
                    .map(|sq| {
                        if let Some(zone) = &promotion_region {
                            return zone[color.index()].contains(sq);
                        }
                        let c = shape.coords(sq);
                        (0..4)
                            .filter(|a| def.promotion_axes & (1 << a) != 0)
                            .all(|a| match color {
                                Color::White => c[a] + 1 == shape.sizes()[a],
                                Color::Black => c[a] == 0,
                            })
                    })
                    .collect()
            }),
            double_step_rank: def.double_step_rank,
            double_step_from,
            regions,
            ends,
            special,
            promotion_rules,
            drops,
            forms,
        };
        forms::Forms::finish(&mut rules);
        Ok(rules)
    }

    /// A piece's lines from a square.
    #[inline]
    fn spans_of(&self, p: Piece, sq: Square) -> &[Span] {
        let i = p.code() as usize * self.info.shape.len() + sq.index();
        &self.spans[self.span_index[i] as usize..self.span_index[i + 1] as usize]
    }

    /// The lines along which `by`'s attackers of `sq` may stand.
    #[inline]
    fn attack_spans_of(&self, by: Color, sq: Square) -> &[AttackSpan] {
        let idx = &self.attack_index[by.index()];
        &self.attack_spans[by.index()][idx[sq.index()] as usize..idx[sq.index() + 1] as usize]
    }

    #[inline]
    fn is_pawn(&self, p: Piece) -> bool {
        self.pawn[p.kind().index()]
    }

    #[inline]
    fn is_royal(&self, p: Piece) -> bool {
        self.royal[p.kind().index()]
    }

    /// Whether a pawn of `color` standing on `sq` has reached its promotion zone.
    #[inline]
    fn in_promotion_zone(&self, sq: Square, color: Color) -> bool {
        self.promotion_zone[color.index()][sq.index()]
    }

    /// Legal moves, none once a rule of the variant has ended the game (as
    /// Fairy-Stockfish counts them), and only those the variant's obligations allow.
    #[inline]
    fn generate(&self, pos: &Position, wanted: movegen::Wanted, out: &mut Vec<Move>) {
        if self.ends.immediate && ends::immediate_end(self, pos).is_some() {
            out.clear();
            return;
        }
        movegen::legal_moves(self, pos, wanted, out);
        if self.promotion_rules.active {
            promotion::adjust(self, pos, wanted == movegen::Wanted::Noisy, out);
        }
        if self.forms.active {
            forms::adjust(self, pos, out);
        }
        if self.drops.active && wanted == movegen::Wanted::All {
            drops::generate(self, pos, out);
        }
        if self.special.any_confined {
            out.retain(|m| {
                pos.piece_at(m.from)
                    .is_none_or(|p| self.special.may_stand(p, m.to))
            });
        }
        if self.special.flying_general {
            special::flying_general(self, pos, out);
        }
        if self.ends.obliged {
            ends::oblige(self, pos, out);
        }
    }

    /// Each region's name and its squares for `color`, in the order the variant gives
    /// them (what the viewer draws).
    pub fn regions(&self, color: Color) -> impl Iterator<Item = (&str, &SquareSet)> + '_ {
        self.regions.iter(color)
    }

    /// Number of distinct direction vectors the variant uses (for tests and tuning).
    pub fn direction_count(&self) -> usize {
        self.rays.dirs.len()
    }
}

impl Rules for TableRules {
    fn info(&self) -> &VariantInfo {
        &self.info
    }

    fn start_position(&self) -> Position {
        self.start.clone()
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, movegen::Wanted::All, out);
    }

    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, movegen::Wanted::Noisy, out);
    }

    fn status(&self, pos: &Position) -> crate::rules::Status {
        ends::status(self, pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        pocket_fen::format(
            &self.drops,
            &self.forms,
            &self.info,
            pos,
            counters::format(&self.info, pos),
        )
    }

    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo {
        make::make_move(self, pos, mv)
    }

    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        attacks::attacked(self, &|s| pos.piece_at(s), sq, by)
    }

    fn attackers(&self, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>) {
        attacks::attackers(self, pos, sq, by, out);
    }

    fn parse_position(&self, text: &str) -> Result<Position, crate::FenError> {
        let mut pos = pocket_fen::parse(&self.drops, &self.forms, &self.info, text, |t| {
            counters::parse(self.ends.checks(), &self.info, t)
        })?;
        // Rights whose king or rook is gone can never be used: drop them so that equal
        // positions hash equally.
        let mut rights = pos.castling_rights();
        for (bit, c) in self.castling.iter().enumerate() {
            let king_ok = pos
                .piece_at(c.def.king_from)
                .is_some_and(|p| p.color() == c.def.color);
            let rook_ok = pos
                .piece_at(c.def.rook_from)
                .is_some_and(|p| p.color() == c.def.color);
            if !(king_ok && rook_ok) {
                rights &= !(1 << bit);
            }
        }
        pos.set_castling_rights(rights);
        Ok(pos)
    }
}
