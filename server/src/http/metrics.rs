//! `GET /metrics`: the server's figures in Prometheus's text format, for the operator only; and the middleware
//! that counts every request by its route template and status.
//!
//! Who may read them: a scraper sending `Authorization: Bearer <ACADEMY_METRICS_TOKEN>`, or a client whose address
//! (as found through `ACADEMY_TRUSTED_PROXIES`) is in `ACADEMY_METRICS_ALLOW`. Without either setting the route
//! answers 404, as if it did not exist. Left out of the API's OpenAPI document: it is the operator's, not the
//! API's.

use std::time::Instant;

use axum::{
    body::Body,
    extract::{MatchedPath, State},
    http::{HeaderMap, HeaderValue, Request, header},
    middleware::Next,
    response::{IntoResponse as _, Response},
};
use sha2::{Digest as _, Sha256};

use super::{ApiError, ClientAddr};
use crate::{
    platform::{db::now_ms, metrics::names},
    state::AppState,
};

/// The figures, to a scraper that may read them.
pub async fn show_metrics(State(state): State<AppState>, client: ClientAddr, headers: HeaderMap) -> Response {
    let config = &state.config;
    if !config.metrics_enabled() {
        return ApiError::not_found().into_response();
    }
    let Some(handle) = crate::platform::metrics::handle() else {
        return ApiError::not_found().into_response();
    };
    let allowed = config.metrics_allow.iter().any(|net| net.contains(&client.0.to_canonical()));
    if !allowed && !token_matches(config.metrics_token.as_deref(), &headers) {
        let mut response = ApiError::unauthenticated().into_response();
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    measure_on_demand(&state).await;
    let mut response = handle.render().into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Compares the bearer token with the configured one by their digests (no early exit on the first byte).
fn token_matches(expected: Option<&str>, headers: &HeaderMap) -> bool {
    let Some(expected) = expected.map(str::trim).filter(|t| !t.is_empty()) else { return false };
    let Some(given) = super::current_user::bearer_token(headers) else { return false };
    Sha256::digest(expected.as_bytes()) == Sha256::digest(given.trim().as_bytes())
}

/// The gauges read when scraped: the pool, the job queue, the renderer's queue.
async fn measure_on_demand(state: &AppState) {
    let size = f64::from(state.pool.size());
    let idle = f64::from(u32::try_from(state.pool.num_idle()).unwrap_or(u32::MAX));
    metrics::gauge!(names::DB_CONNECTIONS, "state" => "in_use").set((size - idle).max(0.0));
    metrics::gauge!(names::DB_CONNECTIONS, "state" => "idle").set(idle);
    metrics::gauge!(names::DB_POOL_MAX).set(f64::from(state.pool.options().get_max_connections()));
    match state.jobs.depth(now_ms()).await {
        Ok(depth) => {
            for kind in depth {
                metrics::gauge!(names::JOBS_WAITING, "kind" => kind.kind.clone()).set(kind.waiting as f64);
                metrics::gauge!(names::JOBS_RUNNING, "kind" => kind.kind).set(kind.running as f64);
            }
        }
        Err(e) => tracing::warn!(error = %e, "reading the job queue for the metrics failed"),
    }
    if let Some(renderer) = &state.page_renderer {
        metrics::gauge!(names::RENDERER_QUEUE).set(renderer.queued() as f64);
    }
}

/// Middleware: counts each request by method, route template (never the raw path: ids would make a series each)
/// and status, and its time to answer.
pub async fn count_requests(request: Request<Body>, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let route = match request.extensions().get::<MatchedPath>() {
        Some(path) => path.as_str().to_owned(),
        None => "(other)".to_owned(),
    };
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!(names::HTTP_REQUESTS, "method" => method.clone(), "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!(names::HTTP_DURATION, "method" => method, "route" => route)
        .record(started.elapsed().as_secs_f64());
    response
}
