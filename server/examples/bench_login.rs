//! Login benchmark: logins per second with the real argon2id parameters (m = 19456 KiB, t = 2, p = 1), and the
//! latency of a cheap endpoint while `--concurrency` logins run at once. Hashes run on the blocking pool behind
//! a semaphore, so the cheap endpoint's p99 should stay close to its idle p99.
//!
//! ```sh
//! cargo run --release -p academy-server --example bench_login                       # in-process, SQLite
//! cargo run --release -p academy-server --example bench_login -- --seconds 20 --concurrency 200
//! cargo run --release -p academy-server --example bench_login -- --url http://127.0.0.1:8080 \
//!     --username <user> --password <password>                                         # a running server
//! ```
//! Without `--url` it starts the real app in-process (the same router, middleware and `/auth/token` handler as
//! `academy serve`) on a fresh SQLite database in a temp dir, with one user created as registration does, and
//! with the login limit raised so the benchmark measures hashing, not the throttle.
//! Options: --concurrency 200 --seconds 10 --probe-path /healthz --probe-interval-ms 10 --hash-permits <n>
#![allow(clippy::unwrap_used, clippy::print_stdout, reason = "a command-line report")]

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::{
    AppState, Config,
    identity::repo::{self as users, NewUser},
};
use academy_shared::roles::Role;
use hdrhistogram::Histogram;

#[derive(Debug, Clone)]
struct Options {
    url: Option<String>,
    username: String,
    password: String,
    concurrency: usize,
    seconds: u64,
    probe_path: String,
    probe_interval_ms: u64,
    hash_permits: Option<usize>,
}

fn options() -> Options {
    let mut o = Options {
        url: None,
        username: "benchuser".into(),
        password: "Violet#Harbour-2026".into(),
        concurrency: 200,
        seconds: 10,
        probe_path: "/healthz".into(),
        probe_interval_ms: 10,
        hash_permits: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--url" => o.url = Some(value()),
            "--username" => o.username = value(),
            "--password" => o.password = value(),
            "--concurrency" => o.concurrency = value().parse().unwrap(),
            "--seconds" => o.seconds = value().parse().unwrap(),
            "--probe-path" => o.probe_path = value(),
            "--probe-interval-ms" => o.probe_interval_ms = value().parse().unwrap(),
            "--hash-permits" => o.hash_permits = Some(value().parse().unwrap()),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

/// The real app on a fresh SQLite database, with one user; returns its base URL.
async fn spawn_app(o: &Options, dir: &std::path::Path) -> String {
    let mut config = Config::with_data_dir(dir);
    config.token_secret = Some("bench-token-secret-0123456789abcdef".into());
    config.login_limit_per_account = i64::MAX / 2;
    config.login_limit_per_account_and_address = i64::MAX / 2;
    config.login_limit_per_address = i64::MAX / 2;
    config.password_hash_concurrency = o.hash_permits;
    config.web_dir = dir.join("no-web");
    config.log_filter = "warn".into();
    let state = AppState::build(config).await.unwrap();
    let hash = state.passwords.hash(&o.password).await.unwrap();
    let email = format!("{}@example.com", o.username);
    let user = NewUser {
        username: &o.username,
        email: &email,
        password_hash: &hash,
        first_name: None,
        last_name: None,
        phone_number: None,
        address: None,
        dob: None,
        role: Role::Student,
    };
    users::create(&state.pool, &user).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(academy_server::serve(listener, state, std::future::pending()));
    format!("http://{addr}")
}

async fn probe(client: &reqwest::Client, url: &str, until: Instant, every: Duration) -> Histogram<u64> {
    let mut histogram = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3).unwrap();
    let mut tick = tokio::time::interval(every);
    while Instant::now() < until {
        tick.tick().await;
        let start = Instant::now();
        let response = client.get(url).send().await.unwrap();
        assert!(response.status().is_success(), "probe got {}", response.status());
        response.bytes().await.unwrap();
        histogram.record(u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX).max(1)).unwrap();
    }
    histogram
}

fn summary(name: &str, h: &Histogram<u64>) {
    let ms = |us: u64| us as f64 / 1000.0;
    println!(
        "{name:<26} n={:<6} p50={:>8.2} ms  p90={:>8.2} ms  p99={:>8.2} ms  max={:>8.2} ms",
        h.len(),
        ms(h.value_at_quantile(0.5)),
        ms(h.value_at_quantile(0.9)),
        ms(h.value_at_quantile(0.99)),
        ms(h.max())
    );
}

fn main() {
    let o = options();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(run(o));
}

async fn run(o: Options) {
    let dir = tempfile::tempdir().unwrap();
    let base = match &o.url {
        Some(url) => url.trim_end_matches('/').to_owned(),
        None => spawn_app(&o, dir.path()).await,
    };
    let client = reqwest::Client::builder().pool_max_idle_per_host(o.concurrency + 8).build().unwrap();
    let probe_url = format!("{base}{}", o.probe_path);
    let every = Duration::from_millis(o.probe_interval_ms);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!(
        "target {base}; {} concurrent logins for {} s; probe {probe_url} every {every:?}",
        o.concurrency, o.seconds
    );
    println!(
        "cores: {cores}; hash permits: {} (in-process only); argon2id m=19456 KiB t=2 p=1",
        o.hash_permits.unwrap_or(cores)
    );

    // Warm-up: one login (creates the connection pool's connections, loads the code).
    let login_url = format!("{base}/auth/token");
    let body = serde_json::json!({ "username": o.username, "password": o.password });
    let first = client.post(&login_url).json(&body).send().await.unwrap();
    assert!(first.status().is_success(), "the benchmark user cannot log in: {}", first.status());

    // 1. The cheap endpoint alone.
    let idle = probe(&client, &probe_url, Instant::now() + Duration::from_secs(3), every).await;
    summary("probe, idle", &idle);

    // 2. The same, while `concurrency` clients log in back to back.
    let until = Instant::now() + Duration::from_secs(o.seconds);
    let ok = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for _ in 0..o.concurrency {
        let (client, url, body, ok, failed) =
            (client.clone(), login_url.clone(), body.clone(), ok.clone(), failed.clone());
        workers.push(tokio::spawn(async move {
            let mut latencies = Histogram::<u64>::new_with_bounds(1, 600_000_000, 3).unwrap();
            while Instant::now() < until {
                let start = Instant::now();
                let good = match client.post(&url).json(&body).send().await {
                    Ok(r) => r.json::<serde_json::Value>().await.is_ok_and(|v| v["code"] == 1000),
                    Err(_) => false,
                };
                latencies.record(u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX).max(1)).unwrap();
                let counter = if good { &ok } else { &failed };
                counter.fetch_add(1, Ordering::Relaxed);
            }
            latencies
        }));
    }
    let started = Instant::now();
    let loaded = probe(&client, &probe_url, until, every).await;
    let mut logins = Histogram::<u64>::new_with_bounds(1, 600_000_000, 3).unwrap();
    for worker in workers {
        logins.add(worker.await.unwrap()).unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    summary("probe, under login load", &loaded);
    summary("login", &logins);
    let ok = ok.load(Ordering::Relaxed);
    println!(
        "logins: {ok} ok, {} failed in {elapsed:.1} s = {:.1} logins/s",
        failed.load(Ordering::Relaxed),
        ok as f64 / elapsed
    );
}
