//! The game's moves and the engine's lines in standard algebraic notation (SAN), as
//! the move list, the hint and the engine's cards show them.

use super::Session;
use chess4d_core::{Move, san, san_line};

impl Session {
    /// The moves played so far in SAN; each move is written once and kept (the move
    /// list asks every frame).
    pub fn san_moves(&mut self) -> Vec<String> {
        self.san.update(&self.game).to_vec()
    }

    /// A legal move of the position on the board in SAN.
    pub fn san_of(&self, mv: Move) -> String {
        san(&**self.rules(), self.game.position(), mv)
    }

    /// The first `most` moves of a line from the position on the board, in SAN, with
    /// move numbers (`12. Nf3 Nc6 13. O-O`, `3... e5`).
    pub fn san_line_text(&self, pv: &[Move], most: usize) -> String {
        let pos = self.game.position();
        let line = &pv[..pv.len().min(most)];
        let words = san_line(&**self.rules(), pos, line);
        let mut number = self.game.moves().len() / 2 + 1;
        let mut white = pos.side_to_move() == chess4d_core::Color::White;
        let mut out = Vec::with_capacity(words.len() * 2);
        for (i, w) in words.into_iter().enumerate() {
            if white {
                out.push(format!("{number}."));
            } else if i == 0 {
                out.push(format!("{number}..."));
            }
            out.push(w);
            if !white {
                number += 1;
            }
            white = !white;
        }
        out.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use chess4d_variants::Catalog;

    #[test]
    fn moves_and_lines_in_san() {
        let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
        let mv = |s: &Session, t: &str| s.rules().parse_move(s.game().position(), t).unwrap();
        let e4 = mv(&s, "e2e4");
        assert_eq!(s.san_of(e4), "e4");
        s.play(e4);
        let line = [mv(&s, "e7e5")];
        assert_eq!(s.san_line_text(&line, 6), "1... e5");
        s.play(line[0]);
        let nf3 = mv(&s, "g1f3");
        assert_eq!(s.san_line_text(&[nf3], 6), "2. Nf3");
        assert_eq!(s.san_moves(), ["e4", "e5"]);
    }
}
