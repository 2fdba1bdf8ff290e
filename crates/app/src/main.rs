//! chess4d: chess on boards of up to four axes.
//!
//! With no arguments it opens the viewer on the full 4D set; the verbs below are the
//! stable command line other tools and tests call.

mod cli;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chess4d",
    version,
    about = "Chess on boards of up to four axes"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no verb: the folder holding archive.sqlite3, the games and ratings
    /// (default: $CHESS4D_DATA_DIR, else the platform's data folder).
    #[arg(long)]
    data_dir: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf positions of the move tree (perft).
    Perft {
        /// A catalog name (full, classic, orthodox, ...) or a path to a .toml file.
        #[arg(long, default_value = "full")]
        variant: String,
        /// The position (FEN extended to four axes); the start position if absent.
        #[arg(long)]
        fen: Option<String>,
        /// Plies to search.
        #[arg(long)]
        depth: u32,
        /// One `MOVE: COUNT` line per legal move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move, one per line, in coordinate notation.
    Moves {
        /// A catalog name or a path to a .toml file.
        #[arg(long, default_value = "full")]
        variant: String,
        /// The position; the start position if absent.
        #[arg(long)]
        fen: Option<String>,
    },
    /// List the variant catalog: name, board, title, source.
    Variants,
    /// Check a variant file and summarise it.
    Check {
        /// The .toml file.
        file: PathBuf,
    },
    /// Open the viewer (what `chess4d` with no verb does), with start options.
    View(cli::view::ViewArgs),
    /// Draw a position off-screen into a PNG file (no window).
    Render(cli::render::RenderArgs),
    /// Ask the engine for a move: info lines, then `bestmove MOVE` as the last line.
    Bestmove {
        /// A catalog name or a path to a .toml file.
        #[arg(long, default_value = "full")]
        variant: String,
        /// The position; the start position if absent.
        #[arg(long)]
        fen: Option<String>,
        /// Plies to search.
        #[arg(long, required_unless_present = "movetime")]
        depth: Option<u32>,
        /// Milliseconds to search.
        #[arg(long)]
        movetime: Option<u64>,
        /// Strength, 1 (beginner) to 8 (full strength).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
        level: u8,
    },
    /// Speak the UCI protocol on stdin and stdout (for GUIs, match runners, analysis).
    Uci,
    /// Play games between engine levels (or `random`); White's W-D-L is the last line.
    Selfplay {
        /// A catalog name or a path to a .toml file.
        #[arg(long, default_value = "full")]
        variant: String,
        /// White: a level 1-8 or `random`.
        #[arg(long)]
        white: cli::engine::Player,
        /// Black: a level 1-8 or `random`.
        #[arg(long)]
        black: cli::engine::Player,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Milliseconds per engine move.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Seed for openings, the random mover and the levels' noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies at the start of each game that engine sides play at level 2 (noisy), so
        /// that games differ.
        #[arg(long, default_value_t = 2)]
        opening_plies: u32,
    },
    /// Write archived games as PGN-like game text (oldest first).
    Export {
        /// The folder holding archive.sqlite3 (default: $CHESS4D_DATA_DIR, else the
        /// platform's data folder).
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// Only this player's games.
        #[arg(long)]
        player: Option<String>,
        /// Only games of this variant.
        #[arg(long)]
        variant: Option<String>,
        /// The file to write (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check every move of a game-text file against the rules and store its games.
    Import {
        /// The game-text file.
        file: PathBuf,
        /// The folder holding archive.sqlite3.
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
    /// List the player profiles with their rating in each variant.
    Players {
        /// The folder holding archive.sqlite3.
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let result = match args.command {
        None => cli::view::view_verb(&cli::view::ViewArgs {
            data_dir: args.data_dir,
            ..cli::view::ViewArgs::default()
        }),
        Some(Command::View(mut a)) => {
            // `chess4d --data-dir D view` means the same as `chess4d view --data-dir D`.
            a.data_dir = a.data_dir.or(args.data_dir);
            cli::view::view_verb(&a)
        }
        Some(Command::Render(a)) => cli::render::render_verb(&a),
        Some(Command::Perft {
            variant,
            fen,
            depth,
            divide,
        }) => cli::rules::perft_verb(&variant, fen.as_deref(), depth, divide),
        Some(Command::Moves { variant, fen }) => cli::rules::moves_verb(&variant, fen.as_deref()),
        Some(Command::Variants) => cli::rules::variants_verb(),
        Some(Command::Check { file }) => cli::rules::check_verb(&file),
        Some(Command::Bestmove {
            variant,
            fen,
            depth,
            movetime,
            level,
        }) => cli::engine::bestmove_verb(&variant, fen.as_deref(), depth, movetime, level),
        Some(Command::Uci) => cli::uci::uci_verb(),
        Some(Command::Selfplay {
            variant,
            white,
            black,
            games,
            movetime,
            seed,
            opening_plies,
        }) => cli::engine::selfplay_verb(&cli::engine::SelfPlay {
            variant,
            white,
            black,
            games,
            movetime: std::time::Duration::from_millis(movetime),
            seed,
            opening_plies,
        }),
        Some(Command::Export {
            data_dir,
            player,
            variant,
            out,
        }) => cli::archive::export_verb(
            data_dir.as_deref(),
            player.as_deref(),
            variant.as_deref(),
            out.as_deref(),
        ),
        Some(Command::Import { file, data_dir }) => {
            cli::archive::import_verb(&file, data_dir.as_deref())
        }
        Some(Command::Players { data_dir }) => cli::archive::players_verb(data_dir.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess4d: {e}");
            ExitCode::FAILURE
        }
    }
}
