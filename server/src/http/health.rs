//! `GET /healthz`: is the server up and its database reachable?

use axum::extract::State;
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
    OpenApiRouter::new().routes(routes!(check_health))
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
