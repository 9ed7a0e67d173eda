//! Updating a profile: one's own, or, for administrators and staff, another account the shared account rules
//! let them change (staff never change an administrator, nor another staff member's e-mail). Checked by the
//! shared profile rules.
//!
//! A person changing their own e-mail gives their current password (its guesses count against the same limits
//! as logins); the address then changes only when the link mailed to the new address is opened, and the current
//! address gets a notice. An administrator or staff member changing someone else's address changes it at once;
//! the old address gets a notice and every session of that user ends.

use std::net::IpAddr;

use academy_shared::{
    i18n::Lang,
    media::MediaLinkError,
    profile::{IsoDate, ProfileError, ProfileField, ProfileForm, changes_email, check_time_zone, validate_profile},
    roles::{AccountChange, AccountChangeRefused, Role, check_account_change},
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    email_change,
    repo::{self as users, CreateUserError, ProfileUpdate, Taken, UserRow},
};
use crate::{
    platform::{
        db,
        mail::{
            Mail,
            templates::{self, EmailChangeBy},
        },
    },
    state::AppState,
};

/// The profile as the person (or the administrator) sends it. Empty optional values may be omitted.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[schema(as = ProfileBody)]
pub struct ProfileEdit {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    /// ISO 8601 date (`2000-01-31` or `2000-01-31T00:00:00.000Z`).
    pub dob: Option<String>,
    /// Image URL (from `/users/upload-avatar`).
    pub avatar: Option<String>,
    /// The account's password: required when a person changes their own `email` (422 on `currentPassword`
    /// when missing or wrong), ignored otherwise.
    pub current_password: Option<String>,
    /// The IANA zone every time the person sees is shown in (`Asia/Ho_Chi_Minh`, `America/New_York`); omitted,
    /// the current one is kept. 422 on `timeZone` for a name the time zone database does not know.
    pub time_zone: Option<String>,
}

/// Who changes the profile: the signed-in person and the session they use.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub id: &'a str,
    pub role: Role,
    pub session_id: &'a str,
}

/// Why a profile update is refused.
#[derive(Debug, thiserror::Error)]
pub enum ProfileRefusal {
    #[error("no such user")]
    NotFound,
    /// Only administrators and staff change other people's profiles.
    #[error("another person's profile")]
    NotYours,
    /// The actor's role may not change this account (the shared rule's reason).
    #[error("not allowed: {0:?}")]
    NotAllowed(AccountChangeRefused),
    /// The form breaks the shared rules, field by field (a wrong current password included).
    #[error("invalid profile")]
    Invalid(Vec<(ProfileField, ProfileError)>),
    /// The avatar is not a picture uploaded here.
    #[error("avatar refused")]
    Avatar(MediaLinkError),
    #[error("email taken")]
    EmailTaken,
    /// Too many wrong passwords for this account or from this address.
    #[error("throttled")]
    Throttled { retry_after_secs: u64 },
    /// A mail or password check that could not run.
    #[error(transparent)]
    Internal(anyhow::Error),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CreateUserError> for ProfileRefusal {
    fn from(error: CreateUserError) -> Self {
        match error {
            CreateUserError::Taken(_) => ProfileRefusal::EmailTaken,
            CreateUserError::Database(e) => ProfileRefusal::Database(e),
        }
    }
}

/// The updated account, and the new address waiting for its confirmation, when there is one.
#[derive(Debug)]
pub struct Updated {
    pub row: UserRow,
    pub pending_email: Option<String>,
}

/// Updates the profile of `user_id` as `actor` asks (see the module's documentation).
pub async fn update(
    state: &AppState,
    lang: Lang,
    ip: IpAddr,
    actor: Actor<'_>,
    user_id: &str,
    edit: ProfileEdit,
) -> Result<Updated, ProfileRefusal> {
    let own = actor.id == user_id;
    if !own && !matches!(actor.role, Role::Admin | Role::Staff) {
        return Err(ProfileRefusal::NotYours);
    }
    let target = users::find_by_id(&state.pool, user_id).await?.ok_or(ProfileRefusal::NotFound)?;
    check_change(actor, &target, AccountChange::Profile)?;
    let new_address = changes_email(&target.email, &edit.email);
    if new_address {
        check_change(actor, &target, AccountChange::Email)?;
    }
    let form = ProfileForm {
        first_name: edit.first_name,
        last_name: edit.last_name,
        email: edit.email,
        phone_number: edit.phone_number.unwrap_or_default(),
        address: edit.address.unwrap_or_default(),
        dob: edit.dob.unwrap_or_default(),
        avatar: edit.avatar.unwrap_or_default(),
        avatar_bytes: None,
        own_email: own.then(|| target.email.clone()),
        current_password: edit.current_password,
    };
    let checked = validate_profile(&form, latest_dob());
    let time_zone = edit.time_zone.as_deref().map(check_time_zone).transpose();
    // The password is checked even when other fields are wrong, so one answer lists every field to fix.
    let typed_password = form.current_password.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let wrong_password = match typed_password {
        Some(password) if own && new_address => !verify_password(state, &target, password, ip).await?,
        _ => false,
    };
    let (payload, time_zone) = match (checked, time_zone) {
        (Ok(payload), Ok(time_zone)) if !wrong_password => (payload, time_zone),
        (result, time_zone) => {
            let mut errors: Vec<(ProfileField, ProfileError)> =
                result.err().map(|errors| errors.iter().copied().collect()).unwrap_or_default();
            if let Err(error) = time_zone {
                errors.push((ProfileField::TimeZone, error));
            }
            if wrong_password {
                errors.push((ProfileField::CurrentPassword, ProfileError::CurrentPasswordWrong));
            }
            return Err(ProfileRefusal::Invalid(errors));
        }
    };
    if let Some(avatar) = payload.avatar.as_deref() {
        academy_shared::media::check_avatar_url(avatar, crate::platform::storage::OWN_FILES_PATH)
            .map_err(ProfileRefusal::Avatar)?;
    }
    let pending_email = if own && new_address {
        if users::taken(&state.pool, None, Some(&payload.email), Some(&target.id)).await?.is_some() {
            return Err(ProfileRefusal::from(CreateUserError::Taken(Taken::Email)));
        }
        request_email_change(state, lang, actor, &target, &payload.email).await?;
        Some(payload.email.clone())
    } else {
        None
    };
    let update = ProfileUpdate {
        first_name: &payload.first_name,
        last_name: &payload.last_name,
        // One's own new address waits for its confirmation; anything else (a staff change, a change of case)
        // applies now.
        email: pending_email.is_none().then_some(payload.email.as_str()),
        phone_number: payload.phone_number.as_deref(),
        address: payload.address.as_deref(),
        dob: payload.dob.as_deref(),
        avatar: payload.avatar.as_deref(),
        time_zone,
    };
    let row = users::update_profile(&state.pool, &target.id, &update).await?.ok_or(ProfileRefusal::NotFound)?;
    if !own && new_address {
        tracing::info!(actor = %actor.id, user_id = %row.id, "email changed by staff; sessions ended");
        let (subject, body_text) =
            templates::email_change_notice(lang, &row.username, &row.email, EmailChangeBy::Staff);
        // The change is made: a notice that cannot be sent is logged, not turned into a failed answer.
        if let Err(e) = state.mailer.send(&Mail { to: target.email.clone(), subject, body_text }).await {
            tracing::error!(error = format!("{e:#}"), user_id = %row.id, "sending the email change notice failed");
        }
    }
    Ok(Updated { row, pending_email })
}

/// Makes `url` (an uploaded picture) the person's avatar; answers the one it replaced, if any, for its file to
/// be deleted.
pub async fn replace_avatar(pool: &db::Pool, user_id: &str, url: &str) -> Result<Option<String>, sqlx::Error> {
    let previous = users::find_by_id(pool, user_id).await?.and_then(|u| u.avatar);
    users::set_avatar(pool, user_id, url).await?;
    Ok(previous)
}

/// The shared rule on who may change which account.
pub fn check_change(actor: Actor<'_>, target: &UserRow, change: AccountChange) -> Result<(), ProfileRefusal> {
    check_account_change(actor.role, target.role(), actor.id == target.id, change).map_err(ProfileRefusal::NotAllowed)
}

/// Today's date in UTC plus one day: the browser checks the date of birth against the user's own "today",
/// which can be a day ahead of UTC.
fn latest_dob() -> IsoDate {
    let tomorrow = chrono::Utc::now().date_naive() + chrono::Days::new(1);
    IsoDate::parse(&tomorrow.format("%Y-%m-%d").to_string()).unwrap_or(IsoDate { year: 9999, month: 12, day: 31 })
}

/// Checks the signed-in person's current password before a change an attacker holding their session must not
/// make (a payout account): whether it is right. Guesses count against the login limits, as below.
pub async fn confirm_own_password(
    state: &AppState,
    user_id: &str,
    password: &str,
    ip: IpAddr,
) -> Result<bool, ProfileRefusal> {
    let target = users::find_by_id(&state.pool, user_id).await?.ok_or(ProfileRefusal::NotFound)?;
    verify_password(state, &target, password, ip).await
}

/// Checks the password of the account changing its own e-mail. Guesses count against the same per-account and
/// per-address limits as logins: a stolen session must not become a way around them.
async fn verify_password(
    state: &AppState,
    target: &UserRow,
    password: &str,
    ip: IpAddr,
) -> Result<bool, ProfileRefusal> {
    let attempt = match state.login_throttle.begin(&state.pool, &target.username, ip, db::now_ms()).await? {
        Ok(attempt) => attempt,
        Err(throttled) => return Err(ProfileRefusal::Throttled { retry_after_secs: throttled.retry_after_secs }),
    };
    let right = state
        .passwords
        .verify(password, &target.password_hash)
        .await
        .map_err(|e| ProfileRefusal::Internal(e.into()))?;
    if right {
        state.login_throttle.succeeded(&state.pool, attempt).await?;
    } else {
        tracing::warn!(user_id = %target.id, ip = %ip, outcome = "bad_credentials", "email change: wrong password");
        state.login_throttle.failed(&state.pool, attempt, db::now_ms()).await?;
    }
    Ok(right)
}

/// Records a pending change of `target`'s own address, tells the current address, then mails the link to the
/// new one. The notice goes first: without it, no link is sent.
async fn request_email_change(
    state: &AppState,
    lang: Lang,
    actor: Actor<'_>,
    target: &UserRow,
    new_email: &str,
) -> Result<(), ProfileRefusal> {
    let token = email_change::create(&state.pool, &target.id, new_email, actor.session_id, db::now_ms()).await?;
    let (subject, body_text) = templates::email_change_notice(lang, &target.username, new_email, EmailChangeBy::Owner);
    let notice = Mail { to: target.email.clone(), subject, body_text };
    state.mailer.send(&notice).await.map_err(|e| ProfileRefusal::Internal(e.into()))?;
    let link = format!("{}/confirm-email?token={token}", state.config.public_origin());
    let hours = email_change::EMAIL_CHANGE_LINK_LIFETIME.as_secs() / 3600;
    let (subject, body_text) = templates::email_change_confirm(lang, &target.username, &link, hours);
    let confirm = Mail { to: new_email.to_owned(), subject, body_text };
    state.mailer.send(&confirm).await.map_err(|e| ProfileRefusal::Internal(e.into()))?;
    tracing::info!(user_id = %target.id, "email change requested; confirmation link sent to the new address");
    Ok(())
}
