//! Keeps this instance's response cache ([`crate::platform::cache`]) in step with the writes it handles itself.

use axum::{
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::Response,
};

use crate::state::AppState;

/// Re-reads the catalogue version after every request that may write (any method but GET, HEAD and OPTIONS),
/// before the response leaves, so the writer's next read sees its own change. Not after a 503: the database
/// could not be reached, and reading the version would only make the answer wait out the pool a second time.
pub async fn refresh_after_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let response = next.run(request).await;
    if writes && response.status() != StatusCode::SERVICE_UNAVAILABLE {
        state.cache.refresh(&state.pool).await;
    }
    response
}
