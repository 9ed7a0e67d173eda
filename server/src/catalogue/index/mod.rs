//! The catalogue index: each server instance keeps the published courses in memory, so that browsing and text
//! search read no table. A course list that nobody asked for before (the response cache cannot help) then costs
//! a slice of a sorted list, or a trigram lookup and a check of the candidates' texts, instead of an index walk
//! or a text search in the database and the conversion of its rows.
//!
//! What it answers is what the SQL path ([`repo::courses::list`]) answers, page for page, total for total,
//! estimate for estimate (the tests compare the two on both databases); the SQL path stays, and answers while
//! the index is not built yet or is older than a version the instance knows of.
//!
//! Freshness: the index is one [`Snapshot`] built at a catalogue version (the counter that triggers raise in
//! every transaction writing what the catalogue shows, whichever instance wrote). A list request that finds the
//! last check older than [`CHECK_INTERVAL`] starts a check off the request path: the version is read (one
//! primary-key read), and when it moved the snapshot is rebuilt (the rows read from the database, the index
//! built on the blocking pool) and swapped in; requests meanwhile keep the previous snapshot. Enrolment and sales
//! counts do not raise the version (purchases write them all the time), so the snapshot is also rebuilt once it
//! is older than the response cache's counts age (`ACADEMY_RESPONSE_CACHE_COUNTS_MAX_AGE`): counts and the
//! orders made from them may be that old, as in the response cache. And the index never answers at an older
//! version than the one this instance's response cache knows: a writer re-reads the version before its write is
//! answered, so it sees its change at once (through the SQL path until the rebuild), and a response kept at a
//! version was always computed from data at least that new. Another instance's write shows within the check
//! interval plus the rebuild (measured in server/BENCHMARKS.md). While the database cannot be reached the index
//! keeps answering, up to the counts' age (nobody changes the catalogue through a database that is down); then
//! lists fail like every other read.
//!
//! Cards come from the snapshot too, not re-read from the database by id: reading 12 rows through sqlx costs
//! 0.25–0.5 ms of CPU per page, which alone keeps a 2-core server from the goal (browse p99 ≤ 10 ms at 64
//! connections), and the freshness is the one the response cache already gives the same pages (on by default).
//! The cards hold no descriptions (lists do not show them), so memory stays a few hundred bytes per course.

mod search;
mod snapshot;
#[cfg(test)]
mod tests;
mod text;

use std::{
    sync::{
        Arc, PoisonError, RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::Context as _;

pub use snapshot::{Memory, Order, Scope, Snapshot};

use crate::{
    catalogue::repo::courses::{self as repo, CoursePage, ListQuery},
    platform::{
        cache::read_catalogue_version,
        db::{Backend, Pool},
    },
};

/// How often a busy instance asks whether the catalogue changed.
pub const CHECK_INTERVAL: Duration = Duration::from_millis(200);
/// The index is rebuilt for new counts at most this often, whatever the counts' allowed age.
const MIN_COUNTS_AGE: Duration = Duration::from_secs(1);

/// This instance's catalogue index: the current [`Snapshot`] and when to rebuild it.
#[derive(Debug)]
pub struct CourseIndex {
    current: RwLock<Option<Arc<Snapshot>>>,
    /// Held while a snapshot is built: one build at a time.
    building: tokio::sync::Mutex<()>,
    /// When the version was last checked, in milliseconds since `started` plus one; 0: never.
    checked_at: AtomicU64,
    started: Instant,
    counts_max_age: Duration,
}

impl CourseIndex {
    /// An empty index (lists come from the database until it is built), rebuilt for counts older than
    /// `counts_max_age`.
    pub fn new(counts_max_age: Duration) -> CourseIndex {
        CourseIndex {
            current: RwLock::new(None),
            building: tokio::sync::Mutex::new(()),
            checked_at: AtomicU64::new(0),
            started: Instant::now(),
            counts_max_age: counts_max_age.max(MIN_COUNTS_AGE),
        }
    }

    /// The snapshot lists are answered from now, if one was built.
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.current.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// One page of the published courses `query` asks for, and when its data was read when that was earlier than
    /// now. From the index when it was built at catalogue version `known_version` or later (the version this
    /// instance's response cache knows) and its counts are not older than allowed; else from the database.
    pub async fn list(
        self: &Arc<Self>,
        pool: &Pool,
        backend: Backend,
        query: &ListQuery,
        known_version: i64,
    ) -> Result<(CoursePage, Option<Instant>), sqlx::Error> {
        self.check_soon(pool);
        match self.current() {
            Some(index) if index.version >= known_version && index.read_at.elapsed() < self.counts_max_age => {
                Ok((index.list(query), Some(index.read_at)))
            }
            _ => Ok((repo::list(pool, backend, query).await?, None)),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1
    }

    /// Starts a check of the version (and a rebuild if needed) off the request path, when the last one is older
    /// than [`CHECK_INTERVAL`]; one request claims it, the others go on.
    fn check_soon(self: &Arc<Self>, pool: &Pool) {
        let checked = self.checked_at.load(Ordering::Acquire);
        let now = self.now();
        let interval = u64::try_from(CHECK_INTERVAL.as_millis()).unwrap_or(u64::MAX);
        if checked != 0 && now.saturating_sub(checked) < interval {
            return;
        }
        if self.checked_at.compare_exchange(checked, now, Ordering::AcqRel, Ordering::Acquire).is_err() {
            return;
        }
        let (index, pool) = (Arc::clone(self), pool.clone());
        tokio::spawn(async move {
            if let Err(error) = index.refresh_if_stale(&pool).await {
                tracing::warn!(error = format!("{error:#}"), "checking the catalogue index; lists keep the last one");
            }
        });
    }

    /// Rebuilds the index when the catalogue version moved since it was built, or its counts are three quarters
    /// of their allowed age (so that the new one is ready before the old one may no longer answer); does nothing
    /// while another build runs. True when it rebuilt.
    pub async fn refresh_if_stale(&self, pool: &Pool) -> anyhow::Result<bool> {
        let Ok(_building) = self.building.try_lock() else {
            return Ok(false);
        };
        let version = read_catalogue_version(pool).await.context("reading the catalogue version")?;
        if let Some(current) = self.current()
            && current.version >= version
            && current.read_at.elapsed() < self.counts_max_age * 3 / 4
        {
            return Ok(false);
        }
        self.build(pool, version).await?;
        Ok(true)
    }

    /// Builds the index now, after any build under way (at start, and in tests).
    pub async fn rebuild(&self, pool: &Pool) -> anyhow::Result<Arc<Snapshot>> {
        let _building = self.building.lock().await;
        let version = read_catalogue_version(pool).await.context("reading the catalogue version")?;
        self.build(pool, version).await
    }

    /// Reads the published courses (after `version`, which they are at least as new as) and swaps in their index.
    async fn build(&self, pool: &Pool, version: i64) -> anyhow::Result<Arc<Snapshot>> {
        let started = Instant::now();
        let (courses, categories) = tokio::try_join!(repo::published_for_index(pool), repo::category_keys(pool))
            .context("reading the published courses")?;
        let read = started.elapsed();
        let snapshot = tokio::task::spawn_blocking(move || Snapshot::build(version, started, courses, categories))
            .await
            .context("building the catalogue index")?;
        let snapshot = Arc::new(snapshot);
        tracing::info!(
            courses = snapshot.len(),
            version,
            read_ms = read.as_secs_f64() * 1000.0,
            build_ms = (started.elapsed() - read).as_secs_f64() * 1000.0,
            heap_mib = snapshot.memory().total() / (1 << 20),
            "catalogue index built"
        );
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::clone(&snapshot));
        Ok(snapshot)
    }
}
