//! A person's own change of e-mail address: `PUT /users/{self}` with `currentPassword`, the link mailed to the new
//! address, the notice to the old one, and `POST /users/confirm-email`.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, TestUser, mails_to, status_json, unique_name};
use crate::helpers::{TestApp, spawn_app_with};

/// The app (links pointing at https://academy.test), an admin's token (to read the outbox) and a signed-in
/// student: (user, access token, refresh token).
async fn setup() -> (TestApp, String, (TestUser, String, String)) {
    let app = spawn_app_with(|c| c.public_url = Some("https://academy.test/".to_owned())).await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let student = app.signed_in("mover", Role::Student).await;
    (app, admin, student)
}

fn change(email: &str, password: Option<&str>) -> Value {
    let mut body = json!({"firstName": "Minh", "lastName": "Tran", "email": email});
    if let Some(password) = password {
        body["currentPassword"] = json!(password);
    }
    body
}

async fn put_en(app: &TestApp, user: &TestUser, token: &str, body: Value) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!("/users/{}", user.id)))
        .bearer_auth(token)
        .header("accept-language", "en")
        .json(&body)
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

async fn email_of(app: &TestApp, token: &str) -> String {
    let (status, me) = status_json(app.send(Method::GET, "/users/my-info", Some(token), None).await).await;
    assert_eq!(status, 200, "{me}");
    me["result"]["email"].as_str().expect("email").to_owned()
}

/// The token of the confirmation link mailed to `to`.
async fn link_token(app: &TestApp, admin: &str, to: &str) -> String {
    let mails = mails_to(app, admin, to).await;
    let body = mails.first().and_then(|m| m["bodyText"].as_str()).unwrap_or_else(|| panic!("no mail to {to}"));
    let link =
        body.split_whitespace().find(|w| w.starts_with("https://academy.test/confirm-email?token=")).expect("link");
    link.split("token=").nth(1).expect("token").to_owned()
}

async fn confirm(app: &TestApp, token: &str) -> (u16, Value) {
    status_json(app.post_json("/users/confirm-email", json!({"token": token})).await).await
}

/// Asks for a change of the student's address to `new_email` with the right password.
async fn ask(app: &TestApp, user: &TestUser, token: &str, new_email: &str) {
    let (status, body) = put_en(app, user, token, change(new_email, Some(PASSWORD))).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn changing_ones_own_email_needs_the_current_password() {
    let (app, admin, (user, token, _)) = setup().await;
    let new_email = format!("new-{}", user.email);

    let (status, body) = put_en(&app, &user, &token, change(&new_email, None)).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"]["fields"]["currentPassword"], "Enter your current password to change your email");

    let (status, body) = put_en(&app, &user, &token, change(&new_email, Some("Not#The-Password-1"))).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"]["fields"]["currentPassword"], "The current password is incorrect");
    assert_eq!(body["result"]["message"], "The current password is incorrect");

    // The other fields are checked in the same answer, in Vietnamese by default.
    let mut both = change(&new_email, None);
    both["firstName"] = json!("A");
    let (status, body) =
        status_json(app.send(Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(both)).await).await;
    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["currentPassword"], "Vui lòng nhập mật khẩu hiện tại để đổi email");
    assert_eq!(body["result"]["fields"]["firstName"], "Tên phải có ít nhất 2 ký tự");
    let mut wrong = change(&new_email, Some("Not#The-Password-1"));
    wrong["lastName"] = json!("");
    let (_, body) = put_en(&app, &user, &token, wrong).await;
    assert_eq!(body["result"]["fields"]["lastName"], "Last name is required");
    assert_eq!(body["result"]["fields"]["currentPassword"], "The current password is incorrect");

    assert_eq!(email_of(&app, &token).await, user.email);
    assert!(mails_to(&app, &admin, &new_email).await.is_empty());
    // The same address in another case is no change and needs no password.
    let (status, body) = put_en(&app, &user, &token, change(&user.email.to_uppercase(), None)).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn wrong_passwords_count_against_the_login_limit() {
    let (app, _, (user, token, _)) = setup().await;
    let new_email = format!("new-{}", user.email);
    for _ in 0..5 {
        assert_eq!(put_en(&app, &user, &token, change(&new_email, Some("Not#The-Password-1"))).await.0, 422);
    }
    let response = app
        .client
        .put(app.url(&format!("/users/{}", user.id)))
        .bearer_auth(&token)
        .json(&change(&new_email, Some(PASSWORD)))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 429);
    assert!(response.headers().get("retry-after").is_some());
}

#[tokio::test]
async fn the_link_goes_to_the_new_address_and_a_notice_to_the_old_one_and_nothing_changes_yet() {
    let (app, admin, (user, token, _)) = setup().await;
    let new_email = format!("New-{}", user.email);

    let (status, body) = put_en(&app, &user, &token, change(&new_email, Some(PASSWORD))).await;

    assert_eq!((status, body["code"].as_i64()), (200, Some(1000)), "{body}");
    let result = &body["result"];
    assert_eq!(result["email"], user.email.as_str());
    assert_eq!(result["pendingEmail"], new_email.as_str());
    assert_eq!(result["firstName"], "Minh", "the other fields are saved at once");
    assert_eq!(email_of(&app, &token).await, user.email);

    let links = mails_to(&app, &admin, &new_email).await;
    assert_eq!(links.len(), 1);
    assert_eq!(links[0]["subject"], "Confirm your new Academy email address");
    assert!(links[0]["bodyText"].as_str().unwrap_or_default().contains("https://academy.test/confirm-email?token="));
    let notices = mails_to(&app, &admin, &user.email).await;
    assert_eq!(notices.len(), 1);
    let notice = notices[0]["bodyText"].as_str().unwrap_or_default();
    assert!(notice.contains(&new_email) && notice.contains("Forgot password"), "{notice}");
    assert!(!notice.contains("token="), "the old address gets no link: {notice}");
}

#[tokio::test]
async fn confirming_changes_the_email_and_ends_the_other_sessions() {
    let (app, admin, (user, asking, asking_refresh)) = setup().await;
    let (other, other_refresh) = app.login(&user.username, PASSWORD).await;
    let new_email = format!("new-{}", user.email);
    ask(&app, &user, &asking, &new_email).await;
    let token = link_token(&app, &admin, &new_email).await;

    let (status, body) = confirm(&app, &token).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["email"], new_email.as_str());
    assert_eq!(email_of(&app, &asking).await, new_email, "the session that asked stays open");
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&other), None).await).await.0, 401);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": other_refresh})).await).await.0, 401);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": asking_refresh})).await).await.0, 200);
    // Reset links now go to the new address.
    assert_eq!(status_json(app.post_json("/auth/forgot-password", json!({"email": user.email})).await).await.0, 200);
    assert_eq!(status_json(app.post_json("/auth/forgot-password", json!({"email": new_email})).await).await.0, 200);
    for _ in 0..100 {
        if mails_to(&app, &admin, &new_email).await.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(mails_to(&app, &admin, &new_email).await.len(), 2, "the link and the reset mail");
    assert_eq!(mails_to(&app, &admin, &user.email).await.len(), 1, "only the notice");
}

#[tokio::test]
async fn a_used_replaced_expired_or_unknown_link_is_refused() {
    let (app, admin, (user, token, _)) = setup().await;
    let first = format!("first-{}", user.email);
    let second = format!("second-{}", user.email);
    ask(&app, &user, &token, &first).await;
    let replaced = link_token(&app, &admin, &first).await;
    ask(&app, &user, &token, &second).await;
    let current = link_token(&app, &admin, &second).await;

    let response = app
        .client
        .post(app.url("/users/confirm-email"))
        .header("accept-language", "en")
        .json(&json!({"token": replaced}))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["result"]["message"], "The email confirmation link is invalid or has expired.");
    assert_eq!(confirm(&app, "deadbeef").await.0, 400);
    assert_eq!(confirm(&app, "").await.0, 400);

    assert_eq!(confirm(&app, &current).await.0, 200);
    assert_eq!(confirm(&app, &current).await.0, 400, "a link works once");

    let third = format!("third-{}", user.email);
    ask(&app, &user, &token, &third).await;
    let expired = link_token(&app, &admin, &third).await;
    sqlx::query("update email_changes set expires_at = $1 where used_at is null")
        .bind(academy_server::platform::db::now_ms() - 1)
        .execute(&app.state.pool)
        .await
        .expect("expired");
    assert_eq!(confirm(&app, &expired).await.0, 400);
    assert_eq!(email_of(&app, &token).await, second);
}

#[tokio::test]
async fn an_address_taken_meanwhile_is_a_409_and_changes_nothing() {
    let (app, admin, (user, token, _)) = setup().await;
    let wanted = format!("wanted-{}", user.email);
    ask(&app, &user, &token, &wanted).await;
    let link = link_token(&app, &admin, &wanted).await;
    let username = unique_name("quick");
    let register = json!({"username": username, "email": wanted, "password": PASSWORD, "roleName": "Student"});
    assert_eq!(app.post_json("/users", register).await.status(), 200);

    let (status, body) = confirm(&app, &link).await;

    assert_eq!((status, body["code"].as_i64()), (409, Some(1005)), "{body}");
    assert_eq!(email_of(&app, &token).await, user.email);
    // Asking for an address already taken is refused before any mail.
    let taken = put_en(&app, &user, &token, change(&wanted.to_uppercase(), Some(PASSWORD))).await;
    assert_eq!(taken.0, 409);
}

#[tokio::test]
async fn a_password_reset_voids_a_pending_change() {
    let (app, admin, (user, token, _)) = setup().await;
    let stranger = format!("stranger-{}", user.email);
    ask(&app, &user, &token, &stranger).await;
    let link = link_token(&app, &admin, &stranger).await;

    let reset =
        academy_server::identity::reset::create(&app.state.pool, &user.id, academy_server::platform::db::now_ms())
            .await
            .expect("reset link");
    let (status, _) = status_json(
        app.post_json("/auth/reset-password", json!({"token": reset, "password": "Copper#Lantern-77"})).await,
    )
    .await;
    assert_eq!(status, 200);

    assert_eq!(confirm(&app, &link).await.0, 400);
    let (fresh, _) = app.login(&user.username, "Copper#Lantern-77").await;
    assert_eq!(email_of(&app, &fresh).await, user.email);
}
