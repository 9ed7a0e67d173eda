//! Notifications benchmark: open live streams on one instance (server memory per stream, delivery latency of one
//! broadcast to all of them), then a broadcast to every account of a large table (time to write it, and the
//! latency of catalogue browsing meanwhile).
//!
//! ```sh
//! cargo run --profile bench-fast -p academy-server --example bench_notifications                  # SQLite
//! cargo run --profile bench-fast -p academy-server --example bench_notifications -- --streams 10000 --rows 100000
//! ACADEMY_BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/bench \
//!   cargo run --profile bench-fast -p academy-server --example bench_notifications -- --backend postgres
//! ```
//! The server runs in a child process (this program again, with `--serve`): the real `academy serve` (router,
//! middleware, job worker, live delivery) on a fresh database with the demo catalogue, so that its resident
//! memory is the server's alone. This process makes the accounts and their sessions in the database, opens the
//! streams (plain HTTP/1.1 over TCP, one connection each, as browsers do), sends the broadcasts as an
//! administrator through the API, and probes `GET /api/courses` while the large one is written.
//! Options: --streams 2000 --rows 100000 --backend sqlite|postgres --probe-clients 4.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::expect_used, reason = "a command-line report")]

use std::{
    process::{Child, Command, Stdio},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::{
    Config,
    identity::{
        sessions,
        tokens::{Subject, TokenKeys, TokenLifetimes},
    },
    platform::db::{self, now_ms},
};
use hdrhistogram::Histogram;
use tokio::{
    io::{AsyncReadExt as _, AsyncWriteExt as _},
    net::TcpStream,
};

const SECRET: &str = "bench-token-secret-0123456789abcdef";

#[derive(Debug, Clone)]
struct Options {
    streams: usize,
    rows: usize,
    backend: String,
    probe_clients: usize,
}

fn options() -> Options {
    let mut o = Options { streams: 2000, rows: 100_000, backend: "sqlite".into(), probe_clients: 4 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--streams" => o.streams = value().parse().unwrap(),
            "--rows" => o.rows = value().parse().unwrap(),
            "--backend" => o.backend = value(),
            "--probe-clients" => o.probe_clients = value().parse().unwrap(),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

fn main() -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    if std::env::args().nth(1).as_deref() == Some("--serve") {
        return runtime.block_on(serve());
    }
    runtime.block_on(bench(options()))
}

/// The child: the real server, configured by the parent through the environment.
async fn serve() -> anyhow::Result<()> {
    let mut config = Config::with_data_dir(std::env::var("BENCH_DATA_DIR")?);
    config.addr = std::env::var("BENCH_ADDR")?.parse()?;
    config.database_url = Some(std::env::var("BENCH_DATABASE_URL")?);
    config.token_secret = Some(SECRET.into());
    config.demo = true;
    config.log_filter = "warn".into();
    academy_server::run(config).await
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
        .unwrap_or(0)
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_server(dir: &std::path::Path, database_url: &str) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .env("BENCH_DATA_DIR", dir)
        .env("BENCH_ADDR", format!("127.0.0.1:{port}"))
        .env("BENCH_DATABASE_URL", database_url)
        .stdin(Stdio::null())
        .spawn()
        .expect("server started");
    // Owned by `Server` from here, so its Drop stops and reaps the child on every path.
    let server = Server { child, base: format!("http://127.0.0.1:{port}") };
    let base = server.base.clone();
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            // The demo loads after the database is ready: wait for its courses.
            let courses = client.get(format!("{base}/api/courses")).send().await.ok();
            if let Some(courses) = courses {
                let body: serde_json::Value = courses.json().await.unwrap_or_default();
                if body["result"]["total"].as_i64().unwrap_or(0) > 0 {
                    return server;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the server did not start");
}

/// Inserts `count` active students with ids after `from` (numbered), 500 per statement.
async fn add_students(pool: &db::Pool, from: usize, count: usize) -> Vec<String> {
    let mut ids = Vec::with_capacity(count);
    let now = now_ms();
    for chunk_start in (from..from + count).step_by(500) {
        let chunk_end = (chunk_start + 500).min(from + count);
        let values: Vec<String> = (0..chunk_end - chunk_start)
            .map(|i| {
                format!(
                    "(${}, ${}, ${}, ${}, 'x', 'STUDENT', 'active', 0, $1, $1)",
                    4 * i + 2,
                    4 * i + 3,
                    4 * i + 4,
                    4 * i + 5
                )
            })
            .collect();
        let sql = format!(
            "insert into users (id, username, email, email_lower, password_hash, role, status, token_version, \
             created_at, updated_at) values {}",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(now);
        for n in chunk_start..chunk_end {
            let id = uuid::Uuid::now_v7().to_string();
            let email = format!("bench{n}@example.com");
            query = query.bind(id.clone()).bind(format!("bench{n:07}")).bind(email.clone()).bind(email);
            ids.push(id);
        }
        query.execute(pool).await.expect("students inserted");
    }
    ids
}

/// An access token of a new session for `user_id`.
async fn token_for(pool: &db::Pool, keys: &TokenKeys, user_id: &str, role: &str) -> String {
    let subject = Subject { user_id: user_id.to_owned(), role: role.to_owned(), token_version: 0 };
    sessions::start(pool, keys, &subject, &sessions::Device::default(), now_ms()).await.expect("session").access.token
}

/// One open stream: counts its `notification` events and notes when the first arrived.
struct Stream {
    arrived: Arc<Mutex<Option<Instant>>>,
    task: tokio::task::JoinHandle<()>,
}

async fn open_stream(port: u16, token: &str, opened: Arc<AtomicUsize>) -> Stream {
    let mut socket = TcpStream::connect(("127.0.0.1", port)).await.expect("connected");
    let request = format!(
        "GET /api/notification/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Accept: text/event-stream\r\n\r\n"
    );
    socket.write_all(request.as_bytes()).await.expect("request sent");
    let arrived = Arc::new(Mutex::new(None));
    let seen = arrived.clone();
    let task = tokio::spawn(async move {
        let mut buffer = vec![0_u8; 4096];
        let mut text = String::new();
        let mut counted = false;
        loop {
            let Ok(read) = socket.read(&mut buffer).await else { return };
            if read == 0 {
                return;
            }
            text.push_str(&String::from_utf8_lossy(&buffer[..read]));
            if !counted && text.contains("event: count") {
                counted = true;
                opened.fetch_add(1, Ordering::Relaxed);
            }
            if text.contains("event: notification") {
                seen.lock().unwrap().get_or_insert_with(Instant::now);
                text.clear();
            } else if text.len() > 64 * 1024 {
                text.clear();
            }
        }
    });
    Stream { arrived, task }
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

async fn send_broadcast(base: &str, admin: &str, title: &str) -> (String, Instant) {
    let body = serde_json::json!({
        "audience": "all",
        "title": {"vi": title, "en": title},
        "message": {"vi": "Đo hiệu năng", "en": "Benchmark"},
    });
    let started = Instant::now();
    let response = reqwest::Client::new()
        .post(format!("{base}/api/notification/broadcasts"))
        .bearer_auth(admin)
        .json(&body)
        .send()
        .await
        .expect("broadcast sent");
    assert!(response.status().is_success(), "{}", response.status());
    let body: serde_json::Value = response.json().await.unwrap();
    (body["result"]["id"].as_str().unwrap().to_owned(), started)
}

async fn bench(o: Options) -> anyhow::Result<()> {
    sqlx::any::install_default_drivers();
    let dir = tempfile::Builder::new().prefix("academy-bench-notifications-").tempdir()?;
    let database_url = match o.backend.as_str() {
        "postgres" => std::env::var("ACADEMY_BENCH_PG_URL").expect("ACADEMY_BENCH_PG_URL for --backend postgres"),
        _ => format!("sqlite://{}?mode=rwc", dir.path().join("academy.db").display()),
    };
    let server = start_server(dir.path(), &database_url).await;
    let pid = server.child.id();
    let port: u16 = server.base.rsplit(':').next().unwrap().parse()?;
    let (pool, _) = db::connect(&database_url, Default::default()).await?;
    let keys = TokenKeys::new(SECRET.as_bytes(), TokenLifetimes::default())?;
    let admin_id: String =
        sqlx::query_scalar("select id from users where username = 'admin01'").fetch_one(&pool).await?;
    let admin = token_for(&pool, &keys, &admin_id, "ADMIN").await;
    println!("backend {}, {} streams, {} rows, 2-core machine", o.backend, o.streams, o.rows);

    // Streams: one account and one session each.
    let students = add_students(&pool, 0, o.streams).await;
    let mut tokens = Vec::with_capacity(students.len());
    for id in &students {
        tokens.push(token_for(&pool, &keys, id, "STUDENT").await);
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_kib = rss_kib(pid);
    let opened = Arc::new(AtomicUsize::new(0));
    let open_started = Instant::now();
    let mut streams = Vec::with_capacity(tokens.len());
    for chunk in tokens.chunks(200) {
        let batch: Vec<_> = chunk.iter().map(|t| open_stream(port, t, opened.clone())).collect();
        streams.extend(futures_util::future::join_all(batch).await);
        while opened.load(Ordering::Relaxed) < streams.len() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let open_took = open_started.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let open_kib = rss_kib(pid);
    let per_stream = (open_kib.saturating_sub(idle_kib) as f64) / o.streams as f64;
    println!(
        "streams: {} open in {:.1} s; server RSS {:.1} MiB idle -> {:.1} MiB open: {:.1} KiB per stream",
        opened.load(Ordering::Relaxed),
        open_took.as_secs_f64(),
        idle_kib as f64 / 1024.0,
        open_kib as f64 / 1024.0,
        per_stream
    );

    let (_, started) = send_broadcast(&server.base, &admin, "To every open stream").await;
    let deadline = Instant::now() + Duration::from_secs(180);
    let mut latencies = Histogram::<u64>::new(3)?;
    loop {
        let arrived: Vec<Option<Instant>> = streams.iter().map(|s| *s.arrived.lock().unwrap()).collect();
        let delivered = arrived.iter().flatten().count();
        if delivered == streams.len() || Instant::now() > deadline {
            for at in arrived.into_iter().flatten() {
                latencies.record(u64::try_from(at.duration_since(started).as_micros()).unwrap_or(u64::MAX))?;
            }
            println!(
                "broadcast to {} open streams: delivered {delivered}; from the request: p50 {:.0} ms, p99 {:.0} ms, \
                 max {:.0} ms",
                streams.len(),
                latencies.value_at_quantile(0.5) as f64 / 1000.0,
                latencies.value_at_quantile(0.99) as f64 / 1000.0,
                latencies.max() as f64 / 1000.0,
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let peak_kib = rss_kib(pid);
    println!("server RSS after the broadcast: {:.1} MiB", peak_kib as f64 / 1024.0);
    for stream in streams {
        stream.task.abort();
    }

    // The large broadcast, with catalogue browsing measured before and during it.
    let existing: i64 = sqlx::query_scalar("select count(*) from users").fetch_one(&pool).await?;
    let missing = o.rows.saturating_sub(usize::try_from(existing)?);
    add_students(&pool, o.streams, missing).await;
    let idle = probe(&server.base, o.probe_clients, Duration::from_secs(5), None).await;
    println!(
        "browse idle ({} clients): p50 {:.1} ms, p99 {:.1} ms, {} requests",
        o.probe_clients, idle.0, idle.1, idle.2
    );
    let done = Arc::new(AtomicBool::new(false));
    let poller = {
        let (base, admin, done) = (server.base.clone(), admin.clone(), done.clone());
        tokio::spawn(async move {
            let (id, started) = send_broadcast(&base, &admin, "To everyone").await;
            let client = reqwest::Client::new();
            loop {
                let body: serde_json::Value = client
                    .get(format!("{base}/api/notification/broadcasts/{id}"))
                    .bearer_auth(&admin)
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                if body["result"]["status"] == "sent" {
                    done.store(true, Ordering::Relaxed);
                    return (started.elapsed(), body["result"]["sent"].as_i64().unwrap_or(0));
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    let during = probe(&server.base, o.probe_clients, Duration::from_secs(600), Some(done.clone())).await;
    let (took, rows) = poller.await?;
    println!(
        "broadcast of {rows} rows: {:.1} s ({:.0} rows/s); browse meanwhile: p50 {:.1} ms, p99 {:.1} ms, {} requests",
        took.as_secs_f64(),
        rows as f64 / took.as_secs_f64(),
        during.0,
        during.1,
        during.2
    );
    println!("server RSS at the end: {:.1} MiB", rss_kib(pid) as f64 / 1024.0);
    drop(server);
    Ok(())
}

/// `clients` loops of `GET /api/courses` (pages and sorts in turn) for `length` or until `stop`; (p50 ms, p99 ms,
/// requests).
async fn probe(base: &str, clients: usize, length: Duration, stop: Option<Arc<AtomicBool>>) -> (f64, f64, u64) {
    let histogram = Arc::new(Mutex::new(Histogram::<u64>::new(3).unwrap()));
    let end = Instant::now() + length;
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let (base, histogram, stop) = (base.to_owned(), histogram.clone(), stop.clone());
            tokio::spawn(async move {
                let client = reqwest::Client::new();
                let sorts = ["popular", "newest", "best-rated", "best-selling"];
                let mut n = c;
                while Instant::now() < end && !stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                    let path = format!("{base}/api/courses?sort={}&page={}&pageSize=12", sorts[n % 4], n % 3 + 1);
                    let started = Instant::now();
                    let ok = client.get(path).send().await.is_ok_and(|r| r.status().is_success());
                    assert!(ok, "browse failed");
                    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
                    histogram.lock().unwrap().record(micros).unwrap();
                    n += 1;
                }
            })
        })
        .collect();
    futures_util::future::join_all(tasks).await;
    let h = histogram.lock().unwrap();
    (
        millis(Duration::from_micros(h.value_at_quantile(0.5))),
        millis(Duration::from_micros(h.value_at_quantile(0.99))),
        h.len(),
    )
}
