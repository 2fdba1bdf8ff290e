//! Verbs that play: `bestmove` asks the engine for one move, `selfplay` plays whole
//! games between levels (or a random mover) and counts the results.

use super::rules::load;
use super::{CliError, CliResult};
use chess4d_core::{Color, Game, Move, Position, Rules};
use chess4d_engine::{Level, Limits, Rng, SearchError, SearchInfo, search, search_with};
use std::io::Write;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Plies after which a self-play game is stopped and counted as a draw, so that a
/// shuffling pair of weak players cannot run forever (the 100-ply rule and repetition
/// normally end such games long before).
pub const PLY_CAP: usize = 400;

/// The level that plays an engine side's opening moves in `selfplay`: two plies with
/// noise, so that games differ without giving pieces away.
const OPENING_LEVEL: u8 = 2;

/// Who plays a side in `selfplay`: an engine level or uniformly random legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Picks any legal move, each equally likely.
    Random,
    /// The engine at this level.
    Engine(Level),
}

/// A player name that is neither a level nor `random`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player '{}': give a level 1 to 8 or 'random'", self.0)
    }
}

impl std::error::Error for PlayerError {}

impl FromStr for Player {
    type Err = PlayerError;
    fn from_str(s: &str) -> Result<Player, PlayerError> {
        if s.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        s.parse::<Level>()
            .map(Player::Engine)
            .map_err(|_| PlayerError(s.to_string()))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Engine(l) => write!(f, "level {l}"),
        }
    }
}

/// A line of moves, each formatted in the position it is played from: UCI's form on
/// 2D boards (`e1g1`, en passant as the pawn's move), coordinate notation beyond.
fn format_line(rules: &dyn Rules, pos: &Position, line: &[Move]) -> String {
    super::uci::uci_line(rules, pos, line, false)
}

fn info_line(rules: &dyn Rules, pos: &Position, info: &SearchInfo) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        format_line(rules, pos, &info.pv)
    )
}

/// `chess4d bestmove`: info lines while searching, then `bestmove MOVE` as the last line
/// (`bestmove (none)` when the side to move has no legal move).
pub fn bestmove_verb(
    variant: &str,
    fen: Option<&str>,
    depth: Option<u32>,
    movetime: Option<u64>,
    level: u8,
) -> CliResult {
    let (rules, pos) = load(variant, fen)?;
    let level = Level::new(level)?;
    if depth.is_none() && movetime.is_none() {
        return Err(CliError("give --depth N or --movetime MS".into()));
    }
    if depth == Some(0) || movetime == Some(0) {
        return Err(CliError("--depth and --movetime must be at least 1".into()));
    }
    let limits = Limits {
        depth,
        movetime: movetime.map(Duration::from_millis),
        level,
        ..Limits::default()
    };
    let mut out = std::io::stdout().lock();
    let mut write_err = None;
    let mut last_pv = Vec::new();
    let result = search_with(&*rules, &pos, &limits, &AtomicBool::new(false), &mut |i| {
        last_pv.clone_from(&i.pv);
        if let Err(e) = writeln!(out, "{}", info_line(&*rules, &pos, i)) {
            write_err.get_or_insert(e);
        }
    });
    if let Some(e) = write_err {
        return Err(e.into());
    }
    match result {
        Ok(r) => {
            // An unfinished last iteration may have found a better move than the last
            // report: report its line too, so the info and the bestmove agree.
            if r.pv != last_pv {
                let info = SearchInfo {
                    depth: r.depth,
                    seldepth: r.depth,
                    multipv: 1,
                    score: r.score,
                    nodes: r.nodes,
                    time: r.time,
                    hashfull: 0,
                    pv: r.pv.clone(),
                };
                writeln!(out, "{}", info_line(&*rules, &pos, &info))?;
            }
            writeln!(
                out,
                "bestmove {}",
                super::uci::uci_move(&*rules, &pos, r.best, false)
            )?;
        }
        Err(SearchError::NoLegalMoves(_)) => {
            let words = rules.describe_status(&pos);
            writeln!(out, "info string no legal moves: {words}")?;
            writeln!(out, "bestmove (none)")?;
        }
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// Settings of `chess4d selfplay`.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Catalog name or file.
    pub variant: String,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// Number of games.
    pub games: u32,
    /// Time per engine move.
    pub movetime: Duration,
    /// Seeds the random openings, the random mover and the levels' noise.
    pub seed: u64,
    /// Plies at the start of each game that engine sides play at level 2 (a noisy
    /// two-ply search) so that games differ.
    pub opening_plies: u32,
}

/// How one game ended.
struct GameEnd {
    winner: Option<Color>,
    why: String,
    plies: usize,
}

/// `chess4d selfplay`: one line per game, then White's `W-D-L` alone on the last line.
pub fn selfplay_verb(cfg: &SelfPlay) -> CliResult {
    if cfg.games == 0 {
        return Err(CliError("--games must be at least 1".into()));
    }
    let (rules, _) = load(&cfg.variant, None)?;
    let mut out = std::io::stdout().lock();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for g in 0..cfg.games {
        let seed = cfg.seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64);
        let end = play_game(&rules, cfg, seed)?;
        let result = match end.winner {
            Some(Color::White) => {
                wins += 1;
                "1-0"
            }
            Some(Color::Black) => {
                losses += 1;
                "0-1"
            }
            None => {
                draws += 1;
                "1/2-1/2"
            }
        };
        writeln!(
            out,
            "game {}: {result} {} ({} plies; White {}, Black {})",
            g + 1,
            end.why,
            end.plies,
            cfg.white,
            cfg.black
        )?;
        out.flush()?;
    }
    writeln!(out, "{wins}-{draws}-{losses}")?;
    Ok(())
}

fn play_game(
    rules: &std::sync::Arc<dyn Rules>,
    cfg: &SelfPlay,
    seed: u64,
) -> Result<GameEnd, CliError> {
    let mut game = Game::new(rules.clone());
    let mut rng = Rng::new(seed);
    let mut history: Vec<u64> = Vec::new();
    loop {
        if let Some(o) = game.outcome() {
            return Ok(GameEnd {
                winner: o.winner,
                why: o.to_string(),
                plies: history.len(),
            });
        }
        if history.len() >= PLY_CAP {
            return Ok(GameEnd {
                winner: None,
                why: format!("draw by the self-play cap of {PLY_CAP} plies"),
                plies: history.len(),
            });
        }
        let side = game.position().side_to_move();
        let player = if side == Color::White {
            cfg.white
        } else {
            cfg.black
        };
        let legal = game.legal_moves();
        if legal.is_empty() {
            return Err(CliError("the game has no legal move but no result".into()));
        }
        let opening = history.len() < cfg.opening_plies as usize;
        let mv = match player {
            Player::Random => legal[rng.below(legal.len())],
            Player::Engine(level) => {
                // Opening moves come from a noisy two-ply search: varied, but not the
                // outright blunders a uniformly random move so often is in a game this
                // tactical.
                let level = if opening {
                    Level::new(OPENING_LEVEL).unwrap_or(Level::MIN)
                } else {
                    level
                };
                let limits = Limits {
                    movetime: Some(cfg.movetime),
                    level,
                    seed: rng.next_u64(),
                    history: history.clone(),
                    ..Limits::default()
                };
                search(&**rules, game.position(), &limits)?.best
            }
        };
        history.push(game.position().hash());
        game.play(mv)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn players_parse_levels_and_random_only() {
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert_eq!(
            "3".parse::<Player>(),
            Ok(Player::Engine(Level::new(3).expect("valid")))
        );
        assert!("0".parse::<Player>().is_err());
        assert!("9".parse::<Player>().is_err());
        assert!("strong".parse::<Player>().is_err());
    }

    #[test]
    fn random_games_end_by_the_rules_or_the_cap() {
        let rules = Catalog::embedded().resolve("classic").expect("built in");
        let cfg = SelfPlay {
            variant: "classic".into(),
            white: Player::Random,
            black: Player::Random,
            games: 1,
            movetime: Duration::from_millis(1),
            seed: 3,
            opening_plies: 2,
        };
        for seed in 0..5 {
            let end = play_game(&rules, &cfg, seed).expect("a game");
            assert!(end.plies <= PLY_CAP);
            assert!(!end.why.is_empty());
        }
    }

    #[test]
    fn the_engine_beats_a_random_mover() {
        let rules = Catalog::embedded().resolve("full").expect("built in");
        let cfg = SelfPlay {
            variant: "full".into(),
            white: Player::Engine(Level::MAX),
            black: Player::Random,
            games: 1,
            movetime: Duration::from_millis(30),
            seed: 1,
            opening_plies: 2,
        };
        let end = play_game(&rules, &cfg, 7).expect("a game");
        assert_eq!(end.winner, Some(Color::White), "{}", end.why);
    }

    #[test]
    fn lines_are_written_move_by_move() {
        let rules = Catalog::embedded().resolve("full").expect("built in");
        let pos = rules.start_position();
        let r = search(&*rules, &pos, &Limits::depth(2)).expect("moves");
        let text = format_line(&*rules, &pos, &r.pv);
        assert_eq!(text.split(' ').count(), r.pv.len());
        assert!(text.starts_with(&rules.format_move(&pos, r.best)));
    }
}
