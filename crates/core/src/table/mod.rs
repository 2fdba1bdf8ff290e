//! The table-driven rules engine: any variant described in the movement vocabulary.

mod attacks;
mod bent;
mod bits;
mod bitset;
mod build;
mod castling960;
mod check;
mod count;
mod count_castling;
mod counters;
mod cycle;
mod def;
mod drops;
mod ends;
mod file_rights;
mod forms;
mod gating;
mod geometry;
mod king_guard;
mod make;
mod movegen;
mod passing;
mod path;
mod pawn_masks;
mod pocket_fen;
mod promotion;
mod promotion_move;
mod reference;
mod region;
mod rose;
mod special;

pub use bitset::BitSet;
pub use castling960::Castling960Def;
pub use def::{CastlingDef, Mode, MoveAtom, PieceDef, VariantDef, VariantError};
pub use drops::DropsDef;
pub use ends::{EndsDef, ExtinctionDef, GoalDef, Verdict};
pub use forms::FormsDef;
pub use gating::GatingDef;
pub use passing::PassingDef;
pub use promotion::PromotionDef;
pub use promotion_move::PromotionMoveDef;
pub use region::{RegionDef, SquareSet};
pub use special::Path;

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Position, Undo};
use crate::rules::{Rules, VariantInfo};
use geometry::Rays;

/// "No limit" as a line's range.
const UNLIMITED: u8 = u8::MAX;

/// The most castling rights a variant may have: the bits of
/// [`Position::castling_rights`].
const MAX_CASTLING: usize = u32::BITS as usize;

/// "No axis" as a line's push axis.
const NO_AXIS: u8 = 4;

/// The axis a pawn's double step is counted along for a line in direction `dir`: the
/// one axis it changes, or Y when it changes Y among others (a diagonal push).
fn push_axis(dir: [i8; 4]) -> u8 {
    let mut changed = (0..4).filter(|&a| dir[a] != 0);
    match (changed.next(), changed.next()) {
        (Some(a), None) => a as u8,
        _ if dir[1] != 0 => 1,
        _ => NO_AXIS,
    }
}

/// One line a piece moves along from a square: a direction, how far, and how.
#[derive(Clone, Copy, Debug)]
struct Line {
    dir: u16,
    range: u8,
    mode: Mode,
    /// Only from a square where a piece of this kind and colour starts.
    first: bool,
    /// The shortest distance it goes (at least 1).
    min: u8,
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
    /// The shortest distance along the line (at least 1).
    min: u8,
    /// The axis along which a pawn's push on this line may double (the one axis it
    /// changes; Y for a push that changes Y and more); `NO_AXIS` for none.
    push_axis: u8,
    /// How its squares are walked: square by square, or by bits up or down (see
    /// [`bits`]; the squares' mask is in `TableRules::span_masks`).
    walk: u8,
}

/// A line from a target square along which attackers of one colour may stand.
#[derive(Clone, Copy, Debug)]
struct AttackSpan {
    start: u32,
    len: u16,
    /// Index into the colour's `attack_dirs` (and its row of `attack_range`).
    dir: u16,
}

/// One square of an attack span, for the flat walk over all of a target's spans.
#[derive(Clone, Copy, Debug)]
struct AttackStep {
    sq: Square,
    /// The span's direction (as [`AttackSpan::dir`]).
    dir: u16,
    /// How far along the span the square lies (0: next to the target).
    k: u8,
    /// How many squares of the span lie beyond it.
    rest: u8,
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
    /// The shortest distance of every attack along this line (1 but for a minimum
    /// range: one line per distinct minimum).
    min: u8,
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
    /// By square: its coordinates (worked out once: a division per axis is dear in
    /// the move generator's pawn steps and in every pawn move made).
    coords: Vec<[u8; 4]>,
    /// Number of piece codes (row length of the tables indexed by code).
    ncodes: usize,
    /// Every piece's lines from every square, without the empty ones.
    spans: Vec<Span>,
    /// By `code * squares + square`: where that piece's spans start (one extra at the end).
    span_index: Vec<u32>,
    /// By span (as `spans`): its squares as bits where it is bit-walked; empty on
    /// boards of more than 128 squares.
    span_masks: Vec<u128>,
    /// The destinations of pieces that only step (kings, knights, 4D leapers), and by
    /// `code * squares + square` their range there (empty: walk the spans).
    leaps: Vec<Square>,
    leap_index: Vec<(u32, u32)>,
    /// By `code * squares + square`: the squares the piece's lines reach, as bits
    /// (empty on boards of more than 128 squares), so that a capture search sees at
    /// once that a piece has none.
    reach_masks: Vec<u128>,
    /// By attacking colour: the non-empty attack lines from every square.
    attack_spans: [Vec<AttackSpan>; 2],
    /// By attacking colour, by square: where its attack spans start (one extra at the end).
    attack_index: [Vec<u32>; 2],
    /// By attacking colour, by `dir * ncodes + code`: how far that piece attacks.
    attack_range: [Vec<u8>; 2],
    /// By attacking colour, by attack line: the shortest distance it attacks at.
    attack_min: [Vec<u8>; 2],
    /// By attacking colour: every square's attack spans as one run of squares (empty
    /// on boards too large for it), and by square where its run starts.
    attack_steps: [Vec<AttackStep>; 2],
    attack_step_index: [Vec<u32>; 2],
    castling: Vec<Castling>,
    /// By square: the castling rights that survive a move from or to it.
    rights_kept: Vec<u32>,
    pawn: Vec<bool>,
    royal: Vec<bool>,
    promotion: Vec<PieceKind>,
    /// By colour, by square: whose pawns promote on landing there.
    promotion_zone: [Vec<bool>; 2],
    /// Where a pawn may double-step: its double-step rank, counted along the axis it
    /// advances on (`double_step_from` holds a region instead).
    double_step_rank: Option<u8>,
    /// Whether a pawn on its double-step rank may also advance three squares.
    triple_step: bool,
    /// Whether some pawn's double (or triple) step can land in its promotion zone: a
    /// generation of captures and promotions walks the double steps only then.
    double_steps_promote: bool,
    /// By attacking colour, per target square: every square of the lines along which
    /// that colour's pieces may attack it (boards of at most 128 squares; empty on
    /// larger ones). A move that touches none of them cannot change whether the
    /// square is attacked along lines.
    attack_lines: [Vec<u128>; 2],
    /// By colour: the squares a pawn may double-step from when a region names them
    /// (horde: the first two ranks); `None`: the double-step rank decides.
    double_step_from: Option<[SquareSet; 2]>,
    regions: region::Regions,
    ends: ends::Ends,
    special: special::Special,
    /// By piece code: whether its moves must be made distinct (a rose reaches a square
    /// both ways round).
    twice: Vec<bool>,
    promotion_rules: promotion::Promotion,
    drops: drops::Drops,
    forms: forms::Forms,
    file_rights: file_rights::FileRights,
    castling960: castling960::Castling960,
    passing: passing::Passing,
    gating: gating::Gating,
    promotion_move: promotion_move::PromotionMove,
    /// The tables of perft's bulk count of the last ply (inactive where the variant's
    /// rules adjust the move list beyond the board moves), built on the first count:
    /// they are most of a variant's construction, and a program that reads the whole
    /// catalog plays one variant and counts none.
    bulk: std::sync::OnceLock<count::Bulk>,
}

impl TableRules {
    /// Checks a variant and precomputes its tables.
    pub fn new(def: VariantDef) -> Result<TableRules, VariantError> {
        build::check_pieces(&def)?;
        let shape = def.shape;
        let info = build::variant_info(&def);
        let ncodes = 2 * def.pieces.len() + 2;
        let mut rays = build::rays(&def);
        let regions = region::Regions::new(&shape, &def.regions)?;
        let moves = build::movements(&def, &mut rays, ncodes)?;
        let pawn: Vec<bool> = def.pieces.iter().map(|p| p.info.pawn).collect();
        let royal: Vec<bool> = def.pieces.iter().map(|p| p.info.royal).collect();
        let promotion = build::promotion_kinds(&def, &info, &royal)?;
        let mut ends = ends::Ends::new(&def.ends, &info, &regions, &royal)?;
        let passing = passing::Passing::new(&def.passing, &info, def.ends.checks)?;
        ends.immediate |= passing.active;
        let special = special::Special::new(
            special::Setting {
                shape: &shape,
                ncodes,
                regions: &regions,
                confined: def.pieces.iter().map(|p| p.confined.clone()).collect(),
                flying_general: def.ends.flying_general,
            },
            &mut rays,
            &moves.special,
        )?;
        let far_end = build::far_end(&shape, def.promotion_axes);
        let promotion_region = match &def.promotion_region {
            None => None,
            Some(name) => Some(regions.require(name, "promotion")?),
        };
        let promotion_zone = build::promotion_zones(&shape, &far_end, promotion_region.as_ref());
        let promotion_rules = promotion::Promotion::new(&def.promotion_rules, &info, far_end)?;
        let double_step_from = build::double_step_squares(&def, &regions)?;
        let drops = drops::Drops::new(&def.drops, &info, &regions, def.gating.enabled)?;
        let forms = forms::Forms::new(&def.forms, &info, &regions)?;
        let promotion_move =
            promotion_move::PromotionMove::new(&def.promotion_move, &info, &regions)?;
        let gating =
            gating::Gating::new(&def.gating, &info, drops.captures_to_hand(), forms.active)?;
        let start =
            build::start_position(&def, (&drops, &forms, gating.active), &info, ends.checks())?;
        build::check_kings(&def, &start, &royal)?;
        let castles = build::castling_parts(&def, &start, &royal, &info)?;
        let (spans, span_index, span_masks) =
            build::span_tables(&shape, &rays, &moves.lines, &start);
        let attacks = build::attack_tables(&shape, &rays, &moves.attack_dirs);
        let (leaps, leap_index) =
            build::leap_tables(&rays, &spans, &span_index, &pawn, shape.len());
        let reach_masks = build::reach_masks(&rays, &spans, &span_index, shape.len());
        let mut rules = TableRules {
            coords: shape.squares().map(|s| shape.coords(s)).collect(),
            info,
            start,
            rays,
            ncodes,
            spans,
            span_index,
            span_masks,
            leaps,
            leap_index,
            reach_masks,
            attack_spans: attacks.spans,
            attack_index: attacks.index,
            attack_range: attacks.range,
            attack_min: attacks.min,
            attack_steps: attacks.steps,
            attack_step_index: attacks.step_index,
            castling: castles.options,
            rights_kept: castles.rights_kept,
            pawn,
            royal,
            promotion,
            promotion_zone,
            double_step_rank: def.double_step_rank,
            triple_step: def.triple_step,
            double_steps_promote: false,
            attack_lines: [Vec::new(), Vec::new()],
            double_step_from,
            regions,
            ends,
            special,
            twice: moves.twice,
            promotion_rules,
            drops,
            forms,
            file_rights: castles.file_rights,
            castling960: castles.castling960,
            passing,
            gating,
            promotion_move,
            bulk: std::sync::OnceLock::new(),
        };
        // The forms' immobile squares first: the drop places and the count read them.
        forms::Forms::finish(&mut rules);
        rules.double_steps_promote = movegen::double_steps_may_promote(&rules);
        rules.attack_lines = build::attack_line_masks(&rules);
        let places = drops::places(&rules);
        rules.drops.set_places(places);
        rules.finish(&def.start)?;
        Ok(rules)
    }

    /// The last step of [`TableRules::new`]: the start position read with the rules
    /// (castling rights by rook file, no pass behind it), promoted forms, and checked.
    fn finish(&mut self, start: &str) -> Result<(), VariantError> {
        passing::after_read(&self.passing, &mut self.start);
        // Castling rights by rook file and gates are read against the rules.
        if self.castling960.active || self.gating.active {
            self.start = self.read_position(start).map_err(VariantError::Start)?;
        }
        // The start position must be one a game can be in, as every other position.
        self.checked(&self.start)
            .map_err(|e| VariantError::Start(e.into()))
    }

    /// Reads a position string with the variant's own counters (Fairy-Stockfish's
    /// `3+3` check counter where checks are counted) and pockets (`[Pp]`).
    fn read_position(&self, text: &str) -> Result<Position, crate::FenError> {
        let read = |text: &str| {
            pocket_fen::parse(&self.drops, &self.forms, &self.info, text, |t| {
                counters::parse(self.ends.checks(), &self.info, t)
            })
        };
        let (text, gates) = if self.gating.active {
            gating::take_gates(&self.info, text)?
        } else {
            (text.to_string(), Default::default())
        };
        let mut pos = if self.castling960.active {
            castling960::read(self, &text, read)?
        } else {
            read(&text)?
        };
        if self.gating.active {
            gating::put_gates(self, &mut pos, &gates);
        }
        passing::after_read(&self.passing, &mut pos);
        Ok(pos)
    }

    /// A piece's lines from a square.
    #[inline]
    fn spans_of(&self, p: Piece, sq: Square) -> &[Span] {
        let i = p.code() as usize * self.info.shape.len() + sq.index();
        &self.spans[self.span_index[i] as usize..self.span_index[i + 1] as usize]
    }

    /// A piece's lines from a square, with the index of the first in `spans` (and in
    /// `span_masks`).
    #[inline]
    fn spans_at(&self, p: Piece, sq: Square) -> (usize, &[Span]) {
        let i = p.code() as usize * self.info.shape.len() + sq.index();
        let first = self.span_index[i] as usize;
        (first, &self.spans[first..self.span_index[i + 1] as usize])
    }

    /// Where every move of the piece from the square is a plain step: the steps'
    /// destinations in span order (none: its spans are walked).
    #[inline]
    fn leaps_at(&self, p: Piece, sq: Square) -> Option<&[Square]> {
        let i = p.code() as usize * self.info.shape.len() + sq.index();
        let &(a, b) = self.leap_index.get(i)?;
        if a == b {
            return None;
        }
        self.leaps.get(a as usize..b as usize)
    }

    /// The squares the piece's lines from `sq` reach, as bits (none: no bits here).
    #[inline]
    fn reach_at(&self, p: Piece, sq: Square) -> Option<u128> {
        let i = p.code() as usize * self.info.shape.len() + sq.index();
        self.reach_masks.get(i).copied()
    }

    /// The coordinates of a square of the board.
    #[inline]
    fn coords(&self, sq: Square) -> [u8; 4] {
        match self.coords.get(sq.index()) {
            Some(&c) => c,
            None => self.info.shape.coords(sq),
        }
    }

    /// The squares of [`TableRules::attack_spans_of`], span after span, where the
    /// flat table was built.
    #[inline]
    fn attack_steps_of(&self, by: Color, sq: Square) -> Option<&[AttackStep]> {
        let idx = &self.attack_step_index[by.index()];
        let (a, b) = (*idx.get(sq.index())?, *idx.get(sq.index() + 1)?);
        self.attack_steps[by.index()].get(a as usize..b as usize)
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
        self.generate_with(movegen::legal_moves, pos, wanted, out);
    }

    /// [`TableRules::generate`] with the board moves of `board_moves` (the fast
    /// generator, or the reference one that tests hold it to).
    #[inline]
    fn generate_with(
        &self,
        board_moves: fn(&TableRules, &Position, movegen::Wanted, &mut Vec<Move>) -> Option<bool>,
        pos: &Position,
        wanted: movegen::Wanted,
        out: &mut Vec<Move>,
    ) {
        if self.ends.immediate && ends::immediate_end(self, pos).is_some() {
            out.clear();
            return;
        }
        if self.drops.active && self.drops.must_drop && wanted == movegen::Wanted::All {
            // While a drop is legal the drops alone are the list (placement's first
            // phase): the board moves would be made only to be taken out again.
            out.clear();
            drops::generate(self, pos, out);
            if !out.is_empty() {
                self.adjust_for_rules(pos, wanted, out, None);
                return;
            }
        }
        let in_check = board_moves(self, pos, wanted, out);
        if self.promotion_rules.active {
            promotion::adjust(self, pos, wanted == movegen::Wanted::Noisy, out);
        }
        if self.forms.active {
            forms::adjust(self, pos, out);
        }
        if self.promotion_move.active {
            promotion_move::generate(self, pos, out);
        }
        if self.gating.active {
            gating::generate(self, pos, out);
        }
        if self.drops.active && wanted == movegen::Wanted::All {
            drops::generate(self, pos, out);
        }
        self.adjust_for_rules(pos, wanted, out, in_check);
    }

    /// The last steps of [`TableRules::generate_with`], on board moves and drops alike:
    /// confinement, the flying general, passing and the obligations of the game's ends.
    ///
    /// `in_check`: whether the side to move is in check, where the board moves' generation
    /// learnt it.
    #[inline]
    fn adjust_for_rules(
        &self,
        pos: &Position,
        wanted: movegen::Wanted,
        out: &mut Vec<Move>,
        in_check: Option<bool>,
    ) {
        if self.special.any_confined {
            special::confine(self, pos, out);
        }
        if self.special.flying_general {
            special::flying_general(self, pos, out);
        }
        if self.passing.active {
            passing::adjust(self, pos, wanted == movegen::Wanted::All, out, in_check);
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

    /// The legal moves as the mailbox generator before the bitboard paths made them,
    /// in its order: the oracle the order tests compare [`Rules::legal_moves`] with
    /// (same moves, same order, or the engine's tie-breaks and the puzzles change).
    #[doc(hidden)]
    pub fn legal_moves_reference(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_with(reference_moves, pos, movegen::Wanted::All, out);
    }

    /// [`TableRules::legal_moves_reference`] for captures and promotions only.
    #[doc(hidden)]
    pub fn legal_captures_reference(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_with(reference_moves, pos, movegen::Wanted::Noisy, out);
    }

    /// Which path the move generator takes for this variant, in words: `"bits"` (a
    /// board of at most 128 squares: own pieces and noisy line moves by bit scans,
    /// king safety by check and pin shortcuts), `"bits, full legality"` (hops, lame
    /// leaps or confinement: every move judged on the board after it) or `"mailbox"`
    /// (a board too large for the bits: the square-by-square walk).
    pub fn generation_path(&self) -> &'static str {
        match (
            self.info.shape.len() <= bits::MAX_BITS,
            self.special.full_legality,
        ) {
            (true, false) => "bits",
            (true, true) => "bits, full legality",
            (false, false) => "mailbox",
            (false, true) => "mailbox, full legality",
        }
    }

    /// The bulk count's tables, built on first use.
    #[inline]
    fn bulk(&self) -> &count::Bulk {
        self.bulk.get_or_init(|| count::Bulk::new(self))
    }

    /// How [`Rules::count_legal_moves`] counts for this variant: `"bulk"` (free
    /// pieces' moves by masks and popcounts, the rest listed), `"bulk, full legality"`
    /// (the same where every move is judged in full: free pieces off the squares the
    /// king's guard reads by popcounts, the rest judged) or `"list"` (every move
    /// listed, where the variant's rules adjust the list beyond the board moves or the
    /// board is too large for the bits).
    pub fn counting_path(&self) -> &'static str {
        match (self.bulk().active, self.bulk().full) {
            (true, false) => "bulk",
            (true, true) => "bulk, full legality",
            (false, _) => "list",
        }
    }

    /// Number of distinct direction vectors the variant uses (for tests and tuning).
    pub fn direction_count(&self) -> usize {
        self.rays.dirs.len()
    }
}

/// The reference generator's board moves, with nothing learnt about check.
fn reference_moves(
    rules: &TableRules,
    pos: &Position,
    wanted: movegen::Wanted,
    out: &mut Vec<Move>,
) -> Option<bool> {
    reference::legal_moves(rules, pos, wanted, out);
    None
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

    fn count_legal_moves(&self, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
        if self.bulk().active {
            // A game that has ended has no moves (what the list would say).
            if self.ends.immediate && ends::immediate_end(self, pos).is_some() {
                return 0;
            }
            // The board moves in bulk and, beside them, the drops by masks.
            let drops = if self.drops.active {
                drops::count(self, pos)
            } else {
                Some(0)
            };
            if let Some(drops) = drops
                && let Some(board) = count::count_legal(self, pos, scratch)
            {
                return board + drops;
            }
        }
        self.legal_moves(pos, scratch);
        scratch.len() as u64
    }

    fn status(&self, pos: &Position) -> crate::rules::Status {
        ends::status(self, pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let text = pocket_fen::format(
            &self.drops,
            &self.forms,
            &self.info,
            pos,
            counters::format(self.ends.checks(), &self.info, pos),
        );
        let text = if self.castling960.active {
            castling960::format(self, pos, text)
        } else {
            text
        };
        if self.gating.active {
            gating::format(self, pos, text)
        } else {
            text
        }
    }

    fn chess960_castling(&self) -> bool {
        self.castling960.active
    }

    fn promoted_form(&self, kind: PieceKind) -> Option<PieceKind> {
        if self.forms.active {
            self.forms.promoted_of(kind)
        } else {
            None
        }
    }

    fn goal(&self, color: Color) -> Option<(Vec<PieceKind>, Vec<Square>)> {
        self.ends.goal(color)
    }

    fn board_look(&self) -> crate::BoardLook {
        let (holes, wrap) = self.rays.board();
        let regions = self
            .regions(Color::White)
            .zip(self.regions(Color::Black))
            .map(|((name, w), (_, b))| {
                (
                    name.to_string(),
                    [w.squares().collect(), b.squares().collect()],
                )
            })
            .collect();
        crate::BoardLook {
            holes: (0..holes.len())
                .filter(|&i| holes[i])
                .map(|i| Square(i as u16))
                .collect(),
            wrap,
            regions,
            promoted_forms: self.forms.active,
        }
    }

    fn make_move(&self, pos: &mut Position, mv: Move) -> Undo {
        make::make_move(self, pos, mv)
    }

    fn gives_check(&self, pos: &mut Position, mv: Move) -> bool {
        make::gives_check(self, pos, mv).unwrap_or_else(|| {
            let undo = make::make_move(self, pos, mv);
            let check = self.in_check(pos);
            self.unmake_move(pos, &undo);
            check
        })
    }

    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        attacks::attacked(self, &|s| pos.piece_at(s), sq, by, pos.castling_rights())
    }

    fn attackers(&self, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>) {
        attacks::attackers(self, pos, sq, by, out);
    }

    fn move_path(&self, pos: &Position, mv: Move) -> Vec<Square> {
        path::move_path(self, pos, mv)
    }

    fn describe_move(&self, pos: &Position, mv: Move) -> String {
        let text = self.format_move(pos, mv);
        match self
            .gating
            .active
            .then(|| gating::gate_of(self, pos, mv))
            .flatten()
        {
            Some((kind, sq)) => format!(
                "{text}: the {} enters {}",
                self.info.pieces[kind.index()].name,
                self.info.shape.square_name(sq)
            ),
            None => text,
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, crate::FenError> {
        let pos = self.read_position(text)?;
        self.checked(&pos)?;
        Ok(pos)
    }

    fn parse_position_unchecked(&self, text: &str) -> Result<Position, crate::FenError> {
        let mut pos = self.read_position(text)?;
        // Rights whose king or rook is gone can never be used: drop them so that equal
        // positions hash equally.
        if self.file_rights.active {
            let rights = file_rights::usable_rights(self, &pos);
            pos.set_castling_rights(rights);
            return Ok(pos);
        }
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

    fn check_position(&self, pos: &Position) -> Result<(), crate::PositionError> {
        self.checked(pos)
    }
}
