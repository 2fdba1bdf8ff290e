//! The TOML schema of a variant file, as serde reads it.

mod castling960;
mod drops;
mod ends;
mod forms;
mod gating;
mod passing;
mod promotion;
mod promotion_move;
mod regions;

pub(crate) use castling960::Castling960File;
pub(crate) use drops::DropsFile;
pub(crate) use ends::EndsFile;
pub(crate) use forms::FormsFile;
pub(crate) use gating::GatingFile;
pub(crate) use passing::PassingFile;
pub(crate) use promotion::PromotionFile;
pub(crate) use promotion_move::PromotionMoveFile;
pub(crate) use regions::RegionFile;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct VariantFile {
    pub variant: Spanned<Header>,
    #[serde(default)]
    pub rules: Option<Spanned<RulesTable>>,
    #[serde(default)]
    pub piece: Vec<Spanned<PieceFile>>,
    #[serde(default)]
    pub castling: Vec<Spanned<CastlingFile>>,
    /// Castling from any start array, the rights naming the rook's file.
    pub castling960: Option<Spanned<Castling960File>>,
    /// The start position as one board per line (read with its places by
    /// `check::start_text`; here only so that the key is known).
    #[allow(dead_code)]
    pub start: Option<toml::Table>,
    /// Named sets of squares (`[region.hill]`).
    #[serde(default)]
    pub region: BTreeMap<String, Spanned<RegionFile>>,
    /// How the game ends besides checkmate.
    pub ends: Option<Spanned<EndsFile>>,
    /// Optional promotion and promotion limits.
    pub promotion: Option<Spanned<PromotionFile>>,
    /// Pieces in hand and drops.
    pub drops: Option<Spanned<DropsFile>>,
    /// Shogi promotion: each kind's promoted form.
    pub forms: Option<Spanned<FormsFile>>,
    /// Passing and the endings it brings.
    pub passing: Option<Spanned<PassingFile>>,
    /// S-Chess's gating.
    pub gating: Option<Spanned<GatingFile>>,
    /// Promotion as a move of its own (sittuyin).
    pub promotion_move: Option<Spanned<PromotionMoveFile>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Header {
    pub name: Spanned<String>,
    pub title: Option<String>,
    #[serde(default)]
    pub description: String,
    pub board: Option<Spanned<Vec<Spanned<i64>>>>,
    /// One position string (or a `[start]` table instead: see `check::start_text`).
    #[allow(dead_code)]
    pub start: Option<Spanned<String>>,
    /// Squares that do not exist on the board.
    #[serde(default)]
    pub holes: Vec<Spanned<String>>,
    /// Axes that wrap around (`["x"]`: cylinder chess).
    #[serde(default)]
    pub wrap: Vec<Spanned<String>>,
    /// A rule plugin provides the rules instead of the tables below.
    pub plugin: Option<Spanned<String>>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RulesTable {
    #[serde(default)]
    pub en_passant: bool,
    pub double_step_rank: Option<Spanned<i64>>,
    /// A pawn on its double-step rank may also advance three squares.
    pub triple_step: Option<bool>,
    pub promotion: Option<Spanned<Vec<Spanned<String>>>>,
    pub promotion_axes: Option<Spanned<Vec<Spanned<String>>>>,
    pub repetition: Option<Spanned<i64>>,
    pub move_limit: Option<Spanned<i64>>,
    pub bare_kings_draw: Option<bool>,
    /// The region where pawns promote (instead of the far end of `promotion_axes`).
    pub promotion_region: Option<Spanned<String>>,
    /// The region pawns may double-step from (instead of `double_step_rank`).
    pub double_step_region: Option<Spanned<String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct PieceFile {
    pub letter: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub value: i32,
    #[serde(default)]
    pub royal: bool,
    #[serde(default)]
    pub pawn: bool,
    pub moves: Spanned<Vec<Spanned<MoveFile>>>,
    /// The region the piece never leaves (a palace).
    pub confined: Option<Spanned<String>>,
    /// Its picture: a built-in silhouette's name, `{ path = "M ..." }` or
    /// `{ image = "file.png" }` (checked by `check`).
    pub picture: Option<PictureFile>,
}

/// A piece's `picture`: a built-in silhouette by name, or a table.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub(crate) enum PictureFile {
    Name(String),
    Own(OwnPicture),
}

/// `{ path = "M ..." }` or `{ image = "file.png" }`.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnPicture {
    pub path: Option<String>,
    pub image: Option<String>,
}

/// One movement entry: exactly one of `slide`, `step`, `leap`, `ride`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveFile {
    pub slide: Option<Counts>,
    pub step: Option<Counts>,
    pub leap: Option<Vec<i64>>,
    pub ride: Option<Vec<i64>>,
    /// A bent rider: `[a, b]`, one step along `a` axes, then a slide along `b` axes
    /// turning outward (the griffon `[2, 1]`, the aanca `[1, 2]`).
    pub bent: Option<Vec<i64>>,
    /// A circular rider: leaps of these two distances, each turned one step further
    /// round the same way in a plane of two axes (the rose: `[2, 1]`).
    pub rose: Option<Vec<i64>>,
    /// A multi-leg rider: these legs (offsets, x first) walked in turn, over and over
    /// (the crooked bishop: `[[1, 1], [1, -1]]`), in every image under the board's
    /// symmetries.
    pub cycle: Option<Vec<Vec<i64>>>,
    /// Exact offsets (x first), each once: a directed leap, written for White.
    pub directed_leap: Option<Vec<Vec<i64>>>,
    /// Exact offsets repeated along a line: a directed rider.
    pub directed_ride: Option<Vec<Vec<i64>>>,
    pub range: Option<i64>,
    /// The shortest distance a slide or ride goes (the squares before it stay empty).
    pub min_range: Option<i64>,
    pub axes: Option<Vec<String>>,
    pub forward: Option<Names>,
    pub only: Option<String>,
    /// Only as a first move (from a start square), and never a capture.
    pub first: Option<bool>,
    /// Jumps a piece: `true` or `"cannon"` (exactly one piece first, landing anywhere
    /// beyond), `"grasshopper"` (just past the first piece met).
    pub hop: Option<Hop>,
    /// A leap blocked on the square it passes (the xiangqi horse).
    #[serde(default)]
    pub lame: bool,
    /// Only from the squares of this region (the soldier across the river).
    pub within: Option<String>,
    /// The distances go to the listed `axes` in order (the shogi knight: `leap = [1, 2]`
    /// on `axes = ["x", "y"]` is one sideways and two forward).
    #[serde(default)]
    pub ordered: bool,
    /// Only while the piece has not moved: its square keeps its right by file, written
    /// as the file's letter in the castling field (Cambodian chess's `DEde`).
    #[serde(default)]
    pub unmoved: bool,
    /// Every square of the movement, start to landing, in this region (janggi's
    /// palace diagonals).
    pub along: Option<String>,
    /// A hop that never jumps over nor captures a piece of its own kind (the janggi
    /// cannon).
    #[serde(default)]
    pub spare_own_kind: bool,
}

/// How many axes change: one number or a list of them.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub(crate) enum Counts {
    One(i64),
    Many(Vec<i64>),
}

/// How a movement jumps: `hop = true` or a name.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub(crate) enum Hop {
    Flag(bool),
    Name(String),
}

/// The names `hop` takes, besides `true`.
pub(crate) const HOP_NAMES: [&str; 2] = ["cannon", "grasshopper"];

/// One axis name or several.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub(crate) enum Names {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct CastlingFile {
    pub letter: Spanned<String>,
    pub color: Spanned<String>,
    pub king: Spanned<[String; 2]>,
    pub rook: Spanned<[String; 2]>,
    /// The letter of the piece the king castles with (checked by `check`; default: the
    /// rook `R` when the variant has one).
    #[allow(dead_code)]
    pub piece: Option<Spanned<String>>,
}
