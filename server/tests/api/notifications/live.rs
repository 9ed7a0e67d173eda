//! Live delivery: the stream's events, its sign-in, reconnection with `Last-Event-ID`, read changes from
//! elsewhere, and, on PostgreSQL, two server instances on one database (created through one, delivered by the
//! other) and a listener that lost its connection.

use std::time::{Duration, Instant};

use academy_server::notifications::service;
use academy_shared::{display::NotificationType, roles::Role};
use serde_json::Value;

use crate::{
    helpers::{TestApp, backend, spawn_app, spawn_app_with},
    notifications::{notice, notify, post_form},
};

/// One Server-Sent Event.
#[derive(Debug, Clone, PartialEq)]
pub struct SseEvent {
    pub event: String,
    pub id: Option<String>,
    pub data: Value,
}

/// Reads the events of an open stream.
#[derive(Debug)]
pub struct EventReader {
    response: reqwest::Response,
    buffer: String,
}

impl EventReader {
    /// The next event within `wait` (keep-alive comments skipped); `None` when none came or the stream ended.
    pub async fn next_within(&mut self, wait: Duration) -> Option<SseEvent> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = SseEvent { event: "message".to_owned(), id: None, data: Value::Null };
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("event:") {
                        event.event = value.trim().to_owned();
                    } else if let Some(value) = line.strip_prefix("id:") {
                        event.id = Some(value.trim().to_owned());
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.trim_start());
                    }
                }
                if data.is_empty() {
                    continue; // a comment (keep-alive) or a bare retry
                }
                event.data = serde_json::from_str(&data).expect("event data is JSON");
                return Some(event);
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk()).await.ok()?.ok()??;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next event named `name` within `wait`, skipping others.
    pub async fn next_named(&mut self, name: &str, wait: Duration) -> Option<SseEvent> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let event = self.next_within(left).await?;
            if event.event == name {
                return Some(event);
            }
        }
    }
}

/// Opens the stream of `token`'s owner on `app`, with extra headers.
pub async fn open_stream(app: &TestApp, token: &str, headers: &[(&str, &str)]) -> EventReader {
    let mut request = app.client.get(app.url("/api/notification/stream?lang=en")).bearer_auth(token);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("stream opened");
    assert_eq!(response.status(), 200);
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(content_type.starts_with("text/event-stream"), "{content_type}");
    EventReader { response, buffer: String::new() }
}

const SOON: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_stream_opens_with_the_unread_count_and_delivers_each_new_notification() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("streamme", Role::Student).await;
    let (other, _, _) = app.signed_in("streamother", Role::Student).await;
    notify(&app, &me.id, NotificationType::Referral, 1).await;
    let mut stream = open_stream(&app, &token, &[]).await;

    let opened = stream.next_within(SOON).await.expect("the count when it opens");
    notify(&app, &other.id, NotificationType::Referral, 2).await;
    let id = notify(&app, &me.id, NotificationType::CoursePurchase, 3).await;
    let new = stream.next_within(SOON).await.expect("the new notification");

    assert_eq!((opened.event.as_str(), &opened.data), ("count", &serde_json::json!({"unread": 1})));
    assert_eq!(new.event, "notification");
    assert_eq!(new.id.as_deref(), Some(id.as_str()));
    assert_eq!(new.data["unread"], 2);
    assert_eq!(new.data["notification"]["_id"], id.as_str());
    assert_eq!(new.data["notification"]["title"], "Title 3", "in the language the stream asked for");
    assert_eq!(new.data["notification"]["type"], "CoursePurchase");
    assert!(stream.next_within(Duration::from_millis(300)).await.is_none(), "someone else's is not sent");
}

#[tokio::test]
async fn the_stream_takes_the_access_token_cookie_and_refuses_a_caller_without_one() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("streamcookie", Role::Student).await;

    let anonymous = app.client.get(app.url("/api/notification/stream")).send().await.expect("sent");
    let forged = app.client.get(app.url("/api/notification/stream")).bearer_auth("not-a-token").send().await;
    let cookie = app
        .client
        .get(app.url("/api/notification/stream"))
        .header("cookie", format!("lang=vi; access-token={token}"))
        .send()
        .await
        .expect("sent");

    assert_eq!(anonymous.status(), 401);
    assert_eq!(forged.expect("sent").status(), 401);
    assert_eq!(cookie.status(), 200);
    let mut reader = EventReader { response: cookie, buffer: String::new() };
    assert_eq!(reader.next_within(SOON).await.map(|e| e.event), Some("count".to_owned()));
}

#[tokio::test]
async fn a_reconnecting_stream_first_receives_what_it_missed() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("streamagain", Role::Student).await;
    let seen = notify(&app, &me.id, NotificationType::Referral, 1).await;
    let missed = [
        notify(&app, &me.id, NotificationType::CoursePurchase, 2).await,
        notify(&app, &me.id, NotificationType::BookMentorShip, 3).await,
    ];

    let mut stream = open_stream(&app, &token, &[("last-event-id", &seen)]).await;
    let first = stream.next_within(SOON).await.expect("first");
    let second = stream.next_within(SOON).await.expect("second");
    let count = stream.next_within(SOON).await.expect("count");

    assert_eq!(first.id.as_deref(), Some(missed[0].as_str()));
    assert_eq!(second.id.as_deref(), Some(missed[1].as_str()));
    assert_eq!((count.event.as_str(), count.data["unread"].as_i64()), ("count", Some(3)));
}

#[tokio::test]
async fn marking_read_elsewhere_updates_the_count_on_the_stream() {
    let app = spawn_app().await;
    let (me, token, _) = app.signed_in("streamread", Role::Student).await;
    let one = notify(&app, &me.id, NotificationType::Referral, 1).await;
    notify(&app, &me.id, NotificationType::Referral, 2).await;
    let mut stream = open_stream(&app, &token, &[]).await;
    assert_eq!(stream.next_within(SOON).await.map(|e| e.data["unread"].clone()), Some(2.into()));

    post_form(&app, "/api/notification/update-status", &token, &[("notification_id", &one), ("status", "true")]).await;
    let after_one = stream.next_named("count", SOON).await.expect("a new count");
    post_form(&app, "/api/notification/update", &token, &[("markAllRead", "true")]).await;
    let after_all = stream.next_named("count", SOON).await.expect("a new count");

    assert_eq!(after_one.data["unread"], 1);
    assert_eq!(after_all.data["unread"], 0);
}

/// A second server instance on the first one's database.
async fn second_instance(first: &TestApp) -> TestApp {
    let url = first.state.config.database_url();
    spawn_app_with(move |config| config.database_url = Some(url)).await
}

#[tokio::test]
async fn a_notification_created_through_one_instance_reaches_a_stream_on_another_within_a_second() {
    if backend() != academy_server::platform::db::Backend::Postgres {
        eprintln!("skipped on SQLite: several instances share a PostgreSQL database");
        return;
    }
    let a = spawn_app().await;
    let b = second_instance(&a).await;
    let (me, token, _) = a.signed_in("twoinst", Role::Student).await;
    let mut on_b = open_stream(&b, &token, &[]).await;
    assert_eq!(on_b.next_within(SOON).await.map(|e| e.event), Some("count".to_owned()));

    let started = Instant::now();
    let id = service::notify(&a.state, notice(&me.id, NotificationType::CoursePurchase, 1)).await.expect("stored on A");
    let delivered = on_b.next_named("notification", Duration::from_secs(1)).await;
    let took = started.elapsed();

    let delivered = delivered.expect("delivered by B within a second");
    assert_eq!(delivered.id.as_deref(), Some(id.as_str()));
    assert_eq!(delivered.data["unread"], 1);
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[tokio::test]
async fn a_listener_that_lost_its_connection_listens_again_and_misses_nothing() {
    if backend() != academy_server::platform::db::Backend::Postgres {
        eprintln!("skipped on SQLite: the listener is PostgreSQL's");
        return;
    }
    let a = spawn_app().await;
    let b = second_instance(&a).await;
    let (me, token, _) = a.signed_in("relisten", Role::Student).await;
    let mut on_b = open_stream(&b, &token, &[]).await;
    assert_eq!(on_b.next_within(SOON).await.map(|e| e.event), Some("count".to_owned()));

    // The listening connection is cut, and a notification is stored before it can listen again.
    let cut: Vec<i32> = sqlx::query_scalar(
        "select pg_terminate_backend(pid)::int from pg_stat_activity \
         where datname = current_database() and query ilike 'listen%'",
    )
    .fetch_all(&a.state.pool)
    .await
    .expect("listener cut");
    let id = service::notify(&a.state, notice(&me.id, NotificationType::Broadcast, 1)).await.expect("stored");
    let delivered = on_b.next_named("notification", SOON).await;

    assert!(!cut.is_empty(), "a listening connection was found");
    assert_eq!(delivered.and_then(|e| e.id), Some(id));
}
