//! Keeps this instance's response cache ([`crate::platform::cache`]) in step with the writes it handles itself.

use axum::{
    extract::{Request, State},
    http::Method,
    middleware::Next,
    response::Response,
};

use crate::state::AppState;

/// Re-reads the catalogue version after every request that may write (any method but GET, HEAD and OPTIONS),
/// before the response leaves, so the writer's next read sees its own change.
pub async fn refresh_after_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let response = next.run(request).await;
    if writes {
        state.cache.refresh(&state.pool).await;
    }
    response
}
