//! The job queue: work that must survive a restart and run once across several server instances (mail,
//! webhooks, broadcasts, housekeeping), kept as rows of the `jobs` table.
//!
//! A job is enqueued (in the same transaction as the change that asks for it, when there is one) and later
//! claimed by one worker of one instance: on PostgreSQL the claim selects due rows `for update skip locked`, so
//! instances never wait on each other nor take the same row; on SQLite (one instance) the claiming `update` is
//! the single writer. A claim is a lease: a worker that dies mid-job (a crash, a deploy) leaves the row
//! `running` with a lease that runs out, and another worker takes it again. Delivery is therefore at least
//! once: a handler must be safe to run twice (an idempotency key in what it writes, a unique mail id).
//!
//! A failed run is retried later with a growing delay (2^attempts seconds, at most an hour) until the job's
//! `max_attempts`, then kept as `failed` for an administrator to read. Finished jobs are deleted after a week by
//! [`JobQueue::purge_finished`].
//!
//! A `dedupe_key` makes an enqueue happen once: the second enqueue with the same key is ignored (the hourly
//! housekeeping of every instance uses `housekeeping:<hour>`, so one of them does it).

use std::{collections::HashMap, sync::Arc, time::Duration};

use sqlx::{Any, AnyPool, Executor, Row as _};
use tokio::sync::{Notify, watch};

use crate::platform::{
    db::{Backend, new_id, now_ms},
    metrics::names,
};

/// How long a claim lasts before another worker may take the job again.
pub const LEASE: Duration = Duration::from_secs(5 * 60);
/// How often an idle worker looks for due jobs (an enqueue on the same instance wakes it at once).
pub const POLL_INTERVAL: Duration = Duration::from_secs(1);
/// Jobs claimed per round by one worker.
const BATCH: i64 = 16;
/// Finished jobs are kept this long (for the record), then purged.
const KEEP_FINISHED: Duration = Duration::from_secs(7 * 24 * 3600);

/// A job to enqueue.
#[derive(Debug, Clone)]
pub struct NewJob {
    /// Which handler runs it, e.g. `mail.send`.
    pub kind: &'static str,
    /// The handler's input.
    pub payload: serde_json::Value,
    /// Not before this instant (epoch ms); now by default.
    pub run_at_ms: Option<i64>,
    /// At most one job is ever enqueued with this key.
    pub dedupe_key: Option<String>,
    pub max_attempts: i32,
}

impl NewJob {
    /// A job of `kind` with `payload`, due now, tried up to 8 times.
    pub fn new(kind: &'static str, payload: serde_json::Value) -> NewJob {
        NewJob { kind, payload, run_at_ms: None, dedupe_key: None, max_attempts: 8 }
    }

    /// Enqueued only once, whoever asks again with the same key.
    pub fn once(mut self, key: impl Into<String>) -> NewJob {
        self.dedupe_key = Some(key.into());
        self
    }

    /// Due at `run_at_ms` (epoch ms).
    pub fn at(mut self, run_at_ms: i64) -> NewJob {
        self.run_at_ms = Some(run_at_ms);
        self
    }
}

/// A claimed job, handed to its handler.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub payload: serde_json::Value,
    /// This run's number, from 1.
    pub attempt: i32,
    pub max_attempts: i32,
}

academy_shared::stored_names! {
    /// Where a job stands: waiting (or waiting again after a failed run), claimed by a worker, or finished.
    pub enum JobStatus("job status") {
        Queued = "queued",
        Running = "running",
        Done = "done",
        Failed = "failed",
    }
}

/// The state of a job row (for tests and the admin).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct JobRow {
    pub id: String,
    pub kind: String,
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub run_at: i64,
}

/// Runs jobs of one kind. `C` is what handlers need (the server's `AppState`).
#[async_trait::async_trait]
pub trait JobHandler<C>: Send + Sync {
    /// The kind this handler runs.
    fn kind(&self) -> &'static str;
    /// Does the work; an error schedules a retry (or fails the job after its last attempt).
    async fn run(&self, context: &C, job: &Job) -> anyhow::Result<()>;
}

/// The queue: enqueue, claim, finish. Cheap to clone.
#[derive(Debug, Clone)]
pub struct JobQueue {
    pool: AnyPool,
    backend: Backend,
    /// Wakes this instance's worker when a job is enqueued here.
    wake: Arc<Notify>,
    /// The kinds [`JobQueue::depth`] has seen, reported at 0 once their queue is empty.
    seen_kinds: Arc<std::sync::Mutex<std::collections::BTreeSet<String>>>,
}

/// How many jobs of one kind wait and run (every instance's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Depth {
    pub kind: String,
    /// Queued and due.
    pub waiting: i64,
    /// Claimed by a worker.
    pub running: i64,
}

impl JobQueue {
    pub fn new(pool: AnyPool, backend: Backend) -> JobQueue {
        JobQueue { pool, backend, wake: Arc::new(Notify::new()), seen_kinds: Arc::default() }
    }

    /// The queue's depth as at `now`, per kind: every kind queued now or seen before.
    pub async fn depth(&self, now: i64) -> Result<Vec<Depth>, sqlx::Error> {
        let rows: Vec<(String, i64, i64)> = sqlx::query_as(
            "select kind, cast(sum(case when status = 'queued' and run_at <= $1 then 1 else 0 end) as bigint), \
             cast(sum(case when status = 'running' then 1 else 0 end) as bigint) \
             from jobs where status in ('queued', 'running') group by kind",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let mut seen = self.seen_kinds.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.extend(rows.iter().map(|(kind, ..)| kind.clone()));
        Ok(seen
            .iter()
            .map(|kind| {
                let row = rows.iter().find(|(k, ..)| k == kind);
                let (waiting, running) = row.map_or((0, 0), |(_, waiting, running)| (*waiting, *running));
                Depth { kind: kind.clone(), waiting, running }
            })
            .collect())
    }

    /// Enqueues `job` on the pool. Returns its id, or `None` when its dedupe key was already used.
    pub async fn enqueue(&self, job: NewJob) -> Result<Option<String>, sqlx::Error> {
        let id = Self::enqueue_with(&self.pool, job).await?;
        self.wake.notify_one();
        Ok(id)
    }

    /// Enqueues `job` through `executor`, typically the transaction of the change that asks for it (the job then
    /// exists exactly when the change does). Call [`JobQueue::wake`] after the commit to start it at once.
    pub async fn enqueue_with<'e>(
        executor: impl Executor<'e, Database = Any>,
        job: NewJob,
    ) -> Result<Option<String>, sqlx::Error> {
        let now = now_ms();
        let id = new_id();
        let done = sqlx::query(
            "insert into jobs (id, kind, payload, dedupe_key, status, run_at, attempts, max_attempts, created_at) \
             values ($1, $2, $3, $4, 'queued', $5, 0, $6, $7) on conflict (dedupe_key) do nothing",
        )
        .bind(&id)
        .bind(job.kind)
        .bind(job.payload.to_string())
        .bind(job.dedupe_key)
        .bind(job.run_at_ms.unwrap_or(now))
        .bind(job.max_attempts.max(1))
        .bind(now)
        .execute(executor)
        .await?;
        Ok((done.rows_affected() == 1).then_some(id))
    }

    /// Wakes this instance's worker (after a transaction that enqueued jobs has committed).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Claims up to `limit` due jobs for `worker` as at `now`: queued ones whose time has come, and running ones
    /// whose lease ran out (their worker died).
    pub async fn claim(&self, worker: &str, now: i64, limit: i64) -> Result<Vec<Job>, sqlx::Error> {
        let lock = match self.backend {
            Backend::Postgres => " for update skip locked",
            Backend::Sqlite => "",
        };
        let sql = format!(
            "update jobs set status = 'running', locked_by = $1, locked_until = $2, attempts = attempts + 1 \
             where id in (select id from jobs \
                 where (status = 'queued' and run_at <= $3) or (status = 'running' and locked_until <= $3) \
                 order by run_at limit $4{lock}) \
             returning id, kind, payload, attempts, max_attempts"
        );
        let lease_ms = i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX);
        let rows = sqlx::query(&sql)
            .bind(worker)
            .bind(now.saturating_add(lease_ms))
            .bind(now)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let payload: String = row.try_get("payload")?;
                Ok(Job {
                    id: row.try_get("id")?,
                    kind: row.try_get("kind")?,
                    payload: serde_json::from_str(&payload).unwrap_or(serde_json::Value::Null),
                    attempt: row.try_get("attempts")?,
                    max_attempts: row.try_get("max_attempts")?,
                })
            })
            .collect()
    }

    /// Marks a claimed job done (only if `worker` still holds it).
    pub async fn complete(&self, job: &Job, worker: &str, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "update jobs set status = 'done', finished_at = $1, locked_by = null, locked_until = null \
             where id = $2 and locked_by = $3 and status = 'running'",
        )
        .bind(now)
        .bind(&job.id)
        .bind(worker)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Hands a claimed job that was not started back to the queue, as it was before the claim (only if `worker`
    /// still holds it).
    pub async fn release(&self, job: &Job, worker: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "update jobs set status = 'queued', attempts = attempts - 1, locked_by = null, locked_until = null \
             where id = $1 and locked_by = $2 and status = 'running'",
        )
        .bind(&job.id)
        .bind(worker)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records a failed run: queued again after a growing delay, or `failed` after the last attempt.
    pub async fn fail(&self, job: &Job, worker: &str, error: &str, now: i64) -> Result<(), sqlx::Error> {
        let error: String = error.chars().take(2000).collect();
        let (status, run_at, finished) = if job.attempt >= job.max_attempts {
            (JobStatus::Failed, now, Some(now))
        } else {
            (JobStatus::Queued, now.saturating_add(retry_delay_ms(job.attempt)), None)
        };
        sqlx::query(
            "update jobs set status = $1, run_at = $2, finished_at = $3, last_error = $4, locked_by = null, \
             locked_until = null where id = $5 and locked_by = $6 and status = 'running'",
        )
        .bind(status.as_str())
        .bind(run_at)
        .bind(finished)
        .bind(error)
        .bind(&job.id)
        .bind(worker)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Deletes jobs finished (done or failed) more than a week before `now`.
    pub async fn purge_finished(&self, now: i64) -> Result<u64, sqlx::Error> {
        let keep_ms = i64::try_from(KEEP_FINISHED.as_millis()).unwrap_or(i64::MAX);
        let done = sqlx::query("delete from jobs where status in ('done', 'failed') and finished_at <= $1")
            .bind(now.saturating_sub(keep_ms))
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// One job's row, if it exists.
    pub async fn find(&self, id: &str) -> Result<Option<JobRow>, sqlx::Error> {
        sqlx::query_as("select id, kind, status, attempts, last_error, run_at from jobs where id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }
}

/// The delay before retry number `attempt + 1`: 2^attempt seconds, at most an hour.
pub fn retry_delay_ms(attempt: i32) -> i64 {
    let exponent = u32::try_from(attempt.clamp(0, 12)).unwrap_or(0);
    (1000_i64 << exponent).min(3_600_000)
}

/// Claims and runs jobs until `stop` turns true: the loop each server instance runs.
#[derive(Clone)]
pub struct Worker<C> {
    queue: JobQueue,
    context: C,
    handlers: Arc<HashMap<&'static str, Arc<dyn JobHandler<C>>>>,
    /// Names this worker in the rows it claims.
    id: String,
}

impl<C> std::fmt::Debug for Worker<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut kinds: Vec<_> = self.handlers.keys().collect();
        kinds.sort();
        f.debug_struct("Worker").field("id", &self.id).field("kinds", &kinds).finish_non_exhaustive()
    }
}

impl<C: Send + Sync + 'static> Worker<C> {
    pub fn new(queue: JobQueue, context: C, handlers: Vec<Arc<dyn JobHandler<C>>>) -> Worker<C> {
        let handlers = handlers.into_iter().map(|h| (h.kind(), h)).collect();
        Worker { queue, context, handlers: Arc::new(handlers), id: format!("worker-{}", new_id()) }
    }

    /// Claims due jobs once and runs them; returns how many ran.
    pub async fn run_due(&self, now: i64) -> Result<usize, sqlx::Error> {
        self.run_due_until(now, None).await
    }

    /// Like [`Worker::run_due`], but once `stop` turns true the claimed jobs not started yet are handed back to the
    /// queue (for this or another instance, at once) instead of waiting for their lease to run out.
    async fn run_due_until(&self, now: i64, stop: Option<&watch::Receiver<bool>>) -> Result<usize, sqlx::Error> {
        let jobs = self.queue.claim(&self.id, now, BATCH).await?;
        for (i, job) in jobs.iter().enumerate() {
            if stop.is_some_and(|stop| *stop.borrow()) {
                for left in &jobs[i..] {
                    self.queue.release(left, &self.id).await?;
                }
                tracing::info!(released = jobs.len() - i, "stopping: claimed jobs handed back to the queue");
                return Ok(i);
            }
            let started = std::time::Instant::now();
            let outcome = match self.handlers.get(job.kind.as_str()) {
                Some(handler) => handler.run(&self.context, job).await,
                None => Err(anyhow::anyhow!("no handler for job kind {:?}", job.kind)),
            };
            let counted = match &outcome {
                Ok(()) => "done",
                Err(_) if job.attempt >= job.max_attempts => "failed",
                Err(_) => "retry",
            };
            metrics::counter!(names::JOB_RUNS, "kind" => job.kind.clone(), "outcome" => counted).increment(1);
            metrics::histogram!(names::JOB_DURATION, "kind" => job.kind.clone())
                .record(started.elapsed().as_secs_f64());
            match outcome {
                Ok(()) => self.queue.complete(job, &self.id, now_ms()).await?,
                Err(error) => {
                    tracing::warn!(job = %job.id, kind = %job.kind, attempt = job.attempt, error = %format!("{error:#}"),
                        "a job failed");
                    self.queue.fail(job, &self.id, &format!("{error:#}"), now_ms()).await?;
                }
            }
        }
        Ok(jobs.len())
    }

    /// Runs due jobs until `stop` turns true (or its sender is dropped), waking on an enqueue or every
    /// [`POLL_INTERVAL`]; the job under way is finished first.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        loop {
            let ran = match self.run_due_until(now_ms(), Some(&stop)).await {
                Ok(ran) => ran,
                Err(e) => {
                    tracing::warn!(error = %e, "claiming jobs failed");
                    0
                }
            };
            if *stop.borrow() {
                return;
            }
            if ran > 0 {
                continue;
            }
            tokio::select! {
                () = self.queue.wake.notified() => {}
                () = tokio::time::sleep(POLL_INTERVAL) => {}
                changed = stop.changed() => {
                    if changed.is_err() || *stop.borrow() {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        assert_eq!(retry_delay_ms(0), 1_000);
        assert_eq!(retry_delay_ms(1), 2_000);
        assert_eq!(retry_delay_ms(5), 32_000);
        assert_eq!(retry_delay_ms(12), 3_600_000);
        assert_eq!(retry_delay_ms(40), 3_600_000);
        assert_eq!(retry_delay_ms(-3), 1_000);
    }
}
