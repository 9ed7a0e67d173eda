//! Uploaded files: the upload and avatar routes ([`routes`]), the `files` table ([`repo`]) and the purge of unused
//! uploads ([`purge`]). The bytes themselves live in [`crate::platform::storage`].

pub mod purge;
pub mod repo;
pub mod routes;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Path, Query, Text, error, ok};
