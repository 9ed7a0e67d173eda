//! The database: the pool, the migrations, the engine behind them ([`Backend`]), row ids and timestamps. Each
//! domain's `repo` holds its SQL: functions take the pool (or a transaction) and return domain values, knowing
//! nothing about HTTP.
//!
//! SQL runs through sqlx's `Any` driver on SQLite and PostgreSQL alike: `$1..$n` placeholders, lowercase
//! keywords, TEXT ids, BIGINT epoch-millisecond timestamps, INTEGER 0/1 booleans (read as `i64`).
//! Where the two dialects must differ, branch on [`Backend`].

use std::{str::FromStr as _, time::Duration};

use anyhow::Context as _;
use sqlx::{
    Connection as _, Executor as _,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
};

pub use sqlx::AnyPool as Pool;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Opens a transaction that writes. On SQLite it takes the write lock at once (`begin immediate`): a transaction
/// that reads first and writes later could otherwise find that another connection wrote meanwhile and fail at
/// once (busy, answered 503) instead of waiting its turn. Readers are not held up (WAL).
///
/// While it waits (for a connection of the pool and, on SQLite, for the write lock) it is counted in
/// `academy_db_write_transactions_waiting`, and the wait is recorded in `academy_db_write_begin_wait_seconds`.
/// Reads are not counted: they take their connection inside sqlx, which tells only how many connections are open
/// and idle, not who waits for one.
pub async fn begin_write(pool: &Pool) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    use crate::platform::metrics::{OpenGauge, names};
    let waiting = OpenGauge::open(names::DB_WRITES_WAITING);
    let started = std::time::Instant::now();
    let begun = if pool.connect_options().database_url.scheme() == "sqlite" {
        pool.begin_with("begin immediate").await
    } else {
        pool.begin().await
    };
    drop(waiting);
    metrics::histogram!(names::DB_BEGIN_WAIT).record(started.elapsed().as_secs_f64());
    begun
}

/// The database engine behind the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// Picks the engine from a database URL: `postgres://` or `postgresql://` is PostgreSQL, `sqlite:` is SQLite.
    pub fn from_url(url: &str) -> anyhow::Result<Backend> {
        if url.starts_with("postgres") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            anyhow::bail!("unsupported database URL {:?}: use sqlite:… or postgres://…", redact_url(url))
        }
    }

    /// A short name for logs and the health check: `sqlite` or `postgres`.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    fn migrator(self) -> &'static Migrator {
        match self {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        }
    }
}

/// How the pool is sized and how long a request waits for a connection (`ACADEMY_DB_POOL_SIZE` and
/// `ACADEMY_DB_ACQUIRE_TIMEOUT_SECS`, read by the configuration: [`crate::config::Config::pool_settings`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolSettings {
    /// Connections per pool; `None`: 4 (SQLite) or 8 (PostgreSQL) per core, clamped to 8..32.
    pub size: Option<u32>,
    /// How long a request waits for a database connection before it is answered 503.
    pub acquire_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        PoolSettings { size: None, acquire_timeout: Duration::from_secs(3) }
    }
}

/// Opens a pool on `url` and applies the migrations of its backend.
pub async fn connect(url: &str, settings: PoolSettings) -> anyhow::Result<(Pool, Backend)> {
    sqlx::any::install_default_drivers();
    let backend = Backend::from_url(url)?;
    let options = AnyConnectOptions::from_str(url).context("parsing the database URL")?;
    // No ping before handing out a connection (sqlx's default): it costs a round trip per query and a broken
    // connection fails its query anyway; idle connections are recycled instead. A request waits at most
    // `acquire_timeout` for a connection, so when the database is down or overwhelmed it is answered 503 within
    // seconds instead of hanging; a connection the database dropped fails its query once and is discarded.
    let pool_options = AnyPoolOptions::new()
        .acquire_timeout(settings.acquire_timeout)
        .test_before_acquire(false)
        .idle_timeout(Duration::from_secs(10 * 60))
        .max_connections(settings.size.filter(|&n| n > 0).unwrap_or_else(|| default_pool_size(backend)));
    let pool = match backend {
        Backend::Sqlite => {
            pool_options
                .after_connect(|conn, _meta| {
                    Box::pin(async move {
                        conn.execute(SQLITE_PRAGMAS).await?;
                        Ok(())
                    })
                })
                .connect_with(options)
                .await
        }
        // A connection idle for a while may have been ended by the server (a restart, an idle timeout on the way):
        // it is pinged before use and replaced when dead, so the first requests after a quiet restart succeed.
        // Busy connections are handed out without the round trip.
        Backend::Postgres => {
            pool_options
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for >= PING_WHEN_IDLE_FOR {
                            conn.ping().await?;
                        }
                        Ok(true)
                    })
                })
                .connect_with(options)
                .await
        }
    }
    .with_context(|| format!("connecting to {}", redact_url(url)))?;
    migrate(&pool, backend).await?;
    Ok((pool, backend))
}

/// Every SQLite connection's settings.
/// - One writer at a time: WAL lets readers run beside it, `busy_timeout` makes writers queue.
/// - A write answered as done is on disk: in WAL mode `synchronous = full` syncs the log at every commit, so a
///   committed transaction survives the process being killed and the machine losing power. `normal` syncs only
///   at checkpoints: it survives a killed process but may lose the last commits on a power cut or kernel
///   crash, after the person was told they were saved. The cost is one fsync of the log per commit (measured on
///   a virtual disk: 6.5 ms instead of 0.08 ms per commit, admission messages ~100/s instead of ~200/s on a
///   debug build); PostgreSQL's default `synchronous_commit = on` pays the same.
/// - Pages are read through a memory map (up to 1 GiB) instead of a read() copy per page, and each connection
///   caches 16 MiB of pages: measured, text search went from ~150 to ~440 req/s.
pub const SQLITE_PRAGMAS: &str = "pragma journal_mode = wal; pragma synchronous = full; pragma foreign_keys = on; \
     pragma busy_timeout = 5000; pragma mmap_size = 1073741824; pragma cache_size = -16384;";

/// A pooled PostgreSQL connection idle at least this long is checked before it is used again.
const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// Whether `error` means the database cannot be reached or cannot take the work right now (it is down,
/// restarting, out of connections or out of disk) rather than a fault of the request or of our code: such a
/// request is answered 503 and works again once the database is back.
pub fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            if let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                postgres_unavailable(pg.code())
            } else if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                db.code().and_then(|code| code.parse::<i32>().ok()).is_some_and(sqlite_unavailable)
            } else {
                false
            }
        }
        _ => false,
    }
}

/// Connection exceptions (class 08), insufficient resources such as too many connections or a full disk
/// (class 53), and shutdown or start-up in progress (57P01–57P05).
fn postgres_unavailable(sqlstate: &str) -> bool {
    sqlstate.starts_with("08") || sqlstate.starts_with("53") || sqlstate.starts_with("57P")
}

/// Busy or locked past `busy_timeout` (5, 6), a disk I/O error (10) or a full disk (13); extended result codes
/// keep the primary code in their low byte.
fn sqlite_unavailable(code: i32) -> bool {
    matches!(code & 0xff, 5 | 6 | 10 | 13)
}

/// Connections per pool unless configured: 4 (SQLite) or 8 (PostgreSQL) per core, clamped to 8..32.
/// Reads run on every connection at once (SQLite's WAL readers too), so the pool bounds how many queries run in
/// parallel; beyond a few per core they only queue inside the database instead of in the pool.
fn default_pool_size(backend: Backend) -> u32 {
    let cores = std::thread::available_parallelism().map_or(2, |n| u32::try_from(n.get()).unwrap_or(2));
    let per_core = match backend {
        Backend::Sqlite => 4,
        // Measured: search on 2 cores did 104 req/s with 16 connections, 61 with 8.
        Backend::Postgres => 8,
    };
    (per_core * cores).clamp(8, 32)
}

/// How many migrations of this server's `backend` the database has not applied (successfully) yet.
pub async fn pending_migrations(pool: &Pool, backend: Backend) -> Result<usize, sqlx::Error> {
    let applied: Vec<i64> =
        sqlx::query_scalar("select version from _sqlx_migrations where success").fetch_all(pool).await?;
    Ok(backend
        .migrator()
        .iter()
        .filter(|m| !m.migration_type.is_down_migration() && !applied.contains(&m.version))
        .count())
}

/// Applies the pending migrations of `backend`.
pub async fn migrate(pool: &Pool, backend: Backend) -> anyhow::Result<()> {
    backend.migrator().run(pool).await.with_context(|| format!("applying the {} migrations", backend.name()))
}

/// Checks that the database answers a trivial query.
pub async fn ping(pool: &Pool) -> Result<(), sqlx::Error> {
    sqlx::query("select 1").execute(pool).await.map(|_| ())
}

/// A new, time-ordered identifier (UUID v7 text) for a row's `id`.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// The current time as epoch milliseconds, the stored form of every timestamp.
pub fn now_ms() -> i64 {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX)
}

/// Hides the password of a database (or mail server) URL for logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{}://{user}:***@{}", &url[..scheme_end], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// A yes/no column, stored as 0 or 1 (`Any` reads no boolean on SQLite), read with
/// `#[sqlx(try_from = "i64")]`. Any other number is an error, never a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flag(bool);

impl Flag {
    pub fn get(self) -> bool {
        self.0
    }
}

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl From<bool> for Flag {
    fn from(value: bool) -> Flag {
        Flag(value)
    }
}

/// A nullable column of stored names, read with `#[sqlx(try_from = "Option<String>")]`: NULL is `None`, and any
/// other value must read as a `T` (an unknown one is an error, never dropped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nullable<T>(pub Option<T>);

impl<T: TryFrom<String>> TryFrom<Option<String>> for Nullable<T> {
    type Error = T::Error;

    fn try_from(value: Option<String>) -> Result<Self, Self::Error> {
        value.map(T::try_from).transpose().map(Nullable)
    }
}

/// Reads a stored name (a column read as text) into `T`, as `#[sqlx(try_from = "String")]` does for a row's field:
/// an unknown name is a decoding error, never a guess.
pub fn stored_name<T>(name: String) -> Result<T, sqlx::Error>
where
    T: TryFrom<String>,
    T::Error: std::error::Error + Send + Sync + 'static,
{
    T::try_from(name).map_err(|error| sqlx::Error::Decode(Box::new(error)))
}

/// A stored flag that is neither 0 nor 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a flag holds {0}, not 0 or 1")]
pub struct NotAFlag(pub i64);

impl TryFrom<i64> for Flag {
    type Error = NotAFlag;

    fn try_from(stored: i64) -> Result<Flag, NotAFlag> {
        match stored {
            0 => Ok(Flag(false)),
            1 => Ok(Flag(true)),
            other => Err(NotAFlag(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[tokio::test]
    async fn every_sqlite_connection_writes_ahead_and_syncs_each_commit() {
        let dir = tempfile::tempdir().unwrap();
        let (pool, _) =
            connect(&format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display()), PoolSettings::default())
                .await
                .unwrap();
        // Several connections at once: the settings are per connection.
        let mut connections = Vec::new();
        for _ in 0..3 {
            let mut conn = pool.acquire().await.unwrap();
            let mode: String = sqlx::query_scalar("pragma journal_mode").fetch_one(&mut *conn).await.unwrap();
            let sync: i64 = sqlx::query_scalar("pragma synchronous").fetch_one(&mut *conn).await.unwrap();
            assert_eq!((mode.as_str(), sync), ("wal", 2), "journal mode and synchronous = full (2)");
            connections.push(conn);
        }
    }

    #[test]
    fn a_flag_is_0_or_1_and_any_other_number_is_an_error() {
        assert_eq!(Flag::try_from(0).map(Flag::get), Ok(false));
        assert_eq!(Flag::try_from(1).map(Flag::get), Ok(true));
        assert_eq!(Flag::try_from(2), Err(NotAFlag(2)));
        assert_eq!(Flag::try_from(-1), Err(NotAFlag(-1)));
    }

    #[test]
    fn a_nullable_name_is_none_for_null_and_an_unknown_name_is_an_error_not_none() {
        use academy_shared::money::Currency;
        assert_eq!(Nullable::<Currency>::try_from(None), Ok(Nullable(None)));
        assert_eq!(Nullable::<Currency>::try_from(Some("USD".to_owned())), Ok(Nullable(Some(Currency::Usd))));
        assert!(Nullable::<Currency>::try_from(Some("EUR".to_owned())).is_err());
        assert!(matches!(stored_name::<Currency>("VND".to_owned()), Ok(Currency::Vnd)));
        assert!(matches!(stored_name::<Currency>("đồng".to_owned()), Err(sqlx::Error::Decode(_))));
    }

    #[test]
    fn an_unreachable_or_shutting_down_database_is_unavailable_and_a_bad_query_is_not() {
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert!(is_unavailable(&sqlx::Error::Io(refused)));
        assert!(is_unavailable(&sqlx::Error::PoolTimedOut));
        assert!(is_unavailable(&sqlx::Error::PoolClosed));
        assert!(!is_unavailable(&sqlx::Error::RowNotFound));
        assert!(!is_unavailable(&sqlx::Error::Protocol("unexpected message".into())));
        for code in ["57P01", "57P03", "08006", "08001", "53300", "53100"] {
            assert!(postgres_unavailable(code), "{code}");
        }
        for code in ["23505", "42P01", "22001", "40001"] {
            assert!(!postgres_unavailable(code), "{code}");
        }
        // SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR_FSYNC (10 | 4 << 8), SQLITE_FULL; not SQLITE_CONSTRAINT_UNIQUE.
        for code in [5, 6, 1034, 13] {
            assert!(sqlite_unavailable(code), "{code}");
        }
        for code in [1, 19, 2067] {
            assert!(!sqlite_unavailable(code), "{code}");
        }
    }

    #[tokio::test]
    async fn a_full_sqlite_disk_is_unavailable() {
        let dir = tempfile::tempdir().unwrap();
        let (pool, _) =
            connect(&format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display()), PoolSettings::default())
                .await
                .unwrap();
        let mut conn = pool.acquire().await.unwrap();
        sqlx::query("create table filler (x text)").execute(&mut *conn).await.unwrap();
        // No more pages than the database has now: the next page it needs makes SQLite answer SQLITE_FULL.
        let pages: i64 = sqlx::query_scalar("pragma page_count").fetch_one(&mut *conn).await.unwrap();
        sqlx::query(&format!("pragma max_page_count = {pages}")).execute(&mut *conn).await.unwrap();
        let error = sqlx::query("insert into filler (x) values (printf('%.*c', 100000, 'x'))")
            .execute(&mut *conn)
            .await
            .unwrap_err();
        assert!(is_unavailable(&error), "{error:?}");
    }
}
