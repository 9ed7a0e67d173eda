//! The use cases of a person's notifications: telling someone something ([`notify`], [`notify_in`]), their
//! list, pages and unread count, marking one or all read.

use academy_shared::{
    display::NotificationType,
    notifications::{NoticeError, NoticeField, NoticeTexts, check_links, check_texts},
    validation::FieldErrors,
};
use serde_json::json;
use sqlx::AnyConnection;

pub use super::repo::{Position, StoredNotification};
use super::{
    live::Announcement,
    mail::MAIL_JOB,
    repo::{self, ListFilter, NewNotification},
};
use crate::{
    platform::{
        db::{Pool, new_id, now_ms},
        jobs::{JobQueue, NewJob},
        text::Text,
    },
    state::AppState,
};

/// Something to tell one person.
#[derive(Debug, Clone)]
pub struct Notice {
    /// The recipient (`users.id`).
    pub user_id: String,
    pub kind: NotificationType,
    pub title: Text,
    pub message: Text,
    /// A picture shown beside it: a file uploaded here or an https picture.
    pub image: Option<String>,
    /// Where a click on it leads: a path of this site (`/profile`) or an https link.
    pub link: Option<String>,
    /// Also send it by mail (purchase receipts, booking confirmations, payout decisions), through the job
    /// queue: the caller never waits for the mail server.
    pub mail: bool,
}

/// Why a notification call failed.
#[derive(Debug, thiserror::Error)]
pub enum NotificationError {
    /// No such notification among the caller's (someone else's counts as none).
    #[error("no such notification")]
    NotFound,
    /// The notice breaks the notification rules (its texts, picture or link).
    #[error("the notification is not valid")]
    Invalid(FieldErrors<NoticeField, NoticeError>),
    /// A page cursor that this server did not give out.
    #[error("the cursor cannot be read")]
    BadCursor,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A notification stored inside the caller's transaction, to announce once that transaction has committed.
#[derive(Debug)]
#[must_use = "announce the notification after the commit, or its live delivery and mail wait for a reconnect"]
pub struct Pending {
    pub id: String,
    mail: bool,
}

impl Pending {
    /// Delivers the notification live and starts its mail now (call after the transaction committed).
    pub async fn announce(self, state: &AppState) {
        state.notifications.announce(Announcement::Created(self.id)).await;
        if self.mail {
            state.jobs.wake();
        }
    }
}

/// Tells `notice.user_id` something: stores the notification, delivers it live to their open pages, and
/// queues its mail when `notice.mail`. Returns the notification's id.
pub async fn notify(state: &AppState, notice: Notice) -> Result<String, NotificationError> {
    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    let pending = notify_in(&mut tx, notice).await?;
    tx.commit().await?;
    let id = pending.id.clone();
    pending.announce(state).await;
    Ok(id)
}

/// [`notify`] inside the caller's transaction (the notification then exists exactly when the caller's change
/// does); call [`Pending::announce`] after the commit.
pub async fn notify_in(conn: &mut AnyConnection, notice: Notice) -> Result<Pending, NotificationError> {
    let stored = store(conn, &notice, false, now_ms(), None).await?;
    Ok(stored.expect("a notification without a key is always stored"))
}

/// [`notify`] at most once per person and `key` (an event such as `purchase:<order id>`): telling the same
/// event again, from a retried webhook or a second instance, stores, announces and mails nothing. Returns the
/// notification's id when this call stored it.
pub async fn notify_once(state: &AppState, notice: Notice, key: &str) -> Result<Option<String>, NotificationError> {
    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    let Some(pending) = store(&mut tx, &notice, false, now_ms(), Some(key)).await? else { return Ok(None) };
    tx.commit().await?;
    let id = pending.id.clone();
    pending.announce(state).await;
    Ok(Some(id))
}

async fn store(
    conn: &mut AnyConnection,
    notice: &Notice,
    is_read: bool,
    created_at: i64,
    once_key: Option<&str>,
) -> Result<Option<Pending>, NotificationError> {
    let image = notice.image.as_deref().map(str::trim).filter(|v| !v.is_empty());
    let link = notice.link.as_deref().map(str::trim).filter(|v| !v.is_empty());
    let texts = NoticeTexts {
        title_vi: notice.title.get(academy_shared::Lang::Vi),
        title_en: notice.title.get(academy_shared::Lang::En),
        message_vi: notice.message.get(academy_shared::Lang::Vi),
        message_en: notice.message.get(academy_shared::Lang::En),
    };
    let mut errors = FieldErrors::default();
    check_texts(&texts, &mut errors);
    check_links(image, link, &mut errors);
    if !errors.is_empty() {
        return Err(NotificationError::Invalid(errors));
    }
    let id = new_id();
    let row = NewNotification {
        id: &id,
        user_id: &notice.user_id,
        kind: notice.kind,
        title_vi: texts.title_vi.trim(),
        title_en: texts.title_en.trim(),
        message_vi: texts.message_vi.trim(),
        message_en: texts.message_en.trim(),
        image_url: image,
        action_link: link,
        mail: notice.mail,
        is_read,
        created_at,
        once_key,
    };
    if !repo::insert(conn, &row).await? {
        return Ok(None);
    }
    if notice.mail {
        let job = NewJob::new(MAIL_JOB, json!({ "notificationId": id })).once(format!("{MAIL_JOB}:{id}"));
        JobQueue::enqueue_with(&mut *conn, job).await?;
    }
    Ok(Some(Pending { id, mail: notice.mail }))
}

/// Stores a notification as at `created_at`, read or not, without announcing it (the demo's history).
pub async fn record_past(
    conn: &mut AnyConnection,
    notice: &Notice,
    is_read: bool,
    created_at: i64,
) -> Result<String, NotificationError> {
    let stored = store(conn, &Notice { mail: false, ..notice.clone() }, is_read, created_at, None).await?;
    Ok(stored.expect("a notification without a key is always stored").id)
}

/// How many notifications `GET /api/notification` lists (the newest).
pub const LATEST: i64 = 50;
/// The default and largest page of `GET /api/notification/page`.
pub const PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;

/// The newest [`LATEST`] notifications of `user_id`.
pub async fn latest(pool: &Pool, user_id: &str) -> Result<Vec<StoredNotification>, NotificationError> {
    Ok(repo::list(pool, user_id, &ListFilter { limit: LATEST, ..ListFilter::default() }).await?)
}

/// What a page shows.
#[derive(Debug, Clone, Default)]
pub struct PageQuery {
    /// The `nextCursor` of the page before.
    pub cursor: Option<String>,
    pub limit: Option<i64>,
    pub unread_only: bool,
    pub kind: Option<NotificationType>,
}

/// A page of `user_id`'s notifications, newest first, and the cursor of the next page.
pub async fn page(
    pool: &Pool,
    user_id: &str,
    query: &PageQuery,
) -> Result<(Vec<StoredNotification>, Option<String>), NotificationError> {
    let after = match query.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(cursor) => Some(parse_cursor(cursor).ok_or(NotificationError::BadCursor)?),
        None => None,
    };
    let limit = query.limit.unwrap_or(PAGE_SIZE).clamp(1, MAX_PAGE_SIZE);
    let filter = ListFilter { after, unread_only: query.unread_only, kind: query.kind, limit: limit + 1 };
    let mut rows = repo::list(pool, user_id, &filter).await?;
    let more = i64::try_from(rows.len()).unwrap_or(i64::MAX) > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next = if more { rows.last().map(|row| cursor_of(&row.position())) } else { None };
    Ok((rows, next))
}

/// The cursor of the page after `position`: `<created_at>.<id>`.
pub fn cursor_of(position: &Position) -> String {
    format!("{}.{}", position.created_at, position.id)
}

fn parse_cursor(cursor: &str) -> Option<Position> {
    let (created_at, id) = cursor.split_once('.')?;
    let id_ok = !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    id_ok.then(|| Some(Position { created_at: created_at.parse().ok()?, id: id.to_owned() }))?
}

pub async fn unread_count(pool: &Pool, user_id: &str) -> Result<i64, NotificationError> {
    Ok(repo::count_unread(pool, user_id).await?)
}

/// Marks one of `user_id`'s notifications read (or unread again). Someone else's is [`NotificationError::NotFound`],
/// exactly like one that does not exist.
pub async fn mark_read(state: &AppState, user_id: &str, id: &str, read: bool) -> Result<(), NotificationError> {
    if !repo::set_read(&state.pool, user_id, id, read, now_ms()).await? {
        return Err(NotificationError::NotFound);
    }
    state.notifications.announce(Announcement::ReadChanged(user_id.to_owned())).await;
    Ok(())
}

/// Marks read every notification `user_id` had at `sent_at` (when the request arrived); one arriving meanwhile
/// stays unread. Returns how many were marked.
pub async fn mark_all_read(state: &AppState, user_id: &str, sent_at: i64) -> Result<u64, NotificationError> {
    let marked = repo::mark_all_read(&state.pool, user_id, sent_at, now_ms()).await?;
    if marked > 0 {
        state.notifications.announce(Announcement::ReadChanged(user_id.to_owned())).await;
    }
    Ok(marked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_the_place_it_names() {
        let position = Position { created_at: 1_795_000_000_123, id: "0193a1b2-0000-7000-8000-000000000001".into() };
        assert_eq!(parse_cursor(&cursor_of(&position)), Some(position));
        for bad in ["", "12", "x.abc", "12.", "12.a b", "12.a'--", &format!("1.{}", "a".repeat(65))] {
            assert_eq!(parse_cursor(bad), None, "{bad}");
        }
    }
}
