//! A small network for orthodox chess and Chess960, trained on Stockfish's evaluations
//! (`examples/train_net.rs`): 768 inputs (each man's kind, colour and square, seen from
//! one side), one layer of [`HIDDEN`] units shared by both sides' views, squared
//! clipped activations, and one output per bucket of the men on the board, the side to
//! move's units first. Its output replaces the hand-written evaluation, is added to
//! it as a correction, or is averaged with it, as the file says ([`Mode`]).
//!
//! The first layer is kept in `i16` at [`QA`] per unit, so that the sums a leaf needs
//! (two views, one row per man) are cheap integer adds the compiler vectorises; the
//! output layer is small and stays in `f32`. A leaf sums every row again: with at most
//! 32 men that costs less than keeping the sums through make and unmake would save.

use chess4d_core::{Color, Position, Rules};
use std::sync::OnceLock;

/// Orthodox chess's network, built in.
const ORTHODOX: &[u8] = include_bytes!("../../nets/orthodox.net");

/// Hidden units per side's view.
pub(crate) const HIDDEN: usize = 128;
/// Inputs: 2 colours (own, enemy) x 6 kinds x 64 squares.
pub(crate) const INPUTS: usize = 768;
/// The first layer's weights per unit.
pub(crate) const QA: i32 = 255;
/// Stockfish's centipawns per unit of the output (the training loss's sigmoid scale).
const SCALE: f32 = 400.0;
/// The kinds in the order of the inputs.
const LETTERS: &[u8] = b"PNBRQK";
/// A piece code the network has no input for.
const NONE: u16 = u16::MAX;

/// How the network's output meets the hand-written evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The network alone.
    Alone,
    /// Added to the hand-written evaluation: it learned what that one misses.
    Correction,
    /// The mean of the two: a search seeks out each evaluation's errors, and where
    /// they differ the mean errs half as far.
    Mean,
}

/// The network's weights, as the file gives them.
pub(crate) struct Net {
    buckets: usize,
    mode: Mode,
    /// Our centipawns per Stockfish's.
    scale: f32,
    /// `INPUTS x HIDDEN`, input-major.
    w1: Vec<i16>,
    b1: [i16; HIDDEN],
    /// `buckets x 2 HIDDEN`: the side to move's units first.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// Why a network file cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct NetError(pub(crate) String);

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

impl Net {
    /// Reads the format `examples/train_net.rs` writes: the magic `C4DNET1\n`, then
    /// little-endian: hidden units, buckets and the [`Mode`] (0, 1, 2; u16 each), the scale
    /// from Stockfish's centipawns to ours (f32), the first layer's weights
    /// (input-major) and biases (i16), the output weights and biases (f32).
    pub(crate) fn parse(bytes: &[u8]) -> Result<Net, NetError> {
        let mut r = Reader(
            bytes
                .strip_prefix(b"C4DNET1\n")
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
        Ok(Net {
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

/// The built-in network, read once.
fn orthodox() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::parse(ORTHODOX).ok()).as_ref()
}

/// A network with the input of each of a variant's piece codes.
pub(crate) struct NetEval {
    net: &'static Net,
    /// Per piece code: its first input in White's view and in Black's (`NONE` for a
    /// kind the network does not know).
    inputs: Box<[[u16; 2]; 256]>,
}

impl NetEval {
    /// The built-in network for `rules`, if it was trained for its name, board and
    /// pieces.
    pub(crate) fn for_variant(rules: &dyn Rules) -> Option<NetEval> {
        let info = rules.info();
        if !super::squares::is_orthodox(info) {
            return None;
        }
        let net = orthodox()?;
        let mut inputs = Box::new([[NONE; 2]; 256]);
        for (k, piece) in info.pieces.iter().enumerate() {
            let letter = piece.letter.to_ascii_uppercase() as u8;
            let kind = LETTERS.iter().position(|&l| l == letter)?;
            for color in Color::ALL {
                let code = chess4d_core::Piece::new(chess4d_core::PieceKind(k as u8), color).code();
                let own = |view: Color| if view == color { 0 } else { 6 };
                inputs[usize::from(code)] =
                    [Color::White, Color::Black].map(|view| ((own(view) + kind) * 64) as u16);
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
            net.add_row(&mut views[0], usize::from(white) + sq);
            net.add_row(&mut views[1], usize::from(black) + (sq ^ 56));
            men += 1;
        }
        let bucket = (men.saturating_sub(2) / 4).min(net.buckets - 1);
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

    #[test]
    fn the_built_in_network_reads() {
        assert!(orthodox().is_some(), "{:?}", Net::parse(ORTHODOX).err());
    }

    #[test]
    fn a_damaged_file_is_refused_with_a_reason() {
        assert!(Net::parse(b"hello").is_err());
        let short = &ORTHODOX[..ORTHODOX.len() - 1];
        assert_eq!(
            Net::parse(short).err(),
            Some(NetError("the file ends early".into()))
        );
        let mut long = ORTHODOX.to_vec();
        long.push(0);
        assert!(Net::parse(&long).is_err());
    }

    #[test]
    fn the_score_is_the_same_for_a_position_and_its_colours_swapped() {
        let rules = Catalog::embedded().resolve("orthodox").unwrap();
        let net = NetEval::for_variant(&*rules).unwrap();
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
