//! The first administrator: `academy create-admin --username … --email … --password …`, or
//! `ACADEMY_ADMIN_USERNAME` / `ACADEMY_ADMIN_EMAIL` / `ACADEMY_ADMIN_PASSWORD`, which create one at start when
//! no active administrator exists. Both apply the registration rules to the password.

use academy_shared::{i18n::Lang, roles::Role};
use anyhow::Context as _;

use crate::{
    config::Config,
    http::ApiError,
    identity::{
        policy,
        repo::{self as users, NewUser, UserRow},
    },
    state::AppState,
};

/// Creates an account with `role` after the registration checks (used for admins and staff).
pub async fn create_privileged(
    state: &AppState,
    username: &str,
    email: &str,
    password: &str,
    names: (Option<&str>, Option<&str>),
    role: Role,
) -> Result<UserRow, ApiError> {
    policy::check_new_account(username, email, password)?;
    let hash = state.passwords.hash(password.trim()).await.map_err(ApiError::internal)?;
    let user = NewUser {
        username: username.trim(),
        email: email.trim(),
        password_hash: &hash,
        first_name: names.0,
        last_name: names.1,
        phone_number: None,
        address: None,
        dob: None,
        role,
    };
    users::create(&state.pool, &user).await.map_err(crate::identity::routes::users::create_error)
}

/// `academy create-admin`: creates the admin and exits.
pub async fn create_admin_command(config: Config, username: &str, email: &str, password: &str) -> anyhow::Result<()> {
    crate::platform::telemetry::init(&config.log_filter, config.log_format);
    let state = AppState::build(config).await?;
    let user = create_privileged(&state, username, email, password, (None, None), Role::Admin)
        .await
        .map_err(|e| anyhow::anyhow!("{}", describe(&e)))?;
    tracing::info!(user_id = %user.id, username = %user.username, "administrator created");
    Ok(())
}

/// Creates the admin of `ACADEMY_ADMIN_*` when all three are set and no active admin exists yet.
pub async fn ensure_admin_from_config(state: &AppState) -> anyhow::Result<()> {
    let config = &state.config;
    let (Some(username), Some(email), Some(password)) =
        (config.admin_username.as_deref(), config.admin_email.as_deref(), config.admin_password.as_deref())
    else {
        if config.admin_username.is_some() || config.admin_email.is_some() || config.admin_password.is_some() {
            tracing::warn!("ACADEMY_ADMIN_USERNAME, ACADEMY_ADMIN_EMAIL and ACADEMY_ADMIN_PASSWORD must all be set");
        }
        return Ok(());
    };
    if users::active_admin_exists(&state.pool).await.context("looking for an administrator")? {
        return Ok(());
    }
    let user = create_privileged(state, username, email, password, (None, None), Role::Admin)
        .await
        .map_err(|e| anyhow::anyhow!("creating the administrator of ACADEMY_ADMIN_*: {}", describe(&e)))?;
    tracing::info!(user_id = %user.id, username = %user.username, "administrator created from ACADEMY_ADMIN_*");
    Ok(())
}

/// The English text of a refusal, with its field texts, for the command line.
fn describe(error: &ApiError) -> String {
    match error {
        ApiError::Unprocessable { message, fields } => {
            let details: Vec<String> = fields.iter().map(|(k, v)| format!("{k}: {}", v.get(Lang::En))).collect();
            format!("{} ({})", message.get(Lang::En), details.join("; "))
        }
        ApiError::Conflict(text) => text.get(Lang::En).to_owned(),
        other => format!("{other:#}"),
    }
}
