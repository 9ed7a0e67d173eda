//! The settings row and the history's SQL.

use sqlx::{Any, Transaction};

use crate::platform::db::{self, Backend, Pool};

/// Reads setting `key` inside a writing transaction, holding it until the transaction ends (the row is created
/// empty when missing, so two administrators saving at once take turns and each records what it replaced).
pub async fn lock_and_read(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    key: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query("insert into settings (name, value, updated_at) values ($1, '', $2) on conflict (name) do nothing")
        .bind(key)
        .bind(db::now_ms())
        .execute(&mut **tx)
        .await?;
    let select = if backend == Backend::Postgres {
        "select value from settings where name = $1 for update"
    } else {
        "select value from settings where name = $1"
    };
    let value: Option<String> = sqlx::query_scalar(select).bind(key).fetch_optional(&mut **tx).await?;
    Ok(value.filter(|v| !v.is_empty()))
}

/// Sets setting `key` inside a transaction.
pub async fn put(tx: &mut Transaction<'_, Any>, key: &str, value: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update settings set value = $2, updated_at = $3 where name = $1")
        .bind(key)
        .bind(value)
        .bind(db::now_ms())
        .execute(&mut **tx)
        .await
        .map(drop)
}

/// One kept change.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChangeRow {
    pub id: String,
    pub changed_at: i64,
    pub user_id: String,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub setting: String,
    pub old_value: String,
    pub new_value: String,
}

/// Stores one change.
pub async fn insert_change(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    changed_at: i64,
    (setting, old, new): (&str, &str, &str),
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into settings_changes (id, changed_at, user_id, setting, old_value, new_value) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(db::new_id())
    .bind(changed_at)
    .bind(user_id)
    .bind(setting)
    .bind(old)
    .bind(new)
    .execute(&mut **tx)
    .await
    .map(drop)
}

/// Which changes to list.
#[derive(Debug, Clone, Default)]
pub struct ChangeFilter {
    /// One setting by name, or every setting of a group when it ends with `.` (`payment.`).
    pub setting: Option<String>,
    pub user_id: Option<String>,
    /// Epoch milliseconds, `from` included, `to` excluded.
    pub from: Option<i64>,
    pub to: Option<i64>,
}

/// A page of changes, newest first, and how many match.
pub async fn list_changes(
    pool: &Pool,
    filter: &ChangeFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ChangeRow>, i64), sqlx::Error> {
    // Absent filters are bound as values that match everything, so there is one statement.
    let (setting, prefix) = match filter.setting.as_deref() {
        Some(group) if group.ends_with('.') => (String::new(), group.to_owned()),
        Some(name) => (name.to_owned(), String::new()),
        None => (String::new(), String::new()),
    };
    let conditions = "($1 = '' or c.setting = $1) \
         and ($2 = '' or substr(c.setting, 1, length($2)) = $2) \
         and ($3 = '' or c.user_id = $3) \
         and c.changed_at >= $4 and c.changed_at < $5";
    let user = filter.user_id.clone().unwrap_or_default();
    let (from, to) = (filter.from.unwrap_or(i64::MIN), filter.to.unwrap_or(i64::MAX));
    let total: i64 = sqlx::query_scalar(&format!("select count(*) from settings_changes c where {conditions}"))
        .bind(&setting)
        .bind(&prefix)
        .bind(&user)
        .bind(from)
        .bind(to)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query_as::<_, ChangeRow>(&format!(
        "select c.id, c.changed_at, c.user_id, u.username, u.first_name, u.last_name, c.setting, c.old_value, \
         c.new_value from settings_changes c left join users u on u.id = c.user_id where {conditions} \
         order by c.changed_at desc, c.id desc limit $6 offset $7"
    ))
    .bind(&setting)
    .bind(&prefix)
    .bind(&user)
    .bind(from)
    .bind(to)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    Ok((rows, total))
}

/// Everyone who changed a setting, with their names (for the history's filter).
pub async fn changers(
    pool: &Pool,
) -> Result<Vec<(String, Option<String>, Option<String>, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "select distinct c.user_id, u.username, u.first_name, u.last_name from settings_changes c \
         left join users u on u.id = c.user_id order by u.username",
    )
    .fetch_all(pool)
    .await
}
