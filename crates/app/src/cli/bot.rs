//! `chess4d bot`: the engine plays on a `chess4d serve` server. It accepts every
//! challenge addressed to it, plays its games to the end (resuming those in progress),
//! declines draw offers and takebacks, and thinks on the server's clock.

use super::{CliError, CliResult};
use chess4d_core::{Game, Rules};
use chess4d_engine::{Level, Limits, search};
use chess4d_protocol::{
    ClientMessage, ClockConfig, Clocks, GameFull, GameId, PROTOCOL_VERSION, ServerMessage, Side,
    decode_server, encode,
};
use std::collections::HashMap;
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// The options of `chess4d bot`.
#[derive(clap::Args, Debug, Clone)]
pub struct BotArgs {
    /// The server: `ws://HOST:PORT/ws`, or `HOST:PORT`.
    #[arg(long)]
    pub server: String,
    /// The bot account's session token (`POST /api/login`).
    #[arg(long)]
    pub token: String,
    /// Strength, 1 (beginner) to 8 (full strength).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: u8,
}

/// A game the bot plays.
struct Playing {
    game: Game,
    side: Side,
    clock: ClockConfig,
    clocks: Clocks,
}

/// Runs the bot until the server closes the connection.
pub fn bot_verb(args: &BotArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError(e.to_string()))?;
    let (host, url) = address(&args.server)?;
    let stream =
        TcpStream::connect(&host).map_err(|e| CliError(format!("cannot reach {host}: {e}")))?;
    stream.set_read_timeout(Some(Duration::from_secs(1)))?;
    let (mut ws, _) = tungstenite::client(url.as_str(), stream)
        .map_err(|e| CliError(format!("WebSocket handshake with {url} failed: {e}")))?;
    send(
        &mut ws,
        &ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: Some(args.token.clone()),
            plugins: vec![],
        },
    )?;
    let mut games: HashMap<GameId, Playing> = HashMap::new();
    let mut last_ping = Instant::now();
    loop {
        if last_ping.elapsed() > Duration::from_secs(20) {
            send(&mut ws, &ClientMessage::Ping { lag_ms: None })?;
            last_ping = Instant::now();
        }
        let text = match ws.read() {
            Ok(Message::Text(t)) => t,
            Ok(Message::Close(_)) => return Ok(()),
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue;
            }
            Err(tungstenite::Error::ConnectionClosed) => return Ok(()),
            Err(e) => return Err(CliError(format!("the connection failed: {e}"))),
        };
        let msg = decode_server(text.as_str())
            .map_err(|e| CliError(format!("the server sent {text}: {e}")))?;
        for reply in react(&mut games, msg, level)? {
            send(&mut ws, &reply)?;
        }
    }
}

/// `ws://host:port/ws` and `host:port` from what the user gave.
fn address(server: &str) -> Result<(String, String), CliError> {
    let rest = server
        .strip_prefix("ws://")
        .or_else(|| server.strip_prefix("http://"))
        .unwrap_or(server);
    let host = rest.split('/').next().unwrap_or_default().to_string();
    if host.is_empty() {
        return Err(CliError(format!(
            "--server {server}: give HOST:PORT or ws://HOST:PORT/ws"
        )));
    }
    Ok((host.clone(), format!("ws://{host}/ws")))
}

fn send(ws: &mut WebSocket<TcpStream>, msg: &ClientMessage) -> Result<(), CliError> {
    ws.send(Message::text(encode(msg)))
        .map_err(|e| CliError(format!("cannot send: {e}")))
}

/// What the bot answers to one message.
fn react(
    games: &mut HashMap<GameId, Playing>,
    msg: ServerMessage,
    level: Level,
) -> Result<Vec<ClientMessage>, CliError> {
    use ServerMessage as S;
    let mut out = Vec::new();
    match msg {
        S::Welcome { user: None, .. } => {
            return Err(CliError("the server did not sign the bot in".into()));
        }
        S::Welcome { playing, .. } => out.extend(
            playing
                .into_iter()
                .map(|game| ClientMessage::Watch { game }),
        ),
        S::Challenge { challenge } if challenge.to.is_some() && challenge.code.is_none() => {
            out.push(ClientMessage::AcceptChallenge {
                challenge: challenge.id,
            });
        }
        S::GameFull { game } if game.end.is_none() && game.you.is_some() => {
            let id = game.id;
            let playing = load(&game)?;
            games.insert(id, playing);
            out.extend(think(games, id, level));
        }
        S::Move {
            game,
            ply,
            mv,
            clocks,
        } => {
            if let Some(p) = games.get_mut(&game) {
                if ply as usize != p.game.moves().len() || p.game.play_str(&mv).is_err() {
                    // Out of step: ask for the game again.
                    out.push(ClientMessage::Watch { game });
                    return Ok(out);
                }
                p.clocks = clocks;
            }
            out.extend(think(games, game, level));
        }
        S::Takeback { game, .. } => out.push(ClientMessage::Watch { game }),
        S::DrawOffered { game, .. } => out.push(ClientMessage::DrawDecline { game }),
        S::TakebackOffered { game, .. } => out.push(ClientMessage::TakebackDecline { game }),
        S::End { game, .. } => {
            games.remove(&game);
        }
        S::Error(e) => eprintln!("chess4d bot: the server refused: {e}"),
        _ => {}
    }
    Ok(out)
}

/// The game as the server sent it, under the rules it sent (its TOML).
fn load(full: &GameFull) -> Result<Playing, CliError> {
    let rules: Arc<dyn Rules> =
        chess4d_variants::load_text(&full.variant.toml, &full.variant.name, &[]).map_err(|e| {
            CliError(format!(
                "game {}: the variant cannot be loaded: {e}",
                full.id.0
            ))
        })?;
    let start = rules
        .parse_position(&full.start_fen)
        .map_err(|e| CliError(format!("game {}: {e}", full.id.0)))?;
    let mut game = Game::try_from_position(rules, start).map_err(|e| CliError(e.to_string()))?;
    for mv in &full.moves {
        game.play_str(mv)
            .map_err(|e| CliError(format!("game {}: {e}", full.id.0)))?;
    }
    let side = full.you.unwrap_or(Side::White);
    Ok(Playing {
        game,
        side,
        clock: full.clock,
        clocks: full.clocks,
    })
}

/// The bot's move in a game where it is to move.
fn think(games: &HashMap<GameId, Playing>, id: GameId, level: Level) -> Option<ClientMessage> {
    let p = games.get(&id)?;
    let to_move = match p.game.position().side_to_move() {
        chess4d_core::Color::White => Side::White,
        chess4d_core::Color::Black => Side::Black,
    };
    if to_move != p.side || p.game.outcome().is_some() {
        return None;
    }
    let left = match p.side {
        Side::White => p.clocks.white_ms,
        Side::Black => p.clocks.black_ms,
    };
    let ms = match p.clock {
        ClockConfig::Fischer { increment_ms, .. } => {
            (left / 40 + increment_ms / 2).clamp(20, 3_000)
        }
        ClockConfig::Correspondence { .. } | ClockConfig::Unlimited => 1_000,
    };
    let rules = p.game.rules().clone();
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        level,
        ..Limits::default()
    };
    let result = search(&*rules, p.game.position(), &limits).ok()?;
    let mv = rules.format_move(p.game.position(), result.best);
    Some(ClientMessage::Move {
        game: id,
        ply: p.game.moves().len() as u32,
        mv,
        lag_ms: None,
    })
}
