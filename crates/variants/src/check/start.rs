//! The start position, as one string (`start = "..."` in `[variant]`) or as a `[start]`
//! table with one board per line, labelled by its coordinates on the axes beyond x and
//! y:
//!
//! ```toml
//! [start]
//! "[0,0]" = "4/4/PPPP/RNQR"     # z = 0, w = 0; ranks from the top, as in a FEN
//! "[1,0]" = "4/4/PPPP/BKZB"
//! "[0,3]" = "rnqr/pppp/4/4"
//! "[1,3]" = "bkzb/pppp/4/4"     # boards not listed are empty
//! side = "white"                # who moves first (default white)
//! castling = "KQkq"             # rights at the start (default: every [[castling]])
//! ```
//!
//! A board may also be a list of ranks (`"[0]" = ["5", "5", "5", "PPPPP", "RNKNR"]`), and
//! a board of one or two axes is written `board = "..."`. Either way the loader sees one
//! position string; errors in it point back at the line and column of the table.

use super::raw::{Doc, array, entry, string};
use crate::error::VariantFileError;
use std::ops::Range;

/// A board's ranks, each with the byte of the file where it starts.
type Ranks = Vec<(String, usize)>;

/// The keys of a `[start]` table that are not boards.
const FIELDS: [&str; 5] = ["side", "castling", "en_passant", "halfmove", "fullmove"];

/// The start position as one position string, with where each part of it is in the file.
#[derive(Clone, Debug)]
pub(crate) struct StartText {
    /// The position string the loader reads.
    pub fen: String,
    /// The whole start (its string, or the `[start]` table).
    pub span: Range<usize>,
    /// (byte in `fen`, byte in the file) where a piece of the file's text begins.
    segments: Vec<(usize, usize)>,
}

impl StartText {
    /// The byte of the file where the position string's 1-based `column` is.
    pub fn file_offset(&self, column: usize) -> usize {
        let byte: usize = self
            .fen
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        match self.segments.iter().rev().find(|(f, _)| *f <= byte) {
            Some(&(f, file)) => file + (byte - f),
            None => self.span.start,
        }
    }
}

/// The start position of a variant file: `Ok(None)` when it gives none, an error when
/// it gives it twice or the `[start]` table is wrong.
pub(crate) fn start_text(text: &str, path: &str) -> Result<Option<StartText>, VariantFileError> {
    let Some(doc) = Doc::parse(text, path) else {
        return Ok(None);
    };
    let inline = doc
        .section("variant")
        .and_then(|v| entry(v, "start"))
        .and_then(|(_, v)| string(v).map(|s| (s.to_string(), v.span())));
    let table = doc.section_entry("start");
    match (inline, table) {
        (Some(_), Some((key, _))) => Err(err(
            &doc,
            key,
            "the start position is given twice: keep either `start = \"...\"` in [variant] or the [start] table",
        )),
        (Some((fen, span)), None) => Ok(Some(StartText {
            fen,
            segments: vec![(0, span.start + 1)],
            span,
        })),
        (None, Some((key, span))) => from_table(&doc, key, span).map(Some),
        (None, None) => Ok(None),
    }
}

fn err(doc: &Doc, span: Range<usize>, message: impl Into<String>) -> VariantFileError {
    VariantFileError::spanned(doc.path, doc.text, span, message)
}

/// Builds the position string from a `[start]` table.
fn from_table(
    doc: &Doc,
    key: Range<usize>,
    span: Range<usize>,
) -> Result<StartText, VariantFileError> {
    let Some(shape) = doc.shape() else {
        return Err(err(
            doc,
            key,
            "a [start] table needs a valid `board` in [variant]",
        ));
    };
    let Some(table) = doc.section("start") else {
        return Err(err(doc, key, "`start` is a table of boards"));
    };
    let [sx, sy, sz, sw] = shape.sizes();
    let higher = shape.axes().saturating_sub(2);
    let empty = vec![sx.to_string(); sy as usize].join("/");
    let mut boards: Vec<Option<Ranks>> = vec![None; sz as usize * sw as usize];
    for (k, v) in table.iter() {
        let name = k.get_ref().as_ref();
        if FIELDS.contains(&name) {
            continue;
        }
        let slab = slab_of(name, higher, [sz, sw]).map_err(|why| err(doc, k.span(), why))?;
        let ranks = board_value(v).ok_or_else(|| {
            err(
                doc,
                v.span(),
                "a board is a string of ranks (\"4/4/PPPP/RNQR\") or a list of them",
            )
        })?;
        boards[slab] = Some(ranks);
    }
    let mut fen = String::new();
    let mut segments = Vec::new();
    for (i, b) in boards.iter().enumerate() {
        if i > 0 {
            fen.push('|');
        }
        match b {
            Some(ranks) => {
                for (j, (rank, at)) in ranks.iter().enumerate() {
                    if j > 0 {
                        fen.push('/');
                    }
                    segments.push((fen.len(), *at));
                    fen.push_str(rank);
                }
            }
            None => {
                segments.push((fen.len(), span.start));
                fen.push_str(&empty);
            }
        }
    }
    let field = |name: &str, default: String| -> (String, usize) {
        match entry(table, name) {
            Some((_, v)) => (
                string(v)
                    .map(str::to_string)
                    .or_else(|| super::raw::int(v).map(|n| n.to_string()))
                    .unwrap_or_default(),
                v.span().start + 1,
            ),
            None => (default, span.start),
        }
    };
    let castling_default: String = doc.castling_letters().into_iter().collect();
    let (side, at) = field("side", "w".into());
    let side = match side.as_str() {
        "white" => "w".to_string(),
        "black" => "b".to_string(),
        other => other.to_string(),
    };
    let tail = [
        (side, at),
        field(
            "castling",
            if castling_default.is_empty() {
                "-".into()
            } else {
                castling_default
            },
        ),
        field("en_passant", "-".into()),
        field("halfmove", "0".into()),
        field("fullmove", "1".into()),
    ];
    for (value, at) in tail {
        fen.push(' ');
        segments.push((fen.len(), at));
        fen.push_str(&value);
    }
    Ok(StartText {
        fen,
        span,
        segments,
    })
}

/// Which board (in position-string order: z fastest, then w) a label names.
fn slab_of(label: &str, higher: usize, sizes: [u8; 2]) -> Result<usize, String> {
    if higher == 0 {
        return if label == "board" {
            Ok(0)
        } else {
            Err(format!(
                "a board of one or two axes is written `board = \"...\"`, not `{label}`; the other keys are {}",
                FIELDS.join(", ")
            ))
        };
    }
    let example = if higher == 1 { "\"[0]\"" } else { "\"[0,1]\"" };
    let inner = label
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| {
            format!(
                "`{label}` is not a board label: a board is named by its coordinates beyond x and y, like {example}; the other keys are {}",
                FIELDS.join(", ")
            )
        })?;
    let coords: Vec<&str> = inner.split(',').map(str::trim).collect();
    if coords.len() != higher {
        return Err(format!(
            "`{label}` gives {} coordinate(s); this board needs {higher} (z{}), like {example}",
            coords.len(),
            if higher == 2 { " and w" } else { "" }
        ));
    }
    let mut slab = 0;
    let mut stride = 1;
    for (i, c) in coords.iter().enumerate() {
        let axis = ["z", "w"][i];
        let n: u8 = c
            .parse()
            .map_err(|_| format!("`{label}`: the {axis} coordinate '{c}' is not a number"))?;
        if n >= sizes[i] {
            return Err(format!(
                "`{label}`: {axis} is 0 to {} on this board",
                sizes[i] - 1
            ));
        }
        slab += n as usize * stride;
        stride *= sizes[i] as usize;
    }
    Ok(slab)
}

/// A board's ranks with where each starts in the file: one string split at '/', or a
/// list of strings.
fn board_value(v: &super::raw::Value) -> Option<Ranks> {
    if let Some(s) = string(v) {
        let mut out = Vec::new();
        let mut at = v.span().start + 1;
        for rank in s.split('/') {
            out.push((rank.to_string(), at));
            at += rank.len() + 1;
        }
        return Some(out);
    }
    let list = array(v)?;
    list.iter()
        .map(|r| string(r).map(|s| (s.to_string(), r.span().start + 1)))
        .collect()
}
