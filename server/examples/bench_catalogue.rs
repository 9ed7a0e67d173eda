//! Catalogue benchmark: 100,000 courses, 64 connections, the real server in-process.
//!
//! ```sh
//! cargo run --release -p academy-server --example bench_catalogue            # SQLite and PostgreSQL
//! cargo run --release -p academy-server --example bench_catalogue -- sqlite  # one backend
//! ```
//! Options (environment): `BENCH_COURSES` (100000), `BENCH_SECONDS` per scenario (10), `BENCH_CONNECTIONS` (64),
//! `BENCH_SCENARIOS` (`browse,search`: which of (b) and (c) to run; the ceiling (a) always runs), `BENCH_CACHE`
//! (`both`: run (b) and (c) with the response cache on, as served, then off, every request reaching the
//! database; `on`; `off`), `BENCH_ACCEPT_ENCODING` (e.g. `gzip, br`: ask for compressed bodies), `BENCH_PLANS`
//! (1: print the query plans at the end; 0: skip), `ACADEMY_DB_POOL_SIZE` (the server's pool size),
//! `ACADEMY_BENCH_PG_URL=postgres://user@host:port` (a server where a fresh database is created; otherwise a
//! throwaway cluster is started from /usr/lib/postgresql/*/bin, as the `postgres` user when run as root).
//!
//! Scenarios: (a) `GET /api/bench/ping`, a bare JSON envelope through the same middleware = the ceiling;
//! (b) browsing: `GET /api/courses?category=<random>&sort=<random>&page=<1..10>`; (c) text search:
//! `GET /api/courses?search=<one of BENCH_TERMS (1000) distinct terms, marks or not>&sort=<random>`. Printed: requests/s, p50,
//! p99, and the ratio to the ceiling; then the query plans of a browse and a search at this size. Before the
//! scenarios the catalogue index is built, as a server builds it at start (lists come from it, see
//! `academy_server::catalogue::index`): its read and build time, its memory by part and the process's RSS.
#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "a command-line report")]

#[path = "support/mod.rs"]
mod support;

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::{
    AppState, Config,
    catalogue::repo::courses::{self, Sort},
    http::{ApiResult, ok},
    platform::{cache::ResponseCache, db::Backend},
};
use axum::routing::get;
use hdrhistogram::Histogram;
use support::{
    catalogue::{Rng, search_terms, seed},
    env_or, postgres_url,
};
use utoipa_axum::router::OpenApiRouter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let courses: usize = env_or("BENCH_COURSES", 100_000);
    let seconds: u64 = env_or("BENCH_SECONDS", 10);
    let connections: usize = env_or("BENCH_CONNECTIONS", 64);
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".to_owned());
    println!(
        "catalogue benchmark: {courses} courses, {connections} connections, {seconds} s per scenario, {} CPUs",
        std::thread::available_parallelism().map(usize::from).unwrap_or(1)
    );
    let dir = tempfile::Builder::new().prefix("academy-bench-").tempdir()?;
    if which == "both" || which == "sqlite" {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        run(Backend::Sqlite, url, dir.path(), courses, seconds, connections).await?;
    }
    if which == "both" || which == "postgres" {
        let url = postgres_url(dir.path(), "academy_bench").await?;
        run(Backend::Postgres, url, dir.path(), courses, seconds, connections).await?;
    }
    Ok(())
}

async fn run(
    backend: Backend,
    url: String,
    dir: &std::path::Path,
    courses: usize,
    seconds: u64,
    connections: usize,
) -> anyhow::Result<()> {
    println!("\n== {} ==", backend.name());
    let mut config = Config::with_data_dir(dir.join(backend.name()));
    config.database_url = Some(url);
    config.token_secret = Some("bench-secret-bench-secret-bench-secret-0123".to_owned());
    config.web_dir = dir.join("no-web");
    let state = AppState::build(config).await?;
    let started = Instant::now();
    let categories = seed(&state, courses).await?;
    println!("seeded {courses} courses in {:.1} s", started.elapsed().as_secs_f64());
    // The catalogue index, as a server builds it at start (the benchmark seeded after its start).
    let rss_before = rss_mib();
    let started = Instant::now();
    let index = state.courses_index.rebuild(&state.pool).await?;
    let took = started.elapsed();
    let memory = index.memory();
    let mib = |bytes: usize| bytes as f64 / f64::from(1 << 20);
    println!(
        "catalogue index: {} courses read and built in {:.2} s (build {:.2} s), {:.1} MiB by its own count \
         (cards {:.1}, texts {:.1}, trigrams {:.1}, orders {:.1}), process RSS {rss_before:.1} → {:.1} MiB",
        index.len(),
        took.as_secs_f64(),
        index.build_time.as_secs_f64(),
        mib(memory.total()),
        mib(memory.cards),
        mib(memory.texts),
        mib(memory.trigrams),
        mib(memory.orders),
        rss_mib(),
    );
    drop(index);
    let first_category = categories[0].clone();

    // The same app twice: as configured (response cache on), and with the cache off (every request reaches
    // the database), on two ports.
    let uncached = AppState { cache: Arc::new(ResponseCache::new(0, Duration::ZERO)), ..state.clone() };
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut servers = Vec::new();
    let mut bases = Vec::new();
    for app_state in [state.clone(), uncached] {
        async fn ping() -> ApiResult<&'static str> {
            Ok(ok("pong"))
        }
        let extra = OpenApiRouter::new().route("/api/bench/ping", get(ping));
        let router = academy_server::app_with(app_state, extra);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        bases.push(format!("http://{}", listener.local_addr()?));
        let mut stop = stop_rx.clone();
        servers.push(tokio::spawn(academy_server::serve_router(listener, router, async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        })));
    }
    let (cached_base, database_base) = (&bases[0], &bases[1]);

    // BENCH_ACCEPT_ENCODING (e.g. `gzip, br`, as browsers send): responses come compressed, as browsers get them.
    let mut headers = reqwest::header::HeaderMap::new();
    if let Ok(encoding) = std::env::var("BENCH_ACCEPT_ENCODING") {
        headers.insert(reqwest::header::ACCEPT_ENCODING, encoding.parse()?);
    }
    let client = reqwest::Client::builder().pool_max_idle_per_host(connections * 2).default_headers(headers).build()?;
    let duration = Duration::from_secs(seconds);
    let sorts = ["popular", "best-selling", "best-rated", "newest", "free"];
    let browse_path = move |rng: &mut Rng| {
        format!(
            "/api/courses?category={}&sort={}&page={}&pageSize=12",
            categories[rng.below(categories.len())],
            sorts[rng.below(sorts.len())],
            1 + rng.below(10)
        )
    };
    let terms = Arc::new(search_terms(env_or("BENCH_TERMS", 1000)));
    println!("{} distinct search terms, e.g. {:?}", terms.len(), &terms[..terms.len().min(6)]);
    let search_path = move |rng: &mut Rng| {
        let term: String = terms[rng.below(terms.len())].chars().map(|c| if c == ' ' { '+' } else { c }).collect();
        format!("/api/courses?search={term}&sort={}&pageSize=12", sorts[rng.below(4)])
    };

    let scenarios = std::env::var("BENCH_SCENARIOS").unwrap_or_else(|_| "browse,search".to_owned());
    let cache = std::env::var("BENCH_CACHE").unwrap_or_else(|_| "both".to_owned());
    let ceiling = drive(&client, cached_base, connections, duration, |_| "/api/bench/ping".to_owned()).await;
    report("(a) bare JSON (ceiling)", &ceiling, None);
    let mut runs: Vec<(&str, &String)> = Vec::new();
    if cache != "off" {
        runs.push(("cache on", cached_base));
    }
    if cache != "on" {
        runs.push(("cache off", database_base));
    }
    for (label, base) in &runs {
        if scenarios.contains("browse") {
            let browse = drive(&client, base, connections, duration, browse_path.clone()).await;
            report(&format!("(b) browse, {label}"), &browse, Some(&ceiling));
        }
        if scenarios.contains("search") {
            let search = drive(&client, base, connections, duration, search_path.clone()).await;
            report(&format!("(c) text search, {label}"), &search, Some(&ceiling));
        }
    }
    println!("response cache: {} hits, {} misses", state.cache.hits(), state.cache.misses());
    println!("process RSS at the end: {:.1} MiB", rss_mib());

    if env_or("BENCH_PLANS", 1) == 1 {
        print_plans(&state, &first_category).await?;
    }
    let _ = stop_tx.send(true);
    for server in servers {
        let _ = server.await;
    }
    state.pool.close().await;
    Ok(())
}

/// This process's resident memory (VmRSS), in MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib =
        status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok());
    kib.unwrap_or(0.0) / 1024.0
}

struct Outcome {
    requests: u64,
    errors: u64,
    elapsed: Duration,
    latency: Histogram<u64>,
}

async fn drive(
    client: &reqwest::Client,
    base: &str,
    connections: usize,
    duration: Duration,
    path: impl Fn(&mut Rng) -> String + Send + Sync + Clone + 'static,
) -> Outcome {
    // Warm-up: connections opened, caches filled.
    let _ = drive_for(client, base, connections, Duration::from_secs(1), path.clone()).await;
    drive_for(client, base, connections, duration, path).await
}

async fn drive_for(
    client: &reqwest::Client,
    base: &str,
    connections: usize,
    duration: Duration,
    path: impl Fn(&mut Rng) -> String + Send + Sync + Clone + 'static,
) -> Outcome {
    let errors = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for n in 0..connections {
        let client = client.clone();
        let base = base.to_owned();
        let path = path.clone();
        let errors = errors.clone();
        tasks.push(tokio::spawn(async move {
            let mut histogram = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3).unwrap();
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
            while Instant::now() < deadline {
                let url = format!("{base}{}", path(&mut rng));
                let sent = Instant::now();
                let okay = match client.get(&url).send().await {
                    Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                    Err(_) => false,
                };
                let micros = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX).max(1);
                histogram.saturating_record(micros);
                if !okay {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            histogram
        }));
    }
    let mut latency = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3).unwrap();
    for task in tasks {
        latency.add(task.await.unwrap()).unwrap();
    }
    Outcome { requests: latency.len(), errors: errors.load(Ordering::Relaxed), elapsed: started.elapsed(), latency }
}

fn report(name: &str, outcome: &Outcome, ceiling: Option<&Outcome>) {
    let rate = outcome.requests as f64 / outcome.elapsed.as_secs_f64();
    let ratio = ceiling
        .map(|c| format!("{:5.1}% of ceiling", 100.0 * rate / (c.requests as f64 / c.elapsed.as_secs_f64())))
        .unwrap_or_default();
    println!(
        "{name:<34} {rate:>9.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>7.2} ms  errors {}  {ratio}",
        outcome.latency.value_at_quantile(0.50) as f64 / 1000.0,
        outcome.latency.value_at_quantile(0.99) as f64 / 1000.0,
        outcome.latency.max() as f64 / 1000.0,
        outcome.errors,
    );
}

async fn print_plans(state: &AppState, category: &str) -> anyhow::Result<()> {
    let cases = [("browse", true, Sort::BestRated, None), ("search", false, Sort::Popular, Some("lap trinh"))];
    for (name, with_category, sort, search) in cases {
        let sql = courses::list_sql_for_explain(state.backend, with_category, sort, search);
        let mut conn = state.pool.acquire().await?;
        let explain = match state.backend {
            Backend::Sqlite => format!("explain query plan {sql}"),
            Backend::Postgres => format!("explain analyze {sql}"),
        };
        let plan: Vec<String> = match state.backend {
            Backend::Sqlite => {
                let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(&explain);
                if with_category {
                    q = q.bind(category);
                }
                if search.is_some() {
                    q = q.bind("\"lap\" AND \"trinh\"");
                }
                q.fetch_all(&mut *conn).await?.into_iter().map(|r| r.3).collect()
            }
            Backend::Postgres => {
                let mut q = sqlx::query_scalar::<_, String>(&explain);
                if with_category {
                    q = q.bind(category);
                }
                if search.is_some() {
                    q = q.bind("%lap%").bind("%trinh%");
                }
                q.fetch_all(&mut *conn).await?
            }
        };
        println!("plan of a {name} query:\n  {}", plan.join("\n  "));
    }
    Ok(())
}
