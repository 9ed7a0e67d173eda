//! `/metrics` for the operator's Prometheus (refused without the token or an allowed address, absent without
//! either setting; its counters move with what the server does) and `/readyz` for a load balancer.
//!
//! The figures are the process's (every app of this test binary counts into them): the tests assert that a
//! counter grew by at least what they did, never an exact total.

use std::time::Duration;

use academy_server::platform::{jobs::NewJob, mail::Mail};
use academy_shared::roles::Role;
use serde_json::Value;

use crate::{
    commerce_fixtures::{SEPAY_KEY, shop_on, transfer},
    helpers::{TestApp, spawn_app, spawn_app_with},
    notifications_live::open_stream,
};

const TOKEN: &str = "scrape-token-of-the-operator";

async fn app_with_metrics() -> TestApp {
    spawn_app_with(|config| {
        config.metrics_token = Some(TOKEN.to_owned());
        config.sepay_api_key = Some(SEPAY_KEY.to_owned());
    })
    .await
}

/// The figures, as the operator's scraper reads them.
async fn scrape(app: &TestApp) -> String {
    let response = app.client.get(app.url("/metrics")).bearer_auth(TOKEN).send().await.expect("sent");
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().expect("ascii").to_owned();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    response.text().await.expect("text")
}

/// The value of the series `series` (name and labels exactly as rendered), 0 when absent.
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |v| v.trim().parse().expect("a number"))
}

#[tokio::test]
async fn metrics_are_not_found_unless_a_token_or_an_address_is_configured() {
    let app = spawn_app().await;

    let response = app.get("/metrics").await;

    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1004);
}

#[tokio::test]
async fn metrics_are_refused_without_the_token_and_read_with_it() {
    let app = app_with_metrics().await;

    let anonymous = app.get("/metrics").await;
    let wrong = app.client.get(app.url("/metrics")).bearer_auth("not-the-token").send().await.expect("sent");
    let basic = app.client.get(app.url("/metrics")).basic_auth("scraper", Some(TOKEN)).send().await.expect("sent");

    for refused in [anonymous, wrong, basic] {
        assert_eq!(refused.status(), 401);
        assert_eq!(refused.headers()["www-authenticate"], "Bearer");
        let text = refused.text().await.expect("text");
        assert!(!text.contains("academy_http_requests_total"), "{text}");
    }
    let text = scrape(&app).await;
    assert!(text.contains("# TYPE academy_http_requests_total counter"), "{text}");
}

#[tokio::test]
async fn an_allowed_address_reads_the_metrics_without_the_token_and_another_is_refused() {
    let allowed = spawn_app_with(|config| config.metrics_allow = vec!["127.0.0.0/8".parse().expect("range")]).await;
    let elsewhere = spawn_app_with(|config| config.metrics_allow = vec!["10.0.0.0/8".parse().expect("range")]).await;
    // A client that is no trusted proxy cannot claim to be another address.
    let forged = elsewhere.client.get(elsewhere.url("/metrics")).header("x-forwarded-for", "10.1.2.3").send().await;

    assert_eq!(allowed.get("/metrics").await.status(), 200);
    assert_eq!(elsewhere.get("/metrics").await.status(), 401);
    assert_eq!(forged.expect("sent").status(), 401);
}

#[tokio::test]
async fn requests_are_counted_by_route_template_and_status_with_their_latency() {
    let app = app_with_metrics().await;
    let before = scrape(&app).await;
    let courses = r#"academy_http_requests_total{method="GET",route="/api/courses",status="200"}"#;
    let order = r#"academy_http_requests_total{method="GET",route="/api/orders/{id}",status="401"}"#;
    let latency = r#"academy_http_request_duration_seconds_count{method="GET",route="/api/courses"}"#;

    for _ in 0..3 {
        assert_eq!(app.get("/api/courses").await.status(), 200);
    }
    for id in ["0193a1b2-one", "0193a1b2-two"] {
        assert_eq!(app.get(&format!("/api/orders/{id}")).await.status(), 401);
    }

    let after = scrape(&app).await;
    assert!(value(&after, courses) >= value(&before, courses) + 3.0, "{after}");
    assert!(value(&after, order) >= value(&before, order) + 2.0, "{after}");
    assert!(value(&after, latency) >= value(&before, latency) + 3.0, "{after}");
    assert!(
        after.contains(r#"academy_http_request_duration_seconds_bucket{method="GET",route="/api/courses",le="0.1"}"#)
    );
    assert!(!after.contains("0193a1b2-one"), "raw paths never become series");
    assert!(after.contains(r#"academy_db_pool_connections{state="idle"}"#), "{after}");
    assert!(after.contains(r#"academy_db_pool_connections{state="in_use"}"#), "{after}");
}

#[tokio::test]
async fn jobs_mail_the_bank_feed_and_live_streams_move_their_figures() {
    let shop = shop_on(app_with_metrics().await).await;
    let app = &shop.app;
    let before = scrape(app).await;
    let waiting = r#"academy_job_queue_depth{kind="metrics-probe"}"#;
    let chores = r#"academy_job_runs_total{kind="housekeeping",outcome="done"}"#;
    let unknown = r#"academy_job_runs_total{kind="metrics-probe",outcome="retry"}"#;
    let mails = r#"academy_mails_total{transport="outbox",outcome="sent"}"#;
    let unmatched = r#"academy_bank_feed_deliveries_total{provider="sepay",outcome="unmatched"}"#;
    let streams = "academy_live_streams_open";

    // A job waiting in the queue, then the worker runs it (no handler: it is retried) and the hourly chores.
    app.state.jobs.enqueue(NewJob::new("metrics-probe", serde_json::json!({}))).await.expect("enqueued");
    let queued = scrape(app).await;
    let worker = academy_server::platform::jobs::Worker::new(
        app.state.jobs.clone(),
        app.state.clone(),
        academy_server::job_handlers(),
    );
    let now = academy_server::platform::db::now_ms();
    app.state.jobs.enqueue(academy_server::housekeeping::hourly_job(now)).await.expect("enqueued");
    assert!(worker.run_due(now + 1).await.expect("ran") >= 2);
    // A mail, a bank transfer naming no order, a live stream open.
    let mail =
        Mail { to: "hv@example.com".to_owned(), subject: "Chào bạn".to_owned(), body_text: "Nội dung".to_owned() };
    app.state.mailer.send(&mail).await.expect("kept in the outbox");
    let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(88_001, 120_000, "khong ma don")).await;
    assert_eq!(status, 200);
    let (_, token, _) = app.signed_in("metricsstream", Role::Student).await;
    let mut stream = open_stream(app, &token, &[]).await;
    stream.next_within(Duration::from_secs(5)).await.expect("the stream opened");

    let after = scrape(app).await;
    assert_eq!(value(&queued, waiting), 1.0, "{queued}");
    assert_eq!(value(&after, waiting), 0.0, "the job left the queue: {after}");
    assert!(value(&after, chores) >= value(&before, chores) + 1.0, "{after}");
    assert!(value(&after, unknown) >= value(&before, unknown) + 1.0, "{after}");
    assert!(value(&after, mails) >= value(&before, mails) + 1.0, "{after}");
    assert!(value(&after, unmatched) >= value(&before, unmatched) + 1.0, "{after}");
    assert!(value(&after, streams) >= 1.0, "{after}");
    assert!(after.contains("academy_job_duration_seconds_bucket{kind=\"housekeeping\""), "{after}");
}

#[tokio::test]
async fn readyz_is_ready_when_the_database_answers_with_every_migration_and_the_renderer_is_knowingly_off() {
    let app = spawn_app().await;

    let response = app.get("/readyz").await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body, serde_json::json!({"status": "ready", "database": "ok", "migrations": "ok", "renderer": "off"}));
}

#[tokio::test]
async fn readyz_is_503_with_a_migration_missing_or_the_database_gone() {
    let app = spawn_app().await;
    let newest: i64 = sqlx::query_scalar("select max(version) from _sqlx_migrations")
        .fetch_one(&app.state.pool)
        .await
        .expect("newest");
    sqlx::query("delete from _sqlx_migrations where version = $1")
        .bind(newest)
        .execute(&app.state.pool)
        .await
        .expect("deleted");

    let missing = app.get("/readyz").await;
    assert_eq!(missing.status(), 503);
    let body: Value = missing.json().await.expect("json");
    assert_eq!((body["status"].as_str(), body["migrations"].as_str()), (Some("not ready"), Some("1 pending")));

    app.state.pool.close().await;
    let gone = app.get("/readyz").await;
    assert_eq!(gone.status(), 503);
    let body: Value = gone.json().await.expect("json");
    assert_eq!(body["database"], "unreachable");
    // Liveness is another question: /healthz says the same of the database, and the process answers both.
    assert_eq!(app.get("/healthz").await.status(), 503);
}

#[tokio::test]
async fn a_write_waiting_for_a_database_connection_is_counted_while_it_waits() {
    let app = app_with_metrics().await;
    let handle = academy_server::platform::metrics::handle().expect("metrics installed");
    let waited = |text: &str| value(text, "academy_db_write_begin_wait_seconds_count");
    let waited_for = |text: &str| value(text, "academy_db_write_begin_wait_seconds_sum");
    let (before, before_seconds) = (waited(&handle.render()), waited_for(&handle.render()));
    // Every connection of the pool is taken: a write must wait for one.
    let pool = app.state.pool.clone();
    let mut held = Vec::new();
    for _ in 0..pool.options().get_max_connections() {
        held.push(pool.acquire().await.expect("a connection"));
    }
    let writer = tokio::spawn(async move {
        let tx = academy_server::platform::db::begin_write(&pool).await.expect("begun once a connection is free");
        tx.rollback().await.expect("rolled back");
    });
    tokio::time::sleep(Duration::from_millis(300)).await;

    let during = handle.render();
    assert!(value(&during, "academy_db_write_transactions_waiting") >= 1.0, "the waiting write is counted");
    drop(held);
    writer.await.expect("the write went on");

    let after = handle.render();
    assert!(waited(&after) >= before + 1.0, "its wait is recorded");
    assert!(waited_for(&after) - before_seconds >= 0.25, "it waited the time the connections were held");
}
