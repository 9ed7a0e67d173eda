//! Teaching material: subjects and syllabuses: their routes ([`routes`]), use cases ([`service`]) and SQL
//! ([`repo`]).

pub mod repo;
pub mod routes;
pub mod service;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Path, Query, error, ok};

/// Every route of this domain (subjects and syllabuses); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
