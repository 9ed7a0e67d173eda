//! The identity routes: tokens, logout and password recovery ([`auth`]), accounts and the users admin
//! ([`users`]).

pub mod auth;
pub mod users;

// The HTTP edge's names the routes below use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Language, Path, Query, Text, error, ok};
