//! One connection's state and the routing of its messages.

use crate::clock::now_ms;
use crate::game::{ConnId, Outbox};
use crate::hub::{Hub, Refusal, User, lock, refuse};
use crate::limits::{Bucket, MoveWindow};
use chess4d_protocol::{ClientMessage, ErrorKind, GameId, PROTOCOL_VERSION, ServerMessage, encode};
use std::collections::HashSet;
use std::sync::Arc;

/// A WebSocket connection as the hub sees it.
pub struct Conn {
    /// Its number.
    pub id: ConnId,
    /// Its outgoing frames.
    pub outbox: Outbox,
    /// Whether `hello` was accepted.
    pub greeted: bool,
    /// The signed-in user, if any.
    pub user: Option<User>,
    /// Games it receives events of.
    pub watching: HashSet<GameId>,
    /// The client's last lag estimate.
    pub lag_ms: u64,
    /// The lag its pings report, once one has (lichess's frame lag).
    pub frame_lag_ms: Option<u64>,
    /// Messages allowed.
    pub bucket: Bucket,
    /// Refusals for rate so far.
    pub rate_refusals: u32,
    /// Moves in the last 20 s.
    pub moves: MoveWindow,
    /// The SHA-256 of each plugin library the client said in `hello` it has.
    pub plugins: HashSet<String>,
    /// The hash of the token `hello` was greeted with, and when that token expires.
    pub token: Option<(String, u64)>,
}

/// What the socket loop should do after a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Keep reading.
    Continue,
    /// Close the socket.
    Close,
}

impl Conn {
    /// A new connection.
    pub fn new(id: ConnId, outbox: Outbox) -> Conn {
        Conn {
            id,
            outbox,
            greeted: false,
            user: None,
            watching: HashSet::new(),
            lag_ms: 0,
            frame_lag_ms: None,
            bucket: Bucket::new(60.0, 30.0),
            rate_refusals: 0,
            moves: MoveWindow::default(),
            plugins: HashSet::new(),
            token: None,
        }
    }

    /// Sends one message on this connection.
    pub fn send(&self, msg: &ServerMessage) {
        let _ = self.outbox.send(encode(msg).into());
    }

    /// Sends a refusal.
    pub fn refuse(&self, mut error: Refusal, reply_to: Option<&str>, game: Option<GameId>) {
        if error.reply_to.is_none() {
            error.reply_to = reply_to.map(str::to_owned);
        }
        if error.game.is_none() {
            error.game = game;
        }
        self.send(&ServerMessage::Error(error));
    }

    /// The signed-in user, or `unauthorized`.
    pub fn user(&self) -> Result<&User, Refusal> {
        self.user.as_ref().ok_or_else(|| {
            refuse(
                ErrorKind::Unauthorized,
                "sign in (hello with a token) first",
            )
        })
    }
}

fn type_of(msg: &ClientMessage) -> &'static str {
    let json = serde_json::to_value(msg).ok();
    let t = json
        .as_ref()
        .and_then(|v| v.get("t"))
        .and_then(|t| t.as_str());
    ClientMessage::TYPES
        .iter()
        .copied()
        .find(|k| Some(*k) == t)
        .unwrap_or("?")
}

/// Handles one decoded message: the answer or refusal is sent on the connection.
pub async fn handle(hub: &Arc<Hub>, conn: &mut Conn, msg: ClientMessage) -> After {
    if let ClientMessage::Move { .. } = msg
        && !conn.moves.record()
    {
        conn.refuse(
            refuse(ErrorKind::RateLimited, "more than 100 moves in 20 s"),
            Some("move"),
            None,
        );
        return After::Close;
    }
    let t = type_of(&msg);
    let game = msg.game();
    let result = route(hub, conn, msg).await;
    if let Err(e) = result {
        conn.refuse(e, Some(t), game);
    }
    After::Continue
}

async fn route(hub: &Arc<Hub>, conn: &mut Conn, msg: ClientMessage) -> Result<(), Refusal> {
    use ClientMessage as M;
    if !conn.greeted && !matches!(msg, M::Hello { .. }) {
        return Err(refuse(
            ErrorKind::Version,
            "the first message must be hello",
        ));
    }
    let reads_only = matches!(
        msg,
        M::Hello { .. } | M::Ping { .. } | M::Lobby { .. } | M::Watch { .. } | M::Unwatch { .. }
    );
    if !reads_only && conn.token.as_ref().is_some_and(|(_, exp)| now_ms() >= *exp) {
        // A long-lived socket outlives its token: it may still watch, not act.
        return Err(refuse(
            ErrorKind::BadToken,
            "the token expired: sign in again and reconnect",
        ));
    }
    match msg {
        M::Hello {
            version,
            token,
            plugins,
        } => hello(hub, conn, version, token, plugins).await,
        M::Ping { lag_ms } => {
            if let Some(l) = lag_ms {
                conn.lag_ms = l.min(10_000);
                conn.frame_lag_ms = Some(conn.lag_ms);
            }
            conn.send(&ServerMessage::Pong);
            Ok(())
        }
        M::Lobby { on } => {
            crate::lobby::watch_lobby(hub, conn, on);
            Ok(())
        }
        M::Seek {
            variant,
            clock,
            rated,
            color,
            rating_range,
        } => crate::lobby::seek(hub, conn, variant, clock, rated, color, rating_range).await,
        M::CancelSeek { seek } => crate::lobby::cancel_seek(hub, conn, seek),
        M::AcceptSeek { seek } => crate::lobby::accept_seek(hub, conn, seek).await,
        M::Challenge {
            to,
            variant,
            clock,
            rated,
            color,
        } => crate::lobby::challenge(hub, conn, to, variant, clock, rated, color).await,
        M::AcceptChallenge { challenge } => {
            crate::lobby::accept_challenge(hub, conn, challenge.0, None).await
        }
        M::DeclineChallenge { challenge } => {
            crate::lobby::decline_challenge(hub, conn, challenge.0)
        }
        M::JoinInvite { code } => crate::lobby::join_invite(hub, conn, &code).await,
        M::Watch { game } => crate::play::watch(hub, conn, game).await,
        M::Unwatch { game } => {
            crate::play::unwatch(hub, conn, game).await;
            Ok(())
        }
        M::Move {
            game,
            ply,
            mv,
            lag_ms,
        } => {
            let lag = lag_ms.map_or(conn.lag_ms, |l| l.min(10_000));
            let arrived = std::time::Instant::now();
            let played =
                crate::play::play_move(hub, conn, game, ply, &mv, lag, conn.frame_lag_ms).await;
            match &played {
                Ok(()) => hub.metrics.move_done(arrived.elapsed().as_micros() as u64),
                Err(_) => {
                    hub.metrics
                        .refused_total
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
            played
        }
        M::Resign { game } => crate::play::resign(hub, conn, game).await,
        M::Abort { game } => crate::play::abort(hub, conn, game).await,
        M::DrawOffer { game } => crate::play::draw_offer(hub, conn, game).await,
        M::DrawDecline { game } => crate::play::decline(hub, conn, game, false).await,
        M::TakebackOffer { game } => crate::play::takeback_offer(hub, conn, game).await,
        M::TakebackDecline { game } => crate::play::decline(hub, conn, game, true).await,
        M::ClaimVictory { game, draw } => crate::play::claim(hub, conn, game, draw).await,
    }
}

async fn hello(
    hub: &Arc<Hub>,
    conn: &mut Conn,
    version: u32,
    token: Option<String>,
    plugins: Vec<String>,
) -> Result<(), Refusal> {
    if version != PROTOCOL_VERSION {
        return Err(refuse(
            ErrorKind::Version,
            format!("this server speaks protocol version {PROTOCOL_VERSION}, not {version}"),
        ));
    }
    if conn.greeted {
        return Err(refuse(
            ErrorKind::NotNow,
            "hello was already accepted on this socket",
        ));
    }
    let mut greeted_with = None;
    let user = match token {
        None => None,
        Some(token) => {
            let hash = crate::auth::token_hash(&token);
            let row = hub
                .store
                .user_by_token(&hash, now_ms())
                .await
                .map_err(|e| refuse(ErrorKind::Internal, e.to_string()))?;
            match row {
                Some(r) => Some({
                    greeted_with = Some((hash, r.token_expires_ms.unwrap_or(u64::MAX)));
                    User {
                        id: r.id,
                        name: r.name,
                        guest: r.guest,
                    }
                }),
                None => {
                    return Err(refuse(
                        ErrorKind::BadToken,
                        "the token is unknown, revoked or expired: sign in again",
                    ));
                }
            }
        }
    };
    conn.greeted = true;
    if let Some((hash, _)) = &greeted_with {
        lock(&hub.sessions)
            .entry(hash.clone())
            .or_default()
            .insert(conn.id, conn.outbox.clone());
    }
    conn.token = greeted_with;
    conn.plugins = plugins
        .into_iter()
        .map(|p| p.to_ascii_lowercase())
        .collect();
    let mut playing = Vec::new();
    let mut info = None;
    let mut ratings = Vec::new();
    if let Some(user) = &user {
        let first = {
            let mut online = lock(&hub.online);
            let conns = online.entry(user.id).or_default();
            conns.insert(conn.id, conn.outbox.clone());
            conns.len() == 1
        };
        // With several nodes, games started on another one are copied here first.
        crate::cluster::adopt_games_of(hub, user).await;
        playing = hub.games_of(user.id).iter().map(|g| g.id).collect();
        if first {
            crate::play::player_back(hub, user.id).await;
        }
        info = Some(
            hub.player_info(user, chess4d_variants::DEFAULT_VARIANT)
                .await,
        );
        if !user.guest {
            let rows = hub
                .store
                .profile(user.id)
                .await
                .map_err(crate::play::internal)?;
            ratings = rows
                .0
                .into_iter()
                .map(|(variant, r)| chess4d_protocol::LeaderboardRow {
                    name: variant,
                    rating: r.rating.rating,
                    deviation: r.rating.deviation,
                    games: r.games,
                })
                .collect();
        }
    }
    conn.user = user;
    conn.send(&ServerMessage::Welcome {
        version: PROTOCOL_VERSION,
        user: info,
        playing,
        ratings,
    });
    Ok(())
}

/// A connection closed: its seeks go, it stops watching, and a player whose last
/// connection this was is announced gone from their games.
pub async fn closed(hub: &Arc<Hub>, conn: &mut Conn) {
    crate::lobby::connection_closed(hub, conn);
    if let Some((hash, _)) = &conn.token {
        let mut sessions = lock(&hub.sessions);
        if let Some(conns) = sessions.get_mut(hash) {
            conns.remove(&conn.id);
            if conns.is_empty() {
                sessions.remove(hash);
            }
        }
    }
    for game in conn.watching.clone() {
        crate::play::unwatch(hub, conn, game).await;
    }
    if let Some(user) = &conn.user {
        let last = {
            let mut online = lock(&hub.online);
            let conns = online.entry(user.id).or_default();
            conns.remove(&conn.id);
            let empty = conns.is_empty();
            if empty {
                online.remove(&user.id);
            }
            empty
        };
        if last {
            crate::lobby::player_left(hub, user.id);
            crate::play::player_gone(hub, user.id, conn.id).await;
        } else {
            crate::play::forget_connection(hub, user.id, conn.id).await;
        }
    }
}
