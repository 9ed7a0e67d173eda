//! Accounts: creation, lookup, profile updates, the admin list, role and status changes.
//!
//! Usernames and emails are unique regardless of case: usernames through the `lower(username)` index, emails
//! through `email_lower` (trimmed, Unicode lower case, computed by [`email_key`] so both databases agree).

use academy_shared::roles::Role;
use academy_shared::search::normalize_search;
use sqlx::{AnyConnection, FromRow};

use crate::{
    identity::sessions::{self, RevokeReason},
    platform::db::{Pool, new_id, now_ms},
};

pub use super::policy::{UserStatus, email_key};

/// Columns of [`UserRow`], for `select`.
const COLUMNS: &str = "id, username, email, password_hash, first_name, last_name, phone_number, address, dob, \
                       avatar, role, status, token_version, created_at, updated_at, time_zone";

/// A stored account.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    pub id: String,
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    pub dob: Option<String>,
    pub avatar: Option<String>,
    #[sqlx(try_from = "String")]
    pub role: Role,
    #[sqlx(try_from = "String")]
    pub status: UserStatus,
    pub token_version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// The IANA zone the person's times are shown in.
    pub time_zone: String,
}

impl UserRow {
    pub fn role(&self) -> Role {
        self.role
    }

    pub fn is_active(&self) -> bool {
        self.status == UserStatus::Active
    }
}

/// A new account (password already hashed).
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    pub phone_number: Option<&'a str>,
    pub address: Option<&'a str>,
    pub dob: Option<&'a str>,
    pub role: Role,
}

/// Which unique value is already taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Username,
    Email,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("{0:?} already taken")]
    Taken(Taken),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Which of `username` and `email` another account (other than `except_id`) already uses.
pub async fn taken(
    pool: &Pool,
    username: Option<&str>,
    email: Option<&str>,
    except_id: Option<&str>,
) -> Result<Option<Taken>, sqlx::Error> {
    let except = except_id.unwrap_or("");
    if let Some(username) = username {
        let found: Option<String> =
            sqlx::query_scalar("select id from users where lower(username) = lower($1) and id <> $2")
                .bind(username.trim())
                .bind(except)
                .fetch_optional(pool)
                .await?;
        if found.is_some() {
            return Ok(Some(Taken::Username));
        }
    }
    if let Some(email) = email {
        let found: Option<String> = sqlx::query_scalar("select id from users where email_lower = $1 and id <> $2")
            .bind(email_key(email))
            .bind(except)
            .fetch_optional(pool)
            .await?;
        if found.is_some() {
            return Ok(Some(Taken::Email));
        }
    }
    Ok(None)
}

/// A full name as the user search reads it: family name then given name, and given name then family name, folded
/// by the shared search rule (lower case, no marks, đ as d), so "Phan Thị Yến", "phan thi yen" and "Yen Phan" all
/// find the same person.
pub fn name_search(first_name: &str, last_name: &str) -> String {
    let family_first = normalize_search(&format!("{last_name} {first_name}"));
    if family_first.is_empty() {
        return String::new();
    }
    format!("{family_first} / {}", normalize_search(&format!("{first_name} {last_name}")))
}

/// Fills the search name of accounts made before it was kept (run at start; a no-op once done).
pub async fn fill_name_search(pool: &Pool) -> Result<(), sqlx::Error> {
    let rows: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "select id, first_name, last_name from users where name_search = ''          and (coalesce(first_name, '') <> '' or coalesce(last_name, '') <> '')",
    )
    .fetch_all(pool)
    .await?;
    for (id, first, last) in rows {
        let text = name_search(first.as_deref().unwrap_or_default(), last.as_deref().unwrap_or_default());
        sqlx::query("update users set name_search = $1 where id = $2").bind(text).bind(id).execute(pool).await?;
    }
    Ok(())
}

/// Inserts an account; a username or email already in use (in any case) is [`CreateUserError::Taken`].
pub async fn create(pool: &Pool, user: &NewUser<'_>) -> Result<UserRow, CreateUserError> {
    if let Some(which) = taken(pool, Some(user.username), Some(user.email), None).await? {
        return Err(CreateUserError::Taken(which));
    }
    let id = new_id();
    let now = now_ms();
    let inserted = sqlx::query(
        "insert into users (id, username, email, email_lower, password_hash, first_name, last_name, phone_number, \
         address, dob, role, status, token_version, created_at, updated_at, name_search) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'active', 0, $12, $12, $13)",
    )
    .bind(&id)
    .bind(user.username.trim())
    .bind(user.email.trim())
    .bind(email_key(user.email))
    .bind(user.password_hash)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(user.phone_number)
    .bind(user.address)
    .bind(user.dob)
    .bind(user.role.as_str())
    .bind(now)
    .bind(name_search(user.first_name.unwrap_or_default(), user.last_name.unwrap_or_default()))
    .execute(pool)
    .await;
    match inserted {
        Ok(_) => {}
        // Lost a race with a simultaneous registration: recheck which value it took.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            let which = taken(pool, Some(user.username), Some(user.email), None).await?.unwrap_or(Taken::Username);
            return Err(CreateUserError::Taken(which));
        }
        Err(e) => return Err(e.into()),
    }
    find_by_id(pool, &id).await?.ok_or(CreateUserError::Database(sqlx::Error::RowNotFound))
}

pub async fn find_by_id(pool: &Pool, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from users where id = $1")).bind(id).fetch_optional(pool).await
}

/// The account of a username, compared case-insensitively.
pub async fn find_by_username(pool: &Pool, username: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from users where lower(username) = lower($1)"))
        .bind(username.trim())
        .fetch_optional(pool)
        .await
}

pub async fn find_by_email(pool: &Pool, email: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from users where email_lower = $1"))
        .bind(email_key(email))
        .fetch_optional(pool)
        .await
}

/// The editable profile fields (already validated).
#[derive(Debug, Clone)]
pub struct ProfileUpdate<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    /// An address to set now; `None` keeps the current one (a person's own change waits for confirmation).
    pub email: Option<&'a str>,
    pub phone_number: Option<&'a str>,
    pub address: Option<&'a str>,
    pub dob: Option<&'a str>,
    pub avatar: Option<&'a str>,
    /// An IANA zone (already checked); `None` keeps the current one.
    pub time_zone: Option<&'a str>,
}

/// Updates a profile. Omitted optional values are kept as they are. An email taken by another account is
/// [`CreateUserError::Taken`]. A new address ends every session of the user and voids their unconfirmed changes
/// of address, in the same transaction: whoever held a session learns of it by being signed out.
///
/// The user's name is part of the search text of the courses they teach, so those are recomputed in the same
/// transaction: a search never sees the new name on the profile and the old one on the courses.
pub async fn update_profile(
    pool: &Pool,
    id: &str,
    update: &ProfileUpdate<'_>,
) -> Result<Option<UserRow>, CreateUserError> {
    if let Some(which) = taken(pool, None, update.email, Some(id)).await? {
        return Err(CreateUserError::Taken(which));
    }
    let now = now_ms();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let Some(old_key) = sqlx::query_scalar::<_, String>("select email_lower from users where id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
    else {
        return Ok(None);
    };
    let result = sqlx::query(
        "update users set first_name = $1, last_name = $2, email = coalesce($3, email), \
         email_lower = coalesce($4, email_lower), phone_number = coalesce($5, phone_number), \
         address = coalesce($6, address), dob = coalesce($7, dob), avatar = coalesce($8, avatar), updated_at = $9, \
         name_search = $11, time_zone = coalesce($12, time_zone) where id = $10",
    )
    .bind(update.first_name)
    .bind(update.last_name)
    .bind(update.email.map(str::trim))
    .bind(update.email.map(email_key))
    .bind(update.phone_number)
    .bind(update.address)
    .bind(update.dob)
    .bind(update.avatar)
    .bind(now)
    .bind(id)
    .bind(name_search(update.first_name, update.last_name))
    .bind(update.time_zone)
    .execute(&mut *tx)
    .await;
    match result {
        Ok(done) if done.rows_affected() == 0 => return Ok(None),
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(CreateUserError::Taken(Taken::Email)),
        Err(e) => return Err(e.into()),
    }
    if update.email.is_some_and(|email| email_key(email) != old_key) {
        sessions::end_all_for_user(&mut tx, id, RevokeReason::EmailChange, now).await?;
        crate::identity::email_change::void_pending(&mut tx, id, now).await?;
    }
    crate::catalogue::service::courses::teacher_renamed(&mut tx, id).await?;
    tx.commit().await?;
    Ok(find_by_id(pool, id).await?)
}

/// Sets the avatar URL.
pub async fn set_avatar(pool: &Pool, id: &str, avatar: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update users set avatar = $1, updated_at = $2 where id = $3")
        .bind(avatar)
        .bind(now_ms())
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Replaces a password hash (a rehash with newer parameters; resets go through `identity::reset`).
pub async fn set_password_hash(pool: &Pool, id: &str, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update users set password_hash = $1 where id = $2").bind(hash).bind(id).execute(pool).await?;
    Ok(())
}

/// Filters and page of the admin list.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    /// Matched case-insensitively against username and email, and against the full name in either order without
    /// Vietnamese marks (see [`name_search`]).
    pub search: Option<String>,
    pub role: Option<Role>,
    /// 1-based.
    pub page: i64,
    pub page_size: i64,
}

/// A page of accounts (newest first) and the total matching.
pub async fn list(pool: &Pool, query: &ListQuery) -> Result<(Vec<UserRow>, i64), sqlx::Error> {
    let search = query.search.as_deref().map(str::trim).unwrap_or_default();
    let pattern = if search.is_empty() { String::new() } else { like_pattern(&search.to_lowercase()) };
    let folded = normalize_search(search);
    let name_pattern = if folded.is_empty() { pattern.clone() } else { like_pattern(&folded) };
    let filter = "($1 = '' or lower(username) like $1 escape '\\' or email_lower like $1 escape '\\' \
                  or name_search like $3 escape '\\') and ($2 = '' or role = $2)";
    let role = query.role.map(Role::as_str).unwrap_or("");
    let total: i64 = sqlx::query_scalar(&format!("select count(*) from users where {filter}"))
        .bind(&pattern)
        .bind(role)
        .bind(&name_pattern)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query_as(&format!(
        "select {COLUMNS} from users where {filter} order by created_at desc, id desc limit $4 offset $5"
    ))
    .bind(&pattern)
    .bind(role)
    .bind(&name_pattern)
    .bind(query.page_size)
    .bind((query.page.max(1) - 1) * query.page_size)
    .fetch_all(pool)
    .await?;
    Ok((rows, total))
}

/// `%text%` for a `like … escape '\'`, with `%`, `_` and `\` of the text taken literally.
fn like_pattern(text: &str) -> String {
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// Why a role or status change was refused.
#[derive(Debug, thiserror::Error)]
pub enum AdminChangeError {
    #[error("no such user")]
    NotFound,
    /// The change would leave no active administrator.
    #[error("last active admin")]
    LastAdmin,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Counts active admins other than `except_id`.
async fn other_active_admins(conn: &mut AnyConnection, except_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from users where role = 'ADMIN' and status = 'active' and id <> $1")
        .bind(except_id)
        .fetch_one(conn)
        .await
}

async fn lock_row(conn: &mut AnyConnection, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    // A no-op write first takes the row's write lock on PostgreSQL (and the database's on SQLite), so two
    // simultaneous demotions of the last two admins cannot both see "one other admin left".
    sqlx::query("update users set updated_at = updated_at where role = 'ADMIN'").execute(&mut *conn).await?;
    sqlx::query_as(&format!("select {COLUMNS} from users where id = $1")).bind(id).fetch_optional(conn).await
}

/// Changes a user's role; demoting the last active admin is refused. Sessions stay open: the role is read from
/// the database on every request, so the change applies at once.
pub async fn set_role(pool: &Pool, id: &str, role: Role) -> Result<UserRow, AdminChangeError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let user = lock_row(&mut tx, id).await?.ok_or(AdminChangeError::NotFound)?;
    if user.role() == Role::Admin
        && role != Role::Admin
        && user.is_active()
        && other_active_admins(&mut tx, id).await? == 0
    {
        return Err(AdminChangeError::LastAdmin);
    }
    sqlx::query("update users set role = $1, updated_at = $2 where id = $3")
        .bind(role.as_str())
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    find_by_id(pool, id).await?.ok_or(AdminChangeError::NotFound)
}

/// Locks or unlocks a user. Locking ends every session and token of the user at once; locking the last active
/// admin is refused.
pub async fn set_status(pool: &Pool, id: &str, active: bool) -> Result<UserRow, AdminChangeError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let user = lock_row(&mut tx, id).await?.ok_or(AdminChangeError::NotFound)?;
    let now = now_ms();
    if !active && user.role() == Role::Admin && user.is_active() && other_active_admins(&mut tx, id).await? == 0 {
        return Err(AdminChangeError::LastAdmin);
    }
    let status = if active { UserStatus::Active } else { UserStatus::Locked }.as_str();
    // A deleted account stays locked: its owner erased it, nobody opens it again.
    sqlx::query("update users set status = $1, updated_at = $2 where id = $3 and deleted_at is null")
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if !active && user.is_active() {
        sessions::end_all_for_user(&mut tx, id, RevokeReason::Locked, now).await?;
    }
    tx.commit().await?;
    find_by_id(pool, id).await?.ok_or(AdminChangeError::NotFound)
}

/// Whether any active administrator exists.
pub async fn active_admin_exists(pool: &Pool) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("select count(*) from users where role = 'ADMIN' and status = 'active'")
        .fetch_one(pool)
        .await?;
    Ok(n > 0)
}

/// The ids of the active administrators (who are told of what needs an administrator).
pub async fn active_admin_ids(pool: &Pool) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("select id from users where role = 'ADMIN' and status = 'active' order by created_at")
        .fetch_all(pool)
        .await
}
