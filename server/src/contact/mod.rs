//! Messages from visitors: the admission and contact forms ([`routes`]), newsletter subscriptions
//! ([`newsletter`]), the dashboard's inboxes ([`inbox`]), and their table ([`repo`]).

pub mod inbox;
pub mod newsletter;
pub mod repo;
pub mod routes;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Language, Pagination, Path, Query, error, ok};

/// Every route of this domain (the admission and contact forms, the newsletter, the inbox); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router()).merge(newsletter::router()).merge(inbox::router())
}
