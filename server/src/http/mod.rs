//! The HTTP edge: the error envelope ([`ApiError`]), the extractors handlers use (JSON, query and path, the
//! request's language, the signed-in user and role checks), the OpenAPI document, the web app's host, the health
//! check, and [`app_from`], which wraps the API's routes in the middleware every response passes through.
//!
//! Routes live in their domains, each module of routes exposing `router() -> OpenApiRouter<AppState>`: to add a
//! resource, write its handlers annotated `#[utoipa::path(...)]` and a `router()` that registers them with
//! `.routes(routes!(handler))`, then merge it in [`crate::api_router`]. Its paths are served and documented at
//! once. Nothing here imports a domain but identity's session check behind [`CurrentUser`] and its write limits
//! behind [`rate_limit`].

pub mod cache;
pub mod client_addr;
pub mod csv;
pub mod current_user;
pub mod docs;
pub mod error;
pub mod extract;
pub mod first_view;
pub mod form;
pub mod health;
pub mod language;
pub mod metrics;
pub mod page_render;
pub mod rate_limit;
pub mod unread_body;
pub mod web;

use std::time::Duration;

use academy_shared::envelope;
use axum::{
    Router,
    body::Body,
    extract::{DefaultBodyLimit, State},
    http::{HeaderName, HeaderValue, Request, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse as _, Response},
};
use tower::ServiceBuilder;
use tower_http::{
    compression::{
        CompressionLayer,
        predicate::{DefaultPredicate, NotForContentType, Predicate as _},
    },
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    trace::{DefaultOnFailure, DefaultOnResponse, TraceLayer},
};
use tracing::Level;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

pub use crate::platform::text::Text;
pub use client_addr::ClientAddr;
pub use current_user::{Admins, Allowed, CurrentUser, DashboardUsers, MaybeUser, Staff, Teachers, require_role};
pub use error::ApiError;
pub use extract::{Json, Language, Pagination, Path, Query};
pub use form::FormFields;

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

/// The answer of a create: the new item's id.
#[derive(Debug, Clone, serde::Serialize, ToSchema)]
pub struct Created {
    pub id: String,
}

/// Largest request body the extractors accept unless a route raises it
/// (`.layer(DefaultBodyLimit::max(n))` on that route, e.g. for uploads).
pub const BODY_LIMIT: usize = 1024 * 1024;
/// A request still running after this long is answered with 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Content-Security-Policy of every response: only our own scripts (plus wasm); lesson videos play from our own
/// files or in the YouTube and Vimeo players, the only hosts lesson links may name
/// (`academy_shared::media::VIDEO_EMBED_ORIGINS`; a test keeps the two lists the same).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self'; \
    frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; \
    connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/// The headers of the online room's page (`/meeting`, loaded as a document of its own): it alone may use the
/// camera, the microphone and screen sharing, and, when a Jitsi server runs the large classes, frame that server
/// and let it use them too. Built once from the configuration.
#[derive(Debug, Clone)]
struct MeetingPolicy {
    permissions: HeaderValue,
    content_security: HeaderValue,
}

impl MeetingPolicy {
    fn new(jitsi_domain: Option<&str>) -> MeetingPolicy {
        let jitsi = jitsi_domain
            .map(|domain| domain.trim().trim_start_matches("https://").trim_end_matches('/'))
            .filter(|domain| {
                !domain.is_empty() && domain.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:".contains(&b))
            })
            .map(|domain| format!("https://{domain}"));
        let allowed = match &jitsi {
            Some(origin) => format!("(self \"{origin}\")"),
            None => "(self)".to_owned(),
        };
        let permissions = format!(
            "camera={allowed}, microphone={allowed}, display-capture={allowed}, geolocation=(), payment=(), usb=(), \
             interest-cohort=()"
        );
        let content_security = match &jitsi {
            Some(origin) => CONTENT_SECURITY_POLICY.replacen("frame-src ", &format!("frame-src {origin} "), 1),
            None => CONTENT_SECURITY_POLICY.to_owned(),
        };
        MeetingPolicy {
            permissions: HeaderValue::from_str(&permissions).unwrap_or(HeaderValue::from_static(PERMISSIONS_POLICY)),
            content_security: HeaderValue::from_str(&content_security)
                .unwrap_or(HeaderValue::from_static(CONTENT_SECURITY_POLICY)),
        }
    }
}

/// The complete application around `api`, the documented API routes: the OpenAPI document and its page, the web
/// app, and the middleware every response passes through.
pub fn app_from(state: AppState, api: OpenApiRouter<AppState>) -> Router {
    let web_dir = &state.config.web_dir;
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built; pages will say so");
    }
    let (api, mut openapi) = api.split_for_parts();
    docs::document_edge_answers(&mut openapi);
    // The public pages' first views are read through the API's own routes.
    let first_views = api.clone().with_state(state.clone());
    Router::new()
        .merge(api)
        .merge(docs::router(openapi))
        .merge(web::router(web_dir))
        .fallback(move |state: State<AppState>, request: Request<Body>| {
            let api = first_views.clone();
            async move { web::spa_fallback(state, api, request).await }
        })
        .layer(middleware::from_fn_with_state(state.clone(), cache::refresh_after_writes))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(
            ServiceBuilder::new()
                // Outermost, so that every answer (408 and 413 included) leaves the connection usable or says
                // it closes.
                .layer(middleware::from_fn(unread_body::finish_request_body))
                .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(request_span)
                        .on_response(DefaultOnResponse::new().level(Level::INFO))
                        .on_failure(DefaultOnFailure::new().level(Level::WARN)),
                )
                .layer(PropagateRequestIdLayer::x_request_id())
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(CONTENT_SECURITY_POLICY),
                ))
                .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
                .layer(security_header(header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
                .layer(middleware::from_fn_with_state(
                    MeetingPolicy::new(state.config.meeting.jitsi_domain.as_deref()),
                    permissions_policy,
                ))
                .layer(middleware::from_fn_with_state(state.clone(), transport_and_caching))
                // Videos are compressed already, and a compressed answer could no longer be read by byte range.
                .layer(
                    CompressionLayer::new()
                        .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("video/"))),
                )
                .layer(middleware::from_fn(error::localize_errors))
                .layer(middleware::from_fn(time_limit)),
        )
        // Outermost: every answer counted by its route, with its whole time.
        .layer(middleware::from_fn(metrics::count_requests))
        .with_state(state)
}

/// Middleware: a request still running after [`REQUEST_TIMEOUT`] is answered with 408; except a lesson video's
/// upload, which takes as long as its bytes keep coming (its handler gives up when none arrive for that long).
async fn time_limit(request: Request<Body>, next: Next) -> Response {
    if request.uri().path().starts_with(crate::platform::storage::signing::VIDEO_UPLOAD_ROUTE) {
        return next.run(request).await;
    }
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}

/// Middleware: the `Permissions-Policy` of every response; the online room's page gets its own (and its own
/// Content-Security-Policy when a Jitsi server is framed).
async fn permissions_policy(
    State(meeting): State<MeetingPolicy>,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    let is_meeting = request.uri().path() == "/meeting";
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if is_meeting {
        headers.insert(HeaderName::from_static("permissions-policy"), meeting.permissions);
        headers.insert(header::CONTENT_SECURITY_POLICY, meeting.content_security);
    } else {
        headers.insert(HeaderName::from_static("permissions-policy"), HeaderValue::from_static(PERMISSIONS_POLICY));
    }
    response
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// `Strict-Transport-Security` of a site published over https: browsers use https only, for two years,
/// subdomains included.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// Whether `request` came over https to a trusted proxy (`ACADEMY_TRUSTED_PROXIES`), which says so with
/// `X-Forwarded-Proto: https` (the nearest proxy's word, the last value). A client that is no trusted proxy
/// cannot claim it.
fn forwarded_over_https(request: &Request<Body>, trusted: &[ipnet::IpNet]) -> bool {
    let Some(axum::extract::ConnectInfo(peer)) =
        request.extensions().get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
    else {
        return false;
    };
    let peer = peer.ip().to_canonical();
    if !trusted.iter().any(|net| net.contains(&peer)) {
        return false;
    }
    let values = request.headers().get_all("x-forwarded-proto").iter().filter_map(|v| v.to_str().ok());
    values.flat_map(|v| v.split(',')).last().is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// Middleware: HSTS on every response when the public URL is https, or when the request came over https through
/// a trusted proxy (none otherwise: over plain http it would be ignored, and it would lock a local test site out
/// of http). `Cache-Control: no-store` on every answer to a
/// request carrying credentials and on every token answer (`/auth/...`), which belong to one person and must
/// not stay in a browser's or a proxy's cache; anonymous catalogue answers keep theirs.
async fn transport_and_caching(State(state): State<AppState>, request: Request<Body>, next: Next) -> Response {
    let private = request.headers().contains_key(header::AUTHORIZATION) || request.uri().path().starts_with("/auth/");
    let public_url = state.config.public_url.as_deref().unwrap_or_default().trim_start();
    let https = public_url.get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
        || forwarded_over_https(&request, &state.config.trusted_proxies);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if https {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    if private {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// One span per request, carrying its id. The query string is left out: it may hold secrets; so is the token of
/// a calendar subscription's address.
fn request_span(request: &Request<Body>) -> tracing::Span {
    let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
    let path = request.uri().path();
    let path = if path.starts_with("/calendar/") { "/calendar/…" } else { path };
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %path,
        request_id = %request_id,
    )
}
