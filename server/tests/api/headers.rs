//! Transport and caching headers: HSTS only when the site is served over https, `no-store` on what belongs to
//! one signed-in person and on token answers, while the public catalogue stays cacheable.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with};

const HSTS: &str = "max-age=63072000; includeSubDomains";

#[tokio::test]
async fn a_site_published_over_https_sends_hsts_on_every_response() {
    let app = spawn_app_with(|config| config.public_url = Some("https://academy.example".to_owned())).await;

    for path in ["/", "/healthz", "/api/courses", "/api/nothing", crate::helpers::ASSET] {
        let response = app.get(path).await;

        let hsts = response.headers().get("strict-transport-security").map(|v| v.to_str().expect("ascii").to_owned());
        assert_eq!(hsts.as_deref(), Some(HSTS), "{path}");
    }
}

#[tokio::test]
async fn a_site_published_over_http_sends_no_hsts() {
    let plain = spawn_app().await;
    let http = spawn_app_with(|config| config.public_url = Some("http://academy.local".to_owned())).await;

    for app in [&plain, &http] {
        let response = app.get("/").await;
        assert!(!response.headers().contains_key("strict-transport-security"), "{:?}", app.state.config.public_url);
    }
}

#[tokio::test]
async fn answers_to_signed_in_requests_are_never_stored() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("nostore", Role::Admin).await;

    let paths = ["/users/my-info", "/users", "/api/admin/outbox", "/api/courses", "/api/nothing"];
    for path in paths {
        let response = app.send(Method::GET, path, Some(&token), None).await;

        let cache_control = response.headers().get("cache-control").map(|v| v.to_str().expect("ascii").to_owned());
        assert_eq!(cache_control.as_deref(), Some("no-store"), "{path}");
    }
    let profile = json!({"firstName": "Lan", "lastName": "Le", "email": user.email});
    let response = app.send(Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(profile)).await;
    assert_eq!(response.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn token_answers_are_never_stored_even_without_a_signed_in_request() {
    let app = spawn_app().await;
    let user = app.create_user("tokens", Role::Student).await;

    let login = app.post_json("/auth/token", json!({"username": user.username, "password": user.password})).await;
    assert_eq!(login.status(), 200);
    assert_eq!(login.headers()["cache-control"], "no-store");
    let body: serde_json::Value = login.json().await.expect("json");
    let refresh = body["result"]["refreshToken"].as_str().expect("refresh token");

    let refreshed = app.post_json("/auth/refresh", json!({"token": refresh})).await;
    assert_eq!(refreshed.status(), 200);
    assert_eq!(refreshed.headers()["cache-control"], "no-store");
    let refused = app.post_json("/auth/token", json!({"username": user.username, "password": "wrong"})).await;
    assert_eq!(refused.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn the_public_catalogue_and_assets_keep_their_caching() {
    let app = spawn_app().await;

    let list = app.get("/api/courses").await;
    let asset = app.get(crate::helpers::ASSET).await;

    assert!(list.headers().get("cache-control").is_none_or(|v| v != "no-store"));
    assert!(asset.headers()["cache-control"].to_str().expect("ascii").contains("immutable"));
}
