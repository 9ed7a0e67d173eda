//! Messages from visitors: admission form, contact form, newsletter.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn post(app: &TestApp, path: &str, body: &Value, lang: &str) -> (u16, Value) {
    let response =
        app.client.post(app.url(path)).header("accept-language", lang).json(body).send().await.expect("request sent");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json"))
}

fn admission() -> Value {
    json!({
        "name": "Lê Văn An",
        "email": "an@example.vn",
        "phone": "0912 345 678",
        "courseName": "Lập trình Python",
        "message": "Tôi muốn đăng ký lớp tối."
    })
}

#[tokio::test]
async fn an_admission_message_is_stored_and_answered_ok() {
    let app = spawn_app().await;

    let (status, body) = post(&app, "/api/contact/admissionMessage", &admission(), "vi").await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    assert_eq!(body["code"], 1000);
    let stored: (String, String, String, i64) =
        sqlx::query_as("select name, course_name, message, is_read from admission_messages")
            .fetch_one(&app.state.pool)
            .await
            .expect("stored");
    assert_eq!(stored, ("Lê Văn An".into(), "Lập trình Python".into(), "Tôi muốn đăng ký lớp tối.".into(), 0));
}

#[tokio::test]
async fn the_admission_message_text_is_optional() {
    let app = spawn_app().await;
    let mut body = admission();
    body.as_object_mut().expect("object").remove("message");

    let (status, answer) = post(&app, "/api/contact/admissionMessage", &body, "vi").await;

    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], true);
}

#[tokio::test]
async fn an_invalid_admission_message_is_refused_in_the_requested_language() {
    let app = spawn_app().await;
    let mut body = admission();
    body["email"] = json!("an@");

    let (status_en, en) = post(&app, "/api/contact/admissionMessage", &body, "en").await;
    let (status_vi, vi) = post(&app, "/api/contact/admissionMessage", &body, "vi").await;

    assert_eq!((status_en, status_vi), (422, 422));
    assert_eq!(en["ok"], false);
    assert_eq!(en["error"], "Please enter a valid email");
    assert_eq!(vi["error"], "Vui lòng nhập email hợp lệ");
    assert_eq!(en["result"]["fields"]["email"], "Please enter a valid email");
    let count: i64 =
        sqlx::query_scalar("select count(*) from admission_messages").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(count, 0);
}

#[tokio::test]
async fn a_malformed_admission_body_is_answered_in_the_same_shape() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/contact/admissionMessage"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("sent");

    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["ok"], false);
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn a_contact_message_is_stored() {
    let app = spawn_app().await;
    let body = json!({"name": "Trần Bình", "email": "binh@example.vn", "subject": "Hợp tác", "message": "Xin chào"});

    let (status, answer) = post(&app, "/api/contact/message", &body, "vi").await;
    let (missing_status, missing) =
        post(&app, "/api/contact/message", &json!({"name": "B", "email": "b@x.vn"}), "en").await;

    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], true);
    assert_eq!(missing_status, 422);
    assert_eq!(missing["result"]["fields"]["message"], "Please enter a message");
    let count: i64 =
        sqlx::query_scalar("select count(*) from contact_messages").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(count, 1);
}

#[tokio::test]
async fn subscribing_twice_to_the_newsletter_succeeds_and_stores_once() {
    let app = spawn_app().await;

    let (first, _) = post(&app, "/api/newsletter", &json!({"email": "An@Example.vn"}), "vi").await;
    let (second, body) = post(&app, "/api/newsletter", &json!({"email": " an@example.vn "}), "vi").await;

    assert_eq!((first, second), (200, 200));
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["subscribed"], true);
    let count: i64 = sqlx::query_scalar("select count(*) from newsletter_subscriptions")
        .fetch_one(&app.state.pool)
        .await
        .expect("count");
    assert_eq!(count, 1);
}

#[tokio::test]
async fn an_invalid_newsletter_email_is_refused() {
    let app = spawn_app().await;

    let (status, body) = post(&app, "/api/newsletter", &json!({"email": "not-an-email"}), "en").await;

    assert_eq!(status, 422);
    assert_eq!(body["code"], 1006);
    assert_eq!(body["result"]["fields"]["email"], "Please enter a valid email");
}
