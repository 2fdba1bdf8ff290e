//! From a parsed variant file to the core's `VariantDef`, with every error located.

mod castling960;
mod drops;
mod ends;
mod forms;
mod passing;
mod promotion;
mod promotion_move;
mod regions;

use crate::error::VariantFileError;
use crate::schema::{Counts, Hop, MoveFile, Names, VariantFile};
use chess4d_core::{
    CastlingDef, Color, Mode, MoveAtom, Path, PieceDef, PieceInfo, Shape, TableRules, VariantDef,
    VariantError,
};
use std::ops::Range;

/// What a variant file describes: rules as tables, or a rule plugin to load.
#[derive(Clone, Debug)]
pub enum VariantSpec {
    /// A variant in the movement vocabulary, checked and ready.
    Table(Box<TableRules>),
    /// A variant whose rules come from a dynamic library.
    Plugin {
        /// Catalog name.
        name: String,
        /// The plugin's name as the file gives it (`tensor`): the library file is
        /// looked for next to the executable, beside the file, and on the plugin path.
        library: String,
    },
}

/// Reads a variant from TOML text. `path` is only used in messages.
///
/// # Examples
///
/// ```
/// let text = include_str!("../../../variants/full.toml");
/// let spec = chess4d_variants::parse_variant(text, "full.toml").unwrap();
/// assert!(matches!(spec, chess4d_variants::VariantSpec::Table(_)));
/// ```
pub fn parse_variant(text: &str, path: &str) -> Result<VariantSpec, VariantFileError> {
    crate::check::load_errors(text, path)?;
    build_variant(text, path).map_err(|e| crate::check::explain_error(text, path, e))
}

/// The pictures a file gives its pieces, by upper-case letter (`check` has reported any
/// that is wrong; those are left out here, and the piece keeps the picture its name
/// gives).
pub(crate) fn file_pictures(text: &str, path: &str) -> Vec<(char, crate::PiecePicture)> {
    use crate::PiecePicture;
    use crate::schema::PictureFile;
    // Most files give none, and the catalog asks of every file it reads.
    if !text.contains("picture") {
        return Vec::new();
    }
    let Ok(file) = toml::from_str::<VariantFile>(text) else {
        return Vec::new();
    };
    file.piece
        .iter()
        .filter_map(|p| {
            let p = p.get_ref();
            let letter = single_letter(p.letter.get_ref())?.to_ascii_uppercase();
            let picture = match p.picture.as_ref()? {
                PictureFile::Name(n) => PiecePicture::BuiltIn(n.trim().to_ascii_lowercase()),
                PictureFile::Own(own) => match (&own.path, &own.image) {
                    (Some(d), None) => PiecePicture::Outline(crate::parse_svg_path(d).ok()?),
                    (None, Some(image)) => {
                        PiecePicture::Image(crate::picture::image_path(path, image))
                    }
                    _ => return None,
                },
            };
            Some((letter, picture))
        })
        .collect()
}

/// Whether `name` may name a variant: letters, digits, '-' and '_', at least one.
pub(crate) fn valid_variant_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The file as the schema reads it, without the checks of what it means.
pub(crate) fn build_variant(text: &str, path: &str) -> Result<VariantSpec, VariantFileError> {
    let file: VariantFile = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        VariantFileError::spanned(path, text, span, e.message().trim().to_string())
    })?;
    Builder { path, text }.build(file)
}

struct Builder<'a> {
    path: &'a str,
    text: &'a str,
}

/// The keys whose values are piece letters the core may refuse as "promotion to 'X'".
const LETTER_KEYS: &[&str] = &[
    "promotion",
    "demote",
    "opposite_colors",
    "castling_rook",
    "piece_regions",
    "to",
    "promotes",
    "limits",
];

/// The keys whose values name a `[region.NAME]`.
const REGION_KEYS: &[&str] = &[
    "region",
    "promotion_region",
    "double_step_region",
    "confined",
    "piece_regions",
    "zone",
];

/// The letter an `[ends]` error names ("goal names 'X', not a piece").
fn ends_letter(reason: &str) -> Option<char> {
    let (_, rest) = reason.split_once("names '")?;
    rest.chars().next()
}

impl Builder<'_> {
    fn err(&self, span: Range<usize>, msg: impl Into<String>) -> VariantFileError {
        VariantFileError::spanned(self.path, self.text, span, msg)
    }

    /// [`crate::check`]'s raw reading of the file: where a key that gave `wanted` is.
    fn find_string(
        &self,
        keys: &[&str],
        wanted: &dyn Fn(&str) -> bool,
    ) -> Option<(String, Range<usize>)> {
        crate::check::find_string(self.text, keys, wanted)
    }

    fn build(&self, file: VariantFile) -> Result<VariantSpec, VariantFileError> {
        let header_span = file.variant.span();
        let header = file.variant.into_inner();
        let name = header.name.get_ref().trim().to_string();
        if !valid_variant_name(&name) {
            return Err(self.err(
                header.name.span(),
                "a variant name uses only letters, digits, '-' and '_'",
            ));
        }
        if let Some(plugin) = header.plugin {
            if !file.piece.is_empty() || !file.castling.is_empty() {
                return Err(self.err(plugin.span(), "a plugin variant gets its pieces from the plugin: remove the [[piece]] and [[castling]] tables"));
            }
            let library = plugin.get_ref().trim().to_string();
            if library.is_empty() || library.contains(['/', '\\']) {
                return Err(self.err(
                    plugin.span(),
                    "plugin = \"NAME\" names a plugin library, without a path",
                ));
            }
            return Ok(VariantSpec::Plugin { name, library });
        }

        let board = header.board.ok_or_else(|| {
            self.err(
                header_span.clone(),
                "missing `board = [x, y, z, w]` in [variant]",
            )
        })?;
        let mut sizes = Vec::new();
        for s in board.get_ref() {
            let v = *s.get_ref();
            if !(1..=255).contains(&v) {
                return Err(self.err(s.span(), format!("axis size {v} is out of range 1-255")));
            }
            sizes.push(v as u8);
        }
        let shape = Shape::new(&sizes).map_err(|e| self.err(board.span(), e.to_string()))?;
        let start = crate::check::start_text(self.text, self.path)?.ok_or_else(|| {
            self.err(
                header_span.clone(),
                "missing `start = \"...\"` (the start position) in [variant], or a [start] table",
            )
        })?;

        let rules = file.rules.map(|r| (r.span(), r.into_inner()));
        let rules_span = rules.as_ref().map_or(header_span.clone(), |r| r.0.clone());
        let rules = rules.map(|r| r.1).unwrap_or_default();

        if file.piece.is_empty() {
            return Err(self.err(header_span, "the variant defines no [[piece]]"));
        }
        let mut pieces = Vec::new();
        let mut atom_spans: Vec<Vec<Range<usize>>> = Vec::new();
        let mut letter_spans = Vec::new();
        for p in &file.piece {
            let p = p.get_ref();
            let letter = single_letter(p.letter.get_ref()).ok_or_else(|| {
                self.err(
                    p.letter.span(),
                    format!(
                        "a piece letter is one letter a-z, not '{}'",
                        p.letter.get_ref()
                    ),
                )
            })?;
            letter_spans.push(p.letter.span());
            let mut moves = Vec::new();
            let mut spans = Vec::new();
            if p.moves.get_ref().is_empty() {
                return Err(self.err(p.moves.span(), format!("piece '{letter}' has no moves")));
            }
            for m in p.moves.get_ref() {
                for atom in self.atoms(m.get_ref(), m.span())? {
                    moves.push(atom);
                    spans.push(m.span());
                }
            }
            pieces.push(PieceDef {
                info: PieceInfo {
                    letter: letter.to_ascii_uppercase(),
                    name: p.name.clone(),
                    value: p.value,
                    royal: p.royal,
                    pawn: p.pawn,
                },
                moves,
                confined: p.confined.as_ref().map(|c| c.get_ref().clone()),
            });
            atom_spans.push(spans);
        }

        let mut castling = Vec::new();
        let mut castling_spans = Vec::new();
        for c in &file.castling {
            let span = c.span();
            let c = c.get_ref();
            let letter = single_letter(c.letter.get_ref()).ok_or_else(|| {
                self.err(
                    c.letter.span(),
                    "a castling letter is one letter (K, Q, k, q ...)",
                )
            })?;
            let color = match c.color.get_ref().as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                other => {
                    return Err(self.err(
                        c.color.span(),
                        format!("color is \"white\" or \"black\", not \"{other}\""),
                    ));
                }
            };
            let sq = |text: &String, span: Range<usize>| {
                shape
                    .parse_square(text)
                    .map_err(|e| self.err(span, e.to_string()))
            };
            let [kf, kt] = c.king.get_ref();
            let [rf, rt] = c.rook.get_ref();
            castling.push(CastlingDef {
                letter,
                color,
                king_from: sq(kf, c.king.span())?,
                king_to: sq(kt, c.king.span())?,
                rook_from: sq(rf, c.rook.span())?,
                rook_to: sq(rt, c.rook.span())?,
            });
            castling_spans.push(span);
        }

        let promotion_span = rules
            .promotion
            .as_ref()
            .map_or(rules_span.clone(), |p| p.span());
        let mut promotion = Vec::new();
        for l in rules.promotion.iter().flat_map(|p| p.get_ref()) {
            promotion.push(
                single_letter(l.get_ref())
                    .ok_or_else(|| self.err(l.span(), "a promotion choice is one piece letter"))?,
            );
        }
        let promotion_axes = match &rules.promotion_axes {
            None => 0b10,
            Some(list) => {
                let mut mask = 0;
                for a in list.get_ref() {
                    mask |= self.axis_bit(a.get_ref(), a.span())?;
                }
                mask
            }
        };
        let small = |v: &Option<toml::Spanned<i64>>, default: i64, max: i64, what: &str| match v {
            None => Ok(default),
            Some(s) if (0..=max).contains(s.get_ref()) => Ok(*s.get_ref()),
            Some(s) => Err(self.err(s.span(), format!("{what} must be 0-{max}"))),
        };
        let longest_axis = shape.sizes().into_iter().max().unwrap_or(1);
        let double_step_rank = match &rules.double_step_rank {
            None => None,
            Some(s) if (1..=longest_axis as i64).contains(s.get_ref()) => {
                Some((*s.get_ref() - 1) as u8)
            }
            Some(s) => {
                return Err(self.err(
                    s.span(),
                    format!(
                        "double_step_rank is a rank 1-{longest_axis}, counted along the axis the pawn advances on"
                    ),
                ));
            }
        };

        let mut holes = Vec::new();
        for h in &header.holes {
            holes.push(
                shape
                    .parse_square(h.get_ref())
                    .map_err(|e| self.err(h.span(), format!("holes: {e}")))?,
            );
        }
        let mut wrap = 0;
        for a in &header.wrap {
            wrap |= self.axis_bit(a.get_ref(), a.span())?;
        }
        let regions = self.regions(&shape, &file.region)?;
        let ends = self.ends(file.ends.as_ref())?;
        let promotion_rules = self.promotion_rules(file.promotion.as_ref())?;
        let drops = self.drops(file.drops.as_ref())?;
        let forms = self.forms(file.forms.as_ref())?;
        let castling960 = self.castling960(file.castling960.as_ref())?;
        let passing = self.passing(file.passing.as_ref())?;
        let promotion_move = self.promotion_move(file.promotion_move.as_ref())?;
        let ends_span = file.ends.as_ref().map_or(rules_span.clone(), |e| e.span());
        let region_span = |name: &str| {
            file.region
                .get(name)
                .map_or(ends_span.clone(), |r| r.span())
        };
        let def = VariantDef {
            name,
            title: header
                .title
                .unwrap_or_else(|| header.name.get_ref().clone()),
            description: header.description.trim().to_string(),
            shape,
            pieces,
            start: start.fen.clone(),
            castling,
            castling960,
            en_passant: rules.en_passant,
            double_step_rank,
            triple_step: rules.triple_step.unwrap_or(false),
            holes,
            wrap,
            promotion,
            promotion_axes,
            repetition_limit: small(&rules.repetition, 3, 255, "repetition")? as u8,
            move_limit_plies: small(&rules.move_limit, 100, 65535, "move_limit")? as u16,
            bare_kings_draw: rules.bare_kings_draw.unwrap_or(true),
            regions,
            promotion_region: rules.promotion_region.as_ref().map(|r| r.get_ref().clone()),
            promotion_rules,
            double_step_region: rules
                .double_step_region
                .as_ref()
                .map(|r| r.get_ref().clone()),
            ends,
            drops,
            forms,
            passing,
            gating: chess4d_core::GatingDef {
                enabled: file.gating.is_some(),
            },
            promotion_move,
        };
        TableRules::new(def)
            .map(|r| VariantSpec::Table(Box::new(r)))
            .map_err(|e| {
                let span = match &e {
                    VariantError::NoPieces | VariantError::TooManyPieces(_) => rules_span.clone(),
                    VariantError::DuplicateLetter(c) | VariantError::BadLetter(c) => file
                        .piece
                        .iter()
                        .zip(&letter_spans)
                        .rev()
                        .find(|(p, _)| {
                            single_letter(p.get_ref().letter.get_ref())
                                .is_some_and(|l| l.eq_ignore_ascii_case(c))
                        })
                        .map_or(rules_span.clone(), |(_, s)| s.clone()),
                    VariantError::BadMovement { piece, index, .. } => file
                        .piece
                        .iter()
                        .position(|p| single_letter(p.get_ref().letter.get_ref()) == Some(*piece))
                        .and_then(|i| atom_spans[i].get(*index).cloned())
                        .unwrap_or(rules_span.clone()),
                    VariantError::Start(fen) => {
                        // Point into the string (or the [start] table's line).
                        let inner = start.file_offset(fen.column);
                        inner..inner
                    }
                    VariantError::NoKing(_) | VariantError::TwoKings(_) => start.span.clone(),
                    // The key that gave the refused letter or name, wherever it is
                    // (`demote`, `castling_rook`, a goal's `region`), before the table.
                    VariantError::BadPromotion(c) => self
                        .find_string(LETTER_KEYS, &|s| {
                            single_letter(s).is_some_and(|l| l.eq_ignore_ascii_case(c))
                        })
                        .map_or(promotion_span.clone(), |(_, s)| s),
                    VariantError::BadRegion { name, .. } => match &rules.promotion_region {
                        Some(p) if p.get_ref() == name => p.span(),
                        _ => self
                            .find_string(REGION_KEYS, &|s| s == name)
                            .map_or_else(|| region_span(name), |(_, s)| s),
                    },
                    VariantError::BadEnds(reason) => ends_letter(reason)
                        .and_then(|c| {
                            self.find_string(&["pieces", "points"], &|s| {
                                single_letter(s) == Some(c)
                            })
                        })
                        .map_or(ends_span.clone(), |(_, s)| s),
                    VariantError::BadCastling { letter, .. } => file
                        .castling
                        .iter()
                        .zip(&castling_spans)
                        .find(|(c, _)| single_letter(c.get_ref().letter.get_ref()) == Some(*letter))
                        .map(|(_, s)| s.clone())
                        .or_else(|| file.castling960.as_ref().map(|c| c.span()))
                        .unwrap_or(rules_span.clone()),
                };
                let msg = match e {
                    VariantError::Start(fen) => format!("start position: {}", fen.message),
                    // Only `promotion` promotes: a letter refused elsewhere says its key.
                    VariantError::BadPromotion(c) => match self.find_string(LETTER_KEYS, &|s| {
                        single_letter(s).is_some_and(|l| l.eq_ignore_ascii_case(&c))
                    }) {
                        Some((key, _)) if key != "promotion" => {
                            format!("{key} = \"{c}\": no such non-royal piece in this variant")
                        }
                        _ => e.to_string(),
                    },
                    other => other.to_string(),
                };
                self.err(span, msg)
            })
    }

    fn axis_bit(&self, name: &str, span: Range<usize>) -> Result<u8, VariantFileError> {
        match name {
            "x" => Ok(1),
            "y" => Ok(2),
            "z" => Ok(4),
            "w" => Ok(8),
            other => Err(self.err(
                span,
                format!("unknown axis \"{other}\": axes are \"x\", \"y\", \"z\", \"w\""),
            )),
        }
    }

    fn atoms(&self, m: &MoveFile, span: Range<usize>) -> Result<Vec<MoveAtom>, VariantFileError> {
        let kinds = [
            m.slide.is_some(),
            m.step.is_some(),
            m.leap.is_some(),
            m.ride.is_some(),
            m.directed_leap.is_some(),
            m.directed_ride.is_some(),
            m.bent.is_some(),
            m.rose.is_some(),
            m.cycle.is_some(),
        ];
        if kinds.iter().filter(|&&k| k).count() != 1 {
            return Err(self.err(
                span,
                "a movement has exactly one of `slide`, `step`, `leap`, `ride`, `directed_leap`, `directed_ride`, `bent`, `rose` or `cycle`",
            ));
        }
        let counts = |c: &Counts| -> Result<Vec<u8>, VariantFileError> {
            let list = match c {
                Counts::One(n) => vec![*n],
                Counts::Many(v) => v.clone(),
            };
            if list.is_empty() {
                return Err(self.err(span.clone(), "list at least one number of axes (1-4)"));
            }
            list.into_iter()
                .map(|n| {
                    if (1..=4).contains(&n) {
                        Ok(n as u8)
                    } else {
                        Err(self.err(
                            span.clone(),
                            format!("{n} axes: a movement changes 1 to 4 axes"),
                        ))
                    }
                })
                .collect()
        };
        let distances = |v: &Vec<i64>| -> Result<Vec<u8>, VariantFileError> {
            if v.is_empty() || v.len() > 4 {
                return Err(self.err(
                    span.clone(),
                    "a leap lists 1 to 4 distances, one per changing axis",
                ));
            }
            v.iter()
                .map(|&d| {
                    if (1..=25).contains(&d) {
                        Ok(d as u8)
                    } else {
                        Err(self.err(span.clone(), format!("distance {d} must be 1-25")))
                    }
                })
                .collect()
        };
        let range = match m.range {
            None => None,
            Some(r) if (1..=255).contains(&r) => Some(r as u8),
            Some(r) => return Err(self.err(span.clone(), format!("range {r} must be 1-255"))),
        };
        let min_range = match m.min_range {
            None => 0,
            Some(r) if (1..=255).contains(&r) => r as u8,
            Some(r) => {
                return Err(self.err(span.clone(), format!("min_range {r} must be 1-255")));
            }
        };
        let mut patterns: Vec<(Vec<u8>, u8)> = Vec::new();
        let mut offsets = Vec::new();
        let mut bend = 0;
        let circle = m.rose.is_some();
        let mut cycle = Vec::new();
        if let Some(list) = &m.cycle {
            cycle =
                crate::check::directed_offsets(list).map_err(|why| self.err(span.clone(), why))?;
            patterns.push((Vec::new(), range.unwrap_or(0)));
        } else if let Some(v) = &m.rose {
            if v.len() != 2 {
                return Err(self.err(
                    span.clone(),
                    "rose = [a, b]: the two distances of its leap in a plane (the rose: [2, 1])",
                ));
            }
            patterns.push((distances(v)?, range.unwrap_or(0)));
        } else if let Some(legs) = &m.bent {
            let [first, then] = legs[..] else {
                return Err(self.err(
                    span.clone(),
                    "bent = [a, b]: a step along a axes, then a slide along b axes",
                ));
            };
            if !(1..=4).contains(&first) || !(1..=4).contains(&then) {
                return Err(self.err(
                    span.clone(),
                    "each leg of a bent movement changes 1 to 4 axes",
                ));
            }
            bend = then as u8;
            patterns.push((vec![1; first as usize], range.unwrap_or(0)));
        } else if let Some(list) = m.directed_leap.as_ref().or(m.directed_ride.as_ref()) {
            offsets =
                crate::check::directed_offsets(list).map_err(|why| self.err(span.clone(), why))?;
            let once = m.directed_leap.is_some();
            patterns.push((Vec::new(), if once { 1 } else { range.unwrap_or(0) }));
        } else if let Some(c) = &m.slide {
            for n in counts(c)? {
                patterns.push((vec![1; n as usize], range.unwrap_or(0)));
            }
        } else if let Some(c) = &m.step {
            for n in counts(c)? {
                patterns.push((vec![1; n as usize], 1));
            }
        } else if let Some(v) = &m.leap {
            patterns.push((distances(v)?, 1));
        } else if let Some(v) = &m.ride {
            patterns.push((distances(v)?, range.unwrap_or(0)));
        }
        let mut axes = 0b1111;
        if let Some(list) = &m.axes {
            axes = 0;
            for a in list {
                axes |= self.axis_bit(a, span.clone())?;
            }
        }
        if m.ordered {
            axes |= chess4d_core::MoveAtom::ORDERED;
        }
        // A directed movement's offsets are White's; by default Black's are reversed on y.
        let mut forward = if offsets.is_empty() { 0 } else { 0b10 };
        if let Some(names) = &m.forward {
            forward = 0;
            let list = match names {
                Names::One(s) => vec![s.clone()],
                Names::Many(v) => v.clone(),
            };
            for a in list {
                forward |= self.axis_bit(&a, span.clone())?;
            }
        }
        let mode = match m.only.as_deref() {
            None => Mode::Both,
            Some("move") => Mode::Move,
            Some("capture") => Mode::Capture,
            Some(other) => {
                return Err(self.err(
                    span,
                    format!("only = \"move\" or \"capture\", not \"{other}\""),
                ));
            }
        };
        let hop = match &m.hop {
            None | Some(Hop::Flag(false)) => None,
            Some(Hop::Flag(true)) => Some(Path::Hop),
            Some(Hop::Name(n)) if n == "cannon" => Some(Path::Hop),
            Some(Hop::Name(n)) if n == "grasshopper" => Some(Path::Grasshopper),
            Some(Hop::Name(n)) => {
                return Err(self.err(
                    span,
                    format!("hop = true, \"cannon\" or \"grasshopper\", not \"{n}\""),
                ));
            }
        };
        if hop.is_some() && m.lame {
            return Err(self.err(span, "a movement is `hop` or `lame`, not both"));
        }
        if m.lame && !patterns.iter().all(|(_, range)| *range == 1) {
            return Err(self.err(span, "`lame` is for a leap or a step (range 1)"));
        }
        let path = match (hop, m.lame) {
            (Some(h), _) => h,
            (_, true) => Path::Lame,
            _ => Path::Open,
        };
        Ok(patterns
            .into_iter()
            .map(|(deltas, range)| MoveAtom {
                deltas,
                range,
                axes,
                forward,
                mode,
                first: m.first.unwrap_or(false),
                offsets: offsets.clone(),
                min_range,
                bend,
                circle,
                cycle: cycle.clone(),
                path,
                within: m.within.clone(),
                unmoved: m.unmoved,
                along: m.along.clone(),
                spare_own_kind: m.spare_own_kind,
            })
            .collect())
    }
}

fn single_letter(s: &str) -> Option<char> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => None,
    }
}
