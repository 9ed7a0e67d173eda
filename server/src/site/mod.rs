//! The academy's own settings (`/dashboard/settings`, administrators only): its name, contact details, social
//! links, default currency, mail sender and the home page's promotion texts, checked by the shared rule
//! ([`academy_shared::site`]); and the history of every settings change, these and the payment and payout
//! settings kept by commerce and finance ([`history`]).
//!
//! Every instance keeps the settings in memory ([`Site`]) and serves them to the public pages
//! (`GET /api/site`, also written into the pages' first view and their server-rendered HTML). A change is
//! effective at once everywhere: the instance that saves it takes it at once and announces it with a `NOTIFY`
//! on [`CHANNEL`] (PostgreSQL); every instance listens on that channel and reads the settings again when it
//! hears it, or when its listening connection was lost and opened again. Should an announcement be lost anyway
//! (the `NOTIFY` failed), each instance also reads them again once its copy is older than [`MAX_AGE`]. On SQLite
//! there is one instance.

pub mod history;
pub mod repo;
pub mod routes;

use std::sync::{Arc, PoisonError, RwLock};

use academy_shared::site::SiteError;
use academy_shared::{
    site::{SiteField, SiteSettings, check_site_settings},
    validation::FieldErrors,
};
use tokio::sync::{OnceCell, watch};

use crate::platform::{
    db::{Backend, Pool},
    listen::{self, Heard},
    mail::ChosenSender,
    settings,
};

/// The PostgreSQL channel announcing that the settings changed.
pub const CHANNEL: &str = "academy_site_settings";
/// The longest an instance serves its copy without reading the settings again.
pub const MAX_AGE: std::time::Duration = std::time::Duration::from_secs(60);
/// Where the settings are kept (one JSON value).
const KEY: &str = "site.profile";

/// Why settings could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SiteSettingsError {
    #[error("invalid settings")]
    Invalid(FieldErrors<SiteField, SiteError>),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// This instance's copy of the settings. Cheap to clone.
#[derive(Clone)]
pub struct Site {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    backend: Backend,
    database_url: String,
    current: RwLock<Arc<SiteSettings>>,
    /// When the copy was last read or taken.
    read_at: std::sync::Mutex<std::time::Instant>,
    /// The mail sender the mailer uses, kept in step with the settings.
    sender: ChosenSender,
    /// Set once the settings were read and this instance listens for changes.
    loaded: OnceCell<()>,
    /// Held by a reading again and by a save from their read (or commit) to their taking the result, so a read
    /// begun before this instance's save cannot replace the saved settings with the ones it replaced.
    turn: tokio::sync::Mutex<()>,
    closed: watch::Receiver<bool>,
}

impl std::fmt::Debug for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Site").field("backend", &self.inner.backend).finish_non_exhaustive()
    }
}

impl Site {
    /// The settings over `pool`, read on first use; on PostgreSQL they are listened for on a connection of their
    /// own to `database_url` until `closed` turns true.
    pub fn new(
        pool: Pool,
        backend: Backend,
        database_url: String,
        sender: ChosenSender,
        closed: watch::Receiver<bool>,
    ) -> Site {
        Site {
            inner: Arc::new(Inner {
                pool,
                backend,
                database_url,
                current: RwLock::new(Arc::new(SiteSettings::default())),
                read_at: std::sync::Mutex::new(std::time::Instant::now()),
                sender,
                loaded: OnceCell::new(),
                turn: tokio::sync::Mutex::new(()),
                closed,
            }),
        }
    }

    /// The settings now.
    pub async fn current(&self) -> Result<Arc<SiteSettings>, sqlx::Error> {
        self.inner
            .loaded
            .get_or_try_init(|| async {
                if self.inner.backend == Backend::Postgres {
                    // Listening first: a change saved while the settings are read is heard afterwards.
                    let heard = listen::listen(&self.inner.database_url, CHANNEL, self.inner.closed.clone()).await?;
                    tokio::spawn(follow(Arc::downgrade(&self.inner), heard));
                }
                self.reload().await
            })
            .await?;
        if self.is_old() {
            // Marked fresh first, so one request reads again while the others serve the copy.
            *self.inner.read_at.lock().unwrap_or_else(PoisonError::into_inner) = std::time::Instant::now();
            if let Err(e) = self.reload().await {
                tracing::warn!(error = %e, "reading the settings again failed; the copy is kept");
            }
        }
        Ok(self.inner.current.read().unwrap_or_else(PoisonError::into_inner).clone())
    }

    fn is_old(&self) -> bool {
        self.inner.read_at.lock().unwrap_or_else(PoisonError::into_inner).elapsed() > MAX_AGE
    }

    async fn reload(&self) -> Result<(), sqlx::Error> {
        let _turn = self.inner.turn.lock().await;
        let stored = read(&self.inner.pool).await?;
        self.take(stored);
        Ok(())
    }

    fn take(&self, settings: SiteSettings) {
        *self.inner.read_at.lock().unwrap_or_else(PoisonError::into_inner) = std::time::Instant::now();
        self.inner.sender.set(settings.mail_sender().as_deref());
        *self.inner.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(settings);
    }

    /// Checks and saves new settings, records each change in the history under `user_id`, and makes them
    /// effective on every instance. Returns the settings saved (trimmed).
    pub async fn save(&self, user_id: &str, form: &SiteSettings) -> Result<SiteSettings, SiteSettingsError> {
        let saved = check_site_settings(form).map_err(SiteSettingsError::Invalid)?;
        let json = serde_json::to_string(&saved).map_err(|e| sqlx::Error::Decode(e.into()))?;
        let turn = self.inner.turn.lock().await;
        let mut tx = crate::platform::db::begin_write(&self.inner.pool).await?;
        let before = repo::lock_and_read(&mut tx, self.inner.backend, KEY).await?;
        let before: SiteSettings = before.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default();
        let changes: Vec<history::Change> = before
            .entries()
            .iter()
            .zip(saved.entries())
            .filter(|((_, old), (_, new))| old != new)
            .map(|((field, old), (_, new))| history::Change::new(format!("site.{}", field_name(*field)), old, new))
            .collect();
        repo::put(&mut tx, KEY, &json).await?;
        history::record_in(&mut tx, user_id, &changes).await?;
        tx.commit().await?;
        self.take(saved.clone());
        drop(turn);
        if self.inner.backend == Backend::Postgres
            && let Err(e) = listen::notify(&self.inner.pool, CHANNEL, "changed").await
        {
            tracing::warn!(error = %e, "announcing the settings change failed; other instances read it within a minute");
        }
        Ok(saved)
    }
}

fn field_name(field: SiteField) -> &'static str {
    use academy_shared::validation::Field as _;
    field.name()
}

/// The stored settings (the defaults when never saved or unreadable).
pub async fn read(pool: &Pool) -> Result<SiteSettings, sqlx::Error> {
    let stored = settings::get(pool, KEY).await?;
    Ok(stored.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default())
}

/// Reads the settings again whenever another instance announces a change (or announcements may have been lost).
async fn follow(site: std::sync::Weak<Inner>, mut heard: tokio::sync::mpsc::Receiver<Heard>) {
    while let Some(_message) = heard.recv().await {
        let Some(inner) = site.upgrade() else { return };
        let site = Site { inner };
        if let Err(e) = site.reload().await {
            tracing::warn!(error = %e, "reading the changed settings failed");
        }
    }
}
