//! Sales reports at scale: 1,000,000 ledger entries (about 190,000 paid orders of one course each over two years,
//! with 5% of their items refunded) on a fresh SQLite file and a fresh PostgreSQL database, then a year's report
//! grouped by day and by month (figures, the period before, series, rankings per course, teacher and category), and
//! by day for one category and for one course, read back to back, and the dashboard's home of an administrator and
//! a teacher on the same data.
//!
//! `cargo run --release -p academy-server --example bench_reports [sqlite|postgres|both]`; options:
//! `BENCH_ENTRIES` (default 1,000,000), `BENCH_RUNS` (default 30 reports per backend).

#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "a command-line report")]

#[path = "support/mod.rs"]
mod support;

use std::time::Instant;

use academy_server::{
    AppState, Config,
    dashboard::service as home,
    platform::db::{Backend, now_ms},
    reports::service::{Ask, Viewer, sales_report},
};
use academy_shared::{Lang, reports::LocalDate, roles::Role};
use support::{env_or, histogram, micros, postgres_url};

const DAY_MS: i64 = 86_400_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let entries: usize = env_or("BENCH_ENTRIES", 1_000_000);
    let runs: usize = env_or("BENCH_RUNS", 30);
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".to_owned());
    let dir = tempfile::Builder::new().prefix("academy-bench-").tempdir()?;
    if which == "both" || which == "sqlite" {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        run(Backend::Sqlite, url, dir.path(), entries, runs).await?;
    }
    if which == "both" || which == "postgres" {
        let url = postgres_url(dir.path(), "academy_bench").await?;
        run(Backend::Postgres, url, dir.path(), entries, runs).await?;
    }
    Ok(())
}

async fn exec(state: &AppState, sql: &str) -> anyhow::Result<()> {
    sqlx::query(sql).execute(&state.pool).await?;
    Ok(())
}

/// Inserts `rows` (each `(…)` of literal values) into `table (columns)` in batches of 500.
async fn insert(state: &AppState, table: &str, columns: &str, rows: &[String]) -> anyhow::Result<()> {
    let mut tx = state.pool.begin().await?;
    for chunk in rows.chunks(500) {
        sqlx::query(&format!("insert into {table} ({columns}) values {}", chunk.join(","))).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Seeds teachers, categories, courses, students, and paid orders with their ledger transactions and entries
/// (receipt: 2 entries, sale: 3, refund: 3) until `entries` entries exist; the ids of an administrator and the
/// busiest teacher.
async fn seed(state: &AppState, entries: usize) -> anyhow::Result<(String, String)> {
    let now = now_ms();
    let start = now - 2 * 365 * DAY_MS;
    let (teachers, categories, courses, students) = (50, 10, 500, 20_000);
    let user = |id: &str, role: &str| {
        format!("('{id}','{id}','{id}@example.com','{id}@example.com','x','{role}',{start},{start})")
    };
    let mut users: Vec<String> = (0..teachers).map(|t| user(&format!("t{t}"), "TEACHER")).collect();
    users.extend((0..students).map(|s| user(&format!("s{s}"), "STUDENT")));
    users.push(user("admin", "ADMIN"));
    insert(state, "users", "id, username, email, email_lower, password_hash, role, created_at, updated_at", &users)
        .await?;
    let rows: Vec<String> =
        (0..categories).map(|c| format!("('c{c}','cat-{c}','Danh mục {c}','Category {c}',0,0)")).collect();
    insert(state, "categories", "id, slug, name_vi, name_en, created_at, updated_at", &rows).await?;
    let rows: Vec<String> = (0..courses)
        .map(|c| {
            format!(
                "('k{c}','course-{c}','Khóa {c}','Course {c}',{},'VND','t{}','c{}','published',0,0)",
                100_000 + (c % 20) * 50_000,
                c % teachers,
                c % categories
            )
        })
        .collect();
    insert(
        state,
        "courses",
        "id, slug, title_vi, title_en, price, currency, instructor_id, category_id, status, created_at, updated_at",
        &rows,
    )
    .await?;
    let mut accounts = vec![
        "('customer:funds','customer_funds',null,0)".to_owned(),
        "('platform:revenue','platform_revenue',null,0)".to_owned(),
        "('clearing:bank_transfer','payment_clearing',null,0)".to_owned(),
        "('refunds','refunds',null,0)".to_owned(),
    ];
    accounts.extend((0..teachers).map(|t| format!("('teacher:t{t}','teacher_earnings','t{t}',0)")));
    insert(state, "ledger_accounts", "code, kind, owner_id, created_at", &accounts).await?;

    let mut written = 0;
    let mut n: usize = 0;
    let span = now - start;
    while written < entries {
        let (mut orders, mut items, mut txs, mut lines) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..5_000 {
            if written >= entries {
                break;
            }
            let course = (n * 7919) % courses;
            let teacher = course % teachers;
            let price = 100_000 + (course as i64 % 20) * 50_000;
            let discount = if n.is_multiple_of(10) { price / 10 } else { 0 };
            let paid = price - discount;
            let platform = paid / 5;
            let at = start + ((n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) % span as u64) as i64;
            let student = (n * 31) % students;
            orders.push(format!(
                "('o{n}','OD{n}','s{student}','paid','VND',{price},{discount},{paid},{paid},20,{at},{at},{at},{at})"
            ));
            items.push(format!(
                "('i{n}','o{n}','k{course}','t{teacher}','Khóa {course}','Course {course}',{price},{price},{discount},\
                 {paid},{},{platform},'VND',0)",
                paid - platform
            ));
            txs.push(format!("('r{n}','receipt:o{n}','payment_received','o{n}',{at})"));
            txs.push(format!("('x{n}','sale:o{n}','sale','o{n}',{at})"));
            lines.push(format!("('re{n}a','r{n}','clearing:bank_transfer',{},'VND',{at})", -paid));
            lines.push(format!("('re{n}b','r{n}','customer:funds',{paid},'VND',{at})"));
            lines.push(format!("('se{n}a','x{n}','customer:funds',{},'VND',{at})", -paid));
            lines.push(format!("('se{n}b','x{n}','teacher:t{teacher}',{},'VND',{at})", paid - platform));
            lines.push(format!("('se{n}c','x{n}','platform:revenue',{platform},'VND',{at})"));
            written += 5;
            if n % 20 == 7 {
                let later = (at + 3 * DAY_MS).min(now);
                txs.push(format!("('f{n}','refund:i{n}','refund','o{n}',{later})"));
                lines.push(format!("('fe{n}a','f{n}','teacher:t{teacher}',{},'VND',{later})", -(paid - platform)));
                lines.push(format!("('fe{n}b','f{n}','platform:revenue',{},'VND',{later})", -platform));
                lines.push(format!("('fe{n}c','f{n}','refunds',{paid},'VND',{later})"));
                written += 3;
            }
            n += 1;
        }
        insert(
            state,
            "orders",
            "id, code, user_id, status, currency, subtotal, discount_total, total, amount_received, \
             commission_percent, expires_at, paid_at, created_at, updated_at",
            &orders,
        )
        .await?;
        insert(
            state,
            "order_items",
            "id, order_id, course_id, teacher_id, title_vi, title_en, list_price, price, discount, paid, \
             teacher_share, platform_share, currency, position",
            &items,
        )
        .await?;
        insert(state, "ledger_transactions", "id, idempotency_key, kind, order_id, created_at", &txs).await?;
        insert(state, "ledger_entries", "id, transaction_id, account_code, amount, currency, created_at", &lines)
            .await?;
    }
    // Written around the ledger: its day sums and the reports' are filled from the entries, as the migrations fill
    // them.
    academy_server::commerce::ledger::rebuild_day_sums(&state.pool).await?;
    academy_server::reports::day_sums::rebuild(&state.pool).await?;
    exec(state, "analyze").await?;
    println!("seeded {written} ledger entries ({n} paid orders)");
    Ok(("admin".to_owned(), "t0".to_owned()))
}

async fn run(backend: Backend, url: String, dir: &std::path::Path, entries: usize, runs: usize) -> anyhow::Result<()> {
    println!("\n== {} ==", backend.name());
    let mut config = Config::with_data_dir(dir.join(backend.name()));
    config.database_url = Some(url);
    config.token_secret = Some("bench-secret-bench-secret-bench-secret-0123".to_owned());
    config.web_dir = dir.join("no-web");
    let state = AppState::build(config).await?;
    let started = Instant::now();
    let (admin, teacher) = seed(&state, entries).await?;
    println!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    let today = LocalDate::of_instant(now_ms());
    let year = Ask {
        kind: "course".to_owned(),
        from: today.add_days(-365).to_string(),
        to: today.to_string(),
        group: "day".to_owned(),
        ..Ask::default()
    };
    let by_month = Ask { group: "month".to_owned(), ..year.clone() };
    let category = Ask { category_id: Some("c3".to_owned()), ..year.clone() };
    let course = Ask { product_id: Some("k7".to_owned()), ..year.clone() };
    let (admin_viewer, teacher_viewer) =
        (Viewer { id: admin.clone(), role: Role::Admin }, Viewer { id: teacher.clone(), role: Role::Teacher });
    let cases = [
        ("admin, a year by day", &admin_viewer, &year),
        ("teacher, a year by day", &teacher_viewer, &year),
        ("admin, a year by month", &admin_viewer, &by_month),
        ("teacher, a year by month", &teacher_viewer, &by_month),
        ("admin, one category, a year by day", &admin_viewer, &category),
        ("admin, one course, a year by day", &admin_viewer, &course),
    ];
    for (name, viewer, ask) in cases {
        let mut latencies = histogram();
        for run in 0..runs + 3 {
            let started = Instant::now();
            let report = sales_report(&state.pool, viewer, ask).await?;
            if run == 0 {
                println!(
                    "{name}: {} groups, net {} ₫, {} orders",
                    report.series.len(),
                    report.totals.net(),
                    report.totals.sums.orders
                );
            }
            if run >= 3 {
                latencies.record(micros(started))?;
            }
        }
        print_latencies(name, &latencies);
    }
    for (name, id, role) in [("home, admin", &admin, Role::Admin), ("home, teacher", &teacher, Role::Teacher)] {
        let mut latencies = histogram();
        for run in 0..runs + 3 {
            let started = Instant::now();
            home::home(&state.pool, id, role, Lang::Vi, now_ms()).await?;
            if run >= 3 {
                latencies.record(micros(started))?;
            }
        }
        print_latencies(name, &latencies);
    }
    Ok(())
}

fn print_latencies(name: &str, h: &hdrhistogram::Histogram<u64>) {
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "{name}: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} runs)",
        ms(0.5),
        ms(0.99),
        h.max() as f64 / 1000.0,
        h.len()
    );
}
