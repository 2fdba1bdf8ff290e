//! The viewer's model with no window: the game, who plays which side, what the player
//! has picked, what the keyboard focuses, the Learn walk-through, the piece explorer
//! and the puzzle trainer (puzzle.rs). The window only turns pointer and key events
//! into calls here and draws [`Session::scene`]; everything here is unit-tested.

pub mod analysis;
pub mod attackers;
pub mod clock;
mod clock_flow;
mod clock_premove;
#[cfg(test)]
mod clock_tests;
pub mod editor;
pub mod engines;
mod files;
mod flow;
pub mod guided;
pub mod hand;
#[cfg(test)]
mod hand_tests;
pub mod keyboard;
pub mod learn;
mod notation;
pub mod online;
pub mod online_link;
pub mod opponent;
pub mod picture;
pub mod piece_images;
mod pointer;
pub mod puzzle;
pub mod puzzle_archive;
#[cfg(test)]
mod puzzle_tests;
mod puzzle_words;
pub mod save;
mod scene;
pub mod scorebook;
#[cfg(test)]
mod scorebook_tests;
#[cfg(test)]
mod tests;
mod trust;
pub mod uci_client;
pub mod watch;

use chess4d_core::{Color, Game, Move, PieceKind, Rules, Square};
use chess4d_engine::Level;
use chess4d_variants::Catalog;
pub use clock_flow::ClockView;
use learn::Learn;
use opponent::{Job, Key, Opponent};
pub use scene::tinted_regions;
use std::sync::Arc;
pub use trust::TrustRequest;
use watch::Watcher;

/// The path a variant argument names, when it names a file rather than a catalog entry.
pub fn variant_file(spec: &str) -> Option<&std::path::Path> {
    (spec.ends_with(".toml") || spec.contains('/') || spec.contains(std::path::MAIN_SEPARATOR))
        .then(|| std::path::Path::new(spec))
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this screen.
    Human,
    /// The computer.
    Computer,
}

/// What the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The game.
    Play,
    /// One piece alone on `b2[0,0]` with its reach lit.
    Explore(PieceKind),
    /// The Learn walk-through.
    Learn,
    /// The puzzle trainer's board (puzzle.rs).
    Puzzle,
    /// A server's game (online.rs): moves go to the server, the board follows it.
    Online,
}

/// A choice between legal moves that share from and to (a promotion, or two moves that
/// differ in what else they do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The candidate moves.
    pub moves: Vec<Move>,
    /// What to show for each: the piece name for a promotion, else the notation.
    pub labels: Vec<String>,
    /// Whether the moves differ only in the promoted piece.
    pub promotion: bool,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Whether something went wrong.
    pub error: bool,
    /// The text.
    pub text: String,
    /// When it was posted: the notice area lets it go after a while.
    pub posted: std::time::Instant,
}

/// A drag in progress: the piece's square (or the kind taken from the hand) and
/// whether it was already selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drag {
    from: Square,
    was_selected: bool,
    /// The kind picked up from the hand of the side to move (then `from` means nothing).
    hand: Option<PieceKind>,
}

/// A game stashed while Learn's "try it" borrows the board.
#[derive(Clone, Debug)]
struct Stash {
    variant: String,
    game: Game,
    players: [Player; 2],
    tag: u64,
}

/// A game in progress, with moves, that the player left for another one (a new game,
/// a loaded or resumed one): the archive adjourns it so it can be resumed later.
#[derive(Clone, Debug)]
pub struct LeftGame {
    /// The game as it was left.
    pub game: Game,
    /// Who played White and Black.
    pub players: [Player; 2],
    /// The computer's level then.
    pub level: Level,
    /// [`Session::game_tag`] of that game.
    pub tag: u64,
    /// Its clock, stopped, when it had one.
    pub clock: Option<clock::Clock>,
}

/// The viewer's state.
#[derive(Debug)]
pub struct Session {
    catalog: Catalog,
    variant: String,
    game: Game,
    players: [Player; 2],
    level: Level,
    /// The gentle opponent instead of the level (opponent.rs's [`opponent::Strength`]).
    gentle: bool,
    selected: Option<Square>,
    /// The kind picked in the hand of the side to move, to be dropped (hand.rs).
    selected_hand: Option<PieceKind>,
    targets: Vec<Move>,
    focus: Option<Square>,
    /// The keyboard focus on a kind in the hand of the side to move (instead of a square).
    focus_hand: Option<PieceKind>,
    /// The piece in hand under the pointer (hand.rs).
    hover_hand: Option<(Color, PieceKind)>,
    hover: Option<Square>,
    drag: Option<Drag>,
    choice: Option<Choice>,
    hint: Option<(Key, Move)>,
    opponent: Opponent,
    notices: Vec<Notice>,
    mode: Mode,
    explore_at: Option<Square>,
    learn: Learn,
    stash: Option<Stash>,
    watcher: Option<Watcher>,
    /// Which game is on the board: changes when another game replaces it (not on moves
    /// or a variant reload), so the archive knows when its bookkeeping starts afresh.
    tag: u64,
    /// Games in progress the player left, oldest first, until the archive takes them.
    left: Vec<LeftGame>,
    /// Bumped whenever the position, selection or marks change (for redraw decisions).
    generation: u64,
    /// A rule plugin waiting for the person's trust.
    trust_request: Option<TrustRequest>,
    /// The analysis mode: the engine's lines on the position on the board.
    analysis: analysis::Analysis,
    /// Attackers and defenders of a square, and the control overlay.
    threats: attackers::Threats,
    /// The game's moves in SAN, written once each.
    san: chess4d_core::SanHistory,
    /// The puzzle trainer (puzzle.rs).
    puzzles: puzzle::Puzzles,
    /// The time control of new games (`None`: no clock).
    time_control: Option<clock::TimeControl>,
    /// The clock of the game on the board (clock_flow.rs).
    clock: Option<clock_flow::GameClock>,
    /// A move entered on the computer's turn in a clocked game (clock_premove.rs).
    premove: clock_premove::Premove,
    /// The online game on the board (online.rs).
    online: online::OnlineBoard,
    /// The pictures of the pieces drawn, as last resolved (piece_images.rs).
    looks: piece_images::LooksCache,
}

impl Session {
    /// A session on `variant` of `catalog` (a catalog name, or a variant file, which
    /// joins the catalog): White is the player, Black the computer.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d::session::Session;
    /// let s = Session::new(chess4d_variants::Catalog::embedded(), "classic").unwrap();
    /// assert_eq!(s.status_line(), "White to move");
    /// assert!(Session::new(chess4d_variants::Catalog::embedded(), "nope").is_err());
    /// ```
    pub fn new(mut catalog: Catalog, variant: &str) -> Result<Session, String> {
        let rules = match variant_file(variant) {
            Some(path) => {
                let entry = catalog.add_file(path).clone();
                if let Some(e) = entry.error() {
                    return Err(e.to_string());
                }
                catalog.get(&entry.name).map_err(|e| e.to_string())?
            }
            None => catalog.resolve(variant).map_err(|e| e.to_string())?,
        };
        let name = rules.info().name.clone();
        Ok(Session {
            catalog,
            variant: name,
            game: Game::new(rules),
            players: [Player::Human, Player::Computer],
            level: Level::new(3).unwrap_or(Level::MIN),
            gentle: false,
            selected: None,
            selected_hand: None,
            targets: Vec::new(),
            focus: None,
            focus_hand: None,
            hover_hand: None,
            hover: None,
            drag: None,
            choice: None,
            hint: None,
            opponent: Opponent::default(),
            notices: Vec::new(),
            mode: Mode::Play,
            explore_at: None,
            learn: Learn::new(),
            stash: None,
            watcher: None,
            tag: 0,
            left: Vec::new(),
            generation: 0,
            trust_request: None,
            analysis: analysis::Analysis::default(),
            threats: attackers::Threats::default(),
            san: chess4d_core::SanHistory::default(),
            puzzles: puzzle::Puzzles::default(),
            time_control: None,
            clock: None,
            premove: clock_premove::Premove::default(),
            online: online::OnlineBoard::default(),
            looks: Default::default(),
        })
    }

    /// Starts watching the catalog's folders for saved variant files.
    pub fn watch(&mut self, dirs: Vec<std::path::PathBuf>) {
        self.watcher = Some(Watcher::new(dirs));
    }

    // ---- reading -------------------------------------------------------------------

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules of the game in progress.
    pub fn rules(&self) -> &Arc<dyn Rules> {
        self.game.rules()
    }

    /// Catalog name of the variant played.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color.index()]
    }

    /// The computer's level (the gentle opponent's is 2).
    pub fn level(&self) -> Level {
        self.strength().level()
    }

    /// How the computer plays: gently or at its level.
    pub fn strength(&self) -> opponent::Strength {
        if self.gentle {
            opponent::Strength::Gentle
        } else {
            opponent::Strength::Level(self.level)
        }
    }

    /// The level the slider shows (kept while the gentle opponent plays).
    pub fn chosen_level(&self) -> Level {
        self.level
    }

    /// The selected square.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The legal moves of the selected piece.
    pub fn targets(&self) -> &[Move] {
        &self.targets
    }

    /// The keyboard focus.
    pub fn focus(&self) -> Option<Square> {
        self.focus
    }

    /// The square under the pointer.
    pub fn hover(&self) -> Option<Square> {
        self.hover
    }

    /// The square a piece is being dragged from.
    pub fn dragging(&self) -> Option<Square> {
        self.drag.filter(|d| d.hand.is_none()).map(|d| d.from)
    }

    /// The pending choice between moves.
    pub fn choice(&self) -> Option<&Choice> {
        self.choice.as_ref()
    }

    /// The hint for the current position.
    pub fn hint(&self) -> Option<Move> {
        self.hint
            .filter(|(k, _)| *k == Key::of(&self.game) && self.game.outcome().is_none())
            .map(|(_, m)| m)
    }

    /// The search in progress, if any.
    pub fn thinking(&self) -> Option<&opponent::Thinking> {
        self.opponent.thinking()
    }

    /// Messages for the player, oldest first.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// What the board shows.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The Learn walk-through's state.
    pub fn learn(&self) -> &Learn {
        &self.learn
    }

    /// Which game is on the board: a new value whenever another game replaces it (a new
    /// game, a loaded or resumed one), the same after moves, undo or a variant reload.
    pub fn game_tag(&self) -> u64 {
        self.tag
    }

    /// The games in progress the player left since the last call, oldest first.
    pub fn take_left_games(&mut self) -> Vec<LeftGame> {
        std::mem::take(&mut self.left)
    }

    /// The game on the board as a [`LeftGame`], when it is in progress with moves.
    fn leaving(&self) -> Option<LeftGame> {
        let in_progress = self.game.outcome().is_none() && self.game.notation().next().is_some();
        (in_progress && !self.analysed()).then(|| LeftGame {
            game: self.game.clone(),
            players: self.players,
            level: self.level(),
            tag: self.tag,
            clock: self.clock().cloned(),
        })
    }

    /// Another game replaces the one on the board; `left` is the one left, if any.
    fn replaced(&mut self, left: Option<LeftGame>) {
        self.left.extend(left);
        self.tag = self.tag.wrapping_add(1);
        self.fresh_clock();
        self.premove = clock_premove::Premove::default();
    }

    /// A counter that changes whenever something visible changes.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The name of a square.
    pub fn square_name(&self, sq: Square) -> String {
        self.rules().info().shape.square_name(sq)
    }

    /// The hovered square's name; with a piece selected, also the coordinates that
    /// change on the way there ("`b3[0,1]` · y+1 w+1"), the page's way to judge a move.
    pub fn hover_text(&self) -> Option<String> {
        let h = self.hover?;
        let mut text = self.square_name(h);
        let shape = self.rules().info().shape;
        if let Some(from) = self.selected.filter(|&f| f != h && self.mode == Mode::Play) {
            let (a, b) = (shape.coords(from), shape.coords(h));
            let changes: Vec<String> = (0..shape.axes())
                .filter(|&i| a[i] != b[i])
                .map(|i| {
                    let axis = chess4d_core::Axis::ALL[i].letter().to_ascii_lowercase();
                    format!("{axis}{:+}", b[i] as i16 - a[i] as i16)
                })
                .collect();
            text = format!("{text} · {}", changes.join(" "));
        }
        Some(text)
    }

    /// Whether the side to move is played by the computer (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && self.player(self.game.position().side_to_move()) == Player::Computer
    }

    // ---- messages ------------------------------------------------------------------

    fn notify(&mut self, error: bool, text: impl Into<String>) {
        self.notices.push(Notice {
            error,
            text: text.into(),
            posted: std::time::Instant::now(),
        });
        if self.notices.len() > 8 {
            self.notices.remove(0);
        }
        self.touch();
    }

    /// The messages still worth showing at `now`, newest last: news for 12 seconds,
    /// errors for 30 (the area clears itself).
    pub fn fresh_notices(&self, now: std::time::Instant) -> Vec<Notice> {
        self.notices
            .iter()
            .filter(|n| {
                let keep = if n.error { 30 } else { 12 };
                now.duration_since(n.posted) < std::time::Duration::from_secs(keep)
            })
            .cloned()
            .collect()
    }

    /// Forgets the messages.
    pub fn clear_notices(&mut self) {
        self.notices.clear();
        self.touch();
    }

    fn touch(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    // ---- settings ------------------------------------------------------------------

    /// Sets who plays `color` (stops a search for a side that is now human); chosen
    /// during the analysis, it stays when the analysis ends.
    pub fn set_player(&mut self, color: Color, player: Player) {
        self.forget_analysis_players();
        self.set_player_keeping_analysis(color, player);
    }

    fn set_player_keeping_analysis(&mut self, color: Color, player: Player) {
        self.players[color.index()] = player;
        if player == Player::Human
            && self.thinking().is_some_and(|t| t.job == Job::Move)
            && self.game.position().side_to_move() == color
        {
            self.opponent.cancel();
        }
        self.touch();
    }

    /// Sets the computer's level (and ends the gentle opponent).
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
        self.gentle = false;
        self.touch();
    }

    /// Lets the gentle opponent play (or the level again).
    pub fn set_gentle(&mut self, gentle: bool) {
        self.gentle = gentle;
        self.touch();
    }

    /// Shows the game, a piece's reach, or the Learn walk-through.
    pub fn set_mode(&mut self, mode: Mode) {
        if matches!(self.mode, Mode::Learn | Mode::Puzzle | Mode::Online) && mode != self.mode {
            self.puzzles.board = None;
            self.restore_stash();
        }
        if !matches!((self.mode, mode), (Mode::Explore(_), Mode::Explore(_))) {
            self.explore_at = None;
        }
        self.mode = mode;
        if mode == Mode::Learn && self.learn.step == learn::TRY_IT {
            self.start_try_it();
        }
        self.clear_selection();
    }
}
