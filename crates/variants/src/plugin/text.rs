//! The host's position string for a plugin that writes none: the extended FEN, with the
//! pieces in hand in brackets after the board (`KNR2rnk[Rr] w - - 0 1`), a promoted
//! piece followed by `~`, and the per-side counters as Fairy-Stockfish writes n-check's
//! (`3+3` after the en-passant field) — the same text the table rules write for the
//! same state.

use super::PluginRules;
use chess4d_core::{Color, FenError, FenErrorKind, Position, Square, format_fen, parse_fen};

impl PluginRules {
    /// Every square in the order the FEN board field lists them: slab by slab, each
    /// from its last rank down, each rank from its first file.
    fn fen_order(&self) -> impl Iterator<Item = Square> + '_ {
        let [sx, sy, sz, sw] = self.info.shape.sizes();
        (0..sz as u16 * sw as u16).flat_map(move |slab| {
            let (z, w) = ((slab % sz as u16) as u8, (slab / sz as u16) as u8);
            (0..sy).rev().flat_map(move |y| {
                (0..sx).filter_map(move |x| self.info.shape.square([x, y, z, w]))
            })
        })
    }

    /// Writes a position string with the pockets, marks and counters the variant keeps.
    pub(super) fn default_format_position(&self, pos: &Position) -> String {
        let text = format_fen(&self.info, pos);
        if !(self.limits.pockets && pos.has_pockets()) && pos.counters().is_none() {
            return text;
        }
        let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
        if self.limits.pockets && pos.has_pockets() && !fields.is_empty() {
            fields[0] = self.board_with_pockets(pos, &fields[0]);
        }
        if let Some([w, b]) = pos.counters() {
            fields.insert(4.min(fields.len()), format!("{w}+{b}"));
        }
        fields.join(" ")
    }

    /// The board field with `~` after each promoted piece and the hands appended.
    fn board_with_pockets(&self, pos: &Position, board: &str) -> String {
        let mut occupied = self.fen_order().filter(|&sq| pos.piece_at(sq).is_some());
        let mut out = String::with_capacity(board.len() + 8);
        for c in board.chars() {
            out.push(c);
            if c.is_ascii_alphabetic() && occupied.next().is_some_and(|sq| pos.is_promoted(sq)) {
                out.push('~');
            }
        }
        out.push('[');
        for color in Color::ALL {
            for (k, p) in self.info.pieces.iter().enumerate() {
                let n = pos.in_hand(color, chess4d_core::PieceKind(k as u8));
                for _ in 0..n {
                    out.push(p.letter_for(color));
                }
            }
        }
        out.push(']');
        out
    }

    /// Reads a position string with the pockets, marks and counters the variant keeps
    /// (missing counters start at the limit, missing pockets are empty).
    pub(super) fn default_parse_position(&self, text: &str) -> Result<Position, FenError> {
        if !self.limits.pockets && self.limits.counter_limit == 0 {
            return parse_fen(&self.info, text);
        }
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let mut counters = None;
        if self.limits.counter_limit > 0 {
            let limit = self.limits.counter_limit;
            counters = Some([limit; 2]);
            if let Some(at) = fields.iter().skip(1).position(|f| f.contains('+')) {
                let field = fields.remove(at + 1);
                counters = Some(read_counters(field, limit).ok_or_else(|| {
                    FenError::new(
                        FenErrorKind::CheckCounter,
                        1,
                        format!(
                            "the counter field is White's and Black's counts, 0-{limit} each \
                             (like {limit}+{limit}), not '{field}'"
                        ),
                    )
                })?);
            }
        }
        let mut hand = "";
        let mut marked = Vec::new();
        let mut board = String::new();
        if let Some(first) = fields.first_mut() {
            let (b, h) = split_pockets(first)?;
            hand = h;
            let mut letters = 0usize;
            for c in b.chars() {
                if c == '~' && self.limits.pockets {
                    marked.push(letters.wrapping_sub(1));
                    continue;
                }
                letters += c.is_ascii_alphabetic() as usize;
                board.push(c);
            }
            *first = &board;
        }
        let mut pos = parse_fen(&self.info, &fields.join(" "))?;
        pos.set_counters(counters);
        if self.limits.pockets {
            pos.enable_pockets();
            let occupied: Vec<Square> = self
                .fen_order()
                .filter(|&sq| pos.piece_at(sq).is_some())
                .collect();
            for i in marked {
                if let Some(&sq) = occupied.get(i) {
                    pos.put_promoted(sq, true);
                }
            }
            self.read_hand_text(&mut pos, hand)?;
        }
        Ok(pos)
    }

    /// Puts the pieces written in brackets into the hands.
    fn read_hand_text(&self, pos: &mut Position, hand: &str) -> Result<(), FenError> {
        for c in hand.chars().filter(|&c| c != '-') {
            let kind = self
                .info
                .kind_by_letter(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or_else(|| {
                    FenError::new(
                        FenErrorKind::UnknownPiece,
                        1,
                        format!("'{c}' in hand is not a piece of this variant"),
                    )
                })?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let n = pos.in_hand(color, kind);
            if n >= self.limits.max_in_hand() {
                return Err(FenError::new(
                    FenErrorKind::Board,
                    1,
                    format!(
                        "more than {} of '{c}' in hand, one per square",
                        self.limits.max_in_hand()
                    ),
                ));
            }
            pos.set_in_hand(color, kind, n + 1);
        }
        Ok(())
    }
}

/// The board field and the text in its trailing brackets (empty without them).
fn split_pockets(field: &str) -> Result<(&str, &str), FenError> {
    let Some(at) = field.find('[') else {
        return Ok((field, ""));
    };
    match field[at + 1..].strip_suffix(']') {
        Some(inside) => Ok((&field[..at], inside)),
        None => Err(FenError::new(
            FenErrorKind::Board,
            at + 1,
            "the pieces in hand are written in brackets at the end of the board, like [Rr]",
        )),
    }
}

/// `W+B`, each at most `limit`.
fn read_counters(field: &str, limit: u8) -> Option<[u8; 2]> {
    let (w, b) = field.split_once('+')?;
    let w: u8 = w.parse().ok().filter(|&n| n <= limit)?;
    let b: u8 = b.parse().ok().filter(|&n| n <= limit)?;
    Some([w, b])
}
