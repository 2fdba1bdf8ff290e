//! The file as TOML with every key located: the checks that need only the text, the
//! board's size and the start position.

use super::{Finding, Kind, suggest};
use crate::error::VariantFileError;
use chess4d_core::{Color, PieceInfo, Position, Shape, VariantInfo, parse_fen};
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeArray, DeString, DeTable, DeValue};

/// A TOML table with located keys and values.
pub(super) type Table<'t> = DeTable<'t>;
/// A located key.
type Key<'t> = Spanned<DeString<'t>>;
/// A located value.
pub(super) type Value<'t> = Spanned<DeValue<'t>>;

/// The axis names, X first.
pub(super) const AXES: [&str; 4] = ["x", "y", "z", "w"];

/// A variant file parsed as TOML, with the board it describes.
pub(super) struct Doc<'t> {
    pub path: &'t str,
    pub text: &'t str,
    root: Spanned<Table<'t>>,
    /// Axis sizes from `board` (absent axes are 1), when it is a valid list.
    pub sizes: Option<[u8; 4]>,
}

/// One `[[piece]]` as the checks see it.
pub(super) struct RawPiece<'a, 't> {
    pub table: &'a Table<'t>,
    /// Upper-case letter, when it is one letter.
    pub letter: Option<char>,
    /// Where to point at the piece: its `letter` key (or the table).
    pub span: Range<usize>,
    pub royal: bool,
    pub pawn: bool,
}

impl<'t> Doc<'t> {
    /// Parses the text as TOML; `None` when it is not TOML (the loader says why).
    pub fn parse(text: &'t str, path: &'t str) -> Option<Doc<'t>> {
        let root = DeTable::parse(text).ok()?;
        let mut doc = Doc {
            path,
            text,
            root,
            sizes: None,
        };
        doc.sizes = doc.board_sizes();
        Some(doc)
    }

    /// A finding at a span.
    pub fn at(&self, kind: Kind, span: Range<usize>, message: impl Into<String>) -> Finding {
        Finding::new(kind, self.path, self.text, span, message)
    }

    /// A top-level table (`variant`, `rules`).
    pub fn section(&self, name: &str) -> Option<&Table<'t>> {
        entry(self.root.get_ref(), name).and_then(|(_, v)| table(v))
    }

    /// The tables of an array of tables (`piece`, `castling`).
    pub fn sections(&self, name: &str) -> Vec<&Table<'t>> {
        entry(self.root.get_ref(), name)
            .and_then(|(_, v)| array(v))
            .map(|a| a.iter().filter_map(table).collect())
            .unwrap_or_default()
    }

    fn board_sizes(&self) -> Option<[u8; 4]> {
        let (_, board) = entry(self.section("variant")?, "board")?;
        let list = array(board)?;
        if list.is_empty() || list.len() > 4 {
            return None;
        }
        let mut sizes = [1u8; 4];
        for (i, v) in list.iter().enumerate() {
            sizes[i] = u8::try_from(int(v)?).ok().filter(|&s| s > 0)?;
        }
        Some(sizes)
    }

    /// The board, when `board` is valid.
    pub fn shape(&self) -> Option<Shape> {
        let sizes = self.sizes?;
        let dims = entry(self.section("variant")?, "board")
            .and_then(|(_, v)| array(v))
            .map_or(0, |a| a.len());
        Shape::new(&sizes[..dims]).ok()
    }

    /// The names of the axes the board has (size above 1), for messages.
    pub fn axis_names(&self) -> String {
        let sizes = self.sizes.unwrap_or([1; 4]);
        let names: Vec<&str> = (0..4).filter(|&a| sizes[a] > 1).map(|a| AXES[a]).collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }
    }

    /// Every `[[piece]]`, in file order.
    pub fn pieces(&self) -> Vec<RawPiece<'_, 't>> {
        self.sections("piece")
            .into_iter()
            .map(|t| {
                let letter = entry(t, "letter");
                RawPiece {
                    table: t,
                    letter: letter
                        .and_then(|(_, v)| string(v))
                        .and_then(one_letter)
                        .map(|c| c.to_ascii_uppercase()),
                    span: letter.map_or(0..0, |(k, _)| k.span()),
                    royal: entry(t, "royal").and_then(|(_, v)| boolean(v)) == Some(true),
                    pawn: entry(t, "pawn").and_then(|(_, v)| boolean(v)) == Some(true),
                }
            })
            .collect()
    }

    /// The letters of the pieces, for messages: "K, Q, R, B, N, P".
    pub fn letters(&self) -> Vec<char> {
        self.pieces().iter().filter_map(|p| p.letter).collect()
    }

    /// The upper-case letters `[rules] promotion` lists.
    pub fn promotion_letters(&self) -> Vec<char> {
        let mut letters: Vec<char> = self
            .section("rules")
            .and_then(|r| entry(r, "promotion"))
            .and_then(|(_, v)| array(v))
            .map(|a| {
                a.iter()
                    .filter_map(string)
                    .filter_map(one_letter)
                    .map(|c| c.to_ascii_uppercase())
                    .collect()
            })
            .unwrap_or_default();
        // A promotion move (sittuyin's `[promotion_move] to`) promotes too.
        if let Some(c) = self
            .section("promotion_move")
            .and_then(|r| entry(r, "to"))
            .and_then(|(_, v)| string(v))
            .and_then(one_letter)
        {
            letters.push(c.to_ascii_uppercase());
        }
        letters
    }

    /// The `[variant] name` and where it is.
    pub fn name(&self) -> Option<(String, Range<usize>)> {
        let (_, v) = entry(self.section("variant")?, "name")?;
        string(v).map(|s| (s.trim().to_string(), v.span()))
    }

    /// Where the first value under one of `keys` (at any depth, in file order) is a
    /// string that `wanted` accepts, or a list holding one: the place to point at when
    /// the loader refuses a name or letter that some key gave (`demote = "X"`,
    /// `goal = { region = "finsh" }`).
    pub fn find_string(
        &self,
        keys: &[&str],
        wanted: &dyn Fn(&str) -> bool,
    ) -> Option<(String, Range<usize>)> {
        let mut found: Vec<(String, Range<usize>)> = Vec::new();
        find_in_table(self.root.get_ref(), keys, wanted, &mut found);
        found.into_iter().min_by_key(|(_, r)| r.start)
    }

    /// A top-level key's span and its value's span (`[start]`).
    pub fn section_entry(&self, name: &str) -> Option<(Range<usize>, Range<usize>)> {
        entry(self.root.get_ref(), name).map(|(k, v)| (k.span(), v.span()))
    }

    /// The letters of the `[[castling]]` options, in file order.
    pub fn castling_letters(&self) -> Vec<char> {
        self.sections("castling")
            .iter()
            .filter_map(|c| entry(c, "letter").and_then(|(_, v)| string(v)))
            .filter_map(one_letter)
            .collect()
    }

    /// The start position, when the pieces, board and start parse (else the loader
    /// reports why).
    pub fn start_position(&self) -> Option<(VariantInfo, Position)> {
        let shape = self.shape()?;
        let mut pieces = Vec::new();
        for p in self.pieces() {
            pieces.push(PieceInfo {
                letter: p.letter?,
                name: entry(p.table, "name")
                    .and_then(|(_, v)| string(v))
                    .unwrap_or("")
                    .to_string(),
                value: 0,
                royal: p.royal,
                pawn: p.pawn,
            });
        }
        let mut castling_letters = self.castling_letters();
        if castling_letters.is_empty() {
            // Rights by file (`[castling960]`, unmoved movements): `KQkq` and the
            // files' letters, as many as the rights' bits hold.
            let width = shape.sizes()[0].min(14);
            let files = |base: u8| (0..width).map(move |x| (base + x) as char);
            castling_letters = "KQkq"
                .chars()
                .chain(files(b'A'))
                .chain(files(b'a'))
                .collect();
        }
        let info = VariantInfo {
            name: String::new(),
            title: String::new(),
            description: String::new(),
            shape,
            pieces,
            castling_letters,
            en_passant: true,
            repetition_limit: 0,
            move_limit_plies: 0,
            bare_kings_draw: false,
        };
        let start = super::start::start_text(self.text, self.path).ok()??;
        let pos = parse_fen(&info, &start.fen).ok()?;
        Some((info, pos))
    }

    /// Errors and warnings that need no built rules, errors first in file order.
    pub fn findings(&self) -> (Vec<Finding>, Vec<Finding>) {
        let mut all = Vec::new();
        self.check_pieces(&mut all);
        self.check_rules(&mut all);
        self.check_board(&mut all);
        super::castling::check(self, &mut all);
        super::ends::check_no_end(self, &mut all);
        all.sort_by_key(|f| (f.place.line, f.place.column));
        all.into_iter()
            .partition(|f| f.severity() == super::Severity::Error)
    }

    /// A loader error as a finding, with a kind and, where it helps, a suggestion.
    pub fn explain(&self, e: VariantFileError) -> Finding {
        suggest::explain(e, &self.letters())
    }

    fn check_pieces(&self, out: &mut Vec<Finding>) {
        for p in self.pieces() {
            let Some((_, moves)) = entry(p.table, "moves") else {
                continue;
            };
            let moves: Vec<&Value> = array(moves).map(|a| a.iter().collect()).unwrap_or_default();
            let mut forward_only = !moves.is_empty();
            for m in moves {
                if let Some(t) = table(m) {
                    forward_only &= super::movement::check(self, t, out);
                }
            }
            super::pictures::check(self, p.table, out);
            let name = p.letter.map_or("?".to_string(), |c| c.to_string());
            if forward_only && !p.pawn && !p.royal {
                out.push(self.at(
                    Kind::ShouldPromote,
                    p.span.clone(),
                    format!(
                        "piece '{name}' only moves forward: on the last rank it can never move again; add `pawn = true` if it should promote"
                    ),
                ));
            }
            if p.royal {
                continue;
            }
            match entry(p.table, "value") {
                Some((k, v)) if int(v) == Some(0) => out.push(self.at(
                    Kind::ZeroValue,
                    k.span(),
                    format!("piece '{name}' is worth 0: the engine will give it away for nothing"),
                )),
                Some(_) => {}
                None => out.push(self.at(
                    Kind::ZeroValue,
                    p.span.clone(),
                    format!(
                        "piece '{name}' has no `value`, so it is worth 0: the engine will give it away for nothing"
                    ),
                )),
            }
        }
    }

    /// `wrap` names axes the board has; no piece starts on a hole.
    fn check_board(&self, out: &mut Vec<Finding>) {
        let Some(variant) = self.section("variant") else {
            return;
        };
        if let Some((_, v)) = entry(variant, "wrap") {
            self.check_axis_list(v, "wrap", out);
        }
        let Some((_, holes)) = entry(variant, "holes") else {
            return;
        };
        let Some((info, pos)) = self.start_position() else {
            return;
        };
        for h in array(holes)
            .map(|a| a.iter().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let Some(sq) = string(h).and_then(|s| info.shape.parse_square(s).ok()) else {
                continue;
            };
            if let Some(p) = pos.piece_at(sq) {
                out.push(self.at(
                    Kind::Invalid,
                    h.span(),
                    format!(
                        "holes: {} is not a square of the board, but the start position puts a {} there",
                        info.shape.square_name(sq),
                        info.pieces[p.kind().index()].name
                    ),
                ));
            }
        }
    }

    fn check_rules(&self, out: &mut Vec<Finding>) {
        let Some(rules) = self.section("rules") else {
            return;
        };
        let pawns = self.pieces().iter().any(|p| p.pawn);
        let no_pawns = "no piece has `pawn = true`";
        let double_step = entry(rules, "double_step_rank").is_some()
            || entry(rules, "double_step_region").is_some();
        if let Some((k, v)) = entry(rules, "en_passant")
            && boolean(v) == Some(true)
        {
            if !pawns {
                out.push(self.at(
                    Kind::NoEffect,
                    k.span(),
                    format!("en_passant has no effect: {no_pawns}"),
                ));
            } else if !double_step {
                out.push(self.at(
                    Kind::NoEffect,
                    k.span(),
                    "en_passant has no effect: pawns never advance two squares (set `double_step_rank`)",
                ));
            }
        }
        if let Some((k, v)) = entry(rules, "triple_step")
            && boolean(v) == Some(true)
            && !double_step
        {
            out.push(self.at(
                Kind::NoEffect,
                k.span(),
                "triple_step has no effect without `double_step_rank`, the rank pawns step from",
            ));
        }
        if let Some((k, _)) = entry(rules, "double_step_rank")
            && !pawns
        {
            out.push(self.at(
                Kind::NoEffect,
                k.span(),
                format!("double_step_rank has no effect: {no_pawns}"),
            ));
        }
        let promotion = entry(rules, "promotion");
        let promotes = promotion
            .and_then(|(_, v)| array(v))
            .is_some_and(|a| !a.is_empty());
        if let Some((k, _)) = promotion
            && promotes
            && !pawns
        {
            out.push(self.at(
                Kind::NoEffect,
                k.span(),
                format!("promotion has no effect: {no_pawns}"),
            ));
        }
        if let Some((k, v)) = entry(rules, "promotion_axes") {
            self.check_axis_list(v, "promotion_axes", out);
            if !promotes {
                out.push(self.at(
                    Kind::NoEffect,
                    k.span(),
                    "promotion_axes has no effect: `promotion` lists no piece to promote to",
                ));
            }
        }
        for (key, what) in [
            ("repetition", "the repetition draw"),
            ("move_limit", "the move-limit draw"),
        ] {
            if let Some((k, v)) = entry(rules, key)
                && int(v) == Some(0)
            {
                out.push(self.at(
                    Kind::ZeroValue,
                    k.span(),
                    format!("{key} = 0 turns {what} off; leave the key out for the usual rule"),
                ));
            }
        }
    }

    /// Axis names in a list (or one string) that the board lacks, as errors; returns
    /// the mask of the named axes that exist.
    pub fn check_axis_list(&self, v: &Value, key: &str, out: &mut Vec<Finding>) -> u8 {
        let items: Vec<&Value> = match array(v) {
            Some(a) => a.iter().collect(),
            None => vec![v],
        };
        let sizes = self.sizes.unwrap_or([u8::MAX; 4]);
        let mut mask = 0;
        for item in items {
            let Some(name) = string(item) else { continue };
            let Some(axis) = AXES.iter().position(|&a| a == name) else {
                continue; // an unknown name: the loader says which names there are
            };
            if sizes[axis] > 1 {
                mask |= 1 << axis;
            } else {
                out.push(self.at(
                    Kind::MissingAxis,
                    item.span(),
                    format!(
                        "{key}: the board has no {name} axis (it has {})",
                        self.axis_names()
                    ),
                ));
            }
        }
        mask
    }
}

/// Strings that `wanted` accepts under one of `keys`, with the key each is under.
type Found = Vec<(String, Range<usize>)>;

fn find_in_table(t: &Table, keys: &[&str], wanted: &dyn Fn(&str) -> bool, out: &mut Found) {
    for (k, v) in t.iter() {
        let key: &str = k.get_ref();
        let under = keys.contains(&key).then_some(key);
        find_in_value(v, under, keys, wanted, out);
    }
}

fn find_in_value(
    v: &Value,
    under: Option<&str>,
    keys: &[&str],
    wanted: &dyn Fn(&str) -> bool,
    out: &mut Found,
) {
    match (v.get_ref(), under) {
        (DeValue::String(s), Some(key)) if wanted(s) => out.push((key.to_string(), v.span())),
        (DeValue::Array(a), _) => {
            for item in a.iter() {
                find_in_value(item, under, keys, wanted, out);
            }
        }
        // A table under a named key (`piece_regions = { R = "back" }`): its keys are
        // letters, its values names.
        (DeValue::Table(t), Some(key)) => {
            for (k, item) in t.iter() {
                if wanted(k.get_ref()) {
                    out.push((key.to_string(), k.span()));
                }
                find_in_value(item, under, keys, wanted, out);
            }
        }
        (DeValue::Table(t), None) => find_in_table(t, keys, wanted, out),
        _ => {}
    }
}

/// The key and value of a table entry.
pub(super) fn entry<'a, 't>(t: &'a Table<'t>, key: &str) -> Option<(&'a Key<'t>, &'a Value<'t>)> {
    t.iter().find(|(k, _)| k.get_ref() == key)
}

/// A table value.
pub(super) fn table<'a, 't>(v: &'a Value<'t>) -> Option<&'a Table<'t>> {
    match v.get_ref() {
        DeValue::Table(t) => Some(t),
        _ => None,
    }
}

/// An array value.
pub(super) fn array<'a, 't>(v: &'a Value<'t>) -> Option<&'a DeArray<'t>> {
    match v.get_ref() {
        DeValue::Array(a) => Some(a),
        _ => None,
    }
}

/// An integer value.
pub(super) fn int(v: &Value) -> Option<i64> {
    match v.get_ref() {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    }
}

/// A string value.
pub(super) fn string<'a>(v: &'a Value) -> Option<&'a str> {
    match v.get_ref() {
        DeValue::String(s) => Some(s.as_ref()),
        _ => None,
    }
}

/// A boolean value.
pub(super) fn boolean(v: &Value) -> Option<bool> {
    match v.get_ref() {
        DeValue::Boolean(b) => Some(*b),
        _ => None,
    }
}

/// The letter of a one-letter string.
pub(super) fn one_letter(s: &str) -> Option<char> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => None,
    }
}

/// "white" or "black".
pub(super) fn color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}
