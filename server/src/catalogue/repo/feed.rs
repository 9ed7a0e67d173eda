//! The community feed.

use academy_shared::catalogue::FeedStatus;
use sqlx::FromRow;

use super::Localized;
use crate::platform::db::{Pool, new_id, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct FeedRow {
    pub id: String,
    pub author_id: String,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_avatar: Option<String>,
    pub author_role: String,
    pub text_vi: String,
    pub text_en: String,
    pub image: Option<String>,
    pub likes: i64,
    #[sqlx(try_from = "String")]
    pub status: FeedStatus,
    pub created_at: i64,
}

/// Feed posts, newest first; `all` includes hidden ones (moderation).
pub async fn list_feed(pool: &Pool, all: bool, limit: i64, offset: i64) -> Result<(Vec<FeedRow>, i64), sqlx::Error> {
    let filter = if all { "" } else { "where f.status = 'visible'" };
    let rows = sqlx::query_as(&format!(
        "select f.id, f.author_id, u.first_name as author_first_name, u.last_name as author_last_name, \
         u.avatar as author_avatar, u.role as author_role, f.text_vi, f.text_en, f.image, f.likes, f.status, \
         f.created_at from feed_posts f join users u on u.id = f.author_id {filter} \
         order by f.created_at desc, f.id limit $1 offset $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let filter = if all { "" } else { "where status = 'visible'" };
    let total = sqlx::query_scalar(&format!("select count(*) from feed_posts {filter}")).fetch_one(pool).await?;
    Ok((rows, total))
}

pub async fn insert_feed_post(
    conn: &mut sqlx::AnyConnection,
    author_id: &str,
    text: &Localized,
    image: Option<&str>,
    likes: i64,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into feed_posts (id, author_id, text_vi, text_en, image, likes, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, 'visible', $7, $7)",
    )
    .bind(new_id())
    .bind(author_id)
    .bind(&text.vi)
    .bind(&text.en)
    .bind(image)
    .bind(likes)
    .bind(created_at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Shows or hides a feed post; `false` when it does not exist.
pub async fn set_feed_status(pool: &Pool, id: &str, status: FeedStatus) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update feed_posts set status = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(status.as_str())
        .bind(now_ms())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_feed_post(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from feed_posts where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}
