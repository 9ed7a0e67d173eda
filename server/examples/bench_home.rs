//! The dashboard's home over HTTP on the demo data: the real server (router, middleware, session check) on a fresh
//! SQLite file and a fresh PostgreSQL database filled with the demo, and `GET /api/dashboard/home` asked back to
//! back as the demo's administrator, a teacher and the staff member, one request at a time.
//!
//! `cargo run --profile bench-fast -p academy-server --example bench_home [sqlite|postgres|both]`; options:
//! `BENCH_RUNS` (default 300 requests per person and backend).

#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "a command-line report")]

#[path = "support/mod.rs"]
mod support;

use std::time::Instant;

use academy_server::{AppState, Config, platform::db::Backend};
use support::{env_or, histogram, micros, postgres_url};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let runs: usize = env_or("BENCH_RUNS", 300);
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".to_owned());
    let dir = tempfile::Builder::new().prefix("academy-bench-home-").tempdir()?;
    if which == "both" || which == "sqlite" {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("home.db").display());
        run(Backend::Sqlite, url, dir.path(), runs).await?;
    }
    if which == "both" || which == "postgres" {
        let url = postgres_url(dir.path(), "academy_bench_home").await?;
        run(Backend::Postgres, url, dir.path(), runs).await?;
    }
    Ok(())
}

async fn run(backend: Backend, url: String, dir: &std::path::Path, runs: usize) -> anyhow::Result<()> {
    println!("\n== {} ==", backend.name());
    let mut config = Config::with_data_dir(dir.join(backend.name()));
    config.database_url = Some(url);
    config.token_secret = Some("bench-secret-bench-secret-bench-secret-0123".to_owned());
    config.web_dir = dir.join("no-web");
    config.log_filter = "warn".into();
    let state = AppState::build(config).await?;
    academy_server::demo::load(&state).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(academy_server::serve(listener, state, std::future::pending()));
    let client = reqwest::Client::new();
    for (name, username, password) in [
        ("admin", "admin01", "Admin@2026"),
        ("teacher", "nguyenminhkhoa", "Demo@2026"),
        ("staff", "staff01", "Staff@2026"),
    ] {
        let login = serde_json::json!({ "username": username, "password": password });
        let answer: serde_json::Value =
            client.post(format!("{base}/auth/token")).json(&login).send().await?.json().await?;
        let token = answer["result"]["token"].as_str().ok_or_else(|| anyhow::anyhow!("no token: {answer}"))?.to_owned();
        let mut latencies = histogram();
        for run in 0..runs + 10 {
            let started = Instant::now();
            let response = client.get(format!("{base}/api/dashboard/home")).bearer_auth(&token).send().await?;
            anyhow::ensure!(response.status().is_success(), "home answered {}", response.status());
            let body = response.bytes().await?;
            if run == 0 {
                println!("home, {name}: {} bytes", body.len());
            }
            if run >= 10 {
                latencies.record(micros(started))?;
            }
        }
        let ms = |q: f64| latencies.value_at_quantile(q) as f64 / 1000.0;
        println!(
            "home, {name}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} requests)",
            ms(0.5),
            ms(0.99),
            latencies.max() as f64 / 1000.0,
            latencies.len()
        );
    }
    Ok(())
}
