//! What every handler can reach: the database, its engine, the configuration and the token key.

use std::sync::Arc;

use crate::{
    config::{Config, TokenSecret},
    db::{self, Backend, Pool},
};

/// Shared application state, cheap to clone (handlers receive it through `State<AppState>`).
#[derive(Debug, Clone)]
pub struct AppState {
    pub pool: Pool,
    pub backend: Backend,
    pub config: Arc<Config>,
    pub token_secret: TokenSecret,
}

impl AppState {
    /// Prepares the data directory, opens the database (applying migrations) and loads the token secret.
    pub async fn build(config: Config) -> anyhow::Result<AppState> {
        std::fs::create_dir_all(&config.data_dir)
            .map_err(|e| anyhow::anyhow!("creating the data directory {}: {e}", config.data_dir.display()))?;
        let token_secret = config.load_token_secret()?;
        let url = config.database_url();
        let (pool, backend) = db::connect(&url).await?;
        tracing::info!(backend = backend.name(), url = %crate::config::redact_url(&url), "database ready");
        Ok(AppState { pool, backend, config: Arc::new(config), token_secret })
    }
}
