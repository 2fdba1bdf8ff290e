//! The network format, shared by the trainer (`examples/train_net.rs`, which writes
//! it with [`Network::write`] and computes its inputs with [`feature`] and [`bucket`])
//! and the engine (which reads it with [`Network::read`]): a small network for the
//! chess family (orthodox chess and Chess960), trained on Stockfish's evaluations: 768 inputs (each man's kind, colour and square, seen from
//! one side), one layer of [`HIDDEN`] units shared by both sides' views, squared
//! clipped activations, and one output per bucket of the men on the board, the side to
//! move's units first. Its output replaces the hand-written evaluation, is added to
//! it as a correction, or is averaged with it, as the file says ([`Mode`]).
//!
//! The first layer is kept in `i16` at [`QA`] per unit, so that the sums a leaf needs
//! (two views, one row per man) are cheap integer adds the compiler vectorises; the
//! output layer is small and stays in `f32`. A leaf sums every row again: with at most
//! 32 men that costs less than keeping the sums through make and unmake would save.

use super::family::{FAMILIES, FAMILY_COUNT, Family};
use chess4d_core::{Color, Position, Rules};
use std::fmt;
use std::sync::OnceLock;

/// Hidden units per side's view.
pub const HIDDEN: usize = 128;
/// Inputs: 2 colours (own, enemy) x 6 kinds x 64 squares.
pub const INPUTS: usize = 768;
/// The first layer's weights per unit.
pub const QA: i32 = 255;
/// Stockfish's centipawns per unit of the output (the training loss's sigmoid scale).
pub const SCALE: f32 = 400.0;
/// The kinds in the order of the inputs.
pub const LETTERS: &[u8] = b"PNBRQK";
/// The file's first bytes.
pub const MAGIC: &[u8] = b"C4DNET1\n";
/// A piece code the network has no input for.
const NONE: u16 = u16::MAX;

/// The input of a man of kind `kind` (its place in [`LETTERS`]), the viewer's own
/// (`own`) or the enemy's, on `square` as the viewer sees it ([`view_square`]).
pub fn feature(kind: usize, own: bool, square: usize) -> usize {
    (usize::from(!own) * 6 + kind) * 64 + square
}

/// Square `sq` (a1 0, h8 63) as White's view or Black's sees it: Black's turns the
/// ranks, so that each side sees its own men from its own back rank.
pub fn view_square(sq: usize, white_view: bool) -> usize {
    if white_view { sq } else { sq ^ 56 }
}

/// The output bucket of a position with `men` men on the board, of `buckets`.
pub fn bucket(men: usize, buckets: usize) -> usize {
    (men.saturating_sub(2) / 4).min(buckets.max(1) - 1)
}

/// How the network's output meets the hand-written evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The network alone.
    Alone,
    /// Added to the hand-written evaluation: it learned what that one misses.
    Correction,
    /// The mean of the two: a search seeks out each evaluation's errors, and where
    /// they differ the mean errs half as far.
    Mean,
}

impl Mode {
    /// The mode's number in the file.
    pub fn code(self) -> u16 {
        match self {
            Mode::Alone => 0,
            Mode::Correction => 1,
            Mode::Mean => 2,
        }
    }
}

/// A network's weights, as the file gives them: what the trainer
/// (`examples/train_net.rs`) writes with [`Network::write`] and the engine reads with
/// [`Network::read`].
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Output buckets ([`bucket`]), 1 to 32.
    pub buckets: usize,
    /// How the output meets the hand-written evaluation.
    pub mode: Mode,
    /// Our centipawns per Stockfish's.
    pub scale: f32,
    /// `INPUTS x HIDDEN`, input-major, at [`QA`] per unit.
    pub w1: Vec<i16>,
    /// The first layer's biases, at [`QA`] per unit.
    pub b1: [i16; HIDDEN],
    /// `buckets x 2 HIDDEN`: the side to move's units first.
    pub w2: Vec<f32>,
    /// One bias per bucket.
    pub b2: Vec<f32>,
}

/// Why a network file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a network this build reads: {}", self.0)
    }
}

impl std::error::Error for NetError {}

/// Reads fixed-size little-endian values from the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        let (head, rest) = self
            .0
            .split_first_chunk::<N>()
            .ok_or_else(|| NetError("the file ends early".into()))?;
        self.0 = rest;
        Ok(*head)
    }
    fn u16(&mut self) -> Result<u16, NetError> {
        self.take().map(u16::from_le_bytes)
    }
    fn i16(&mut self) -> Result<i16, NetError> {
        self.take().map(i16::from_le_bytes)
    }
    fn f32(&mut self) -> Result<f32, NetError> {
        self.take().map(f32::from_le_bytes)
    }
}

impl Network {
    /// The first layer's weight `w` (in units) as the file keeps it.
    pub fn quantise(w: f32) -> i16 {
        (w * QA as f32).round() as i16
    }

    /// The file: the magic [`MAGIC`], then little-endian: hidden units, buckets and the
    /// [`Mode`] (0, 1, 2; u16 each), the scale from Stockfish's centipawns to ours
    /// (f32), the first layer's weights (input-major) and biases (i16), the output
    /// weights and biases (f32).
    pub fn write(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((HIDDEN as u16).to_le_bytes());
        out.extend((self.buckets as u16).to_le_bytes());
        out.extend(self.mode.code().to_le_bytes());
        out.extend(self.scale.to_le_bytes());
        for &w in self.w1.iter().chain(&self.b1) {
            out.extend(w.to_le_bytes());
        }
        for &w in self.w2.iter().chain(&self.b2) {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// Reads what [`Network::write`] writes, checking every count and number.
    pub fn read(bytes: &[u8]) -> Result<Network, NetError> {
        let mut r = Reader(
            bytes
                .strip_prefix(MAGIC)
                .ok_or_else(|| NetError("not a chess4d network (no C4DNET1 magic)".into()))?,
        );
        let hidden = usize::from(r.u16()?);
        if hidden != HIDDEN {
            return Err(NetError(format!(
                "{hidden} hidden units; this build reads {HIDDEN}"
            )));
        }
        let buckets = usize::from(r.u16()?);
        if !(1..=32).contains(&buckets) {
            return Err(NetError(format!(
                "{buckets} output buckets; 1 to 32 are read"
            )));
        }
        let mode = match r.u16()? {
            0 => Mode::Alone,
            1 => Mode::Correction,
            2 => Mode::Mean,
            m => return Err(NetError(format!("mode {m}; 0, 1 and 2 are read"))),
        };
        let scale = r.f32()?;
        if !(scale.is_finite() && scale > 0.0) {
            return Err(NetError(format!("scale {scale} is not a positive number")));
        }
        let w1 = (0..INPUTS * HIDDEN)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        let mut b1 = [0i16; HIDDEN];
        for b in &mut b1 {
            *b = r.i16()?;
        }
        let w2 = (0..buckets * 2 * HIDDEN)
            .map(|_| r.f32())
            .collect::<Result<Vec<_>, _>>()?;
        let b2 = (0..buckets)
            .map(|_| r.f32())
            .collect::<Result<Vec<_>, _>>()?;
        if !r.0.is_empty() {
            return Err(NetError(format!(
                "{} bytes after the last weight",
                r.0.len()
            )));
        }
        if w2.iter().chain(&b2).any(|w| !w.is_finite()) {
            return Err(NetError("an output weight is not a number".into()));
        }
        Ok(Network {
            buckets,
            mode,
            scale,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Adds input `f`'s row to `acc`.
    #[inline]
    fn add_row(&self, acc: &mut [i16; HIDDEN], f: usize) {
        if let Some(row) = self.w1.get(f * HIDDEN..(f + 1) * HIDDEN) {
            // Wrapping: a file's weights are bounded so that sums over 32 men fit, and
            // a hostile file must not be able to panic a debug build.
            acc.iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a = a.wrapping_add(*w));
        }
    }

    /// The output layer for one view's sums, the side to move's first.
    #[inline]
    fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], bucket: usize) -> f32 {
        let w2 = &self.w2[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (w_us, w_them) = w2.split_at(HIDDEN);
        // Eight running sums, so that the compiler may add in vector lanes (a float
        // sum in one order it must keep as written).
        let half = |acc: &[i16; HIDDEN], w: &[f32]| -> f32 {
            let mut sums = [0f32; 8];
            for (a8, w8) in acc.chunks_exact(8).zip(w.chunks_exact(8)) {
                for j in 0..8 {
                    let c = f32::from(a8[j]).clamp(0.0, QA as f32);
                    sums[j] += c * c * w8[j];
                }
            }
            sums.iter().sum()
        };
        let q = (QA * QA) as f32;
        (half(us, w_us) + half(them, w_them)) / q + self.b2[bucket]
    }
}

/// The network of `FAMILIES[i]`, read once.
fn family_net(i: usize) -> Option<&'static Network> {
    static NETS: [OnceLock<Option<Network>>; FAMILY_COUNT] =
        [const { OnceLock::new() }; FAMILY_COUNT];
    NETS.get(i)?
        .get_or_init(|| Network::read(FAMILIES[i].net?).ok())
        .as_ref()
}

/// A network with the input of each of a variant's piece codes.
pub(crate) struct NetEval {
    net: &'static Network,
    /// Per piece code: its first input in White's view and in Black's (`NONE` for a
    /// kind the network does not know).
    inputs: Box<[[u16; 2]; 256]>,
}

impl NetEval {
    /// The network of `family` for `rules` (whose fingerprint is the family's), if the
    /// family has one and it knows every kind of the rules.
    pub(crate) fn for_family(rules: &dyn Rules, family: &Family) -> Option<NetEval> {
        let info = rules.info();
        let i = FAMILIES.iter().position(|f| std::ptr::eq(f, family))?;
        let net = family_net(i)?;
        let mut inputs = Box::new([[NONE; 2]; 256]);
        for (k, piece) in info.pieces.iter().enumerate() {
            let letter = piece.letter.to_ascii_uppercase() as u8;
            let kind = LETTERS.iter().position(|&l| l == letter)?;
            for color in Color::ALL {
                let code = chess4d_core::Piece::new(chess4d_core::PieceKind(k as u8), color).code();
                inputs[usize::from(code)] =
                    [Color::White, Color::Black].map(|view| feature(kind, view == color, 0) as u16);
            }
        }
        Some(NetEval { net, inputs })
    }

    /// How the output meets the hand-written evaluation.
    pub(crate) fn mode(&self) -> Mode {
        self.net.mode
    }

    /// The network's score from White's view, in our centipawns; `None` when a man on
    /// the board is of a kind it does not know.
    pub(crate) fn white_score(&self, pos: &Position) -> Option<i32> {
        let net = self.net;
        let mut views = [net.b1; 2];
        let mut men = 0usize;
        for (sq, &code) in pos.board_codes().iter().enumerate() {
            if code == 0 {
                continue;
            }
            let [white, black] = self.inputs[usize::from(code)];
            if white == NONE || sq >= 64 {
                return None;
            }
            net.add_row(&mut views[0], usize::from(white) + view_square(sq, true));
            net.add_row(&mut views[1], usize::from(black) + view_square(sq, false));
            men += 1;
        }
        let bucket = bucket(men, net.buckets);
        let white_to_move = pos.side_to_move() == Color::White;
        let (us, them) = if white_to_move { (0, 1) } else { (1, 0) };
        let raw = net.output(&views[us], &views[them], bucket);
        let ours = (raw * SCALE * net.scale).clamp(-20_000.0, 20_000.0) as i32;
        Some(if white_to_move { ours } else { -ours })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    fn chess_net() -> &'static [u8] {
        FAMILIES[0].net.expect("the chess family has a network")
    }

    #[test]
    fn the_built_in_network_reads() {
        assert!(
            family_net(0).is_some(),
            "{:?}",
            Network::read(chess_net()).err()
        );
    }

    /// Every network file in `nets/` goes through the writer the trainer uses and the
    /// reader the engine uses and comes out the same, byte for byte.
    #[test]
    fn every_network_file_round_trips_through_the_writer_and_the_reader() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).expect("nets/") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "net") {
                continue;
            }
            let bytes = std::fs::read(&path).expect("read");
            let net = Network::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(net.write(), bytes, "{}", path.display());
            assert_eq!(Network::read(&net.write()).as_ref(), Ok(&net));
            seen += 1;
        }
        assert!(seen > 0, "no network in {}", dir.display());
    }

    #[test]
    fn a_damaged_file_is_refused_with_a_reason() {
        assert!(Network::read(b"hello").is_err());
        let bytes = chess_net();
        let short = &bytes[..bytes.len() - 1];
        assert_eq!(
            Network::read(short).err(),
            Some(NetError("the file ends early".into()))
        );
        let mut long = bytes.to_vec();
        long.push(0);
        assert!(Network::read(&long).is_err());
    }

    /// The engine's inputs for each piece code are the features the trainer computes
    /// from a FEN's men (kind in PNBRQK order, colour, square).
    #[test]
    fn the_engine_feeds_the_features_the_trainer_learns_from() {
        let rules = Catalog::embedded().resolve("orthodox").unwrap();
        let family = super::super::family::family_of(&*rules).expect("chess");
        let net = NetEval::for_family(&*rules, family).unwrap();
        let info = rules.info();
        for (k, piece) in info.pieces.iter().enumerate() {
            let kind = b"PNBRQK"
                .iter()
                .position(|&l| l == piece.letter as u8)
                .expect("a chess kind");
            for color in Color::ALL {
                let code = chess4d_core::Piece::new(chess4d_core::PieceKind(k as u8), color).code();
                let [w, b] = net.inputs[usize::from(code)];
                for sq in [0usize, 9, 36, 63] {
                    let white = color == Color::White;
                    assert_eq!(
                        usize::from(w) + view_square(sq, true),
                        feature(kind, white, sq)
                    );
                    assert_eq!(
                        usize::from(b) + view_square(sq, false),
                        feature(kind, !white, sq ^ 56)
                    );
                }
            }
        }
        assert_eq!(bucket(32, 8), 7);
        assert_eq!(bucket(2, 8), 0);
        assert_eq!(bucket(7, 8), 1);
    }

    #[test]
    fn the_score_is_the_same_for_a_position_and_its_colours_swapped() {
        let rules = Catalog::embedded().resolve("orthodox").unwrap();
        let family = super::super::family::family_of(&*rules).expect("chess");
        let net = NetEval::for_family(&*rules, family).unwrap();
        let a = rules
            .parse_position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
        let b = rules
            .parse_position("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3")
            .unwrap();
        let (x, y) = (net.white_score(&a).unwrap(), net.white_score(&b).unwrap());
        assert_eq!(x, -y);
        // A queen more is worth a lot.
        let up = rules
            .parse_position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
            .unwrap();
        assert!(net.white_score(&up).unwrap() > 500);
    }
}
