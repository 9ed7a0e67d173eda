//! A person's notifications: the three calls of the header and the sidebar in their exact shapes and form
//! encodings, ownership, the mark-all race, pages and the count, mail through the job queue, and the demo's.

use std::collections::BTreeSet;

use academy_server::{
    notifications::service::{self, Notice, NotificationError},
    platform::{db::now_ms, jobs::Worker, text::Text},
};
use academy_shared::{display::NotificationType, roles::Role};
use reqwest::multipart::Form;
use serde_json::Value;

use crate::{
    accounts::{mails_to, status_json},
    helpers::{TestApp, backend, spawn_app},
};

/// A notice for `user_id` with numbered bilingual texts.
pub fn notice(user_id: &str, kind: NotificationType, n: usize) -> Notice {
    Notice {
        user_id: user_id.to_owned(),
        kind,
        title: Text::new(format!("Tiêu đề {n}"), format!("Title {n}")),
        message: Text::new(format!("Nội dung {n}"), format!("Message {n}")),
        image: Some("/files/public/notices/n.png".to_owned()),
        link: Some(format!("/course/details/{n}")),
        mail: false,
    }
}

/// Stores a notification for `user_id` and returns its id.
pub async fn notify(app: &TestApp, user_id: &str, kind: NotificationType, n: usize) -> String {
    service::notify(&app.state, notice(user_id, kind, n)).await.expect("notified")
}

/// `GET path` with a token and a language.
pub async fn get_as(app: &TestApp, path: &str, token: &str, lang: &str) -> (u16, Value) {
    let request = app.client.get(app.url(path)).bearer_auth(token).header("accept-language", lang);
    status_json(request.send().await.expect("request sent")).await
}

/// `POST path` with a multipart form, as the web app's `FormData` sends it.
pub async fn post_form(app: &TestApp, path: &str, token: &str, fields: &[(&str, &str)]) -> (u16, Value) {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text((*name).to_owned(), (*value).to_owned());
    }
    let request = app.client.post(app.url(path)).bearer_auth(token).header("accept-language", "en").multipart(form);
    status_json(request.send().await.expect("request sent")).await
}

/// The unread count the count call gives.
pub async fn unread(app: &TestApp, token: &str) -> i64 {
    let (status, body) = get_as(app, "/api/notification/count", token, "vi").await;
    assert_eq!(status, 200, "{body}");
    body["unread"].as_i64().expect("unread count")
}

fn ids(body: &Value) -> Vec<String> {
    body["notifications"].as_array().expect("list").iter().map(|n| n["_id"].as_str().expect("id").to_owned()).collect()
}

#[tokio::test]
async fn the_list_is_the_callers_own_newest_first_in_the_spec_shape() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("listme", Role::Student).await;
    let (other, _, _) = app.signed_in("listother", Role::Student).await;
    let mine = [
        notify(&app, &me.id, NotificationType::CoursePurchase, 1).await,
        notify(&app, &me.id, NotificationType::BookMentorShip, 2).await,
        notify(&app, &me.id, NotificationType::Broadcast, 3).await,
    ];
    notify(&app, &other.id, NotificationType::Referral, 4).await;

    let (status, en) = get_as(&app, "/api/notification", &token, "en").await;
    let (_, vi) = get_as(&app, "/api/notification", &token, "vi").await;

    assert_eq!(status, 200);
    let keys: BTreeSet<&str> = en.as_object().expect("object").keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["status", "notifications"]));
    assert_eq!(en["status"], 200);
    assert_eq!(ids(&en), mine.iter().rev().cloned().collect::<Vec<_>>(), "mine only, newest first");
    let newest = &en["notifications"][0];
    let fields: BTreeSet<&str> = newest.as_object().expect("object").keys().map(String::as_str).collect();
    let spec = ["_id", "type", "title", "message", "isRead", "createdAt", "imageUrl", "actionLink"];
    assert_eq!(fields, BTreeSet::from(spec));
    assert_eq!(newest["type"], "Broadcast");
    assert_eq!((newest["title"].as_str(), newest["message"].as_str()), (Some("Title 3"), Some("Message 3")));
    assert_eq!(vi["notifications"][0]["title"], "Tiêu đề 3");
    assert_eq!(newest["isRead"], false);
    assert_eq!(newest["imageUrl"], "/files/public/notices/n.png");
    assert_eq!(newest["actionLink"], "/course/details/3");
    let created = newest["createdAt"].as_str().expect("time");
    assert!(chrono::DateTime::parse_from_rfc3339(created).is_ok(), "{created}");
}

#[tokio::test]
async fn without_a_token_the_calls_are_refused_with_401_in_their_own_shape() {
    let app = spawn_app().await;
    let list = app.client.get(app.url("/api/notification")).header("accept-language", "en").send().await;
    let mark = app.client.post(app.url("/api/notification/update")).multipart(Form::new().text("markAllRead", "true"));

    let (list_status, list_body) = status_json(list.expect("sent")).await;
    let (mark_status, mark_body) = status_json(mark.send().await.expect("sent")).await;

    assert_eq!((list_status, list_body["status"].as_u64()), (401, Some(401)));
    assert!(list_body["message"].as_str().is_some_and(|m| !m.is_empty()), "{list_body}");
    assert_eq!((mark_status, mark_body["status"].as_u64()), (401, Some(401)));
}

#[tokio::test]
async fn marking_one_read_takes_the_form_fields_notification_id_and_status_in_any_encoding() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("markone", Role::Student).await;
    let first = notify(&app, &me.id, NotificationType::CoursePurchase, 1).await;
    let second = notify(&app, &me.id, NotificationType::Referral, 2).await;
    assert_eq!(unread(&app, &token).await, 2);

    let (status, body) =
        post_form(&app, "/api/notification/update-status", &token, &[("notification_id", &first), ("status", "true")])
            .await;
    let url_encoded = app
        .client
        .post(app.url("/api/notification/update-status"))
        .bearer_auth(&token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("notification_id={second}&status=true"))
        .send()
        .await
        .expect("sent");
    let (encoded_status, _) = status_json(url_encoded).await;

    assert_eq!(status, 200);
    assert_eq!(body, serde_json::json!({"status": 200, "message": "Notification marked as read."}));
    assert_eq!(encoded_status, 200);
    let (_, list) = get_as(&app, "/api/notification", &token, "en").await;
    assert!(list["notifications"].as_array().expect("list").iter().all(|n| n["isRead"] == true));
    assert_eq!(unread(&app, &token).await, 0);

    // "false" makes it unread again; a missing or odd status is refused.
    let (status, _) =
        post_form(&app, "/api/notification/update-status", &token, &[("notification_id", &first), ("status", "false")])
            .await;
    assert_eq!((status, unread(&app, &token).await), (200, 1));
    let (status, body) =
        post_form(&app, "/api/notification/update-status", &token, &[("notification_id", &first), ("status", "yes")])
            .await;
    assert_eq!((status, body["status"].as_u64()), (400, Some(400)));
    let (status, _) = post_form(&app, "/api/notification/update-status", &token, &[("status", "true")]).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn someone_elses_notification_is_answered_exactly_like_a_missing_one() {
    let app = spawn_app().await;
    let (_, my_token, _) = app.signed_in("ownerme", Role::Student).await;
    let (other, other_token, _) = app.signed_in("ownerother", Role::Student).await;
    let theirs = notify(&app, &other.id, NotificationType::CoursePurchase, 1).await;

    let missing = "0193a1b2-0000-7000-8000-000000000000";

    let path = "/api/notification/update-status";
    let (status, body) = post_form(&app, path, &my_token, &[("notification_id", &theirs), ("status", "true")]).await;
    let (missing_status, missing_body) =
        post_form(&app, path, &my_token, &[("notification_id", missing), ("status", "true")]).await;

    assert_eq!(status, 404);
    assert_eq!((status, &body), (missing_status, &missing_body), "no hint that it exists");
    assert_eq!(body, serde_json::json!({"status": 404, "message": "Notification not found."}));
    assert_eq!(unread(&app, &other_token).await, 1, "theirs is still unread");
}

#[tokio::test]
async fn mark_all_read_takes_the_form_field_mark_all_read() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("markall", Role::Teacher).await;
    let (other, other_token, _) = app.signed_in("markallother", Role::Student).await;
    for n in 0..3 {
        notify(&app, &me.id, NotificationType::WithdrawalRequest, n).await;
    }
    notify(&app, &other.id, NotificationType::PaymentRequest, 9).await;

    let (refused, refused_body) = post_form(&app, "/api/notification/update", &token, &[("markAllRead", "no")]).await;
    let (status, body) = post_form(&app, "/api/notification/update", &token, &[("markAllRead", "true")]).await;

    assert_eq!((refused, refused_body["status"].as_u64()), (400, Some(400)));
    assert_eq!(status, 200);
    assert_eq!(body, serde_json::json!({"status": 200, "message": "All notifications marked as read."}));
    assert_eq!(unread(&app, &token).await, 0);
    assert_eq!(unread(&app, &other_token).await, 1, "only the caller's");
}

/// Holds the database's write lock (SQLite) or the notifications table (PostgreSQL) until dropped, so a
/// request's update waits for it.
async fn hold_writes(app: &TestApp) -> sqlx::Transaction<'static, sqlx::Any> {
    let mut tx = app.state.pool.begin().await.expect("transaction");
    let lock = match backend() {
        academy_server::platform::db::Backend::Postgres => "lock table notifications in share row exclusive mode",
        academy_server::platform::db::Backend::Sqlite => "update notifications set read_at = read_at where 1 = 0",
    };
    sqlx::query(lock).execute(&mut *tx).await.expect("lock taken");
    tx
}

#[tokio::test]
async fn mark_all_read_leaves_unread_a_notification_that_arrives_meanwhile() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("race", Role::Student).await;
    let before = notify(&app, &me.id, NotificationType::CoursePurchase, 1).await;
    let mut tx = hold_writes(&app).await;

    // The request arrives and waits for the lock; meanwhile a new notification is stored.
    let request = {
        let (client, url, token) = (app.client.clone(), app.url("/api/notification/update"), token.clone());
        tokio::spawn(async move {
            let form = Form::new().text("markAllRead", "true");
            client.post(url).bearer_auth(token).multipart(form).send().await.expect("sent").status().as_u16()
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let mut meanwhile = notice(&me.id, NotificationType::BookMentorShip, 2);
    meanwhile.title = Text::new("Đến trong lúc đó", "Arrived meanwhile");
    let pending = service::notify_in(&mut tx, meanwhile).await.expect("stored");
    tx.commit().await.expect("committed");
    pending.announce(&app.state).await;

    assert_eq!(request.await.expect("answered"), 200);
    let (_, list) = get_as(&app, "/api/notification", &token, "en").await;
    let state_of = |id: &str| {
        list["notifications"].as_array().expect("list").iter().find(|n| n["_id"] == id).map(|n| n["isRead"].clone())
    };
    assert_eq!(state_of(&before), Some(Value::Bool(true)), "what existed is read");
    let arrived = list["notifications"][0].clone();
    assert_eq!(arrived["title"], "Arrived meanwhile");
    assert_eq!(arrived["isRead"], false, "what arrived meanwhile stays unread");
    assert_eq!(unread(&app, &token).await, 1);
}

#[tokio::test]
async fn pages_follow_the_cursor_and_filter_by_read_state_and_type() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("pages", Role::Student).await;
    let kinds = [NotificationType::CoursePurchase, NotificationType::Referral, NotificationType::Broadcast];
    let mut created = Vec::new();
    for n in 0..25 {
        created.push(notify(&app, &me.id, kinds[n % 3], n).await);
    }
    for id in created.iter().step_by(2) {
        service::mark_read(&app.state, &me.id, id, true).await.expect("marked");
    }

    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/notification/page?limit=10&cursor={c}"),
            None => "/api/notification/page?limit=10".to_owned(),
        };
        let (status, body) = get_as(&app, &path, &token, "en").await;
        assert_eq!(status, 200, "{body}");
        pages += 1;
        seen.extend(ids(&body));
        match body["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    let (_, unread_page) = get_as(&app, "/api/notification/page?filter=unread&limit=100", &token, "en").await;
    let (_, referrals) = get_as(&app, "/api/notification/page?type=Referral&limit=100", &token, "en").await;
    let (bad_status, bad) = get_as(&app, "/api/notification/page?cursor=nonsense", &token, "en").await;

    assert_eq!(pages, 3);
    assert_eq!(seen, created.iter().rev().cloned().collect::<Vec<_>>(), "every one once, newest first");
    let unread_ids = ids(&unread_page);
    assert_eq!(unread_ids.len(), 12);
    assert!(unread_page["notifications"].as_array().expect("list").iter().all(|n| n["isRead"] == false));
    assert_eq!(unread_page["nextCursor"], Value::Null);
    let referral_items = referrals["notifications"].as_array().expect("list");
    assert_eq!(referral_items.len(), 8);
    assert!(referral_items.iter().all(|n| n["type"] == "Referral"));
    assert_eq!((bad_status, bad["status"].as_u64()), (400, Some(400)));
}

#[tokio::test]
async fn an_important_notification_is_mailed_by_the_job_queue_once() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("mailme", Role::Student).await;
    let (_, admin_token, _) = app.signed_in("mailadmin", Role::Admin).await;
    let important = Notice { mail: true, ..notice(&me.id, NotificationType::CoursePurchase, 7) };

    service::notify(&app.state, important).await.expect("notified");
    let before_worker = mails_to(&app, &admin_token, &me.email).await;
    let worker = Worker::new(app.state.jobs.clone(), app.state.clone(), academy_server::job_handlers());
    let ran = worker.run_due(now_ms()).await.expect("jobs ran");
    let after = mails_to(&app, &admin_token, &me.email).await;
    let again = worker.run_due(now_ms() + 3_600_000).await.expect("nothing left");

    assert!(before_worker.is_empty(), "the notification did not wait for the mail");
    assert_eq!(ran, 1);
    assert_eq!(after.len(), 1);
    assert_eq!(after[0]["subject"], "Tiêu đề 7 / Title 7");
    let body = after[0]["bodyText"].as_str().unwrap_or_default();
    assert!(body.contains("Nội dung 7") && body.contains("Message 7"), "{}", after[0]);
    assert_eq!(again, 0);
    assert_eq!(mails_to(&app, &admin_token, &me.email).await.len(), 1, "mailed once");
    assert_eq!(unread(&app, &token).await, 1);
}

#[tokio::test]
async fn a_notice_with_an_unsafe_link_or_a_blank_title_is_refused() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("unsafe", Role::Student).await;
    let bad_link =
        Notice { link: Some("javascript:alert(1)".to_owned()), ..notice(&me.id, NotificationType::Other, 1) };
    let blank = Notice { title: Text::new(" ", "Title"), ..notice(&me.id, NotificationType::Other, 2) };

    let refused_link = service::notify(&app.state, bad_link).await;
    let refused_title = service::notify(&app.state, blank).await;

    assert!(matches!(refused_link, Err(NotificationError::Invalid(_))), "{refused_link:?}");
    assert!(matches!(refused_title, Err(NotificationError::Invalid(_))), "{refused_title:?}");
    assert_eq!(unread(&app, &token).await, 0);
}

#[tokio::test]
async fn the_demo_gives_each_account_every_type_read_and_unread_and_one_broadcast() {
    let app = crate::catalogue::spawn_demo_app().await;
    let (token, _) = app.login("phanthiyen", "Demo@2026").await;
    let (admin, _) = app.login("admin01", "Admin@2026").await;

    let (_, list) = get_as(&app, "/api/notification", &token, "en").await;
    let (_, broadcasts) = get_as(&app, "/api/notification/broadcasts", &admin, "en").await;

    let items = list["notifications"].as_array().expect("list");
    let types: BTreeSet<&str> = items.iter().filter_map(|n| n["type"].as_str()).collect();
    let every: BTreeSet<&str> = NotificationType::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(types, every);
    assert!(items.iter().any(|n| n["isRead"] == true) && items.iter().any(|n| n["isRead"] == false));
    let sent = &broadcasts["result"]["items"];
    assert_eq!(sent.as_array().map(Vec::len), Some(1), "{broadcasts}");
    assert_eq!(sent[0]["status"], "sent");
    assert_eq!(sent[0]["sent"], sent[0]["total"]);
    assert!(sent[0]["read"].as_i64().is_some_and(|read| read > 0));
}
