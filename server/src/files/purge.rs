//! Unused uploads: signed upload URLs that were never committed, avatars replaced since, pictures nothing
//! shows any more. Once a day old and unreferenced, their bytes and their `files` rows are deleted. The
//! temporary files of writes a crash interrupted are deleted too.
//!
//! Several server instances may purge at once: each file's row is deleted in a transaction that re-checks
//! that the file is old and unused and commits only after the bytes are gone, so a file is deleted by one
//! instance, a file that came into use meanwhile is kept, and a failed deletion is retried on the next run.

use std::time::Duration;

use super::repo as files;
use crate::platform::{db::Pool, storage::Storage};

/// How long an unused upload is kept.
pub const UNUSED_UPLOAD_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// How often the server purges.
pub const PURGE_INTERVAL: Duration = Duration::from_secs(60 * 60);

/// Rows read per query.
const BATCH: i64 = 100;

/// What a purge did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PurgeReport {
    /// Uploads deleted (bytes and row).
    pub deleted: u64,
    /// Uploads whose bytes could not be deleted; kept for the next run.
    pub failed: u64,
}

/// A temporary file of a write that was never renamed into place after this long was interrupted by a crash.
pub const INTERRUPTED_WRITE_AGE: Duration = Duration::from_secs(10 * 60);

/// Deletes the uploads unused for [`UNUSED_UPLOAD_AGE`] before `now_ms`, and what writes interrupted by a crash
/// left on disk.
pub async fn purge_unused_uploads(pool: &Pool, storage: &Storage, now_ms: i64) -> Result<PurgeReport, sqlx::Error> {
    match storage.remove_interrupted_writes(INTERRUPTED_WRITE_AGE).await {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "files of interrupted writes removed"),
        Err(e) => tracing::warn!(error = %e, "removing the files of interrupted writes failed"),
    }
    let age_ms = i64::try_from(UNUSED_UPLOAD_AGE.as_millis()).unwrap_or(i64::MAX);
    let before = now_ms.saturating_sub(age_ms);
    let mut report = PurgeReport::default();
    let mut after = String::new();
    loop {
        let batch = files::unused_before(pool, before, &after, BATCH).await?;
        for (id, key) in &batch {
            let mut tx = crate::platform::db::begin_write(pool).await?;
            if !files::delete_if_unused(&mut tx, id, before).await? {
                continue;
            }
            match storage.delete(key).await {
                Ok(()) => {
                    tx.commit().await?;
                    report.deleted += 1;
                }
                // Dropping the transaction keeps the row, so the next run tries again.
                Err(e) => {
                    tracing::warn!(error = %e, %key, "deleting an unused upload failed");
                    report.failed += 1;
                }
            }
        }
        match batch.last() {
            Some((id, _)) if i64::try_from(batch.len()).unwrap_or(i64::MAX) == BATCH => after.clone_from(id),
            _ => return Ok(report),
        }
    }
}

/// `academy purge-uploads`: one purge, then exit.
pub async fn purge_command(config: crate::Config) -> anyhow::Result<()> {
    crate::platform::telemetry::init(&config.log_filter, config.log_format);
    let state = crate::AppState::build(config).await?;
    let report = purge_unused_uploads(&state.pool, &state.storage, crate::platform::db::now_ms()).await?;
    tracing::info!(deleted = report.deleted, failed = report.failed, "unused uploads purged");
    if report.failed > 0 {
        anyhow::bail!("{} unused uploads could not be deleted; they are kept for the next run", report.failed);
    }
    Ok(())
}
