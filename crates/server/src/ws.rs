//! The WebSocket: one task reads and handles a connection's frames in order, another
//! writes what the hub sends it.

use crate::conn::{After, Conn, closed, handle};
use crate::hub::{Hub, lock, refuse};
use crate::outbox::Outbox;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::response::Response;
use chess4d_protocol::{ErrorKind, ServerMessage, decode_client, encode};
use futures_util::{SinkExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// Frames above this are cut off by the WebSocket layer itself (no error message);
/// between [`chess4d_protocol::MAX_FRAME_BYTES`] and this they get `too_large`.
const HARD_FRAME_LIMIT: usize = 64 * 1024;

/// How long a socket may stay silent.
const SILENCE: Duration = Duration::from_secs(60);

/// `GET /ws`.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(HARD_FRAME_LIMIT)
        .max_frame_size(HARD_FRAME_LIMIT)
        .on_upgrade(move |socket| run(hub, socket, addr.ip()))
}

async fn run(hub: Arc<Hub>, socket: WebSocket, ip: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let admitted = {
        let mut addresses = lock(&hub.addresses);
        let a = addresses.get(ip);
        if a.sockets >= hub.settings.max_sockets_per_address {
            false
        } else {
            a.sockets += 1;
            true
        }
    };
    if !admitted {
        let e = refuse(
            ErrorKind::RateLimited,
            "too many open sockets from your address",
        );
        let _ = sink
            .send(Message::Text(encode(&ServerMessage::Error(e)).into()))
            .await;
        let _ = sink.close().await;
        return;
    }
    hub.metrics.sockets.fetch_add(1, Relaxed);
    hub.metrics.sockets_total.fetch_add(1, Relaxed);
    let (tx, mut rx, overflow) = Outbox::new(hub.settings.outbox_frames);
    let writer = tokio::spawn(async move {
        while let Some(frame) = rx.recv().await {
            if sink
                .send(Message::Text(frame.as_ref().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut conn = Conn::new(hub.fresh_id(), tx);
    loop {
        let next = tokio::select! {
            n = tokio::time::timeout(SILENCE, stream.next()) => n,
            // A client that does not read: closed, it reconnects and gets the replay.
            () = overflow.wait() => break,
        };
        let Ok(Some(Ok(msg))) = next else { break };
        let text = match msg {
            Message::Text(text) => text,
            Message::Binary(_) => {
                conn.refuse(
                    refuse(
                        ErrorKind::BadFrame,
                        "binary frames are not read: send JSON text",
                    ),
                    None,
                    None,
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !conn.bucket.take() {
            conn.rate_refusals += 1;
            conn.refuse(
                refuse(ErrorKind::RateLimited, "too many messages: slow down"),
                None,
                None,
            );
            if conn.rate_refusals >= 50 {
                break;
            }
            continue;
        }
        match decode_client(text.as_str()) {
            Ok(m) => {
                if handle(&hub, &mut conn, m).await == After::Close {
                    break;
                }
            }
            Err(e) => {
                let close = e.kind == ErrorKind::TooLarge;
                conn.refuse(e, None, None);
                if close {
                    break;
                }
            }
        }
    }
    closed(&hub, &mut conn).await;
    hub.metrics.sockets.fetch_sub(1, Relaxed);
    {
        let mut addresses = lock(&hub.addresses);
        let a = addresses.get(ip);
        a.sockets = a.sockets.saturating_sub(1);
    }
    drop(conn);
    if overflow.happened() {
        // Its queue is full of frames it will not read: drop them and the socket now.
        crate::log::info(
            "closed a socket that did not read",
            &[("ip", &ip), ("frames_waiting", &hub.settings.outbox_frames)],
        );
        writer.abort();
        return;
    }
    // Let the writer flush what is queued (the last error), then stop it.
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(2), writer)
        .await
        .is_err()
    {
        abort.abort();
        crate::log::warn("a socket's writer did not finish; closed", &[]);
    }
}
