//! Limits on writes anyone can send (contact and admission messages, newsletter, registration) per client
//! address, and on upload URLs per account: 429 with `Retry-After` and a text in the user's language, counted
//! in the database so that every server instance shares them.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::{PASSWORD, status_json, unique_name},
    helpers::{TestApp, spawn_app, spawn_app_with},
};

fn contact() -> Value {
    json!({"name": "Lan", "email": "lan@example.com", "message": "Xin chào"})
}

fn admission() -> Value {
    json!({"name": "Lan", "email": "lan@example.com", "phone": "0912345678", "courseName": "Lập trình Python"})
}

async fn post_as(app: &TestApp, path: &str, body: &Value, lang: &str, forwarded: Option<&str>) -> reqwest::Response {
    let mut request = app.client.post(app.url(path)).header("accept-language", lang).json(body);
    if let Some(client) = forwarded {
        request = request.header("x-forwarded-for", client);
    }
    request.send().await.expect("request sent")
}

async fn stored(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&app.state.pool).await.expect("count")
}

fn retry_after(response: &reqwest::Response) -> u64 {
    let value = response.headers().get("retry-after").unwrap_or_else(|| panic!("no Retry-After: {response:?}"));
    value.to_str().expect("ascii").parse().expect("seconds")
}

#[tokio::test]
async fn the_sixth_contact_message_from_one_address_in_fifteen_minutes_is_refused() {
    let app = spawn_app().await;
    for _ in 0..5 {
        assert_eq!(post_as(&app, "/api/contact/message", &contact(), "vi", None).await.status(), 200);
    }

    let refused = post_as(&app, "/api/contact/message", &contact(), "en", None).await;

    assert_eq!(refused.status(), 429);
    let wait = retry_after(&refused);
    assert!((14 * 60..=15 * 60).contains(&wait), "{wait}");
    let (_, body) = status_json(refused).await;
    assert_eq!(body["ok"], false);
    assert_eq!(body["code"], 1007);
    assert_eq!(body["error"], "Too many requests. Please try again in 15 minutes.");
    assert_eq!(stored(&app, "contact_messages").await, 5);
    // Admission messages are counted apart.
    assert_eq!(post_as(&app, "/api/contact/admissionMessage", &admission(), "vi", None).await.status(), 200);
}

#[tokio::test]
async fn the_eleventh_admission_message_from_one_address_is_refused_in_vietnamese() {
    let app = spawn_app().await;
    for _ in 0..10 {
        assert_eq!(post_as(&app, "/api/contact/admissionMessage", &admission(), "vi", None).await.status(), 200);
    }

    let refused = post_as(&app, "/api/contact/admissionMessage", &admission(), "vi", None).await;

    assert_eq!(refused.status(), 429);
    assert!(retry_after(&refused) > 0);
    let (_, body) = status_json(refused).await;
    assert_eq!(body["error"], "Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau 15 phút.");
    assert_eq!(stored(&app, "admission_messages").await, 10);
}

#[tokio::test]
async fn a_flood_of_simultaneous_messages_stores_no_more_than_the_limit() {
    let app = spawn_app().await;

    let body = admission();
    let sends = (0..40).map(|_| post_as(&app, "/api/contact/admissionMessage", &body, "vi", None));
    let statuses: Vec<u16> = futures_util::future::join_all(sends).await.iter().map(|r| r.status().as_u16()).collect();

    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 10, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 30, "{statuses:?}");
    assert_eq!(stored(&app, "admission_messages").await, 10);
}

#[tokio::test]
async fn newsletter_subscriptions_are_limited_per_address() {
    let app = spawn_app().await;
    for i in 0..10 {
        let body = json!({"email": format!("reader{i}@example.com")});
        assert_eq!(post_as(&app, "/api/newsletter", &body, "vi", None).await.status(), 200);
    }

    let refused = post_as(&app, "/api/newsletter", &json!({"email": "one-more@example.com"}), "en", None).await;

    assert_eq!(refused.status(), 429);
    assert!(retry_after(&refused) > 0);
    let (_, body) = status_json(refused).await;
    assert_eq!(body["code"], 1007);
    assert_eq!(body["result"]["message"], "Too many requests. Please try again in 15 minutes.");
}

#[tokio::test]
async fn registrations_are_limited_per_address_and_the_limit_is_configurable() {
    let setting = "registration=3/600".parse().expect("a setting");
    let app = spawn_app_with(|config| config.rate_limits = vec![setting]).await;
    let register = || {
        let username = unique_name("limited");
        json!({"username": username, "email": format!("{username}@example.com"), "password": PASSWORD})
    };
    for _ in 0..3 {
        assert_eq!(post_as(&app, "/users", &register(), "vi", None).await.status(), 200);
    }

    let refused = post_as(&app, "/users", &register(), "en", None).await;

    assert_eq!(refused.status(), 429);
    assert!((9 * 60..=10 * 60).contains(&retry_after(&refused)));
    assert_eq!(status_json(refused).await.1["result"]["message"], "Too many requests. Please try again in 10 minutes.");
    assert_eq!(stored(&app, "users").await, 3);
}

#[tokio::test]
async fn upload_urls_are_limited_per_account() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("uploader", Role::Student).await;
    let (_, other, _) = app.signed_in("another", Role::Student).await;
    let ask = |token: String| {
        let app = &app;
        async move { app.send(Method::GET, "/files/get-upload-url?file-id=avatar-a.png", Some(&token), None).await }
    };
    for _ in 0..30 {
        assert_eq!(ask(token.clone()).await.status(), 200);
    }

    let refused = ask(token.clone()).await;

    assert_eq!(refused.status(), 429);
    assert!(retry_after(&refused) > 0);
    assert_eq!(status_json(refused).await.1["code"], 1007);
    assert_eq!(ask(other).await.status(), 200, "another account has its own allowance");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_is_counted_and_a_forged_header_does_not_help_otherwise() {
    let trusted = spawn_app_with(|config| config.trusted_proxies = vec!["127.0.0.1/32".parse().expect("net")]).await;
    let direct = spawn_app().await;

    let client = Some("203.0.113.7");
    for _ in 0..5 {
        assert_eq!(post_as(&trusted, "/api/contact/message", &contact(), "vi", client).await.status(), 200);
    }
    let same_client = post_as(&trusted, "/api/contact/message", &contact(), "vi", Some("203.0.113.7")).await;
    let other_client = post_as(&trusted, "/api/contact/message", &contact(), "vi", Some("203.0.113.8")).await;
    assert_eq!((same_client.status().as_u16(), other_client.status().as_u16()), (429, 200));

    for i in 0..5 {
        let forged = format!("198.51.100.{i}");
        assert_eq!(post_as(&direct, "/api/contact/message", &contact(), "vi", Some(&forged)).await.status(), 200);
    }
    let forged = post_as(&direct, "/api/contact/message", &contact(), "vi", Some("198.51.100.99")).await;
    assert_eq!(forged.status(), 429, "an untrusted peer is counted by its own address");
}

#[tokio::test]
async fn two_server_instances_on_one_database_share_the_counters() {
    let first = spawn_app().await;
    let url = first.state.config.database_url();
    let second = spawn_app_with(|config| config.database_url = Some(url)).await;

    for app in [&first, &second, &first, &second, &first] {
        assert_eq!(post_as(app, "/api/contact/message", &contact(), "vi", None).await.status(), 200);
    }

    assert_eq!(post_as(&second, "/api/contact/message", &contact(), "vi", None).await.status(), 429);
    assert_eq!(post_as(&first, "/api/contact/message", &contact(), "vi", None).await.status(), 429);
}

#[tokio::test]
async fn housekeeping_drops_rate_limit_counters_once_their_window_passed() {
    // Windows shorter than the login window's, so that it is this purge that drops them.
    let settings = ["contact=5/60", "newsletter=10/60"].map(|s| s.parse().expect("a setting")).to_vec();
    let app = spawn_app_with(|config| config.rate_limits = settings).await;
    assert_eq!(post_as(&app, "/api/contact/message", &contact(), "vi", None).await.status(), 200);
    assert_eq!(post_as(&app, "/api/newsletter", &json!({"email": "a@example.com"}), "vi", None).await.status(), 200);
    let counters = || async {
        let count: i64 = sqlx::query_scalar("select count(*) from login_throttles where id like 'limit:%'")
            .fetch_one(&app.state.pool)
            .await
            .expect("count");
        count
    };
    assert_eq!(counters().await, 2);

    academy_server::housekeeping::run_once(&app.state, academy_server::platform::db::now_ms()).await;
    assert_eq!(counters().await, 2, "counters in their window stay");
    academy_server::housekeeping::run_once(&app.state, academy_server::platform::db::now_ms() + 2 * 60 * 1000).await;
    assert_eq!(counters().await, 0);
}
