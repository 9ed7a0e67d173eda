//! Messages between the instances of the server over PostgreSQL `LISTEN`/`NOTIFY`.
//!
//! A sender calls [`notify`] (a `NOTIFY` through the pool, so it is sent when the statement runs, or with the
//! transaction that carries it). A receiver calls [`listen`]: one connection of its own listens on the channel,
//! and what it hears arrives in order on the returned receiver. When that connection drops, it listens again
//! on a new one (waiting 0.1 s, doubling up to 5 s) and says so with [`Heard::Resumed`], since messages sent
//! in between are lost: the receiver re-reads what it may have missed. It stops when the server closes or the
//! receiver is dropped.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{mpsc, watch};

use super::db::Pool;

/// Messages heard but not yet taken by the receiver.
const BUFFER: usize = 1024;

/// What a listener hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A message's payload.
    Message(String),
    /// The listening connection dropped and was opened again: messages of that time are lost.
    Resumed,
}

/// Sends `payload` on `channel` to every instance listening (PostgreSQL only; payloads under 8000 bytes).
pub async fn notify(pool: &Pool, channel: &str, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_notify($1, $2)").bind(channel).bind(payload).execute(pool).await.map(drop)
}

/// Listens on `channel` with a connection of its own to `database_url` until `closed` turns true or the
/// receiver is dropped. Fails when the first connection cannot listen; later drops are listened through.
pub async fn listen(
    database_url: &str,
    channel: &'static str,
    closed: watch::Receiver<bool>,
) -> Result<mpsc::Receiver<Heard>, sqlx::Error> {
    let listener = listen_on(database_url, channel).await?;
    let (heard, receiver) = mpsc::channel(BUFFER);
    tokio::spawn(relay(listener, database_url.to_owned(), channel, heard, closed));
    Ok(receiver)
}

async fn listen_on(database_url: &str, channel: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(channel).await?;
    Ok(listener)
}

async fn relay(
    mut listener: PgListener,
    database_url: String,
    channel: &'static str,
    heard: mpsc::Sender<Heard>,
    mut closed: watch::Receiver<bool>,
) {
    loop {
        let received = tokio::select! {
            received = listener.try_recv() => received,
            _ = closed.changed() => return,
            () = heard.closed() => return,
        };
        let message = match received {
            Ok(Some(notification)) => Heard::Message(notification.payload().to_owned()),
            Ok(None) | Err(_) => {
                if let Err(e) = received {
                    tracing::warn!(error = %e, channel, "a listening connection failed");
                }
                let mut delay = Duration::from_millis(100);
                listener = loop {
                    match listen_on(&database_url, channel).await {
                        Ok(listener) => break listener,
                        Err(e) => tracing::warn!(error = %e, channel, "listening again failed"),
                    }
                    tokio::select! {
                        () = tokio::time::sleep(delay) => {}
                        _ = closed.changed() => return,
                        () = heard.closed() => return,
                    }
                    delay = (delay * 2).min(Duration::from_secs(5));
                };
                tracing::info!(channel, "listening again");
                Heard::Resumed
            }
        };
        if heard.send(message).await.is_err() {
            return;
        }
    }
}
