//! The session's clock: the time control chosen in the Play tab, the clock of the game
//! on the board kept in step with its moves, the flag fall that ends it (a draw when
//! the side with time cannot mate, by [`chess4d_variants::material`]), and the share
//! of its time the computer spends on a move.
//!
//! The clock follows the game rather than being told about each change: every move,
//! takeback and tick calls [`Session::sync_clock`], which compares the moves standing
//! with the moves the clock has seen. A takeback gives no time back (as lichess); a
//! move replayed with Redo counts as a move made now.

use super::clock::{Clock, TimeControl};
use super::{Mode, Session};
use chess4d_core::Color;
use chess4d_engine::Limits;
use std::time::{Duration, Instant};

/// What the computer keeps back from its share for the answer to reach the board.
const MOVE_OVERHEAD: Duration = Duration::from_millis(150);

/// The clock of one game on the board.
#[derive(Clone, Debug)]
pub(super) struct GameClock {
    pub(super) clock: Clock,
    /// [`Session::game_tag`] of the game it times.
    pub(super) tag: u64,
}

/// Both clocks as the window shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Time left, White then Black.
    pub left: [Duration; 2],
    /// Which side's time runs.
    pub running: Option<Color>,
    /// Which sides are low on time (shown red).
    pub low: [bool; 2],
}

impl Session {
    /// The time control of the next new game (`None`: no clock).
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    /// Chooses the time control of new games; a game with no move yet takes it at once.
    pub fn set_time_control(&mut self, control: Option<TimeControl>) {
        self.time_control = control;
        if self.game.moves().is_empty() && self.game.outcome().is_none() {
            self.fresh_clock();
        }
        self.touch();
    }

    /// The game on the board gets a new clock of the chosen control (or none).
    pub(super) fn fresh_clock(&mut self) {
        self.clock = self.time_control.map(|control| GameClock {
            clock: Clock::new(control),
            tag: self.tag,
        });
    }

    /// The clock of the game on the board, if it has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock
            .as_ref()
            .filter(|c| c.tag == self.tag)
            .map(|c| &c.clock)
    }

    /// Gives the game on the board `clock` (a loaded or resumed game's).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock.map(|clock| GameClock {
            clock,
            tag: self.tag,
        });
        self.sync_clock(Instant::now());
        self.touch();
    }

    /// Both clocks at `now`, for the window.
    pub fn clock_view(&self, now: Instant) -> Option<ClockView> {
        let clock = self.clock()?;
        Some(ClockView {
            control: clock.control(),
            left: Color::ALL.map(|c| clock.left(c, now)),
            running: clock.running(),
            low: Color::ALL.map(|c| clock.low(c, now)),
        })
    }

    /// Keeps the clock in step with the game: charges a move just made, follows a
    /// takeback, runs the side to move's time while the game goes on, stops otherwise.
    pub(super) fn sync_clock(&mut self, now: Instant) {
        let on_board = self.clock.as_ref().is_some_and(|c| c.tag == self.tag);
        // Learn's board and the analysis' tried moves are not the clocked game.
        let live = on_board && self.mode != Mode::Learn && !self.analysed();
        let plies = self.game.moves().len();
        let to_move = self.game.position().side_to_move();
        let over = self.game.outcome().is_some();
        let Some(c) = self.clock.as_mut() else {
            return;
        };
        if !live {
            c.clock.stop(now);
            return;
        }
        let seen = c.clock.after_moves().len();
        if plies == seen + 1 {
            c.clock.moved(!to_move, now);
        } else if plies != seen {
            c.clock.jumped(plies, to_move, now);
        }
        if over {
            c.clock.stop(now);
        } else if plies > 0 && c.clock.running() != Some(to_move) {
            c.clock.start(to_move, now);
        }
    }

    /// Ends the game when the running side's flag has fallen at `now`; returns whether
    /// it did.
    pub(super) fn check_flag(&mut self, now: Instant) -> bool {
        self.sync_clock(now);
        let Some(side) = self.clock().and_then(|c| c.flagged(now)) else {
            return false;
        };
        let rules = self.rules().clone();
        // A fresh cache: its answers are per variant, and a flag falls once a game.
        let draw = chess4d_variants::material::cannot_mate(
            &*rules,
            self.game.position(),
            !side,
            &Default::default(),
        );
        self.opponent.cancel();
        self.game.time_out(side, draw);
        self.sync_clock(now);
        self.clear_selection();
        let words = if draw {
            format!("{side}'s time is up, but {} cannot mate: a draw.", !side)
        } else {
            format!("{side}'s time is up: {} wins.", !side)
        };
        self.notify(false, words);
        true
    }

    /// The computer's limits for its move, with the share of its clock it may spend:
    /// below full strength at most the level's own time, at full strength all of it.
    pub(super) fn clocked(&self, mut limits: Limits, now: Instant) -> Limits {
        let Some(clock) = self.clock() else {
            return limits;
        };
        let side = self.game.position().side_to_move();
        let share = chess4d_engine::allot(
            clock.left(side, now),
            clock.control().increment,
            None,
            MOVE_OVERHEAD,
        );
        let full = self.strength() == super::opponent::Strength::Level(chess4d_engine::Level::MAX);
        limits.movetime = Some(match limits.movetime {
            Some(own) if !full => own.min(share),
            _ => share,
        });
        limits
    }
}
