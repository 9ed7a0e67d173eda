//! Uploaded files: which staging key a user's upload got, and what it became.

use super::{Pool, new_id, now_ms};

/// Records a signed upload URL handed to `owner_id` for `client_name` (the client's `file-id`).
pub async fn insert_upload(pool: &Pool, owner_id: &str, purpose: &str, client_name: &str, storage_key: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into files (id, owner_id, purpose, client_name, storage_key, created_at) values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(owner_id)
    .bind(purpose)
    .bind(client_name)
    .bind(storage_key)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(())
}

/// Notes that the bytes of `storage_key` arrived.
pub async fn mark_uploaded(pool: &Pool, storage_key: &str, content_type: &str, size: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update files set content_type = $1, size_bytes = $2, uploaded_at = $3 where storage_key = $4")
        .bind(content_type)
        .bind(size)
        .bind(now_ms())
        .bind(storage_key)
        .execute(pool)
        .await?;
    Ok(())
}

/// The newest staged upload of `owner_id` for `client_name`: (file id, staging key).
pub async fn latest_staged(pool: &Pool, owner_id: &str, client_name: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select id, storage_key from files where owner_id = $1 and client_name = $2 and storage_key like 'staging/%' \
         order by created_at desc, id desc limit 1",
    )
    .bind(owner_id)
    .bind(client_name)
    .fetch_optional(pool)
    .await
}

/// Records the committed name of an upload.
pub async fn mark_committed(pool: &Pool, id: &str, storage_key: &str, content_type: &str, size: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update files set storage_key = $1, content_type = $2, size_bytes = $3 where id = $4")
        .bind(storage_key)
        .bind(content_type)
        .bind(size)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}
