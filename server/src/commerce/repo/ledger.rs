//! The ledger's SQL: accounts, transactions and entries, only ever inserted.

use sqlx::{AnyConnection, Row as _};

use crate::platform::db::{Pool, new_id};

/// A ledger transaction to insert.
#[derive(Debug)]
pub struct NewTransaction<'a> {
    pub id: &'a str,
    pub key: &'a str,
    pub kind: &'a str,
    pub order_id: Option<&'a str>,
    pub memo: &'a str,
}

/// Inserts the transaction unless its idempotency key exists; whether it was inserted.
pub async fn insert_transaction(
    conn: &mut AnyConnection,
    tx: &NewTransaction<'_>,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into ledger_transactions (id, idempotency_key, kind, order_id, memo, created_at) \
         values ($1, $2, $3, $4, $5, $6) on conflict (idempotency_key) do nothing",
    )
    .bind(tx.id)
    .bind(tx.key)
    .bind(tx.kind)
    .bind(tx.order_id)
    .bind(tx.memo)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Creates the account the first time it is used.
pub async fn ensure_account(
    conn: &mut AnyConnection,
    code: &str,
    kind: &str,
    owner_id: Option<&str>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into ledger_accounts (code, kind, owner_id, created_at) values ($1, $2, $3, $4) \
         on conflict (code) do nothing",
    )
    .bind(code)
    .bind(kind)
    .bind(owner_id)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn insert_entry(
    conn: &mut AnyConnection,
    transaction_id: &str,
    account_code: &str,
    amount: i64,
    currency: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into ledger_entries (id, transaction_id, account_code, amount, currency, created_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(transaction_id)
    .bind(account_code)
    .bind(amount)
    .bind(currency)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// What one posting adds to an account's day sums.
#[derive(Debug)]
pub struct DaySums<'a> {
    pub account_code: &'a str,
    pub currency: &'a str,
    pub day: i64,
    pub kind: &'a str,
    pub amount: i64,
    pub entries: i64,
}

/// Adds to the row of the account, currency, day and kind, creating it the first time (concurrent postings add up:
/// the second waits for the first's row).
pub async fn add_to_day_sums(conn: &mut AnyConnection, sums: &DaySums<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into ledger_day_sums (account_code, currency, day, kind, amount, entries) \
         values ($1, $2, $3, $4, $5, $6) on conflict (account_code, currency, day, kind) do update \
         set amount = ledger_day_sums.amount + excluded.amount, entries = ledger_day_sums.entries + excluded.entries",
    )
    .bind(sums.account_code)
    .bind(sums.currency)
    .bind(sums.day)
    .bind(sums.kind)
    .bind(sums.amount)
    .bind(sums.entries)
    .execute(conn)
    .await?;
    Ok(())
}

/// The day sums as the entries give them (the migration's fill, again).
pub async fn rebuild_day_sums(pool: &Pool) -> Result<u64, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("delete from ledger_day_sums").execute(&mut *tx).await?;
    let done = sqlx::query(
        "insert into ledger_day_sums (account_code, currency, day, kind, amount, entries) \
         select e.account_code, e.currency, (e.created_at + 25200000) / 86400000, t.kind, sum(e.amount), count(*) \
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id \
         join ledger_accounts a on a.code = e.account_code where a.owner_id is not null \
         group by e.account_code, e.currency, (e.created_at + 25200000) / 86400000, t.kind",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(done.rows_affected())
}

pub async fn balance(pool: &Pool, account_code: &str, currency: &str) -> Result<i64, sqlx::Error> {
    let sum: Option<i64> = sqlx::query_scalar(
        "select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries where account_code = $1 and currency = $2",
    )
    .bind(account_code)
    .bind(currency)
    .fetch_one(pool)
    .await?;
    Ok(sum.unwrap_or(0))
}

pub async fn entries_of(pool: &Pool, key: &str) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "select e.account_code, e.amount, e.currency from ledger_entries e \
         join ledger_transactions t on t.id = e.transaction_id where t.idempotency_key = $1 order by e.id",
    )
    .bind(key)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))).collect()
}

pub async fn totals(pool: &Pool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select currency, cast(sum(amount) as bigint) from ledger_entries group by currency order by currency",
    )
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
}
