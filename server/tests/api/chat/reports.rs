//! A conversation reported by one of its people: administrators then read it, read-only; nobody else does, and
//! a conversation nobody reported stays closed to administrators too.

use academy_server::platform::db::now_ms;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    chat::{pair, send},
    helpers::{TestApp, spawn_app},
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    status_json(app.send(method, path, Some(token), body).await).await
}

#[tokio::test]
async fn a_reported_conversation_is_read_by_administrators_only_and_reading_it_changes_nothing() {
    let app = spawn_app().await;
    let pair = pair(&app, now_ms() + 10 * DAY_MS).await;
    let (_, admin, _) = app.signed_in("chatadmin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("chatstaff", Role::Staff).await;
    let (_, stranger, _) = app.signed_in("chatstranger", Role::Student).await;
    send(&app, &pair.mentee_token, &pair.booking, "Chào thầy", "vi").await;
    send(&app, &pair.mentor_token, &pair.booking, "Tin nhắn cần xem xét", "vi").await;
    let read_path = format!("/api/admin/chat/reports/{}", pair.booking);

    // Not reported: closed to the administrator too.
    let (status, _) = call(&app, Method::GET, &read_path, &admin, None).await;
    assert_eq!(status, 404);
    let (_, list) = call(&app, Method::GET, "/api/admin/chat/reports", &admin, None).await;
    assert_eq!(list["result"].as_array().map(Vec::len), Some(0));

    // Someone else's conversation cannot be reported.
    let report_path = format!("/api/chat/{}/report", pair.booking);
    let (status, _) = call(&app, Method::POST, &report_path, &stranger, Some(json!({}))).await;
    assert_eq!(status, 404);

    let reason = json!({ "reason": "Cố vấn dùng lời lẽ không phù hợp" });
    let (status, answer) = call(&app, Method::POST, &report_path, &pair.mentee_token, Some(reason.clone())).await;
    assert_eq!((status, answer["result"]["reported"].as_bool()), (200, Some(true)), "{answer}");
    let (status, _) = call(&app, Method::POST, &report_path, &pair.mentee_token, Some(reason)).await;
    assert_eq!(status, 200, "reporting again changes nothing");

    let (status, list) = call(&app, Method::GET, "/api/admin/chat/reports", &admin, None).await;
    assert_eq!(status, 200, "{list}");
    let items = list["result"].as_array().expect("list");
    assert_eq!(items.len(), 1, "{list}");
    assert_eq!(items[0]["bookingId"], pair.booking.as_str());
    assert_eq!(items[0]["reports"], 1);
    assert_eq!(items[0]["reason"], "Cố vấn dùng lời lẽ không phù hợp");
    assert_eq!(items[0]["mentee"]["id"], pair.mentee.id.as_str());
    assert_eq!(items[0]["mentor"]["id"], pair.mentor.id.as_str());

    let (status, conversation) = call(&app, Method::GET, &read_path, &admin, None).await;
    assert_eq!(status, 200, "{conversation}");
    let bodies: Vec<&str> = conversation["result"]["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| m["body"].as_str().expect("body"))
        .collect();
    assert_eq!(bodies, ["Chào thầy", "Tin nhắn cần xem xét"]);
    assert_eq!(conversation["result"]["hasMore"], false);

    // Read-only: the mentee's unread message is still unread, and an administrator cannot write in it.
    let (_, unread) = call(&app, Method::GET, "/api/chat/unread", &pair.mentee_token, None).await;
    assert_eq!(unread["result"]["total"], 1, "{unread}");
    let (status, _) = send(&app, &admin, &pair.booking, "Quản trị viên chen vào", "vi").await;
    assert_eq!(status, 404);

    // Nobody else reads it: staff, a teacher, a student.
    for token in [&staff, &pair.mentor_token, &stranger] {
        let (status, _) = call(&app, Method::GET, &read_path, token, None).await;
        assert_eq!(status, 403);
        let (status, _) = call(&app, Method::GET, "/api/admin/chat/reports", token, None).await;
        assert_eq!(status, 403);
    }
}

#[tokio::test]
async fn a_report_with_a_reason_too_long_is_refused_in_the_readers_language() {
    let app = spawn_app().await;
    let pair = pair(&app, now_ms() + 10 * DAY_MS).await;
    let long = "a".repeat(1001);
    let response = app
        .client
        .post(app.url(&format!("/api/chat/{}/report", pair.booking)))
        .bearer_auth(&pair.mentor_token)
        .json(&json!({ "reason": long }))
        .send()
        .await
        .expect("sent");
    let (status, answer) = status_json(response).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["result"]["fields"]["reason"], "Lý do dài tối đa 1000 ký tự.");
    let reports: i64 =
        sqlx::query_scalar("select count(*) from chat_reports").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(reports, 0);
}
