//! One person's live feed: their unread count when it opens, each new notification with the count after it,
//! and the count again whenever it changed otherwise (read on another device, announcements missed).
//!
//! The feed remembers the notifications it already accounted for (those that existed when it opened or
//! re-read, and those it sent): an announcement of one of them is not counted twice, and one that arrived out
//! of order (an older row committed late) is still sent.

use std::{
    collections::{HashSet, VecDeque},
    sync::Arc,
    time::Duration,
};

use futures_util::Stream;
use tokio::{sync::watch, time::Instant};

use super::{
    live::{Signal, Subscription},
    repo::{self, StoredNotification},
    service::NotificationError,
};
use crate::{
    platform::db::{Pool, now_ms},
    state::AppState,
};

/// What the feed sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveEvent {
    /// The unread count.
    Count(i64),
    /// A new notification, and the unread count with it.
    New { notification: Arc<StoredNotification>, unread: i64 },
    /// A conversation of theirs changed: a message was sent (its id), or read (`None`); the page re-reads it.
    Conversation { conversation_id: String, message_id: Option<String> },
}

/// How far back a re-read looks, beyond the last one: writers whose transactions commit later than this after
/// their row's time are rare enough for the next reconnect to catch them.
const LATE_COMMIT: Duration = Duration::from_secs(10);
/// Notifications a re-read sends at most (the list page has the rest).
const REREAD_LIMIT: i64 = 50;
/// Ids the feed remembers.
const REMEMBERED: usize = 1024;

struct Feed {
    pool: Pool,
    user_id: String,
    subscription: Subscription,
    unread: i64,
    /// When the feed last read the database (epoch ms).
    read_at: i64,
    known: HashSet<String>,
    known_order: VecDeque<String>,
    pending: VecDeque<LiveEvent>,
    until: Instant,
    closed: watch::Receiver<bool>,
}

impl Feed {
    fn remember(&mut self, id: &str) -> bool {
        if !self.known.insert(id.to_owned()) {
            return false;
        }
        self.known_order.push_back(id.to_owned());
        if self.known_order.len() > REMEMBERED
            && let Some(old) = self.known_order.pop_front()
        {
            self.known.remove(&old);
        }
        true
    }

    /// Reads the count and the recent notifications in one statement (one snapshot), sends those not yet
    /// accounted for, then the count.
    async fn reread(&mut self) -> Result<(), sqlx::Error> {
        let since = self.read_at.saturating_sub(i64::try_from(LATE_COMMIT.as_millis()).unwrap_or(0));
        let now = now_ms();
        let (unread, recent) = snapshot(&self.pool, &self.user_id, since).await?;
        self.read_at = now;
        self.unread = unread;
        for row in recent {
            if self.remember(&row.id) {
                self.pending.push_back(LiveEvent::New { notification: Arc::new(row), unread });
            }
        }
        self.pending.push_back(LiveEvent::Count(unread));
        Ok(())
    }

    async fn next(&mut self) -> Option<LiveEvent> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some(event);
            }
            let signal = tokio::select! {
                signal = self.subscription.recv() => signal,
                () = tokio::time::sleep_until(self.until) => return None,
                _ = self.closed.changed() => return None,
            };
            match signal {
                Signal::New(row) => {
                    if self.remember(&row.id) {
                        if !row.is_read.get() {
                            self.unread += 1;
                        }
                        self.pending.push_back(LiveEvent::New { notification: row, unread: self.unread });
                    }
                }
                Signal::Conversation { conversation_id, message_id } => {
                    self.pending.push_back(LiveEvent::Conversation { conversation_id, message_id });
                }
                Signal::Changed => {
                    if let Err(e) = self.reread().await {
                        // The client reconnects and reads again.
                        tracing::warn!(error = %e, "re-reading a live feed failed; it ends");
                        return None;
                    }
                }
            }
        }
    }
}

/// The unread count and the notifications created since `since` (oldest first), read together.
async fn snapshot(pool: &Pool, user_id: &str, since: i64) -> Result<(i64, Vec<StoredNotification>), sqlx::Error> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "select '' as id, count(*) as unread from notifications where user_id = $1 and is_read = 0 \
         union all select id, created_at from notifications where user_id = $1 and created_at >= $2",
    )
    .bind(user_id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    let unread = rows.iter().find(|(id, _)| id.is_empty()).map_or(0, |(_, n)| *n);
    let ids: HashSet<&str> = rows.iter().map(|(id, _)| id.as_str()).filter(|id| !id.is_empty()).collect();
    if ids.is_empty() {
        return Ok((unread, Vec::new()));
    }
    // The rows of those ids (rows stored since the snapshot are left to their announcement).
    let mut recent = repo::newer_than_time(pool, user_id, since, REREAD_LIMIT).await?;
    recent.retain(|row| ids.contains(row.id.as_str()));
    Ok((unread, recent))
}

/// Opens `user_id`'s feed until `until` (when their access token expires) or the server stops. With
/// `last_seen` (the id of the last notification a reconnecting client received), the notifications after it
/// are sent first.
pub async fn open(
    state: &AppState,
    user_id: &str,
    last_seen: Option<&str>,
    until: Instant,
) -> Result<impl Stream<Item = LiveEvent> + Send + 'static, NotificationError> {
    // Subscribed before reading: nothing stored from here on can be missed.
    let subscription = state.notifications.subscribe(user_id).await?;
    let now = now_ms();
    let since = now.saturating_sub(i64::try_from(LATE_COMMIT.as_millis()).unwrap_or(0));
    let (unread, recent) = snapshot(&state.pool, user_id, since).await?;
    let mut feed = Feed {
        pool: state.pool.clone(),
        user_id: user_id.to_owned(),
        subscription,
        unread,
        read_at: now,
        known: HashSet::new(),
        known_order: VecDeque::new(),
        pending: VecDeque::new(),
        until,
        closed: state.notifications.closed(),
    };
    for row in &recent {
        feed.remember(&row.id);
    }
    let last_seen = last_seen.map(str::trim).filter(|id| !id.is_empty() && id.len() <= 64);
    if let Some(last) = last_seen
        && let Some(position) = repo::position_of(&state.pool, user_id, last).await?
    {
        for row in repo::newer_than(&state.pool, user_id, Some(&position), REREAD_LIMIT).await? {
            feed.remember(&row.id);
            feed.pending.push_back(LiveEvent::New { notification: Arc::new(row), unread });
        }
    }
    feed.pending.push_back(LiveEvent::Count(unread));
    Ok(futures_util::stream::unfold(feed, |mut feed| async move { feed.next().await.map(|event| (event, feed)) }))
}
