//! Messages between instances over PostgreSQL `LISTEN`/`NOTIFY` (`platform::listen`), which live notifications
//! and the online room's signalling share.

use std::time::Duration;

use academy_server::platform::{
    db::Backend,
    listen::{self, Heard},
};
use tokio::sync::{mpsc, watch};

use crate::helpers::{backend, spawn_app};

const CHANNEL: &str = "academy_listen_test";
const SOON: Duration = Duration::from_secs(5);

async fn next(heard: &mut mpsc::Receiver<Heard>) -> Option<Heard> {
    tokio::time::timeout(SOON, heard.recv()).await.ok().flatten()
}

/// The server's own listeners (the settings, live delivery) listen too: only this test's channel is counted.
const OUR_LISTENER: &str = "datname = current_database() and query ilike 'listen%' and position($1 in query) > 0 \
     and pid <> pg_backend_pid()";

async fn listening_connections(pool: &academy_server::platform::db::Pool) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from pg_stat_activity where {OUR_LISTENER}"))
        .bind(CHANNEL)
        .fetch_one(pool)
        .await
        .expect("counted")
}

#[tokio::test]
async fn a_listener_hears_in_order_says_when_it_listened_again_and_stops_with_the_server() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on SQLite: LISTEN/NOTIFY is PostgreSQL's (one SQLite instance relays in process)");
        return;
    }
    let app = spawn_app().await;
    let pool = &app.state.pool;
    let (closed, on_close) = watch::channel(false);
    let mut heard = listen::listen(&app.state.config.database_url(), CHANNEL, on_close).await.expect("listening");

    for payload in ["one", "two", "three"] {
        listen::notify(pool, CHANNEL, payload).await.expect("sent");
    }
    let first: Vec<_> = [next(&mut heard).await, next(&mut heard).await, next(&mut heard).await].into();
    assert_eq!(first, ["one", "two", "three"].map(|p| Some(Heard::Message(p.into()))));

    // The listening connection is cut: the listener opens another, says so, then hears what follows.
    let cut: Vec<bool> =
        sqlx::query_scalar(&format!("select pg_terminate_backend(pid) from pg_stat_activity where {OUR_LISTENER}"))
            .bind(CHANNEL)
            .fetch_all(pool)
            .await
            .expect("cut");
    assert_eq!(cut, [true]);
    assert_eq!(next(&mut heard).await, Some(Heard::Resumed));
    listen::notify(pool, CHANNEL, "four").await.expect("sent");
    assert_eq!(next(&mut heard).await, Some(Heard::Message("four".into())));

    // The server stops: the listener lets go of its connection and the receiver ends.
    closed.send_replace(true);
    assert_eq!(next(&mut heard).await, None);
    let mut left = listening_connections(pool).await;
    for _ in 0..50 {
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = listening_connections(pool).await;
    }
    assert_eq!(left, 0, "the listening connection is closed");
}
