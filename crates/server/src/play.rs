//! Playing: starting games, moves, clocks and flags, offers, ends, watching,
//! reconnection, and resuming games after a restart.

use crate::clock::{Clock, Flagged, now_ms};
use crate::conn::Conn;
use crate::game::{GameHandle, LiveGame, Seat, end_of, end_of_outcome, side_of};
use crate::hub::{Hub, Refusal, User, lock, refuse};
use crate::material::cannot_mate;
use crate::notation::{read_move, write_move};
use crate::store::{Finish, GameRow, MoveRow, NewGame, StoreError, UserId};
use chess4d_core::Game;
use chess4d_protocol::{
    ClockConfig, Clocks, ErrorKind, GameEnd, GameFull, GameId, GameStatus, PlayerInfo,
    ServerMessage, Side,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) fn internal(e: StoreError) -> Refusal {
    refuse(ErrorKind::Internal, e.to_string())
}

/// Starts a game between two users: stored, then sent in full to every connection of
/// both players.
pub async fn start_game(
    hub: &Arc<Hub>,
    white: User,
    black: User,
    variant: &str,
    clock: ClockConfig,
    rated: bool,
) -> Result<(), Refusal> {
    let served = hub
        .variants
        .get(variant)
        .cloned()
        .ok_or_else(|| refuse(ErrorKind::NotFound, "no such variant"))?;
    let (wi, bi) = (
        hub.player_info(&white, variant).await,
        hub.player_info(&black, variant).await,
    );
    let rules = served.rules.clone();
    let start_fen = rules.format_position(&rules.start_position());
    let now = now_ms();
    let new = NewGame {
        variant: variant.to_string(),
        variant_sha256: served.info.sha256.clone(),
        white: white.id,
        black: black.id,
        rated,
        clock,
        start_fen: start_fen.clone(),
        started_at_ms: now,
    };
    let id = hub.store.create_game(new).await.map_err(internal)?;
    if let Some(c) = &hub.cluster
        && let Err(e) = c.claim_new(id).await
    {
        // Not fatal: an unleased game is taken over by a node within a beat.
        crate::log::warn("no lease yet", &[("game", &id.0), ("error", &e)]);
    }
    let mut live = LiveGame {
        id,
        variant: served,
        game: Game::new(rules),
        white: Seat {
            id: white.id,
            info: wi,
        },
        black: Seat {
            id: black.id,
            info: bi,
        },
        rated,
        clock_config: clock,
        clock: Clock::new(clock),
        start_fen,
        moves: Vec::new(),
        draw_offer: None,
        takeback_offer: None,
        gone_since: [None, None],
        watchers: Default::default(),
        over: false,
    };
    {
        let online = lock(&hub.online);
        for (user, side) in [(white.id, Side::White), (black.id, Side::Black)] {
            for (conn, outbox) in online.get(&user).into_iter().flatten() {
                live.watchers.insert(*conn, (outbox.clone(), Some(side)));
            }
        }
    }
    live.send_full_to_all(now);
    let handle = Arc::new(GameHandle {
        id,
        white: white.id,
        black: black.id,
        deadline: AtomicU64::new(0),
        state: tokio::sync::Mutex::new(live),
    });
    lock(&hub.games).insert(id, handle);
    crate::lobby_sync::announce(hub, id, [white.id, black.id]);
    Ok(())
}

/// The refusal for a game that is not live: over, or unknown.
async fn not_live(hub: &Hub, game: GameId) -> Refusal {
    match hub.store.load_game(game).await {
        Ok(Some(_)) => refuse(ErrorKind::GameOver, format!("game {} is over", game.0)),
        Ok(None) => refuse(ErrorKind::NotFound, format!("no game {}", game.0)),
        Err(e) => internal(e),
    }
}

/// The live game and the side the connection's user plays in it.
async fn my_game(hub: &Hub, conn: &Conn, game: GameId) -> Result<(Arc<GameHandle>, Side), Refusal> {
    let user = conn.user()?;
    let Some(handle) = crate::cluster::adopt(hub, game).await else {
        return Err(not_live(hub, game).await);
    };
    let side = handle.side(user.id).ok_or_else(|| {
        refuse(
            ErrorKind::NotYourGame,
            format!("you do not play in game {}", game.0),
        )
    })?;
    Ok((handle, side))
}

/// `watch`: the game in full, then its events (a finished game: in full only).
pub async fn watch(hub: &Arc<Hub>, conn: &mut Conn, game: GameId) -> Result<(), Refusal> {
    let now = now_ms();
    if let Some(handle) = crate::cluster::adopt(hub, game).await {
        let side = conn.user.as_ref().and_then(|u| handle.side(u.id));
        let mut g = handle.state.lock().await;
        if !g.over {
            g.watchers.insert(conn.id, (conn.outbox.clone(), side));
            conn.watching.insert(game);
            conn.send(&ServerMessage::GameFull {
                game: Box::new(g.full(side, now)),
            });
            return Ok(());
        }
    }
    let row = hub
        .store
        .load_game(game)
        .await
        .map_err(internal)?
        .ok_or_else(|| refuse(ErrorKind::NotFound, format!("no game {}", game.0)))?;
    let you = conn.user.as_ref().and_then(|u| {
        if u.id == row.game.white {
            Some(Side::White)
        } else if u.id == row.game.black {
            Some(Side::Black)
        } else {
            None
        }
    });
    conn.send(&ServerMessage::GameFull {
        game: Box::new(full_from_row(hub, &row, you)),
    });
    Ok(())
}

/// A stored game in full (finished games, and `GET /api/games/{id}`).
pub fn full_from_row(hub: &Hub, row: &GameRow, you: Option<Side>) -> GameFull {
    let variant = hub
        .variants
        .get(&row.game.variant)
        .map(|s| s.info.clone())
        .unwrap_or(chess4d_protocol::VariantInfo {
            name: row.game.variant.clone(),
            toml: String::new(),
            sha256: row.game.variant_sha256.clone(),
            plugin: None,
        });
    let (white_ms, black_ms) = row
        .final_clocks
        .or_else(|| row.moves.last().map(|m| (m.white_ms, m.black_ms)))
        .unwrap_or_else(|| {
            let s = Clock::new(row.game.clock).snapshot(0);
            (s.white_ms, s.black_ms)
        });
    GameFull {
        id: row.id,
        variant,
        white: PlayerInfo {
            name: row.white_name.clone(),
            guest: row.white_guest,
            rating: None,
        },
        black: PlayerInfo {
            name: row.black_name.clone(),
            guest: row.black_guest,
            rating: None,
        },
        rated: row.game.rated,
        clock: row.game.clock,
        start_fen: row.game.start_fen.clone(),
        moves: row.moves.iter().map(|m| m.mv.clone()).collect(),
        clocks: Clocks {
            white_ms,
            black_ms,
            running: None,
        },
        status: row.status,
        end: row.end.clone(),
        you,
        draw_offer: None,
        takeback_offer: None,
    }
}

/// `unwatch` (and a closing connection).
pub async fn unwatch(hub: &Hub, conn: &mut Conn, game: GameId) {
    conn.watching.remove(&game);
    if let Some(handle) = hub.game(game) {
        handle.state.lock().await.watchers.remove(&conn.id);
    }
}

/// `move`: checked by the rules, charged to the clock, stored, then sent to everyone.
pub async fn play_move(
    hub: &Arc<Hub>,
    conn: &Conn,
    game: GameId,
    ply: u32,
    text: &str,
    lag_ms: u64,
    frame_lag_ms: Option<u64>,
) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = handle.state.lock().await;
    if g.over {
        return Err(refuse(
            ErrorKind::GameOver,
            format!("game {} is over", game.0),
        ));
    }
    if ply != g.ply() {
        return Err(refuse(
            ErrorKind::StaleMove,
            format!(
                "the game has {} plies; this move was sent for ply {ply}",
                g.ply()
            ),
        ));
    }
    if g.to_move() != side {
        return Err(refuse(
            ErrorKind::NotYourTurn,
            format!("it is {}'s turn", side_name(side.other())),
        ));
    }
    let rules = g.game.rules().clone();
    let mv = read_move(&*rules, g.game.position(), text)
        .map_err(|e| refuse(ErrorKind::IllegalMove, e))?;
    if !g.game.legal_moves().contains(&mv) {
        return Err(refuse(
            ErrorKind::IllegalMove,
            format!("{} is not a legal move here", text.escape_debug()),
        ));
    }
    let now = now_ms();
    let mut clock = g.clock.clone();
    if let Err(Flagged(_)) = clock.on_move(side, now, lag_ms, frame_lag_ms) {
        flag(hub, &handle, &mut g, now).await?;
        return Err(refuse(
            ErrorKind::GameOver,
            "your time ran out before the move arrived",
        ));
    }
    let written = write_move(&*rules, g.game.position(), mv);
    // Stopped: what each side has left once the mover's time is charged (as of `now`).
    let clocks = clock.snapshot(now);
    let row = MoveRow {
        ply,
        mv: written.clone(),
        white_ms: clocks.white_ms,
        black_ms: clocks.black_ms,
        at_ms: now,
    };
    match hub.store.append_move(game, row).await {
        Ok(()) => {}
        Err(StoreError::Conflict(_)) if hub.cluster.is_some() => {
            // Another node stored this ply first: this copy is behind. It is read again
            // once this lock is released, and the player sees the move they missed.
            let (hub, id) = (hub.clone(), game);
            tokio::spawn(async move { crate::cluster::reload(&hub, id, false).await });
            return Err(refuse(
                ErrorKind::StaleMove,
                format!("ply {ply} was just played in game {}", game.0),
            ));
        }
        Err(e) => return Err(internal(e)),
    }
    if let Err(e) = g.game.play(mv) {
        // The rules refused what they listed (a faulty plugin): take the stored move back.
        let _ = hub.store.truncate_moves(game, ply).await;
        return Err(refuse(ErrorKind::IllegalMove, e.to_string()));
    }
    // The opponent's clock starts once the move is stored and sent: the storage delay
    // is the server's, not charged to the opponent.
    let started = now_ms();
    if ply + 1 >= 2 {
        clock.start(side.other(), started);
    }
    let clocks = clock.snapshot(started);
    g.moves.push(written.clone());
    g.clock = clock;
    // A player who moves is here, whatever a lost race with a closing socket left.
    if g.gone_since[index(side)].take().is_some() {
        tell(hub, &g, &ServerMessage::PlayerBack { game, side }).await;
    }
    handle.set_deadline(&g.clock);
    if g.draw_offer == Some(side.other()) {
        g.draw_offer = None;
    }
    g.takeback_offer = None;
    tell(
        hub,
        &g,
        &ServerMessage::Move {
            game,
            ply,
            mv: written,
            clocks,
        },
    )
    .await;
    if let Some(outcome) = g.game.outcome() {
        finish(
            hub,
            &handle,
            &mut g,
            end_of_outcome(outcome),
            GameStatus::Finished,
            started,
        )
        .await?;
    }
    Ok(())
}

/// Sends `msg` to the game's watchers here and to the other nodes' (after the change it
/// reports is stored).
async fn tell(hub: &Hub, g: &LiveGame, msg: &ServerMessage) {
    g.broadcast(msg);
    hub.publish(g.id, msg).await;
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Ends a game: stored (with the ratings of a rated game), then sent to everyone.
pub async fn finish(
    hub: &Hub,
    handle: &GameHandle,
    g: &mut LiveGame,
    end: GameEnd,
    status: GameStatus,
    now: u64,
) -> Result<(), Refusal> {
    let mut clock = g.clock.clone();
    clock.stop(now);
    let clocks = clock.snapshot(now);
    let finish = Finish {
        game: g.id,
        status,
        end,
        clocks: (clocks.white_ms, clocks.black_ms),
        at_ms: now,
    };
    let end = match hub.store.finish_game(finish).await {
        Ok(end) => end,
        Err(StoreError::Conflict(_)) if hub.cluster.is_some() => {
            // Another node stored the end first; its event tells the watchers.
            g.over = true;
            handle.deadline.store(0, Ordering::Relaxed);
            lock(&hub.games).remove(&g.id);
            return Err(refuse(
                ErrorKind::GameOver,
                format!("game {} is over", g.id.0),
            ));
        }
        Err(e) => return Err(internal(e)),
    };
    g.clock = clock;
    g.over = true;
    handle.deadline.store(0, Ordering::Relaxed);
    tell(
        hub,
        g,
        &ServerMessage::End {
            game: g.id,
            end,
            clocks,
        },
    )
    .await;
    lock(&hub.games).remove(&g.id);
    Ok(())
}

/// The running side's flag fell: it loses, or draws when the opponent cannot mate.
async fn flag(hub: &Hub, handle: &GameHandle, g: &mut LiveGame, now: u64) -> Result<(), Refusal> {
    let loser = g.to_move();
    let winner = loser.other();
    let color = match winner {
        Side::White => chess4d_core::Color::White,
        Side::Black => chess4d_core::Color::Black,
    };
    let (rules, mating) = (g.variant.rules.clone(), g.variant.mating.clone());
    let pos = g.game.position().clone();
    // The first flag of a variant searches its pieces (squares³ placements): off the
    // async workers.
    let cannot = tokio::task::spawn_blocking(move || cannot_mate(&*rules, &pos, color, &mating))
        .await
        .unwrap_or(false);
    let end = if cannot {
        end_of(None, "timeout_vs_insufficient")
    } else {
        end_of(Some(winner), "timeout")
    };
    finish(hub, handle, g, end, GameStatus::Finished, now).await
}

/// Watches the clocks of every live game and ends those whose flag fell.
pub async fn flag_watch(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_millis(50));
    loop {
        tick.tick().await;
        let now = now_ms();
        let due: Vec<Arc<GameHandle>> = lock(&hub.games)
            .values()
            .filter(|h| {
                let d = h.deadline.load(Ordering::Relaxed);
                // With several nodes only the game's owner lets its flag fall.
                d != 0 && d <= now && hub.cluster.as_ref().is_none_or(|c| c.owns(h.id))
            })
            .cloned()
            .collect();
        for handle in due {
            let mut g = handle.state.lock().await;
            let now = now_ms();
            if !g.over
                && g.clock.deadline().is_some_and(|d| d <= now)
                && let Err(e) = flag(&hub, &handle, &mut g, now).await
            {
                crate::log::warn(
                    "the flag could not be recorded",
                    &[("game", &g.id.0), ("error", &e)],
                );
            }
        }
    }
}

/// `resign`.
pub async fn resign(hub: &Arc<Hub>, conn: &Conn, game: GameId) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    finish(
        hub,
        &handle,
        &mut g,
        end_of(Some(side.other()), "resignation"),
        GameStatus::Finished,
        now_ms(),
    )
    .await
}

async fn live(handle: &GameHandle) -> Result<tokio::sync::MutexGuard<'_, LiveGame>, Refusal> {
    let g = handle.state.lock().await;
    if g.over {
        return Err(refuse(
            ErrorKind::GameOver,
            format!("game {} is over", handle.id.0),
        ));
    }
    Ok(g)
}

/// `abort`: only before each side has moved.
pub async fn abort(hub: &Arc<Hub>, conn: &Conn, game: GameId) -> Result<(), Refusal> {
    let (handle, _) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    if g.ply() >= 2 {
        return Err(refuse(
            ErrorKind::NotNow,
            "both sides have moved: resign or offer a draw",
        ));
    }
    finish(
        hub,
        &handle,
        &mut g,
        aborted(),
        GameStatus::Aborted,
        now_ms(),
    )
    .await
}

/// The end of an aborted game: no result, no rating change.
fn aborted() -> GameEnd {
    GameEnd {
        result: "*".into(),
        winner: None,
        reason: "aborted".into(),
        white_rating: None,
        black_rating: None,
    }
}

/// `draw_offer`: offers, or accepts the opponent's offer.
pub async fn draw_offer(hub: &Arc<Hub>, conn: &Conn, game: GameId) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    if g.draw_offer == Some(side.other()) {
        return finish(
            hub,
            &handle,
            &mut g,
            end_of(None, "agreement"),
            GameStatus::Finished,
            now_ms(),
        )
        .await;
    }
    if g.draw_offer == Some(side) {
        return Err(refuse(ErrorKind::NotNow, "your draw offer stands"));
    }
    g.draw_offer = Some(side);
    tell(hub, &g, &ServerMessage::DrawOffered { game, by: side }).await;
    Ok(())
}

/// `draw_decline` and `takeback_decline`.
pub async fn decline(
    hub: &Arc<Hub>,
    conn: &Conn,
    game: GameId,
    takeback: bool,
) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    let offer = if takeback {
        &mut g.takeback_offer
    } else {
        &mut g.draw_offer
    };
    if *offer != Some(side.other()) {
        return Err(refuse(
            ErrorKind::NotNow,
            "there is no offer of your opponent's to decline",
        ));
    }
    *offer = None;
    tell(hub, &g, &ServerMessage::OfferDeclined { game, by: side }).await;
    Ok(())
}

/// `takeback_offer`: asks, or accepts the opponent's request (casual games only).
pub async fn takeback_offer(hub: &Arc<Hub>, conn: &Conn, game: GameId) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    if g.rated {
        return Err(refuse(ErrorKind::NotNow, "no takebacks in rated games"));
    }
    let asker = if g.takeback_offer == Some(side.other()) {
        side.other()
    } else {
        side
    };
    let ply = g.ply();
    let asker_moved = match asker {
        Side::White => ply >= 1,
        Side::Black => ply >= 2,
    };
    if !asker_moved {
        return Err(refuse(
            ErrorKind::NotNow,
            "there is no move of yours to take back",
        ));
    }
    if asker == side {
        if g.takeback_offer == Some(side) {
            return Err(refuse(ErrorKind::NotNow, "your takeback request stands"));
        }
        g.takeback_offer = Some(side);
        tell(hub, &g, &ServerMessage::TakebackOffered { game, by: side }).await;
        return Ok(());
    }
    // Accepted: back to the position before the asker's last move.
    let last_mover = g.to_move().other();
    let undo = if last_mover == asker { 1 } else { 2 };
    let left = ply - undo;
    hub.store
        .truncate_moves(game, left)
        .await
        .map_err(internal)?;
    for _ in 0..undo {
        g.game.undo();
    }
    g.moves.truncate(left as usize);
    let now = now_ms();
    g.clock.stop(now);
    if left >= 2 {
        let to_move = g.to_move();
        g.clock.start(to_move, now);
    }
    handle.set_deadline(&g.clock);
    g.takeback_offer = None;
    g.draw_offer = None;
    let clocks = g.clock.snapshot(now);
    tell(
        hub,
        &g,
        &ServerMessage::Takeback {
            game,
            ply: left,
            clocks,
        },
    )
    .await;
    Ok(())
}

/// `claim_victory`: the opponent has been gone past the limit.
pub async fn claim(hub: &Arc<Hub>, conn: &Conn, game: GameId, draw: bool) -> Result<(), Refusal> {
    let (handle, side) = my_game(hub, conn, game).await?;
    let mut g = live(&handle).await?;
    let now = now_ms();
    let opp = side.other();
    let gone = g.gone_since[index(opp)];
    match gone {
        Some(since) if now.saturating_sub(since) >= hub.settings.claim_after_ms => {
            if g.ply() < 2 {
                // Before each side has moved nothing was played to win or lose: the game
                // is aborted, unrated (as lichess does), whatever was claimed.
                return finish(hub, &handle, &mut g, aborted(), GameStatus::Aborted, now).await;
            }
            let winner = if draw { None } else { Some(side) };
            finish(
                hub,
                &handle,
                &mut g,
                end_of(winner, "abandoned"),
                GameStatus::Finished,
                now,
            )
            .await
        }
        Some(since) => Err(refuse(
            ErrorKind::NotNow,
            format!(
                "your opponent left {} ms ago; you may claim after {} ms",
                now.saturating_sub(since),
                hub.settings.claim_after_ms
            ),
        )),
        None => Err(refuse(ErrorKind::NotNow, "your opponent is connected")),
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// A user's first connection opened: they are back in their games.
pub async fn player_back(hub: &Hub, user: UserId) {
    for handle in hub.games_of(user) {
        let Some(side) = handle.side(user) else {
            continue;
        };
        let mut g = handle.state.lock().await;
        let back = ServerMessage::PlayerBack {
            game: handle.id,
            side,
        };
        if g.gone_since[index(side)].take().is_some() {
            tell(hub, &g, &back).await;
        } else {
            // Another node may have seen them leave (they moved here): it must not let
            // the opponent claim against a player who is here.
            hub.publish(handle.id, &back).await;
        }
    }
}

/// A user's last connection closed: their games learn it, the clocks run on.
pub async fn player_gone(hub: &Hub, user: UserId, conn: crate::game::ConnId) {
    let now = now_ms();
    for handle in hub.games_of(user) {
        let Some(side) = handle.side(user) else {
            continue;
        };
        let mut g = handle.state.lock().await;
        g.watchers.remove(&conn);
        // `closed` saw this as the last connection before this game's lock was taken: a
        // reconnect's `player_back` may have run in between. Decided again under the
        // game lock, a player online again is never marked gone (nothing would clear it).
        if lock(&hub.online).contains_key(&user) {
            continue;
        }
        if g.gone_since[index(side)].is_none() {
            g.gone_since[index(side)] = Some(now);
            tell(
                hub,
                &g,
                &ServerMessage::PlayerGone {
                    game: handle.id,
                    side,
                    claim_after_ms: hub.settings.claim_after_ms,
                },
            )
            .await;
        }
    }
}

/// A connection of a player closed (not their last): it stops receiving their games.
pub async fn forget_connection(hub: &Hub, user: UserId, conn: crate::game::ConnId) {
    for handle in hub.games_of(user) {
        handle.state.lock().await.watchers.remove(&conn);
    }
}

/// Loads every game still being played after a restart: moves replayed by the rules,
/// clocks resumed from the last stored move (they ran while the server was down), both
/// players counted as gone until they reconnect. Returns how many were resumed.
pub async fn resume(hub: &Arc<Hub>) -> Result<usize, String> {
    let rows = hub.store.playing_games().await.map_err(|e| e.to_string())?;
    let now = now_ms();
    let mut resumed = 0;
    for row in rows {
        match resume_one(hub, &row, now).await {
            Ok(()) => resumed += 1,
            Err(e) => crate::log::warn(
                "a game cannot be resumed",
                &[("game", &row.id.0), ("error", &e)],
            ),
        }
    }
    Ok(resumed)
}

/// A live game rebuilt from its stored row: moves replayed by the rules, clocks from the
/// last stored move (running for the side to move since that move's time), nobody
/// watching and nobody gone yet.
pub fn live_from_row(hub: &Hub, row: &GameRow) -> Result<LiveGame, String> {
    let served = hub
        .variants
        .get(&row.game.variant)
        .cloned()
        .ok_or_else(|| format!("the variant {} is not served", row.game.variant))?;
    let rules = served.rules.clone();
    let start = rules
        .parse_position(&row.game.start_fen)
        .map_err(|e| e.to_string())?;
    let mut game = Game::try_from_position(rules, start).map_err(|e| e.to_string())?;
    for m in &row.moves {
        game.play_str(&m.mv)
            .map_err(|e| format!("ply {}: {e}", m.ply))?;
    }
    let to_move = side_of(game.position().side_to_move());
    let clock = match row.moves.last() {
        Some(last) if row.moves.len() >= 2 => Clock::resume(
            row.game.clock,
            (last.white_ms, last.black_ms),
            Some((to_move, last.at_ms)),
        ),
        Some(last) => Clock::resume(row.game.clock, (last.white_ms, last.black_ms), None),
        None => Clock::new(row.game.clock),
    };
    let seat = |id: UserId, name: &str, guest: bool| Seat {
        id,
        info: PlayerInfo {
            name: name.into(),
            guest,
            rating: None,
        },
    };
    Ok(LiveGame {
        id: row.id,
        variant: served,
        game,
        white: seat(row.game.white, &row.white_name, row.white_guest),
        black: seat(row.game.black, &row.black_name, row.black_guest),
        rated: row.game.rated,
        clock_config: row.game.clock,
        clock,
        start_fen: row.game.start_fen.clone(),
        moves: row.moves.iter().map(|m| m.mv.clone()).collect(),
        draw_offer: None,
        takeback_offer: None,
        gone_since: [None, None],
        watchers: Default::default(),
        over: false,
    })
}

/// The handle of a live game (its deadline not yet set).
pub fn handle_of(live: LiveGame) -> Arc<GameHandle> {
    Arc::new(GameHandle {
        id: live.id,
        white: live.white.id,
        black: live.black.id,
        deadline: AtomicU64::new(0),
        state: tokio::sync::Mutex::new(live),
    })
}

async fn resume_one(hub: &Arc<Hub>, row: &GameRow, now: u64) -> Result<(), String> {
    let mut live = live_from_row(hub, row)?;
    live.gone_since = [Some(now), Some(now)];
    let handle = handle_of(live);
    lock(&hub.games).insert(row.id, handle.clone());
    let mut g = handle.state.lock().await;
    handle.set_deadline(&g.clock);
    // A move stored just before a crash may have ended the game.
    if let Some(outcome) = g.game.outcome() {
        finish(
            hub,
            &handle,
            &mut g,
            end_of_outcome(outcome),
            GameStatus::Finished,
            now,
        )
        .await
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}
