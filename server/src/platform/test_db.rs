//! Fresh databases for unit tests: always a SQLite temp file, plus a fresh PostgreSQL database when
//! `ACADEMY_TEST_PG_URL` points at a server (e.g. `postgres://postgres@127.0.0.1:5433`). Both get the real
//! migrations through [`crate::platform::db::connect`].

use sqlx::AnyPool;

/// A migrated database; the temp dir lives as long as it.
#[derive(Debug)]
pub struct TestDb {
    pub pool: AnyPool,
    pub backend: &'static str,
    _dir: Option<tempfile::TempDir>,
}

#[allow(clippy::unwrap_used)]
async fn sqlite() -> TestDb {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
    let (pool, _) = crate::platform::db::connect(&url, Default::default()).await.unwrap();
    TestDb { pool, backend: "sqlite", _dir: Some(dir) }
}

#[allow(clippy::unwrap_used)]
async fn postgres(server_url: &str) -> TestDb {
    sqlx::any::install_default_drivers();
    let server = server_url.trim_end_matches('/');
    let server = match server.split_once("://") {
        Some((scheme, rest)) => format!("{scheme}://{}", rest.split('/').next().unwrap_or(rest)),
        None => server.to_owned(),
    };
    let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(&format!("{server}/postgres")).await.unwrap();
    let name = format!("academy_unit_{}", uuid::Uuid::now_v7().simple());
    sqlx::query(&format!("create database {name}")).execute(&mut admin).await.unwrap();
    let (pool, _) = crate::platform::db::connect(&format!("{server}/{name}"), Default::default()).await.unwrap();
    TestDb { pool, backend: "postgres", _dir: None }
}

/// One migrated database per available backend.
pub async fn all() -> Vec<TestDb> {
    let mut dbs = vec![sqlite().await];
    if let Ok(url) = std::env::var("ACADEMY_TEST_PG_URL") {
        dbs.push(postgres(&url).await);
    }
    dbs
}

/// Inserts an active user and returns its id.
#[allow(clippy::unwrap_used)]
pub async fn insert_user(pool: &AnyPool, username: &str, role: &str) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    let now = crate::platform::db::now_ms();
    sqlx::query(
        "insert into users (id, username, email, email_lower, password_hash, role, status, token_version, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, 'active', 0, $7, $7)",
    )
    .bind(&id)
    .bind(username)
    .bind(format!("{username}@Example.com"))
    .bind(format!("{username}@example.com").to_lowercase())
    .bind("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA")
    .bind(role)
    .bind(now)
    .execute(pool)
    .await
    .unwrap();
    id
}
