//! Administrators' broadcasts: who may send them, the form's checks and preview, batches written by the job
//! queue (progress, resumption, nobody written twice), the list with sent and read counts, and live delivery.

use std::time::Duration;

use academy_server::{
    notifications::broadcast::{self, BATCH, BatchOutcome},
    platform::{db::now_ms, jobs::Worker},
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    helpers::{TestApp, spawn_app},
    notifications::{get_as, post_form, unread},
    notifications_live::open_stream,
};

/// `base` with `key` set to `value`.
fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

fn body(audience: &str) -> Value {
    json!({
        "audience": audience,
        "title": {"vi": "Lịch nghỉ lễ", "en": "Holiday schedule"},
        "message": {"vi": "Academy nghỉ lễ ngày 2/9.", "en": "Academy is closed on 2 September."},
        "actionLink": "/informations",
    })
}

async fn post(app: &TestApp, path: &str, token: &str, body: Value) -> (u16, Value) {
    status_json(app.send(Method::POST, path, Some(token), Some(body)).await).await
}

/// Runs the job queue until nothing is due; returns how many jobs ran.
async fn run_jobs(app: &TestApp) -> usize {
    let worker = Worker::new(app.state.jobs.clone(), app.state.clone(), academy_server::job_handlers());
    let mut total = 0;
    loop {
        let ran = worker.run_due(now_ms()).await.expect("jobs ran");
        if ran == 0 {
            return total;
        }
        total += ran;
    }
}

/// Adds `count` active students straight to the table (one password hash for all).
async fn add_students(app: &TestApp, count: usize) {
    let mut tx = app.state.pool.begin().await.expect("transaction");
    for n in 0..count {
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query(
            "insert into users (id, username, email, email_lower, password_hash, role, status, token_version, \
             created_at, updated_at) values ($1, $2, $3, $3, 'x', 'STUDENT', 'active', 0, 0, 0)",
        )
        .bind(&id)
        .bind(format!("bulk{n:06}{}", &id[24..]))
        .bind(format!("bulk{n}-{id}@example.com"))
        .execute(&mut *tx)
        .await
        .expect("student added");
    }
    tx.commit().await.expect("committed");
}

#[tokio::test]
async fn only_administrators_broadcast() {
    let app = spawn_app().await;
    let (_, teacher, _) = app.signed_in("bcteacher", Role::Teacher).await;
    let (_, staff, _) = app.signed_in("bcstaff", Role::Staff).await;

    let (teacher_status, _) = post(&app, "/api/notification/broadcasts", &teacher, body("all")).await;
    let (staff_status, _) = post(&app, "/api/notification/broadcasts/preview", &staff, body("all")).await;
    let anonymous = app.post_json("/api/notification/broadcasts", body("all")).await.status();
    let (list_status, _) = get_as(&app, "/api/notification/broadcasts", &teacher, "en").await;

    assert_eq!((teacher_status, staff_status, anonymous.as_u16(), list_status), (403, 403, 401, 403));
}

#[tokio::test]
async fn a_broadcast_with_broken_fields_is_refused_naming_each() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("bcinvalid", Role::Admin).await;
    let broken = json!({
        "audience": "role",
        "role": "PIRATE",
        "title": {"vi": "", "en": "x".repeat(201)},
        "message": {"vi": "Nội dung", "en": "Message"},
        "actionLink": "javascript:alert(1)",
        "imageUrl": "//tracker.example/p.gif",
    });

    let (status, answer) = post(&app, "/api/notification/broadcasts", &admin, broken).await;
    let (no_one, no_one_answer) =
        post(&app, "/api/notification/broadcasts/preview", &admin, json!({"audience": "users", "userIds": []})).await;

    assert_eq!(status, 422);
    let fields = &answer["result"]["fields"];
    for field in ["role", "title.vi", "title.en", "actionLink", "imageUrl"] {
        assert!(fields[field].is_string(), "{field}: {answer}");
    }
    assert_eq!(no_one, 422);
    assert!(no_one_answer["result"]["fields"]["userIds"].is_string(), "{no_one_answer}");
    let (_, list) = get_as(&app, "/api/notification/broadcasts", &admin, "en").await;
    assert_eq!(list["result"]["total"], 0, "nothing was stored");
}

#[tokio::test]
async fn the_preview_counts_the_recipients_and_shows_both_languages_without_sending() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("bcpreview", Role::Admin).await;
    let (_, student_token, _) = app.signed_in("bcprevstu", Role::Student).await;
    app.signed_in("bcprevtea", Role::Teacher).await;

    let (status, answer) =
        post(&app, "/api/notification/broadcasts/preview", &admin, with(body("role"), "role", json!("STUDENT"))).await;

    assert_eq!(status, 200, "{answer}");
    let preview = &answer["result"];
    assert_eq!(preview["recipients"], 1);
    assert_eq!(preview["vi"]["title"], "Lịch nghỉ lễ");
    assert_eq!(preview["en"]["title"], "Holiday schedule");
    assert_eq!(preview["en"]["type"], "Broadcast");
    assert_eq!(preview["en"]["actionLink"], "/informations");
    assert_eq!(unread(&app, &student_token).await, 0);
}

#[tokio::test]
async fn a_role_broadcast_reaches_each_member_once_and_is_listed_with_sent_and_read_counts() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("bcrole", Role::Admin).await;
    let (_, student_a, _) = app.signed_in("bcstua", Role::Student).await;
    let (_, student_b, _) = app.signed_in("bcstub", Role::Student).await;
    let (_, teacher, _) = app.signed_in("bctea", Role::Teacher).await;

    let (status, sent) =
        post(&app, "/api/notification/broadcasts", &admin, with(body("role"), "role", json!("student"))).await;
    assert_eq!(status, 200, "{sent}");
    assert_eq!((sent["result"]["status"].as_str(), sent["result"]["sent"].as_i64()), (Some("queued"), Some(0)));
    assert_eq!(sent["result"]["total"], 2);
    assert_eq!(unread(&app, &student_a).await, 0, "written by the job queue, not in the request");
    run_jobs(&app).await;

    for token in [&student_a, &student_b] {
        let (_, list) = get_as(&app, "/api/notification", token, "en").await;
        let items = list["notifications"].as_array().expect("list");
        assert_eq!(items.len(), 1);
        assert_eq!(
            (items[0]["type"].as_str(), items[0]["title"].as_str()),
            (Some("Broadcast"), Some("Holiday schedule"))
        );
        assert_eq!(items[0]["actionLink"], "/informations");
    }
    assert_eq!(unread(&app, &teacher).await, 0, "other roles get nothing");
    let (_, mine) = get_as(&app, "/api/notification", &student_a, "vi").await;
    assert_eq!(mine["notifications"][0]["title"], "Lịch nghỉ lễ");
    let first = mine["notifications"][0]["_id"].as_str().expect("id").to_owned();
    post_form(&app, "/api/notification/update-status", &student_a, &[("notification_id", &first), ("status", "true")])
        .await;

    let (_, list) = get_as(&app, "/api/notification/broadcasts", &admin, "en").await;
    let item = &list["result"]["items"][0];
    assert_eq!(list["result"]["total"], 1);
    assert_eq!(
        (item["status"].as_str(), item["sent"].as_i64(), item["total"].as_i64()),
        (Some("sent"), Some(2), Some(2))
    );
    assert_eq!(item["read"], 1);
    assert_eq!(item["title"], json!({"vi": "Lịch nghỉ lễ", "en": "Holiday schedule"}));
    let id = item["id"].as_str().expect("id");
    let (one_status, one) = get_as(&app, &format!("/api/notification/broadcasts/{id}"), &admin, "en").await;
    assert_eq!((one_status, &one["result"]["read"]), (200, &json!(1)));
    let (missing, _) = get_as(&app, "/api/notification/broadcasts/nope", &admin, "en").await;
    assert_eq!(missing, 404);
}

#[tokio::test]
async fn a_broadcast_to_everyone_is_written_in_batches_that_resume_and_never_write_anyone_twice() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("bcbatch", Role::Admin).await;
    add_students(&app, 2 * usize::try_from(BATCH).expect("batch") + 250).await;
    let (_, sent) = post(&app, "/api/notification/broadcasts", &admin, body("all")).await;
    let id = sent["result"]["id"].as_str().expect("id").to_owned();
    let total = sent["result"]["total"].as_i64().expect("total");
    assert_eq!(total, 2 * BATCH + 251);

    let first = broadcast::write_batch(&app.state, &id, "").await.expect("first batch");
    let again = broadcast::write_batch(&app.state, &id, "").await.expect("the same batch again");
    let progress = broadcast::find(&app.state.pool, &id).await.expect("found");
    run_jobs(&app).await;
    let done = broadcast::find(&app.state.pool, &id).await.expect("found");
    let rows: i64 = sqlx::query_scalar("select count(*) from notifications where broadcast_id = $1")
        .bind(&id)
        .fetch_one(&app.state.pool)
        .await
        .expect("counted");
    let people: i64 = sqlx::query_scalar("select count(distinct user_id) from notifications where broadcast_id = $1")
        .bind(&id)
        .fetch_one(&app.state.pool)
        .await
        .expect("counted");

    assert!(matches!(first, BatchOutcome::Written { written, finished: false, .. } if written == BATCH as u64));
    assert_eq!(again, BatchOutcome::Nothing, "a batch run twice is recorded once");
    assert_eq!((progress.status.as_str(), progress.sent, progress.total), ("sending", BATCH, total));
    assert_eq!((done.status.as_str(), done.sent), ("sent", total));
    assert!(done.finished_at.is_some());
    assert_eq!((rows, people), (total, total), "everyone once");
}

#[tokio::test]
async fn chosen_people_receive_a_broadcast_on_their_open_stream() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("bclive", Role::Admin).await;
    let (chosen, token, _) = app.signed_in("bclivestu", Role::Student).await;
    let (_, other_token, _) = app.signed_in("bcliveoth", Role::Student).await;
    let mut stream = open_stream(&app, &token, &[]).await;
    assert_eq!(stream.next_within(Duration::from_secs(5)).await.map(|e| e.event), Some("count".to_owned()));

    let (status, _) =
        post(&app, "/api/notification/broadcasts", &admin, with(body("users"), "userIds", json!([chosen.id]))).await;
    run_jobs(&app).await;
    let event = stream.next_named("notification", Duration::from_secs(1)).await;

    assert_eq!(status, 200);
    let event = event.expect("delivered live");
    assert_eq!(event.data["notification"]["type"], "Broadcast");
    assert_eq!(event.data["notification"]["title"], "Holiday schedule");
    assert_eq!(event.data["unread"], 1);
    assert_eq!(unread(&app, &other_token).await, 0);
}
