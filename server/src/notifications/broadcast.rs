//! An administrator's broadcast: one message, in both languages, to everyone, to a role or to chosen people.
//!
//! Sending stores the broadcast and queues its first batch; the job queue then writes the recipients'
//! notifications in batches of [`BATCH`] people in id order ([`BroadcastBatches`]). Each batch is one
//! transaction that writes its rows, moves the broadcast's cursor and queues the next batch, so a broadcast to
//! 100,000 people never holds a request, survives a restart (the next batch resumes after the cursor) and, run
//! twice, writes nobody twice. The broadcast's `sent` count is its progress.

use academy_shared::{
    display::NotificationType,
    notifications::{BroadcastAudience, BroadcastFacts, NoticeError, NoticeField, NoticeTexts, check_broadcast},
    validation::FieldErrors,
};
use serde_json::json;

use super::{
    live::Announcement,
    repo::{self, Audience, BroadcastRow, BroadcastStatus, NewBroadcast, StoredNotification},
};
use crate::{
    platform::{
        db::{Pool, now_ms},
        jobs::{Job, JobHandler, JobQueue, NewJob},
    },
    state::AppState,
};

/// The job kind of a broadcast's batches; the payload is `{"broadcastId": …, "cursor": …}`.
pub const BROADCAST_JOB: &str = "notifications.broadcast";
/// People written per batch.
pub const BATCH: i64 = 1000;

/// A broadcast as the administrator writes it.
#[derive(Debug, Clone, Default)]
pub struct BroadcastDraft {
    /// `all`, `role` or `users`.
    pub audience: String,
    pub role: Option<String>,
    pub user_ids: Vec<String>,
    pub title_vi: String,
    pub title_en: String,
    pub message_vi: String,
    pub message_en: String,
    pub image_url: Option<String>,
    pub action_link: Option<String>,
}

/// Why a broadcast was refused.
#[derive(Debug, thiserror::Error)]
pub enum BroadcastError {
    #[error("the broadcast is not valid")]
    Invalid(FieldErrors<NoticeField, NoticeError>),
    #[error("no such broadcast")]
    NotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A checked draft: whom it reaches and what it says (trimmed).
#[derive(Debug, Clone)]
struct Checked {
    audience: Audience,
    title_vi: String,
    title_en: String,
    message_vi: String,
    message_en: String,
    image_url: Option<String>,
    action_link: Option<String>,
}

fn check(draft: &BroadcastDraft) -> Result<Checked, BroadcastError> {
    let image_url = draft.image_url.as_deref().map(str::trim).filter(|v| !v.is_empty());
    let action_link = draft.action_link.as_deref().map(str::trim).filter(|v| !v.is_empty());
    let form = BroadcastFacts {
        audience: &draft.audience,
        role: draft.role.as_deref(),
        user_ids: &draft.user_ids,
        texts: NoticeTexts {
            title_vi: &draft.title_vi,
            title_en: &draft.title_en,
            message_vi: &draft.message_vi,
            message_en: &draft.message_en,
        },
        image_url,
        action_link,
    };
    let audience = match check_broadcast(&form).map_err(BroadcastError::Invalid)? {
        BroadcastAudience::Everyone => Audience::Everyone,
        BroadcastAudience::Role(role) => Audience::Role(role),
        BroadcastAudience::Users(ids) => Audience::Users(ids),
    };
    Ok(Checked {
        audience,
        title_vi: draft.title_vi.trim().to_owned(),
        title_en: draft.title_en.trim().to_owned(),
        message_vi: draft.message_vi.trim().to_owned(),
        message_en: draft.message_en.trim().to_owned(),
        image_url: image_url.map(str::to_owned),
        action_link: action_link.map(str::to_owned),
    })
}

/// What a draft would send: how many people it reaches now, and their notification (unsaved).
pub async fn preview(pool: &Pool, draft: &BroadcastDraft) -> Result<(i64, StoredNotification), BroadcastError> {
    let checked = check(draft)?;
    let recipients = repo::count_recipients(pool, &checked.audience).await?;
    let notification = StoredNotification {
        id: String::new(),
        user_id: String::new(),
        kind: NotificationType::Broadcast,
        title_vi: checked.title_vi,
        title_en: checked.title_en,
        message_vi: checked.message_vi,
        message_en: checked.message_en,
        image_url: checked.image_url,
        action_link: checked.action_link,
        is_read: false.into(),
        created_at: now_ms(),
    };
    Ok((recipients, notification))
}

/// Sends a broadcast from `sender_id`: stores it and queues its first batch. Returns it as stored.
pub async fn send(state: &AppState, sender_id: &str, draft: &BroadcastDraft) -> Result<BroadcastRow, BroadcastError> {
    let checked = check(draft)?;
    let total = repo::count_recipients(&state.pool, &checked.audience).await?;
    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    let broadcast = NewBroadcast {
        sender_id: Some(sender_id),
        audience: &checked.audience,
        title_vi: &checked.title_vi,
        title_en: &checked.title_en,
        message_vi: &checked.message_vi,
        message_en: &checked.message_en,
        image_url: checked.image_url.as_deref(),
        action_link: checked.action_link.as_deref(),
        total,
        created_at: now_ms(),
    };
    let id = repo::insert_broadcast(&mut tx, &broadcast).await?;
    JobQueue::enqueue_with(&mut *tx, batch_job(&id, "")).await?;
    tx.commit().await?;
    state.jobs.wake();
    repo::find_broadcast(&state.pool, &id).await?.ok_or(BroadcastError::NotFound)
}

/// The job of the batch after `cursor` (a user id; empty for the first).
fn batch_job(broadcast_id: &str, cursor: &str) -> NewJob {
    NewJob::new(BROADCAST_JOB, json!({ "broadcastId": broadcast_id, "cursor": cursor }))
        .once(format!("{BROADCAST_JOB}:{broadcast_id}:{cursor}"))
}

pub async fn find(pool: &Pool, id: &str) -> Result<BroadcastRow, BroadcastError> {
    repo::find_broadcast(pool, id).await?.ok_or(BroadcastError::NotFound)
}

/// A page of broadcasts (1-based), newest first, and how many there are.
pub async fn list(pool: &Pool, page: i64, page_size: i64) -> Result<(Vec<BroadcastRow>, i64), BroadcastError> {
    Ok(repo::list_broadcasts(pool, page_size, (page - 1).max(0) * page_size).await?)
}

/// What a batch did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchOutcome {
    /// Wrote the recipients after `after` up to `upto`; `finished` when they were the last.
    Written { after: String, upto: String, written: u64, finished: bool },
    /// Another run did this batch already, or the broadcast is gone or finished.
    Nothing,
}

/// Writes the batch of `broadcast_id` after `cursor` in one transaction with the next batch's job.
pub async fn write_batch(state: &AppState, broadcast_id: &str, cursor: &str) -> Result<BatchOutcome, BroadcastError> {
    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    repo::lock_broadcast(&mut tx, broadcast_id).await?;
    let Some(broadcast) = repo::find_broadcast(&mut *tx, broadcast_id).await? else { return Ok(BatchOutcome::Nothing) };
    if broadcast.status == BroadcastStatus::Sent || broadcast.cursor.as_deref().unwrap_or_default() != cursor {
        return Ok(BatchOutcome::Nothing);
    }
    let audience = Audience::from_stored(broadcast.audience, broadcast.role.as_deref(), broadcast.user_ids.as_deref())?;
    let recipients = repo::recipients_after(&mut tx, &audience, cursor, BATCH).await?;
    let finished = i64::try_from(recipients.len()).unwrap_or(i64::MAX) < BATCH;
    let now = now_ms();
    let written = repo::insert_broadcast_rows(&mut tx, broadcast_id, &recipients, now).await?;
    let upto = recipients.last().cloned().unwrap_or_else(|| cursor.to_owned());
    if !repo::advance_broadcast(&mut tx, broadcast_id, cursor, &upto, written, finished.then_some(now)).await? {
        return Ok(BatchOutcome::Nothing);
    }
    if !finished {
        JobQueue::enqueue_with(&mut *tx, batch_job(broadcast_id, &upto)).await?;
    }
    tx.commit().await?;
    if written > 0 {
        let batch =
            Announcement::Batch { broadcast_id: broadcast_id.to_owned(), after: cursor.to_owned(), upto: upto.clone() };
        state.notifications.announce(batch).await;
    }
    if !finished {
        state.jobs.wake();
    }
    Ok(BatchOutcome::Written { after: cursor.to_owned(), upto, written, finished })
}

/// Writes one batch of a broadcast when the queue hands its job out.
#[derive(Debug)]
pub struct BroadcastBatches;

#[async_trait::async_trait]
impl JobHandler<AppState> for BroadcastBatches {
    fn kind(&self) -> &'static str {
        BROADCAST_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let Some(broadcast_id) = job.payload["broadcastId"].as_str() else {
            anyhow::bail!("a broadcast job without a broadcast id");
        };
        let cursor = job.payload["cursor"].as_str().unwrap_or_default();
        write_batch(state, broadcast_id, cursor).await?;
        Ok(())
    }
}
