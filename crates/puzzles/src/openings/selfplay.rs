//! The games an opening corpus is built from: engine self-play at varied levels, each
//! side's level drawn per game and every move's noise seeded, so that the same seed
//! plays the same games. The first move of each side is drawn at random from the legal
//! ones (as the puzzle generator's games begin): the engine alone opens every game the
//! same way (on the full set, with the mate in four), and an explorer of one line shows
//! nothing. Those moves are still scored by the engine, searched as the only root move.

use chess4d_core::{Color, Game, Move, Rules, Status};
use chess4d_engine::{Level, Limits, Rng, Score, game_history, search};
use std::sync::Arc;

/// The most plies a corpus game is played to before the engine's verdict decides it.
pub const MAX_PLIES: usize = 120;
/// At the ply cap, a side ahead by this much (centipawns) is scored as the winner.
const ADJUDICATE: i32 = 150;
/// Plies drawn at random at the start of each game.
pub const RANDOM_PLIES: usize = 2;
/// Mate scores count as this much in averages, so one mate does not drown the rest.
pub const SCORE_CAP: i32 = 2000;

/// How a corpus game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// White won (or stood clearly better at the ply cap).
    WhiteWins,
    /// A draw (or a level position at the ply cap).
    Draw,
    /// Black won (or stood clearly better at the ply cap).
    BlackWins,
}

impl GameEnd {
    /// The PGN result: `1-0`, `1/2-1/2` or `0-1`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameEnd::WhiteWins => "1-0",
            GameEnd::Draw => "1/2-1/2",
            GameEnd::BlackWins => "0-1",
        }
    }

    /// The end a game's winner means (`None`: a draw).
    pub fn of_winner(winner: Option<Color>) -> GameEnd {
        match winner {
            Some(Color::White) => GameEnd::WhiteWins,
            Some(Color::Black) => GameEnd::BlackWins,
            None => GameEnd::Draw,
        }
    }
}

/// One self-play game: its moves from the variant's start, the engine's score for
/// each move when it chose it (White's view, mates capped at [`SCORE_CAP`]), and how it
/// ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusGame {
    /// The moves played.
    pub moves: Vec<Move>,
    /// The score the engine gave each move, from White's side, in centipawns.
    pub scores: Vec<i32>,
    /// The result.
    pub end: GameEnd,
}

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Seeds the levels and the noise: the same seed plays the same games.
    pub seed: u64,
    /// The weakest and strongest level a side may be given (1 to 4: depth-limited
    /// levels, deterministic on any machine).
    pub levels: (u8, u8),
}

impl SelfPlay {
    /// `games` games from `seed` at levels 2 to 4.
    pub fn new(games: usize, seed: u64) -> SelfPlay {
        SelfPlay {
            games,
            seed,
            levels: (2, 4),
        }
    }
}

/// Plays the games, calling `on_game` after each (for progress).
pub fn play_games(
    rules: &Arc<dyn Rules>,
    settings: &SelfPlay,
    on_game: &mut dyn FnMut(usize, &CorpusGame),
) -> Vec<CorpusGame> {
    let mut rng = Rng::new(settings.seed);
    let (low, high) = (settings.levels.0.max(1), settings.levels.1.max(1));
    let (low, high) = (low.min(high), high.max(low));
    let span = usize::from(high - low) + 1;
    let mut games = Vec::with_capacity(settings.games);
    for i in 0..settings.games {
        let mut level = || Level::new(low + rng.below(span) as u8).unwrap_or(Level::MIN);
        let levels = [level(), level()];
        let game = play_one(rules, levels, &mut rng);
        on_game(i + 1, &game);
        games.push(game);
    }
    games
}

/// One game, White at `levels[0]` and Black at `levels[1]`.
fn play_one(rules: &Arc<dyn Rules>, levels: [Level; 2], rng: &mut Rng) -> CorpusGame {
    let mut game = Game::new(Arc::clone(rules));
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    let mut last = 0;
    while moves.len() < MAX_PLIES {
        if let Some(outcome) = game.outcome() {
            return CorpusGame {
                moves,
                scores,
                end: GameEnd::of_winner(outcome.winner),
            };
        }
        let pos = game.position();
        if rules.status(pos) != Status::Ongoing {
            break;
        }
        let side = pos.side_to_move();
        let level = levels[side.index()];
        let mut limits = Limits {
            hash_mb: 4,
            ..Limits::depth(level.max_depth())
                .with_level(level)
                .with_seed(rng.next_u64())
                .with_history(game_history(&game))
        };
        if moves.len() < RANDOM_PLIES {
            let legal = game.legal_moves();
            if let Some(&mv) = legal.get(rng.below(legal.len().max(1))) {
                limits.root_moves = vec![mv];
            }
        }
        let Ok(found) = search(&**rules, pos, &limits) else {
            break;
        };
        last = white_view(found.score, side);
        if game.play(found.best).is_err() {
            break;
        }
        moves.push(found.best);
        scores.push(last);
    }
    // The ply cap (or a position the rules end without an outcome): the last score
    // decides.
    let end = match game.outcome() {
        Some(outcome) => GameEnd::of_winner(outcome.winner),
        None if last >= ADJUDICATE => GameEnd::WhiteWins,
        None if last <= -ADJUDICATE => GameEnd::BlackWins,
        None => GameEnd::Draw,
    };
    CorpusGame { moves, scores, end }
}

/// A score from White's side, mates capped at [`SCORE_CAP`].
fn white_view(score: Score, side: Color) -> i32 {
    let v = if score.is_mate() {
        score.value().signum() * SCORE_CAP
    } else {
        score.value().clamp(-SCORE_CAP, SCORE_CAP)
    };
    match side {
        Color::White => v,
        Color::Black => -v,
    }
}
