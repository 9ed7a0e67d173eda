//! Stopping without losing anyone: on SIGTERM the real server stops accepting, lets a request under way finish,
//! ends the live notification streams (browsers reconnect elsewhere) and exits; a request that outlasts the grace
//! period does not keep it running; a worker told to stop hands the jobs it claimed but did not start back.

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use academy_server::{
    AppState,
    platform::{
        db::{Backend, now_ms},
        jobs::{Job, JobHandler, NewJob, Worker},
    },
};
use futures_util::StreamExt as _;
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    helpers::{backend, postgres_database, spawn_app},
    server_process::Server,
};

/// A started server (with a grace period of `grace`) and its database URL.
async fn start(dirs: &tempfile::TempDir, grace: &str) -> (Server, String) {
    let (data, web) = (dirs.path().join("data"), dirs.path().join("web"));
    std::fs::create_dir_all(&web).expect("web dir");
    let database_url = match backend() {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", data.join("academy.db").display()),
        Backend::Postgres => postgres_database().await,
    };
    let mut command = Server::command();
    command.env("ACADEMY_SHUTDOWN_GRACE_SECS", grace).env("ACADEMY_NODE", "off");
    let server = Server::start(command, &data, &web, &database_url, &dirs.path().join("server.log")).await;
    (server, database_url)
}

/// Starts an admission message whose body arrives in two parts: the request is under way until the second
/// part is sent. Answers the sender of the second part and the pending response.
fn slow_request(
    client: &reqwest::Client,
    address: &str,
    key: &str,
) -> (tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>) {
    let body = json!({
        "name": "Lê Văn An", "email": "an@example.vn", "phone": "0912 345 678",
        "courseName": "Lập trình Python", "message": key
    })
    .to_string();
    let (first, second) = body.split_at(body.len() / 2);
    let (first, second) = (first.to_owned(), second.to_owned());
    let (finish, finished) = tokio::sync::oneshot::channel::<()>();
    let parts = futures_util::stream::once(async move { Ok::<_, std::io::Error>(first) })
        .chain(futures_util::stream::once(async move {
            let _ = finished.await;
            Ok(second)
        }))
        .boxed();
    let request = client
        .post(format!("{address}/api/contact/admissionMessage"))
        .header("content-type", "application/json")
        .header("content-length", body.len())
        .body(reqwest::Body::wrap_stream(parts))
        .send();
    (finish, tokio::spawn(request))
}

#[tokio::test]
async fn on_sigterm_a_request_under_way_completes_streams_end_and_no_new_connection_is_taken() {
    let dirs = tempfile::Builder::new().prefix("academy-stop-").tempdir().expect("temp dir");
    let (mut server, database_url) = start(&dirs, "10").await;
    let client = reqwest::Client::new();
    // Arrange: a signed-in person's live stream, and a request whose body is half sent.
    let username = format!("stop{}", &uuid::Uuid::now_v7().simple().to_string()[24..]);
    let registration = json!({
        "firstName": "Dừng", "lastName": "Lại", "username": username, "email": format!("{username}@example.com"),
        "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "Student", "loginType": ""
    });
    let registered = client.post(format!("{}/users", server.address)).json(&registration).send().await.expect("sent");
    assert_eq!(registered.status(), 200);
    let login = client
        .post(format!("{}/auth/token", server.address))
        .json(&json!({ "username": username, "password": PASSWORD }))
        .send()
        .await
        .expect("sent");
    let login: Value = login.json().await.expect("json");
    let token = login["result"]["token"].as_str().expect("token").to_owned();
    let stream = client
        .get(format!("{}/api/notification/stream", server.address))
        .bearer_auth(&token)
        .send()
        .await
        .expect("stream opened");
    assert_eq!(stream.status(), 200);
    let mut events = stream.bytes_stream();
    let mut opened = String::new();
    while !opened.contains("event: count") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), events.next()).await.expect("the count in time");
        opened.push_str(&String::from_utf8_lossy(&chunk.expect("an event").expect("bytes")));
    }
    let key = format!("stop-{}", uuid::Uuid::now_v7().simple());
    let (finish, response) = slow_request(&reqwest::Client::new(), &server.address, &key);
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Act: SIGTERM while the request is under way.
    let stopping = Instant::now();
    server.terminate();
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Assert: the stream ends (its browser reconnects elsewhere), no new connection is taken, the request
    // under way completes and is stored, and the server exits by itself, well within its grace period.
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = events.next().await {} }).await;
    assert!(ended.is_ok(), "the live stream ended on SIGTERM");
    let fresh = reqwest::Client::builder().timeout(Duration::from_secs(2)).build().expect("client");
    assert!(fresh.get(format!("{}/healthz", server.address)).send().await.is_err(), "no new connection taken");
    assert!(server.exited_within(Duration::from_millis(100)).await.is_none(), "it waits for the request");
    finish.send(()).expect("the request still waits for its body");
    let response = response.await.expect("joined").expect("the request under way was answered");
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.expect("json");
    assert_eq!(answer["ok"], true);
    let status = server.exited_within(Duration::from_secs(10)).await.expect("the server exited");
    assert!(status.success(), "{status:?}");
    let took = stopping.elapsed();
    assert!(took < Duration::from_secs(8), "stopped in {took:?}");
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(&database_url).await.expect("database");
    let stored: i64 = sqlx::query_scalar("select count(*) from admission_messages where message = $1")
        .bind(&key)
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(stored, 1, "the request finished during the shutdown is stored");
    eprintln!("shutdown test ({}): stopped {took:?} after SIGTERM", backend().name());
}

#[tokio::test]
async fn a_request_that_outlasts_the_grace_period_does_not_keep_the_server_running() {
    let dirs = tempfile::Builder::new().prefix("academy-stop-").tempdir().expect("temp dir");
    let (mut server, _) = start(&dirs, "1").await;
    let (_finish, response) = slow_request(&reqwest::Client::new(), &server.address, "never finished");
    tokio::time::sleep(Duration::from_millis(300)).await;

    let stopping = Instant::now();
    server.terminate();

    let status = server.exited_within(Duration::from_secs(10)).await.expect("the server exited");
    let took = stopping.elapsed();
    assert!(status.success(), "{status:?}");
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(5), "stopped in {took:?}");
    assert!(response.await.expect("joined").is_err(), "the unfinished request was cut");
}

/// A job that, when run, tells its worker to stop (as SIGTERM would while it runs), and records that it ran.
struct StopsTheWorker {
    stop: Arc<tokio::sync::watch::Sender<bool>>,
    ran: Arc<Mutex<Vec<String>>>,
}

#[async_trait::async_trait]
impl JobHandler<AppState> for StopsTheWorker {
    fn kind(&self) -> &'static str {
        "stops-the-worker"
    }

    async fn run(&self, _state: &AppState, job: &Job) -> anyhow::Result<()> {
        self.ran.lock().expect("lock").push(job.id.clone());
        let _ = self.stop.send(true);
        Ok(())
    }
}

#[tokio::test]
async fn a_stopping_worker_hands_the_jobs_it_claimed_but_did_not_start_back_to_the_queue() {
    let app = spawn_app().await;
    let mut ids = Vec::new();
    for n in 0..3 {
        let job = NewJob::new("stops-the-worker", json!({ "n": n })).at(now_ms() - 1000 + n);
        ids.push(app.state.jobs.enqueue(job).await.expect("enqueued").expect("new"));
    }
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let ran = Arc::new(Mutex::new(Vec::new()));
    let handler = StopsTheWorker { stop: Arc::new(stop), ran: ran.clone() };
    let worker = Worker::new(app.state.jobs.clone(), app.state.clone(), vec![Arc::new(handler)]);

    tokio::time::timeout(Duration::from_secs(10), worker.run(stopped)).await.expect("the worker stopped");

    // One job ran (the claim hands them out in no promised order), then the worker was told to stop.
    let ran = ran.lock().expect("lock").clone();
    assert_eq!(ran.len(), 1, "{ran:?}");
    for id in &ids {
        let row = app.state.jobs.find(id).await.expect("row").expect("job");
        if *id == ran[0] {
            assert_eq!(row.status, academy_server::platform::jobs::JobStatus::Done);
        } else {
            assert_eq!((row.status.as_str(), row.attempts), ("queued", 0), "{id} handed back as it was");
        }
    }
    // Another worker takes them at once, without waiting for a lease to run out.
    let claimed = app.state.jobs.claim("another-worker", now_ms(), 10).await.expect("claimed");
    assert_eq!(claimed.len(), 2);
}

/// Reads the stream until its text contains `needle`, within 10 s.
async fn read_until(
    events: &mut (impl futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Unpin),
    needle: &str,
) -> String {
    let mut text = String::new();
    while !text.contains(needle) {
        let chunk = tokio::time::timeout(Duration::from_secs(10), events.next()).await.expect("in time");
        text.push_str(&String::from_utf8_lossy(&chunk.expect("an event").expect("bytes")));
    }
    text
}

#[tokio::test]
async fn a_stream_ended_by_a_stopping_instance_resumes_on_another_with_last_event_id() {
    if backend() != Backend::Postgres {
        return; // Several instances share a database on PostgreSQL.
    }
    let dirs = tempfile::Builder::new().prefix("academy-stop-").tempdir().expect("temp dir");
    let (mut first, database_url) = start(&dirs, "10").await;
    let other = tempfile::Builder::new().prefix("academy-stop-").tempdir().expect("temp dir");
    let (data, web) = (other.path().join("data"), other.path().join("web"));
    std::fs::create_dir_all(&web).expect("web dir");
    let second = Server::start(Server::command(), &data, &web, &database_url, &other.path().join("server.log")).await;
    // The notifications come from a third instance of the same database (in this process).
    let url = database_url.clone();
    let notifier = crate::helpers::spawn_app_with(move |config| config.database_url = Some(url)).await;
    let (user, _, _) = notifier.signed_in("resumer", academy_shared::roles::Role::Student).await;
    let client = reqwest::Client::new();
    let login = client
        .post(format!("{}/auth/token", first.address))
        .json(&json!({ "username": user.username, "password": PASSWORD }))
        .send()
        .await
        .expect("sent");
    let login: Value = login.json().await.expect("json");
    let token = login["result"]["token"].as_str().expect("token").to_owned();
    let kind = academy_shared::display::NotificationType::CoursePurchase;
    let stream = client
        .get(format!("{}/api/notification/stream", first.address))
        .bearer_auth(&token)
        .send()
        .await
        .expect("opened");
    let mut events = stream.bytes_stream();
    read_until(&mut events, "event: count").await;
    let seen = academy_server::notifications::service::notify(
        &notifier.state,
        crate::notifications::notice(&user.id, kind, 1),
    )
    .await
    .expect("notified");
    read_until(&mut events, &format!("id: {seen}")).await;

    // The first instance stops; a notification comes while the browser is away.
    first.terminate();
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = events.next().await {} }).await;
    assert!(ended.is_ok(), "the stream ended");
    assert!(first.exited_within(Duration::from_secs(10)).await.is_some_and(|s| s.success()));
    let missed = academy_server::notifications::service::notify(
        &notifier.state,
        crate::notifications::notice(&user.id, kind, 2),
    )
    .await
    .expect("notified");

    // The browser reconnects to the other instance with the last id it saw, and receives what it missed.
    let resumed = client
        .get(format!("{}/api/notification/stream", second.address))
        .bearer_auth(&token)
        .header("last-event-id", &seen)
        .send()
        .await
        .expect("reopened");
    assert_eq!(resumed.status(), 200);
    let mut events = resumed.bytes_stream();
    let text = read_until(&mut events, &format!("id: {missed}")).await;
    assert!(!text.contains(&format!("id: {seen}")), "what it saw is not sent again: {text}");
}
