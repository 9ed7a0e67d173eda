//! The catalogue's routes: the public pages' data and the dashboard that edits it.

pub mod banners;
pub mod categories;
pub mod courses;
pub mod curriculum;
pub mod dashboard;
pub mod feed;
pub mod home;
pub mod mentors;
pub mod posts;

// The HTTP edge's names the routes below use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Language, Pagination, Path, Query, Text, error, ok};
