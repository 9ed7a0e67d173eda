//! The SQL of chat: messages of a booking, their read and mailed marks, unread counts.

use sqlx::{AnyConnection, FromRow};

use crate::platform::db::Pool;

/// A message as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct MessageRow {
    pub id: String,
    pub booking_id: String,
    pub sender_id: String,
    pub recipient_id: String,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

const MESSAGE_COLUMNS: &str = "id, booking_id, sender_id, recipient_id, body, created_at, read_at";

pub async fn insert_message(conn: &mut AnyConnection, row: &MessageRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into chat_messages (id, booking_id, sender_id, recipient_id, body, created_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&row.booking_id)
    .bind(&row.sender_id)
    .bind(&row.recipient_id)
    .bind(&row.body)
    .bind(row.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Up to `limit` messages of a booking, newest first; with `before` (a message id of the booking), those older
/// than it.
pub async fn messages(
    pool: &Pool,
    booking_id: &str,
    before: Option<&str>,
    limit: i64,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    match before {
        Some(before) => {
            sqlx::query_as(&format!(
                "select {MESSAGE_COLUMNS} from chat_messages where booking_id = $1 and (created_at, id) < \
                 (select created_at, id from chat_messages where id = $2 and booking_id = $1) \
                 order by created_at desc, id desc limit $3"
            ))
            .bind(booking_id)
            .bind(before)
            .bind(limit)
            .fetch_all(pool)
            .await
        }
        None => {
            sqlx::query_as(&format!(
                "select {MESSAGE_COLUMNS} from chat_messages where booking_id = $1 \
                 order by created_at desc, id desc limit $2"
            ))
            .bind(booking_id)
            .bind(limit)
            .fetch_all(pool)
            .await
        }
    }
}

/// Marks read the messages of a booking sent to `recipient_id`; how many were unread.
pub async fn mark_read(pool: &Pool, booking_id: &str, recipient_id: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update chat_messages set read_at = $3 where booking_id = $1 and recipient_id = $2 and read_at is null",
    )
    .bind(booking_id)
    .bind(recipient_id)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// The unread messages sent to `user_id`, per booking.
pub async fn unread_counts(pool: &Pool, user_id: &str) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select booking_id, count(*) as unread from chat_messages where recipient_id = $1 and read_at is null \
         group by booking_id order by booking_id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// A person as a conversation shows them.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PersonRow {
    pub id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
    pub email: String,
}

pub async fn person(pool: &Pool, id: &str) -> Result<Option<PersonRow>, sqlx::Error> {
    sqlx::query_as("select id, username, first_name, last_name, avatar, email from users where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// What the unread-message mail needs of a message.
#[derive(Debug, Clone, FromRow)]
pub struct MailRow {
    pub booking_id: String,
    pub sender_id: String,
    pub recipient_id: String,
    pub read_at: Option<i64>,
    pub mailed_at: Option<i64>,
}

pub async fn mail_row(pool: &Pool, id: &str) -> Result<Option<MailRow>, sqlx::Error> {
    sqlx::query_as("select booking_id, sender_id, recipient_id, read_at, mailed_at from chat_messages where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// Marks mailed every unread, not yet mailed message of a booking to `recipient_id` (one mail covers them); how
/// many. Zero means another run mailed them, or they were read meanwhile.
pub async fn set_mailed(pool: &Pool, booking_id: &str, recipient_id: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update chat_messages set mailed_at = $3 \
         where booking_id = $1 and recipient_id = $2 and read_at is null and mailed_at is null",
    )
    .bind(booking_id)
    .bind(recipient_id)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// Takes back the mark of [`set_mailed`] when the mail could not be sent (the job tries again).
pub async fn unset_mailed(pool: &Pool, booking_id: &str, recipient_id: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update chat_messages set mailed_at = null where booking_id = $1 and recipient_id = $2 and mailed_at = $3",
    )
    .bind(booking_id)
    .bind(recipient_id)
    .bind(at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Records that `reporter_id` reported the conversation of `booking_id` (once: a second report of theirs is kept
/// as the first). Whether it was new.
pub async fn insert_report(
    pool: &Pool,
    id: &str,
    booking_id: &str,
    reporter_id: &str,
    reason: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into chat_reports (id, booking_id, reporter_id, reason, created_at) values ($1, $2, $3, $4, $5) \
         on conflict (booking_id, reporter_id) do nothing",
    )
    .bind(id)
    .bind(booking_id)
    .bind(reporter_id)
    .bind(reason)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A reported conversation: its booking, its two people, how often and when it was last reported, the latest
/// reason given.
#[derive(Debug, Clone, FromRow)]
pub struct ReportedRow {
    pub booking_id: String,
    pub mentee_id: String,
    pub mentor_id: String,
    pub reports: i64,
    pub last_reported_at: i64,
    pub reason: String,
}

/// The reported conversations, the latest reported first.
pub async fn reported(pool: &Pool) -> Result<Vec<ReportedRow>, sqlx::Error> {
    sqlx::query_as(
        "select r.booking_id, e.user_id as mentee_id, e.mentor_id, count(*) as reports, \
         max(r.created_at) as last_reported_at, \
         (select l.reason from chat_reports l where l.booking_id = r.booking_id \
          order by l.created_at desc, l.id desc limit 1) as reason \
         from chat_reports r join mentorship_enrollments e on e.id = r.booking_id \
         group by r.booking_id, e.user_id, e.mentor_id order by max(r.created_at) desc, r.booking_id",
    )
    .fetch_all(pool)
    .await
}

/// Whether the conversation of `booking_id` was reported.
pub async fn is_reported(pool: &Pool, booking_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("select 1 from chat_reports where booking_id = $1 limit 1")
        .bind(booking_id)
        .fetch_optional(pool)
        .await?;
    Ok(found.is_some())
}
