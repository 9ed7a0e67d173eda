//! The first administrator: `academy create-admin --username … --email … --password …`, or
//! `ACADEMY_ADMIN_USERNAME` / `ACADEMY_ADMIN_EMAIL` / `ACADEMY_ADMIN_PASSWORD`, which create one at start when
//! no active administrator exists. Both apply the registration rules to the password.

use std::collections::BTreeMap;

use academy_shared::{i18n::Lang, roles::Role};
use anyhow::Context as _;

use crate::{
    config::Config,
    identity::{
        accounts::{AccountError, create_privileged, texts},
        policy::PolicyError,
        repo::{self as users, CreateUserError, Taken},
    },
    state::AppState,
};

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

/// The English text of a refusal, with its field texts (by field name), for the command line.
fn describe(error: &AccountError) -> String {
    match error {
        AccountError::Refused(PolicyError::Refused(fields)) => {
            let message = fields.first().map(|(_, text)| text.get(Lang::En)).unwrap_or_default();
            let by_name: BTreeMap<&str, &str> = fields.iter().map(|(k, v)| (k.as_str(), v.get(Lang::En))).collect();
            let details: Vec<String> = by_name.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            format!("{message} ({})", details.join("; "))
        }
        AccountError::Create(CreateUserError::Taken(which)) => {
            let text = match which {
                Taken::Username => texts::username_taken(),
                Taken::Email => texts::email_taken(),
            };
            text.get(Lang::En).to_owned()
        }
        other => format!("{other:#}"),
    }
}

/// The ids of the active administrators: the people other domains tell of what needs an administrator.
pub async fn active_admin_ids(state: &AppState) -> Result<Vec<String>, sqlx::Error> {
    super::repo::active_admin_ids(&state.pool).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::text::Text;

    #[test]
    fn a_refusal_is_described_in_english_by_its_first_field_then_every_field_by_name() {
        let refusal = PolicyError::Refused(vec![
            ("username".to_owned(), Text::new("Tên sai", "Bad name")),
            ("email".to_owned(), Text::new("Thư sai", "Bad email")),
        ]);
        assert_eq!(describe(&AccountError::Refused(refusal)), "Bad name (email: Bad email; username: Bad name)");
        let taken = AccountError::Create(CreateUserError::Taken(Taken::Email));
        assert_eq!(describe(&taken), "This email is already used by another account.");
    }
}
