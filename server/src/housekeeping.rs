//! Hourly chores: unused uploads are deleted ([`files::purge`](crate::files::purge)), login, reset-request
//! and rate-limit counters whose window has passed are dropped, and finished jobs older than a week are purged.
//!
//! Every instance asks for the chores each hour through the job queue with the key `housekeeping:<hour>`, so
//! one worker of one instance does them once per hour however many instances run.

use serde_json::json;
use tokio::sync::watch;

use crate::{
    files::purge::{PURGE_INTERVAL, PurgeReport, purge_unused_uploads},
    platform::{
        db::now_ms,
        jobs::{Job, JobHandler, NewJob},
    },
    state::AppState,
};

/// The job kind of the chores.
pub const JOB_KIND: &str = "housekeeping";

/// Enqueues this hour's chores every [`PURGE_INTERVAL`] (the first right away) until `stop` turns true or its
/// sender is dropped.
pub async fn schedule_periodically(state: AppState, mut stop: watch::Receiver<bool>) {
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
        if let Err(e) = state.jobs.enqueue(hourly_job(now_ms())).await {
            tracing::warn!(error = %e, "asking for the hourly chores failed");
        }
    }
}

/// The chores' job for the hour of `now_ms`: one per hour, whoever enqueues it.
pub fn hourly_job(now_ms: i64) -> NewJob {
    let period_ms = i64::try_from(PURGE_INTERVAL.as_millis()).unwrap_or(3_600_000).max(1);
    NewJob::new(JOB_KIND, json!({})).once(format!("{JOB_KIND}:{}", now_ms / period_ms))
}

/// Runs the chores when the queue hands them out.
#[derive(Debug)]
pub struct Chores;

#[async_trait::async_trait]
impl JobHandler<AppState> for Chores {
    fn kind(&self) -> &'static str {
        JOB_KIND
    }

    async fn run(&self, state: &AppState, _job: &Job) -> anyhow::Result<()> {
        run_once(state, now_ms()).await;
        Ok(())
    }
}

/// Every chore once, as at `now_ms`; failures are logged and retried the next hour.
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
    match state.jobs.purge_finished(now_ms).await {
        Ok(0) => {}
        Ok(purged) => tracing::info!(purged, "finished jobs purged"),
        Err(e) => tracing::warn!(error = %e, "purging finished jobs failed"),
    }
}
