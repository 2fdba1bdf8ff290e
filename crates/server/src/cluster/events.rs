//! Events from the other nodes: one connection LISTENs (reconnecting, and reading
//! every game again after a break, since events may have been missed), and each event is
//! applied to this node's copy of its game, or to the lobby (crate::lobby_sync).

use super::{CHANNEL, Cluster, Event, reload};
use crate::clock::{Clock, now_ms};
use crate::game::{GameHandle, LiveGame};
use crate::hub::{Hub, lock};
use crate::store::pg_pool::describe;
use chess4d_protocol::{GameId, ServerMessage};
use futures_util::StreamExt;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio_postgres::{AsyncMessage, NoTls};

/// Listens for the other nodes' events, reconnecting when the connection breaks.
pub(super) async fn listen(hub: Arc<Hub>, cluster: Arc<Cluster>) {
    let mut first = true;
    loop {
        if let Err(e) = listen_once(&hub, &cluster, &mut first).await {
            crate::log::warn(
                "not listening for other nodes; again in 1 s",
                &[("error", &e)],
            );
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listen_once(hub: &Arc<Hub>, cluster: &Cluster, first: &mut bool) -> Result<(), String> {
    let (client, mut connection) = tokio_postgres::connect(&cluster.url, NoTls)
        .await
        .map_err(|e| describe(&e))?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    if tx.send(Ok(n.payload().to_string())).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    let _ = tx.send(Err(describe(&e)));
                    break;
                }
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(|e| describe(&e))?;
    if !*first {
        // Events may have been missed while the connection was down.
        let games: Vec<GameId> = lock(&hub.games).keys().copied().collect();
        for game in games {
            reload(hub, game, false).await;
        }
    }
    *first = false;
    while let Some(m) = rx.recv().await {
        let payload = m?;
        match serde_json::from_str::<Event>(&payload) {
            Ok(e) if e.n != cluster.node => {
                hub.metrics
                    .events_received
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if let Some(frame) = e.l {
                    crate::lobby_sync::apply(hub, &frame, e.o);
                } else if let Some(user) = e.u {
                    crate::lobby_sync::started(hub, crate::store::UserId(user), GameId(e.g)).await;
                } else {
                    apply(hub, GameId(e.g), e.f).await;
                }
            }
            Ok(_) => {}
            Err(e) => crate::log::warn("an event not understood", &[("error", &e)]),
        }
    }
    driver.abort();
    Err("the connection closed".into())
}

/// Applies another node's event to this node's copy of the game (none: nothing to do)
/// and sends it on to this node's watchers.
async fn apply(hub: &Hub, game: GameId, frame: Option<String>) {
    let Some(handle) = hub.game(game) else {
        return;
    };
    let Some(frame) = frame else {
        return reload(hub, game, false).await;
    };
    let Ok(msg) = chess4d_protocol::decode_server(&frame) else {
        return reload(hub, game, false).await;
    };
    let mut g = handle.state.lock().await;
    if g.over {
        return;
    }
    match update(hub, &handle, &mut g, game, &msg).await {
        Applied::Reload => {
            drop(g);
            reload(hub, game, false).await;
        }
        Applied::Quiet => handle.set_deadline(&g.clock),
        Applied::Forward => {
            handle.set_deadline(&g.clock);
            let frame: Arc<str> = frame.into();
            for (outbox, _) in g.watchers.values() {
                let _ = outbox.send(frame.clone());
            }
        }
    }
}

/// What an event did to a copy.
enum Applied {
    /// Changed it: this node's watchers get the frame.
    Forward,
    /// Nothing for this node's watchers.
    Quiet,
    /// The copy is not where the event starts from: read it again.
    Reload,
}

/// Brings the copy `g` to where another node's event left the game.
async fn update(
    hub: &Hub,
    handle: &GameHandle,
    g: &mut LiveGame,
    game: GameId,
    msg: &ServerMessage,
) -> Applied {
    let now = now_ms();
    let config = g.clock_config;
    // The clocks as the sender stopped them, the running one running since now.
    let resumed = |clocks: &chess4d_protocol::Clocks| {
        Clock::resume(
            config,
            (clocks.white_ms, clocks.black_ms),
            clocks.running.map(|s| (s, now)),
        )
    };
    match msg {
        ServerMessage::Move {
            ply, mv, clocks, ..
        } if *ply == g.ply() => {
            if g.game.play_str(mv).is_err() {
                return Applied::Reload;
            }
            g.moves.push(mv.clone());
            g.clock = resumed(clocks);
            g.takeback_offer = None;
            let mover = g.to_move().other();
            if g.draw_offer == Some(mover.other()) {
                g.draw_offer = None;
            }
        }
        ServerMessage::Move { .. } => return Applied::Reload,
        ServerMessage::Takeback { ply, clocks, .. } if *ply <= g.ply() => {
            while g.ply() > *ply {
                g.game.undo();
                g.moves.pop();
            }
            g.clock = resumed(clocks);
            g.takeback_offer = None;
            g.draw_offer = None;
        }
        ServerMessage::End { .. } => {
            g.over = true;
            handle.deadline.store(0, Ordering::Relaxed);
            lock(&hub.games).remove(&game);
        }
        ServerMessage::DrawOffered { by, .. } => g.draw_offer = Some(*by),
        ServerMessage::TakebackOffered { by, .. } => g.takeback_offer = Some(*by),
        ServerMessage::OfferDeclined { by, .. } => {
            for offer in [&mut g.draw_offer, &mut g.takeback_offer] {
                if *offer == Some(by.other()) {
                    *offer = None;
                }
            }
        }
        ServerMessage::PlayerGone { side, .. } => {
            let user = g.seat(*side).id;
            if !lock(&hub.online).contains_key(&user) {
                g.gone_since[side_index(*side)] = Some(now);
                return Applied::Forward;
            }
            // They left that node for this one: the other nodes learn they are here.
            let back = ServerMessage::PlayerBack { game, side: *side };
            hub.publish(game, &back).await;
            return Applied::Quiet;
        }
        ServerMessage::PlayerBack { side, .. } => {
            return match g.gone_since[side_index(*side)].take() {
                Some(_) => Applied::Forward,
                None => Applied::Quiet,
            };
        }
        _ => {}
    }
    Applied::Forward
}

fn side_index(side: chess4d_protocol::Side) -> usize {
    match side {
        chess4d_protocol::Side::White => 0,
        chess4d_protocol::Side::Black => 1,
    }
}
