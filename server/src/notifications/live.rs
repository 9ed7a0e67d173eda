//! Live delivery: each instance tells the people connected to it (their open streams) about their new
//! notifications, whichever instance stored them.
//!
//! A writer stores the row first, then announces it ([`Live::announce`]) with ids only: `n:<notification id>`
//! for one notification, `b:<broadcast id>:<after>:<up to>` for a batch of a broadcast (its recipients'
//! user ids after `after`, up to `up to`), `r:<user id>` when a person's read state changed, and
//! `c:<conversation id>:<message id>:<user id>,<user id>` when a conversation between these people changed (a
//! message sent, or read when the message id is empty; other domains' conversations ride the same stream). On
//! PostgreSQL the
//! announcement is a `NOTIFY` on [`CHANNEL`], heard by every instance's one `LISTEN` connection; on SQLite (one
//! instance) it goes through an in-process channel. The instance that hears it reads the rows back and hands
//! them to the streams of the people concerned ([`Subscription`]), one channel per connected person.
//!
//! Nothing is lost for good: when the listening connection drops, the instance listens again on a new one and
//! tells every stream to re-read what it may have missed ([`Signal::Changed`]); so does a stream that fell
//! behind its channel.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError, Weak},
};

use tokio::sync::{OnceCell, broadcast, mpsc, watch};

use super::repo::{self, StoredNotification};
use crate::platform::{
    db::{Backend, Pool},
    listen::{self, Heard},
};

/// The PostgreSQL channel of announcements.
pub const CHANNEL: &str = "academy_notifications";
/// Signals one person's channel holds for a slow stream before it must re-read instead.
const PER_PERSON_BUFFER: usize = 64;
/// Announcements the in-process channel (SQLite) holds before the dispatcher must re-sync everyone.
const IN_PROCESS_BUFFER: usize = 4096;

/// What a person's stream is told.
#[derive(Debug, Clone)]
pub enum Signal {
    /// One of their notifications was stored.
    New(Arc<StoredNotification>),
    /// Their notifications changed in a way to re-read: read elsewhere, or announcements may have been missed.
    Changed,
    /// A conversation of theirs changed: a message was sent (its id), or read (`None`).
    Conversation { conversation_id: String, message_id: Option<String> },
}

/// What a writer announces after its change was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Announcement {
    /// One notification was stored.
    Created(String),
    /// A broadcast's notifications for the recipients after `after` up to `upto` (user ids) were stored.
    Batch { broadcast_id: String, after: String, upto: String },
    /// Some of this person's notifications were marked read or unread.
    ReadChanged(String),
    /// A conversation between `people` changed: `message_id` was sent, or (empty) messages were read.
    Conversation { conversation_id: String, message_id: String, people: Vec<String> },
}

impl Announcement {
    /// The payload of the announcement (ids only).
    pub fn payload(&self) -> String {
        match self {
            Announcement::Created(id) => format!("n:{id}"),
            Announcement::Batch { broadcast_id, after, upto } => format!("b:{broadcast_id}:{after}:{upto}"),
            Announcement::ReadChanged(user_id) => format!("r:{user_id}"),
            Announcement::Conversation { conversation_id, message_id, people } => {
                format!("c:{conversation_id}:{message_id}:{}", people.join(","))
            }
        }
    }

    pub fn parse(payload: &str) -> Option<Announcement> {
        let (kind, rest) = payload.split_once(':')?;
        match kind {
            "n" => Some(Announcement::Created(rest.to_owned())),
            "r" => Some(Announcement::ReadChanged(rest.to_owned())),
            "c" => {
                let mut parts = rest.splitn(3, ':');
                let (conversation_id, message_id, people) = (parts.next()?, parts.next()?, parts.next()?);
                Some(Announcement::Conversation {
                    conversation_id: conversation_id.to_owned(),
                    message_id: message_id.to_owned(),
                    people: people.split(',').filter(|p| !p.is_empty()).map(str::to_owned).collect(),
                })
            }
            "b" => {
                let mut parts = rest.splitn(3, ':');
                let (broadcast_id, after, upto) = (parts.next()?, parts.next()?, parts.next()?);
                Some(Announcement::Batch {
                    broadcast_id: broadcast_id.to_owned(),
                    after: after.to_owned(),
                    upto: upto.to_owned(),
                })
            }
            _ => None,
        }
    }
}

/// This instance's live delivery. Cheap to clone.
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    backend: Backend,
    database_url: String,
    /// Each connected person's channel.
    people: Mutex<HashMap<String, broadcast::Sender<Signal>>>,
    /// Announcements within this instance (SQLite).
    in_process: broadcast::Sender<String>,
    /// Set once this instance listens for announcements.
    listening: OnceCell<()>,
    /// Turns true when the server stops: streams end, the listener stops.
    closed: watch::Sender<bool>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("backend", &self.inner.backend)
            .field("people", &self.connected_people())
            .finish_non_exhaustive()
    }
}

impl Live {
    /// Live delivery over `pool`; on PostgreSQL it listens on its own connection to `database_url` once someone
    /// subscribes.
    pub fn new(pool: Pool, backend: Backend, database_url: String) -> Live {
        Live {
            inner: Arc::new(Inner {
                pool,
                backend,
                database_url,
                people: Mutex::new(HashMap::new()),
                in_process: broadcast::channel(IN_PROCESS_BUFFER).0,
                listening: OnceCell::new(),
                closed: watch::channel(false).0,
            }),
        }
    }

    /// Tells every instance about a stored change. A failure is logged: the rows are stored, and streams
    /// re-read them when they reconnect.
    pub async fn announce(&self, announcement: Announcement) {
        let payload = announcement.payload();
        match self.inner.backend {
            Backend::Postgres => {
                if let Err(e) = listen::notify(&self.inner.pool, CHANNEL, &payload).await {
                    tracing::warn!(error = %e, payload, "announcing a notification failed");
                }
            }
            // No receiver means nobody listens yet: nobody is connected to be told.
            Backend::Sqlite => drop(self.inner.in_process.send(payload)),
        }
    }

    /// Subscribes to `user_id`'s signals (starting this instance's listener the first time).
    pub async fn subscribe(&self, user_id: &str) -> Result<Subscription, sqlx::Error> {
        self.inner.listening.get_or_try_init(|| self.listen()).await?;
        let receiver = {
            let mut people = self.inner.people.lock().unwrap_or_else(PoisonError::into_inner);
            people.entry(user_id.to_owned()).or_insert_with(|| broadcast::channel(PER_PERSON_BUFFER).0).subscribe()
        };
        Ok(Subscription { live: self.clone(), user_id: user_id.to_owned(), receiver })
    }

    /// Ends every stream and stops listening (the server is stopping).
    pub fn close(&self) {
        self.inner.closed.send_replace(true);
    }

    /// Turns true when the server stops.
    pub fn closed(&self) -> watch::Receiver<bool> {
        self.inner.closed.subscribe()
    }

    /// How many people have a stream open on this instance.
    pub fn connected_people(&self) -> usize {
        self.inner.people.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    async fn listen(&self) -> Result<(), sqlx::Error> {
        let weak = Arc::downgrade(&self.inner);
        let closed = self.inner.closed.subscribe();
        match self.inner.backend {
            Backend::Postgres => {
                let heard = listen::listen(&self.inner.database_url, CHANNEL, closed).await?;
                tokio::spawn(relay_postgres(weak, heard));
            }
            Backend::Sqlite => {
                tokio::spawn(relay_in_process(weak, self.inner.in_process.subscribe(), closed));
            }
        }
        Ok(())
    }
}

/// One person's signals, for one stream.
#[derive(Debug)]
pub struct Subscription {
    live: Live,
    user_id: String,
    receiver: broadcast::Receiver<Signal>,
}

impl Subscription {
    /// The next signal; [`Signal::Changed`] when this stream fell behind and must re-read.
    pub async fn recv(&mut self) -> Signal {
        match self.receiver.recv().await {
            Ok(signal) => signal,
            Err(broadcast::error::RecvError::Lagged(_)) => Signal::Changed,
            // The channel lives while this subscription does (it is removed only when its last one drops).
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut people = self.live.inner.people.lock().unwrap_or_else(PoisonError::into_inner);
        if people.get(&self.user_id).is_some_and(|sender| sender.receiver_count() <= 1) {
            people.remove(&self.user_id);
        }
    }
}

impl Inner {
    fn sender_of(&self, user_id: &str) -> Option<broadcast::Sender<Signal>> {
        self.people.lock().unwrap_or_else(PoisonError::into_inner).get(user_id).cloned()
    }

    fn nobody_connected(&self) -> bool {
        self.people.lock().unwrap_or_else(PoisonError::into_inner).is_empty()
    }

    /// Tells every connected person to re-read.
    fn resync_everyone(&self) {
        let senders: Vec<_> = self.people.lock().unwrap_or_else(PoisonError::into_inner).values().cloned().collect();
        for sender in senders {
            let _ = sender.send(Signal::Changed);
        }
    }

    /// Hands an announcement to the streams of the people it concerns.
    async fn dispatch(&self, payload: &str) {
        if self.nobody_connected() {
            return;
        }
        let Some(announcement) = Announcement::parse(payload) else {
            tracing::warn!(payload, "unreadable notification announcement");
            return;
        };
        let rows = match announcement {
            Announcement::ReadChanged(user_id) => {
                if let Some(sender) = self.sender_of(&user_id) {
                    let _ = sender.send(Signal::Changed);
                }
                return;
            }
            Announcement::Conversation { conversation_id, message_id, people } => {
                let message_id = Some(message_id).filter(|id| !id.is_empty());
                for person in people {
                    if let Some(sender) = self.sender_of(&person) {
                        let _ = sender.send(Signal::Conversation {
                            conversation_id: conversation_id.clone(),
                            message_id: message_id.clone(),
                        });
                    }
                }
                return;
            }
            Announcement::Created(id) => repo::find(&self.pool, &id).await.map(|row| row.into_iter().collect()),
            Announcement::Batch { broadcast_id, after, upto } => {
                repo::broadcast_batch(&self.pool, &broadcast_id, &after, &upto).await
            }
        };
        match rows {
            Ok(rows) => {
                for row in rows {
                    if let Some(sender) = self.sender_of(&row.user_id) {
                        let _ = sender.send(Signal::New(Arc::new(row)));
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, payload, "reading an announced notification failed; streams re-read");
                self.resync_everyone();
            }
        }
    }
}

/// Relays the announcements heard from PostgreSQL to this instance's streams until the server stops (or the
/// live delivery is dropped); after the listener reconnected, every stream re-reads what it may have missed.
async fn relay_postgres(weak: Weak<Inner>, mut heard: mpsc::Receiver<Heard>) {
    while let Some(heard) = heard.recv().await {
        let Some(inner) = weak.upgrade() else { return };
        match heard {
            Heard::Message(payload) => inner.dispatch(&payload).await,
            Heard::Resumed => inner.resync_everyone(),
        }
    }
}

/// Relays this instance's own announcements (SQLite) to its streams.
async fn relay_in_process(
    weak: Weak<Inner>,
    mut announcements: broadcast::Receiver<String>,
    mut closed: watch::Receiver<bool>,
) {
    loop {
        let received = tokio::select! {
            received = announcements.recv() => received,
            _ = closed.changed() => return,
        };
        let Some(inner) = weak.upgrade() else { return };
        match received {
            Ok(payload) => inner.dispatch(&payload).await,
            Err(broadcast::error::RecvError::Lagged(_)) => inner.resync_everyone(),
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_carry_ids_only_and_read_back() {
        let all = [
            Announcement::Created("0193-a".into()),
            Announcement::Batch { broadcast_id: "b1".into(), after: String::new(), upto: "u9".into() },
            Announcement::ReadChanged("u1".into()),
            Announcement::Conversation {
                conversation_id: "k1".into(),
                message_id: "m1".into(),
                people: vec!["u1".into(), "u2".into()],
            },
            Announcement::Conversation {
                conversation_id: "k1".into(),
                message_id: String::new(),
                people: vec!["u1".into()],
            },
        ];
        for announcement in all {
            assert_eq!(Announcement::parse(&announcement.payload()), Some(announcement.clone()));
        }
        assert_eq!(Announcement::parse("x:1"), None);
        assert_eq!(Announcement::parse("b:only"), None);
    }
}
