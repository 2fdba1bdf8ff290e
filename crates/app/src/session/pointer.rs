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

    pub(super) fn can_move_now(&self) -> bool {
        let board_is_game = match self.mode {
            Mode::Play => true,
            Mode::Explore(_) => false,
            Mode::Learn => self.learn.step == learn::TRY_IT,
            Mode::Puzzle => self.puzzle_accepts_moves(),
            Mode::Online => self.online_accepts_moves(), // online.rs
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
        self.selected_hand = None;
        self.targets = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == sq && !m.is_drop())
            .collect();
        self.touch();
    }

    /// Clears the selection and any pending choice (Escape), and a keyboard focus left
    /// on a square the position emptied (a piece moved away, a new game or position).
    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.selected_hand = None;
        self.targets.clear();
        self.choice = None;
        self.drag = None;
        if self
            .focus
            .is_some_and(|f| self.game.position().piece_at(f).is_none())
        {
            self.focus = None;
        }
        self.touch();
    }

    /// Lets go of the selected piece on a second click, and says so: a click on the
    /// piece itself is not a move.
    fn let_go(&mut self, sq: Square) {
        self.clear_selection();
        let piece = self.game.position().piece_at(sq).and_then(|p| {
            let info = self.rules().info();
            info.pieces.get(p.kind().index()).map(|k| k.name.clone())
        });
        let name = piece.unwrap_or_else(|| "piece".into());
        self.notify(
            false,
            format!(
                "The {name} on {} is put down: pick it again, or another piece.",
                self.square_name(sq)
            ),
        );
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
            self.premove_click(sq); // clock_premove.rs: on the computer's turn
            return;
        }
        if self.selected_hand.is_some() {
            return self.click_with_hand_piece(sq); // hand.rs
        }
        let selected = self.selected;
        match selected {
            Some(from) if from == sq && self.offer_in_place(sq) => {}
            Some(from) if from == sq => self.let_go(sq),
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
                hand: None,
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
        if drag.hand.is_some() {
            return self.release_hand_piece(sq, drag.was_selected); // hand.rs
        }
        match sq {
            Some(to) if to != drag.from => {
                if !self.try_move(drag.from, to) {
                    self.touch();
                }
            }
            // Pressing and releasing on a selected piece is a click on it: deselect.
            Some(sq) if drag.was_selected => self.let_go(sq),
            _ => self.touch(),
        }
    }

    /// Moves the keyboard focus. Tab and Shift+Tab step through what can be played:
    /// the pieces of the side to move that have a legal move, or, with a piece picked,
    /// that piece's destinations. Arrows and Alt+arrows walk squares (starting on a1 of
    /// the first board).
    pub fn navigate(&mut self, nav: Nav) {
        let shape = self.rules().info().shape;
        if matches!(nav, Nav::Next | Nav::Prev) {
            // Tab reaches the pieces in hand too, after the board's (hand.rs).
            match self.next_stop(nav == Nav::Next) {
                Some(keyboard::Stop::Square(sq)) => self.focus_square(sq),
                Some(keyboard::Stop::Hand(kind)) => self.focus_hand_piece(kind),
                None if self.focus.is_none() && self.focus_hand.is_none() => {
                    self.focus_square(Square(0))
                }
                None => {}
            }
            return self.touch();
        }
        let holes = self.rules().board_look().holes;
        self.focus = Some(match self.focus {
            None => Square(0),
            // Over holes, as a piece would: to the next square that exists, or stay.
            Some(f) => {
                let mut to = keyboard::step(&shape, f, nav);
                while holes.contains(&to) {
                    let next = keyboard::step(&shape, to, nav);
                    if next == to {
                        break;
                    }
                    to = next;
                }
                if holes.contains(&to) { f } else { to }
            }
        });
        self.focus_hand = None;
        self.touch();
    }

    /// The squares Tab steps through, in board order: the picked piece's destinations,
    /// else the movable pieces of the side to move (none when it is not a person's
    /// turn on a game board).
    pub fn tab_stops(&self) -> Vec<Square> {
        let mut stops: Vec<Square> = if self.selected.is_some() || self.selected_hand.is_some() {
            self.targets.iter().map(|m| m.to).collect()
        } else if self.can_move_now() {
            // A drop starts in the hand, not on its square: hand.rs lists those stops.
            self.game
                .legal_moves()
                .iter()
                .filter(|m| !m.is_drop())
                .map(|m| m.from)
                .collect()
        } else {
            Vec::new()
        };
        stops.sort_unstable_by_key(|s| s.0);
        stops.dedup();
        stops
    }

    /// Enter or Space: a click on the focused square.
    pub fn activate(&mut self) {
        if let Some(kind) = self.focus_hand {
            return self.activate_hand_piece(kind); // hand.rs
        }
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
            .filter(|m| m.from == from && m.to == to && !m.is_drop())
            .collect();
        self.offer(moves)
    }

    /// Plays the one move of `moves`, opens a choice between several, or says no.
    pub(super) fn offer(&mut self, moves: Vec<Move>) -> bool {
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

    /// A second click on the selected piece offers the moves that start and end on its
    /// square (sittuyin's pawn promoting where it stands), always as a choice, so that
    /// the click still lets go of the piece where there are none. Whether one was
    /// offered.
    fn offer_in_place(&mut self, sq: Square) -> bool {
        let moves: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == sq && m.to == sq && !m.is_drop())
            .collect();
        if moves.is_empty() {
            return false;
        }
        self.choice = Some(self.choice_of(moves));
        self.touch();
        true
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
        if self.mode == Mode::Puzzle {
            return self.play_in_puzzle(mv); // puzzle.rs judges it
        }
        if self.mode == Mode::Online {
            return self.play_online(mv); // online.rs: the server decides
        }
        match self.game.play(mv) {
            Ok(()) => {
                self.sync_clock(std::time::Instant::now());
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

#[cfg(test)]
mod tests {
    use super::super::{Player, Session};
    use crate::session::keyboard::Nav;
    use chess4d_core::{Color, Square};
    use chess4d_variants::Catalog;

    fn name(s: &Session, sq: Option<Square>) -> String {
        sq.map(|q| s.square_name(q)).unwrap_or_default()
    }

    #[test]
    fn tab_steps_through_movable_pieces_then_the_picked_pieces_destinations() {
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_player(Color::Black, Player::Human);
        let movable = s.tab_stops();
        assert!(!movable.is_empty());
        // Every stop holds a piece of the side to move that can move.
        for &q in &movable {
            assert!(s.game().legal_moves().iter().any(|m| m.from == q));
        }
        s.navigate(Nav::Next);
        assert_eq!(s.focus(), movable.first().copied());
        s.navigate(Nav::Next);
        assert_eq!(s.focus(), movable.get(1).copied());
        s.navigate(Nav::Prev);
        s.navigate(Nav::Prev);
        assert_eq!(s.focus(), movable.last().copied(), "Shift+Tab wraps round");
        // Pick the pawn on b2[0,0]: Tab now walks its destinations only.
        let b2 = s.rules().info().shape.parse_square("b2[0,0]").unwrap();
        while s.focus() != Some(b2) {
            s.navigate(Nav::Next);
        }
        s.activate();
        assert_eq!(s.selected(), Some(b2));
        let targets: Vec<Square> = s.targets().iter().map(|m| m.to).collect();
        s.navigate(Nav::Next);
        let first = s.focus();
        assert!(
            first.is_some_and(|f| targets.contains(&f)),
            "{}",
            name(&s, first)
        );
        s.activate();
        assert_eq!(s.game().moves().len(), 1, "Enter on a destination plays it");
        // Black's turn: the stops are Black's pieces now.
        s.navigate(Nav::Next);
        let black = s.focus().and_then(|f| s.game().position().piece_at(f));
        assert!(black.is_some_and(|p| p.color() == Color::Black));
    }

    #[test]
    fn tab_has_nothing_to_visit_while_the_computer_moves() {
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_player(Color::White, Player::Computer);
        assert!(s.tab_stops().is_empty());
    }
}
