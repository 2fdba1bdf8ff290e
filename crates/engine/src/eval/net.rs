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
//! output layer is small and stays in `f32`. The sums are kept per thread between
//! leaves (`NetEval::white_score`): the next leaf is usually a sibling or a cousin, a
//! few squares different, so only those squares' rows are taken off and added. Where
//! the processor has AVX2 that leaf runs as the same body compiled for it, twice the
//! lanes and the same score to the bit.

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
    #[inline(always)]
    fn add_row(&self, acc: &mut [i16; HIDDEN], f: usize) {
        if let Some(row) = self.w1.get(f * HIDDEN..(f + 1) * HIDDEN) {
            // Wrapping: a file's weights are bounded so that sums over 32 men fit, and
            // a hostile file must not be able to panic a debug build.
            acc.iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a = a.wrapping_add(*w));
        }
    }

    /// Takes input `f`'s row off `acc`: the exact inverse of [`Network::add_row`]
    /// (wrapping sums form a group), so kept sums equal sums made afresh.
    #[inline(always)]
    fn sub_row(&self, acc: &mut [i16; HIDDEN], f: usize) {
        if let Some(row) = self.w1.get(f * HIDDEN..(f + 1) * HIDDEN) {
            acc.iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a = a.wrapping_sub(*w));
        }
    }

    /// The output layer for one view's sums, the side to move's first.
    #[inline(always)]
    fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], bucket: usize) -> f32 {
        let w2 = &self.w2[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (w_us, w_them) = w2.split_at(HIDDEN);
        let q = (QA * QA) as f32;
        (screlu_dot(us, w_us) + screlu_dot(them, w_them)) / q + self.b2[bucket]
    }
}

/// One view's sums through the squared clipped activation, dotted with its half of
/// the output weights.
#[inline(always)]
fn screlu_dot(acc: &[i16; HIDDEN], w: &[f32]) -> f32 {
    // Eight running sums, so that the compiler may add in vector lanes (a float sum in
    // one order it must keep as written).
    let mut sums = [0f32; 8];
    for (a8, w8) in acc.chunks_exact(8).zip(w.chunks_exact(8)) {
        for j in 0..8 {
            let c = f32::from(a8[j]).clamp(0.0, QA as f32);
            sums[j] += c * c * w8[j];
        }
    }
    sums.iter().sum()
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
    /// Tells this network's inputs from every other's in the threads' kept sums.
    owner: u64,
}

/// A board's first-layer sums, kept per thread from one leaf to the next.
struct Sums {
    /// The [`NetEval::owner`] whose inputs made them (0: none yet).
    owner: u64,
    /// The board they are the sums of (piece codes, 0 empty).
    codes: [u8; SQUARES],
    /// White's view and Black's.
    views: [[i16; HIDDEN]; 2],
    men: usize,
}

/// The squares a network's board has.
const SQUARES: usize = 64;

/// More changed squares than this and the sums are made afresh (each changed square
/// costs a row off and a row on, a fresh sum one row per man).
const MOST_CHANGES: u32 = 16;

thread_local! {
    static SUMS: std::cell::RefCell<Sums> = const {
        std::cell::RefCell::new(Sums {
            owner: 0,
            codes: [0; SQUARES],
            views: [[0; HIDDEN]; 2],
            men: 0,
        })
    };
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
        Some(NetEval {
            net,
            inputs,
            owner: super::pawn_cache::new_owner(),
        })
    }

    /// How the output meets the hand-written evaluation.
    pub(crate) fn mode(&self) -> Mode {
        self.net.mode
    }

    /// The network's score from White's view, in our centipawns; `None` when a man on
    /// the board is of a kind it does not know.
    ///
    /// The first layer's sums are this thread's kept sums brought up to this board: the
    /// rows of the squares that changed since the last leaf are taken off and added.
    pub(crate) fn white_score(&self, pos: &Position) -> Option<i32> {
        let Ok(codes) = <&[u8; SQUARES]>::try_from(pos.board_codes()) else {
            return self.white_score_afresh(pos);
        };
        SUMS.with_borrow_mut(|sums| self.kept_score(sums, codes, pos.side_to_move()))
    }

    /// The score from `sums` brought up to `codes`. The sums and the output layer are
    /// vector arithmetic that a build for baseline x86-64 does four or eight lanes at a
    /// time; where the processor has AVX2 the same body runs compiled for it, sixteen
    /// and eight (the same operations lane by lane, so the same score to the bit).
    fn kept_score(&self, sums: &mut Sums, codes: &[u8; SQUARES], to_move: Color) -> Option<i32> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (just checked).
            return unsafe { self.kept_score_avx2(sums, codes, to_move) };
        }
        self.kept_score_in(sums, codes, to_move)
    }

    /// [`NetEval::kept_score`] compiled with AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn kept_score_avx2(
        &self,
        sums: &mut Sums,
        codes: &[u8; SQUARES],
        to_move: Color,
    ) -> Option<i32> {
        self.kept_score_in(sums, codes, to_move)
    }

    #[inline(always)]
    fn kept_score_in(&self, sums: &mut Sums, codes: &[u8; SQUARES], to_move: Color) -> Option<i32> {
        if sums.owner != self.owner {
            *sums = Sums {
                owner: self.owner,
                codes: [0; SQUARES],
                views: [self.net.b1; 2],
                men: 0,
            };
        }
        let changed = changed_squares(&sums.codes, codes);
        // Refused before anything is changed, so the kept sums stay those of a board.
        if each_bit(changed).any(|sq| self.inputs_of(codes[sq]).is_none()) {
            return None;
        }
        if changed.count_ones() > MOST_CHANGES {
            sums.views = [self.net.b1; 2];
            sums.codes = [0; SQUARES];
            sums.men = 0;
            self.bring_up(sums, codes, occupied_squares(codes));
        } else {
            self.bring_up(sums, codes, changed);
        }
        Some(self.score(&sums.views, sums.men, to_move))
    }

    /// [`NetEval::white_score`] with every row summed again (boards of other sizes,
    /// and the tests' measure of the kept sums).
    fn white_score_afresh(&self, pos: &Position) -> Option<i32> {
        let net = self.net;
        let mut views = [net.b1; 2];
        let mut men = 0usize;
        for (sq, &code) in pos.board_codes().iter().enumerate() {
            if code == 0 {
                continue;
            }
            let [white, black] = self.inputs_of(code)?;
            if sq >= SQUARES {
                return None;
            }
            net.add_row(&mut views[0], usize::from(white) + view_square(sq, true));
            net.add_row(&mut views[1], usize::from(black) + view_square(sq, false));
            men += 1;
        }
        Some(self.score(&views, men, pos.side_to_move()))
    }

    /// The inputs of a piece code in White's view and Black's: `[0, 0]` for an empty
    /// square, `None` for a kind the network does not know.
    #[inline(always)]
    fn inputs_of(&self, code: u8) -> Option<[u16; 2]> {
        let inputs = self.inputs[usize::from(code)];
        (code == 0 || inputs[0] != NONE).then_some(inputs)
    }

    /// Changes `sums` on the squares of `squares` to the men of `codes` (each known).
    #[inline(always)]
    fn bring_up(&self, sums: &mut Sums, codes: &[u8; SQUARES], squares: u64) {
        let net = self.net;
        for sq in each_bit(squares) {
            let (old, new) = (sums.codes[sq], codes[sq]);
            let views = [view_square(sq, true), view_square(sq, false)];
            if old != 0 {
                let inputs = self.inputs[usize::from(old)];
                for v in 0..2 {
                    net.sub_row(&mut sums.views[v], usize::from(inputs[v]) + views[v]);
                }
                sums.men -= 1;
            }
            if new != 0 {
                let inputs = self.inputs[usize::from(new)];
                for v in 0..2 {
                    net.add_row(&mut sums.views[v], usize::from(inputs[v]) + views[v]);
                }
                sums.men += 1;
            }
            sums.codes[sq] = new;
        }
    }

    /// The output for the views' sums with `men` men, from White's view in our
    /// centipawns.
    #[inline(always)]
    fn score(&self, views: &[[i16; HIDDEN]; 2], men: usize, to_move: Color) -> i32 {
        let net = self.net;
        let bucket = bucket(men, net.buckets);
        let white_to_move = to_move == Color::White;
        let (us, them) = if white_to_move { (0, 1) } else { (1, 0) };
        let raw = net.output(&views[us], &views[them], bucket);
        let ours = (raw * SCALE * net.scale).clamp(-20_000.0, 20_000.0) as i32;
        if white_to_move { ours } else { -ours }
    }
}

/// The squares whose piece codes differ between two boards, as bits.
#[inline(always)]
fn changed_squares(was: &[u8; SQUARES], now: &[u8; SQUARES]) -> u64 {
    was.iter()
        .zip(now)
        .enumerate()
        .fold(0, |bits, (sq, (a, b))| bits | u64::from(a != b) << sq)
}

/// The occupied squares of a board, as bits.
#[inline(always)]
fn occupied_squares(codes: &[u8; SQUARES]) -> u64 {
    codes
        .iter()
        .enumerate()
        .fold(0, |bits, (sq, &c)| bits | u64::from(c != 0) << sq)
}

/// The indices of the set bits of `bits`, lowest first.
#[inline(always)]
fn each_bit(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            sq
        })
    })
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

    /// The sums kept from leaf to leaf give the score summed afresh, exactly: along
    /// random games (make and unmake, so the boards jump back as a search's do), with a
    /// second network's evaluations between them (another owner of the thread's sums)
    /// and a board of an unknown kind in between (refused, the kept sums untouched).
    /// Where the processor has AVX2 the kept sums take the body compiled for it and the
    /// fresh sums the baseline's, so this also holds the two builds to one score.
    #[test]
    fn the_kept_sums_give_the_score_summed_afresh() {
        let catalog = Catalog::embedded();
        let rules = catalog.resolve("orthodox").unwrap();
        let family = super::super::family::family_of(&*rules).expect("chess");
        let (a, b) = (
            NetEval::for_family(&*rules, family).unwrap(),
            NetEval::for_family(&*rules, family).unwrap(),
        );
        // A man of a kind beyond the rules' six, which the network has no input for.
        let mut unknown = rules.start_position();
        let stranger = chess4d_core::Piece::new(chess4d_core::PieceKind(6), Color::White);
        unknown.put(chess4d_core::Square(20), Some(stranger));
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for game in 0..40 {
            let mut pos = rules.start_position();
            let mut undos = Vec::new();
            let mut moves = Vec::new();
            for ply in 0..120 {
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                // Now and then a step back, as a search returns from a line.
                if ply % 7 == 3
                    && let Some(undo) = undos.pop()
                {
                    rules.unmake_move(&mut pos, &undo);
                } else {
                    let mv = moves[next(moves.len())];
                    undos.push(rules.make_move(&mut pos, mv));
                }
                let net = if (game + ply) % 5 == 0 { &b } else { &a };
                assert_eq!(net.white_score(&pos), net.white_score_afresh(&pos));
                if ply % 11 == 0 {
                    assert_eq!(a.white_score(&unknown), None);
                }
                checked += 1;
            }
        }
        assert!(checked > 2_000, "{checked} positions");
    }
}
