//! The HTTP edge: errors, headers, limits, pages, caching, the OpenAPI document, the first view, metrics.

mod docs;
mod documented_answers;
mod errors;
mod first_view;
mod headers;
mod health;
mod limits;
mod metrics;
mod middleware;
mod pagination;
mod rate_limits;
mod response_cache;
mod web;
