//! Learning: the courses a person learns (with their progress) or teaches (with their learners), the learning
//! page (a course's curriculum beside its player, lesson content for those allowed, completions, where to
//! resume), and the reviews learners leave ([`reviews`]).
//!
//! [`routes`] map [`service`]'s use cases and domain errors to HTTP; [`repo`] holds the SQL. The enrolments
//! themselves are written by commerce (a paid order, a free course) into the table learning reads.

pub mod demo;
pub mod repo;
pub mod reviews;
pub mod routes;
pub mod service;
pub mod views;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Language, Path, Text, error};

/// Every route of this domain (enrolments, lessons and progress, reviews); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router()).merge(reviews::routes::router())
}
