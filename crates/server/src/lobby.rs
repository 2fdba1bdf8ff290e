//! Finding a game: seeks in a live lobby, direct challenges, invitation codes.

use crate::conn::Conn;
use crate::hub::{Challenge, Hub, Refusal, Seek, User, lock, refuse};
use chess4d_protocol::{
    ChallengeId, ChallengeInfo, ClockConfig, ColorChoice, ErrorKind, RatingRange, SeekId, SeekInfo,
    ServerMessage,
};
use std::sync::Arc;

/// The longest Fischer initial time (3 hours) and increment (3 minutes).
const MAX_INITIAL_MS: u64 = 3 * 3600 * 1000;
const MAX_INCREMENT_MS: u64 = 180 * 1000;

/// The most seeks one player may have open: enough for any person, and a bound on what
/// one account can make the server hold.
pub const MAX_OPEN_SEEKS: usize = 10;
/// The most challenges and invitations one player may have open, for the same reason.
pub const MAX_OPEN_CHALLENGES: usize = 10;

fn too_many(what: &str, max: usize) -> Refusal {
    refuse(
        ErrorKind::RateLimited,
        format!("you have {max} {what} open, the most allowed: cancel one first"),
    )
}

/// Checks a time control against the limits of the protocol.
pub fn check_clock(clock: ClockConfig, rated: bool) -> Result<(), Refusal> {
    let bad = |m: &str| Err(refuse(ErrorKind::BadRequest, m.to_string()));
    match clock {
        ClockConfig::Fischer {
            initial_ms,
            increment_ms,
        } => {
            if initial_ms > MAX_INITIAL_MS || increment_ms > MAX_INCREMENT_MS {
                return bad("a clock is at most 3 hours plus 3 minutes a move");
            }
            if initial_ms == 0 && increment_ms == 0 {
                return bad("a clock of 0+0 cannot be played");
            }
        }
        ClockConfig::Correspondence { days } if !(1..=14).contains(&days) => {
            return bad("correspondence is 1 to 14 days a move");
        }
        ClockConfig::Unlimited if rated => return bad("rated games have a clock"),
        _ => {}
    }
    Ok(())
}

fn check_offer(
    hub: &Hub,
    conn: &Conn,
    user: &User,
    variant: &str,
    clock: ClockConfig,
    rated: bool,
) -> Result<(), Refusal> {
    let Some(served) = hub.variants.get(variant) else {
        if hub.variants.is_untrusted(variant) {
            return Err(refuse(
                ErrorKind::UntrustedVariant,
                format!(
                    "\"{}\" is a rule plugin this server does not trust, so it is not played here",
                    variant.escape_debug()
                ),
            ));
        }
        return Err(refuse(
            ErrorKind::NotFound,
            format!("this server has no variant \"{}\"", variant.escape_debug()),
        ));
    };
    if let Some(lib) = &served.info.plugin
        && !conn.plugins.contains(&lib.sha256)
    {
        return Err(refuse(
            ErrorKind::MissingPlugin,
            format!(
                "\"{variant}\" is played with the rule plugin library \"{}\" whose SHA-256 is {}; \
                 this client did not say it has that library (hello's \"plugins\"): install \
                 the identical library to play it",
                lib.library, lib.sha256
            ),
        ));
    }
    if rated && user.guest {
        return Err(refuse(
            ErrorKind::Unauthorized,
            "rated games need an account",
        ));
    }
    check_clock(clock, rated)
}

/// `lobby`: starts or stops the lobby's events for this connection.
pub fn watch_lobby(hub: &Hub, conn: &Conn, on: bool) {
    let mut lobby = lock(&hub.lobby);
    if on {
        lobby.watchers.insert(conn.id, conn.outbox.clone());
        let seeks = lobby.seeks.values().map(|s| s.info.clone()).collect();
        conn.send(&ServerMessage::Lobby { seeks });
    } else {
        lobby.watchers.remove(&conn.id);
    }
}

/// `seek`.
pub async fn seek(
    hub: &Arc<Hub>,
    conn: &Conn,
    variant: String,
    clock: ClockConfig,
    rated: bool,
    color: ColorChoice,
    rating_range: Option<RatingRange>,
) -> Result<(), Refusal> {
    let user = conn.user()?.clone();
    check_offer(hub, conn, &user, &variant, clock, rated)?;
    if rating_range.is_some_and(|r| !(r.min <= r.max && r.min.is_finite() && r.max.is_finite())) {
        return Err(refuse(
            ErrorKind::BadRequest,
            "a rating range needs min <= max",
        ));
    }
    let player = hub.player_info(&user, &variant).await;
    let info = SeekInfo {
        id: SeekId(hub.fresh_id()),
        player,
        variant,
        clock,
        rated,
        color,
        rating_range,
    };
    let msg = ServerMessage::SeekAdded { seek: info.clone() };
    let watched = {
        let mut lobby = lock(&hub.lobby);
        if lobby
            .seeks
            .values()
            .filter(|s| s.owner.id == user.id)
            .count()
            >= MAX_OPEN_SEEKS
        {
            return Err(too_many("seeks", MAX_OPEN_SEEKS));
        }
        lobby.seeks.insert(
            info.id,
            Seek {
                info,
                owner: user,
                conn: conn.id,
            },
        );
        lobby.watchers.contains_key(&conn.id)
    };
    hub.send_to_lobby(&msg);
    if !watched {
        conn.send(&msg);
    }
    Ok(())
}

/// `cancel_seek`.
pub fn cancel_seek(hub: &Hub, conn: &Conn, id: SeekId) -> Result<(), Refusal> {
    let user = conn.user()?;
    {
        let mut lobby = lock(&hub.lobby);
        match lobby.seeks.get(&id) {
            None => return Err(refuse(ErrorKind::NotFound, "no such seek")),
            Some(s) if s.owner.id != user.id => {
                return Err(refuse(
                    ErrorKind::NotYourGame,
                    "that seek is someone else's",
                ));
            }
            Some(_) => {
                lobby.seeks.remove(&id);
            }
        }
    }
    hub.send_to_lobby(&ServerMessage::SeekRemoved { seek: id });
    Ok(())
}

/// `accept_seek`: the game starts.
pub async fn accept_seek(hub: &Arc<Hub>, conn: &Conn, id: SeekId) -> Result<(), Refusal> {
    let user = conn.user()?.clone();
    let seek = {
        let lobby = lock(&hub.lobby);
        lobby
            .seeks
            .get(&id)
            .cloned()
            .ok_or_else(|| refuse(ErrorKind::NotFound, "no such seek"))?
    };
    if seek.owner.id == user.id {
        return Err(refuse(ErrorKind::NotNow, "that is your own seek"));
    }
    check_offer(
        hub,
        conn,
        &user,
        &seek.info.variant,
        seek.info.clock,
        seek.info.rated,
    )?;
    if let Some(range) = seek.info.rating_range {
        let r = hub
            .player_info(&user, &seek.info.variant)
            .await
            .rating
            .unwrap_or(1500.0);
        if r < range.min || r > range.max {
            return Err(refuse(
                ErrorKind::NotNow,
                format!("your rating {r:.0} is outside the seek's range"),
            ));
        }
    }
    // Whoever takes the seek out of the lobby first gets the game (with several nodes,
    // the first to claim it in the database).
    if lock(&hub.lobby).seeks.remove(&id).is_none() {
        return Err(refuse(ErrorKind::NotFound, "the seek was taken"));
    }
    if let Some(c) = &hub.cluster
        && !c.claim_seek(id.0).await.map_err(crate::play::internal)?
    {
        return Err(refuse(ErrorKind::NotFound, "the seek was taken"));
    }
    hub.send_to_lobby(&ServerMessage::SeekRemoved { seek: id });
    let (white, black) = seat(seek.info.color, seek.owner, user)?;
    crate::play::start_game(
        hub,
        white,
        black,
        &seek.info.variant,
        seek.info.clock,
        seek.info.rated,
    )
    .await
}

/// Who plays White and Black when `creator` asked for `color` and `other` accepted.
fn seat(color: ColorChoice, creator: User, other: User) -> Result<(User, User), Refusal> {
    let creator_white = match color {
        ColorChoice::White => true,
        ColorChoice::Black => false,
        ColorChoice::Random => {
            crate::auth::random_bytes::<1>().map_err(|e| refuse(ErrorKind::Internal, e))?[0] & 1
                == 0
        }
    };
    Ok(if creator_white {
        (creator, other)
    } else {
        (other, creator)
    })
}

/// `challenge`: to a named player, or an invitation with a code.
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    hub: &Arc<Hub>,
    conn: &Conn,
    to: Option<String>,
    variant: String,
    clock: ClockConfig,
    rated: bool,
    color: ColorChoice,
) -> Result<(), Refusal> {
    let user = conn.user()?.clone();
    check_offer(hub, conn, &user, &variant, clock, rated)?;
    let target = match &to {
        Some(name) => {
            let row = hub
                .store
                .user_by_name(name)
                .await
                .map_err(|e| refuse(ErrorKind::Internal, e.to_string()))?
                .ok_or_else(|| {
                    refuse(
                        ErrorKind::NotFound,
                        format!("no player \"{}\"", name.escape_debug()),
                    )
                })?;
            if row.id == user.id {
                return Err(refuse(ErrorKind::NotNow, "you cannot challenge yourself"));
            }
            if rated && row.guest {
                return Err(refuse(
                    ErrorKind::Unauthorized,
                    "a guest cannot play rated games",
                ));
            }
            Some(row)
        }
        None => None,
    };
    let code = match target {
        Some(_) => None,
        None => Some(invite_code().map_err(|e| refuse(ErrorKind::Internal, e))?),
    };
    let from = hub.player_info(&user, &variant).await;
    let id = hub.fresh_id();
    let info = ChallengeInfo {
        id: ChallengeId(id),
        from,
        to: target.as_ref().map(|t| t.name.clone()),
        variant,
        clock,
        rated,
        color,
        code: code.clone(),
    };
    {
        let mut c = lock(&hub.challenges);
        if c.0.values().filter(|ch| ch.from.id == user.id).count() >= MAX_OPEN_CHALLENGES {
            return Err(too_many("challenges and invitations", MAX_OPEN_CHALLENGES));
        }
        c.0.insert(
            id,
            Challenge {
                info: info.clone(),
                from: user,
                to: target.as_ref().map(|t| t.id),
                conn: conn.id,
            },
        );
        if let Some(code) = &code {
            c.1.insert(code.clone(), id);
        }
    }
    conn.send(&ServerMessage::Challenge {
        challenge: info.clone(),
    });
    if let Some(t) = target {
        let public = ChallengeInfo { code: None, ..info };
        if !hub.send_to_user(t.id, &ServerMessage::Challenge { challenge: public }) {
            lock(&hub.challenges).0.remove(&id);
            conn.send(&ServerMessage::ChallengeGone {
                challenge: ChallengeId(id),
            });
            return Err(refuse(
                ErrorKind::NotNow,
                format!("{} is not connected", t.name),
            ));
        }
    }
    Ok(())
}

/// 8 letters and digits, without look-alikes.
fn invite_code() -> Result<String, String> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let bytes = crate::auth::random_bytes::<8>()?;
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect())
}

/// `accept_challenge` (or `join_invite` with its code).
pub async fn accept_challenge(
    hub: &Arc<Hub>,
    conn: &Conn,
    id: u64,
    code: Option<&str>,
) -> Result<(), Refusal> {
    let user = conn.user()?.clone();
    let challenge = {
        let c = lock(&hub.challenges);
        c.0.get(&id)
            .cloned()
            .ok_or_else(|| refuse(ErrorKind::NotFound, "no such challenge"))?
    };
    match (&challenge.info.to, code) {
        (Some(to), _) if !to.eq_ignore_ascii_case(&user.name) => {
            return Err(refuse(
                ErrorKind::NotYourGame,
                "that challenge is for someone else",
            ));
        }
        (None, None) => {
            return Err(refuse(
                ErrorKind::NotFound,
                "an invitation is joined with its code",
            ));
        }
        _ => {}
    }
    if challenge.from.id == user.id {
        return Err(refuse(ErrorKind::NotNow, "that is your own challenge"));
    }
    check_offer(
        hub,
        conn,
        &user,
        &challenge.info.variant,
        challenge.info.clock,
        challenge.info.rated,
    )?;
    {
        let mut c = lock(&hub.challenges);
        if c.0.remove(&id).is_none() {
            return Err(refuse(ErrorKind::NotFound, "the challenge was taken"));
        }
        if let Some(code) = &challenge.info.code {
            c.1.remove(code);
        }
    }
    // Both lists drop the challenge before the game starts (its `game_full` follows), so
    // no client keeps offering a challenge that is already a game.
    let gone = ServerMessage::ChallengeGone {
        challenge: ChallengeId(id),
    };
    hub.send_to_user(challenge.from.id, &gone);
    if let Some(to) = challenge.to {
        hub.send_to_user(to, &gone);
    }
    let info = challenge.info;
    let (white, black) = seat(info.color, challenge.from, user)?;
    crate::play::start_game(hub, white, black, &info.variant, info.clock, info.rated).await
}

/// `decline_challenge`: by the one challenged, or withdrawn by its maker.
pub fn decline_challenge(hub: &Hub, conn: &Conn, id: u64) -> Result<(), Refusal> {
    let user = conn.user()?;
    let challenge = {
        let mut c = lock(&hub.challenges);
        let ch =
            c.0.get(&id)
                .ok_or_else(|| refuse(ErrorKind::NotFound, "no such challenge"))?;
        let to_me = ch
            .info
            .to
            .as_deref()
            .is_some_and(|t| t.eq_ignore_ascii_case(&user.name));
        if !to_me && ch.from.id != user.id {
            return Err(refuse(
                ErrorKind::NotYourGame,
                "that challenge is not yours",
            ));
        }
        let ch =
            c.0.remove(&id)
                .ok_or_else(|| refuse(ErrorKind::NotFound, "no such challenge"))?;
        if let Some(code) = &ch.info.code {
            c.1.remove(code);
        }
        ch
    };
    let gone = ServerMessage::ChallengeGone {
        challenge: ChallengeId(id),
    };
    hub.send_to_user(challenge.from.id, &gone);
    if let Some(to) = challenge.to {
        hub.send_to_user(to, &gone);
    }
    Ok(())
}

/// `join_invite`.
pub async fn join_invite(hub: &Arc<Hub>, conn: &Conn, code: &str) -> Result<(), Refusal> {
    let code = code.trim().to_ascii_uppercase();
    let id = lock(&hub.challenges)
        .1
        .get(&code)
        .copied()
        .ok_or_else(|| refuse(ErrorKind::NotFound, "no invitation with that code"))?;
    accept_challenge(hub, conn, id, Some(&code)).await
}

/// A connection closed: its seeks leave the lobby, its challenges are withdrawn.
pub fn connection_closed(hub: &Hub, conn: &Conn) {
    let removed: Vec<SeekId> = {
        let mut lobby = lock(&hub.lobby);
        lobby.watchers.remove(&conn.id);
        let ids: Vec<SeekId> = lobby
            .seeks
            .values()
            .filter(|s| s.conn == conn.id)
            .map(|s| s.info.id)
            .collect();
        for id in &ids {
            lobby.seeks.remove(id);
        }
        ids
    };
    for id in removed {
        hub.send_to_lobby(&ServerMessage::SeekRemoved { seek: id });
    }
    let mut c = lock(&hub.challenges);
    let ids: Vec<u64> =
        c.0.iter()
            .filter(|(_, ch)| ch.conn == conn.id && ch.info.code.is_none())
            .map(|(id, _)| *id)
            .collect();
    for id in ids {
        c.0.remove(&id);
    }
}

/// A player's last connection closed: their invitations are withdrawn (a code given out
/// cannot outlive its author's presence, so codes do not pile up).
pub fn player_left(hub: &Hub, user: crate::store::UserId) {
    let mut c = lock(&hub.challenges);
    let codes: Vec<(u64, String)> =
        c.0.iter()
            .filter(|(_, ch)| ch.from.id == user)
            .filter_map(|(id, ch)| ch.info.code.clone().map(|code| (*id, code)))
            .collect();
    for (id, code) in codes {
        c.0.remove(&id);
        c.1.remove(&code);
    }
}
