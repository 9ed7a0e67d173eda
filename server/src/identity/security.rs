//! A signed-in person's account security: the sessions they have open (where each was opened and when it was last
//! used, the one they act from marked), ending one of them or every other one, and changing their password (the
//! current one first, with the login limits; the new one by the registration rules; every other session ends and
//! a notice is mailed to the account's address).

use std::net::IpAddr;

use academy_shared::Lang;
use sqlx::Row as _;

use super::{
    policy::{PolicyError, check_new_password},
    profile::{ProfileRefusal, confirm_own_password},
    repo as users,
    sessions::{self, RevokeReason},
};
use crate::{platform::db, state::AppState};

/// An open session of the person's.
#[derive(Debug, Clone)]
pub struct OpenSession {
    pub id: String,
    pub created_at: i64,
    pub last_used_at: i64,
    pub user_agent: String,
    pub client_ip: String,
}

/// Why a password change was refused.
#[derive(Debug, thiserror::Error)]
pub enum PasswordChangeRefusal {
    #[error("the current password is wrong")]
    WrongPassword,
    #[error(transparent)]
    Policy(#[from] PolicyError),
    #[error("too many wrong passwords")]
    Throttled { retry_after_secs: u64 },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The person's sessions that still work, the most recently used first.
pub async fn open_sessions(pool: &db::Pool, user_id: &str, now_ms: i64) -> Result<Vec<OpenSession>, sqlx::Error> {
    let rows = sqlx::query(
        "select id, created_at, last_used_at, user_agent, client_ip from sessions \
         where user_id = $1 and revoked_at is null and expires_at > $2 order by last_used_at desc, id",
    )
    .bind(user_id)
    .bind(now_ms)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(OpenSession {
                id: row.try_get("id")?,
                created_at: row.try_get("created_at")?,
                last_used_at: row.try_get("last_used_at")?,
                user_agent: row.try_get("user_agent")?,
                client_ip: row.try_get("client_ip")?,
            })
        })
        .collect()
}

/// Ends one of the person's open sessions (its tokens stop working at once); false when they have no such session.
pub async fn end_session(pool: &db::Pool, user_id: &str, session_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update sessions set revoked_at = $1, revoked_reason = $2 where id = $3 and user_id = $4 and revoked_at is null",
    )
    .bind(now_ms)
    .bind(RevokeReason::EndedByUser.as_str())
    .bind(session_id)
    .bind(user_id)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends every open session of the person's but the one they act from.
pub async fn end_other_sessions(pool: &db::Pool, user_id: &str, keep: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let mut tx = db::begin_write(pool).await?;
    sessions::end_other_sessions(&mut tx, user_id, keep, RevokeReason::EndedByUser, now_ms).await?;
    tx.commit().await?;
    Ok(())
}

/// Changes the person's password from the session `keep`: the current password is checked first (guesses count
/// against the login limits), the new one by the registration rules; every other session ends in the same
/// transaction, and the account's address is told.
pub async fn change_password(
    state: &AppState,
    user_id: &str,
    keep: &str,
    current: &str,
    new: &str,
    ip: IpAddr,
    lang: Lang,
) -> Result<(), PasswordChangeRefusal> {
    match confirm_own_password(state, user_id, current, ip).await {
        Ok(true) => {}
        Ok(false) => return Err(PasswordChangeRefusal::WrongPassword),
        Err(ProfileRefusal::Throttled { retry_after_secs }) => {
            return Err(PasswordChangeRefusal::Throttled { retry_after_secs });
        }
        Err(other) => return Err(anyhow::anyhow!("checking a password: {other}").into()),
    }
    let user = users::find_by_id(&state.pool, user_id).await?.ok_or_else(|| anyhow::anyhow!("no such user"))?;
    check_new_password(new, &[&user.username, &user.email])?;
    let hash = state.passwords.hash(new.trim()).await.map_err(anyhow::Error::from)?;
    let now = db::now_ms();
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("update users set password_hash = $1, updated_at = $2 where id = $3")
        .bind(&hash)
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sessions::end_other_sessions(&mut tx, user_id, keep, RevokeReason::PasswordChange, now).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user_id, "password changed; other sessions ended");
    let link = format!("{}/forgot-password", state.config.public_origin());
    let (subject, body_text) = crate::platform::mail::templates::password_changed(lang, &user.username, &link);
    // The password is changed: a notice that cannot be queued is logged, not turned into a failure.
    if let Err(e) = state.mailer.send(&crate::platform::mail::Mail { to: user.email.clone(), subject, body_text }).await
    {
        tracing::warn!(user_id = %user_id, error = %e, "the password change notice was not sent");
    }
    Ok(())
}

/// A browser and system named from a User-Agent, as people name them: ("Chrome", "Windows"). Unknown parts are
/// empty.
pub fn describe_device(user_agent: &str) -> (&'static str, &'static str) {
    let ua = user_agent;
    let browser = if ua.contains("Edg/") || ua.contains("EdgA/") || ua.contains("EdgiOS/") {
        "Edge"
    } else if ua.contains("OPR/") || ua.contains("Opera") {
        "Opera"
    } else if ua.contains("CocCoc") || ua.contains("coc_coc") {
        "Cốc Cốc"
    } else if ua.contains("SamsungBrowser/") {
        "Samsung Internet"
    } else if ua.contains("Firefox/") || ua.contains("FxiOS/") {
        "Firefox"
    } else if ua.contains("Chrome/") || ua.contains("CriOS/") || ua.contains("Chromium/") {
        "Chrome"
    } else if ua.contains("Safari/") {
        "Safari"
    } else {
        ""
    };
    let system = if ua.contains("Android") {
        "Android"
    } else if ua.contains("iPhone") || ua.contains("iPad") || ua.contains("iPod") {
        "iOS"
    } else if ua.contains("Windows") {
        "Windows"
    } else if ua.contains("Mac OS X") || ua.contains("Macintosh") {
        "macOS"
    } else if ua.contains("CrOS") {
        "ChromeOS"
    } else if ua.contains("Linux") {
        "Linux"
    } else {
        ""
    };
    (browser, system)
}

#[cfg(test)]
mod tests {
    use super::describe_device;

    #[test]
    fn devices_are_named_from_common_user_agents() {
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                ("Chrome", "Windows"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                ("Safari", "iOS"),
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
                ("Samsung Internet", "Android"),
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
                ("Edge", "macOS"),
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", ("Firefox", "Linux")),
            ("curl/8.5.0", ("", "")),
        ];
        for (ua, expected) in cases {
            assert_eq!(describe_device(ua), expected, "{ua}");
        }
    }
}
