//! Sessions: a login opens one, each `/auth/refresh` rotates its refresh token, logout ends it.
//!
//! A session is a family of refresh tokens. Exchanging a refresh token marks it used and issues its successor
//! in the same session. Presenting a used refresh token again later means two parties hold it (a thief and the
//! user), so the whole session is revoked and both must log in again.
//!
//! Except within a short grace window after the exchange (10 seconds by default, `refresh_reuse_grace`): two tabs
//! of one browser share the refresh token cookie, and when their access token expires they refresh at once.
//! Every exchange of one token within the window answers the SAME successor refresh token (and a fresh access
//! token), as the big identity providers do, so all tabs end up with one valid token and nobody is logged out.
//! The window is the price: a thief replaying a stolen token within seconds of its owner gets the successor too;
//! after the window, reuse revokes the session as before.
//!
//! Answering the same successor again needs no token in the database. The successor's id is an HMAC of the
//! exchanged token's id with the server secret ([`TokenKeys::successor_id`]), so every exchange finds the same
//! row, and its claims are all fixed by that row (id, session, user, issue and expiry times) and the exchanged
//! token (role, version), so signing them again gives the very same token. The table holds ids and times only,
//! as for every refresh token: reading the database, or a backup of it, yields no usable token, because a token
//! is only as good as its signature and the secret never leaves the server's configuration. (Storing the
//! successor itself would put a live 7-day credential in every backup; encrypting it would need a second key
//! and gain nothing over signing it again.) The row is written in the same transaction that spends the old
//! token, and the exchange that spends it is decided by the database, so this holds with several server
//! instances and under concurrency: the first exchange spends the token and writes the successor; the others
//! wait for its row lock (PostgreSQL) or the write lock (SQLite) and then read the committed successor.
//!
//! Access tokens are checked on every request against the database (one primary-key join): the session must
//! not be revoked, the user must be active, and the token's `ver` must equal the user's `token_version`. That
//! makes logout, locking and password resets take effect at once instead of when the 15 minutes run out, for
//! the price of one indexed read per authenticated request (the handler usually needs the user row anyway).

use academy_shared::roles::Role;
use sqlx::{AnyConnection, AnyPool, Row as _};

use super::policy::UserStatus;
use super::tokens::{Claims, IssuedToken, Subject, TokenError, TokenKeys, TokenKind};
use crate::platform::db::stored_name;

/// The tokens handed out at login and at each refresh.
#[derive(Debug, Clone)]
pub struct TokenPair {
    pub access: IssuedToken,
    pub refresh: IssuedToken,
}

/// The authenticated caller, as the database says now (the role is read fresh, not taken from the token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub user_id: String,
    pub role: Role,
    pub session_id: String,
}

/// Why a token did not authenticate. All are 401 except `Database`.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The session was ended (logout, reuse, reset, lock) or never existed.
    #[error("session revoked or unknown")]
    Revoked,
    /// A refresh token was presented a second time; its session is now revoked.
    #[error("refresh token reused; session revoked")]
    Reused,
    /// The user is locked, gone, or their tokens were invalidated by a newer token version.
    #[error("user inactive or token version outdated")]
    UserInactive,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl SessionError {
    /// Whether this is the caller's fault (401) rather than ours (500).
    pub fn is_unauthorized(&self) -> bool {
        !matches!(self, SessionError::Database(_))
    }
}

/// Why a session was ended, stored in `sessions.revoked_reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevokeReason {
    Logout,
    Reuse,
    PasswordReset,
    Locked,
    LogoutAll,
    EmailChange,
    /// The person ended it from their list of sessions.
    EndedByUser,
    /// The person changed their password from another session.
    PasswordChange,
}

impl RevokeReason {
    pub fn as_str(self) -> &'static str {
        match self {
            RevokeReason::Logout => "logout",
            RevokeReason::Reuse => "reuse",
            RevokeReason::PasswordReset => "password_reset",
            RevokeReason::Locked => "locked",
            RevokeReason::LogoutAll => "logout_all",
            RevokeReason::EmailChange => "email_change",
            RevokeReason::EndedByUser => "ended_by_user",
            RevokeReason::PasswordChange => "password_change",
        }
    }
}

/// Where a session is opened from: the browser's User-Agent and the client's address.
#[derive(Debug, Clone, Default)]
pub struct Device {
    pub user_agent: String,
    pub ip: String,
}

/// The longest User-Agent kept (longer ones are cut).
const USER_AGENT_MAX_CHARS: usize = 400;

/// Opens a session for a user whose password was just verified and returns its first token pair.
pub async fn start(
    pool: &AnyPool,
    keys: &TokenKeys,
    subject: &Subject,
    device: &Device,
    now_ms: i64,
) -> Result<TokenPair, SessionError> {
    let session_id = uuid::Uuid::now_v7().to_string();
    let pair = issue_pair(keys, subject, &session_id, now_ms)?;
    let user_agent: String = device.user_agent.chars().filter(|c| !c.is_control()).take(USER_AGENT_MAX_CHARS).collect();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    sqlx::query(
        "insert into sessions (id, user_id, created_at, last_used_at, expires_at, user_agent, client_ip) \
         values ($1, $2, $3, $3, $4, $5, $6)",
    )
    .bind(&session_id)
    .bind(&subject.user_id)
    .bind(now_ms)
    .bind(pair.refresh.expires_at_ms())
    .bind(&user_agent)
    .bind(&device.ip)
    .execute(&mut *tx)
    .await?;
    insert_refresh(&mut tx, &pair.refresh, now_ms).await?;
    tx.commit().await?;
    Ok(pair)
}

/// Exchanges a refresh token for a new pair in the same session; the presented token is spent. Within the grace
/// window after its first exchange, it gets the same successor again with a fresh access token; after that, a
/// spent token revokes the session ([`SessionError::Reused`]).
pub async fn refresh(
    pool: &AnyPool,
    keys: &TokenKeys,
    refresh_token: &str,
    now_ms: i64,
) -> Result<TokenPair, SessionError> {
    let claims = keys.verify(refresh_token, TokenKind::Refresh)?;
    let successor_id = keys.successor_id(&claims.jti);
    let mut tx = crate::platform::db::begin_write(pool).await?;
    // Spending first takes the row's write lock, so of concurrent exchanges exactly one spends the token and
    // writes its successor; the others see it spent once that is committed.
    let spent =
        sqlx::query("update refresh_tokens set used_at = $1 where id = $2 and session_id = $3 and used_at is null")
            .bind(now_ms)
            .bind(&claims.jti)
            .bind(&claims.fam)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    let (subject, successor) = if spent == 0 {
        let used_at = sqlx::query("select used_at from refresh_tokens where id = $1 and session_id = $2")
            .bind(&claims.jti)
            .bind(&claims.fam)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(SessionError::Revoked)?
            .try_get::<Option<i64>, _>("used_at")?
            .unwrap_or(now_ms);
        let grace_ms = i64::try_from(keys.lifetimes().refresh_reuse_grace.as_millis()).unwrap_or(i64::MAX);
        if now_ms.saturating_sub(used_at) > grace_ms {
            revoke_session(&mut tx, &claims.fam, RevokeReason::Reuse, now_ms).await?;
            tx.commit().await?;
            tracing::warn!(user_id = %claims.sub, session_id = %claims.fam, "refresh token reused; session revoked");
            return Err(SessionError::Reused);
        }
        let subject = live_subject(&mut tx, &claims).await?;
        let successor = issued_successor(&mut tx, keys, &claims, &successor_id).await?;
        (subject, successor)
    } else {
        let subject = live_subject(&mut tx, &claims).await?;
        let successor = keys.issue_refresh(&carried_over(&subject, &claims), &claims.fam, successor_id, now_ms)?;
        insert_refresh(&mut tx, &successor, now_ms).await?;
        sqlx::query("update sessions set last_used_at = $1, expires_at = $2 where id = $3")
            .bind(now_ms)
            .bind(successor.expires_at_ms())
            .bind(&claims.fam)
            .execute(&mut *tx)
            .await?;
        (subject, successor)
    };
    let access = keys.issue_access(&subject, &claims.fam, now_ms)?;
    tx.commit().await?;
    Ok(TokenPair { access, refresh: successor })
}

/// The subject a successor refresh token is issued to: the live user, with the role the exchanged token carries.
fn carried_over(subject: &Subject, exchanged: &Claims) -> Subject {
    Subject { role: exchanged.role.clone(), ..subject.clone() }
}

/// The successor already issued for `exchanged`, signed again from its row.
async fn issued_successor(
    conn: &mut AnyConnection,
    keys: &TokenKeys,
    exchanged: &Claims,
    successor_id: &str,
) -> Result<IssuedToken, SessionError> {
    let row = sqlx::query(
        "select issued_at, expires_at from refresh_tokens where id = $1 and session_id = $2 and user_id = $3",
    )
    .bind(successor_id)
    .bind(&exchanged.fam)
    .bind(&exchanged.sub)
    .fetch_optional(conn)
    .await?
    .ok_or(SessionError::Revoked)?;
    let issued_at: i64 = row.try_get("issued_at")?;
    let expires_at: i64 = row.try_get("expires_at")?;
    Ok(keys.sign(Claims {
        iat: issued_at.div_euclid(1000),
        exp: expires_at.div_euclid(1000),
        jti: successor_id.to_owned(),
        ..exchanged.clone()
    })?)
}

/// Who sends this access token, if it is valid, its session open and its user active at the same version.
pub async fn authenticate(pool: &AnyPool, keys: &TokenKeys, access_token: &str) -> Result<Principal, SessionError> {
    let claims = keys.verify(access_token, TokenKind::Access)?;
    let mut conn = pool.acquire().await?;
    let subject = live_subject(&mut conn, &claims).await?;
    Ok(Principal { user_id: subject.user_id, role: stored_name(subject.role)?, session_id: claims.fam })
}

/// Logout: ends the session of `token`, which may be an access or a refresh token, expired or not (but validly
/// signed). Ending an ended session is not an error. Returns the user id of the session.
pub async fn end(pool: &AnyPool, keys: &TokenKeys, token: &str, now_ms: i64) -> Result<String, SessionError> {
    let claims = keys.verify_any_kind_ignoring_expiry(token)?;
    let mut conn = pool.acquire().await?;
    revoke_session(&mut conn, &claims.fam, RevokeReason::Logout, now_ms).await?;
    Ok(claims.sub)
}

/// Kills every token of a user: raises `token_version` and revokes all open sessions. Run it inside the
/// transaction that locks the user or changes the password.
pub async fn end_all_for_user(
    conn: &mut AnyConnection,
    user_id: &str,
    reason: RevokeReason,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update users set token_version = token_version + 1, updated_at = $1 where id = $2")
        .bind(now_ms)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("update sessions set revoked_at = $1, revoked_reason = $2 where user_id = $3 and revoked_at is null")
        .bind(now_ms)
        .bind(reason.as_str())
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Ends every open session of a user but `keep_session_id` (the one the user is acting from): their access and
/// refresh tokens stop working at once, the kept session's go on. Run it inside the transaction of the change.
pub async fn end_other_sessions(
    conn: &mut AnyConnection,
    user_id: &str,
    keep_session_id: &str,
    reason: RevokeReason,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update sessions set revoked_at = $1, revoked_reason = $2 \
         where user_id = $3 and id <> $4 and revoked_at is null",
    )
    .bind(now_ms)
    .bind(reason.as_str())
    .bind(user_id)
    .bind(keep_session_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Deletes sessions (and their refresh tokens) that expired more than `keep_ms` ago. Run periodically.
pub async fn purge_expired(pool: &AnyPool, now_ms: i64, keep_ms: i64) -> Result<u64, sqlx::Error> {
    let cutoff = now_ms - keep_ms;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    sqlx::query("delete from refresh_tokens where session_id in (select id from sessions where expires_at < $1)")
        .bind(cutoff)
        .execute(&mut *tx)
        .await?;
    let deleted = sqlx::query("delete from sessions where expires_at < $1").bind(cutoff).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(deleted.rows_affected())
}

fn issue_pair(keys: &TokenKeys, subject: &Subject, session_id: &str, now_ms: i64) -> Result<TokenPair, TokenError> {
    Ok(TokenPair {
        access: keys.issue_access(subject, session_id, now_ms)?,
        refresh: keys.issue_refresh(subject, session_id, uuid::Uuid::now_v7().to_string(), now_ms)?,
    })
}

async fn insert_refresh(conn: &mut AnyConnection, refresh: &IssuedToken, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into refresh_tokens (id, session_id, user_id, issued_at, expires_at) values ($1, $2, $3, $4, $5)",
    )
    .bind(&refresh.claims.jti)
    .bind(&refresh.claims.fam)
    .bind(&refresh.claims.sub)
    .bind(now_ms)
    .bind(refresh.expires_at_ms())
    .execute(conn)
    .await?;
    Ok(())
}

async fn revoke_session(
    conn: &mut AnyConnection,
    session_id: &str,
    reason: RevokeReason,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update sessions set revoked_at = $1, revoked_reason = $2 where id = $3 and revoked_at is null")
        .bind(now_ms)
        .bind(reason.as_str())
        .bind(session_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The token's user as of now, if the session is open, the user active and the version current.
async fn live_subject(conn: &mut AnyConnection, claims: &Claims) -> Result<Subject, SessionError> {
    let row = sqlx::query(
        "select u.role, u.status, u.token_version, s.revoked_at \
         from sessions s join users u on u.id = s.user_id \
         where s.id = $1 and s.user_id = $2",
    )
    .bind(&claims.fam)
    .bind(&claims.sub)
    .fetch_optional(conn)
    .await?
    .ok_or(SessionError::Revoked)?;
    if row.try_get::<Option<i64>, _>("revoked_at")?.is_some() {
        return Err(SessionError::Revoked);
    }
    let status = UserStatus::try_from(row.try_get::<String, _>("status")?)
        .map_err(|unknown| sqlx::Error::Decode(Box::new(unknown)))?;
    let version: i64 = row.try_get("token_version")?;
    if status != UserStatus::Active || version != claims.ver {
        return Err(SessionError::UserInactive);
    }
    Ok(Subject { user_id: claims.sub.clone(), role: row.try_get("role")?, token_version: version })
}

#[cfg(test)]
mod tests;
