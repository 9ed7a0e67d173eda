//! Password reset links: single use, expiring after 30 minutes, stored only as a hash.
//!
//! The token in the link is 32 random bytes (hex); the database keeps its SHA-256, so a leaked database or
//! backup does not hand out working links. Asking for a new link voids the older unused ones. Using a link
//! sets the new password, voids the user's pending e-mail changes and ends every session of the user (see
//! [`super::sessions::end_all_for_user`]).
//!
//! The link token pieces ([`new_link_token`], [`token_id`]) serve every mailed single-use link (e-mail
//! changes too).

use std::time::Duration;

use sha2::{Digest as _, Sha256};
use sqlx::AnyPool;

use super::sessions::{self, RevokeReason};

/// How long a reset link works.
pub const RESET_LINK_LIFETIME: Duration = Duration::from_secs(30 * 60);

/// The link's token is unknown, used, voided or expired.
#[derive(Debug, thiserror::Error)]
pub enum ResetError {
    #[error("invalid or expired reset token")]
    InvalidOrExpired,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Creates a reset link token for `user_id`, voiding earlier unused ones. Returns the token to put in the link.
pub async fn create(pool: &AnyPool, user_id: &str, now_ms: i64) -> Result<String, sqlx::Error> {
    let token = new_link_token();
    let lifetime = i64::try_from(RESET_LINK_LIFETIME.as_millis()).unwrap_or(i64::MAX);
    let mut tx = crate::platform::db::begin_write(pool).await?;
    sqlx::query("update password_resets set used_at = $1 where user_id = $2 and used_at is null")
        .bind(now_ms)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("insert into password_resets (id, user_id, created_at, expires_at) values ($1, $2, $3, $4)")
        .bind(token_id(&token))
        .bind(user_id)
        .bind(now_ms)
        .bind(now_ms + lifetime)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(token)
}

/// Whether a token would be accepted now (for the reset page to show the invalid-link text before the user types).
pub async fn is_usable(pool: &AnyPool, token: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let found: Option<String> =
        sqlx::query_scalar("select user_id from password_resets where id = $1 and used_at is null and expires_at > $2")
            .bind(token_id(token))
            .bind(now_ms)
            .fetch_optional(pool)
            .await?;
    Ok(found.is_some())
}

/// Spends the token and sets `new_password_hash` (already validated and hashed by the caller), ending all of
/// the user's sessions. Returns the user id.
pub async fn consume(pool: &AnyPool, token: &str, new_password_hash: &str, now_ms: i64) -> Result<String, ResetError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let user_id: Option<String> = sqlx::query_scalar(
        "update password_resets set used_at = $1 where id = $2 and used_at is null and expires_at > $1 \
         returning user_id",
    )
    .bind(now_ms)
    .bind(token_id(token))
    .fetch_optional(&mut *tx)
    .await?;
    let user_id = user_id.ok_or(ResetError::InvalidOrExpired)?;
    sqlx::query("update users set password_hash = $1, updated_at = $2 where id = $3")
        .bind(new_password_hash)
        .bind(now_ms)
        .bind(&user_id)
        .execute(&mut *tx)
        .await?;
    sessions::end_all_for_user(&mut tx, &user_id, RevokeReason::PasswordReset, now_ms).await?;
    // Whoever reset the password is the owner: a change of address someone else asked for is void.
    super::email_change::void_pending(&mut tx, &user_id, now_ms).await?;
    tx.commit().await?;
    Ok(user_id)
}

/// The token of a new mailed link: 32 random bytes, hex.
pub(crate) fn new_link_token() -> String {
    crate::platform::crypto::hex(&crate::platform::crypto::random_bytes::<32>())
}

/// What the database keeps of a link's token: its SHA-256, hex (so a leaked database hands out no working links).
pub(crate) fn token_id(token: &str) -> String {
    crate::platform::crypto::hex(&Sha256::digest(token.trim().as_bytes()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platform::test_db;

    const T0: i64 = 1_800_000_000_000;

    async fn password_hash(pool: &AnyPool, user_id: &str) -> (String, i64) {
        let row: (String, i64) = sqlx::query_as("select password_hash, token_version from users where id = $1")
            .bind(user_id)
            .fetch_one(pool)
            .await
            .unwrap();
        row
    }

    #[tokio::test]
    async fn a_reset_link_sets_the_password_once_and_raises_the_token_version() {
        for db in test_db::all().await {
            let user = test_db::insert_user(&db.pool, "resetme", "STUDENT").await;
            let token = create(&db.pool, &user, T0).await.unwrap();
            assert_eq!(token.len(), 64);
            assert!(is_usable(&db.pool, &token, T0 + 1).await.unwrap());
            assert_eq!(consume(&db.pool, &token, "$new", T0 + 1).await.unwrap(), user, "{}", db.backend);
            assert_eq!(password_hash(&db.pool, &user).await, ("$new".to_owned(), 1));
            assert!(matches!(consume(&db.pool, &token, "$again", T0 + 2).await, Err(ResetError::InvalidOrExpired)));
            assert!(!is_usable(&db.pool, &token, T0 + 2).await.unwrap());
        }
    }

    #[tokio::test]
    async fn an_expired_or_unknown_or_voided_link_is_refused() {
        for db in test_db::all().await {
            let user = test_db::insert_user(&db.pool, "resetme", "STUDENT").await;
            let old = create(&db.pool, &user, T0).await.unwrap();
            let late = T0 + 30 * 60_000;
            assert!(matches!(consume(&db.pool, &old, "$x", late).await, Err(ResetError::InvalidOrExpired)));
            assert!(matches!(consume(&db.pool, "deadbeef", "$x", T0).await, Err(ResetError::InvalidOrExpired)));
            let first = create(&db.pool, &user, T0).await.unwrap();
            let second = create(&db.pool, &user, T0 + 1).await.unwrap();
            assert!(matches!(consume(&db.pool, &first, "$x", T0 + 2).await, Err(ResetError::InvalidOrExpired)));
            consume(&db.pool, &second, "$x", T0 + 2).await.unwrap();
        }
    }

    #[tokio::test]
    async fn the_database_holds_only_a_hash_of_the_token() {
        for db in test_db::all().await {
            let user = test_db::insert_user(&db.pool, "resetme", "STUDENT").await;
            let token = create(&db.pool, &user, T0).await.unwrap();
            let stored: String =
                sqlx::query_scalar("select id from password_resets").fetch_one(&db.pool).await.unwrap();
            assert_ne!(stored, token);
        }
    }
}
