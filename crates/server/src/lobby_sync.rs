//! One lobby over several nodes: each node keeps the seeks of every node (its own, and
//! copies of the others' received as events), so a player sees the same lobby wherever
//! they are connected. A seek is accepted at most once across nodes (a row in
//! `seek_claims` decides), and the game starts on the accepting node; the seeker's node
//! is told and hands its player the game. Challenges and invitation codes stay on the
//! node they were made on.

use crate::cluster::Event;
use crate::hub::{Hub, Seek, User, lock};
use crate::store::UserId;
use chess4d_protocol::{GameId, ServerMessage, encode};
use std::sync::Arc;

/// The connection number of a seek made on another node (no local connection has it:
/// numbers start at 1).
pub const REMOTE: crate::game::ConnId = 0;

/// Tells the other nodes of a lobby change made here (`seek_added` with its owner,
/// `seek_removed`).
pub fn publish(hub: &Hub, msg: &ServerMessage) {
    let Some(cluster) = &hub.cluster else { return };
    let owner = match msg {
        ServerMessage::SeekAdded { seek } => {
            let lobby = lock(&hub.lobby);
            match lobby.seeks.get(&seek.id) {
                // A copy of another node's seek is that node's to announce.
                Some(s) if s.conn == REMOTE => return,
                Some(s) => Some((s.owner.id.0, s.owner.name.clone(), s.owner.guest)),
                None => return,
            }
        }
        ServerMessage::SeekRemoved { .. } => None,
        _ => return,
    };
    cluster.enqueue(Event {
        l: Some(encode(msg)),
        o: owner,
        ..Event::default()
    });
}

/// Applies another node's lobby event here and sends it to this node's lobby watchers.
pub fn apply(hub: &Hub, frame: &str, owner: Option<(i64, String, bool)>) {
    let Ok(msg) = chess4d_protocol::decode_server(frame) else {
        return;
    };
    {
        let mut lobby = lock(&hub.lobby);
        match (&msg, owner) {
            (ServerMessage::SeekAdded { seek }, Some((id, name, guest))) => {
                lobby.seeks.insert(
                    seek.id,
                    Seek {
                        info: seek.clone(),
                        owner: User {
                            id: UserId(id),
                            name,
                            guest,
                        },
                        conn: REMOTE,
                    },
                );
            }
            (ServerMessage::SeekRemoved { seek }, _) => {
                if lobby.seeks.remove(seek).is_none() {
                    return;
                }
            }
            _ => return,
        }
    }
    let frame: Arc<str> = frame.into();
    for outbox in lock(&hub.lobby).watchers.values() {
        let _ = outbox.send(frame.clone());
    }
}

/// After a game started here: each player with no connection here is announced to the
/// other nodes, whose connections of that player get the game.
pub fn announce(hub: &Hub, game: GameId, players: [UserId; 2]) {
    let Some(cluster) = &hub.cluster else { return };
    for user in players {
        if !lock(&hub.online).contains_key(&user) {
            cluster.enqueue(Event {
                g: game.0,
                u: Some(user.0),
                ..Event::default()
            });
        }
    }
}

/// Another node started `game` for `user`: their connections here get it in full and
/// its events from now on.
pub async fn started(hub: &Hub, user: UserId, game: GameId) {
    let conns: Vec<_> = match lock(&hub.online).get(&user) {
        Some(c) => c.iter().map(|(id, o)| (*id, o.clone())).collect(),
        None => return,
    };
    let Some(handle) = crate::cluster::adopt(hub, game).await else {
        return;
    };
    let side = handle.side(user);
    let mut g = handle.state.lock().await;
    let now = crate::clock::now_ms();
    let full = encode(&ServerMessage::GameFull {
        game: Box::new(g.full(side, now)),
    });
    for (id, outbox) in conns {
        g.watchers.insert(id, (outbox.clone(), side));
        let _ = outbox.send(full.clone().into());
    }
}
