//! Values a client chose are logged on the line of their event: a username with a line break cannot forge a
//! second log line. The secret token in a calendar subscription's address is never logged.

use std::sync::{Arc, Mutex};

use academy_server::config::LogFormat;
use serde_json::json;

use crate::{accounts::PASSWORD, helpers::spawn_app};

/// A log sink in memory.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("buffer").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Buffer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("buffer")).into_owned()
    }
}

#[tokio::test]
async fn a_registration_with_a_newline_in_the_username_logs_one_line() {
    // The test's runtime runs the server on this thread, so a subscriber for this thread sees its logs.
    let buffer = Buffer::default();
    let sink = buffer.clone();
    let subscriber =
        academy_server::platform::telemetry::subscriber("info", LogFormat::Pretty, move || sink.clone(), false);
    // With a single subscriber alive, `tracing` asks only the current thread's one whether a log statement
    // met first on another test's thread is wanted, and remembers its "no" for every thread; a second one
    // makes it ask them all.
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _logs = tracing::subscriber::set_default(subscriber);
    let app = spawn_app().await;
    // Statements met while this subscriber was being set up are asked again.
    tracing::callsite::rebuild_interest_cache();

    let registration = json!({"username": "evil\nINFO forged", "email": "evil@example.com", "password": PASSWORD});
    let registered = app.post_json("/users", registration).await;
    let login = app.post_json("/auth/token", json!({"username": "evil\nINFO forged2", "password": "wrong"})).await;

    assert_eq!((registered.status().as_u16(), login.status().as_u16()), (200, 401));
    let out = buffer.text();
    let registrations: Vec<&str> = out.lines().filter(|line| line.contains("account registered")).collect();
    assert_eq!(registrations.len(), 1, "{out}");
    assert!(registrations[0].contains(r"username=evil\nINFO forged"), "{out}");
    let logins: Vec<&str> = out.lines().filter(|line| line.contains("login attempt")).collect();
    assert_eq!(logins.len(), 1, "{out}");
    assert!(logins[0].contains(r"evil\nINFO forged2"), "{out}");
    assert!(!out.lines().any(|line| line.trim_start().starts_with("INFO forged")), "{out}");
}

#[tokio::test]
async fn the_token_of_a_calendar_subscription_address_is_not_logged() {
    let buffer = Buffer::default();
    let sink = buffer.clone();
    let subscriber =
        academy_server::platform::telemetry::subscriber("info", LogFormat::Pretty, move || sink.clone(), false);
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _logs = tracing::subscriber::set_default(subscriber);
    let app = spawn_app().await;
    tracing::callsite::rebuild_interest_cache();
    let token = "ab".repeat(32);

    let answer = app.get(&format!("/calendar/{token}.ics")).await;

    assert_eq!(answer.status().as_u16(), 404);
    let out = buffer.text();
    assert!(out.contains("/calendar/"), "the request is logged: {out}");
    assert!(!out.contains(&token), "{out}");
}
