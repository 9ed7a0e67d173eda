//! The administrators' broadcasts: the broadcast rows, their recipients read from `users`, and the batches of
//! recipients' notifications.

use academy_shared::roles::Role;
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::StoredNotification;
use crate::platform::db::{Pool, new_id};

academy_shared::stored_names! {
    /// Whom a broadcast is for, as its `audience` column keeps it (`role` and `user_ids` say which).
    pub enum AudienceKind("broadcast audience") {
        All = "all",
        Role = "role",
        Users = "users",
    }
}

/// Who receives a broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Every active account.
    Everyone,
    /// Every active account of a role.
    Role(Role),
    /// The chosen accounts that exist and are active.
    Users(Vec<String>),
}

/// A broadcast's stored audience that cannot be read back: a role audience without a known role, a chosen-accounts
/// audience without its list.
#[derive(Debug, thiserror::Error)]
#[error("a {0} audience without its {1}")]
struct UnreadableAudience(&'static str, &'static str);

impl Audience {
    /// The stored form: (audience, role, JSON list of ids).
    pub fn stored(&self) -> (AudienceKind, Option<Role>, Option<String>) {
        match self {
            Audience::Everyone => (AudienceKind::All, None, None),
            Audience::Role(role) => (AudienceKind::Role, Some(*role), None),
            Audience::Users(ids) => (AudienceKind::Users, None, Some(serde_json::Value::from(ids.clone()).to_string())),
        }
    }

    /// Reads the stored form back; what cannot be read is an error, never a wider audience.
    pub fn from_stored(
        kind: AudienceKind,
        role: Option<&str>,
        user_ids: Option<&str>,
    ) -> Result<Audience, sqlx::Error> {
        let unreadable = |what| sqlx::Error::Decode(Box::new(UnreadableAudience(kind.as_str(), what)));
        Ok(match kind {
            AudienceKind::All => Audience::Everyone,
            AudienceKind::Role => Audience::Role(role.and_then(Role::parse).ok_or_else(|| unreadable("role"))?),
            AudienceKind::Users => Audience::Users(
                user_ids.and_then(|ids| serde_json::from_str(ids).ok()).ok_or_else(|| unreadable("accounts"))?,
            ),
        })
    }

    /// The `where` clause selecting the audience's active accounts after `$1`, with the values it binds from
    /// `$first` on.
    fn filter(&self, first: usize) -> (String, Vec<&str>) {
        match self {
            Audience::Everyone => ("status = 'active' and id > $1".to_owned(), vec![]),
            Audience::Role(role) => (format!("status = 'active' and id > $1 and role = ${first}"), vec![role.as_str()]),
            Audience::Users(ids) => {
                let list = (0..ids.len().max(1)).map(|i| format!("${}", i + first)).collect::<Vec<_>>().join(", ");
                let binds = if ids.is_empty() { vec![""] } else { ids.iter().map(String::as_str).collect() };
                (format!("status = 'active' and id > $1 and id in ({list})"), binds)
            }
        }
    }
}

/// The ids of the audience's next `limit` accounts after `cursor`, in id order.
pub async fn recipients_after(
    conn: &mut AnyConnection,
    audience: &Audience,
    cursor: &str,
    limit: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let (filter, binds) = audience.filter(3);
    let sql = format!("select id from users where {filter} order by id limit $2");
    let mut query = sqlx::query_scalar(&sql).bind(cursor).bind(limit);
    for value in binds {
        query = query.bind(value);
    }
    query.fetch_all(&mut *conn).await
}

/// How many accounts the audience has now.
pub async fn count_recipients(pool: &Pool, audience: &Audience) -> Result<i64, sqlx::Error> {
    let (filter, binds) = audience.filter(2);
    let sql = format!("select count(*) from users where {filter}");
    let mut query = sqlx::query_scalar(&sql).bind("");
    for value in binds {
        query = query.bind(value);
    }
    query.fetch_one(pool).await
}

academy_shared::stored_names! {
    /// Where a broadcast stands: waiting for its first batch, being written batch by batch, or written to all.
    pub enum BroadcastStatus("broadcast status") {
        Queued = "queued",
        Sending = "sending",
        Sent = "sent",
    }
}

/// A broadcast as stored, with its count of read notifications.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BroadcastRow {
    pub id: String,
    pub sender_id: Option<String>,
    #[sqlx(try_from = "String")]
    pub audience: AudienceKind,
    pub role: Option<String>,
    pub user_ids: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub message_vi: String,
    pub message_en: String,
    pub image_url: Option<String>,
    pub action_link: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: BroadcastStatus,
    pub total: i64,
    pub sent: i64,
    pub cursor: Option<String>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub read_count: i64,
}

const BROADCAST_COLUMNS: &str = "b.id, b.sender_id, b.audience, b.role, b.user_ids, b.title_vi, b.title_en, \
     b.message_vi, b.message_en, b.image_url, b.action_link, b.status, b.total, b.sent, b.cursor, b.created_at, \
     b.finished_at, (select count(*) from notifications n where n.broadcast_id = b.id and n.is_read = 1) as read_count";

/// A broadcast to store.
#[derive(Debug, Clone)]
pub struct NewBroadcast<'a> {
    pub sender_id: Option<&'a str>,
    pub audience: &'a Audience,
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub message_vi: &'a str,
    pub message_en: &'a str,
    pub image_url: Option<&'a str>,
    pub action_link: Option<&'a str>,
    pub total: i64,
    pub created_at: i64,
}

/// Stores a queued broadcast; returns its id.
pub async fn insert_broadcast(conn: &mut AnyConnection, b: &NewBroadcast<'_>) -> Result<String, sqlx::Error> {
    let id = new_id();
    let (audience, role, user_ids) = b.audience.stored();
    sqlx::query(
        "insert into notification_broadcasts (id, sender_id, audience, role, user_ids, title_vi, title_en, \
         message_vi, message_en, image_url, action_link, status, total, sent, created_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'queued', $12, 0, $13)",
    )
    .bind(&id)
    .bind(b.sender_id)
    .bind(audience.as_str())
    .bind(role.map(Role::as_str))
    .bind(user_ids)
    .bind(b.title_vi)
    .bind(b.title_en)
    .bind(b.message_vi)
    .bind(b.message_en)
    .bind(b.image_url)
    .bind(b.action_link)
    .bind(b.total)
    .bind(b.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Locks a broadcast for the batch about to be written (the row on PostgreSQL, the database's write lock on
/// SQLite, taken before anything is read so the transaction never has to upgrade a read).
pub async fn lock_broadcast(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update notification_broadcasts set status = status where id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn find_broadcast<'e>(
    executor: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<BroadcastRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {BROADCAST_COLUMNS} from notification_broadcasts b where b.id = $1"))
        .bind(id)
        .fetch_optional(executor)
        .await
}

/// A page of broadcasts, newest first, and how many there are.
pub async fn list_broadcasts(pool: &Pool, limit: i64, offset: i64) -> Result<(Vec<BroadcastRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "select {BROADCAST_COLUMNS} from notification_broadcasts b order by b.created_at desc, b.id desc \
         limit $1 offset $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar("select count(*) from notification_broadcasts").fetch_one(pool).await?;
    Ok((rows, total))
}

/// Writes one Broadcast notification per recipient (skipping those who already have theirs); returns how many
/// were written.
pub async fn insert_broadcast_rows(
    conn: &mut AnyConnection,
    broadcast_id: &str,
    recipients: &[String],
    created_at: i64,
) -> Result<u64, sqlx::Error> {
    if recipients.is_empty() {
        return Ok(0);
    }
    let values: Vec<String> =
        (0..recipients.len()).map(|i| format!("(${}, ${}, 'Broadcast', $1, $2, 0, 0)", 2 * i + 3, 2 * i + 4)).collect();
    let sql = format!(
        "insert into notifications (id, user_id, kind, broadcast_id, created_at, is_read, mail) values {} \
         on conflict (broadcast_id, user_id) do nothing",
        values.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(broadcast_id).bind(created_at);
    for user_id in recipients {
        query = query.bind(new_id()).bind(user_id.as_str());
    }
    Ok(query.execute(&mut *conn).await?.rows_affected())
}

/// Records a written batch: `sent` grows by `written`, the cursor moves from `from` to `to`, and the status
/// becomes `sent` when `finished`. `false` when another run already moved the cursor (the batch is not
/// recorded twice).
pub async fn advance_broadcast(
    conn: &mut AnyConnection,
    id: &str,
    from: &str,
    to: &str,
    written: u64,
    finished: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let status = if finished.is_some() { BroadcastStatus::Sent } else { BroadcastStatus::Sending };
    let done = sqlx::query(
        "update notification_broadcasts set cursor = $3, sent = sent + $4, status = $5, finished_at = $6 \
         where id = $1 and coalesce(cursor, '') = $2 and status <> 'sent'",
    )
    .bind(id)
    .bind(from)
    .bind(to)
    .bind(i64::try_from(written).unwrap_or(i64::MAX))
    .bind(status.as_str())
    .bind(finished)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The notifications of one written batch of a broadcast: its recipients after `after` up to `upto` (ids).
pub async fn broadcast_batch(
    pool: &Pool,
    broadcast_id: &str,
    after: &str,
    upto: &str,
) -> Result<Vec<StoredNotification>, sqlx::Error> {
    sqlx::query_as(&format!("{} where n.broadcast_id = $1 and n.user_id > $2 and n.user_id <= $3", super::SELECT))
        .bind(broadcast_id)
        .bind(after)
        .bind(upto)
        .fetch_all(pool)
        .await
}

/// Every account's id and role, in id order (the demo's recipients).
pub async fn accounts(conn: &mut AnyConnection) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("select id, role from users order by id").fetch_all(&mut *conn).await
}

/// Marks `user_id`'s notification of a broadcast read as of when it arrived (the demo's history).
pub async fn mark_broadcast_read(
    conn: &mut AnyConnection,
    broadcast_id: &str,
    user_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update notifications set is_read = 1, read_at = created_at where broadcast_id = $1 and user_id = $2")
        .bind(broadcast_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn an_audience_reads_back_from_its_stored_form() {
        let audiences =
            [Audience::Everyone, Audience::Role(Role::Teacher), Audience::Users(vec!["a".to_owned(), "b".to_owned()])];
        for audience in audiences {
            let (kind, role, ids) = audience.stored();
            let read = Audience::from_stored(kind, role.map(Role::as_str), ids.as_deref()).unwrap();
            assert_eq!(read, audience);
        }
    }

    #[test]
    fn a_stored_audience_that_cannot_be_read_is_an_error_never_everyone() {
        assert!(Audience::from_stored(AudienceKind::Role, None, None).is_err());
        assert!(Audience::from_stored(AudienceKind::Role, Some("PRINCIPAL"), None).is_err());
        assert!(Audience::from_stored(AudienceKind::Users, None, None).is_err());
        assert!(Audience::from_stored(AudienceKind::Users, None, Some("not a list")).is_err());
        assert!(AudienceKind::try_from("everyone".to_owned()).is_err());
    }
}
