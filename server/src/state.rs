//! What every handler can reach: the database, its engine, the configuration and the token key, and the
//! identity services (password hashing, token keys, login throttle, file storage, mail).

use std::{sync::Arc, time::Duration};

use anyhow::Context as _;

use crate::{
    catalogue::index::CourseIndex,
    config::{Config, TokenSecret},
    http::page_render::PageRenderer,
    identity::{
        login_limit::{GuessLimits, LoginThrottle},
        password::{self, Passwords},
        rate_limit::RateLimiter,
        tokens::{TokenKeys, TokenLifetimes},
    },
    meeting::{Meetings, relay::Relay, tickets::Tickets},
    notifications::live::Live,
    platform::{
        cache::ResponseCache,
        data_lock::DataDirLock,
        db::{self, Backend, Pool},
        jobs::JobQueue,
        mail::{ChosenSender, Mailer},
        storage::Storage,
    },
};

/// Shared application state, cheap to clone (handlers receive it through `State<AppState>`).
#[derive(Debug, Clone)]
pub struct AppState {
    pub pool: Pool,
    pub backend: Backend,
    pub config: Arc<Config>,
    pub token_secret: TokenSecret,
    /// Argon2id hashing on the blocking pool, bounded.
    pub passwords: Passwords,
    /// Signs and checks access and refresh tokens.
    pub tokens: TokenKeys,
    /// Failed-login counters (in the database) and this instance's gate for attempts in flight.
    pub login_throttle: LoginThrottle,
    /// Limits on anonymous writes and upload URLs (counters in the database).
    pub rate_limiter: RateLimiter,
    /// Uploaded files: local disk or an S3-compatible bucket.
    pub storage: Storage,
    /// SMTP, or the outbox table when no SMTP server is configured.
    pub mailer: Arc<dyn Mailer>,
    /// The public catalogue's responses kept in memory (course lists, home page).
    pub cache: Arc<ResponseCache>,
    /// The published courses in memory: course lists and searches answered without reading a table.
    pub courses_index: Arc<CourseIndex>,
    /// Work run later, once across instances (mail, webhooks, chores).
    pub jobs: JobQueue,
    /// Live delivery of notifications to the pages open on this instance.
    pub notifications: Live,
    /// Online rooms: the signalling relay and the tickets of its sockets.
    pub meetings: Meetings,
    /// The academy's own settings (contact details, promotion…), kept in step across instances.
    pub site: crate::site::Site,
    /// The public pages' HTML for visitors (Node.js beside the server), when the web app's renderer is built.
    pub page_renderer: Option<PageRenderer>,
    /// The data directory's lock, held shared while this state lives: a restore waits for the server to stop.
    pub data_lock: Arc<DataDirLock>,
}

impl AppState {
    /// Prepares the data directory, opens the database (applying migrations) and loads the token secret.
    pub async fn build(config: Config) -> anyhow::Result<AppState> {
        std::fs::create_dir_all(&config.data_dir)
            .map_err(|e| anyhow::anyhow!("creating the data directory {}: {e}", config.data_dir.display()))?;
        let data_lock = DataDirLock::shared(&config.data_dir).map_err(|e| match e {
            crate::platform::data_lock::LockError::InUse { dir, .. } => {
                anyhow::anyhow!("{} is being restored: start the server once the restore is done", dir.display())
            }
            other => other.into(),
        })?;
        if config.metrics_enabled() {
            crate::platform::metrics::install();
        }
        let token_secret = config.load_token_secret()?;
        let url = config.database_url();
        let (pool, backend) = db::connect(&url, config.pool_settings()).await?;
        tracing::info!(backend = backend.name(), url = %db::redact_url(&url), "database ready");
        let lifetimes = TokenLifetimes {
            access: Duration::from_secs(config.access_token_ttl_secs),
            refresh: Duration::from_secs(config.refresh_token_ttl_secs),
            refresh_reuse_grace: Duration::from_secs(config.refresh_reuse_grace_secs),
            ..TokenLifetimes::default()
        };
        let tokens = TokenKeys::new(token_secret.as_bytes(), lifetimes)?;
        let hash_concurrency = config.password_hash_concurrency.unwrap_or_else(password::default_concurrency);
        let passwords = Passwords::new(hash_concurrency);
        let guess_limits = GuessLimits {
            per_account_and_address: config.login_limit_per_account_and_address,
            per_address: config.login_limit_per_address,
            per_account: config.login_limit_per_account,
            max_delay: Duration::from_secs(config.login_limit_max_delay_secs),
            window: Duration::from_secs(config.login_limit_window_secs),
        };
        let login_throttle = LoginThrottle::new(guess_limits, hash_concurrency);
        let storage = Storage::from_config(&config.data_dir, config.s3()?.as_ref(), token_secret.as_bytes())
            .context("opening file storage")?;
        let sender = ChosenSender::default();
        let mailer =
            crate::platform::mail::from_config(config.smtp_url.as_deref(), &config.mail_from, &pool, sender.clone())
                .context("configuring mail")?;
        let notifications = Live::new(pool.clone(), backend, url.clone());
        let state = AppState {
            jobs: JobQueue::new(pool.clone(), backend),
            site: crate::site::Site::new(pool.clone(), backend, url.clone(), sender, notifications.closed()),
            notifications,
            meetings: Meetings {
                relay: Relay::new(pool.clone(), backend, url.clone()),
                tickets: Tickets::new(token_secret.as_bytes()),
            },
            page_renderer: PageRenderer::start(&config.node, config.page_renderer.clone()),
            pool,
            backend,
            token_secret,
            passwords,
            tokens,
            login_throttle,
            rate_limiter: RateLimiter::new(&config.rate_limits),
            storage,
            mailer,
            cache: Arc::new(ResponseCache::new(
                config.response_cache_entries,
                Duration::from_secs(config.response_cache_counts_max_age_secs),
            )),
            courses_index: Arc::new(CourseIndex::new(Duration::from_secs(config.response_cache_counts_max_age_secs))),
            config: Arc::new(config),
            data_lock: Arc::new(data_lock),
        };
        // The academy's settings are read (and, on PostgreSQL, listened for) from the start: the mail sender they
        // choose holds for the first mail too.
        state.site.current().await.context("reading the academy's settings")?;
        Ok(state)
    }
}
