//! Uploaded files: the upload and avatar routes ([`routes`]), lesson videos ([`videos`]), the `files` table ([`repo`]) and the purge of unused
//! uploads ([`purge`]), and the byte ranges files are read in ([`range`]). The bytes themselves live in [`crate::platform::storage`].

pub mod purge;
pub mod range;
pub mod repo;
pub mod routes;
pub mod videos;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Path, Query, Text, error, ok};

/// Every route of this domain (uploads and lesson videos); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router()).merge(videos::router())
}
