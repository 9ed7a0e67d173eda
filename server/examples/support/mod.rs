//! What the benchmarks share: a fresh PostgreSQL database (on a server named by `ACADEMY_BENCH_PG_URL`, or on a
//! throwaway cluster this process starts and stops) and options read from the environment.
//! Included by each benchmark with `#[path = "support/mod.rs"] mod support;`.
#![allow(dead_code, reason = "each benchmark uses what it needs")]

use std::process::Command;

pub mod catalogue;
pub mod shop;

/// An option from the environment, or `default` when unset or unreadable.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A fresh database `{prefix}_{pid}` on ACADEMY_BENCH_PG_URL, or on a throwaway cluster started in `dir`.
pub async fn postgres_url(dir: &std::path::Path, prefix: &str) -> anyhow::Result<String> {
    let server = match std::env::var("ACADEMY_BENCH_PG_URL") {
        Ok(url) => url.trim_end_matches('/').to_owned(),
        Err(_) => start_cluster(dir)?,
    };
    let name = format!("{prefix}_{}", std::process::id());
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&format!("{server}/postgres")).await?;
    sqlx::query(&format!("create database {name}")).execute(&mut conn).await?;
    Ok(format!("{server}/{name}"))
}

/// A throwaway PostgreSQL cluster in `dir` (as `postgres` when root), stopped when this process exits.
fn start_cluster(dir: &std::path::Path) -> anyhow::Result<String> {
    let bin = std::fs::read_dir("/usr/lib/postgresql")?
        .filter_map(Result::ok)
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .max()
        .ok_or_else(|| anyhow::anyhow!("no PostgreSQL binaries in /usr/lib/postgresql/*/bin"))?;
    let cluster = dir.join("pg");
    std::fs::create_dir_all(&cluster)?;
    let as_root = String::from_utf8_lossy(&Command::new("id").arg("-u").output()?.stdout).trim() == "0";
    if as_root {
        Command::new("chown").args(["-R", "postgres:postgres"]).arg(dir).status()?;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let (bin, data, d) = (bin.display(), cluster.join("data"), cluster.display());
    let data = data.display();
    let script = format!(
        "{bin}/initdb -D {data} -A trust -U postgres -E UTF8 --locale=C --no-sync >{d}/initdb.log 2>&1 && \
         {bin}/pg_ctl -D {data} -l {d}/server.log -w -o \"-p {port} -k {d} -c listen_addresses=127.0.0.1 \
         -c fsync=off -c synchronous_commit=off -c max_connections=200 -c shared_buffers=256MB\" start >/dev/null"
    );
    let status = if as_root {
        Command::new("su").args(["postgres", "-s", "/bin/sh", "-c", &script]).status()?
    } else {
        Command::new("sh").args(["-c", &script]).status()?
    };
    anyhow::ensure!(status.success(), "starting a throwaway PostgreSQL failed (see {d}/server.log)");
    // Stopped when this process exits, however it exits: by its process id, because the temp dir holding the
    // cluster (and pg_ctl's view of it) may be gone by then.
    let postmaster = std::fs::read_to_string(cluster.join("data/postmaster.pid"))?;
    let postmaster: u32 = postmaster.lines().next().unwrap_or_default().trim().parse()?;
    let watchdog = format!(
        "while kill -0 {} 2>/dev/null; do sleep 1; done; kill -QUIT {postmaster} >/dev/null 2>&1",
        std::process::id()
    );
    Command::new("setsid")
        .args(["sh", "-c", &watchdog])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    println!("throwaway PostgreSQL on 127.0.0.1:{port}");
    Ok(format!("postgres://postgres@127.0.0.1:{port}"))
}

/// A latency histogram in microseconds, up to two minutes.
pub fn histogram() -> hdrhistogram::Histogram<u64> {
    hdrhistogram::Histogram::new_with_bounds(1, 120_000_000, 3).expect("valid bounds")
}

/// Microseconds since `since` (at least 1, for the histogram).
pub fn micros(since: std::time::Instant) -> u64 {
    u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX).max(1)
}
