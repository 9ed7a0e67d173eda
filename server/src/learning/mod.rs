//! Learning: a learner's enrolled courses and booked mentorships, a teacher's own courses ([`routes`]). Their SQL
//! is in the catalogue's repository.

pub mod routes;

// The HTTP edge's names the routes use as `super::…` (their OpenAPI attributes too).
use crate::http::{ApiResult, Envelope, Language, error, ok};
