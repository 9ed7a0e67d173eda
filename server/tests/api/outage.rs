//! Graceful degradation: PostgreSQL stops for a few seconds under load and starts again. While it is down every
//! request that needs the database is answered quickly with a 503 envelope in the request's language (no internal
//! text), and course searches are answered from the in-memory catalogue index; once it is back the same server
//! answers 200 again by itself, within seconds. Needs a cluster of its own to stop, so it runs in
//! the PostgreSQL pass only.

use std::{
    io::Write as _,
    path::PathBuf,
    process::{Command, Stdio},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::platform::db::Backend;
use academy_shared::roles::Role;
use serde_json::{Value, json};

use crate::helpers::{TestApp, backend, postgres_bin_dir, run_capture, run_ok, shell, spawn_app_with};

/// How long PostgreSQL stays down: long enough for each client to wait out the pool twice.
const DOWN_FOR: Duration = Duration::from_secs(10);
/// A request sent while the database is down is answered within the pool's 3 s wait for a connection, plus
/// time for a loaded machine.
const SLOWEST_WHILE_DOWN: Duration = Duration::from_millis(4500);
/// No answer ever takes longer (a request that got its first connection just before the database went down may
/// wait out the pool once more for its next statement).
const SLOWEST_ANSWER: Duration = Duration::from_secs(8);
/// The server must answer 200 again this soon after PostgreSQL accepts connections.
const RECOVERED_WITHIN: Duration = Duration::from_secs(10);
const WORKERS: usize = 8;

/// A PostgreSQL cluster of this test's own, in a temp dir, that it may stop and start.
struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_root: bool,
}

impl Cluster {
    #[allow(clippy::zombie_processes, reason = "the watchdog must outlive this process to stop the cluster")]
    fn create() -> Cluster {
        let bin = postgres_bin_dir();
        let dir = tempfile::Builder::new().prefix("academy-pg-outage-").tempdir().expect("temp dir").keep();
        let as_root = run_capture("id", &["-u"]).trim() == "0";
        if as_root {
            run_ok("chown", &["-R", "postgres:postgres", &dir.display().to_string()]);
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
        let cluster = Cluster { bin, dir, port, as_root };
        let initdb = format!(
            "{}/initdb -D {} -A trust -U postgres -E UTF8 --locale=C --no-sync >{}/initdb.log 2>&1",
            cluster.bin.display(),
            cluster.data().display(),
            cluster.dir.display()
        );
        shell(&initdb, as_root);
        // Stops the cluster and deletes it if this test binary ends before the test does.
        let watchdog = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {dir}",
            pid = std::process::id(),
            stop = cluster.as_postgres(&cluster.pg_ctl("-m immediate stop")),
            dir = cluster.dir.display()
        );
        // In a session of its own, so an interrupt of the test run does not end it too.
        Command::new("setsid")
            .args(["sh", "-c", &watchdog])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("watchdog started");
        cluster.start();
        cluster
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn pg_ctl(&self, action: &str) -> String {
        format!("{}/pg_ctl -D {} {action}", self.bin.display(), self.data().display())
    }

    fn as_postgres(&self, command: &str) -> String {
        if self.as_root { format!("su postgres -s /bin/sh -c '{command}'") } else { command.to_owned() }
    }

    /// Starts the cluster and returns once it accepts connections.
    fn start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off",
            self.port,
            self.dir.display()
        );
        let start =
            self.pg_ctl(&format!("-l {}/server.log -w -t 60 -o \"{options}\" start >/dev/null", self.dir.display()));
        shell(&start, self.as_root);
    }

    /// Stops the cluster the way an administrator restarting it does (`fast`: running sessions are ended).
    fn stop(&self) {
        shell(&self.pg_ctl("-m fast -w stop >/dev/null"), self.as_root);
    }

    fn server_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("sh").args(["-c", &self.as_postgres(&self.pg_ctl("-m immediate stop"))]).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One answer seen by the load.
#[derive(Debug, Clone)]
struct Sample {
    sent: Instant,
    took: Duration,
    what: &'static str,
    lang: &'static str,
    status: u16,
    retry_after: bool,
    body: Value,
}

/// The request kinds of the load: reads, a signed-in read, writes, and the contact form's own envelope.
async fn send(app: &TestApp, token: &str, n: u64, lang: &'static str) -> (&'static str, reqwest::Response) {
    let client = &app.client;
    let (what, request) = match n % 5 {
        0 => ("health", client.get(app.url("/healthz"))),
        1 => ("course search", client.get(app.url(&format!("/api/courses?search=outage{n}")))),
        2 => ("my info", client.get(app.url("/users/my-info")).bearer_auth(token)),
        3 => {
            ("newsletter", client.post(app.url("/api/newsletter")).json(&json!({"email": format!("o{n}@example.com")})))
        }
        _ => (
            "admission message",
            client.post(app.url("/api/contact/admissionMessage")).json(&json!({
                "name": "Lê Văn An", "email": "an@example.vn", "phone": "0912 345 678",
                "courseName": "Lập trình Python", "message": format!("outage {n}")
            })),
        ),
    };
    let response = request.header("accept-language", lang).send().await.expect("an answer, never a dropped request");
    (what, response)
}

fn unavailable_text(lang: &str) -> &'static str {
    match lang {
        "en" => "The service is temporarily unavailable. Please try again later.",
        _ => "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau.",
    }
}

/// A server on a database of a new cluster that the test may stop and start; no response cache, and limits
/// high enough for the load's writes.
async fn app_on_a_cluster_of_its_own() -> (Arc<Cluster>, TestApp) {
    let cluster = Arc::new(tokio::task::spawn_blocking(Cluster::create).await.expect("cluster"));
    sqlx::any::install_default_drivers();
    let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(&format!("{}/postgres", cluster.server_url()))
        .await
        .expect("cluster reachable");
    sqlx::query("create database academy").execute(&mut admin).await.expect("database created");
    drop(admin);
    let url = format!("{}/academy", cluster.server_url());
    let app = spawn_app_with(|config| {
        config.database_url = Some(url);
        config.response_cache_entries = 0;
        config.rate_limits =
            ["newsletter=1000000/900", "admission=1000000/900"].map(|s| s.parse().expect("rate setting")).to_vec();
    })
    .await;
    (cluster, app)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_postgres_restart_under_load_gives_quick_503s_and_the_server_recovers_by_itself() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on the SQLite pass: it stops a PostgreSQL cluster of its own in the PostgreSQL pass");
        return;
    }
    let (cluster, app) = app_on_a_cluster_of_its_own().await;
    let app = Arc::new(app);
    let (_, token, _) = app.signed_in("outage", Role::Student).await;

    // Load: workers send requests one after the other until told to stop.
    let samples = Arc::new(Mutex::new(Vec::<Sample>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let counter = Arc::new(AtomicU64::new(0));
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (app, token, samples, stop, counter) =
                (app.clone(), token.clone(), samples.clone(), stop.clone(), counter.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let n = counter.fetch_add(1, Ordering::SeqCst);
                    let lang = if n % 2 == 0 { "vi" } else { "en" };
                    let sent = Instant::now();
                    let (what, response) = send(&app, &token, n, lang).await;
                    let status = response.status().as_u16();
                    let retry_after = response.headers().contains_key("retry-after");
                    let body = response.json::<Value>().await.unwrap_or(Value::Null);
                    let took = sent.elapsed();
                    samples.lock().expect("lock").push(Sample { sent, took, what, lang, status, retry_after, body });
                }
            })
        })
        .collect();

    // Act: up, down for a few seconds, up again.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let stopping = Instant::now();
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.stop()).await.expect("stopped");
    let down = Instant::now();
    tokio::time::sleep(DOWN_FOR).await;
    let starting = Instant::now();
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.start()).await.expect("started");
    let up = Instant::now();
    // Until the requests of the last second all succeeded, or long past the bound.
    loop {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let samples = samples.lock().expect("lock");
        let last_second: Vec<&Sample> =
            samples.iter().filter(|s| s.sent >= up && s.sent.elapsed() <= Duration::from_secs(1)).collect();
        let steady = up.elapsed() > Duration::from_secs(1)
            && last_second.len() >= 2 * WORKERS
            && last_second.iter().all(|s| s.status == 200);
        if steady || up.elapsed() > RECOVERED_WITHIN + Duration::from_secs(10) {
            break;
        }
    }
    stop.store(true, Ordering::SeqCst);
    for worker in workers {
        worker.await.expect("worker");
    }

    // Assert.
    let samples = samples.lock().expect("lock").clone();
    let before: Vec<&Sample> = samples.iter().filter(|s| s.sent + s.took < stopping).collect();
    assert!(!before.is_empty() && before.iter().all(|s| s.status == 200), "before the stop: {before:#?}");
    let unexpected: Vec<&Sample> = samples.iter().filter(|s| s.status != 200 && s.status != 503).collect();
    assert!(unexpected.is_empty(), "only 200 or 503, never a 500: {unexpected:#?}");
    let slowest = samples.iter().map(|s| s.took).max().expect("samples");
    assert!(slowest <= SLOWEST_ANSWER, "an answer took {slowest:?}");
    let while_down: Vec<&Sample> = samples.iter().filter(|s| s.sent >= down && s.sent + s.took <= starting).collect();
    assert!(while_down.len() >= WORKERS, "too few requests while the database was down: {}", while_down.len());
    for sample in &while_down {
        assert!(sample.took <= SLOWEST_WHILE_DOWN, "while down, an answer took {:?}: {sample:#?}", sample.took);
        let text = unavailable_text(sample.lang);
        let body = &sample.body;
        if sample.what == "course search" {
            // Nobody can change the catalogue through a database that is down: the index's answer stands.
            assert!(sample.status == 200 && body["result"]["total"] == 0, "while down, from the index: {sample:#?}");
            continue;
        }
        assert!(
            sample.status == 503 && sample.retry_after && body["code"] == 9999 && body["message"] == text,
            "while down, {} in {}: {sample:#?}",
            sample.what,
            sample.lang
        );
        let lower = body.to_string().to_lowercase();
        for internal in ["sqlx", "pool", "connection", "refused", "postgres", &cluster.port.to_string()] {
            assert!(!lower.contains(internal), "internal text {internal:?} in {body}");
        }
    }
    let kinds_down: std::collections::BTreeSet<&str> = while_down.iter().map(|s| s.what).collect();
    assert_eq!(kinds_down.len(), 5, "every kind of request was seen while down: {kinds_down:?}");
    // Recovered when the last request that failed was sent (at once when none failed after the restart).
    let last_failure = samples.iter().filter(|s| s.sent >= up && s.status != 200).map(|s| s.sent).max();
    let recovery = last_failure.map_or(Duration::ZERO, |sent| sent.duration_since(up));
    let after_last_failure = samples.iter().filter(|s| last_failure.is_none_or(|last| s.sent > last)).count();
    assert!(after_last_failure >= 2 * WORKERS, "too few successes after the restart: {after_last_failure}");
    assert!(recovery <= RECOVERED_WITHIN, "still failing {recovery:?} after PostgreSQL was back");
    let first_success = samples
        .iter()
        .filter(|s| s.status == 200 && s.sent + s.took >= up)
        .map(|s| (s.sent + s.took).duration_since(up))
        .min()
        .unwrap_or_default();
    let slowest_down = while_down.iter().map(|s| s.took).max().unwrap_or_default();
    let summary = format!(
        "database outage (postgres, down {:.1} s, {WORKERS} clients): {} requests while down, all 503 in vi/en \
         (course searches: 200 from memory), slowest {} ms; {} requests in all, none 500, slowest {} ms; after \
         PostgreSQL accepted connections again, the first 200 in {} ms, the last failure {} ms later (its start \
         took {} ms)",
        starting.duration_since(down).as_secs_f64(),
        while_down.len(),
        slowest_down.as_millis(),
        samples.len(),
        slowest.as_millis(),
        first_success.as_millis(),
        recovery.as_millis(),
        up.duration_since(starting).as_millis(),
    );
    // Written past the test harness's capture, so the figures show in every run of the test command.
    let _ = writeln!(std::io::stderr().lock(), "{summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn after_a_quiet_postgres_restart_the_first_requests_succeed() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on the SQLite pass: it restarts a PostgreSQL cluster of its own in the PostgreSQL pass");
        return;
    }
    let (cluster, app) = app_on_a_cluster_of_its_own().await;
    let app = Arc::new(app);
    let (_, token, _) = app.signed_in("quiet", Role::Student).await;
    let burst = |round: u64| {
        let (app, token) = (app.clone(), token.clone());
        async move {
            let requests = (0..2 * WORKERS as u64).map(|i| {
                let (app, token) = (app.clone(), token.clone());
                tokio::spawn(async move {
                    let (what, response) = send(&app, &token, round * 100 + i, "en").await;
                    (what, response.status().as_u16())
                })
            });
            let mut answers = Vec::new();
            for request in requests.collect::<Vec<_>>() {
                answers.push(request.await.expect("request"));
            }
            answers
        }
    };
    // Arrange: the pool holds connections opened before the restart, idle.
    assert!(burst(1).await.iter().all(|(_, status)| *status == 200));

    // Act: PostgreSQL restarts while nobody asks anything; then a burst of requests.
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || {
        c.stop();
        c.start();
    })
    .await
    .expect("restarted");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let answers = burst(2).await;

    // Assert: no request is handed a connection the restart ended.
    let failed: Vec<_> = answers.iter().filter(|(_, status)| *status != 200).collect();
    assert!(failed.is_empty(), "after a quiet restart: {failed:?} of {} requests", answers.len());
}

#[tokio::test]
async fn every_operation_documents_the_503_of_an_unreachable_database() {
    let app = crate::helpers::spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.expect("openapi json");

    let mut undocumented = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            if operation["responses"]["503"].is_null() {
                undocumented.push(format!("{method} {path}"));
            }
        }
    }
    assert!(undocumented.is_empty(), "no 503 documented: {undocumented:#?}");
    let admission = &doc["paths"]["/api/contact/admissionMessage"]["post"]["responses"]["503"];
    let schema = admission["content"]["application/json"]["schema"]["$ref"].as_str().unwrap_or_default();
    assert!(schema.ends_with("/SendResult"), "the contact forms answer in their own shape: {admission}");
}
