//! `chess4d view` (and `chess4d` with no verb): opens the viewer window.

use super::{CliError, CliResult};
use chess4d::gui::{OnlineStart, ViewerOptions, run};
use chess4d::online::SignIn;
use chess4d::session::Player;

/// Who plays a side, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// A person at this screen.
    Human,
    /// The computer.
    Computer,
}

impl From<Side> for Player {
    fn from(s: Side) -> Player {
        match s {
            Side::Human => Player::Human,
            Side::Computer => Player::Computer,
        }
    }
}

/// Options of the viewer.
#[derive(Clone, Debug, clap::Args)]
pub struct ViewArgs {
    /// A catalog name (full, classic, orthodox, raumschach, ...) or a .toml file.
    #[arg(long, default_value = "full")]
    pub variant: String,
    /// Who plays White.
    #[arg(long, value_enum, default_value = "human")]
    pub white: Side,
    /// Who plays Black.
    #[arg(long, value_enum, default_value = "computer")]
    pub black: Side,
    /// The computer's strength, 1 (beginner) to 8 (full strength).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: u8,
    /// Window size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800", value_parser = super::render::parse_size)]
    pub window_size: (u32, u32),
    /// Print each square's centre on the flat boards (window pixels), then `ready`:
    /// for scripts that click on the board.
    #[arg(long)]
    pub print_squares: bool,
    /// The folder holding archive.sqlite3, the games and ratings (default:
    /// $CHESS4D_DATA_DIR, else the platform's data folder).
    #[arg(skip)]
    pub data_dir: Option<std::path::PathBuf>,
    /// Start in the analysis mode: the engine's best lines on the position, until
    /// stopped, with an evaluation bar (a person plays both sides).
    #[arg(long)]
    pub analyse: bool,
    /// An external UCI engine (for example /usr/games/stockfish or
    /// /usr/games/fairy-stockfish) for the computer's moves, hints and the analysis.
    #[arg(long)]
    pub engine: Option<std::path::PathBuf>,
    /// Open on the Puzzles tab with this shipped puzzle (an id of `chess4d puzzles
    /// list`, such as full-0001).
    #[arg(long)]
    pub puzzle: Option<String>,
    /// Connect to a chess4d server (HOST:PORT, as `chess4d serve` prints it) and open
    /// the Online tab; with --guest, --user or a session kept from an earlier run.
    #[arg(long)]
    pub server: Option<String>,
    /// With --server: play as a guest (casual games).
    #[arg(long, requires = "server", conflicts_with = "user")]
    pub guest: bool,
    /// With --server: sign in as this account (a session kept in the data folder from
    /// an earlier run is used first, so games in progress come back).
    #[arg(long, requires_all = ["server", "password"])]
    pub user: Option<String>,
    /// The account's password (with --user).
    #[arg(long, requires = "user")]
    pub password: Option<String>,
    /// With --user: create the account first.
    #[arg(long, requires = "user")]
    pub sign_up: bool,
}

impl Default for ViewArgs {
    fn default() -> Self {
        ViewArgs {
            variant: chess4d_variants::DEFAULT_VARIANT.into(),
            white: Side::Human,
            black: Side::Computer,
            level: 3,
            window_size: (1280, 800),
            print_squares: false,
            data_dir: None,
            analyse: false,
            engine: None,
            puzzle: None,
            server: None,
            guest: false,
            user: None,
            password: None,
            sign_up: false,
        }
    }
}

/// How to start online, from the flags (none without --server).
fn online_start(a: &ViewArgs) -> Option<OnlineStart> {
    let server = a.server.clone()?;
    let password = a.password.clone().unwrap_or_default();
    let sign_in = match &a.user {
        Some(name) if a.sign_up => SignIn::SignUp {
            name: name.clone(),
            password,
        },
        Some(name) => SignIn::Login {
            name: name.clone(),
            password,
        },
        None => SignIn::Guest,
    };
    Some(OnlineStart {
        server,
        name: a.user.clone(),
        sign_in,
    })
}

/// Opens the window; returns when it closes.
pub fn view_verb(a: &ViewArgs) -> CliResult {
    run(ViewerOptions {
        variant: a.variant.clone(),
        white: a.white.into(),
        black: a.black.into(),
        level: a.level,
        window_size: [a.window_size.0, a.window_size.1],
        print_squares: a.print_squares,
        data_dir: a.data_dir.clone(),
        trust_plugin: super::common().trust_plugin,
        analyse: a.analyse,
        engine: a.engine.clone(),
        puzzle: a.puzzle.clone(),
        online: online_start(a),
    })
    .map_err(CliError)
}
