//! Finance benchmark: a teacher's balance (`GET /api/finance/balance`) and the first page of their statement
//! (`GET /api/finance/statement`) when their earnings account holds 100,000 ledger entries (sales spread over the
//! last year, each with its customer and platform entries: 300,000 entries in all).
//!
//! ```sh
//! cargo run --profile bench-fast -p academy-server --example bench_finance                       # SQLite
//! cargo run --profile bench-fast -p academy-server --example bench_finance -- --backend postgres  # PostgreSQL
//! ```
//! The real router serves on a local port in this process; requests are sent one after another by one client
//! (what one teacher opening their page does), after a warm-up. Options: --entries 100000 --samples 500
//! --backend sqlite|postgres.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::expect_used, reason = "a command-line report")]

#[path = "support/mod.rs"]
mod support;

use std::time::Instant;

use academy_server::{
    AppState, Config,
    identity::{sessions, tokens::Subject},
    platform::db::now_ms,
};

#[derive(Debug, Clone)]
struct Options {
    entries: usize,
    samples: usize,
    backend: String,
}

fn options() -> Options {
    let mut o = Options { entries: 100_000, samples: 500, backend: "sqlite".into() };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--entries" => o.entries = value().parse().unwrap(),
            "--samples" => o.samples = value().parse().unwrap(),
            "--backend" => o.backend = value(),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

const DAY_MS: i64 = 86_400_000;

/// The teacher and `entries` sales of theirs, oldest a year ago, through plain inserts (the ledger's shape).
async fn seed(state: &AppState, entries: usize) -> String {
    let pool = &state.pool;
    let now = now_ms();
    let teacher = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "insert into users (id, username, email, email_lower, password_hash, role, status, token_version, \
         created_at, updated_at) values ($1, 'benchteacher', 'bench@example.com', 'bench@example.com', 'x', \
         'TEACHER', 'active', 0, $2, $2)",
    )
    .bind(&teacher)
    .bind(now)
    .execute(pool)
    .await
    .expect("teacher");
    let earnings = format!("teacher:{teacher}");
    for (code, kind, owner) in [
        (earnings.as_str(), "teacher_earnings", Some(teacher.as_str())),
        ("customer:funds", "customer_funds", None),
        ("platform:revenue", "platform_revenue", None),
    ] {
        sqlx::query("insert into ledger_accounts (code, kind, owner_id, created_at) values ($1, $2, $3, $4)")
            .bind(code)
            .bind(kind)
            .bind(owner)
            .bind(now)
            .execute(pool)
            .await
            .expect("account");
    }
    let step = 365 * DAY_MS / i64::try_from(entries.max(1)).unwrap();
    const CHUNK: usize = 300;
    let mut tx = pool.begin().await.expect("tx");
    for start in (0..entries).step_by(CHUNK) {
        let end = (start + CHUNK).min(entries);
        let mut transactions = Vec::new();
        let mut lines = Vec::new();
        for n in start..end {
            let at = now - 365 * DAY_MS + i64::try_from(n).unwrap() * step;
            let id = uuid::Uuid::now_v7().to_string();
            transactions.push((id.clone(), format!("bench-sale-{n}"), format!("bench-order-{n}"), at));
            lines.push((id.clone(), "customer:funds".to_owned(), -100_000_i64, at));
            lines.push((id.clone(), earnings.clone(), 80_000, at));
            lines.push((id, "platform:revenue".to_owned(), 20_000, at));
        }
        let values: Vec<String> = (0..transactions.len())
            .map(|i| format!("(${}, ${}, 'sale', ${}, '', ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4))
            .collect();
        let sql = format!(
            "insert into ledger_transactions (id, idempotency_key, kind, order_id, memo, created_at) values {}",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (id, key, order, at) in &transactions {
            query = query.bind(id).bind(key).bind(order).bind(*at);
        }
        query.execute(&mut *tx).await.expect("transactions");
        let values: Vec<String> = (0..lines.len())
            .map(|i| format!("(${}, ${}, ${}, ${}, 'VND', ${})", 5 * i + 1, 5 * i + 2, 5 * i + 3, 5 * i + 4, 5 * i + 5))
            .collect();
        let sql = format!(
            "insert into ledger_entries (id, transaction_id, account_code, amount, currency, created_at) values {}",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (transaction, account, amount, at) in &lines {
            query =
                query.bind(uuid::Uuid::now_v7().to_string()).bind(transaction).bind(account).bind(*amount).bind(*at);
        }
        query.execute(&mut *tx).await.expect("entries");
    }
    tx.commit().await.expect("committed");
    // Written around the ledger: its day sums are filled from the entries, as the migration fills them.
    academy_server::commerce::ledger::rebuild_day_sums(pool).await.expect("day sums");
    sqlx::query("analyze").execute(pool).await.expect("analyze");
    teacher
}

fn report(name: &str, mut micros: Vec<u64>) {
    let mut histogram = support::histogram();
    for m in &micros {
        histogram.record(*m).unwrap();
    }
    micros.sort_unstable();
    let ms = |q: f64| histogram.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "{name:<34} n={:<5} p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
        micros.len(),
        ms(0.5),
        ms(0.99),
        histogram.max() as f64 / 1000.0
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let o = options();
    let dir = tempfile::Builder::new().prefix("academy-bench-finance-").tempdir()?;
    let mut config = Config::with_data_dir(dir.path());
    config.token_secret = Some("bench-token-secret-0123456789abcdef".to_owned());
    config.log_filter = "warn".to_owned();
    if o.backend == "postgres" {
        config.database_url = Some(support::postgres_url(dir.path(), "bench_finance").await?);
    }
    let state = AppState::build(config).await?;
    let started = Instant::now();
    let teacher = seed(&state, o.entries).await;
    println!("{}: {} entries of one teacher seeded in {:.1} s", o.backend, o.entries, started.elapsed().as_secs_f64());
    let subject = Subject { user_id: teacher.clone(), role: "TEACHER".to_owned(), token_version: 0 };
    let token = sessions::start(&state.pool, &state.tokens, &subject, &sessions::Device::default(), now_ms())
        .await?
        .access
        .token;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = format!("http://{}", listener.local_addr()?);
    tokio::spawn(academy_server::serve_router(listener, academy_server::app(state.clone()), std::future::pending()));
    let client = reqwest::Client::new();
    for (name, path) in [
        ("GET /api/finance/balance", "/api/finance/balance"),
        ("GET /api/finance/statement (page 1)", "/api/finance/statement?page=1&pageSize=20"),
    ] {
        let url = format!("{address}{path}");
        let call = || async {
            let response = client.get(&url).bearer_auth(&token).send().await.expect("sent");
            assert_eq!(response.status(), 200, "{path}");
            let body: serde_json::Value = response.json().await.expect("json");
            body
        };
        let first = call().await;
        if path.contains("balance") {
            println!("  figures: {}", first["result"]["figures"][0]);
        } else {
            println!(
                "  statement: {} lines in all, first {}",
                first["result"]["total"], first["result"]["items"][0]["at"]
            );
        }
        for _ in 0..20 {
            call().await;
        }
        let mut samples = Vec::with_capacity(o.samples);
        for _ in 0..o.samples {
            let at = Instant::now();
            call().await;
            samples.push(support::micros(at));
        }
        report(name, samples);
    }
    Ok(())
}
