//! The notifications' SQL: a person's notifications (`notifications`) and the administrators' broadcasts
//! (`notification_broadcasts`), whose recipients' rows leave their texts null and read the broadcast's.
//!
//! Recipients of a broadcast are read from `users` (active accounts, by role or by id), in batches of increasing
//! id: the one place this domain reads another's table, because a broadcast to every account is written by
//! `insert ... select`-sized batches, not one call per person.

mod broadcasts;

use academy_shared::display::NotificationType;
use sqlx::{Any, AnyConnection, Executor, FromRow};

use crate::platform::db::{Flag, Pool};
pub use broadcasts::*;

/// A notification as stored, with a broadcast's texts filled in.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct StoredNotification {
    pub id: String,
    pub user_id: String,
    #[sqlx(try_from = "String")]
    pub kind: NotificationType,
    pub title_vi: String,
    pub title_en: String,
    pub message_vi: String,
    pub message_en: String,
    pub image_url: Option<String>,
    pub action_link: Option<String>,
    #[sqlx(try_from = "i64")]
    pub is_read: Flag,
    pub created_at: i64,
}

impl StoredNotification {
    /// Where this notification sits in its owner's list, newest first.
    pub fn position(&self) -> Position {
        Position { created_at: self.created_at, id: self.id.clone() }
    }
}

/// A place in a person's list: lists run by `created_at`, then `id`, both descending.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub created_at: i64,
    pub id: String,
}

const SELECT: &str = "select n.id, n.user_id, n.kind, coalesce(n.title_vi, b.title_vi, '') as title_vi, \
     coalesce(n.title_en, b.title_en, '') as title_en, coalesce(n.message_vi, b.message_vi, '') as message_vi, \
     coalesce(n.message_en, b.message_en, '') as message_en, coalesce(n.image_url, b.image_url) as image_url, \
     coalesce(n.action_link, b.action_link) as action_link, n.is_read, n.created_at \
     from notifications n left join notification_broadcasts b on b.id = n.broadcast_id";

/// A notification to store for one person.
#[derive(Debug, Clone)]
pub struct NewNotification<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub kind: NotificationType,
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub message_vi: &'a str,
    pub message_en: &'a str,
    pub image_url: Option<&'a str>,
    pub action_link: Option<&'a str>,
    pub mail: bool,
    pub is_read: bool,
    pub created_at: i64,
    /// Stored at most once per person with this key (see `notifications.once_key`).
    pub once_key: Option<&'a str>,
}

/// Stores a notification; false when the person already has one with its `once_key`.
pub async fn insert(conn: &mut AnyConnection, n: &NewNotification<'_>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into notifications (id, user_id, kind, title_vi, title_en, message_vi, message_en, image_url, \
         action_link, is_read, read_at, mail, created_at, once_key) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
         on conflict (user_id, once_key) do nothing",
    )
    .bind(n.id)
    .bind(n.user_id)
    .bind(n.kind.as_str())
    .bind(n.title_vi)
    .bind(n.title_en)
    .bind(n.message_vi)
    .bind(n.message_en)
    .bind(n.image_url)
    .bind(n.action_link)
    .bind(i64::from(n.is_read))
    .bind(n.is_read.then_some(n.created_at))
    .bind(i64::from(n.mail))
    .bind(n.created_at)
    .bind(n.once_key)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// One notification, whoever owns it.
pub async fn find<'e>(
    executor: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<StoredNotification>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where n.id = $1")).bind(id).fetch_optional(executor).await
}

/// Which of a person's notifications a list shows.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Only those after this place (older), for the next page.
    pub after: Option<Position>,
    pub unread_only: bool,
    /// Only this type.
    pub kind: Option<NotificationType>,
    /// At most this many (the service bounds it).
    pub limit: i64,
}

/// A page of `user_id`'s notifications, newest first.
pub async fn list(pool: &Pool, user_id: &str, filter: &ListFilter) -> Result<Vec<StoredNotification>, sqlx::Error> {
    let (paged, created_at, id) = filter.after.as_ref().map_or((0_i64, 0, ""), |p| (1, p.created_at, p.id.as_str()));
    sqlx::query_as(&format!(
        "{SELECT} where n.user_id = $1 and ($2 = 0 or n.created_at < $3 or (n.created_at = $3 and n.id < $4)) \
         and ($5 = 0 or n.is_read = 0) and ($6 = '' or n.kind = $6) order by n.created_at desc, n.id desc limit $7"
    ))
    .bind(user_id)
    .bind(paged)
    .bind(created_at)
    .bind(id)
    .bind(i64::from(filter.unread_only))
    .bind(filter.kind.map_or("", NotificationType::as_str))
    .bind(filter.limit.max(1))
    .fetch_all(pool)
    .await
}

/// `user_id`'s notifications newer than `position` (or all, without one), oldest first, at most `limit`.
pub async fn newer_than(
    pool: &Pool,
    user_id: &str,
    position: Option<&Position>,
    limit: i64,
) -> Result<Vec<StoredNotification>, sqlx::Error> {
    let (created_at, id) = position.map_or((i64::MIN, ""), |p| (p.created_at, p.id.as_str()));
    sqlx::query_as(&format!(
        "{SELECT} where n.user_id = $1 and (n.created_at > $2 or (n.created_at = $2 and n.id > $3)) \
         order by n.created_at, n.id limit $4"
    ))
    .bind(user_id)
    .bind(created_at)
    .bind(id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// `user_id`'s notifications created at or after `since` (epoch ms), oldest first, at most `limit`.
pub async fn newer_than_time(
    pool: &Pool,
    user_id: &str,
    since: i64,
    limit: i64,
) -> Result<Vec<StoredNotification>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} where n.user_id = $1 and n.created_at >= $2 order by n.created_at, n.id limit $3"
    ))
    .bind(user_id)
    .bind(since)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The place of `user_id`'s newest notification, if any.
pub async fn newest(pool: &Pool, user_id: &str) -> Result<Option<Position>, sqlx::Error> {
    let row: Option<(i64, String)> = sqlx::query_as(
        "select created_at, id from notifications where user_id = $1 order by created_at desc, id desc limit 1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(created_at, id)| Position { created_at, id }))
}

/// The place of one of `user_id`'s notifications (`None` when it is not theirs).
pub async fn position_of(pool: &Pool, user_id: &str, id: &str) -> Result<Option<Position>, sqlx::Error> {
    let row: Option<(i64, String)> =
        sqlx::query_as("select created_at, id from notifications where id = $1 and user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(created_at, id)| Position { created_at, id }))
}

pub async fn count_unread(pool: &Pool, user_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from notifications where user_id = $1 and is_read = 0")
        .bind(user_id)
        .fetch_one(pool)
        .await
}

/// Marks one of `user_id`'s notifications read (or unread); `false` when it is not theirs.
pub async fn set_read(pool: &Pool, user_id: &str, id: &str, read: bool, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update notifications set is_read = $3, read_at = case when $3 = 1 then coalesce(read_at, $4) end \
         where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .bind(i64::from(read))
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Marks read every unread notification of `user_id` created at or before `cutoff`; returns how many.
pub async fn mark_all_read(pool: &Pool, user_id: &str, cutoff: i64, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update notifications set is_read = 1, read_at = $3 where user_id = $1 and is_read = 0 and created_at <= $2",
    )
    .bind(user_id)
    .bind(cutoff)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// What the mail of a notification needs: the recipient's address and the texts.
#[derive(Debug, Clone, FromRow)]
pub struct MailDetails {
    pub email: String,
    pub title_vi: String,
    pub title_en: String,
    pub message_vi: String,
    pub message_en: String,
    pub action_link: Option<String>,
    pub mail: i64,
    pub mailed_at: Option<i64>,
}

pub async fn mail_details(pool: &Pool, id: &str) -> Result<Option<MailDetails>, sqlx::Error> {
    sqlx::query_as(
        "select u.email, coalesce(n.title_vi, b.title_vi, '') as title_vi, \
         coalesce(n.title_en, b.title_en, '') as title_en, coalesce(n.message_vi, b.message_vi, '') as message_vi, \
         coalesce(n.message_en, b.message_en, '') as message_en, coalesce(n.action_link, b.action_link) as action_link, \
         n.mail, n.mailed_at from notifications n join users u on u.id = n.user_id \
         left join notification_broadcasts b on b.id = n.broadcast_id where n.id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}

pub async fn set_mailed(pool: &Pool, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update notifications set mailed_at = $2 where id = $1").bind(id).bind(now).execute(pool).await?;
    Ok(())
}
