//! `POST /auth/token`, `/auth/refresh`, `/auth/introspect`, `/auth/logout`, `/api/logout(/)`, and the
//! `CurrentUser` extractor behind every protected call.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::accounts::{PASSWORD, status_json};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_user_logs_in_and_the_access_token_opens_my_info() {
    let app = spawn_app().await;
    let user = app.create_user("alice", Role::Student).await;

    let (status, body) =
        status_json(app.post_json("/auth/token", json!({"username": user.username, "password": PASSWORD})).await).await;

    assert_eq!(status, 200);
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["authenticated"], true);
    let token = body["result"]["token"].as_str().expect("token");
    assert!(body["result"]["refreshToken"].as_str().is_some_and(|t| t != token));
    let (status, me) = status_json(app.send(Method::GET, "/users/my-info", Some(token), None).await).await;
    assert_eq!(status, 200);
    assert_eq!(me["result"]["userId"], user.id.as_str());
    assert_eq!(me["result"]["roleName"], "STUDENT");
    assert!(me["result"].get("passwordHash").is_none() && !me.to_string().contains("argon2"));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_user_get_the_same_localized_401() {
    let app = spawn_app().await;
    let user = app.create_user("bobby", Role::Student).await;

    let wrong = app.post_json("/auth/token", json!({"username": user.username, "password": "Wrong#Pass-99"})).await;
    let unknown = app.post_json("/auth/token", json!({"username": "nobody-here", "password": "Wrong#Pass-99"})).await;
    let (wrong_status, wrong_body) = status_json(wrong).await;
    let (unknown_status, unknown_body) = status_json(unknown).await;

    assert_eq!((wrong_status, unknown_status), (401, 401));
    assert_eq!(wrong_body["code"], 1002);
    assert_eq!(wrong_body["result"]["message"], "Tên đăng nhập hoặc mật khẩu không đúng.");
    assert_eq!(wrong_body, unknown_body);
}

#[tokio::test]
async fn protected_calls_without_a_token_get_a_401_envelope() {
    let app = spawn_app().await;

    let (status, body) = status_json(app.get("/users/my-info").await).await;

    assert_eq!(status, 401);
    assert_eq!(body["code"], 1002);
}
