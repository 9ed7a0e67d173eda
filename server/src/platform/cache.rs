//! In-memory copies of the public catalogue's responses (course lists and the home page), served for as long as
//! the catalogue version they were read at is current.
//!
//! Every write to what those responses show raises `catalogue_version` in the database, by triggers inside the
//! writing transaction (migrations `*_catalogue_version.sql`), whichever code path or server instance wrote.
//! An instance learns the new version
//! - before answering any write request it handled itself
//!   ([`refresh_after_writes`](crate::http::cache::refresh_after_writes)), so whoever wrote sees the change on
//!   their next read (a teacher who publishes a course finds it in the list at once);
//! - otherwise by re-reading it when it is older than [`VERSION_MAX_AGE`]: one request pays that small query,
//!   the others meanwhile use the version known. Another instance's write shows here within that time.
//!
//! Counts are the exception: enrolment and sales counts (purchases write them dozens of times a second) and the
//! number of students (every sign-up adds one) do not raise the version, or every purchase would empty the cache
//! while money moves. An entry is therefore also recomputed once it is older than the counts' allowed age
//! (`ACADEMY_RESPONSE_CACHE_COUNTS_MAX_AGE`, a minute by default): the counts shown catch up within it.
//!
//! Entries are the serialized success envelope, keyed by everything the response depends on (route, language,
//! parameters), stored with their gzip and brotli forms so that browsers' requests (which accept both) are not
//! compressed again on every hit; the cache is bounded by entry count, and 0 entries turns it off.

use std::{
    sync::atomic::{AtomicI64, AtomicU64, Ordering},
    time::{Duration, Instant},
};

use axum::{
    body::Body,
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use http::{HeaderValue, header};
use serde::Serialize;

use super::db::Pool;

/// How long a known catalogue version is trusted before it is read again.
pub const VERSION_MAX_AGE: Duration = Duration::from_secs(1);

#[derive(Clone)]
struct Entry {
    version: i64,
    /// When it was computed, in milliseconds since the cache's start plus one.
    computed_at: u64,
    body: Bodies,
}

/// A response body as JSON and, when it is worth it, compressed.
#[derive(Clone)]
struct Bodies {
    json: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

/// Bodies smaller than this are sent as they are (as the compression layer does).
const COMPRESS_FROM_BYTES: usize = 1024;

impl Bodies {
    fn new(json: Bytes) -> Bodies {
        if json.len() < COMPRESS_FROM_BYTES {
            return Bodies { json, gzip: None, brotli: None };
        }
        Bodies { gzip: gzip(&json), brotli: brotli(&json), json }
    }

    /// The body to send to a client accepting `accepted`, with its `Content-Encoding`.
    fn for_client(&self, accepted: Accepted) -> (Bytes, Option<&'static str>) {
        match (&self.brotli, &self.gzip) {
            (Some(body), _) if accepted.brotli => (body.clone(), Some("br")),
            (_, Some(body)) if accepted.gzip => (body.clone(), Some("gzip")),
            _ => (self.json.clone(), None),
        }
    }
}

fn gzip(json: &[u8]) -> Option<Bytes> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(json.len() / 4), flate2::Compression::new(6));
    encoder.write_all(json).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

fn brotli(json: &[u8]) -> Option<Bytes> {
    let mut out = Vec::with_capacity(json.len() / 4);
    let params = brotli::enc::BrotliEncoderParams { quality: 5, ..Default::default() };
    brotli::BrotliCompress(&mut &json[..], &mut out, &params).ok()?;
    Some(Bytes::from(out))
}

/// The compressed forms a request's `Accept-Encoding` allows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Accepted {
    pub gzip: bool,
    pub brotli: bool,
}

impl Accepted {
    /// Reads `Accept-Encoding`: `gzip, deflate, br` → both; a coding with `q=0` is refused.
    pub fn from_headers(headers: &http::HeaderMap) -> Accepted {
        let mut accepted = Accepted::default();
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            for item in value.to_str().unwrap_or_default().split(',') {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
                let refused = parts.any(|p| {
                    p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()).is_some_and(|q| q <= 0.0)
                });
                match coding.as_str() {
                    "gzip" | "x-gzip" => accepted.gzip = !refused,
                    "br" => accepted.brotli = !refused,
                    "*" if !refused => {
                        accepted.gzip = true;
                        accepted.brotli = true;
                    }
                    _ => {}
                }
            }
        }
        accepted
    }
}

/// The cache of catalogue responses shared by the handlers of one server instance.
pub struct ResponseCache {
    entries: Option<quick_cache::sync::Cache<String, Entry>>,
    /// The latest catalogue version read from the database.
    version: AtomicI64,
    /// When the version was last read, in milliseconds since `started` plus one; 0: not known (never read, or
    /// the last read failed), and the cache is bypassed.
    checked_at: AtomicU64,
    started: Instant,
    /// How old an entry may get (the age of the enrolment and sales counts in it).
    counts_max_age: Duration,
    hits: AtomicU64,
    misses: AtomicU64,
}

impl std::fmt::Debug for ResponseCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResponseCache")
            .field("entries", &self.entries.as_ref().map(quick_cache::sync::Cache::len))
            .field("version", &self.version.load(Ordering::Relaxed))
            .field("hits", &self.hits())
            .field("misses", &self.misses())
            .finish_non_exhaustive()
    }
}

impl ResponseCache {
    /// A cache of at most `capacity` responses, each kept at most `counts_max_age`; 0 keeps nothing.
    pub fn new(capacity: usize, counts_max_age: Duration) -> ResponseCache {
        ResponseCache {
            entries: (capacity > 0).then(|| quick_cache::sync::Cache::new(capacity)),
            version: AtomicI64::new(0),
            checked_at: AtomicU64::new(0),
            started: Instant::now(),
            counts_max_age,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    /// Responses served from memory so far.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Responses computed so far (nothing stored, stored at another version, or the cache off).
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    fn now(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1
    }

    /// The latest catalogue version this instance read (0 before the first read). The catalogue index answers only
    /// when it was built at this version or a later one, so that what is kept here at a version was read at it.
    pub fn known_version(&self) -> i64 {
        self.version.load(Ordering::Acquire)
    }

    /// Reads the catalogue version now.
    pub async fn refresh(&self, pool: &Pool) {
        let started = self.now();
        match read_catalogue_version(pool).await {
            Ok(version) => {
                self.version.fetch_max(version, Ordering::AcqRel);
                self.checked_at.store(started, Ordering::Release);
            }
            Err(error) => {
                tracing::warn!(%error, "reading the catalogue version; serving without the cache");
                self.checked_at.store(0, Ordering::Release);
            }
        }
    }

    /// The version responses may be served at, or `None` when it is not known (then nothing is served from or
    /// stored in the cache).
    async fn current_version(&self, pool: &Pool) -> Option<i64> {
        let checked = self.checked_at.load(Ordering::Acquire);
        let max_age = u64::try_from(VERSION_MAX_AGE.as_millis()).unwrap_or(u64::MAX);
        if checked == 0 || self.now().saturating_sub(checked) >= max_age {
            // One request re-reads the version; the others go on with the one known, if any.
            let claimed =
                self.checked_at.compare_exchange(checked, self.now(), Ordering::AcqRel, Ordering::Acquire).is_ok();
            if claimed {
                self.refresh(pool).await;
            } else if checked == 0 {
                return None;
            }
        }
        (self.checked_at.load(Ordering::Acquire) != 0).then(|| self.version.load(Ordering::Acquire))
    }

    /// The response stored under `key` for the current version, else the one `compute` makes (stored when the
    /// version is known), compressed as `accepted` allows. Errors are never stored; one serializing the response
    /// becomes an `E` through [`anyhow::Error`].
    pub async fn json<T, E, F>(&self, pool: &Pool, key: String, accepted: Accepted, compute: F) -> Result<Response, E>
    where
        T: Serialize,
        E: From<anyhow::Error>,
        F: Future<Output = Result<T, E>>,
    {
        self.json_as_of(pool, key, accepted, async { Ok((compute.await?, None)) }).await
    }

    /// [`ResponseCache::json`] for a `compute` that may answer from data read earlier (the catalogue index): it
    /// says when, and the entry's counts are as old as that data, not as the entry.
    pub async fn json_as_of<T, E, F>(
        &self,
        pool: &Pool,
        key: String,
        accepted: Accepted,
        compute: F,
    ) -> Result<Response, E>
    where
        T: Serialize,
        E: From<anyhow::Error>,
        F: Future<Output = Result<(T, Option<Instant>), E>>,
    {
        let Some(entries) = &self.entries else {
            self.misses.fetch_add(1, Ordering::Relaxed);
            return Ok(json_response(envelope_bytes(&compute.await?.0)?, None));
        };
        // The version is taken before reading: a write during the read makes the entry stale, never the reverse.
        let version = self.current_version(pool).await;
        let mut computed_at = self.now();
        let max_age = u64::try_from(self.counts_max_age.as_millis()).unwrap_or(u64::MAX);
        if let Some(version) = version
            && let Some(entry) = entries.get(&key)
            && entry.version == version
            && computed_at.saturating_sub(entry.computed_at) < max_age
        {
            self.hits.fetch_add(1, Ordering::Relaxed);
            let (body, encoding) = entry.body.for_client(accepted);
            return Ok(json_response(body, encoding));
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let (result, as_of) = compute.await?;
        if let Some(as_of) = as_of {
            let read = u64::try_from(as_of.saturating_duration_since(self.started).as_millis()).unwrap_or(0) + 1;
            computed_at = computed_at.min(read);
        }
        let json = envelope_bytes(&result)?;
        let Some(version) = version else {
            return Ok(json_response(json, None));
        };
        let bodies = Bodies::new(json);
        let (body, encoding) = bodies.for_client(accepted);
        entries.insert(key, Entry { version, computed_at, body: bodies });
        Ok(json_response(body, encoding))
    }
}

/// The catalogue version in the database now: raised by every write to what the public catalogue shows.
pub async fn read_catalogue_version(pool: &Pool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select version from catalogue_version where id = 1").fetch_one(pool).await
}

fn envelope_bytes<T: Serialize>(result: &T) -> anyhow::Result<Bytes> {
    let envelope = academy_shared::envelope::Envelope::ok(result);
    Ok(serde_json::to_vec(&envelope).map(Bytes::from)?)
}

/// A JSON response; an encoded one says so (the compression layer leaves it alone) and varies by
/// `Accept-Encoding` for caches on the way.
fn json_response(body: Bytes, encoding: Option<&'static str>) -> Response {
    let mut response = Body::from(body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(encoding) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}
