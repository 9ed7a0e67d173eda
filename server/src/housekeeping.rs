//! Chores every server instance runs while serving, every [`PURGE_INTERVAL`] (the first right away): unused
//! uploads are deleted ([`storage::purge`](crate::storage::purge)) and login, reset-request and rate-limit
//! counters whose window has passed are dropped. Each chore is safe when several instances run it at once.

use tokio::sync::watch;

use crate::{
    state::AppState,
    storage::purge::{PURGE_INTERVAL, PurgeReport, purge_unused_uploads},
};

/// Runs [`run_once`] periodically until `stop` turns true or its sender is dropped; a run under way is finished
/// first.
pub async fn run_periodically(state: AppState, mut stop: watch::Receiver<bool>) {
    let mut interval = tokio::time::interval(PURGE_INTERVAL);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
                continue;
            }
        }
        run_once(&state, crate::db::now_ms()).await;
    }
}

/// Every chore once, as at `now_ms`; failures are logged and retried on the next run.
pub async fn run_once(state: &AppState, now_ms: i64) {
    match purge_unused_uploads(&state.pool, &state.storage, now_ms).await {
        Ok(report) if report == PurgeReport::default() => tracing::debug!("no unused uploads"),
        Ok(report) => tracing::info!(deleted = report.deleted, failed = report.failed, "unused uploads purged"),
        Err(e) => tracing::warn!(error = %e, "purging unused uploads failed"),
    }
    match state.login_throttle.purge(&state.pool, now_ms).await {
        Ok(0) => {}
        Ok(dropped) => tracing::info!(dropped, "expired login and reset-request counters dropped"),
        Err(e) => tracing::warn!(error = %e, "dropping expired login counters failed"),
    }
    match state.rate_limiter.purge(&state.pool, now_ms).await {
        Ok(0) => {}
        Ok(dropped) => tracing::info!(dropped, "expired rate-limit counters dropped"),
        Err(e) => tracing::warn!(error = %e, "dropping expired rate-limit counters failed"),
    }
}
