//! Teaching material: subjects and syllabuses ([`routes`], [`repo`]).

pub mod repo;
pub mod routes;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Path, Query, error, ok};
