//! The server's shared state: who is connected, the lobby, challenges, live games.

use crate::game::{ConnId, GameHandle, Outbox};
use crate::limits::AddressLimits;
use crate::store::{Store, UserId};
use crate::variants::Variants;
use chess4d_protocol::{
    ChallengeInfo, ErrorKind, ErrorMessage, GameId, PlayerInfo, SeekId, SeekInfo, encode,
};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};

/// A refusal with its kind (sent to the client as `error`).
pub type Refusal = ErrorMessage;

/// A refusal of `kind`.
pub fn refuse(kind: ErrorKind, message: impl Into<String>) -> Refusal {
    ErrorMessage::new(kind, message)
}

/// The settings the hub runs with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long a player may be gone before the opponent may claim.
    pub claim_after_ms: u64,
    /// Open sockets allowed per address.
    pub max_sockets_per_address: usize,
    /// Sign-ins and guest sessions allowed per address and minute.
    pub sessions_per_minute: u32,
    /// Frames a connection may have waiting to be written before it is closed.
    pub outbox_frames: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            claim_after_ms: 30_000,
            max_sockets_per_address: 64,
            sessions_per_minute: 30,
            outbox_frames: crate::outbox::OUTBOX_FRAMES,
        }
    }
}

/// A signed-in user as a connection knows them.
#[derive(Clone, Debug)]
pub struct User {
    /// The number.
    pub id: UserId,
    /// The name.
    pub name: String,
    /// A guest.
    pub guest: bool,
}

/// A seek with its owner.
#[derive(Clone, Debug)]
pub struct Seek {
    /// As the lobby shows it.
    pub info: SeekInfo,
    /// Who made it.
    pub owner: User,
    /// The connection that made it (the seek goes when it closes).
    pub conn: ConnId,
}

/// A challenge or invitation with its parties.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// As sent.
    pub info: ChallengeInfo,
    /// Who made it.
    pub from: User,
    /// Who is challenged (none: an invitation).
    pub to: Option<UserId>,
    /// The connection that made it.
    pub conn: ConnId,
}

/// The lobby: seeks, and the connections that watch them.
#[derive(Default)]
pub struct Lobby {
    /// The seeks by number.
    pub seeks: BTreeMap<SeekId, Seek>,
    /// Connections receiving seek events.
    pub watchers: HashMap<ConnId, Outbox>,
}

/// Everything shared.
pub struct Hub {
    /// The storage.
    pub store: Arc<dyn Store>,
    /// The variants served.
    pub variants: Variants,
    /// The settings.
    pub settings: Settings,
    /// Live games.
    pub games: Mutex<HashMap<GameId, Arc<GameHandle>>>,
    /// The lobby.
    pub lobby: Mutex<Lobby>,
    /// Challenges and invitations by number, and invitation codes.
    pub challenges: Mutex<(HashMap<u64, Challenge>, HashMap<String, u64>)>,
    /// Each signed-in user's open connections.
    pub online: Mutex<HashMap<UserId, HashMap<ConnId, Outbox>>>,
    /// The connections greeted with each token (by its hash), so that signing out
    /// closes them.
    pub sessions: Mutex<HashMap<String, HashMap<ConnId, Outbox>>>,
    /// Per-address limits.
    pub addresses: Mutex<AddressLimits>,
    /// The next seek, challenge or connection number.
    pub next_id: AtomicU64,
    /// This node's part in a cluster on PostgreSQL (none: the only node).
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
    /// The counters `/metrics` shows.
    pub metrics: crate::metrics::Metrics,
}

/// Locks a mutex, carrying on with the data if a thread panicked while holding it (the
/// maps stay consistent: every change to them is a single insert or remove).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hub {
    /// A new hub over a store.
    pub fn new(store: Arc<dyn Store>, variants: Variants, settings: Settings) -> Hub {
        Hub {
            store,
            variants,
            addresses: Mutex::new(AddressLimits::new(settings.sessions_per_minute)),
            settings,
            games: Mutex::default(),
            lobby: Mutex::default(),
            challenges: Mutex::default(),
            online: Mutex::default(),
            sessions: Mutex::default(),
            next_id: AtomicU64::new(1),
            cluster: None,
            metrics: Default::default(),
        }
    }

    /// A token was revoked: every connection greeted with it is told and closed.
    pub fn end_sessions(&self, token_hash: &str) {
        let conns = lock(&self.sessions).remove(token_hash);
        let refusal = refuse(ErrorKind::BadToken, "signed out: this token was revoked");
        let frame: Arc<str> = encode(&chess4d_protocol::ServerMessage::Error(refusal)).into();
        for outbox in conns.into_iter().flat_map(|c| c.into_values()) {
            let _ = outbox.send(frame.clone());
            outbox.close();
        }
    }

    /// Tells the other nodes (if any) what the watchers of `game` were just sent.
    pub async fn publish<T: serde::Serialize>(&self, game: GameId, msg: &T) {
        if let Some(c) = &self.cluster {
            c.publish(game, msg).await;
            self.metrics
                .events_sent
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// A fresh number.
    pub fn fresh_id(&self) -> u64 {
        self.next_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// A live game.
    pub fn game(&self, id: GameId) -> Option<Arc<GameHandle>> {
        lock(&self.games).get(&id).cloned()
    }

    /// The live games `user` plays.
    pub fn games_of(&self, user: UserId) -> Vec<Arc<GameHandle>> {
        let mut v: Vec<_> = lock(&self.games)
            .values()
            .filter(|g| g.white == user || g.black == user)
            .cloned()
            .collect();
        v.sort_by_key(|g| g.id);
        v
    }

    /// Sends a message to every connection of a user; whether any is open.
    pub fn send_to_user<T: serde::Serialize>(&self, user: UserId, msg: &T) -> bool {
        let frame: Arc<str> = encode(msg).into();
        let online = lock(&self.online);
        match online.get(&user) {
            Some(conns) if !conns.is_empty() => {
                for outbox in conns.values() {
                    let _ = outbox.send(frame.clone());
                }
                true
            }
            _ => false,
        }
    }

    /// Sends a lobby event to everyone watching the lobby, here and on other nodes.
    pub fn send_to_lobby(&self, msg: &chess4d_protocol::ServerMessage) {
        let frame: Arc<str> = encode(msg).into();
        for outbox in lock(&self.lobby).watchers.values() {
            let _ = outbox.send(frame.clone());
        }
        crate::lobby_sync::publish(self, msg);
    }

    /// A user's public face in a variant: name, guest, rating there.
    pub async fn player_info(&self, user: &User, variant: &str) -> PlayerInfo {
        let rating = if user.guest {
            None
        } else {
            let row = self.store.rating(user.id, variant).await.ok().flatten();
            Some(row.map_or(1500.0, |r| r.rating.rating))
        };
        PlayerInfo {
            name: user.name.clone(),
            guest: user.guest,
            rating,
        }
    }
}
