use std::io::Read as _;

use crate::helpers::{ASSET, ASSET_BODY, INDEX_MARKER, spawn_app, spawn_app_with};

#[tokio::test]
async fn client_routes_get_index_html_without_caching() {
    let app = spawn_app().await;

    for path in ["/", "/some/page", "/courses", "/courselist?search=l%E1%BA%ADp", "/dashboard/user", "/login"] {
        let response = app.get(path).await;

        assert_eq!(response.status(), 200, "{path}");
        // The public pages carry their caller's first view (tests/api/http/first_view.rs): kept by the browser only.
        let public = ["/", "/courses", "/courselist?search=l%E1%BA%ADp"].contains(&path);
        let caching = if public { "private, no-cache" } else { "no-cache" };
        assert_eq!(response.headers()["cache-control"], caching, "{path}");
        assert!(response.headers()["content-type"].to_str().expect("ascii").starts_with("text/html"));
        assert!(response.text().await.expect("text").contains(INDEX_MARKER), "{path}");
    }
}

#[tokio::test]
async fn head_of_a_client_route_is_ok() {
    let app = spawn_app().await;

    let response = app.client.head(app.url("/profile")).send().await.expect("sent");

    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn a_hashed_asset_is_cached_forever() {
    let app = spawn_app().await;

    let response = app.get(ASSET).await;

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(response.headers().get("content-encoding").is_none());
    assert_eq!(response.text().await.expect("text"), ASSET_BODY);
}

#[tokio::test]
async fn a_precompressed_asset_is_served_to_browsers_that_accept_gzip() {
    let app = spawn_app().await;

    let response = app.client.get(app.url(ASSET)).header("accept-encoding", "gzip").send().await.expect("sent");

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "gzip");
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(response.headers()["content-type"].to_str().expect("ascii").contains("javascript"));
    let bytes = response.bytes().await.expect("body");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).expect("gunzip");
    assert_eq!(text, ASSET_BODY);
}

#[tokio::test]
async fn a_missing_asset_is_404_and_not_the_app() {
    let app = spawn_app().await;

    let response = app.get("/assets/missing-0000.js").await;

    assert_eq!(response.status(), 404);
    assert_ne!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(!response.text().await.expect("text").contains(INDEX_MARKER));
}

#[tokio::test]
async fn a_post_to_a_page_path_is_a_404_envelope() {
    let app = spawn_app().await;

    let response = app.client.post(app.url("/some/page")).send().await.expect("sent");

    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1004);
}

#[tokio::test]
async fn without_a_web_build_pages_say_it_is_not_built() {
    let app = spawn_app_with(|config| config.web_dir = config.data_dir.join("no-web-build-here")).await;

    let response = app.get("/some/page").await;

    assert_eq!(response.status(), 503);
    assert!(response.headers()["content-type"].to_str().expect("ascii").starts_with("text/html"));
    assert!(response.text().await.expect("text").contains("The web app is not built"));
    let health = app.get("/healthz").await;
    assert_eq!(health.status(), 200, "the API works without the web build");
}
