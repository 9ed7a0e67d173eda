//! Server-wide settings: a small key/value table the server (and later the admin's settings page) keeps.

use super::db::Pool;

/// Reads a setting; `None` when it was never set.
pub async fn get(pool: &Pool, key: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select value from settings where name = $1").bind(key).fetch_optional(pool).await
}

/// Sets a setting, replacing any previous value.
pub async fn put(pool: &Pool, key: &str, value: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into settings (name, value, updated_at) values ($1, $2, $3) \
         on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(value)
    .bind(super::db::now_ms())
    .execute(pool)
    .await
    .map(|_| ())
}
