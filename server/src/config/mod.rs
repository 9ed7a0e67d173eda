//! Configuration: command-line flags, each with an environment variable and a default that works out of the box.
//!
//! The doc comment of every field is the help text of its flag and the source of the README's configuration table.

use std::{
    fmt,
    net::SocketAddr,
    path::{Path, PathBuf},
};

mod meeting;

use anyhow::Context as _;
use clap::Parser;
pub use meeting::MeetingConfig;

/// The `academy` command line: a subcommand (default `serve`) and the configuration, which every
/// subcommand accepts before or after its name.
#[derive(Debug, Parser)]
#[command(name = "academy", version, about = "The academy: course marketplace API and web host.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

/// What the binary does. Later modules add theirs here (e.g. creating the first admin).
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Run the HTTP server (the default).
    Serve,
    /// Create an administrator account (for the first admin) and exit. Fails when the username or email is taken.
    CreateAdmin {
        /// The admin's username (at least 6 characters).
        #[arg(long)]
        username: String,
        /// The admin's email address.
        #[arg(long)]
        email: String,
        /// The admin's password (the registration rules apply). Prefer the environment over the command line,
        /// which other local users may see.
        #[arg(long, env = "ACADEMY_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Delete uploads that nothing has used for a day (the server also does it every hour) and exit.
    PurgeUploads,
    /// Write a backup of the SQLite database (a consistent copy taken while the server serves), the uploaded
    /// files on local disk and the generated token secret to FILE (a `.tar.gz`), and exit. PostgreSQL is backed
    /// up with `pg_dump` (docs/operations.md).
    Backup {
        /// The archive to write, e.g. `/var/backups/academy-2026-11-27.tar.gz`.
        file: PathBuf,
    },
    /// Restore a backup written by `academy backup` into the data directory, and exit. Refused while a server
    /// uses the data directory, and when it already holds a database unless `--replace`.
    Restore {
        /// The archive to restore.
        file: PathBuf,
        /// Replace the database, uploads and token secret already there (they are kept beside, renamed
        /// `….before-restore-<time>`).
        #[arg(long)]
        replace: bool,
    },
    /// Print the API's OpenAPI document (the one served at /api/openapi.json) as JSON and exit; needs no
    /// database. The web app's API types are generated from it.
    Openapi,
}

/// How the server is configured. Every setting is optional.
#[derive(Clone, clap::Args)]
pub struct Config {
    /// Address and port the HTTP server listens on.
    #[arg(long, global = true, env = "ACADEMY_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Directory for the server's own files: the SQLite database, the generated token secret, uploads.
    /// Created when missing.
    #[arg(long, global = true, env = "ACADEMY_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Database URL. Defaults to SQLite at `<data dir>/academy.db`; a URL starting with `postgres` selects
    /// PostgreSQL (e.g. `postgres://user:pass@localhost/academy`). Migrations are applied at start.
    #[arg(long, global = true, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// Database connections each server keeps. Defaults to 4 per core on SQLite and 8 per core on PostgreSQL,
    /// within 8–32: reads run on every connection at once, so this bounds how many queries run in parallel.
    #[arg(long, global = true, env = "ACADEMY_DB_POOL_SIZE", value_parser = clap::value_parser!(u32).range(1..))]
    pub db_pool_size: Option<u32>,

    /// Seconds a request waits for a database connection; then it is answered 503 with `Retry-After` (the
    /// database is down or overwhelmed), and the server serves again by itself once the database is back.
    #[arg(long, global = true, env = "ACADEMY_DB_ACQUIRE_TIMEOUT_SECS", default_value_t = 3.0, value_parser = parse_positive_secs)]
    pub db_acquire_timeout_secs: f64,

    /// Directory of the built web app (`index.html` and `assets/`), served with SPA fallback.
    #[arg(long, global = true, env = "ACADEMY_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,

    /// The web app's page renderer (HTML of the public pages' first view), run with `--node`.
    #[arg(long, global = true, env = "ACADEMY_PAGE_RENDERER", default_value = "web/dist-ssr/server.js")]
    pub page_renderer: PathBuf,

    /// The Node.js program that runs the page renderer; `off`: pages render in the browser only.
    #[arg(long, global = true, env = "ACADEMY_NODE", default_value = "node")]
    pub node: String,

    /// Secret that signs tokens. When absent, one is generated on first run and kept in
    /// `<data dir>/token-secret` (mode 0600), so sessions survive restarts.
    #[arg(long, global = true, env = "ACADEMY_TOKEN_SECRET", hide_env_values = true)]
    pub token_secret: Option<String>,

    /// Log filter in `tracing` syntax, e.g. `info`, `academy_server=debug,tower_http=debug`.
    #[arg(long, global = true, env = "RUST_LOG", default_value = "info,academy_server=info,tower_http=info,sqlx=warn")]
    pub log_filter: String,

    /// Log format: `pretty` (human readable) or `json` (one object per line, for log collectors).
    #[arg(long, global = true, env = "ACADEMY_LOG_FORMAT", default_value = "pretty")]
    pub log_format: LogFormat,

    /// Fill an empty database with the demo catalogue and users on start (the run command uses it).
    #[arg(long, global = true, env = "ACADEMY_DEMO")]
    pub demo: bool,

    /// Lifetime of access tokens (the `Authorization: Bearer` token), in seconds.
    #[arg(long, global = true, env = "ACADEMY_ACCESS_TOKEN_TTL_SECS", default_value_t = 15 * 60)]
    pub access_token_ttl_secs: u64,

    /// Lifetime of refresh tokens (the `current-token` cookie's value), in seconds; each refresh issues a new one.
    #[arg(long, global = true, env = "ACADEMY_REFRESH_TOKEN_TTL_SECS", default_value_t = 7 * 24 * 60 * 60)]
    pub refresh_token_ttl_secs: u64,

    /// How long a spent refresh token may be exchanged again, in seconds: within it the same successor refresh
    /// token is answered (two tabs refreshing at once both stay signed in); after it, reuse ends the session.
    #[arg(long, global = true, env = "ACADEMY_REFRESH_REUSE_GRACE_SECS", default_value_t = 10)]
    pub refresh_reuse_grace_secs: u64,

    /// Failed logins of one client address at one account within the login window before that address is
    /// refused (429) for that account.
    #[arg(long, global = true, env = "ACADEMY_LOGIN_LIMIT_PER_ACCOUNT_AND_ADDRESS", default_value_t = 5)]
    pub login_limit_per_account_and_address: i64,

    /// Failed logins allowed per client address (IPv6: per /64) across accounts within the login window before 429.
    #[arg(long, global = true, env = "ACADEMY_LOGIN_LIMIT_PER_ADDRESS", default_value_t = 20)]
    pub login_limit_per_address: i64,

    /// Failed logins at one account from all addresses within the login window beyond which addresses that have
    /// failed there wait growing delays (1 s, doubling) before they are evaluated; other addresses never wait.
    #[arg(long, global = true, env = "ACADEMY_LOGIN_LIMIT_PER_ACCOUNT", default_value_t = 50)]
    pub login_limit_per_account: i64,

    /// The longest of those delays, in seconds.
    #[arg(long, global = true, env = "ACADEMY_LOGIN_LIMIT_MAX_DELAY_SECS", default_value_t = 5 * 60)]
    pub login_limit_max_delay_secs: u64,

    /// Length of the login-limit window, in seconds.
    #[arg(long, global = true, env = "ACADEMY_LOGIN_LIMIT_WINDOW_SECS", default_value_t = 15 * 60)]
    pub login_limit_window_secs: u64,

    /// Reverse proxies and load balancers in front of the server (IP addresses or CIDR ranges, comma-separated),
    /// e.g. `10.0.0.0/8,127.0.0.1`. A request arriving from one of them is attributed to the client named in
    /// `X-Forwarded-For` (the nearest address that is not a trusted proxy), so per-address limits count clients
    /// and not the proxy. Empty: the TCP peer is the client and `X-Forwarded-For` is ignored.
    #[arg(long, global = true, env = "ACADEMY_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// Limits on writes, as `<name>=<max>/<seconds>` (comma-separated), replacing the defaults: `contact`
    /// messages (5 per 15 minutes), `admission` messages (10), `newsletter` subscriptions (10) and
    /// `registration`s (20) per client address (IPv6: per /64), and `upload-url`s per account (30).
    /// E.g. `contact=3/600,registration=50/900`.
    #[arg(long, global = true, env = "ACADEMY_RATE_LIMITS", value_delimiter = ',')]
    pub rate_limits: Vec<crate::identity::rate_limit::RateSetting>,

    /// How many public catalogue responses (course list pages, the home page) each server keeps in memory;
    /// 0 turns the cache off. See `server/src/platform/cache.rs`.
    #[arg(long, global = true, env = "ACADEMY_RESPONSE_CACHE_ENTRIES", default_value_t = 4096)]
    pub response_cache_entries: usize,

    /// How many seconds a kept catalogue response may show old enrolment, sales and student counts. Purchases
    /// and sign-ups do not empty the cache (they would, dozens of times a second, while money moves); the counts
    /// on the lists and the home page catch up within this time.
    #[arg(long, global = true, env = "ACADEMY_RESPONSE_CACHE_COUNTS_MAX_AGE", default_value_t = 60)]
    pub response_cache_counts_max_age_secs: u64,

    /// The largest lesson video an upload URL accepts, in bytes: the shared rule's 2 GiB unless lowered here (a
    /// small disk, or tests).
    #[arg(long, global = true, env = "ACADEMY_LESSON_VIDEO_MAX_BYTES", default_value_t = academy_shared::upload::LESSON_VIDEO_MAX_BYTES)]
    pub lesson_video_max_bytes: u64,

    /// How many password hashes may run at once (each takes ~19 MiB and one core for ~20 ms).
    /// Defaults to the number of cores.
    #[arg(long, global = true, env = "ACADEMY_PASSWORD_HASH_CONCURRENCY")]
    pub password_hash_concurrency: Option<usize>,

    /// The site's public origin, used in links sent by mail (password reset), e.g. `https://academy.example`.
    /// Defaults to `http://<addr>`.
    #[arg(long, global = true, env = "ACADEMY_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// SMTP server for outgoing mail, in lettre's URL form: `smtps://user:pass@host` (TLS),
    /// `smtp://user:pass@host:587?tls=required` (STARTTLS) or `smtp://host:25`. Without it, mails are kept in
    /// the outbox (`GET /api/admin/outbox`) and printed in the log.
    #[arg(long, global = true, env = "ACADEMY_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender of outgoing mail.
    #[arg(long, global = true, env = "ACADEMY_MAIL_FROM", default_value = "Academy <no-reply@academy.local>")]
    pub mail_from: String,

    /// S3-compatible bucket for uploads. Without it, uploads are kept under `<data dir>/files`.
    #[arg(long, global = true, env = "ACADEMY_S3_BUCKET")]
    pub s3_bucket: Option<String>,

    /// Region of the S3 bucket.
    #[arg(long, global = true, env = "ACADEMY_S3_REGION", default_value = "us-east-1")]
    pub s3_region: String,

    /// Endpoint of an S3-compatible service (MinIO, R2...); AWS when absent.
    #[arg(long, global = true, env = "ACADEMY_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,

    /// Access key id for the S3 bucket (required with the bucket).
    #[arg(long, global = true, env = "ACADEMY_S3_ACCESS_KEY_ID", hide_env_values = true)]
    pub s3_access_key_id: Option<String>,

    /// Secret access key for the S3 bucket (required with the bucket).
    #[arg(long, global = true, env = "ACADEMY_S3_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,

    /// Let browsers PUT avatars straight to the S3 bucket with presigned URLs (the bucket's CORS must allow the
    /// site). Off: uploads go through the server's own signed URL, which checks size and type as bytes arrive.
    #[arg(long, global = true, env = "ACADEMY_S3_DIRECT_UPLOADS")]
    pub s3_direct_uploads: bool,

    /// Username of an administrator created at start when no administrator exists (with the email and
    /// password settings below). `academy create-admin` does the same on demand.
    #[arg(long, global = true, env = "ACADEMY_ADMIN_USERNAME")]
    pub admin_username: Option<String>,

    /// Email of the administrator created at start (see `--admin-username`).
    #[arg(long, global = true, env = "ACADEMY_ADMIN_EMAIL")]
    pub admin_email: Option<String>,

    /// Password of the administrator created at start (see `--admin-username`).
    #[arg(long, global = true, env = "ACADEMY_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,

    /// The API key the SePay bank feed sends with every bank transaction (`Authorization: Apikey <key>`) to
    /// `POST /api/payments/sepay/webhook`. Without it the feed is refused, and administrators confirm transfers
    /// by hand.
    #[arg(long, global = true, env = "ACADEMY_SEPAY_API_KEY", hide_env_values = true)]
    pub sepay_api_key: Option<String>,

    /// The terminal code VNPay gave the merchant (`vnp_TmnCode`). With the hash secret, students may pay an
    /// order by card or wallet through VNPay; VNPay's server confirms payments at
    /// `GET /api/payments/vnpay/ipn` (register that address with VNPay).
    #[arg(long, global = true, env = "ACADEMY_VNPAY_TMN_CODE")]
    pub vnpay_tmn_code: Option<String>,

    /// The secret that signs VNPay's requests and answers (HMAC-SHA512).
    #[arg(long, global = true, env = "ACADEMY_VNPAY_HASH_SECRET", hide_env_values = true)]
    pub vnpay_hash_secret: Option<String>,

    /// VNPay's payment page.
    #[arg(
        long,
        global = true,
        env = "ACADEMY_VNPAY_URL",
        default_value = "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html"
    )]
    pub vnpay_url: String,

    /// Where VNPay sends the student back after paying; defaults to `<public URL>/checkout/vnpay-return`.
    #[arg(long, global = true, env = "ACADEMY_VNPAY_RETURN_URL")]
    pub vnpay_return_url: Option<String>,

    /// The client id of a payOS payouts channel (`x-client-id`). With the API key and checksum key, payOS is a
    /// payout method administrators may enable: they send a teacher's payout through payOS's payouts API and its
    /// final state decides whether it was paid. The payouts channel's keys differ from a payment channel's.
    #[arg(long, global = true, env = "ACADEMY_PAYOS_CLIENT_ID")]
    pub payos_client_id: Option<String>,

    /// The payOS payouts channel's API key (`x-api-key`).
    #[arg(long, global = true, env = "ACADEMY_PAYOS_API_KEY", hide_env_values = true)]
    pub payos_api_key: Option<String>,

    /// The payOS payouts channel's checksum key, which signs requests and answers (HMAC-SHA256).
    #[arg(long, global = true, env = "ACADEMY_PAYOS_CHECKSUM_KEY", hide_env_values = true)]
    pub payos_checksum_key: Option<String>,

    /// payOS's API address.
    #[arg(long, global = true, env = "ACADEMY_PAYOS_BASE_URL", default_value = "https://api-merchant.payos.vn")]
    pub payos_base_url: String,
    /// Seconds between scheduled backups of the SQLite database (taken through the job queue at each multiple of
    /// this interval, counted in UTC: daily at midnight UTC by default); 0 turns them off. PostgreSQL is backed
    /// up with `pg_dump`.
    #[arg(long, global = true, env = "ACADEMY_BACKUP_INTERVAL_SECS", default_value_t = 24 * 60 * 60)]
    pub backup_interval_secs: u64,

    /// How many scheduled backups are kept (the oldest are deleted).
    #[arg(long, global = true, env = "ACADEMY_BACKUP_KEEP", default_value_t = 7, value_parser = clap::value_parser!(u64).range(1..))]
    pub backup_keep: u64,

    /// Folder of the scheduled backups. Defaults to `<data dir>/backups`.
    #[arg(long, global = true, env = "ACADEMY_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,

    /// The bearer token a scraper sends to read `/metrics` (`Authorization: Bearer <token>`). Without it and
    /// without `--metrics-allow`, `/metrics` answers 404.
    #[arg(long, global = true, env = "ACADEMY_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// Client addresses (IP addresses or CIDR ranges, comma-separated) that may read `/metrics` without the
    /// token, e.g. `127.0.0.1,10.0.0.0/8` (the client as found through `--trusted-proxies`).
    #[arg(long, global = true, env = "ACADEMY_METRICS_ALLOW", value_delimiter = ',', value_parser = parse_proxy)]
    pub metrics_allow: Vec<ipnet::IpNet>,

    /// Seconds a stopping server (SIGTERM, Ctrl+C) lets requests under way finish after it stopped accepting
    /// new ones; then it exits anyway.
    #[arg(long, global = true, env = "ACADEMY_SHUTDOWN_GRACE_SECS", default_value_t = 20.0, value_parser = parse_positive_secs)]
    pub shutdown_grace_secs: f64,

    /// The online rooms' servers (STUN/TURN, Jitsi, LiveKit).
    #[command(flatten)]
    pub meeting: MeetingConfig,
}

/// The shape of log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_deref().map(crate::platform::db::redact_url))
            .field("db_pool_size", &self.db_pool_size)
            .field("db_acquire_timeout_secs", &self.db_acquire_timeout_secs)
            .field("web_dir", &self.web_dir)
            .field("page_renderer", &self.page_renderer)
            .field("node", &self.node)
            .field("token_secret", &self.token_secret.as_ref().map(|_| "<redacted>"))
            .field("log_filter", &self.log_filter)
            .field("log_format", &self.log_format)
            .field("demo", &self.demo)
            .field("access_token_ttl_secs", &self.access_token_ttl_secs)
            .field("refresh_token_ttl_secs", &self.refresh_token_ttl_secs)
            .field("refresh_reuse_grace_secs", &self.refresh_reuse_grace_secs)
            .field("login_limit_per_account_and_address", &self.login_limit_per_account_and_address)
            .field("login_limit_per_address", &self.login_limit_per_address)
            .field("login_limit_per_account", &self.login_limit_per_account)
            .field("login_limit_max_delay_secs", &self.login_limit_max_delay_secs)
            .field("login_limit_window_secs", &self.login_limit_window_secs)
            .field("password_hash_concurrency", &self.password_hash_concurrency)
            .field("response_cache_entries", &self.response_cache_entries)
            .field("response_cache_counts_max_age_secs", &self.response_cache_counts_max_age_secs)
            .field("lesson_video_max_bytes", &self.lesson_video_max_bytes)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("rate_limits", &self.rate_limits)
            .field("public_url", &self.public_url)
            .field("smtp_url", &self.smtp_url.as_deref().map(crate::platform::db::redact_url))
            .field("mail_from", &self.mail_from)
            .field("s3_bucket", &self.s3_bucket)
            .field("s3_region", &self.s3_region)
            .field("s3_endpoint", &self.s3_endpoint)
            .field("s3_direct_uploads", &self.s3_direct_uploads)
            .field("admin_username", &self.admin_username)
            .field("sepay_api_key", &self.sepay_api_key.as_ref().map(|_| "<redacted>"))
            .field("vnpay_tmn_code", &self.vnpay_tmn_code)
            .field("vnpay_hash_secret", &self.vnpay_hash_secret.as_ref().map(|_| "<redacted>"))
            .field("vnpay_url", &self.vnpay_url)
            .field("vnpay_return_url", &self.vnpay_return_url)
            .field("payos_client_id", &self.payos_client_id)
            .field("payos_api_key", &self.payos_api_key.as_ref().map(|_| "<redacted>"))
            .field("payos_checksum_key", &self.payos_checksum_key.as_ref().map(|_| "<redacted>"))
            .field("payos_base_url", &self.payos_base_url)
            .field("backup_interval_secs", &self.backup_interval_secs)
            .field("backup_keep", &self.backup_keep)
            .field("backup_dir", &self.backup_dir)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "<redacted>"))
            .field("metrics_allow", &self.metrics_allow)
            .field("shutdown_grace_secs", &self.shutdown_grace_secs)
            .field("meeting", &self.meeting)
            .finish_non_exhaustive()
    }
}

impl Config {
    /// The defaults (and environment), rooted in `data_dir`, with SQLite there and a generated token secret
    /// (used by tests and tools).
    pub fn with_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        let mut config = Cli::parse_from(["academy"]).config;
        config.data_dir = data_dir.into();
        config.database_url = None;
        config.token_secret = None;
        config
    }

    /// The database URL in use: the configured one, or SQLite inside the data directory.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.trim().to_owned(),
            _ => {
                let path = absolute(&self.data_dir.join("academy.db"));
                format!("sqlite://{}?mode=rwc", path.display())
            }
        }
    }

    /// Whether anyone may read `/metrics`: a token or an address allow-list is set.
    pub fn metrics_enabled(&self) -> bool {
        self.metrics_token.as_deref().is_some_and(|t| !t.trim().is_empty()) || !self.metrics_allow.is_empty()
    }

    /// Where scheduled backups are written: `--backup-dir`, else `<data dir>/backups`.
    pub fn backup_folder(&self) -> PathBuf {
        match &self.backup_dir {
            Some(dir) if !dir.as_os_str().is_empty() => dir.clone(),
            _ => self.data_dir.join("backups"),
        }
    }

    /// How the database pool is sized and how long a request waits for one of its connections.
    pub fn pool_settings(&self) -> crate::platform::db::PoolSettings {
        crate::platform::db::PoolSettings {
            size: self.db_pool_size,
            acquire_timeout: std::time::Duration::from_secs_f64(self.db_acquire_timeout_secs),
        }
    }

    /// The token secret: the configured one, else the one persisted in the data dir, else a new one saved there.
    pub fn load_token_secret(&self) -> anyhow::Result<TokenSecret> {
        if let Some(secret) = self.token_secret.as_deref().filter(|s| !s.is_empty()) {
            return Ok(TokenSecret(secret.as_bytes().to_vec()));
        }
        let path = self.data_dir.join("token-secret");
        match std::fs::read_to_string(&path) {
            Ok(text) if !text.trim().is_empty() => return Ok(TokenSecret(text.trim().as_bytes().to_vec())),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        }
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no system randomness: {e}"))?;
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        write_private(&path, &hex).with_context(|| format!("writing {}", path.display()))?;
        tracing::info!(path = %path.display(), "generated a new token secret");
        Ok(TokenSecret(hex.into_bytes()))
    }
}

impl Config {
    /// The origin put in links sent by mail, without a trailing slash.
    pub fn public_origin(&self) -> String {
        match self.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.addr),
        }
    }

    /// The S3 settings, when a bucket is configured.
    pub fn s3(&self) -> anyhow::Result<Option<S3Config>> {
        let Some(bucket) = self.s3_bucket.as_deref().map(str::trim).filter(|b| !b.is_empty()) else {
            return Ok(None);
        };
        let required = |value: &Option<String>, name: &str| {
            value
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
                .with_context(|| format!("{name} is required with ACADEMY_S3_BUCKET"))
        };
        Ok(Some(S3Config {
            bucket: bucket.to_owned(),
            region: self.s3_region.trim().to_owned(),
            endpoint: self.s3_endpoint.as_deref().map(str::trim).filter(|e| !e.is_empty()).map(str::to_owned),
            access_key_id: required(&self.s3_access_key_id, "ACADEMY_S3_ACCESS_KEY_ID")?,
            secret_access_key: required(&self.s3_secret_access_key, "ACADEMY_S3_SECRET_ACCESS_KEY")?,
            direct_uploads: self.s3_direct_uploads,
        }))
    }
}

impl Config {
    /// The payOS payouts channel, when its client id, API key and checksum key are all set.
    pub fn payos(&self) -> Option<PayosConfig> {
        let set = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        Some(PayosConfig {
            client_id: set(&self.payos_client_id)?,
            api_key: set(&self.payos_api_key)?,
            checksum_key: set(&self.payos_checksum_key)?,
            base_url: self.payos_base_url.trim().trim_end_matches('/').to_owned(),
        })
    }
}

/// A payOS payouts channel, from `ACADEMY_PAYOS_*` (see [`Config::payos`]).
#[derive(Clone, PartialEq, Eq)]
pub struct PayosConfig {
    pub client_id: String,
    pub api_key: String,
    pub checksum_key: String,
    pub base_url: String,
}

impl fmt::Debug for PayosConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PayosConfig")
            .field("client_id", &self.client_id)
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

/// S3-compatible bucket settings, from `ACADEMY_S3_*` (see [`Config::s3`]).
#[derive(Clone, PartialEq, Eq)]
pub struct S3Config {
    pub bucket: String,
    pub region: String,
    /// Custom endpoint (MinIO, R2, ...); AWS when absent.
    pub endpoint: Option<String>,
    pub access_key_id: String,
    pub secret_access_key: String,
    /// Let the browser PUT straight to the bucket with a presigned URL instead of through the server. Needs the
    /// bucket's CORS to allow the site's origin, and the browser must not send `x-amz-acl` (S3 refuses
    /// unsigned `x-amz-*` headers on presigned URLs). Off by default: uploads go through our signed URL.
    pub direct_uploads: bool,
}

impl fmt::Debug for S3Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Config")
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .field("endpoint", &self.endpoint)
            .field("direct_uploads", &self.direct_uploads)
            .finish_non_exhaustive()
    }
}

/// The key that signs and checks tokens. Never printed.
#[derive(Clone)]
pub struct TokenSecret(Vec<u8>);

impl TokenSecret {
    /// The raw key bytes, for the signing library.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for TokenSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenSecret(<redacted>)")
    }
}

/// Writes a file only its owner can read (0600 on Unix).
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A number of seconds above zero (fractions allowed), e.g. `3` or `0.5`.
fn parse_positive_secs(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= 86_400.0 => Ok(secs),
        _ => Err(format!("{text:?} is not a number of seconds between 0 and 86400")),
    }
}

/// A trusted proxy: an address (`10.1.2.3`, `::1`) or a range (`10.0.0.0/8`).
fn parse_proxy(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text:?} is neither an IP address nor a CIDR range"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_database_is_sqlite_in_the_data_dir() {
        let config = Config::with_data_dir("/srv/academy");
        assert_eq!(config.database_url(), "sqlite:///srv/academy/academy.db?mode=rwc");
    }

    #[test]
    fn a_database_password_is_hidden_in_logs() {
        use crate::platform::db::redact_url;
        assert_eq!(redact_url("postgres://app:secret@db:5432/academy"), "postgres://app:***@db:5432/academy");
        assert_eq!(redact_url("sqlite:///a/b.db"), "sqlite:///a/b.db");
    }

    #[test]
    fn a_generated_token_secret_is_persisted_privately_and_reused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let config = Config::with_data_dir(dir.path());
        let first = config.load_token_secret().expect("generated");
        let second = config.load_token_secret().expect("read back");
        assert_eq!(first.as_bytes(), second.as_bytes());
        assert_eq!(first.as_bytes().len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.path().join("token-secret")).expect("file").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn the_database_pool_is_configured_by_flags() {
        let cli = Cli::try_parse_from(["academy", "--db-pool-size", "12", "--db-acquire-timeout-secs", "0.5"])
            .expect("valid flags");
        let settings = cli.config.pool_settings();
        assert_eq!(settings.size, Some(12));
        assert_eq!(settings.acquire_timeout, std::time::Duration::from_millis(500));
    }

    #[test]
    fn an_empty_pool_or_a_wait_of_no_time_is_refused() {
        assert!(Cli::try_parse_from(["academy", "--db-pool-size", "0"]).is_err());
        assert!(Cli::try_parse_from(["academy", "--db-acquire-timeout-secs", "0"]).is_err());
        assert!(Cli::try_parse_from(["academy", "--db-acquire-timeout-secs", "-1"]).is_err());
        assert!(Cli::try_parse_from(["academy", "--db-acquire-timeout-secs", "soon"]).is_err());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        assert_eq!(parse_proxy(" 10.0.0.0/8 ").map(|n| n.to_string()), Ok("10.0.0.0/8".to_owned()));
        assert_eq!(parse_proxy("127.0.0.1").map(|n| n.to_string()), Ok("127.0.0.1/32".to_owned()));
        assert_eq!(parse_proxy("::1").map(|n| n.to_string()), Ok("::1/128".to_owned()));
        assert!(parse_proxy("proxy.internal").is_err());
    }
}
