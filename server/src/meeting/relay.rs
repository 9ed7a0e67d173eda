//! The signalling relay: messages between the people of one room, whichever instance each is connected to.
//!
//! On PostgreSQL a message is a `NOTIFY` on [`CHANNEL`] (its JSON as the payload, at most
//! [`MAX_MESSAGE_BYTES`]), heard by each instance's one listener ([`crate::platform::listen`], started when its
//! first socket joins); on SQLite (one instance) it goes straight to the room's sockets. Each
//! instance hands a message to the sockets of its room through an in-process channel per room.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError, Weak},
};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{OnceCell, broadcast, mpsc, watch};

use crate::platform::{
    db::{Backend, Pool},
    listen::{self, Heard},
};

/// The PostgreSQL channel of signalling messages.
pub const CHANNEL: &str = "academy_meeting";
/// A message (offer, answer, ICE candidate...) is at most this long: PostgreSQL's notifications carry under 8000
/// bytes.
pub const MAX_MESSAGE_BYTES: usize = 7000;
/// Messages one room's channel holds for a slow socket.
const ROOM_BUFFER: usize = 256;

/// A message on its way to the sockets of a room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Relayed {
    pub room: String,
    /// The sending connection (never handed back to it).
    pub from_connection: String,
    /// Only for this person (user id), when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_user: Option<String>,
    /// Only for this connection, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_connection: Option<String>,
    /// What the receiving browsers get.
    pub message: Value,
}

impl Relayed {
    /// Whether connection `connection_id` of `user_id` receives this message.
    pub fn is_for(&self, connection_id: &str, user_id: &str) -> bool {
        self.from_connection != connection_id
            && self.to_connection.as_deref().is_none_or(|c| c == connection_id)
            && self.to_user.as_deref().is_none_or(|u| u == user_id)
    }
}

/// This instance's relay. Cheap to clone.
#[derive(Clone)]
pub struct Relay {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    backend: Backend,
    database_url: String,
    rooms: Mutex<HashMap<String, broadcast::Sender<Arc<Relayed>>>>,
    listening: OnceCell<()>,
    closed: watch::Sender<bool>,
}

impl std::fmt::Debug for Relay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relay").field("backend", &self.inner.backend).finish_non_exhaustive()
    }
}

impl Relay {
    pub fn new(pool: Pool, backend: Backend, database_url: String) -> Relay {
        Relay {
            inner: Arc::new(Inner {
                pool,
                backend,
                database_url,
                rooms: Mutex::new(HashMap::new()),
                listening: OnceCell::new(),
                closed: watch::channel(false).0,
            }),
        }
    }

    /// Receives the messages of `room_id` (starting this instance's listener the first time).
    pub async fn subscribe(&self, room_id: &str) -> Result<RoomFeed, sqlx::Error> {
        if self.inner.backend == Backend::Postgres {
            self.inner.listening.get_or_try_init(|| self.listen()).await?;
        }
        let receiver = {
            let mut rooms = self.inner.rooms.lock().unwrap_or_else(PoisonError::into_inner);
            rooms.entry(room_id.to_owned()).or_insert_with(|| broadcast::channel(ROOM_BUFFER).0).subscribe()
        };
        Ok(RoomFeed { relay: self.clone(), room: room_id.to_owned(), receiver })
    }

    /// Sends a message to every instance's sockets of its room. A failure is logged (the browsers retry or
    /// reconnect).
    pub async fn publish(&self, relayed: Relayed) {
        match self.inner.backend {
            Backend::Postgres => {
                let Ok(payload) = serde_json::to_string(&relayed) else { return };
                if let Err(e) = listen::notify(&self.inner.pool, CHANNEL, &payload).await {
                    tracing::warn!(error = %e, room = relayed.room, "relaying a signalling message failed");
                }
            }
            Backend::Sqlite => self.inner.deliver(Arc::new(relayed)),
        }
    }

    /// Ends every socket and stops listening (the server is stopping).
    pub fn close(&self) {
        self.inner.closed.send_replace(true);
    }

    /// Turns true when the server stops.
    pub fn closed(&self) -> watch::Receiver<bool> {
        self.inner.closed.subscribe()
    }

    async fn listen(&self) -> Result<(), sqlx::Error> {
        let heard = listen::listen(&self.inner.database_url, CHANNEL, self.inner.closed.subscribe()).await?;
        tokio::spawn(relay_postgres(Arc::downgrade(&self.inner), heard));
        Ok(())
    }
}

/// The messages of one room, for one socket.
#[derive(Debug)]
pub struct RoomFeed {
    relay: Relay,
    room: String,
    receiver: broadcast::Receiver<Arc<Relayed>>,
}

impl RoomFeed {
    /// The next message of the room (messages a slow socket missed are skipped, logged).
    pub async fn recv(&mut self) -> Arc<Relayed> {
        loop {
            match self.receiver.recv().await {
                Ok(relayed) => return relayed,
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(missed, room = self.room, "a signalling socket fell behind");
                }
                // The channel lives while this feed does (it is removed only when its last one drops).
                Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
            }
        }
    }
}

impl Drop for RoomFeed {
    fn drop(&mut self) {
        let mut rooms = self.relay.inner.rooms.lock().unwrap_or_else(PoisonError::into_inner);
        if rooms.get(&self.room).is_some_and(|sender| sender.receiver_count() <= 1) {
            rooms.remove(&self.room);
        }
    }
}

impl Inner {
    fn deliver(&self, relayed: Arc<Relayed>) {
        let sender = self.rooms.lock().unwrap_or_else(PoisonError::into_inner).get(&relayed.room).cloned();
        if let Some(sender) = sender {
            let _ = sender.send(relayed);
        }
    }
}

/// Hands the messages heard from PostgreSQL to this instance's sockets until the server stops (messages lost
/// while the listener reconnected are not replayed: browsers renegotiate on their own).
async fn relay_postgres(weak: Weak<Inner>, mut heard: mpsc::Receiver<Heard>) {
    while let Some(heard) = heard.recv().await {
        let Some(inner) = weak.upgrade() else { return };
        if let Heard::Message(payload) = heard {
            match serde_json::from_str::<Relayed>(&payload) {
                Ok(relayed) => inner.deliver(Arc::new(relayed)),
                Err(e) => tracing::warn!(error = %e, "unreadable signalling message"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reaches_everyone_but_its_sender_or_only_its_addressee() {
        let mut relayed = Relayed {
            room: "r".into(),
            from_connection: "c1".into(),
            to_user: None,
            to_connection: None,
            message: Value::Null,
        };
        assert!(!relayed.is_for("c1", "u1"));
        assert!(relayed.is_for("c2", "u2"));
        relayed.to_user = Some("u3".into());
        assert!(!relayed.is_for("c2", "u2"));
        assert!(relayed.is_for("c3", "u3"));
        relayed.to_connection = Some("c4".into());
        assert!(!relayed.is_for("c3", "u3"));
    }
}
