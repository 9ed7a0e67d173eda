//! The HTTP edge: the error envelope ([`ApiError`]), the extractors handlers use (JSON, query and path, the
//! request's language, the signed-in user and role checks), the OpenAPI document, the web app's host, the health
//! check, and [`app_from`], which wraps the API's routes in the middleware every response passes through.
//!
//! Routes live in their domains, each module of routes exposing `router() -> OpenApiRouter<AppState>`: to add a
//! resource, write its handlers annotated `#[utoipa::path(...)]` and a `router()` that registers them with
//! `.routes(routes!(handler))`, then merge it in [`crate::api_router`]. Its paths are served and documented at
//! once. Nothing here imports a domain but identity's session check behind [`CurrentUser`].

pub mod cache;
pub mod current_user;
pub mod docs;
pub mod error;
pub mod extract;
pub mod health;
pub mod language;
pub mod web;

use std::time::Duration;

use academy_shared::envelope;
use axum::{
    Router,
    body::Body,
    extract::DefaultBodyLimit,
    http::{HeaderName, HeaderValue, Request, StatusCode, header},
    middleware,
};
use tower::ServiceBuilder;
use tower_http::{
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    timeout::TimeoutLayer,
    trace::{DefaultOnFailure, DefaultOnResponse, TraceLayer},
};
use tracing::Level;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

pub use crate::platform::text::Text;
pub use error::ApiError;
pub use current_user::{CurrentUser, MaybeUser, require_role};
pub use extract::{Json, Language, Path, Query};

use crate::state::AppState;

/// What a handler returns: the success envelope around `T`, or an [`ApiError`].
pub type ApiResult<T> = Result<axum::Json<envelope::Envelope<T>>, ApiError>;

/// Wraps a handler's result in the success envelope (code 1000).
pub fn ok<T: serde::Serialize>(result: T) -> axum::Json<envelope::Envelope<T>> {
    error::ok_body(result)
}

/// The success envelope as documented (the wire type is `academy_shared::envelope::Envelope`).
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documentation mirror of academy_shared::envelope::Envelope")]
pub struct Envelope<T> {
    /// 1000 on success.
    #[schema(example = 1000)]
    code: i32,
    message: Option<String>,
    result: T,
}

/// Largest request body the extractors accept unless a route raises it
/// (`.layer(DefaultBodyLimit::max(n))` on that route, e.g. for uploads).
pub const BODY_LIMIT: usize = 1024 * 1024;
/// A request still running after this long is answered with 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Content-Security-Policy of every response: only our own scripts (plus wasm), YouTube embeds for lessons.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' https:; \
    frame-src https://www.youtube.com https://www.youtube-nocookie.com; connect-src 'self'; \
    frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/// The complete application around `api`, the documented API routes: the OpenAPI document and its page, the web
/// app, and the middleware every response passes through.
pub fn app_from(state: AppState, api: OpenApiRouter<AppState>) -> Router {
    let web_dir = &state.config.web_dir;
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built; pages will say so");
    }
    let (api, openapi) = api.split_for_parts();
    Router::new()
        .merge(api)
        .merge(docs::router(openapi))
        .merge(web::router(web_dir))
        .fallback(web::spa_fallback)
        .layer(middleware::from_fn_with_state(state.clone(), cache::refresh_after_writes))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(
            ServiceBuilder::new()
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(request_span)
                        .on_response(DefaultOnResponse::new().level(Level::INFO))
                        .on_failure(DefaultOnFailure::new().level(Level::WARN)),
                )
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(security_header(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
                .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
                .layer(security_header(header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
                .layer(security_header(HeaderName::from_static("permissions-policy"), PERMISSIONS_POLICY))
                .layer(CompressionLayer::new())
                .layer(middleware::from_fn(error::localize_errors))
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT)),
        )
        .with_state(state)
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// One span per request, carrying its id. The query string is left out: it may hold secrets.
fn request_span(request: &Request<Body>) -> tracing::Span {
    let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        request_id = %request_id,
    )
}
