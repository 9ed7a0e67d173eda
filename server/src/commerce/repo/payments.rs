//! Payment transactions as banks and gateways reported them.

use academy_shared::money::Currency;
use sqlx::{AnyConnection, FromRow};

use crate::platform::db::Pool;

academy_shared::stored_names! {
    /// What a reported transaction did (see `commerce::bank_feed::FeedOutcome`).
    pub enum PaymentOutcome("payment outcome") {
        Received = "received",
        Applying = "applying",
        Duplicate = "duplicate",
        Ignored = "ignored",
        Paid = "paid",
        Partial = "partial",
        Overpaid = "overpaid",
        Unmatched = "unmatched",
        OrderClosed = "order_closed",
        AlreadyPaid = "already_paid",
        Unapplied = "unapplied",
        Failed = "failed",
        AmountOutOfRange = "amount_out_of_range",
    }
}

academy_shared::stored_names! {
    /// Whether a transaction waits for an administrator: not needed, on the review list, or settled by one.
    pub enum ReviewStatus("payment review status") {
        NotNeeded = "none",
        Open = "open",
        Resolved = "resolved",
    }
}

/// A reported transaction.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PaymentRow {
    pub id: String,
    pub provider: String,
    pub provider_id: String,
    pub transfer_type: String,
    pub amount: i64,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    pub content: String,
    pub order_code: Option<String>,
    pub order_id: Option<String>,
    #[sqlx(try_from = "String")]
    pub outcome: PaymentOutcome,
    #[sqlx(try_from = "String")]
    pub review_status: ReviewStatus,
    pub reviewed_by: Option<String>,
    pub review_note: String,
    pub reviewed_at: Option<i64>,
    pub received_at: i64,
}

const COLUMNS: &str = "id, provider, provider_id, transfer_type, amount, currency, content, order_code, order_id, \
    outcome, review_status, reviewed_by, review_note, reviewed_at, received_at";

/// A transaction as it arrived.
#[derive(Debug, Clone)]
pub struct NewPayment<'a> {
    pub id: &'a str,
    pub provider: &'a str,
    pub provider_id: &'a str,
    pub raw: &'a str,
    pub transfer_type: &'a str,
    pub amount: i64,
    pub currency: &'a str,
    pub content: &'a str,
}

/// Stores a transaction unless the provider reported it before; whether it is new.
pub async fn insert(conn: &mut AnyConnection, payment: &NewPayment<'_>, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into payment_transactions (id, provider, provider_id, raw, transfer_type, amount, currency, content, \
         outcome, received_at) values ($1, $2, $3, $4, $5, $6, $7, $8, 'received', $9) \
         on conflict (provider, provider_id) do nothing",
    )
    .bind(payment.id)
    .bind(payment.provider)
    .bind(payment.provider_id)
    .bind(payment.raw)
    .bind(payment.transfer_type)
    .bind(payment.amount)
    .bind(payment.currency)
    .bind(payment.content)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The id of a stored transaction that was never applied (an earlier delivery stopped before), if that is what
/// this one is.
pub async fn unapplied(
    conn: &mut AnyConnection,
    provider: &str,
    provider_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select id from payment_transactions where provider = $1 and provider_id = $2 and outcome = 'received'",
    )
    .bind(provider)
    .bind(provider_id)
    .fetch_optional(conn)
    .await
}

/// Takes a stored transaction to apply it in `conn`'s transaction: whether it was still waiting. The update locks
/// the row, so a concurrent claim waits for this transaction and then finds it taken.
pub async fn claim(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update payment_transactions set outcome = 'applying' where id = $1 and outcome = 'received'")
            .bind(id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Records what a transaction did: the order it was matched to and the outcome, and whether an administrator
/// must look at it.
pub async fn settle(
    conn: &mut AnyConnection,
    id: &str,
    order_code: Option<&str>,
    order_id: Option<&str>,
    outcome: PaymentOutcome,
    needs_review: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update payment_transactions set order_code = $1, order_id = $2, outcome = $3, review_status = $4 \
         where id = $5",
    )
    .bind(order_code)
    .bind(order_id)
    .bind(outcome.as_str())
    .bind(if needs_review { ReviewStatus::Open } else { ReviewStatus::NotNeeded }.as_str())
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The partial payments of an order that closed unpaid go to the review list: their money is no longer waiting
/// for the rest of the order.
pub async fn review_partial_payments(conn: &mut AnyConnection, order_id: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update payment_transactions set outcome = 'order_closed', review_status = 'open' \
         where order_id = $1 and outcome = 'partial' and review_status = 'none'",
    )
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Transactions by review status (`None`: all), newest first, and how many there are.
pub async fn list(
    pool: &Pool,
    review_status: Option<ReviewStatus>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PaymentRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "select {COLUMNS} from payment_transactions where ($1 is null or review_status = $1) \
         order by received_at desc, id desc limit $2 offset $3"
    ))
    .bind(review_status.map(ReviewStatus::as_str))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total =
        sqlx::query_scalar("select count(*) from payment_transactions where ($1 is null or review_status = $1)")
            .bind(review_status.map(ReviewStatus::as_str))
            .fetch_one(pool)
            .await?;
    Ok((rows, total))
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> Result<Option<PaymentRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from payment_transactions where id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Locks a transaction of the review list in `conn`'s transaction; whether it is open.
pub async fn lock_open(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update payment_transactions set review_status = 'open' where id = $1 and review_status = 'open'")
            .bind(id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks an open transaction resolved by `actor_id` with a note; whether it was open.
pub async fn resolve(
    conn: &mut AnyConnection,
    id: &str,
    actor_id: &str,
    note: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update payment_transactions set review_status = 'resolved', reviewed_by = $1, review_note = $2, \
         reviewed_at = $3 where id = $4 and review_status = 'open'",
    )
    .bind(actor_id)
    .bind(note)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
