//! What the player's pointer and keys do to the game: select, move by click-click or
//! drag-and-drop, choose between moves that share from and to, walk the focus.

use super::keyboard::{self, Nav};
use super::{Choice, Drag, Mode, Session, learn};
use chess4d_core::{Move, Square};

impl Session {
    /// The pointer is over `sq` (or off the board).
    pub fn set_hover(&mut self, sq: Option<Square>) {
        if self.hover != sq {
            self.hover = sq;
            self.touch();
        }
    }

    fn can_move_now(&self) -> bool {
        let board_is_game = match self.mode {
            Mode::Play => true,
            Mode::Explore(_) => false,
            Mode::Learn => self.learn.step == learn::TRY_IT,
        };
        board_is_game && self.game.outcome().is_none() && !self.computer_to_move()
    }

    fn own_piece(&self, sq: Square) -> bool {
        let pos = self.game.position();
        pos.piece_at(sq)
            .is_some_and(|p| p.color() == pos.side_to_move())
    }

    fn select(&mut self, sq: Square) {
        self.selected = Some(sq);
        self.targets = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == sq)
            .collect();
        self.touch();
    }

    /// Clears the selection and any pending choice (Escape).
    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.targets.clear();
        self.choice = None;
        self.drag = None;
        self.touch();
    }

    /// A click on `sq`: select a piece, move the selected one there, or deselect.
    pub fn click(&mut self, sq: Square) {
        if let Mode::Explore(_) = self.mode {
            // The explored piece goes where the player clicks.
            self.explore_at = Some(sq);
            self.touch();
            return;
        }
        if self.threats_click(sq) {
            return; // attackers.rs: the threats mode picks squares
        }
        self.choice = None;
        if !self.can_move_now() {
            return;
        }
        let selected = self.selected;
        match selected {
            Some(from) if from == sq => self.clear_selection(),
            Some(from) if self.try_move(from, sq) => {}
            Some(_) if self.own_piece(sq) => self.select(sq),
            Some(_) => self.clear_selection(),
            None if self.own_piece(sq) => self.select(sq),
            None => {}
        }
    }

    /// The mouse button went down on `sq`: picks up the piece for a drag.
    pub fn press(&mut self, sq: Square) {
        if !self.can_move_now() || matches!(self.mode, Mode::Explore(_)) || self.threats().mode {
            return self.click(sq);
        }
        if self.own_piece(sq) {
            let was_selected = self.selected == Some(sq);
            self.choice = None;
            self.select(sq);
            self.drag = Some(Drag {
                from: sq,
                was_selected,
            });
        } else {
            self.click(sq);
        }
    }

    /// The mouse button came up over `sq` (None: off the board): drops a dragged piece,
    /// or finishes a click.
    pub fn release(&mut self, sq: Option<Square>) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        match sq {
            Some(to) if to != drag.from => {
                if !self.try_move(drag.from, to) {
                    self.touch();
                }
            }
            // Pressing and releasing on a selected piece is a click on it: deselect.
            Some(_) if drag.was_selected => self.clear_selection(),
            _ => self.touch(),
        }
    }

    /// Moves the keyboard focus (placing it first on a1 of the first board).
    pub fn navigate(&mut self, nav: Nav) {
        let shape = self.rules().info().shape;
        self.focus = Some(match self.focus {
            None => Square(0),
            Some(f) => keyboard::step(&shape, f, nav),
        });
        self.touch();
    }

    /// Enter or Space: a click on the focused square.
    pub fn activate(&mut self) {
        match self.focus {
            Some(f) => self.click(f),
            None => self.navigate(Nav::Next),
        }
    }

    /// Tries the move from `from` to `to`: plays it, opens a choice, or says no.
    fn try_move(&mut self, from: Square, to: Square) -> bool {
        let moves: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        match moves.len() {
            0 => false,
            1 => {
                self.play(moves[0]);
                true
            }
            _ => {
                self.choice = Some(self.choice_of(moves));
                self.touch();
                true
            }
        }
    }

    pub(super) fn choice_of(&self, moves: Vec<Move>) -> Choice {
        let rules = self.rules();
        let info = rules.info();
        let promotion = moves.iter().all(|m| {
            m.promotion.is_some() && m.capture == moves[0].capture && m.second == moves[0].second
        });
        let labels = moves
            .iter()
            .map(|&m| match m.promotion {
                Some(k) if promotion => info
                    .pieces
                    .get(k.index())
                    .map_or_else(|| "?".into(), |p| p.name.clone()),
                _ => rules.describe_move(self.game.position(), m),
            })
            .collect();
        Choice {
            moves,
            labels,
            promotion,
        }
    }

    /// Plays option `i` of the pending choice.
    pub fn choose(&mut self, i: usize) {
        if let Some(mv) = self.choice.take().and_then(|c| c.moves.get(i).copied()) {
            self.play(mv);
        }
    }

    /// Plays a legal move and clears the selection.
    pub fn play(&mut self, mv: Move) {
        match self.game.play(mv) {
            Ok(()) => {
                if self.mode == Mode::Learn
                    && self.learn.step == learn::TRY_IT
                    && learn::is_try_it_move(&**self.rules(), mv)
                    && !self.learn.done
                {
                    self.learn.done = true;
                    self.notify(
                        false,
                        "Well done! The rook changed only W: a straight move to the board \
                         above, and a legal one however it looks in the tesseract.",
                    );
                }
            }
            Err(e) => self.notify(true, e.to_string()),
        }
        self.clear_selection();
    }
}
