//! Mixed-load benchmark: visitors browse and search the catalogue, students sign in and buy courses (cart →
//! order) and the bank feed pays their orders, all at once, against the real server in-process (same router,
//! middleware and handlers as `academy serve`).
//!
//! ```sh
//! cargo run --profile bench-fast -p academy-server --example bench_mixed            # SQLite and PostgreSQL
//! cargo run --profile bench-fast -p academy-server --example bench_mixed -- sqlite  # one backend
//! ```
//! Options (environment): `BENCH_SECONDS` (60), `BENCH_CLIENTS` (8 concurrent clients, each a student),
//! `BENCH_COURSES` (20000 in the catalogue), `ACADEMY_DB_POOL_SIZE`, `ACADEMY_BENCH_PG_URL=postgres://user@host:port`
//! (a server where a fresh database is created; otherwise a throwaway cluster is started from
//! /usr/lib/postgresql/*/bin, as `postgres` when root).
//!
//! Each client repeats, until the time is up, one of (by weight): browse 45% (`GET /api/courses` by category,
//! sort and page), search 25% (`GET /api/courses?search=`), login 5% (`POST /auth/token` with the password),
//! purchase 25%: `POST /api/cart/items` (a course the student does not own), `POST /api/checkout` of that course
//! (an order), and the bank feed's `POST /api/payments/sepay/webhook` paying the order (paid, ledger written,
//! student enrolled). Printed per kind of request: requests, req/s, p50, p99, errors (any answer that is not a
//! success); then the check that the money adds up, and the process's peak RSS (server and clients: one
//! process).
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

use academy_server::{AppState, Config, platform::db::Backend};
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use support::{
    catalogue::{self, Rng},
    env_or, histogram, micros, postgres_url,
    shop::{PASSWORD, SEPAY_KEY, open_bank_account, students, transfer},
};

/// The kinds of request, in the order printed.
const KINDS: [&str; 6] = ["browse", "search", "login", "cart add", "checkout", "bank webhook"];
const BROWSE: usize = 0;
const SEARCH: usize = 1;
const LOGIN: usize = 2;
const CART: usize = 3;
const CHECKOUT: usize = 4;
const WEBHOOK: usize = 5;
const SORTS: [&str; 5] = ["popular", "best-selling", "best-rated", "newest", "free"];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let seconds: u64 = env_or("BENCH_SECONDS", 60);
    let clients: usize = env_or("BENCH_CLIENTS", 8);
    let courses: usize = env_or("BENCH_COURSES", 20_000);
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".to_owned());
    println!(
        "mixed benchmark: {clients} clients, {courses} courses, {seconds} s, {} CPUs, load average {}",
        std::thread::available_parallelism().map(usize::from).unwrap_or(1),
        load_average()
    );
    let dir = tempfile::Builder::new().prefix("academy-bench-").tempdir()?;
    let run = Run { seconds, clients, courses };
    if which == "both" || which == "sqlite" {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        run.on(Backend::Sqlite, url, dir.path()).await?;
    }
    if which == "both" || which == "postgres" {
        let url = postgres_url(dir.path(), "academy_bench_mixed").await?;
        run.on(Backend::Postgres, url, dir.path()).await?;
    }
    println!("\npeak RSS (VmHWM) {}; load average {}", peak_rss(), load_average());
    Ok(())
}

/// The machine's load average over 1, 5 and 15 minutes.
fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// The process's peak resident memory, as the kernel counts it.
fn peak_rss() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: ? kB");
    let kb: u64 = line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0);
    format!("{:.0} MiB", kb as f64 / 1024.0)
}

#[derive(Debug, Clone, Copy)]
struct Run {
    seconds: u64,
    clients: usize,
    courses: usize,
}

/// What the clients measured: per kind, the latencies and the errors.
struct Measured {
    latency: Vec<Histogram<u64>>,
    errors: [u64; KINDS.len()],
    /// The first error seen, to tell what went wrong.
    first_error: Option<String>,
}

impl Measured {
    fn new() -> Measured {
        Measured { latency: KINDS.iter().map(|_| histogram()).collect(), errors: [0; KINDS.len()], first_error: None }
    }

    fn add(&mut self, other: &Measured) {
        for (kind, h) in other.latency.iter().enumerate() {
            self.latency[kind].add(h).unwrap();
            self.errors[kind] += other.errors[kind];
        }
        if let Some(error) = &other.first_error {
            println!("error: {error}");
        }
    }
}

/// What one client needs.
struct Client {
    http: reqwest::Client,
    base: String,
    username: String,
    token: String,
    /// The courses this client's student buys, in turn (no other client buys them).
    to_buy: Vec<String>,
    categories: Arc<Vec<String>>,
    transaction_ids: Arc<AtomicU64>,
    deadline: Instant,
}

impl Run {
    async fn on(self, backend: Backend, url: String, dir: &std::path::Path) -> anyhow::Result<()> {
        println!("\n== {} ==", backend.name());
        let mut config = Config::with_data_dir(dir.join(backend.name()));
        config.database_url = Some(url);
        config.token_secret = Some("bench-secret-bench-secret-bench-secret-0123".to_owned());
        config.web_dir = dir.join("no-web");
        config.sepay_api_key = Some(SEPAY_KEY.to_owned());
        config.login_limit_per_account = i64::MAX / 2;
        config.login_limit_per_account_and_address = i64::MAX / 2;
        config.login_limit_per_address = i64::MAX / 2;
        config.log_filter = "warn".into();
        let state = AppState::build(config).await?;
        let started = Instant::now();
        let categories = Arc::new(catalogue::seed(&state, self.courses).await?);
        open_bank_account(&state).await?;
        let on_sale: Vec<String> = sqlx::query_scalar(
            "select id from courses where status = 'published' and price > 0 and currency = 'VND' order by id",
        )
        .fetch_all(&state.pool)
        .await?;
        println!(
            "seeded {} courses ({} on sale) in {:.1} s",
            self.courses,
            on_sale.len(),
            started.elapsed().as_secs_f64()
        );

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let base = format!("http://{}", listener.local_addr()?);
        let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
        let server = tokio::spawn(academy_server::serve(listener, state.clone(), async move {
            let _ = stop_rx.wait_for(|stopped| *stopped).await;
        }));
        let http = reqwest::Client::builder().pool_max_idle_per_host(self.clients * 2).build()?;
        let accounts = students(&state, &http, &base, self.clients).await?;

        let deadline = Instant::now() + Duration::from_secs(self.seconds);
        let started = Instant::now();
        let transaction_ids = Arc::new(AtomicU64::new(1));
        let mut tasks = Vec::new();
        for (n, (username, token)) in accounts.into_iter().enumerate() {
            let to_buy = on_sale.iter().skip(n).step_by(self.clients).cloned().collect();
            let client = Client {
                http: http.clone(),
                base: base.clone(),
                username,
                token,
                to_buy,
                categories: categories.clone(),
                transaction_ids: transaction_ids.clone(),
                deadline,
            };
            tasks.push(tokio::spawn(client.run(n)));
        }
        let mut total = Measured::new();
        for task in tasks {
            total.add(&task.await?);
        }
        let elapsed = started.elapsed().as_secs_f64();

        println!("{:<14} {:>9} {:>9} {:>10} {:>10} {:>7}", "kind", "requests", "req/s", "p50 ms", "p99 ms", "errors");
        let mut all = histogram();
        for (kind, name) in KINDS.iter().enumerate() {
            let h = &total.latency[kind];
            all.add(h)?;
            println!(
                "{name:<14} {:>9} {:>9.1} {:>10.2} {:>10.2} {:>7}",
                h.len(),
                h.len() as f64 / elapsed,
                h.value_at_quantile(0.50) as f64 / 1000.0,
                h.value_at_quantile(0.99) as f64 / 1000.0,
                total.errors[kind]
            );
        }
        let errors: u64 = total.errors.iter().sum();
        println!(
            "{:<14} {:>9} {:>9.1} {:>10.2} {:>10.2} {:>7}",
            "all",
            all.len(),
            all.len() as f64 / elapsed,
            all.value_at_quantile(0.50) as f64 / 1000.0,
            all.value_at_quantile(0.99) as f64 / 1000.0,
            errors
        );

        let figure = |sql: &'static str| {
            let pool = state.pool.clone();
            async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await }
        };
        let paid = figure("select count(*) from orders where status = 'paid'").await?;
        let enrolled = figure("select count(*) from course_enrollments").await?;
        let ledger = figure("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries").await?;
        println!("check: {paid} paid orders, {enrolled} enrolments, ledger sum {ledger} (must be 0)");
        let webhooks = total.latency[WEBHOOK].len() - total.errors[WEBHOOK];
        anyhow::ensure!(
            u64::try_from(paid)? == webhooks && paid == enrolled && ledger == 0 && errors == 0,
            "the run had errors or its money does not add up"
        );
        println!("peak RSS (VmHWM) so far {}; load average {}", peak_rss(), load_average());

        let _ = stop_tx.send(true);
        let _ = server.await;
        state.pool.close().await;
        Ok(())
    }
}

impl Client {
    /// Requests of every kind, by weight, until the deadline.
    async fn run(self, n: usize) -> Measured {
        let mut measured = Measured::new();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let mut bought = 0;
        while Instant::now() < self.deadline {
            match rng.below(100) {
                0..45 => self.browse(&mut rng, &mut measured).await,
                45..70 => self.search(&mut rng, &mut measured).await,
                70..75 => self.login(&mut measured).await,
                _ if bought < self.to_buy.len() => {
                    self.purchase(&self.to_buy[bought], &mut measured).await;
                    bought += 1;
                }
                _ => self.browse(&mut rng, &mut measured).await,
            }
        }
        measured
    }

    async fn browse(&self, rng: &mut Rng, measured: &mut Measured) {
        let url = format!(
            "{}/api/courses?category={}&sort={}&page={}&pageSize=12",
            self.base,
            self.categories[rng.below(self.categories.len())],
            SORTS[rng.below(SORTS.len())],
            1 + rng.below(10)
        );
        self.timed(BROWSE, self.http.get(url), measured).await;
    }

    async fn search(&self, rng: &mut Rng, measured: &mut Measured) {
        let terms = search_terms();
        let term: String = terms[rng.below(terms.len())].chars().map(|c| if c == ' ' { '+' } else { c }).collect();
        let url = format!("{}/api/courses?search={term}&sort={}&pageSize=12", self.base, SORTS[rng.below(4)]);
        self.timed(SEARCH, self.http.get(url), measured).await;
    }

    async fn login(&self, measured: &mut Measured) {
        let body = json!({ "username": self.username, "password": PASSWORD });
        self.timed(LOGIN, self.http.post(format!("{}/auth/token", self.base)).json(&body), measured).await;
    }

    /// The course into the cart, the checkout of it (an order), and the bank's transfer paying the order.
    async fn purchase(&self, course_id: &str, measured: &mut Measured) {
        let add = self
            .http
            .post(format!("{}/api/cart/items", self.base))
            .bearer_auth(&self.token)
            .json(&json!({ "courseId": course_id }));
        if self.timed(CART, add, measured).await.is_none() {
            return;
        }
        let checkout = self
            .http
            .post(format!("{}/api/checkout", self.base))
            .bearer_auth(&self.token)
            .header("Idempotency-Key", format!("mixed-{}-{course_id}", self.username))
            .json(&json!({ "courseIds": [course_id] }));
        let Some(order) = self.timed(CHECKOUT, checkout, measured).await else { return };
        let order = &order["result"];
        let code = order["code"].as_str().unwrap_or_default();
        let report = transfer(self.transaction_ids.fetch_add(1, Ordering::Relaxed), code, &order["amountDue"]);
        let webhook = self
            .http
            .post(format!("{}/api/payments/sepay/webhook", self.base))
            .header("Authorization", format!("Apikey {SEPAY_KEY}"))
            .json(&report);
        self.timed(WEBHOOK, webhook, measured).await;
    }

    /// Sends a request and reads its answer whole, recording its latency under `kind` (and an error unless it is
    /// a success); the JSON answer of a success.
    async fn timed(&self, kind: usize, request: reqwest::RequestBuilder, measured: &mut Measured) -> Option<Value> {
        let sent = Instant::now();
        let answer = match request.send().await {
            Ok(response) if response.status().is_success() => response.json::<Value>().await.map_err(|e| e.to_string()),
            Ok(response) => Err(format!("{} {}", response.status(), response.text().await.unwrap_or_default())),
            Err(e) => Err(e.to_string()),
        };
        measured.latency[kind].saturating_record(micros(sent));
        match answer {
            Ok(answer) => Some(answer),
            Err(error) => {
                measured.errors[kind] += 1;
                if measured.first_error.is_none() {
                    measured.first_error = Some(format!("{}: {error}", KINDS[kind]));
                }
                None
            }
        }
    }
}

/// The searches people make: 1,000 distinct terms, made once.
fn search_terms() -> &'static [String] {
    static TERMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TERMS.get_or_init(|| catalogue::search_terms(1000))
}
