//! The analysis mode: the engine (ours or an external one) thinks on the position on
//! the board until stopped, keeping its best lines (MultiPV, 1 to 5); it follows the
//! board, starting afresh whenever the position changes, and a line can be played
//! through on the boards one move at a time.

use super::engines::Worker;
use super::opponent::{Key, search_threads};
use super::{Player, Session};
use chess4d_core::{Color, Move};
use chess4d_engine::{Limits, Score, SearchInfo, game_history};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The lines shown unless the player asks for another number.
pub const DEFAULT_LINES: usize = 3;
/// The most lines.
pub const MAX_LINES: usize = 5;
/// The pause between the moves of a line played through.
pub const PLAYBACK_STEP: Duration = Duration::from_millis(700);
/// The moves of a line the preview draws.
pub const PREVIEW_MOVES: usize = 3;
/// The most moves of a line played through.
pub const PLAYBACK_MOVES: usize = 8;

/// The analysis mode's state.
#[derive(Debug)]
pub struct Analysis {
    on: bool,
    lines: usize,
    running: Option<Run>,
    /// The latest line of each rank (index 0: the best), about `about`.
    found: Vec<SearchInfo>,
    about: Option<Key>,
    /// Moves of a line still to play, and when the next one is due.
    playback: Vec<Move>,
    next_at: Option<Instant>,
    error: Option<String>,
    /// The line under the pointer, previewed as arrows on the boards.
    preview: Option<usize>,
    /// Turned on since the window last asked (it then shows the lines).
    started: bool,
    /// Who played each side before the analysis made both people: they come back when
    /// it ends, so a game against the computer goes on as it was.
    players_before: Option<[Player; 2]>,
    /// [`Session::game_tag`] of the last game the analysis looked at: that board is for
    /// trying moves, and its result is never the archive's.
    analysed_tag: Option<u64>,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis {
            on: false,
            lines: DEFAULT_LINES,
            running: None,
            found: Vec::new(),
            about: None,
            playback: Vec::new(),
            next_at: None,
            error: None,
            preview: None,
            started: false,
            players_before: None,
            analysed_tag: None,
        }
    }
}

#[derive(Debug)]
struct Run {
    worker: Worker,
    infos: Receiver<SearchInfo>,
    key: Key,
}

impl Session {
    /// Whether the analysis mode is on.
    pub fn analysing(&self) -> bool {
        self.analysis.on
    }

    /// How many lines the analysis shows.
    pub fn analysis_line_count(&self) -> usize {
        self.analysis.lines
    }

    /// Turns the analysis mode on (a person then plays both sides: the board is for
    /// trying moves) or off (who played each side before comes back, and says so).
    pub fn set_analysis(&mut self, on: bool) {
        if on && self.online_playing() {
            // online.rs: an engine beside one's own game is help the opponent lacks.
            return self.notify(
                true,
                "No analysis during your own online game: it opens once the game is over.",
            );
        }
        let was = self.analysis.on;
        self.analysis.on = on;
        self.analysis.started = on;
        if on {
            if !was {
                self.analysis.players_before = Some(self.players);
            }
            self.analysis.analysed_tag = Some(self.tag);
            for c in Color::ALL {
                self.set_player_keeping_analysis(c, Player::Human);
            }
        } else {
            self.analysis.running = None;
            self.analysis.playback.clear();
            if let Some(players) = self.analysis.players_before.take()
                && players != self.players
            {
                self.players = players;
                let words = match players {
                    [Player::Human, Player::Computer] => "you play White, the computer Black",
                    [Player::Computer, Player::Human] => "you play Black, the computer White",
                    [Player::Computer, Player::Computer] => "the computer plays both sides",
                    [Player::Human, Player::Human] => "two players",
                };
                self.notify(false, format!("Analysis off: {words} again."));
            }
        }
        self.analysis.found.clear();
        self.analysis.about = None;
        self.analysis.error = None;
        self.touch();
    }

    /// Whether the game on the board was analysed (the analysis is on, or was on for
    /// this game): its moves were tried, not played, and the archive keeps none of it.
    pub fn analysed(&self) -> bool {
        self.analysis.on || self.analysis.analysed_tag == Some(self.tag)
    }

    /// Why the analysis has no lines and will find none: the game on the board is over.
    pub fn analysis_idle_reason(&self) -> Option<String> {
        let outcome = self.game.outcome()?;
        Some(format!("Nothing to analyse: {outcome}."))
    }

    /// A person chose who plays a side while the analysis runs: that choice stays when
    /// the analysis ends.
    pub(super) fn forget_analysis_players(&mut self) {
        self.analysis.players_before = None;
    }

    /// Leaves the analysis and starts a game from `fen` with the players from before
    /// the analysis ("Play from here"); false when the position is refused.
    pub fn play_from_here(&mut self, fen: &str) -> bool {
        if self.rules().parse_position(fen).is_err() {
            // Refused: new_game_from_fen says why, and the analysis stays.
            return self.new_game_from_fen(fen);
        }
        if self.analysis.on {
            self.set_analysis(false);
        }
        self.new_game_from_fen(fen)
    }

    /// Forgets the lines and any error: the next tick searches afresh.
    pub(super) fn restart_analysis(&mut self) {
        self.analysis.running = None;
        self.analysis.found.clear();
        self.analysis.about = None;
        self.analysis.error = None;
        self.touch();
    }

    /// Whether the analysis was turned on since the last call (the window then shows
    /// its tab).
    pub fn take_analysis_started(&mut self) -> bool {
        std::mem::take(&mut self.analysis.started)
    }

    /// Sets the number of lines (1 to [`MAX_LINES`]); the search starts again.
    pub fn set_analysis_lines(&mut self, n: usize) {
        let n = n.clamp(1, MAX_LINES);
        if n != self.analysis.lines {
            self.analysis.lines = n;
            self.restart_analysis();
        }
    }

    /// The lines found for the position on the board, best first.
    pub fn analysis_lines(&self) -> &[SearchInfo] {
        if self.analysis.about == Some(Key::of(&self.game)) {
            &self.analysis.found
        } else {
            &[]
        }
    }

    /// Why the analysis stopped, when its engine failed.
    pub fn analysis_error(&self) -> Option<&str> {
        self.analysis.error.as_deref()
    }

    /// Whether a line is being played through.
    pub fn playing_line(&self) -> bool {
        !self.analysis.playback.is_empty()
    }

    /// The best line's score from White's side (for the evaluation bar).
    pub fn white_score(&self) -> Option<Score> {
        let best = self.analysis_lines().first()?;
        Some(match self.game.position().side_to_move() {
            Color::White => best.score,
            Color::Black => Score(-best.score.0),
        })
    }

    /// Plays line `i` (best first) through on the boards, one move every
    /// [`PLAYBACK_STEP`]; Undo walks back.
    pub fn play_line(&mut self, i: usize) {
        if let Some(line) = self.analysis_lines().get(i) {
            self.analysis.playback = line.pv.iter().take(PLAYBACK_MOVES).copied().collect();
            self.analysis.next_at = Some(Instant::now());
            self.touch();
        }
    }

    /// Previews line `i` (best first) as arrows on the boards, or none.
    pub fn set_line_preview(&mut self, i: Option<usize>) {
        if self.analysis.preview != i {
            self.analysis.preview = i;
            self.touch();
        }
    }

    /// The marks the analysis board adds to the game's picture: the threats tools'
    /// and the previewed line's first moves as arrows.
    pub fn board_marks(
        &self,
        highlights: &mut Vec<(chess4d_core::Square, chess4d_render::Highlight)>,
        arrows: &mut Vec<chess4d_render::Arrow>,
    ) {
        self.threat_marks(highlights, arrows);
        let Some(line) = self
            .analysis
            .preview
            .and_then(|i| self.analysis_lines().get(i))
        else {
            return;
        };
        let rules = self.rules().clone();
        let mut pos = self.game().position().clone();
        for (k, &m) in line.pv.iter().take(PREVIEW_MOVES).enumerate() {
            // The side to move's moves in the hint's blue, the replies in yellow.
            let kind = if k % 2 == 0 {
                chess4d_render::ArrowKind::Hint
            } else {
                chess4d_render::ArrowKind::LastMove
            };
            let path = rules.move_path(&pos, m);
            arrows.push(chess4d_render::Arrow::along(
                path.iter().map(|s| s.0).collect(),
                kind,
            ));
            rules.make_move(&mut pos, m);
        }
    }

    /// Collects the engine's lines, starts a search on a changed position, plays the
    /// next move of a line; returns whether anything visible changed.
    pub fn analysis_tick(&mut self, now: Instant) -> bool {
        let mut changed = self.playback_step(now);
        if !self.analysis.on {
            return changed;
        }
        let key = Key::of(&self.game);
        if let Some(run) = &mut self.analysis.running {
            if run.key != key {
                self.analysis.running = None;
            } else {
                while let Ok(info) = run.infos.try_recv() {
                    let k = (info.multipv.max(1) as usize - 1).min(MAX_LINES - 1);
                    if self.analysis.found.len() <= k {
                        self.analysis.found.resize(k + 1, info.clone());
                    }
                    self.analysis.found[k] = info;
                    self.analysis.about = Some(key);
                    changed = true;
                }
                if run.worker.is_finished()
                    && let Some(run) = self.analysis.running.take()
                    && let Err(e) = run.worker.wait()
                    && !matches!(e, chess4d_engine::SearchError::NoLegalMoves(_))
                {
                    self.analysis.error = Some(e.to_string());
                    changed = true;
                }
            }
        }
        let idle = self.analysis.running.is_none() && self.analysis.about != Some(key);
        if idle && self.game.outcome().is_none() && self.analysis.error.is_none() {
            self.start_analysis(key);
            changed = true;
        }
        if changed {
            self.touch();
        }
        changed
    }

    fn start_analysis(&mut self, key: Key) {
        let limits = Limits {
            multipv: self.analysis.lines,
            ..Limits::default()
        }
        .with_history(game_history(&self.game))
        .with_threads(search_threads());
        let (tx, rx) = channel();
        let worker = Worker::start(self.opponent.engine(), &self.game, limits, move |i| {
            let _ = tx.send(i.clone());
        });
        self.analysis.found.clear();
        self.analysis.about = None;
        self.analysis.running = Some(Run {
            worker,
            infos: rx,
            key,
        });
    }

    fn playback_step(&mut self, now: Instant) -> bool {
        let due = self.analysis.next_at.is_some_and(|t| now >= t);
        if !due || self.analysis.playback.is_empty() {
            return false;
        }
        let mv = self.analysis.playback.remove(0);
        if self.game.legal_moves().contains(&mv) {
            self.play(mv);
            self.analysis.next_at = Some(now + PLAYBACK_STEP);
        } else {
            // The board moved on under the line: stop playing it.
            self.analysis.playback.clear();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use chess4d_variants::Catalog;
    use std::time::{Duration, Instant};

    fn wait_for_lines(s: &mut Session, n: usize) {
        let end = Instant::now() + Duration::from_secs(20);
        while s.analysis_lines().len() < n || s.analysis_lines()[0].depth < 3 {
            assert!(Instant::now() < end, "no {n} lines in time");
            s.analysis_tick(Instant::now());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn analysis_keeps_three_lines_follows_the_board_and_plays_a_line() {
        let mut s = Session::new(Catalog::embedded(), "orthodox").unwrap();
        s.set_analysis(true);
        assert!(s.take_analysis_started());
        assert!(!s.take_analysis_started(), "said once");
        assert_eq!(
            s.player(chess4d_core::Color::Black),
            crate::session::Player::Human
        );
        wait_for_lines(&mut s, 3);
        let firsts: Vec<_> = s.analysis_lines().iter().map(|l| l.pv[0]).collect();
        assert_eq!(firsts.len(), 3);
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert!(s.white_score().is_some());
        // A move on the board: the old lines go, new ones come for the new position.
        let e4 = s.rules().parse_move(s.game().position(), "e2e4").unwrap();
        s.play(e4);
        assert!(s.analysis_lines().is_empty());
        wait_for_lines(&mut s, 3);
        let best = s.analysis_lines()[0].pv.clone();
        assert!(s.game().legal_moves().contains(&best[0]));
        // Hovering a line previews its first moves as arrows.
        s.set_line_preview(Some(0));
        let scene = s.scene(chess4d_render::View::Both, Default::default());
        let first = scene
            .arrows
            .iter()
            .find(|a| a.kind == chess4d_render::ArrowKind::Hint)
            .expect("the line's first move drawn");
        assert_eq!((first.from(), first.to()), (best[0].from.0, best[0].to.0));
        s.set_line_preview(None);
        // Playing the best line through puts its first move on the board.
        let plies = s.game().moves().len();
        s.play_line(0);
        s.analysis_tick(Instant::now());
        assert_eq!(s.game().moves().len(), plies + 1);
        assert_eq!(s.game().last_move(), Some(best[0]));
        s.set_analysis_lines(1);
        wait_for_lines(&mut s, 1);
        s.set_analysis(false);
        assert!(!s.analysing());
    }

    #[test]
    fn after_the_analysis_play_from_here_brings_the_computer_back() {
        use crate::session::Player;
        use chess4d_core::Color;
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        s.set_level(chess4d_engine::Level::new(1).unwrap());
        s.set_analysis(true);
        assert_eq!(s.player(Color::Black), Player::Human);
        // "Play from here" on the start: the analysis ends, the computer plays Black.
        let fen = s.rules().format_position(s.game().position());
        assert!(s.play_from_here(&fen));
        assert!(!s.analysing());
        assert!(!s.analysed(), "a new game, not the analysed board");
        assert_eq!(s.player(Color::White), Player::Human);
        assert_eq!(s.player(Color::Black), Player::Computer);
        let said = s.last_notice().expect("said").text.clone();
        assert!(said.contains("the computer Black"), "{said}");
        let mv = s
            .rules()
            .parse_move(s.game().position(), "b2[0,0]b3[0,0]")
            .unwrap();
        s.play(mv);
        s.tick(Instant::now());
        assert!(s.finish_search(), "the computer answers");
        assert_eq!(s.game().moves().len(), 2);
        // A refused position keeps the analysis and the board.
        s.set_analysis(true);
        assert!(!s.play_from_here("nonsense"));
        assert!(s.analysing());
        // Who plays is chosen during the analysis: that choice stays.
        s.set_player(Color::Black, Player::Human);
        s.set_analysis(false);
        assert_eq!(s.player(Color::Black), Player::Human);
    }

    #[test]
    fn an_analysed_board_that_reaches_mate_is_not_stored_and_says_why_it_is_idle() {
        use crate::ratings::Ratings;
        use crate::session::scorebook::Scorebook;
        let mut book = Scorebook::new(Ratings::in_memory().unwrap());
        let mut s = Session::new(Catalog::embedded(), "full").unwrap();
        book.update(&mut s);
        // The queen on c4[0,0] mates on a4[0,0] (the rook guards the a-file).
        assert!(s.new_game_from_fen("2Q1/4/4/R3|4/4/4/3K|k3/4/4/4|4/4/4/4 w - - 0 1"));
        s.set_analysis(true);
        book.update(&mut s);
        let mate = s
            .rules()
            .parse_move(s.game().position(), "c4[0,0]a4[0,0]")
            .unwrap();
        s.play(mate);
        assert!(s.game().outcome().is_some());
        assert!(s.analysis_idle_reason().unwrap().contains("checkmate"));
        assert!(
            !s.analysis_tick(Instant::now()),
            "no search on a mated position"
        );
        book.update(&mut s);
        assert!(book.ratings().recent_games(None, 10).unwrap().is_empty());
        // Still not once the analysis is off: the board was analysed.
        s.set_analysis(false);
        book.update(&mut s);
        assert!(book.ratings().recent_games(None, 10).unwrap().is_empty());
        // A new game is the archive's again.
        s.new_game("full");
        assert!(!s.analysed());
    }
}
