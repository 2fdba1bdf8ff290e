//! The guided game: why the full set is sharp, in the moves of White's mate in 4 from
//! the start (our analysis board and `chess4d bestmove --variant full --depth 7` find
//! it), each explained: which threat runs across W or Z, and why the answer is forced.
//! It is played on Learn's sandbox board, one move per "Next", so a newcomer sees the
//! trap before meeting it in a game.

use super::{Mode, Player, Session, learn};
use chess4d_core::Game;

/// One move of the guided game and what it shows.
#[derive(Clone, Copy, Debug)]
pub struct GuidedMove {
    /// The move in coordinates.
    pub mv: &'static str,
    /// Why it is played, and what it threatens.
    pub why: &'static str,
}

/// What the board shows before the first move.
pub const OPENING: &str = "The start of the full set. White's army stands on the W = 0 \
    boards (bottom row), Black's on W = 1 (top row). The pawns start face to face across \
    W: the white pawn on a2[1,0] already eyes a3[1,1], one step forward along Y and one \
    along W. Press Next to see how fast that bites.";

/// White's mate in 4, with Black's longest defence (the engine's line at depth 7).
pub const MOVES: [GuidedMove; 7] = [
    GuidedMove {
        mv: "a2[1,0]a3[1,0]",
        why: "The pawn steps to a3[1,0] and gives check to the king on a4[1,1]: a pawn \
              takes one step forward along Y plus one along X, Z or W, and here that step \
              is W, from the lower board to the upper one. The pawn on b2[1,0] guards it, \
              so the king cannot take it.",
    },
    GuidedMove {
        mv: "a4[1,1]b4[0,0]",
        why: "Black has only two answers, both king moves. The king escapes to b4[0,0], \
              into White's own board: one step along X, Z and W at once, which a king may \
              take. The other one, a4[1,0], is mated at once.",
    },
    GuidedMove {
        mv: "c2[0,0]c3[0,0]",
        why: "Check again, the ordinary way: the pawn on c3[0,0] attacks b4[0,0] along X \
              and Y on one board. White spends pawns; the king is already in its camp.",
    },
    GuidedMove {
        mv: "d4[0,1]c3[0,0]",
        why: "Black's queen takes the pawn on c3[0,0] from d4[0,1]: one step each along \
              X, Y and W, a queen's move because the three coordinates change by the same \
              distance. It comes down from the upper board in one move (the bishop on \
              c4[0,1] could take too, along Y and W).",
    },
    GuidedMove {
        mv: "b2[0,0]c3[0,0]",
        why: "The b-pawn takes the queen and checks the king on b4[0,0] once more.",
    },
    GuidedMove {
        mv: "b4[0,0]c4[0,0]",
        why: "The king steps to c4[0,0]. No answer saves Black here: a4[1,0] or the \
              bishop taking on c3[0,0] is mated as fast or sooner.",
    },
    GuidedMove {
        mv: "d2[0,0]d3[0,0]",
        why: "Checkmate: the pawn on d3[0,0] attacks c4[0,0], and every square around the \
              king, on its board and across Z and W, is covered. Four moves. So in your \
              first games, watch the pawns facing you across W, or start with the classic \
              set or the gentle computer.",
    },
];

impl Session {
    /// The guided game's moves shown (0 to 7), while it is on the board.
    pub fn guide(&self) -> Option<usize> {
        self.learn.guide.filter(|_| self.mode == Mode::Learn)
    }

    /// Shows the guided game after `shown` of its moves (clamped), on Learn's sandbox
    /// board (the game in progress waits); `None` leaves it and gives the game back.
    pub fn set_guide(&mut self, shown: Option<usize>) {
        let Some(n) = shown else {
            if self.learn.guide.take().is_some() {
                self.restore_stash();
            }
            self.touch();
            return;
        };
        if self.mode != Mode::Learn {
            self.set_mode(Mode::Learn);
        }
        if self.learn.step == learn::TRY_IT {
            // Try it's board becomes the guided game's.
            self.learn.step = 0;
        }
        self.stash_game();
        let Ok(rules) = self.catalog.get("full") else {
            self.restore_stash();
            self.notify(true, "the guided game needs the full set, which is missing");
            return;
        };
        let mut game = Game::new(rules);
        let n = n.min(MOVES.len());
        for m in &MOVES[..n] {
            if game.play_str(m.mv).is_err() {
                break;
            }
        }
        self.variant = "full".into();
        self.game = game;
        self.players = [Player::Human, Player::Human];
        self.learn.guide = Some(n);
        self.clear_selection();
    }

    /// What the guided game's board shows now, in words.
    pub fn guide_text(&self) -> Option<&'static str> {
        match self.guide()? {
            0 => Some(OPENING),
            n => MOVES.get(n - 1).map(|m| m.why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::flow::move_words;
    use chess4d_core::Status;
    use chess4d_variants::Catalog;

    #[test]
    fn the_guided_game_is_the_mate_in_four_and_every_check_is_said() {
        let rules = Catalog::embedded().get("full").unwrap();
        let mut pos = rules.start_position();
        for (i, m) in MOVES.iter().enumerate() {
            let mv = rules.parse_move(&pos, m.mv).expect("legal in the line");
            let words = move_words(&*rules, &pos, mv);
            rules.make_move(&mut pos, mv);
            let check = rules.in_check(&pos);
            // White's moves all check; a text says check exactly where there is one.
            assert_eq!(i % 2 == 0, check, "move {}: {words}", i + 1);
            let text = m.why.to_lowercase();
            assert_eq!(text.contains("check"), check, "move {}: {}", i + 1, m.why);
        }
        assert_eq!(rules.status(&pos), Status::Checkmate);
        assert!(MOVES[6].why.starts_with("Checkmate"));
    }

    #[test]
    fn the_guided_game_borrows_the_board_and_gives_the_game_back() {
        let mut s = Session::new(Catalog::embedded(), "classic").unwrap();
        s.set_guide(Some(0));
        assert_eq!(s.mode(), Mode::Learn);
        assert_eq!(s.variant(), "full");
        assert_eq!(s.guide_text(), Some(OPENING));
        s.set_guide(Some(3));
        assert_eq!(s.game().moves().len(), 3);
        assert_eq!(s.guide_text(), Some(MOVES[2].why));
        s.set_guide(Some(99));
        assert_eq!(
            s.game().outcome().map(|o| o.reason),
            Some(chess4d_core::Reason::Checkmate)
        );
        // Nobody answers on the guided board, and the computer does not play there.
        s.tick(std::time::Instant::now());
        assert!(s.thinking().is_none());
        s.set_guide(None);
        assert_eq!(s.variant(), "classic");
        assert!(s.game().moves().is_empty());
        assert_eq!(s.player(chess4d_core::Color::Black), Player::Computer);
        // Leaving Learn leaves the guided game too.
        s.set_guide(Some(2));
        s.set_mode(Mode::Play);
        assert_eq!(s.variant(), "classic");
        assert_eq!(s.guide(), None);
    }
}
