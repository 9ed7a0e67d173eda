//! Reviews of courses by their learners: [`routes`], [`service`] (use cases, domain errors, the rating kept in
//! step) and [`repo`] (the SQL).
//!
//! They are part of learning because writing one is a learner's act, allowed by the enrolment learning keeps;
//! the catalogue only shows the rating figures they maintain on the course.

pub mod repo;
pub mod routes;
pub mod service;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiError, ApiResult, Envelope, Json, Pagination, Path, Text, error};
