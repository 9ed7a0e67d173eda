//! The job queue on the real database: run once, retried with a delay, claims of a dead worker taken again,
//! enqueue-once keys, and many workers (as several instances would run) sharing one queue.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use academy_server::{
    AppState, housekeeping,
    platform::{
        db::now_ms,
        jobs::{Job, JobHandler, JobQueue, JobStatus, LEASE, NewJob, Worker},
    },
};
use serde_json::json;

use crate::helpers::spawn_app;

/// What the test handlers saw: each job id with the number of times it ran.
type Runs = Arc<Mutex<HashMap<String, u32>>>;

/// Records each run; fails while the payload's `fail` is true.
struct Recorder;

#[async_trait::async_trait]
impl JobHandler<Runs> for Recorder {
    fn kind(&self) -> &'static str {
        "test.record"
    }

    async fn run(&self, runs: &Runs, job: &Job) -> anyhow::Result<()> {
        *runs.lock().expect("runs").entry(job.id.clone()).or_default() += 1;
        if job.payload["fail"].as_bool() == Some(true) {
            anyhow::bail!("the test asked this job to fail");
        }
        Ok(())
    }
}

fn worker(queue: &JobQueue, runs: &Runs) -> Worker<Runs> {
    Worker::new(queue.clone(), runs.clone(), vec![Arc::new(Recorder)])
}

#[tokio::test]
async fn an_enqueued_job_runs_once_and_is_done() {
    let app = spawn_app().await;
    let runs = Runs::default();
    let id = app.state.jobs.enqueue(NewJob::new("test.record", json!({"n": 1}))).await.expect("enqueued");
    let id = id.expect("a new job has an id");

    let ran = worker(&app.state.jobs, &runs).run_due(now_ms()).await.expect("ran");
    let again = worker(&app.state.jobs, &runs).run_due(now_ms()).await.expect("nothing left");

    assert_eq!((ran, again), (1, 0));
    assert_eq!(runs.lock().expect("runs").get(&id), Some(&1));
    let row = app.state.jobs.find(&id).await.expect("read").expect("kept");
    assert_eq!((row.status.as_str(), row.attempts), ("done", 1));
}

#[tokio::test]
async fn a_failing_job_is_retried_after_a_delay_and_failed_after_its_last_attempt() {
    let app = spawn_app().await;
    let runs = Runs::default();
    let job = NewJob { max_attempts: 2, ..NewJob::new("test.record", json!({"fail": true})) };
    let id = app.state.jobs.enqueue(job).await.expect("enqueued").expect("id");
    let worker = worker(&app.state.jobs, &runs);
    let now = now_ms();

    assert_eq!(worker.run_due(now).await.expect("first run"), 1);
    let row = app.state.jobs.find(&id).await.expect("read").expect("kept");
    assert_eq!(row.status, JobStatus::Queued);
    assert!(row.run_at > now, "the retry waits");
    assert!(row.last_error.as_deref().is_some_and(|e| e.contains("asked this job to fail")));
    assert_eq!(worker.run_due(now).await.expect("not due yet"), 0);

    assert_eq!(worker.run_due(now + 60_000).await.expect("second run"), 1);
    let row = app.state.jobs.find(&id).await.expect("read").expect("kept");
    assert_eq!((row.status.as_str(), row.attempts), ("failed", 2));
    assert_eq!(worker.run_due(now + 3_600_000).await.expect("a failed job stays"), 0);
}

#[tokio::test]
async fn a_job_of_an_unknown_kind_fails_instead_of_being_lost() {
    let app = spawn_app().await;
    let runs = Runs::default();
    let job = NewJob { max_attempts: 1, ..NewJob::new("test.nobody", json!({})) };
    let id = app.state.jobs.enqueue(job).await.expect("enqueued").expect("id");

    worker(&app.state.jobs, &runs).run_due(now_ms()).await.expect("ran");

    let row = app.state.jobs.find(&id).await.expect("read").expect("kept");
    assert_eq!(row.status, JobStatus::Failed);
    assert!(row.last_error.as_deref().is_some_and(|e| e.contains("no handler")));
}

#[tokio::test]
async fn a_key_enqueues_its_job_once() {
    let app = spawn_app().await;

    let first = app.state.jobs.enqueue(NewJob::new("test.record", json!({})).once("report:2026-11")).await;
    let second = app.state.jobs.enqueue(NewJob::new("test.record", json!({})).once("report:2026-11")).await;

    assert!(first.expect("enqueued").is_some());
    assert_eq!(second.expect("ignored"), None);
}

#[tokio::test]
async fn every_instance_asks_for_the_hourly_chores_and_they_are_queued_once_per_hour() {
    let app = spawn_app().await;
    let now = now_ms();

    let a = app.state.jobs.enqueue(housekeeping::hourly_job(now)).await.expect("first instance");
    let b = app.state.jobs.enqueue(housekeeping::hourly_job(now)).await.expect("second instance");
    let next_hour = app.state.jobs.enqueue(housekeeping::hourly_job(now + 3_600_000)).await.expect("next hour");

    assert!(a.is_some());
    assert_eq!(b, None);
    assert!(next_hour.is_some());
}

#[tokio::test]
async fn a_job_claimed_by_a_worker_that_died_is_taken_again_when_its_lease_runs_out() {
    let app = spawn_app().await;
    let runs = Runs::default();
    let id = app.state.jobs.enqueue(NewJob::new("test.record", json!({}))).await.expect("enqueued").expect("id");
    let now = now_ms();
    let claimed = app.state.jobs.claim("a-worker-that-dies", now, 10).await.expect("claimed");
    assert_eq!(claimed.len(), 1);

    let during_lease = worker(&app.state.jobs, &runs).run_due(now + 1_000).await.expect("nothing to take");
    let lease_ms = i64::try_from(LEASE.as_millis()).expect("small");
    let after_lease = worker(&app.state.jobs, &runs).run_due(now + lease_ms).await.expect("taken again");

    assert_eq!((during_lease, after_lease), (0, 1));
    let row = app.state.jobs.find(&id).await.expect("read").expect("kept");
    assert_eq!((row.status.as_str(), row.attempts), ("done", 2));
}

#[tokio::test]
async fn a_queued_job_survives_a_restart_and_runs_on_the_next_start() {
    let app = spawn_app().await;
    let id = app.state.jobs.enqueue(NewJob::new("test.record", json!({}))).await.expect("enqueued").expect("id");
    let config = (*app.state.config).clone();
    app.state.pool.close().await;

    let restarted = AppState::build(config).await.expect("started again on the same database");
    let runs = Runs::default();
    worker(&restarted.jobs, &runs).run_due(now_ms()).await.expect("ran");

    assert_eq!(runs.lock().expect("runs").get(&id), Some(&1));
}

#[tokio::test]
async fn four_instances_sharing_the_queue_run_each_of_200_jobs_exactly_once() {
    let app = spawn_app().await;
    let mut ids = Vec::new();
    for n in 0..200 {
        ids.push(app.state.jobs.enqueue(NewJob::new("test.record", json!({ "n": n }))).await.expect("enqueued"));
    }
    let config = (*app.state.config).clone();
    let runs = Runs::default();
    let mut instances = Vec::new();
    for _ in 0..4 {
        // Each instance has its own pool on the one database, as separate servers would.
        let state = AppState::build(config.clone()).await.expect("instance started");
        let worker = worker(&state.jobs, &runs);
        instances.push(tokio::spawn(async move { while worker.run_due(now_ms()).await.expect("ran") > 0 {} }));
    }
    for instance in instances {
        instance.await.expect("instance finished");
    }

    let runs = runs.lock().expect("runs");
    assert_eq!(runs.len(), 200, "every job ran");
    assert!(runs.values().all(|&n| n == 1), "no job ran twice: {:?}", runs.values().filter(|&&n| n != 1).count());
    assert!(ids.iter().all(|id| id.as_ref().is_some_and(|id| runs.contains_key(id))));
}
