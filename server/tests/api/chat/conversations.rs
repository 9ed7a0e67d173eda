//! Chat between a mentee and the mentor of a booking: the two talk and read; unread counts move and reset;
//! nobody else reads or writes; the conversation is read-only once the booking ended; the message rule and the
//! rate limit; live delivery on the notifications' stream (across instances on PostgreSQL); the mail of a
//! message left unread for 15 minutes.

use std::time::Duration;

use academy_server::platform::{
    db::{Backend, new_id, now_ms},
    jobs::Worker,
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::{TestUser, mails_to, status_json},
    helpers::{TestApp, backend, spawn_app, spawn_app_with},
    notifications_live::open_stream,
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const SOON: Duration = Duration::from_secs(5);

/// A mentee and a mentor with a booking between them.
pub(crate) struct Pair {
    pub(crate) mentee: TestUser,
    pub(crate) mentee_token: String,
    pub(crate) mentor: TestUser,
    pub(crate) mentor_token: String,
    pub(crate) booking: String,
}

/// A booking of a new plan of a new teacher by a new student, ending `end_at`.
pub(crate) async fn pair(app: &TestApp, end_at: i64) -> Pair {
    let (mentor, mentor_token, _) = app.signed_in("chatmentor", Role::Teacher).await;
    let (mentee, mentee_token, _) = app.signed_in("chatmentee", Role::Student).await;
    let plan = json!({
        "title": { "vi": "Kèm cặp Rust", "en": "Rust mentoring" },
        "price": 1_000_000, "durationValue": 30, "durationUnit": "days",
        "sessionsPerPeriod": 4, "sessionMinutes": 60, "maxMentees": 10,
    });
    let (status, answer) =
        status_json(app.send(Method::POST, "/api/dashboard/mentorship/plans", Some(&mentor_token), Some(plan)).await)
            .await;
    assert_eq!(status, 200, "{answer}");
    let booking = new_id();
    let start = now_ms() - DAY_MS;
    sqlx::query(
        "insert into mentorship_enrollments \
         (id, user_id, plan_id, mentor_id, start_at, end_at, created_at, price, currency, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $5, 1000000, 'VND', $5)",
    )
    .bind(&booking)
    .bind(&mentee.id)
    .bind(answer["result"]["id"].as_str().expect("plan id"))
    .bind(&mentor.id)
    .bind(start)
    .bind(end_at)
    .execute(&app.state.pool)
    .await
    .expect("booking");
    Pair { mentee, mentee_token, mentor, mentor_token, booking }
}

pub(crate) async fn send(app: &TestApp, token: &str, booking: &str, body: &str, lang: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url(&format!("/api/chat/{booking}/messages")))
        .bearer_auth(token)
        .header("accept-language", lang)
        .json(&json!({ "body": body }))
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    status_json(app.send(Method::GET, path, Some(token), None).await).await
}

async fn unread_total(app: &TestApp, token: &str) -> i64 {
    let (status, body) = get(app, token, "/api/chat/unread").await;
    assert_eq!(status, 200, "{body}");
    body["result"]["total"].as_i64().expect("total")
}

async fn read(app: &TestApp, token: &str, booking: &str) -> (u16, Value) {
    status_json(app.send(Method::POST, &format!("/api/chat/{booking}/read"), Some(token), None).await).await
}

#[tokio::test]
async fn the_mentee_and_the_mentor_talk_and_unread_counts_move_and_reset_on_read() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;

    let (sent, message) = send(&app, &p.mentee_token, &p.booking, "  Chào thầy, em là Yến.\n", "vi").await;
    send(&app, &p.mentee_token, &p.booking, "Xem https://example.com/a?b=1 nhé <b>đậm</b>", "vi").await;
    let mentor_unread = unread_total(&app, &p.mentor_token).await;
    let (_, per) = get(&app, &p.mentor_token, "/api/chat/unread").await;
    let mentee_unread = unread_total(&app, &p.mentee_token).await;
    let (seen, conversation) = get(&app, &p.mentor_token, &format!("/api/chat/{}", p.booking)).await;
    let (_, after_read) = read(&app, &p.mentor_token, &p.booking).await;
    let (replied, _) = send(&app, &p.mentor_token, &p.booking, "Chào Yến!", "vi").await;
    let mentee_after_reply = unread_total(&app, &p.mentee_token).await;
    let (_, mentee_view) = get(&app, &p.mentee_token, &format!("/api/chat/{}", p.booking)).await;

    assert_eq!((sent, replied), (200, 200), "{message}");
    assert_eq!(message["result"]["body"], "Chào thầy, em là Yến.", "trimmed");
    assert_eq!(message["result"]["senderId"], p.mentee.id.as_str());
    assert_eq!((mentor_unread, mentee_unread), (2, 0));
    assert_eq!(per["result"]["conversations"], json!([{ "bookingId": p.booking, "unread": 2 }]));
    assert_eq!(seen, 200);
    let conversation = &conversation["result"];
    assert_eq!(conversation["open"], true);
    assert_eq!(conversation["asMentor"], true);
    assert_eq!(conversation["other"]["id"], p.mentee.id.as_str());
    let bodies: Vec<&str> =
        conversation["messages"].as_array().expect("messages").iter().filter_map(|m| m["body"].as_str()).collect();
    assert_eq!(
        bodies,
        ["Chào thầy, em là Yến.", "Xem https://example.com/a?b=1 nhé <b>đậm</b>"],
        "oldest first, as written"
    );
    assert_eq!(after_read["result"]["total"], 0, "reading resets the count");
    assert_eq!(unread_total(&app, &p.mentor_token).await, 0);
    assert_eq!(mentee_after_reply, 1);
    let messages = mentee_view["result"]["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 3);
    assert!(messages[0]["readAt"].is_string(), "the mentee sees hers were read");
    assert!(messages[2]["readAt"].is_null());
}

#[tokio::test]
async fn nobody_else_reads_or_writes_a_conversation() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    send(&app, &p.mentee_token, &p.booking, "Riêng tư", "vi").await;
    let (_, stranger, _) = app.signed_in("chatstranger", Role::Teacher).await;
    let (_, admin, _) = app.signed_in("chatadmin", Role::Admin).await;

    let (read_status, _) = get(&app, &stranger, &format!("/api/chat/{}", p.booking)).await;
    let (write_status, body) = send(&app, &stranger, &p.booking, "Xin chào", "en").await;
    let (mark_status, _) = read(&app, &stranger, &p.booking).await;
    let (admin_status, _) = get(&app, &admin, &format!("/api/chat/{}", p.booking)).await;
    let (missing, _) = get(&app, &p.mentee_token, "/api/chat/no-such-booking").await;
    let anonymous = app.send(Method::GET, &format!("/api/chat/{}", p.booking), None, None).await.status();

    assert_eq!((read_status, write_status, mark_status, admin_status, missing), (404, 404, 404, 404, 404));
    assert_eq!(body["result"]["message"], "Conversation not found.");
    assert_eq!(anonymous, 401);
    assert_eq!(unread_total(&app, &p.mentor_token).await, 1, "the stranger's read changed nothing");
    let stored: i64 =
        sqlx::query_scalar("select count(*) from chat_messages").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 1);
}

#[tokio::test]
async fn after_the_booking_ends_the_conversation_is_kept_and_read_only() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    send(&app, &p.mentee_token, &p.booking, "Cảm ơn thầy", "vi").await;
    sqlx::query("update mentorship_enrollments set end_at = $2 where id = $1")
        .bind(&p.booking)
        .bind(now_ms() - 1)
        .execute(&app.state.pool)
        .await
        .expect("ended");

    let (vi_status, vi) = send(&app, &p.mentee_token, &p.booking, "Còn nữa", "vi").await;
    let (en_status, en) = send(&app, &p.mentor_token, &p.booking, "One more", "en").await;
    let (_, conversation) = get(&app, &p.mentor_token, &format!("/api/chat/{}", p.booking)).await;

    assert_eq!((vi_status, en_status), (409, 409));
    assert_eq!(
        vi["result"]["message"],
        "Gói cố vấn đã kết thúc nên không thể gửi tin nhắn mới. Hãy gia hạn để tiếp tục trò chuyện."
    );
    assert_eq!(
        en["result"]["message"],
        "This mentorship has ended, so no new messages can be sent. Renew it to keep talking."
    );
    assert_eq!(conversation["result"]["open"], false);
    assert_eq!(conversation["result"]["messages"].as_array().map(Vec::len), Some(1), "the history stays readable");
}

#[tokio::test]
async fn a_message_must_say_something_within_the_shared_length_limit() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    let longest = "ệ".repeat(2000);

    let (blank, blank_body) = send(&app, &p.mentee_token, &p.booking, " \n ", "vi").await;
    let (over, over_body) = send(&app, &p.mentee_token, &p.booking, &format!("{longest}a"), "en").await;
    let (fits, _) = send(&app, &p.mentee_token, &p.booking, &longest, "vi").await;

    assert_eq!((blank, over, fits), (422, 422, 200));
    assert_eq!(blank_body["result"]["fields"]["body"], "Vui lòng nhập tin nhắn");
    assert_eq!(over_body["result"]["fields"]["body"], "A message has at most 2000 characters");
}

#[tokio::test]
async fn messages_are_rate_limited_per_account() {
    let setting = "chat=3/600".parse().expect("a setting");
    let app = spawn_app_with(|config| config.rate_limits = vec![setting]).await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    for n in 0..3 {
        assert_eq!(send(&app, &p.mentee_token, &p.booking, &format!("Tin {n}"), "vi").await.0, 200);
    }

    let (refused, body) = send(&app, &p.mentee_token, &p.booking, "Tin nữa", "en").await;
    let (mentor, _) = send(&app, &p.mentor_token, &p.booking, "Thầy vẫn gửi được", "vi").await;

    assert_eq!(refused, 429);
    assert_eq!(body["result"]["message"], "Too many requests. Please try again in 10 minutes.");
    assert_eq!(mentor, 200, "the other person has their own allowance");
    assert_eq!(unread_total(&app, &p.mentor_token).await, 3);
}

#[tokio::test]
async fn a_message_reaches_both_peoples_open_streams_and_a_read_is_told_too() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    let (_, stranger, _) = app.signed_in("chatlistener", Role::Student).await;
    let mut mentor_stream = open_stream(&app, &p.mentor_token, &[]).await;
    let mut stranger_stream = open_stream(&app, &stranger, &[]).await;
    mentor_stream.next_named("count", SOON).await.expect("opened");
    stranger_stream.next_named("count", SOON).await.expect("opened");

    let (_, message) = send(&app, &p.mentee_token, &p.booking, "Thầy ơi", "vi").await;
    let delivered = mentor_stream.next_named("chat", SOON).await.expect("the message is announced");
    read(&app, &p.mentor_token, &p.booking).await;
    let read_told = mentor_stream.next_named("chat", SOON).await.expect("the read is announced");

    assert_eq!(delivered.data, json!({ "bookingId": p.booking, "messageId": message["result"]["id"] }));
    assert_eq!(read_told.data, json!({ "bookingId": p.booking, "messageId": null }));
    assert!(stranger_stream.next_named("chat", Duration::from_millis(300)).await.is_none(), "nobody else is told");
    let _ = p.mentor;
}

#[tokio::test]
async fn on_postgresql_a_message_sent_through_one_instance_reaches_a_stream_on_another() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on SQLite: several instances share a PostgreSQL database");
        return;
    }
    let a = spawn_app().await;
    let url = a.state.config.database_url();
    let b = spawn_app_with(move |config| config.database_url = Some(url)).await;
    let p = pair(&a, now_ms() + 30 * DAY_MS).await;
    let mut on_b = open_stream(&b, &p.mentor_token, &[]).await;
    on_b.next_named("count", SOON).await.expect("opened");

    let (_, message) = send(&a, &p.mentee_token, &p.booking, "Qua máy chủ khác", "vi").await;
    let delivered = on_b.next_named("chat", Duration::from_secs(2)).await.expect("delivered by B");

    assert_eq!(delivered.data["messageId"], message["result"]["id"]);
}

#[tokio::test]
async fn a_message_unread_for_fifteen_minutes_is_mailed_once_and_a_read_one_never() {
    let app = spawn_app().await;
    let p = pair(&app, now_ms() + 30 * DAY_MS).await;
    let (_, admin, _) = app.signed_in("chatmailadmin", Role::Admin).await;
    let worker = Worker::new(app.state.jobs.clone(), app.state.clone(), academy_server::job_handlers());
    let start = now_ms();
    send(&app, &p.mentee_token, &p.booking, "Thầy xem giúp em bài này", "vi").await;
    send(&app, &p.mentee_token, &p.booking, "Em cảm ơn", "vi").await;
    send(&app, &p.mentor_token, &p.booking, "Ừ, để thầy xem", "vi").await;
    read(&app, &p.mentee_token, &p.booking).await;

    worker.run_due(start + 14 * 60_000).await.expect("jobs ran");
    let before = mails_to(&app, &admin, &p.mentor.email).await;
    worker.run_due(start + 16 * 60_000).await.expect("jobs ran");
    let mentor_mails = mails_to(&app, &admin, &p.mentor.email).await;
    worker.run_due(start + 60 * 60_000).await.expect("jobs ran");
    let mentor_later = mails_to(&app, &admin, &p.mentor.email).await;
    let mentee_mails = mails_to(&app, &admin, &p.mentee.email).await;

    assert!(before.is_empty(), "not before 15 minutes");
    assert_eq!(mentor_mails.len(), 1, "one mail covers both unread messages");
    let subject = mentor_mails[0]["subject"].as_str().unwrap_or_default();
    assert!(subject.starts_with("Tin nhắn mới từ ") && subject.contains("New message from"), "{subject}");
    let body = mentor_mails[0]["bodyText"].as_str().unwrap_or_default();
    let (first, second) = (body.find("Thầy xem giúp em bài này"), body.find("Em cảm ơn"));
    assert!(first.is_some() && first < second, "both waiting messages, oldest first: {body}");
    assert!(body.contains(&format!("/profile/chat/{}", p.booking)), "{body}");
    assert_eq!(mentor_later.len(), 1, "mailed once");
    assert!(mentee_mails.is_empty(), "the mentee read the reply in time");
}
