//! Hosting of the built web app: long-cached hashed assets, precompressed files, and the SPA fallback.
//!
//! Any GET/HEAD path the API does not match gets `index.html` (the browser router decides what to show),
//! except paths under the API's prefixes, which get the JSON 404 envelope. The public pages come with their
//! first view: its data ([`first_view`]) and, for visitors, its HTML ([`page_render`](super::page_render)).

use std::path::{Path, PathBuf};

use academy_shared::i18n::Lang;
use axum::{
    Router,
    body::Body,
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use tower::ServiceExt as _;
use tower_http::services::{ServeDir, ServeFile};

use super::{
    error::{ApiError, render_in},
    first_view,
    language::lang_of,
    page_render::PageRenderer,
};
use crate::state::AppState;

/// Path prefixes that belong to the API: an unknown path below them is a JSON 404, never the web app.
pub const API_PREFIXES: &[&str] =
    &["/api", "/auth", "/users", "/files", "/courses/instructor", "/healthz", "/readyz", "/metrics"];

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";

/// Whether `path` is an API path (`/api`, `/api/...`, but not `/apiary`).
pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES
        .iter()
        .any(|prefix| path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

/// `/assets/*`: the bundler's hashed files, cached for a year, `.br`/`.gz` siblings served when accepted.
pub fn router(web_dir: &Path) -> Router<AppState> {
    let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
    Router::new().nest_service("/assets", assets).layer(axum::middleware::map_response(cache_forever))
}

async fn cache_forever(mut response: Response) -> Response {
    let header = if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        IMMUTABLE
    } else {
        NO_CACHE
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(header));
    response
}

/// The fallback of the whole app: the API's JSON 404, a file at the web root, or `index.html` (with its
/// language and, for the public pages, their first view: see [`first_view`]). `api` answers the first views.
pub async fn spa_fallback(State(state): State<AppState>, api: Router, request: Request) -> Response {
    let path = request.uri().path();
    let lang = lang_of(request.headers());
    if is_api_path(path) || !matches!(*request.method(), Method::GET | Method::HEAD) {
        return render_in(ApiError::not_found(), lang);
    }
    let web_dir: &PathBuf = &state.config.web_dir;
    let index = web_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(web_dir = %web_dir.display(), "the web app is not built: no index.html");
        return not_built(web_dir);
    }
    if *request.method() == Method::GET && !names_a_file(path) {
        let requests = first_view::first_requests(path, request.uri().query());
        let lang = first_view::page_language(request.headers());
        if !requests.is_empty() || lang != Lang::default() {
            let headers = request.headers().clone();
            let url = first_view::page_address(path, request.uri().query());
            let renderer = state.page_renderer.as_ref();
            return page_with_first_view(&index, &api, renderer, (&url, &headers), lang, &requests).await;
        }
    }
    let files = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(ServeFile::new(index).precompressed_br().precompressed_gzip());
    let mut response = match files.oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(infallible) => match infallible {},
    };
    if response.status().is_success() {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE));
    }
    response
}

/// Whether `path` names a file (its last segment has an extension) rather than a page of the web app.
fn names_a_file(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

async fn page_with_first_view(
    index: &Path,
    api: &Router,
    renderer: Option<&PageRenderer>,
    (url, headers): (&str, &HeaderMap),
    lang: Lang,
    requests: &[String],
) -> Response {
    let html = match tokio::fs::read_to_string(index).await {
        Ok(html) => html,
        Err(e) => {
            tracing::error!(error = %e, "reading index.html failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let answers = match requests {
        [] => None,
        requests => first_view::answers(api, headers, lang, requests).await,
    };
    let script = answers.as_ref().and_then(|answers| first_view::script(lang, answers));
    // Rendered for visitors only: a signed-in person's header and pages are rendered in their browser.
    let root = match (&answers, renderer, first_view::caller_token(headers)) {
        (Some(answers), Some(renderer), None) => renderer.render(url, lang, answers).await,
        _ => None,
    };
    let page = first_view::page(&html, lang, script.as_deref(), root.as_deref());
    // The page carries the caller's language and answers: no shared cache keeps it for someone else.
    ([(header::CACHE_CONTROL, "private, no-cache"), (header::VARY, "Cookie")], Html(page)).into_response()
}

fn not_built(web_dir: &Path) -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Academy</title></head><body>\
         <h1>The web app is not built</h1>\
         <p>The server is running, but <code>{}</code> has no <code>index.html</code>. \
         Build the web app (see the README's run command) or point <code>ACADEMY_WEB_DIR</code> at its \
         <code>dist</code> folder.</p><p>The API works: <a href=\"/api/docs\">/api/docs</a>, \
         <a href=\"/healthz\">/healthz</a>.</p></body></html>",
        html_escape(&web_dir.display().to_string())
    );
    (StatusCode::SERVICE_UNAVAILABLE, [(header::CACHE_CONTROL, NO_CACHE)], Html(page)).into_response()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::is_api_path;

    #[test]
    fn api_prefixes_match_whole_segments_only() {
        let cases = [
            ("/api/unknown", true),
            ("/api", true),
            ("/auth/token", true),
            ("/users", true),
            ("/users/my-info", true),
            ("/files/get-upload-url", true),
            ("/courses/instructor", true),
            ("/courses", false),
            ("/courselist", false),
            ("/apiary", false),
            ("/usersettings", false),
            ("/dashboard/user", false),
            ("/", false),
        ];
        for (path, expected) in cases {
            assert_eq!(is_api_path(path), expected, "{path}");
        }
    }
}
