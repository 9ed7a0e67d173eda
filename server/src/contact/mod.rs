//! Messages from visitors: the admission and contact forms ([`routes`]), newsletter subscriptions
//! ([`newsletter`]), and their table ([`repo`]).

pub mod newsletter;
pub mod repo;
pub mod routes;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Language, error, ok};
