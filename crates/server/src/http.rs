//! The HTTP API: accounts and tokens, and the read-only parts (variants, games, PGN,
//! leaderboards, profiles).

// Handlers return an early `Response` as their error, the way axum handlers do; its
// size does not matter on this path.
#![allow(clippy::result_large_err)]

use crate::auth;
use crate::clock::now_ms;
use crate::hub::{Hub, lock};
use crate::store::{GameFilter, GameRow, StoreError};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chess4d_protocol::{
    Credentials, ErrorKind, GameId, GameList, GameStatus, GameSummary, HttpError, Leaderboard,
    LeaderboardRow, PlayerInfo, Profile, RatingHistoryEntry, SessionToken, VariantList,
};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;

/// The whole router: HTTP API and the WebSocket.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/ws", get(crate::ws::upgrade))
        .route("/api/signup", post(signup))
        .route("/api/login", post(login))
        .route("/api/guest", post(guest))
        .route("/api/logout", post(logout))
        .route("/api/variants", get(variants))
        .route("/api/variants/{name}", get(variant_text))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/pgn", get(game_pgn))
        .route("/api/leaderboard/{variant}", get(leaderboard))
        .route("/api/users/{name}", get(user))
        .route("/healthz", get(crate::metrics::healthz))
        .route("/readyz", get(crate::metrics::readyz))
        .route("/metrics", get(crate::metrics::metrics))
        .with_state(hub)
}

fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::BadToken | ErrorKind::Unauthorized | ErrorKind::BadCredentials => {
            StatusCode::UNAUTHORIZED
        }
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::NameTaken => StatusCode::CONFLICT,
        ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    }
}

fn fail(kind: ErrorKind, message: impl Into<String>) -> Response {
    (
        status_of(kind),
        axum::Json(HttpError {
            kind,
            message: message.into(),
        }),
    )
        .into_response()
}

fn store_fail(e: StoreError) -> Response {
    match e {
        StoreError::NameTaken => fail(ErrorKind::NameTaken, "that name is taken"),
        e => fail(ErrorKind::Internal, e.to_string()),
    }
}

fn credentials(body: &[u8]) -> Result<Credentials, Response> {
    serde_json::from_slice(body).map_err(|e| {
        fail(
            ErrorKind::BadRequest,
            format!("the body must be {{\"name\": ..., \"password\": ...}}: {e}"),
        )
    })
}

async fn session(hub: &Hub, id: crate::store::UserId, name: &str, guest: bool) -> Response {
    let (token, hash) = match auth::new_token() {
        Ok(t) => t,
        Err(e) => return fail(ErrorKind::Internal, e),
    };
    let expires_at_ms = now_ms() + auth::TOKEN_LIFETIME_MS;
    if let Err(e) = hub.store.insert_token(&hash, id, expires_at_ms).await {
        return store_fail(e);
    }
    let user = PlayerInfo {
        name: name.to_string(),
        guest,
        rating: None,
    };
    axum::Json(SessionToken {
        token,
        user,
        expires_at_ms,
    })
    .into_response()
}

async fn signup(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Response {
    if !lock(&hub.addresses).get(addr.ip()).signups.take() {
        return fail(
            ErrorKind::RateLimited,
            "too many sign-ups from your address: wait a minute",
        );
    }
    let c = match credentials(&body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(e) = auth::check_name(&c.name).and_then(|()| auth::check_password(&c.password)) {
        return fail(ErrorKind::BadCredentials, e);
    }
    let password = c.password;
    let hash = match tokio::task::spawn_blocking(move || auth::hash_password(&password)).await {
        Ok(Ok(h)) => h,
        Ok(Err(e)) => return fail(ErrorKind::Internal, e),
        Err(e) => return fail(ErrorKind::Internal, e.to_string()),
    };
    match hub.store.create_user(&c.name, &hash, false).await {
        Ok(id) => {
            let mut r = session(&hub, id, &c.name, false).await;
            if r.status() == StatusCode::OK {
                *r.status_mut() = StatusCode::CREATED;
            }
            r
        }
        Err(e) => store_fail(e),
    }
}

async fn login(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Response {
    if !lock(&hub.addresses).get(addr.ip()).logins.take() {
        return fail(
            ErrorKind::RateLimited,
            "too many sign-ins from your address: wait a minute",
        );
    }
    let c = match credentials(&body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let row = match hub.store.user_by_name(&c.name).await {
        Ok(Some(row)) if !row.guest => row,
        Ok(_) => return fail(ErrorKind::BadCredentials, "wrong name or password"),
        Err(e) => return store_fail(e),
    };
    let (password, stored) = (c.password, row.password_hash.clone());
    let ok = tokio::task::spawn_blocking(move || auth::verify_password(&password, &stored)).await;
    if !matches!(ok, Ok(true)) {
        return fail(ErrorKind::BadCredentials, "wrong name or password");
    }
    session(&hub, row.id, &row.name, false).await
}

async fn guest(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Response {
    if !lock(&hub.addresses).get(addr.ip()).logins.take() {
        return fail(
            ErrorKind::RateLimited,
            "too many sessions from your address: wait a minute",
        );
    }
    for _ in 0..5 {
        let suffix = match auth::random_bytes::<4>() {
            Ok(b) => auth::hex(&b),
            Err(e) => return fail(ErrorKind::Internal, e),
        };
        let name = format!("guest-{suffix}");
        match hub.store.create_user(&name, "", true).await {
            Ok(id) => return session(&hub, id, &name, true).await,
            Err(StoreError::NameTaken) => continue,
            Err(e) => return store_fail(e),
        }
    }
    fail(ErrorKind::Internal, "no free guest name")
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

async fn logout(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    let Some(token) = bearer(&headers) else {
        return fail(ErrorKind::Unauthorized, "send Authorization: Bearer TOKEN");
    };
    let hash = auth::token_hash(token);
    match hub.store.revoke_token(&hash).await {
        Ok(true) => {
            hub.end_sessions(&hash);
            StatusCode::NO_CONTENT.into_response()
        }
        Ok(false) => fail(ErrorKind::BadToken, "no such token"),
        Err(e) => store_fail(e),
    }
}

async fn variants(State(hub): State<Arc<Hub>>) -> Response {
    axum::Json(VariantList {
        variants: hub.variants.summaries(),
    })
    .into_response()
}

async fn variant_text(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    match hub.variants.get(&name) {
        Some(s) => (
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            s.info.toml.clone(),
        )
            .into_response(),
        None => fail(
            ErrorKind::NotFound,
            format!("no variant \"{}\"", name.escape_debug()),
        ),
    }
}

#[derive(Deserialize)]
struct GamesQuery {
    status: Option<String>,
    player: Option<String>,
    variant: Option<String>,
    limit: Option<u32>,
}

fn summary(row: &GameRow) -> GameSummary {
    GameSummary {
        id: row.id,
        variant: row.game.variant.clone(),
        white: row.white_name.clone(),
        black: row.black_name.clone(),
        rated: row.game.rated,
        clock: row.game.clock,
        status: row.status,
        end: row.end.clone(),
        plies: row.moves.len() as u32,
        started_at_ms: row.game.started_at_ms,
    }
}

async fn games(State(hub): State<Arc<Hub>>, Query(q): Query<GamesQuery>) -> Response {
    let status = match q.status.as_deref() {
        None => None,
        Some("playing") => Some(GameStatus::Playing),
        Some("finished") => Some(GameStatus::Finished),
        Some("aborted") => Some(GameStatus::Aborted),
        Some(other) => {
            return fail(
                ErrorKind::BadRequest,
                format!(
                    "status is playing, finished or aborted, not {}",
                    other.escape_debug()
                ),
            );
        }
    };
    let filter = GameFilter {
        status,
        player: q.player,
        variant: q.variant,
        limit: q.limit.unwrap_or(50).min(200),
    };
    match hub.store.list_games(filter).await {
        Ok(rows) => axum::Json(GameList {
            games: rows.iter().map(summary).collect(),
        })
        .into_response(),
        Err(e) => store_fail(e),
    }
}

async fn load(hub: &Hub, id: &str) -> Result<GameRow, Response> {
    let id: u64 = id
        .parse()
        .map_err(|_| fail(ErrorKind::BadRequest, "a game id is a number"))?;
    match hub.store.load_game(GameId(id)).await {
        Ok(Some(row)) => Ok(row),
        Ok(None) => Err(fail(ErrorKind::NotFound, format!("no game {id}"))),
        Err(e) => Err(store_fail(e)),
    }
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match load(&hub, &id).await {
        Ok(row) => axum::Json(crate::play::full_from_row(&hub, &row, None)).into_response(),
        Err(r) => r,
    }
}

async fn game_pgn(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match load(&hub, &id).await {
        Ok(row) => match crate::pgn::export(&hub, &row) {
            Ok(text) => ([(header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response(),
            Err(e) => fail(ErrorKind::Internal, e),
        },
        Err(r) => r,
    }
}

async fn leaderboard(State(hub): State<Arc<Hub>>, Path(variant): Path<String>) -> Response {
    match hub.store.leaderboard(&variant, 100).await {
        Ok(rows) => axum::Json(Leaderboard {
            variant,
            rows: rows
                .into_iter()
                .map(|(name, r)| LeaderboardRow {
                    name,
                    rating: r.rating.rating,
                    deviation: r.rating.deviation,
                    games: r.games,
                })
                .collect(),
        })
        .into_response(),
        Err(e) => store_fail(e),
    }
}

async fn user(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    let row = match hub.store.user_by_name(&name).await {
        Ok(Some(row)) => row,
        Ok(None) => {
            return fail(
                ErrorKind::NotFound,
                format!("no player \"{}\"", name.escape_debug()),
            );
        }
        Err(e) => return store_fail(e),
    };
    match hub.store.profile(row.id).await {
        Ok((ratings, history)) => axum::Json(Profile {
            name: row.name.clone(),
            ratings: ratings
                .into_iter()
                .map(|(variant, r)| LeaderboardRow {
                    name: variant,
                    rating: r.rating.rating,
                    deviation: r.rating.deviation,
                    games: r.games,
                })
                .collect(),
            history: history
                .into_iter()
                .map(|h| RatingHistoryEntry {
                    game: h.game,
                    variant: h.variant,
                    before: h.before,
                    after: h.after,
                    at_ms: h.at_ms,
                })
                .collect(),
        })
        .into_response(),
        Err(e) => store_fail(e),
    }
}
