//! This node's copies of live games: made from the database when a player or spectator
//! here asks for a game another node started, and read again when they may be behind
//! (an event that does not follow on, a taken-over game).

use crate::clock::now_ms;
use crate::game::GameHandle;
use crate::hub::{Hub, lock};
use chess4d_protocol::{GameId, GameStatus, ServerMessage};
use std::sync::Arc;

/// This node's copy of a live game, read from the database when it has none (a player
/// or spectator of a game another node started).
pub async fn adopt(hub: &Hub, game: GameId) -> Option<Arc<GameHandle>> {
    if let Some(h) = hub.game(game) {
        return Some(h);
    }
    hub.cluster.as_ref()?;
    let row = hub.store.load_game(game).await.ok()??;
    if row.status != GameStatus::Playing {
        return None;
    }
    let live = crate::play::live_from_row(hub, &row).ok()?;
    let handle = crate::play::handle_of(live);
    {
        let g = handle.state.lock().await;
        handle.set_deadline(&g.clock);
    }
    let mut games = lock(&hub.games);
    Some(games.entry(game).or_insert(handle).clone())
}

/// Copies of the live games `user` plays (signing in on this node).
pub async fn adopt_games_of(hub: &Hub, user: &crate::hub::User) {
    if hub.cluster.is_none() {
        return;
    }
    let filter = crate::store::GameFilter {
        status: Some(GameStatus::Playing),
        player: Some(user.name.clone()),
        variant: None,
        limit: 100,
    };
    for row in hub.store.list_games(filter).await.unwrap_or_default() {
        adopt(hub, row.id).await;
    }
}

/// Reads a game again from the database into this node's copy (watchers kept) and
/// sends the watchers the game in full, or its end. `owner`: this node has just taken
/// it over (a copy is made if there is none).
pub async fn reload(hub: &Hub, game: GameId, owner: bool) {
    let handle = match hub.game(game) {
        Some(h) => h,
        None if owner => match adopt(hub, game).await {
            Some(h) => h,
            None => return,
        },
        None => return,
    };
    let row = match hub.store.load_game(game).await {
        Ok(Some(row)) => row,
        Ok(None) => return,
        Err(e) => {
            return crate::log::warn("game not read again", &[("game", &game.0), ("error", &e)]);
        }
    };
    let mut g = handle.state.lock().await;
    if row.status != GameStatus::Playing {
        if !g.over {
            g.over = true;
            handle
                .deadline
                .store(0, std::sync::atomic::Ordering::Relaxed);
            let full = crate::play::full_from_row(hub, &row, None);
            if let Some(end) = row.end.clone() {
                g.broadcast(&ServerMessage::End {
                    game,
                    end,
                    clocks: full.clocks,
                });
            }
            lock(&hub.games).remove(&game);
        }
        return;
    }
    if row.moves.len() == g.moves.len() && row.moves.iter().zip(&g.moves).all(|(r, m)| r.mv == *m) {
        // The copy was up to date: its clock, kept by the events, stands.
        handle.set_deadline(&g.clock);
        return;
    }
    match crate::play::live_from_row(hub, &row) {
        Ok(mut fresh) => {
            fresh.watchers = std::mem::take(&mut g.watchers);
            fresh.draw_offer = g.draw_offer;
            fresh.takeback_offer = g.takeback_offer;
            fresh.gone_since = g.gone_since;
            *g = fresh;
            handle.set_deadline(&g.clock);
            g.send_full_to_all(now_ms());
        }
        Err(e) => crate::log::warn("game not read again", &[("game", &game.0), ("error", &e)]),
    }
}
