//! `GET /healthz`: is the server up and its database reachable? (liveness, documented in the API.)
//! `GET /readyz`: can this instance serve? (readiness, for a load balancer: left out of the API's document.)

use axum::{
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse as _, Response},
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiResult, ok};
use crate::{platform::db, state::AppState};

/// The health report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// Always `ok` when the response is a success.
    #[schema(example = "ok")]
    pub status: &'static str,
    /// The database engine in use: `sqlite` or `postgres`.
    #[schema(example = "sqlite")]
    pub database: &'static str,
    /// The server's version.
    #[schema(example = "0.1.0")]
    pub version: &'static str,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check_health))
        .route("/readyz", axum::routing::get(check_ready))
        .route("/metrics", axum::routing::get(super::metrics::show_metrics))
}

/// What `/readyz` found.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready`, `not ready` or `stopping`.
    pub status: &'static str,
    /// `ok` or `unreachable`.
    pub database: &'static str,
    /// `ok`, or how many of this version's migrations the database lacks (`3 pending`), or `unknown`.
    pub migrations: String,
    /// `up`, `off` (no Node.js or no renderer built: pages render in the browser) or `down`.
    pub renderer: &'static str,
}

/// 200 when this instance can serve: its database answers, holds every migration of this version, and the page
/// renderer runs or is knowingly off; 503 otherwise, and from the moment the server is told to stop (a load
/// balancer then sends new visitors elsewhere while requests under way finish).
pub async fn check_ready(State(state): State<AppState>) -> Response {
    let reachable = db::ping(&state.pool).await.is_ok();
    let migrations = if reachable {
        match db::pending_migrations(&state.pool, state.backend).await {
            Ok(0) => "ok".to_owned(),
            Ok(n) => format!("{n} pending"),
            Err(_) => "unknown".to_owned(),
        }
    } else {
        "unknown".to_owned()
    };
    let renderer = match &state.page_renderer {
        None => "off",
        Some(renderer) if renderer.is_up() => "up",
        Some(_) => "down",
    };
    let stopping = *state.notifications.closed().borrow();
    let ready = reachable && migrations == "ok" && renderer != "down" && !stopping;
    let status = match (ready, stopping) {
        (true, _) => "ready",
        (false, true) => "stopping",
        (false, false) => "not ready",
    };
    let code = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let database = if reachable { "ok" } else { "unreachable" };
    let mut response = (code, axum::Json(Readiness { status, database, migrations, renderer })).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Reports whether the server and its database answer.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer", body = super::Envelope<Health>),
        (status = 503, description = "The database does not answer", body = super::error::ErrorEnvelope),
    )
)]
pub async fn check_health(State(state): State<AppState>) -> ApiResult<Health> {
    db::ping(&state.pool).await.map_err(|e| super::ApiError::Unavailable(e.into()))?;
    Ok(ok(Health { status: "ok", database: state.backend.name(), version: env!("CARGO_PKG_VERSION") }))
}
