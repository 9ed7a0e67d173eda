//! Changes of one's own e-mail address: they take effect only when the link mailed to the NEW address is opened,
//! so a stolen session alone cannot move the account (and its password resets) to someone else's mailbox.
//!
//! Links are made like password reset links ([`super::reset::new_link_token`]): single use, stored only as a
//! hash, valid for [`EMAIL_CHANGE_LINK_LIFETIME`]. Asking for another change voids the older links; a password
//! reset voids them all. Confirming sets the address and ends every other session of the user; the session
//! that asked for the change stays open.

use std::time::Duration;

use sqlx::{AnyConnection, AnyPool};

use super::policy::email_key;
use super::reset::{new_link_token, token_id};
use super::sessions::{self, RevokeReason};

/// How long a confirmation link works.
pub const EMAIL_CHANGE_LINK_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// Why a confirmation was refused.
#[derive(Debug, thiserror::Error)]
pub enum EmailChangeError {
    /// The link's token is unknown, used, voided or expired.
    #[error("invalid or expired e-mail confirmation link")]
    InvalidOrExpired,
    /// Another account took the new address after the link was sent. The link stays usable.
    #[error("the new address belongs to another account")]
    Taken,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A change that took effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmed {
    pub user_id: String,
    pub old_email: String,
    pub new_email: String,
}

/// Records that `user_id` asked, from `session_id`, to change their address to `new_email` (already checked),
/// voiding earlier unconfirmed changes. Returns the token to put in the link.
pub async fn create(
    pool: &AnyPool,
    user_id: &str,
    new_email: &str,
    session_id: &str,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    let token = new_link_token();
    let lifetime = i64::try_from(EMAIL_CHANGE_LINK_LIFETIME.as_millis()).unwrap_or(i64::MAX);
    let mut tx = crate::platform::db::begin_write(pool).await?;
    void_pending(&mut tx, user_id, now_ms).await?;
    sqlx::query(
        "insert into email_changes (id, user_id, new_email, session_id, created_at, expires_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_id(&token))
    .bind(user_id)
    .bind(new_email.trim())
    .bind(session_id)
    .bind(now_ms)
    .bind(now_ms + lifetime)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// Voids every unconfirmed change of a user (a newer change, a password reset, an administrator's change).
pub async fn void_pending(conn: &mut AnyConnection, user_id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update email_changes set used_at = $1 where user_id = $2 and used_at is null")
        .bind(now_ms)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Spends the token and sets the new address, ending the user's sessions but the one that asked. An address
/// another account took meanwhile is [`EmailChangeError::Taken`] and changes nothing.
pub async fn confirm(pool: &AnyPool, token: &str, now_ms: i64) -> Result<Confirmed, EmailChangeError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let change: Option<(String, String, Option<String>)> = sqlx::query_as(
        "update email_changes set used_at = $1 where id = $2 and used_at is null and expires_at > $1 \
         returning user_id, new_email, session_id",
    )
    .bind(now_ms)
    .bind(token_id(token))
    .fetch_optional(&mut *tx)
    .await?;
    let (user_id, new_email, asking_session) = change.ok_or(EmailChangeError::InvalidOrExpired)?;
    let old_email: String = sqlx::query_scalar("select email from users where id = $1")
        .bind(&user_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(EmailChangeError::InvalidOrExpired)?;
    let key = email_key(&new_email);
    let other: Option<String> = sqlx::query_scalar("select id from users where email_lower = $1 and id <> $2")
        .bind(&key)
        .bind(&user_id)
        .fetch_optional(&mut *tx)
        .await?;
    if other.is_some() {
        return Err(EmailChangeError::Taken);
    }
    let updated = sqlx::query("update users set email = $1, email_lower = $2, updated_at = $3 where id = $4")
        .bind(&new_email)
        .bind(&key)
        .bind(now_ms)
        .bind(&user_id)
        .execute(&mut *tx)
        .await;
    match updated {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(EmailChangeError::Taken),
        Err(e) => return Err(e.into()),
    }
    match asking_session.as_deref() {
        Some(keep) => sessions::end_other_sessions(&mut tx, &user_id, keep, RevokeReason::EmailChange, now_ms).await?,
        None => sessions::end_all_for_user(&mut tx, &user_id, RevokeReason::EmailChange, now_ms).await?,
    }
    tx.commit().await?;
    Ok(Confirmed { user_id, old_email, new_email })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platform::test_db;

    const T0: i64 = 1_800_000_000_000;

    async fn email_of(pool: &AnyPool, user_id: &str) -> String {
        sqlx::query_scalar("select email from users where id = $1").bind(user_id).fetch_one(pool).await.unwrap()
    }

    #[tokio::test]
    async fn a_link_changes_the_address_once_and_only_before_it_expires() {
        for db in test_db::all().await {
            let user = test_db::insert_user(&db.pool, "mover", "STUDENT").await;
            let old = email_of(&db.pool, &user).await;
            let token = create(&db.pool, &user, "New@Example.com", "s1", T0).await.unwrap();
            let late = T0 + 24 * 60 * 60_000;
            assert!(matches!(confirm(&db.pool, &token, late).await, Err(EmailChangeError::InvalidOrExpired)));

            let token = create(&db.pool, &user, "New@Example.com", "s1", T0).await.unwrap();
            let confirmed = confirm(&db.pool, &token, T0 + 1).await.unwrap();

            let expected = Confirmed { user_id: user.clone(), old_email: old, new_email: "New@Example.com".into() };
            assert_eq!(confirmed, expected);
            assert_eq!(email_of(&db.pool, &user).await, "New@Example.com", "{}", db.backend);
            assert!(matches!(confirm(&db.pool, &token, T0 + 2).await, Err(EmailChangeError::InvalidOrExpired)));
        }
    }

    #[tokio::test]
    async fn a_newer_request_or_a_password_reset_voids_older_links_and_only_a_hash_is_stored() {
        for db in test_db::all().await {
            let user = test_db::insert_user(&db.pool, "mover", "STUDENT").await;
            let first = create(&db.pool, &user, "one@example.com", "s1", T0).await.unwrap();
            let second = create(&db.pool, &user, "two@example.com", "s1", T0 + 1).await.unwrap();
            assert!(matches!(confirm(&db.pool, &first, T0 + 2).await, Err(EmailChangeError::InvalidOrExpired)));
            let stored: Vec<String> =
                sqlx::query_scalar("select id from email_changes").fetch_all(&db.pool).await.unwrap();
            assert!(!stored.contains(&second) && !stored.contains(&first));

            let reset = crate::identity::reset::create(&db.pool, &user, T0 + 3).await.unwrap();
            crate::identity::reset::consume(&db.pool, &reset, "$new", T0 + 4).await.unwrap();
            assert!(matches!(confirm(&db.pool, &second, T0 + 5).await, Err(EmailChangeError::InvalidOrExpired)));
        }
    }
}
