//! `POST /auth/forgot-password`, `/auth/reset-password`, `/auth/reset-password/check`, `GET /api/admin/outbox`.

use std::time::Duration;

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, TestUser, status_json};
use crate::helpers::{TestApp, spawn_app};

const NEW_PASSWORD: &str = "Copper#Lantern-77";

/// Waits for the reset mail to `to` in the outbox (mails are sent after the answer) and returns its token.
async fn reset_token_for(app: &TestApp, admin_token: &str, to: &str) -> String {
    for _ in 0..100 {
        let (_, outbox) = status_json(app.send(Method::GET, "/api/admin/outbox", Some(admin_token), None).await).await;
        let mails = outbox["result"].as_array().cloned().unwrap_or_default();
        if let Some(mail) = mails.iter().find(|m| m["recipient"] == to) {
            let body = mail["bodyText"].as_str().expect("body");
            let link = body.split_whitespace().find(|w| w.contains("/reset-password?token=")).expect("link");
            return link.split("token=").nth(1).expect("token").to_owned();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no reset mail to {to}");
}

async fn forgot(app: &TestApp, email: &str) -> (u16, Value) {
    status_json(app.post_json("/auth/forgot-password", json!({"email": email})).await).await
}

async fn setup() -> (TestApp, String, TestUser) {
    let app = crate::helpers::spawn_app_with(|c| c.public_url = Some("https://academy.test/".to_owned())).await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let user = app.create_user("forgetful", Role::Student).await;
    (app, admin, user)
}

#[tokio::test]
async fn a_mailed_link_sets_a_new_password_once_and_ends_every_session() {
    let (app, admin, user) = setup().await;
    let (access, refresh) = app.login(&user.username, PASSWORD).await;

    let (status, body) = forgot(&app, &user.email.to_uppercase()).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(1000)));
    let token = reset_token_for(&app, &admin, &user.email).await;
    let (_, outbox) = status_json(app.send(Method::GET, "/api/admin/outbox", Some(&admin), None).await).await;
    assert!(outbox.to_string().contains("https://academy.test/reset-password?token="), "{outbox}");
    let (_, check) = status_json(app.post_json("/auth/reset-password/check", json!({"token": token})).await).await;
    assert_eq!(check["result"]["valid"], true);

    let (status, body) =
        status_json(app.post_json("/auth/reset-password", json!({"token": token, "password": NEW_PASSWORD})).await)
            .await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0, 401);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await.0, 401);
    assert_eq!(
        app.post_json("/auth/token", json!({"username": user.username, "password": PASSWORD})).await.status(),
        401
    );
    app.login(&user.username, NEW_PASSWORD).await;
    let (status, body) =
        status_json(app.post_json("/auth/reset-password", json!({"token": token, "password": NEW_PASSWORD})).await)
            .await;
    assert_eq!(status, 400);
    assert_eq!(body["result"]["message"], "Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.");
}

#[tokio::test]
async fn unknown_emails_get_the_same_answer_and_no_mail() {
    let (app, admin, user) = setup().await;

    let known = forgot(&app, &user.email).await;
    let unknown = forgot(&app, "nobody@example.com").await;

    assert_eq!(known, unknown);
    reset_token_for(&app, &admin, &user.email).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_, outbox) = status_json(app.send(Method::GET, "/api/admin/outbox", Some(&admin), None).await).await;
    assert_eq!(outbox["result"].as_array().map(Vec::len), Some(1));
    assert_eq!(forgot(&app, "not-an-email").await.0, 422);
}

#[tokio::test]
async fn an_invalid_or_expired_token_is_a_400_with_the_reset_text_and_weak_passwords_are_422() {
    let (app, admin, user) = setup().await;
    let response = app
        .client
        .post(app.url("/auth/reset-password"))
        .header("accept-language", "en")
        .json(&json!({"token": "deadbeef", "password": NEW_PASSWORD}))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 400);
    assert_eq!(body["result"]["message"], "The password reset link is invalid or has expired.");

    let expired = academy_server::identity::reset::create(
        &app.state.pool,
        &user.id,
        academy_server::platform::db::now_ms() - 31 * 60_000,
    )
    .await
    .expect("created");
    assert_eq!(
        status_json(app.post_json("/auth/reset-password", json!({"token": expired, "password": NEW_PASSWORD})).await)
            .await
            .0,
        400
    );

    forgot(&app, &user.email).await;
    let token = reset_token_for(&app, &admin, &user.email).await;
    for weak in ["short", "P@ssw0rd"] {
        let (status, body) =
            status_json(app.post_json("/auth/reset-password", json!({"token": token, "password": weak})).await).await;
        assert_eq!(status, 422, "{weak}");
        assert!(body["result"]["fields"]["password"].is_string());
    }
    // The refused attempts did not spend the link.
    assert_eq!(
        status_json(app.post_json("/auth/reset-password", json!({"token": token, "password": NEW_PASSWORD})).await)
            .await
            .0,
        200
    );
}

#[tokio::test]
async fn only_admins_read_the_outbox() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;

    assert_eq!(status_json(app.send(Method::GET, "/api/admin/outbox", Some(&staff), None).await).await.0, 403);
    assert_eq!(app.get("/api/admin/outbox").await.status(), 401);
}

/// Posts a reset request in English; returns the status, the `Retry-After` seconds and the body.
async fn forgot_en(app: &TestApp, email: &str) -> (u16, Option<u64>, Value) {
    let response = app
        .client
        .post(app.url("/auth/forgot-password"))
        .header("accept-language", "en")
        .json(&json!({"email": email}))
        .send()
        .await
        .expect("sent");
    let retry_after =
        response.headers().get("retry-after").map(|v| v.to_str().expect("ascii").parse().expect("seconds"));
    let (status, body) = status_json(response).await;
    (status, retry_after, body)
}

#[tokio::test]
async fn the_fourth_request_for_an_email_is_a_localized_429_with_retry_after_known_or_not() {
    let (app, _, user) = setup().await;

    for email in [user.email.as_str(), "nobody@example.com"] {
        let first = forgot_en(&app, email).await;
        assert_eq!((first.0, first.1), (200, None), "{}", first.2);
        for _ in 0..2 {
            assert_eq!(forgot_en(&app, &email.to_uppercase()).await, first, "the same answer under the limit");
        }

        let (status, retry_after, body) = forgot_en(&app, email).await;

        assert_eq!(status, 429, "{body}");
        assert!((1..=900).contains(&retry_after.expect("Retry-After")), "{retry_after:?}");
        assert_eq!(body["code"], 1007);
        assert_eq!(body["result"]["message"], "Too many password reset requests. Please try again in 15 minutes.");
    }
    let (status, body) = forgot(&app, &user.email).await;
    assert_eq!(status, 429);
    assert_eq!(
        body["result"]["message"],
        "Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau 15 phút."
    );
}

#[tokio::test]
async fn the_eleventh_request_from_one_address_is_a_429_whatever_the_email() {
    let app = spawn_app().await;
    for i in 0..10 {
        assert_eq!(forgot(&app, &format!("someone{i}@example.com")).await.0, 200);
    }

    let (status, retry_after, _) = forgot_en(&app, "someone-else@example.com").await;

    assert_eq!(status, 429);
    assert!(retry_after.is_some_and(|s| (1..=900).contains(&s)));
}
