//! The server's figures for an operator's Prometheus, served at `/metrics` ([`crate::http::metrics`]).
//!
//! Code counts through the `metrics` facade (`metrics::counter!(names::HTTP_REQUESTS, …)`), which costs nothing
//! until a recorder is installed. The recorder (`metrics-exporter-prometheus`) is installed once per process by
//! [`install`], when the configuration lets someone read the figures; gauges that are cheap to read on demand
//! (the database pool, the job queue, the page renderer's queue) are set when they are scraped.

use std::{sync::OnceLock, time::Duration};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// The names of the figures, each described in [`install`].
pub mod names {
    pub const HTTP_REQUESTS: &str = "academy_http_requests_total";
    pub const HTTP_DURATION: &str = "academy_http_request_duration_seconds";
    pub const DB_CONNECTIONS: &str = "academy_db_pool_connections";
    pub const DB_POOL_MAX: &str = "academy_db_pool_max_connections";
    pub const DB_WRITES_WAITING: &str = "academy_db_write_transactions_waiting";
    pub const DB_BEGIN_WAIT: &str = "academy_db_write_begin_wait_seconds";
    pub const JOBS_WAITING: &str = "academy_job_queue_depth";
    pub const JOBS_RUNNING: &str = "academy_jobs_running";
    pub const JOB_RUNS: &str = "academy_job_runs_total";
    pub const JOB_DURATION: &str = "academy_job_duration_seconds";
    pub const LIVE_STREAMS: &str = "academy_live_streams_open";
    pub const ROOM_SOCKETS: &str = "academy_room_sockets_open";
    pub const RENDERS: &str = "academy_page_renders_total";
    pub const RENDER_DURATION: &str = "academy_page_render_duration_seconds";
    pub const RENDERER_RESTARTS: &str = "academy_page_renderer_restarts_total";
    pub const RENDERER_QUEUE: &str = "academy_page_renderer_queue";
    pub const BANK_FEED: &str = "academy_bank_feed_deliveries_total";
    pub const PAYMENTS: &str = "academy_payments_total";
    pub const MAILS: &str = "academy_mails_total";
    pub const BACKUPS: &str = "academy_backups_total";
}

/// Bucket bounds of the latency histograms, in seconds.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process's recorder (the first call does; later calls answer the same handle). `None` when another
/// recorder was installed first.
pub fn install() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), LATENCY_BUCKETS)
                .ok()?;
            let handle = match builder.install_recorder() {
                Ok(handle) => handle,
                Err(e) => {
                    tracing::warn!(error = %e, "metrics are off: a recorder was installed before");
                    return None;
                }
            };
            describe();
            // Histograms keep their samples until they are drained: drained every few seconds, scraped or not.
            let upkeep = handle.clone();
            let spawned = std::thread::Builder::new().name("metrics-upkeep".to_owned()).spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_secs(5));
                    upkeep.run_upkeep();
                }
            });
            if let Err(e) = spawned {
                tracing::warn!(error = %e, "the metrics upkeep thread could not start");
            }
            Some(handle)
        })
        .as_ref()
}

/// The handle, once [`install`] succeeded.
pub fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE.get().and_then(Option::as_ref)
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    use names::*;
    describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by method, route template and status.");
    describe_histogram!(HTTP_DURATION, Unit::Seconds, "Time to answer an HTTP request (to its headers), by route.");
    describe_gauge!(DB_CONNECTIONS, "Database connections of the pool, by state (in_use, idle).");
    describe_gauge!(DB_POOL_MAX, "The most connections the database pool opens.");
    describe_gauge!(
        DB_WRITES_WAITING,
        "Write transactions waiting to begin: for a pool connection and, on SQLite, for the write lock."
    );
    describe_histogram!(
        DB_BEGIN_WAIT,
        Unit::Seconds,
        "Time a write transaction waited to begin (a pool connection, and SQLite's write lock)."
    );
    describe_gauge!(JOBS_WAITING, "Queued jobs whose time has come, by kind (all instances).");
    describe_gauge!(JOBS_RUNNING, "Jobs claimed by a worker, by kind (all instances).");
    describe_counter!(JOB_RUNS, "Job runs on this instance, by kind and outcome (done, retry, failed).");
    describe_histogram!(JOB_DURATION, Unit::Seconds, "Time a job run took, by kind.");
    describe_gauge!(LIVE_STREAMS, "Live notification streams open on this instance.");
    describe_gauge!(ROOM_SOCKETS, "Online room sockets open on this instance.");
    describe_counter!(
        RENDERS,
        "Public pages asked of the page renderer, by outcome (rendered, kept, late, busy, failed)."
    );
    describe_histogram!(RENDER_DURATION, Unit::Seconds, "Time the page renderer took for a page.");
    describe_counter!(RENDERER_RESTARTS, "Times the page renderer failed or got stuck and was started again.");
    describe_gauge!(RENDERER_QUEUE, "Pages waiting for the page renderer.");
    describe_counter!(BANK_FEED, "Bank feed deliveries, by outcome (paid, partial, unmatched, duplicate, ...).");
    describe_counter!(PAYMENTS, "Payments received, by provider and outcome.");
    describe_counter!(
        MAILS,
        "Mails handed to the mail transport, by transport (smtp, outbox) and outcome (sent, failed)."
    );
    describe_counter!(BACKUPS, "Scheduled backups, by outcome (written, failed).");
}

/// Counts something open (a live stream, a socket) in a gauge while the guard lives.
#[derive(Debug)]
pub struct OpenGauge(&'static str);

impl OpenGauge {
    pub fn open(name: &'static str) -> OpenGauge {
        metrics::gauge!(name).increment(1.0);
        OpenGauge(name)
    }
}

impl Drop for OpenGauge {
    fn drop(&mut self) {
        metrics::gauge!(self.0).decrement(1.0);
    }
}
