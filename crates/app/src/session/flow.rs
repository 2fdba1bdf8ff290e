//! The flow of a game over time: new games, undo and redo, the computer's turns, hints,
//! draw offers and resignations, the Learn steps, and the status line.

use super::learn::{self, Learn};
use super::opponent::{Answer, Job, Key, limits_at};
use super::{Mode, Notice, Player, Session, Stash};
use chess4d_core::{Color, Game, Move, Outcome, Position, Rules, Square};
use std::time::Instant;

impl Session {
    /// A new game of `variant` (a catalog name); the current game is kept on failure.
    pub fn new_game(&mut self, variant: &str) -> bool {
        if matches!(self.mode, Mode::Learn | Mode::Puzzle | Mode::Online) && self.stash.is_some() {
            // Leave "try it" (or a puzzle) first, so the stashed game is not restored over the new one.
            self.set_mode(Mode::Play);
        }
        let left = self.leaving();
        let done = self.replace_game(variant);
        if done {
            self.replaced(left);
        }
        done
    }

    /// Puts `game` on the board (an adjourned game resumed from the archive), with who
    /// plays each side; the game in progress is left (see [`Session::take_left_games`]).
    pub fn load_game(&mut self, game: Game, white: Player, black: Player) {
        if matches!(self.mode, Mode::Learn | Mode::Puzzle | Mode::Online) {
            self.set_mode(Mode::Play);
        }
        let left = self.leaving();
        self.opponent.cancel();
        self.variant = game.rules().info().name.clone();
        self.game = game;
        self.players = [white, black];
        // Chosen for this game: the analysis, if on, does not bring older ones back.
        self.forget_analysis_players();
        self.hint = None;
        self.focus = None;
        self.replaced(left);
        self.clear_selection();
    }

    fn replace_game(&mut self, variant: &str) -> bool {
        match self.catalog.get(variant) {
            Ok(rules) => {
                self.opponent.cancel();
                self.variant = rules.info().name.clone();
                self.game = Game::new(rules);
                self.hint = None;
                self.focus = None;
                self.explore_at = None;
                if let Mode::Explore(k) = self.mode
                    && k.index() >= self.rules().info().pieces.len()
                {
                    self.mode = Mode::Play;
                }
                self.clear_selection();
                true
            }
            Err(e) => {
                // A plugin not trusted yet is a question for the person, not a failure.
                if !self.ask_trust(variant, &e) {
                    self.notify(true, format!("cannot start {variant}: {e}"));
                }
                false
            }
        }
    }

    /// A new game of the current variant from a position string; the current game is
    /// kept when the string is refused.
    pub fn new_game_from_fen(&mut self, fen: &str) -> bool {
        match self.rules().parse_position(fen) {
            Ok(pos) => {
                self.opponent.cancel();
                let left = self.leaving();
                self.game = Game::from_position(self.rules().clone(), pos);
                self.replaced(left);
                self.hint = None;
                self.clear_selection();
                true
            }
            Err(e) => {
                self.notify(true, format!("position refused: {e}"));
                false
            }
        }
    }

    /// Takes back the last move; against the computer, back to the player's own turn.
    pub fn undo(&mut self) {
        // A puzzle takes its own moves back; an online game asks the server (online.rs).
        if matches!(self.mode, Mode::Puzzle | Mode::Online) {
            return; // puzzle.rs takes its own moves back
        }
        self.opponent.cancel();
        self.cancel_premove();
        if self.game.undo().is_some() {
            while self.computer_to_move() && self.game.undo().is_some() {}
        }
        self.sync_clock(Instant::now());
        self.clear_selection();
    }

    /// Replays a move taken back.
    pub fn redo(&mut self) {
        if matches!(self.mode, Mode::Puzzle | Mode::Online) {
            return;
        }
        self.opponent.cancel();
        self.game.redo();
        self.sync_clock(Instant::now());
        self.clear_selection();
    }

    /// Goes back (or forward, through moves taken back) to the position after `ply`
    /// moves. The computer waits while there are moves to replay.
    pub fn go_to_ply(&mut self, ply: usize) {
        self.opponent.cancel();
        while self.game.moves().len() > ply && self.game.undo().is_some() {}
        while self.game.moves().len() < ply && self.game.redo().is_some() {}
        self.sync_clock(Instant::now());
        self.clear_selection();
    }

    /// Whether moves taken back can be replayed (the computer waits meanwhile).
    pub fn reviewing(&self) -> bool {
        self.game.can_redo()
    }

    /// Lets the computer play from the position shown, dropping the moves after it.
    pub fn resume(&mut self) {
        if self.computer_to_move() && self.opponent.thinking().is_none() {
            let limits = limits_at(Job::Move, self.strength(), &self.game);
            let limits = self.clocked(limits, Instant::now());
            self.opponent.start(Job::Move, &self.game, limits);
            self.touch();
        }
    }

    /// The player to move resigns (the human side when playing the computer). Before
    /// any person's move the game is aborted instead, as lichess does: a fresh board,
    /// nothing recorded, no rating moved.
    pub fn resign(&mut self) {
        if self.resign_aborts() {
            return self.abort();
        }
        let side = self.human_side();
        self.opponent.cancel();
        self.game.resign(side);
        self.clear_selection();
    }

    /// Whether Resign would abort the game: it goes on, and no person has moved in it
    /// yet (at most the computer's first move was played).
    pub fn resign_aborts(&self) -> bool {
        let mut side = self.game.start_position().side_to_move();
        let mut someone_moved = false;
        for _ in 0..self.game.moves().len() {
            someone_moved |= self.player(side) == Player::Human;
            side = !side;
        }
        self.game.outcome().is_none() && !someone_moved
    }

    /// Drops the game on the board for a fresh one from the same start, keeping
    /// nothing of it (no archive entry, no adjourned game).
    fn abort(&mut self) {
        self.opponent.cancel();
        let start = self.game.start_position().clone();
        self.game = Game::from_position(self.rules().clone(), start);
        self.hint = None;
        self.replaced(None);
        self.clear_selection();
        self.notify(
            false,
            "Game aborted before your first move: nothing is recorded, no rating moves.",
        );
    }

    /// The side a person plays: the side to move when both are people, else the
    /// human side.
    fn human_side(&self) -> Color {
        let stm = self.game.position().side_to_move();
        match (self.player(Color::White), self.player(Color::Black)) {
            (Player::Human, Player::Computer) => Color::White,
            (Player::Computer, Player::Human) => Color::Black,
            _ => stm,
        }
    }

    /// Offers a draw: people at one screen agree at once; the computer thinks and
    /// accepts when it stands about level or worse.
    pub fn offer_draw(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        let computer = Color::ALL
            .into_iter()
            .any(|c| self.player(c) == Player::Computer);
        if !computer {
            self.game.agree_draw();
            self.clear_selection();
            return;
        }
        if self.computer_to_move() {
            self.notify(true, "offer a draw on your own turn");
            return;
        }
        let limits = limits_at(Job::DrawOffer, self.strength(), &self.game);
        self.opponent.start(Job::DrawOffer, &self.game, limits);
        self.touch();
    }

    /// Asks the computer for the best move here; it is shown as an arrow.
    pub fn request_hint(&mut self) {
        if self.mode == Mode::Puzzle {
            return self.puzzle_hint(); // the piece, then the square
        }
        if self.game.outcome().is_some() || self.computer_to_move() {
            return;
        }
        if self.online_forbids_help() {
            return self.notify(true, "No hints in a rated online game, as on lichess.");
        }
        let limits = limits_at(Job::Hint, self.strength(), &self.game);
        self.opponent.start(Job::Hint, &self.game, limits);
        self.touch();
    }

    /// Tells a running search to answer now.
    pub fn move_now(&mut self) {
        self.opponent.move_now();
    }

    /// Advances time: collects the computer's answers, starts its turn, and looks for
    /// saved variant files. Call every frame; returns whether anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let before = self.generation;
        self.puzzle_tick(now); // puzzle.rs: replies, refutations
        if let Some(answer) = self.opponent.poll() {
            self.take_answer(answer);
        } else if self.opponent.take_news() {
            // A new progress line changes the thinking display.
            self.touch();
        }
        // After the answer: a move that arrived in time is played before the flag looks.
        self.check_flag(now);
        if self.opponent.thinking().is_none()
            && self.computer_to_move()
            && self.board_is_game()
            && !self.reviewing()
        {
            let limits = limits_at(Job::Move, self.strength(), &self.game);
            let limits = self.clocked(limits, now);
            self.opponent.start(Job::Move, &self.game, limits);
            self.touch();
        }
        let changed = self
            .watcher
            .as_mut()
            .map(|w| w.poll(now))
            .unwrap_or_default();
        for path in changed {
            self.reload(&path);
        }
        self.generation != before
    }

    /// Whether the board shows the game (so the computer may play on it).
    fn board_is_game(&self) -> bool {
        match self.mode {
            Mode::Play => true,
            Mode::Explore(_) => true,
            Mode::Learn => self.learn.step == learn::TRY_IT,
            Mode::Puzzle => false, // the replies come from the solution
            Mode::Online => false, // the replies come from the server
        }
    }

    /// Waits for the running search (tests): returns whether one finished.
    #[cfg(test)]
    pub(crate) fn finish_search(&mut self) -> bool {
        match self.opponent.wait(std::time::Duration::from_secs(60)) {
            Some(a) => {
                self.take_answer(a);
                true
            }
            None => false,
        }
    }

    fn take_answer(&mut self, answer: Answer) {
        self.touch();
        if answer.key != Key::of(&self.game) {
            return;
        }
        let result = match answer.result {
            Ok(r) => r,
            Err(e) => {
                if answer.job != Job::Move || self.game.outcome().is_none() {
                    self.notify(true, format!("the computer could not search: {e}"));
                }
                return;
            }
        };
        match answer.job {
            Job::Move => {
                if self.computer_to_move() {
                    // Say what the computer did, so nobody has to find it on the board.
                    let before = self.game.position().clone();
                    let words = move_words(&**self.rules(), &before, result.best);
                    self.play(result.best);
                    if self.game.last_move() == Some(result.best) {
                        self.notify(false, format!("{}: {words}", before.side_to_move()));
                    }
                    self.play_premove(); // clock_premove.rs
                }
            }
            Job::Hint => self.hint = Some((answer.key, result.best)),
            Job::DrawOffer => {
                let stm = self.game.position().side_to_move();
                let computer = if self.player(stm) == Player::Computer {
                    stm
                } else {
                    !stm
                };
                let for_computer = if stm == computer {
                    result.score.value()
                } else {
                    -result.score.value()
                };
                if for_computer <= 50 {
                    self.game.agree_draw();
                    self.notify(false, "The computer accepts the draw.");
                } else {
                    self.notify(
                        false,
                        "The computer declines the draw: it likes its position.",
                    );
                }
            }
        }
    }

    // ---- Learn -----------------------------------------------------------------------

    /// Goes to Learn step `step` (the last one starts the "try it" game).
    pub fn learn_step(&mut self, step: usize) {
        let step = step.min(learn::TRY_IT);
        if self.learn.guide.is_some() {
            // A step leaves the guided game.
            self.restore_stash();
        }
        let was_try = self.learn.step == learn::TRY_IT;
        self.learn.step = step;
        if self.mode == Mode::Learn {
            if step == learn::TRY_IT && !was_try {
                self.start_try_it();
            } else if step != learn::TRY_IT && was_try {
                self.restore_stash();
            }
        }
        self.clear_selection();
    }

    /// Shows piece kind `i` in Learn's reach step.
    pub fn learn_piece(&mut self, i: usize) {
        self.learn.piece = i;
        self.touch();
    }

    /// Keeps the game in progress aside while Learn borrows the board ("try it", the
    /// guided game); [`Session::restore_stash`] gives it back.
    pub(super) fn stash_game(&mut self) {
        if self.stash.is_none() {
            self.opponent.cancel();
            self.stash = Some(Stash {
                variant: self.variant.clone(),
                game: self.game.clone(),
                players: self.players,
                tag: self.tag,
            });
            // Learn's board is a game of its own, never the archive's.
            self.tag = self.tag.wrapping_add(1);
        }
    }

    pub(super) fn start_try_it(&mut self) {
        self.learn.guide = None;
        self.stash_game();
        self.learn.done = false;
        // A sandbox: nobody answers the player's move, and no earlier message shows.
        self.players = [Player::Human, Player::Human];
        self.notices.clear();
        if !self.replace_game("full") {
            self.restore_stash();
        }
    }

    pub(super) fn restore_stash(&mut self) {
        self.learn.guide = None;
        if let Some(s) = self.stash.take() {
            // "Try it"'s messages leave with its board.
            self.notices.clear();
            self.opponent.cancel();
            self.variant = s.variant;
            self.game = s.game;
            self.players = s.players;
            self.tag = s.tag;
            self.hint = None;
            self.clear_selection();
        }
    }

    /// Leaves Learn back at its start (after finishing it).
    pub fn restart_learn(&mut self) {
        self.restore_stash();
        self.learn = Learn::new();
        self.touch();
    }

    // ---- words -----------------------------------------------------------------------

    /// Whose move it is, or how the game ended, with check and the thinking computer,
    /// and the rules' fault when their answer failed the host's checks.
    pub fn status_line(&self) -> String {
        let mut s = self.play_words();
        if let Some(f) = self.game.fault() {
            s.push_str(" — rules fault: ");
            s.push_str(f);
        }
        s
    }

    fn play_words(&self) -> String {
        if let Some(end) = self.online_board().and_then(|o| o.end.clone()) {
            return end; // online.rs: the server's end (resignation, time, agreement)
        }
        if let Some(o) = self.game.outcome() {
            return outcome_words(o);
        }
        let side = self.game.position().side_to_move();
        let mut s = format!("{side} to move");
        if self.game.in_check() {
            s.push_str(" — check!");
        }
        // A puzzle's replies come from its solution, not from a thinking computer.
        if self.computer_to_move() && !matches!(self.mode, Mode::Puzzle | Mode::Online) {
            s.push_str(if self.opponent.thinking().is_none() && self.reviewing() {
                " (the computer waits: Redo replays, Continue lets it play)"
            } else {
                " (the computer is thinking)"
            });
        }
        s
    }

    /// The window title.
    pub fn title(&self) -> String {
        format!(
            "chess4d — {} — {}",
            self.rules().info().title,
            self.status_line()
        )
    }

    /// The last message, if any.
    pub fn last_notice(&self) -> Option<&Notice> {
        self.notices.last()
    }

    /// The last move in words with who played it ("Black: knight takes `a1[1,0]`,
    /// check"), if a move was played.
    pub fn last_move_words(&self) -> Option<String> {
        let mv = self.game.last_move()?;
        let before = super::scene::position_before_last(&self.game)?;
        let words = move_words(&**self.rules(), &before, mv);
        Some(format!("{}: {words}", before.side_to_move()))
    }

    /// The hint in words ("Hint: knight `b1[0,0]` to `c3[0,0]`"), while one is shown.
    pub fn hint_words(&self) -> Option<String> {
        let mv = self.hint()?;
        let pos = self.game.position();
        let rules = self.rules();
        let info = rules.info();
        let mut words = match mv.dropped().and_then(|k| info.pieces.get(k.index())) {
            Some(k) => format!(
                "Hint: drop a {} on {}",
                k.name,
                info.shape.square_name(mv.to)
            ),
            None => format!(
                "Hint: {} {} to {}",
                piece_name(info, pos, mv.from),
                info.shape.square_name(mv.from),
                info.shape.square_name(mv.to)
            ),
        };
        let said = move_words(&**rules, pos, mv);
        if let Some((_, tail)) = said.split_once(", ") {
            words.push_str(", ");
            words.push_str(tail);
        }
        Some(words)
    }
}

/// The name of the piece on `sq` ("piece" where there is none).
fn piece_name(info: &chess4d_core::VariantInfo, pos: &Position, sq: Square) -> String {
    pos.piece_at(sq)
        .and_then(|p| info.pieces.get(p.kind().index()))
        .map_or_else(|| "piece".to_string(), |p| p.name.clone())
}

/// A move in words for people: "knight takes a1[1,0], check", "pawn to b3[0,0]",
/// "pawn to a4[0,0], becomes a queen, checkmate".
pub fn move_words(rules: &dyn Rules, before: &Position, mv: Move) -> String {
    let info = rules.info();
    let shape = &info.shape;
    let mut words = if let Some(k) = mv.dropped().and_then(|k| info.pieces.get(k.index())) {
        // A piece from the hand: "pawn dropped on d6".
        format!("{} dropped on {}", k.name, shape.square_name(mv.to))
    } else {
        let mover = piece_name(info, before, mv.from);
        let takes = mv.capture.is_some() || before.piece_at(mv.to).is_some();
        let verb = if takes { "takes" } else { "to" };
        format!("{mover} {verb} {}", shape.square_name(mv.to))
    };
    if let Some(k) = mv
        .promotion
        .filter(|_| !mv.is_drop())
        .and_then(|k| info.pieces.get(k.index()))
    {
        words.push_str(&format!(", becomes a {}", k.name));
    }
    if let Some((from, to)) = mv.second {
        let other = piece_name(info, before, from);
        words.push_str(&format!(
            ", and the {other} {} to {}",
            shape.square_name(from),
            shape.square_name(to)
        ));
    }
    let mut after = before.clone();
    rules.make_move(&mut after, mv);
    if rules.status(&after) == chess4d_core::Status::Checkmate {
        words.push_str(", checkmate");
    } else if rules.in_check(&after) {
        words.push_str(", check");
    }
    words
}

fn outcome_words(o: Outcome) -> String {
    let mut s = o.to_string();
    if let Some(first) = s.get(0..1) {
        s = first.to_uppercase() + &s[1..];
    }
    format!("{s} ({})", o.result_string())
}

#[cfg(test)]
mod tests {
    use super::super::{Player, Session};
    use super::move_words;
    use chess4d_core::Color;
    use chess4d_variants::Catalog;

    #[test]
    fn moves_are_said_in_words_with_captures_and_checks() {
        let rules = Catalog::embedded().get("full").unwrap();
        // Black's knight on a3[1,1] leaps to a1[1,0], takes the rook there and then
        // attacks the white king on b3[1,0].
        let pos = rules
            .parse_position("4/4/4/4|4/1K2/P3/R3|3k/4/4/4|4/n3/4/4 b - - 0 1")
            .unwrap();
        let mv = rules
            .parse_move(&pos, "a3[1,1]a1[1,0]")
            .expect("the knight can take the rook");
        assert_eq!(move_words(&*rules, &pos, mv), "knight takes a1[1,0], check");
        let start = rules.start_position();
        let push = rules.parse_move(&start, "b2[0,0]b3[0,0]").unwrap();
        assert_eq!(move_words(&*rules, &start, push), "pawn to b3[0,0]");
    }

    #[test]
    fn the_computers_move_is_announced_and_the_last_move_is_said() {
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_level(chess4d_engine::Level::new(1).unwrap());
        let rules = s.rules().clone();
        let mv = rules
            .parse_move(s.game().position(), "b2[0,0]b3[0,0]")
            .unwrap();
        s.play(mv);
        assert_eq!(
            s.last_move_words().as_deref(),
            Some("White: pawn to b3[0,0]")
        );
        s.tick(std::time::Instant::now());
        assert!(s.finish_search(), "the computer answers");
        assert_eq!(s.game().moves().len(), 2);
        let said = s.last_notice().expect("an announcement").text.clone();
        assert!(said.starts_with("Black: "), "{said}");
        assert_eq!(Some(said), s.last_move_words());
        assert_eq!(s.player(Color::Black), Player::Computer);
    }
}
