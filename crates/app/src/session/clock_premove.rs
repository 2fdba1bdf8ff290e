//! Premoves, as lichess players expect them in clocked games against the computer (and
//! in online games, on the opponent's turn: session/online.rs): on
//! the computer's turn a click on one of the player's pieces and then on a square
//! stores a move, played the moment the computer's answer is on the board if it is
//! legal then (no time passes on the player's clock). Another click, Escape or a
//! right click cancels it; a premove that is not legal after the answer is dropped
//! with a message.

use super::{Player, Session};
use chess4d_core::{Move, Square};

/// A premove being entered or waiting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Premove {
    /// The piece picked on the computer's turn.
    pub(super) from: Option<Square>,
    /// The move waiting for the computer's answer: from and to.
    pub(super) ready: Option<(Square, Square)>,
}

impl Session {
    /// Whether a click now enters a premove: a clocked game against the computer, on
    /// the computer's turn.
    pub fn premoves_allowed(&self) -> bool {
        if self.mode == super::Mode::Online {
            return self.online_awaits_opponent(); // online.rs: on the opponent's turn
        }
        self.clock().is_some() && self.computer_to_move() && self.can_premove_board()
    }

    fn can_premove_board(&self) -> bool {
        self.mode == super::Mode::Play && !self.analysed() && !self.reviewing()
    }

    /// The premove waiting for the computer's answer (from, to), if any.
    pub fn premove(&self) -> Option<(Square, Square)> {
        self.premove.ready
    }

    /// The piece picked for a premove, if any.
    pub fn premove_from(&self) -> Option<Square> {
        self.premove.from
    }

    /// Forgets the premove (Escape, a right click).
    pub fn cancel_premove(&mut self) {
        if self.premove != Premove::default() {
            self.premove = Premove::default();
            self.touch();
        }
    }

    /// A click on `sq` on the computer's turn; returns whether it was a premove click.
    pub(super) fn premove_click(&mut self, sq: Square) -> bool {
        if !self.premoves_allowed() {
            return false;
        }
        let mine = !self.game.position().side_to_move();
        let own = self
            .game
            .position()
            .piece_at(sq)
            .is_some_and(|p| p.color() == mine);
        self.premove = match (self.premove, own) {
            // A click while a premove waits cancels it; on an own piece it starts anew.
            (Premove { ready: Some(_), .. }, true) => Premove {
                from: Some(sq),
                ready: None,
            },
            (Premove { ready: Some(_), .. }, false) => Premove::default(),
            (Premove { from: Some(f), .. }, _) if f == sq => Premove::default(),
            (Premove { from: Some(f), .. }, _) => Premove {
                from: None,
                ready: Some((f, sq)),
            },
            (_, true) => Premove {
                from: Some(sq),
                ready: None,
            },
            (_, false) => Premove::default(),
        };
        self.touch();
        true
    }

    /// Plays the waiting premove after the computer's answer when it is legal now.
    pub(super) fn play_premove(&mut self) {
        let premove = std::mem::take(&mut self.premove);
        let to_move = self.game.position().side_to_move();
        if self.game.outcome().is_some() || self.player(to_move) != Player::Human {
            return;
        }
        let Some((from, to)) = premove.ready else {
            // Only a piece was picked: it stays picked, now as a normal selection.
            if let Some(from) = premove.from {
                self.click(from);
            }
            return;
        };
        match self.premove_choice(from, to) {
            Some(mv) => self.play(mv),
            None => self.notify(
                false,
                format!(
                    "Premove {} to {} dropped: not legal after the answer.",
                    self.square_name(from),
                    self.square_name(to)
                ),
            ),
        }
    }

    /// The legal move from `from` to `to`; of several (promotions), the one to the
    /// most valuable piece the rules name first — a queen where there is one.
    fn premove_choice(&self, from: Square, to: Square) -> Option<Move> {
        let info = self.rules().info();
        let mut moves: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to && !m.is_drop())
            .collect();
        let queen = |m: &Move| {
            m.promotion
                .and_then(|k| info.pieces.get(k.index()))
                .is_some_and(|p| p.name == "queen")
        };
        moves.sort_by_key(|m| !queen(m));
        moves.first().copied()
    }
}
