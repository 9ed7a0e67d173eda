//! Uploaded files: which staging key a user's upload got, what it became, and which uploads nothing uses.

use sqlx::AnyConnection;

use crate::platform::db::{Pool, new_id, now_ms};

/// Records a signed upload URL handed to `owner_id` for `client_name` (the client's `file-id`).
pub async fn insert_upload(
    pool: &Pool,
    owner_id: &str,
    purpose: &str,
    client_name: &str,
    storage_key: &str,
) -> Result<(), sqlx::Error> {
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

/// Claims the signed upload of `storage_key` for one PUT: true for the first caller, false when the bytes
/// already arrived (or are arriving) or the upload is unknown. One statement, so two PUTs racing on two
/// servers cannot both win. The claim's time is the upload's time until [`mark_uploaded`] sets it again.
pub async fn claim_upload(pool: &Pool, storage_key: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update files set uploaded_at = $1 where storage_key = $2 and uploaded_at is null")
        .bind(now_ms)
        .bind(storage_key)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Gives a claim back when its PUT stored nothing (refused bytes, a storage failure), so the link still works.
pub async fn release_upload(pool: &Pool, storage_key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update files set uploaded_at = null where storage_key = $1 and content_type is null")
        .bind(storage_key)
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
pub async fn latest_staged(
    pool: &Pool,
    owner_id: &str,
    client_name: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select id, storage_key from files where owner_id = $1 and client_name = $2 and storage_key like 'staging/%' \
         order by created_at desc, id desc limit 1",
    )
    .bind(owner_id)
    .bind(client_name)
    .fetch_optional(pool)
    .await
}

/// Records the committed name of an upload. `uploaded_at` becomes the commit time (the bytes were checked
/// again), so the purge of unused uploads counts a file's age from when it could first be used.
pub async fn mark_committed(
    pool: &Pool,
    id: &str,
    storage_key: &str,
    content_type: &str,
    size: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update files set storage_key = $1, content_type = $2, size_bytes = $3, uploaded_at = $4 where id = $5",
    )
    .bind(storage_key)
    .bind(content_type)
    .bind(size)
    .bind(now_ms())
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

/// True when the upload `f` is in use: its key appears in a column that holds a picture's or a video's URL
/// (avatars, course thumbnails, lesson videos, category, banner and feed pictures, testimonial avatars, post
/// images and contents).
/// Matching the key anywhere in the value also covers absolute URLs and pictures inside a post's HTML; a
/// false match only keeps a file. Keys hold only `[a-z0-9/.]`, nothing `like` treats specially.
const IN_USE: &str = "(exists (select 1 from users where avatar like '%' || f.storage_key || '%') \
     or exists (select 1 from courses where thumbnail like '%' || f.storage_key || '%') \
     or exists (select 1 from course_lessons where video_url like '%' || f.storage_key || '%') \
     or exists (select 1 from categories where image like '%' || f.storage_key || '%') \
     or exists (select 1 from banners where image like '%' || f.storage_key || '%') \
     or exists (select 1 from feed_posts where image like '%' || f.storage_key || '%') \
     or exists (select 1 from testimonials where avatar like '%' || f.storage_key || '%') \
     or exists (select 1 from posts where images like '%' || f.storage_key || '%' \
                or content_vi like '%' || f.storage_key || '%' or content_en like '%' || f.storage_key || '%'))";

/// Uploads unused since before `before` (epoch ms; the age counts from the commit, else the upload, else the
/// signed URL): (id, storage key), in id order after `after_id`, at most `limit`.
pub async fn unused_before(
    pool: &Pool,
    before: i64,
    after_id: &str,
    limit: i64,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select f.id, f.storage_key from files f where coalesce(f.uploaded_at, f.created_at) < $1 and f.id > $2 \
         and not {IN_USE} order by f.id limit $3"
    ))
    .bind(before)
    .bind(after_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Deletes the row of an unused upload, checking again that it is old and unused. False when another server
/// got there first or the file came into use; call in a transaction that commits once the bytes are gone.
pub async fn delete_if_unused(conn: &mut AnyConnection, id: &str, before: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "delete from files where id = $1 and id in (select f.id from files f where f.id = $1 \
         and coalesce(f.uploaded_at, f.created_at) < $2 and not {IN_USE})"
    ))
    .bind(id)
    .bind(before)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}
