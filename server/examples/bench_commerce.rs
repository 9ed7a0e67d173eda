//! Commerce benchmark: students buying courses at once, each purchase the whole path a real one takes, and the
//! catalogue's browse latency while they do. The real server in-process (same router, middleware and handlers as
//! `academy serve`).
//!
//! ```sh
//! cargo run --release -p academy-server --example bench_commerce            # SQLite and PostgreSQL
//! cargo run --release -p academy-server --example bench_commerce -- sqlite  # one backend
//! ```
//! Options (environment): `BENCH_STUDENTS` (50, each a client buying back to back), `BENCH_SECONDS` (10),
//! `BENCH_COURSES` (400, on sale, VND), `BENCH_BROWSERS` (4 clients browsing the catalogue meanwhile),
//! `ACADEMY_DB_POOL_SIZE`, `ACADEMY_BENCH_PG_URL=postgres://user@host:port` (a server where a fresh database is
//! created; otherwise a throwaway cluster is started from /usr/lib/postgresql/*/bin, as `postgres` when root).
//!
//! One purchase: `POST /api/checkout` (one course, an `Idempotency-Key`) → the bank feed's
//! `POST /api/payments/sepay/webhook` with the order's code and amount (the order is paid, the ledger written,
//! the student enrolled, in one transaction) → `GET /api/orders/{id}` answering `paid` (what the checkout page
//! polls). Printed: purchases/s, p50/p99 of the whole purchase and of each step; browse p50/p99 alone, then
//! during the purchases; and the check that every paid order enrolled its student.
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
    platform::db::{self, Backend},
};
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use support::{
    env_or, histogram, micros, postgres_url,
    shop::{SEPAY_KEY, open_bank_account, students, transfer},
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let students: usize = env_or("BENCH_STUDENTS", 50);
    let seconds: u64 = env_or("BENCH_SECONDS", 10);
    let courses: usize = env_or("BENCH_COURSES", 400);
    let browsers: usize = env_or("BENCH_BROWSERS", 4);
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".to_owned());
    println!(
        "commerce benchmark: {students} students buying, {browsers} browsing, {courses} courses, {seconds} s, {} CPUs",
        std::thread::available_parallelism().map(usize::from).unwrap_or(1)
    );
    let dir = tempfile::Builder::new().prefix("academy-bench-").tempdir()?;
    let run = Run { students, seconds, courses, browsers };
    if which == "both" || which == "sqlite" {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        run.on(Backend::Sqlite, url, dir.path()).await?;
    }
    if which == "both" || which == "postgres" {
        let url = postgres_url(dir.path(), "academy_bench_commerce").await?;
        run.on(Backend::Postgres, url, dir.path()).await?;
    }
    Ok(())
}

fn line(name: &str, h: &Histogram<u64>) -> String {
    format!(
        "{name:<28} n {:>6}  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>8.2} ms",
        h.len(),
        h.value_at_quantile(0.50) as f64 / 1000.0,
        h.value_at_quantile(0.99) as f64 / 1000.0,
        h.max() as f64 / 1000.0
    )
}

#[derive(Debug, Clone, Copy)]
struct Run {
    students: usize,
    seconds: u64,
    courses: usize,
    browsers: usize,
}

/// What one student's client measured.
struct Purchases {
    whole: Histogram<u64>,
    checkout: Histogram<u64>,
    webhook: Histogram<u64>,
    poll: Histogram<u64>,
    errors: u64,
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
        let course_ids = seed(&state, self.courses).await?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let base = format!("http://{}", listener.local_addr()?);
        let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
        let server = tokio::spawn(academy_server::serve(listener, state.clone(), async move {
            let _ = stop_rx.wait_for(|stopped| *stopped).await;
        }));
        let client = reqwest::Client::builder().pool_max_idle_per_host(256).build()?;
        let tokens: Vec<String> =
            students(&state, &client, &base, self.students).await?.into_iter().map(|(_, token)| token).collect();
        let duration = Duration::from_secs(self.seconds);

        let idle = browse(&client, &base, self.browsers, Instant::now() + duration).await;
        println!("{}", line("browse alone", &idle));

        let deadline = Instant::now() + duration;
        let started = Instant::now();
        let browsing = {
            let (client, base, browsers) = (client.clone(), base.clone(), self.browsers);
            tokio::spawn(async move { browse(&client, &base, browsers, deadline).await })
        };
        let transaction_ids = Arc::new(AtomicU64::new(1));
        let courses = Arc::new(course_ids);
        let mut buyers = Vec::new();
        for (n, token) in tokens.into_iter().enumerate() {
            let (client, base, courses, ids) = (client.clone(), base.clone(), courses.clone(), transaction_ids.clone());
            buyers.push(tokio::spawn(async move { buy(&client, &base, &token, n, &courses, &ids, deadline).await }));
        }
        let mut total =
            Purchases { whole: histogram(), checkout: histogram(), webhook: histogram(), poll: histogram(), errors: 0 };
        for buyer in buyers {
            let p = buyer.await?;
            total.whole.add(p.whole)?;
            total.checkout.add(p.checkout)?;
            total.webhook.add(p.webhook)?;
            total.poll.add(p.poll)?;
            total.errors += p.errors;
        }
        let elapsed = started.elapsed();
        let during = browsing.await?;

        let rate = total.whole.len() as f64 / elapsed.as_secs_f64();
        println!("purchases: {rate:.1}/s over {:.1} s, errors {}", elapsed.as_secs_f64(), total.errors);
        println!("{}", line("purchase (3 steps)", &total.whole));
        println!("{}", line("  POST /api/checkout", &total.checkout));
        println!("{}", line("  POST sepay webhook", &total.webhook));
        println!("{}", line("  GET /api/orders/{id}", &total.poll));
        println!("{}", line("browse during purchases", &during));

        let paid: i64 =
            sqlx::query_scalar("select count(*) from orders where status = 'paid'").fetch_one(&state.pool).await?;
        let enrolled: i64 =
            sqlx::query_scalar("select count(*) from course_enrollments").fetch_one(&state.pool).await?;
        let ledger: i64 = sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries")
            .fetch_one(&state.pool)
            .await?;
        println!("check: {paid} paid orders, {enrolled} enrolments, ledger sum {ledger} (must be 0)");
        anyhow::ensure!(u64::try_from(paid)? == total.whole.len() && paid == enrolled && ledger == 0, "inconsistent");

        let _ = stop_tx.send(true);
        let _ = server.await;
        state.pool.close().await;
        Ok(())
    }
}

/// One student buying one course after another until the deadline (or until the catalogue runs out for them).
async fn buy(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    n: usize,
    courses: &[String],
    transaction_ids: &AtomicU64,
    deadline: Instant,
) -> Purchases {
    let mut p =
        Purchases { whole: histogram(), checkout: histogram(), webhook: histogram(), poll: histogram(), errors: 0 };
    // Each student starts at its own place in the catalogue, so students buy different courses at once.
    let order = (0..courses.len()).map(|k| &courses[(n * 7 + k) % courses.len()]);
    for course_id in order {
        if Instant::now() >= deadline {
            break;
        }
        let started = Instant::now();
        let step = Instant::now();
        let answer = client
            .post(format!("{base}/api/checkout"))
            .bearer_auth(token)
            .header("Idempotency-Key", format!("bench-{n}-{course_id}"))
            .json(&json!({ "courseIds": [course_id] }))
            .send()
            .await;
        let Some(order) = json_result(answer).await else {
            p.errors += 1;
            continue;
        };
        p.checkout.saturating_record(micros(step));
        let (id, code, amount) = (
            order["_id"].as_str().unwrap_or_default(),
            order["code"].as_str().unwrap_or_default(),
            &order["amountDue"],
        );

        let step = Instant::now();
        let transaction = transfer(transaction_ids.fetch_add(1, Ordering::Relaxed), code, amount);
        let fed = client
            .post(format!("{base}/api/payments/sepay/webhook"))
            .header("Authorization", format!("Apikey {SEPAY_KEY}"))
            .json(&transaction)
            .send()
            .await;
        if !fed.is_ok_and(|r| r.status().is_success()) {
            p.errors += 1;
            continue;
        }
        p.webhook.saturating_record(micros(step));

        let step = Instant::now();
        let read = client.get(format!("{base}/api/orders/{id}")).bearer_auth(token).send().await;
        match json_result(read).await {
            Some(order) if order["status"] == "paid" => {
                p.poll.saturating_record(micros(step));
                p.whole.saturating_record(micros(started));
            }
            _ => p.errors += 1,
        }
    }
    p
}

async fn json_result(answer: reqwest::Result<reqwest::Response>) -> Option<Value> {
    let response = answer.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let body: Value = response.json().await.ok()?;
    Some(body["result"].clone())
}

/// `clients` visitors paging through the catalogue until `deadline`; the latency of each page.
async fn browse(client: &reqwest::Client, base: &str, clients: usize, deadline: Instant) -> Histogram<u64> {
    let sorts = ["popular", "best-selling", "best-rated", "newest"];
    let mut tasks = Vec::new();
    for n in 0..clients {
        let (client, base) = (client.clone(), base.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut h = histogram();
            let mut k = n;
            while Instant::now() < deadline {
                k += 1;
                let url = format!("{base}/api/courses?sort={}&page={}&pageSize=12", sorts[k % 4], 1 + k % 10);
                let sent = Instant::now();
                if client.get(&url).send().await.is_ok_and(|r| r.status().is_success()) {
                    h.saturating_record(micros(sent));
                }
            }
            h
        }));
    }
    let mut all = histogram();
    for task in tasks {
        all.add(task.await.unwrap()).unwrap();
    }
    all
}

/// The receiving bank account, one teacher, one category and `n` published VND courses on sale; their ids.
async fn seed(state: &AppState, n: usize) -> anyhow::Result<Vec<String>> {
    open_bank_account(state).await?;
    let pool = &state.pool;
    let now = db::now_ms();
    let (teacher, category) = (db::new_id(), db::new_id());
    sqlx::query(
        "insert into users (id, username, email, email_lower, password_hash, first_name, last_name, role, \
         created_at, updated_at) values ($1, 'benchteacher', 't@bench.academy.vn', 't@bench.academy.vn', 'x', \
         'Minh', 'Nguyễn', 'TEACHER', $2, $2)",
    )
    .bind(&teacher)
    .bind(now)
    .execute(pool)
    .await?;
    sqlx::query(
        "insert into categories (id, slug, name_vi, name_en, sort_order, created_at, updated_at) \
         values ($1, 'programming', 'Lập trình', 'Programming', 1, $2, $2)",
    )
    .bind(&category)
    .bind(now)
    .execute(pool)
    .await?;
    let mut ids = Vec::new();
    let mut tx = pool.begin().await?;
    for k in 0..n {
        let id = db::new_id();
        let price = 99_000 * (1 + i64::try_from(k % 20)?);
        sqlx::query(
            "insert into courses (id, slug, title_vi, title_en, description_vi, description_en, thumbnail, price, \
             discount, currency, level, total_seat, instructor_id, category_id, status, rating_avg, rating_count, \
             enrollment_count, sales_count, lesson_count, duration_seconds, search_text, created_at, updated_at) \
             values ($1, $2, $3, $4, '', '', null, $5, null, 'VND', 'beginner', 100, $6, $7, 'published', 4.5, 0, \
             0, 0, 10, 3600, $3, $8, $8)",
        )
        .bind(&id)
        .bind(format!("bench-course-{k}"))
        .bind(format!("Khóa học {k}"))
        .bind(format!("Course {k}"))
        .bind(price)
        .bind(&teacher)
        .bind(&category)
        .bind(now - i64::try_from(k)?)
        .execute(&mut *tx)
        .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}
