//! The load generator: many players on one `chess4d serve`, every player moving every
//! few seconds; reports sustained moves per second and the time from sending a move to
//! the opponent receiving it (p50, p99), then checks that every acknowledged move is
//! stored. A benchmark, not a test:
//!
//! ```text
//! chess4d serve --listen 127.0.0.1:8080 --data-dir /tmp/load \
//!     --max-sockets-per-address 5000 --sessions-per-minute 100000 &
//! cargo run --release -p chess4d-server --example load -- 127.0.0.1:8080 1000 1000 60
//! ```
//!
//! Arguments: server address (or two, `A,B`: nodes on one PostgreSQL, each game's
//! players on different nodes), games (two connections each), think time in ms (each
//! player waits about this long, ±50%, before each move), seconds to measure. Each pair
//! plays games of random legal moves (orthodox chess, 10+5), one after another.

use chess4d_core::{Game, Rules};
use chess4d_protocol::{
    ClientMessage, ClockConfig, ColorChoice, GameFull, GameId, PROTOCOL_VERSION, ServerMessage,
    SessionToken, decode_server, encode,
};
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What all players share: counters and latencies.
#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    /// Per game: acknowledged plies as the players saw them.
    games: Mutex<Vec<(GameId, u32)>>,
    measuring: std::sync::atomic::AtomicBool,
}

/// When each game's last move was sent (game id -> instant), to time its delivery.
type Sent = Arc<Mutex<std::collections::HashMap<(u64, u32), Instant>>>;

async fn http_post(addr: &str, path: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("the server answers");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.expect("request sent");
    let mut out = String::new();
    s.read_to_string(&mut out).await.expect("answer read");
    out.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

async fn http_get(addr: &str, path: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("the server answers");
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("request sent");
    let mut out = String::new();
    s.read_to_string(&mut out).await.expect("answer read");
    out.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// A guest session's token.
async fn guest(addr: &str) -> String {
    let token: SessionToken =
        serde_json::from_str(&http_post(addr, "/api/guest").await).expect("a guest session");
    token.token
}

async fn connect(addr: &str) -> Socket {
    let token = guest(addr).await;
    connect_as(addr, token).await
}

/// A socket on `addr` greeted with `token` (one player may have sockets on two nodes).
async fn connect_as(addr: &str, token: String) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("WebSocket");
    send(
        &mut ws,
        &ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: Some(token),
            plugins: vec![],
        },
    )
    .await;
    ws
}

async fn send(ws: &mut Socket, msg: &ClientMessage) {
    let _ = ws.send(Message::text(encode(msg))).await;
}

async fn recv(ws: &mut Socket) -> Option<ServerMessage> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return decode_server(t.as_str()).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// A pseudo-random number from a seed that moves on.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// One player: plays its games one after another until the deadline.
#[allow(clippy::too_many_arguments)]
async fn player(
    mut ws: Socket,
    white: bool,
    pair: u64,
    rules: Arc<dyn Rules>,
    think: u64,
    stats: Arc<Stats>,
    sent: Sent,
    until: Instant,
    seek_tx: Option<mpsc::UnboundedSender<u64>>,
    mut seek_rx: Option<mpsc::UnboundedReceiver<u64>>,
    mut started: Option<mpsc::UnboundedReceiver<GameId>>,
) {
    let mut seed = pair * 2 + u64::from(white) + 1;
    // White seeks; Black accepts the seek of its pair.
    if white {
        send(&mut ws, &seek_message()).await;
    }
    let mut game: Option<(GameFull, Game)> = None;
    while Instant::now() < until {
        let event = tokio::select! {
            Some(seek) = next_seek(&mut seek_rx) => Event::Seek(seek),
            Some(game) = next_game(&mut started) => Event::Started(game),
            r = tokio::time::timeout(Duration::from_secs(5), recv(&mut ws)) => Event::Message(r.ok().flatten()),
        };
        let msg = match event {
            Event::Seek(seek) => {
                let seek = chess4d_protocol::SeekId(seek);
                send(&mut ws, &ClientMessage::AcceptSeek { seek }).await;
                continue;
            }
            Event::Started(game) => {
                // Started on the other node: this socket watches it to play it here.
                send(&mut ws, &ClientMessage::Watch { game }).await;
                continue;
            }
            Event::Message(Some(msg)) => msg,
            Event::Message(None) => continue,
        };
        match msg {
            ServerMessage::SeekAdded { seek } => {
                if let Some(tx) = &seek_tx {
                    let _ = tx.send(seek.id.0);
                }
            }
            ServerMessage::GameFull { game: full } => {
                let g = Game::new(rules.clone());
                game = Some(((*full).clone(), g));
                if white {
                    play(&mut ws, &mut game, &mut seed, think, &sent).await;
                }
            }
            ServerMessage::Move {
                game: id, ply, mv, ..
            } => {
                let Some((full, g)) = game.as_mut() else {
                    continue;
                };
                if full.id != id || g.play_str(&mv).is_err() {
                    stats.errors.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                let mine = (ply % 2 == 0) == white;
                if mine {
                    if stats.measuring.load(Ordering::Relaxed) {
                        stats.moves.fetch_add(1, Ordering::Relaxed);
                    }
                } else {
                    if let Some(at) = sent
                        .lock()
                        .map(|mut s| s.remove(&(id.0, ply)))
                        .ok()
                        .flatten()
                        && stats.measuring.load(Ordering::Relaxed)
                        && let Ok(mut l) = stats.latencies_us.lock()
                    {
                        l.push(at.elapsed().as_micros() as u64);
                    }
                    play(&mut ws, &mut game, &mut seed, think, &sent).await;
                }
            }
            ServerMessage::End { game: id, .. } => {
                if let Some((full, g)) = game.take()
                    && let Ok(mut games) = stats.games.lock()
                {
                    games.push((id, g.moves().len() as u32));
                    let _ = full;
                }
                if white && Instant::now() < until {
                    // A new game for the pair: White seeks again, Black accepts.
                    send(&mut ws, &seek_message()).await;
                }
            }
            ServerMessage::Error(_) => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }
    if let Some((full, g)) = game
        && let Ok(mut games) = stats.games.lock()
    {
        games.push((full.id, g.moves().len() as u32));
    }
}

/// What the loop waits for: a seek of its pair to accept, a game started on the other
/// node, or a message.
enum Event {
    Seek(u64),
    Started(GameId),
    Message(Option<ServerMessage>),
}

async fn next_game(rx: &mut Option<mpsc::UnboundedReceiver<GameId>>) -> Option<GameId> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Black's socket on White's node (two nodes): accepts the pair's seeks in that node's
/// lobby and passes each game started on to the player, which plays it on its own node.
async fn lobby_socket(
    mut ws: Socket,
    mut seeks: mpsc::UnboundedReceiver<u64>,
    started: mpsc::UnboundedSender<GameId>,
) {
    loop {
        tokio::select! {
            seek = seeks.recv() => {
                let Some(seek) = seek else { return };
                let seek = chess4d_protocol::SeekId(seek);
                send(&mut ws, &ClientMessage::AcceptSeek { seek }).await;
            }
            msg = recv(&mut ws) => match msg {
                Some(ServerMessage::GameFull { game }) => {
                    if started.send(game.id).is_err() {
                        return;
                    }
                }
                Some(_) => {}
                None => return,
            },
        }
    }
}

async fn next_seek(rx: &mut Option<mpsc::UnboundedReceiver<u64>>) -> Option<u64> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// White's seek: orthodox chess, 10+5, casual.
fn seek_message() -> ClientMessage {
    let clock = ClockConfig::Fischer {
        initial_ms: 600_000,
        increment_ms: 5_000,
    };
    ClientMessage::Seek {
        variant: "orthodox".into(),
        clock,
        rated: false,
        color: ColorChoice::White,
        rating_range: None,
    }
}

/// Thinks (sleeps), then sends a random legal move.
async fn play(
    ws: &mut Socket,
    game: &mut Option<(GameFull, Game)>,
    seed: &mut u64,
    think: u64,
    sent: &Sent,
) {
    let Some((full, g)) = game.as_ref() else {
        return;
    };
    if g.outcome().is_some() {
        return;
    }
    let wait = think / 2 + next(seed) % think.max(1);
    tokio::time::sleep(Duration::from_millis(wait)).await;
    let moves = g.legal_moves();
    let mv = moves[(next(seed) % moves.len() as u64) as usize];
    let text = g.rules().format_move(g.position(), mv);
    let ply = g.moves().len() as u32;
    if let Ok(mut s) = sent.lock() {
        s.insert((full.id.0, ply), Instant::now());
    }
    send(
        ws,
        &ClientMessage::Move {
            game: full.id,
            ply,
            mv: text,
            lag_ms: None,
        },
    )
    .await;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let addr = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "127.0.0.1:8080".into());
    // "A,B": two nodes on one database, each game's players on different nodes.
    let nodes: Vec<String> = addr.split(',').map(str::to_owned).collect();
    let addr = nodes[0].clone();
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let think: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seconds: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(60);
    let rules: Arc<dyn Rules> = chess4d_variants::Catalog::embedded()
        .get("orthodox")
        .expect("orthodox");
    let stats = Arc::new(Stats::default());
    let sent: Sent = Arc::default();
    let warmup = Duration::from_secs(10);
    let until =
        Instant::now() + warmup + Duration::from_secs(seconds) + Duration::from_secs(games / 50);
    eprintln!("connecting {} players ...", 2 * games);
    let mut tasks = Vec::new();
    for pair in 0..games {
        let (tx, rx) = mpsc::unbounded_channel();
        // Two nodes: White on one, Black on the other (alternating), Black's seek
        // acceptance through a second socket on White's node.
        let (home, away) = if pair % 2 == 0 {
            (&nodes[0], &nodes[nodes.len() - 1])
        } else {
            (&nodes[nodes.len() - 1], &nodes[0])
        };
        let w = connect(home).await;
        let (b, rx, started) = if home == away {
            (connect(home).await, Some(rx), None)
        } else {
            let token = guest(home).await;
            let lobby = connect_as(home, token.clone()).await;
            let (started_tx, started_rx) = mpsc::unbounded_channel();
            tokio::spawn(lobby_socket(lobby, rx, started_tx));
            (connect_as(away, token).await, None, Some(started_rx))
        };
        for (ws, white, tx, rx, started) in [
            (w, true, Some(tx), None, None),
            (b, false, None, rx, started),
        ] {
            tasks.push(tokio::spawn(player(
                ws,
                white,
                pair,
                rules.clone(),
                think,
                stats.clone(),
                sent.clone(),
                until,
                tx,
                rx,
                started,
            )));
        }
    }
    eprintln!(
        "{} connections open; warming up {} s",
        2 * games,
        warmup.as_secs()
    );
    tokio::time::sleep(warmup).await;
    stats.measuring.store(true, Ordering::Relaxed);
    let start = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stats.measuring.store(false, Ordering::Relaxed);
    let elapsed = start.elapsed().as_secs_f64();
    let moves = stats.moves.load(Ordering::Relaxed);
    let mut lat = stats
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    lat.sort_unstable();
    println!(
        "{} games, {} connections, think {} ms: {:.0} moves/s over {:.0} s; move to opponent p50 {:.1} ms, p99 {:.1} ms ({} samples); {} errors",
        games,
        2 * games,
        think,
        moves as f64 / elapsed,
        elapsed,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        lat.len(),
        stats.errors.load(Ordering::Relaxed)
    );
    for t in tasks {
        let _ = t.await;
    }
    // No move lost: every game's stored moves are at least what its players saw acknowledged.
    let seen = stats.games.lock().map(|g| g.clone()).unwrap_or_default();
    let mut best: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    for (id, plies) in seen {
        let e = best.entry(id.0).or_default();
        *e = (*e).max(plies);
    }
    let mut lost = 0;
    for (id, plies) in &best {
        let text = http_get(&addr, &format!("/api/games/{id}")).await;
        let stored: Option<GameFull> = serde_json::from_str(&text).ok();
        if stored.is_none_or(|g| (g.moves.len() as u32) < *plies) {
            lost += 1;
        }
    }
    println!(
        "{} games checked against storage: {} with a move lost",
        best.len(),
        lost
    );
}
