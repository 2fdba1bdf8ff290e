//! `chess4d serve`: the game server for friends (crates/server), on this machine's
//! catalog and data folder.

use super::{CliError, CliResult};
use std::net::SocketAddr;

/// The options of `chess4d serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Where to listen (`0.0.0.0:8080` for other machines; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Store in PostgreSQL (`postgres://user:password@host:port/database`) instead of
    /// `server.sqlite3` in the data folder; several servers may share one database.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Milliseconds a player may stay disconnected before the opponent may claim.
    #[arg(long, default_value_t = 30_000)]
    pub claim_after_ms: u64,
    /// Open WebSockets allowed per address.
    #[arg(long, default_value_t = 64)]
    pub max_sockets_per_address: usize,
    /// Sign-ins and guest sessions allowed per address and minute.
    #[arg(long, default_value_t = 30)]
    pub sessions_per_minute: u32,
    /// Frames a socket may have waiting to be written before it is closed (a client
    /// that does not read; it reconnects and gets its games again).
    #[arg(long, default_value_t = chess4d_server::outbox::OUTBOX_FRAMES)]
    pub outbox_frames: usize,
    /// Stop when standard input closes: the viewer's "start a local server" passes a
    /// pipe, so the server ends with the viewer however it ends (even killed).
    #[arg(long, hide = true)]
    pub stop_with_stdin: bool,
}

/// Runs the server until it is stopped; the database is `server.sqlite3` in the data
/// folder unless `--database` names a PostgreSQL one.
pub fn serve_verb(args: &ServeArgs) -> CliResult {
    if args.stop_with_stdin {
        stop_with_stdin();
    }
    let data_dir = super::data_dir().ok_or_else(|| {
        CliError("no data folder: give --data-dir or set CHESS4D_DATA_DIR".into())
    })?;
    let config = chess4d_server::Config {
        listen: args.listen,
        data_dir,
        database: args.database.clone(),
        settings: chess4d_server::hub::Settings {
            claim_after_ms: args.claim_after_ms,
            max_sockets_per_address: args.max_sockets_per_address,
            sessions_per_minute: args.sessions_per_minute,
            outbox_frames: args.outbox_frames,
        },
    };
    chess4d_server::run(config, &super::catalog()).map_err(CliError)
}

/// Ends the process when standard input reaches its end (the viewer that started this
/// server is gone: its end of the pipe closed).
fn stop_with_stdin() {
    let _ = std::thread::Builder::new()
        .name("stop-with-stdin".into())
        .spawn(|| {
            use std::io::Read;
            let mut buf = [0u8; 64];
            while let Ok(n) = std::io::stdin().read(&mut buf) {
                if n == 0 {
                    break;
                }
            }
            std::process::exit(0);
        });
}
