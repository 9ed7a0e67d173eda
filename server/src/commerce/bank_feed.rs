//! The bank feed: each bank transaction reported by the provider (SePay) is stored as it arrived and applied
//! once, ever, whatever the retries. An incoming transfer is matched to its order by the order code, found in
//! the provider's parsed `code` when it has one, else anywhere in the transfer's text. Enough money pays the
//! order; less leaves it pending with what arrived recorded. Money for an unknown, closed or already paid order,
//! and money beyond what was due, is recorded in the ledger and put on the administrators' review list.
//! Outgoing transfers are kept but change nothing.

use academy_shared::{
    commerce::{OrderEvent, OrderStatus, order_code_candidates},
    money::Currency,
};
use sqlx::AnyConnection;

use super::{
    error::CommerceError,
    ledger::PaymentMethod,
    orders::{self, Order},
    payments::{WITHDRAWN_NOTE, after_paid, apply_to_order, record_receipt, still_on_sale},
    repo::{
        self,
        payments::{NewPayment, PaymentOutcome},
    },
};
use crate::{
    platform::{
        db::{new_id, now_ms},
        metrics::names,
    },
    state::AppState,
};

/// A bank transaction as the provider reported it.
#[derive(Debug, Clone)]
pub struct BankTransaction {
    /// Who reported it, e.g. `sepay`.
    pub provider: &'static str,
    /// The provider's id of the transaction: applied once per provider.
    pub provider_id: String,
    /// Money in (true) or out.
    pub incoming: bool,
    /// VND.
    pub amount: i64,
    /// The order code the provider found in the text, if it parsed one.
    pub code: Option<String>,
    /// The transfer's text as the bank gave it.
    pub content: String,
    /// The report exactly as received.
    pub raw: String,
}

/// What a reported transaction did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedOutcome {
    /// Reported before: nothing changed.
    Duplicate,
    /// An outgoing transfer: kept, nothing else.
    Ignored,
    /// The order received its total and is paid.
    Paid { order_id: String },
    /// The order received less than its total and stays pending.
    Partial { order_id: String },
    /// The order is paid and more than its total arrived (the rest is for an administrator).
    Overpaid { order_id: String },
    /// No order has the code: for an administrator.
    Unmatched,
    /// The order was expired, cancelled or refunded: for an administrator.
    OrderClosed { order_id: String },
    /// The order was paid before: for an administrator.
    AlreadyPaid { order_id: String },
    /// Applying it failed: recorded as received, for an administrator.
    Unapplied,
    /// An amount no transfer can carry: kept (not in the ledger) for an administrator.
    AmountOutOfRange,
}

impl FeedOutcome {
    fn stored(&self) -> PaymentOutcome {
        match self {
            Self::Duplicate => PaymentOutcome::Duplicate,
            Self::Ignored => PaymentOutcome::Ignored,
            Self::Paid { .. } => PaymentOutcome::Paid,
            Self::Partial { .. } => PaymentOutcome::Partial,
            Self::Overpaid { .. } => PaymentOutcome::Overpaid,
            Self::Unmatched => PaymentOutcome::Unmatched,
            Self::OrderClosed { .. } => PaymentOutcome::OrderClosed,
            Self::AlreadyPaid { .. } => PaymentOutcome::AlreadyPaid,
            Self::Unapplied => PaymentOutcome::Unapplied,
            Self::AmountOutOfRange => PaymentOutcome::AmountOutOfRange,
        }
    }

    fn needs_review(&self) -> bool {
        matches!(
            self,
            Self::Overpaid { .. }
                | Self::Unmatched
                | Self::OrderClosed { .. }
                | Self::AlreadyPaid { .. }
                | Self::Unapplied
                | Self::AmountOutOfRange
        )
    }

    fn order_id(&self) -> Option<&str> {
        match self {
            Self::Paid { order_id }
            | Self::Partial { order_id }
            | Self::Overpaid { order_id }
            | Self::OrderClosed { order_id }
            | Self::AlreadyPaid { order_id } => Some(order_id),
            Self::Duplicate | Self::Ignored | Self::Unmatched | Self::Unapplied | Self::AmountOutOfRange => None,
        }
    }
}

/// The largest amount one bank transfer can carry (10^12 ₫, far beyond any purchase): anything larger is kept
/// for an administrator and never reaches the ledger, whose sums must stay exact.
pub const MAX_TRANSFER_AMOUNT: i64 = 1_000_000_000_000;

/// Applies a reported bank transaction, once per provider and id. The report is stored first, in a transaction of
/// its own, so that whatever happens next the bank's word is kept; then it is applied in a second transaction
/// with everything it changes. When it cannot be applied (an amount out of bounds, or any failure while applying)
/// it goes to the review list instead: a well-formed report is never refused.
pub async fn receive(state: &AppState, report: &BankTransaction) -> Result<FeedOutcome, CommerceError> {
    let received = receive_once(state, report).await;
    let outcome = match &received {
        Ok(outcome) => outcome.stored().as_str(),
        Err(_) => "error",
    };
    metrics::counter!(names::BANK_FEED, "provider" => report.provider, "outcome" => outcome).increment(1);
    received
}

async fn receive_once(state: &AppState, report: &BankTransaction) -> Result<FeedOutcome, CommerceError> {
    let now = now_ms();
    let id = store(state, report, now).await?;
    let Some(id) = id else { return Ok(FeedOutcome::Duplicate) };
    if report.amount.unsigned_abs() > MAX_TRANSFER_AMOUNT.unsigned_abs() {
        tracing::warn!(provider = report.provider, id = %report.provider_id, amount = report.amount,
            "a bank transaction beyond any possible amount: kept for review");
        return set_aside(state, report, &id, FeedOutcome::AmountOutOfRange, now).await;
    }
    match apply_stored(state, report, &id, now).await {
        Ok(outcome) => {
            if let FeedOutcome::Paid { order_id } | FeedOutcome::Overpaid { order_id } = &outcome {
                after_paid(state, order_id).await;
            }
            Ok(outcome)
        }
        Err(e) => {
            tracing::error!(error = %e, provider = report.provider, id = %report.provider_id,
                "applying a bank transaction failed: kept for review");
            set_aside(state, report, &id, FeedOutcome::Unapplied, now).await
        }
    }
}

/// Stores the report as it arrived, committed at once; its id when it still waits to be applied (new, or stored
/// by an earlier delivery that did not get to apply it), `None` when it was applied before.
async fn store(state: &AppState, report: &BankTransaction, now: i64) -> Result<Option<String>, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let id = new_id();
    let stored = NewPayment {
        id: &id,
        provider: report.provider,
        provider_id: &report.provider_id,
        raw: &report.raw,
        transfer_type: if report.incoming { "in" } else { "out" },
        amount: report.amount,
        currency: Currency::Vnd.code(),
        content: &report.content,
    };
    let waiting = if repo::payments::insert(&mut tx, &stored, now).await? {
        Some(id)
    } else {
        repo::payments::unapplied(&mut tx, report.provider, &report.provider_id).await?
    };
    tx.commit().await?;
    Ok(waiting)
}

/// Applies a stored report in one transaction; [`FeedOutcome::Duplicate`] when another delivery applied it first.
async fn apply_stored(
    state: &AppState,
    report: &BankTransaction,
    id: &str,
    now: i64,
) -> Result<FeedOutcome, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    // Claiming the row makes a concurrent delivery of the same transaction wait here, then find it applied.
    if !repo::payments::claim(&mut tx, id).await? {
        return Ok(FeedOutcome::Duplicate);
    }
    let (outcome, code) = if report.incoming && report.amount > 0 {
        let order = find_order(&mut tx, report).await?;
        let code = order.as_ref().map(|o| o.row.code.clone());
        (apply(&mut tx, report, order, now).await?, code)
    } else {
        (FeedOutcome::Ignored, None)
    };
    let (name, review) = (outcome.stored(), outcome.needs_review());
    repo::payments::settle(&mut tx, id, code.as_deref(), outcome.order_id(), name, review).await?;
    tx.commit().await?;
    Ok(outcome)
}

/// Puts a stored report that could not be applied on the review list: an incoming amount within bounds is
/// recorded as received (unassigned), so the ledger holds every dong that arrived.
async fn set_aside(
    state: &AppState,
    report: &BankTransaction,
    id: &str,
    outcome: FeedOutcome,
    now: i64,
) -> Result<FeedOutcome, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    if !repo::payments::claim(&mut tx, id).await? {
        return Ok(FeedOutcome::Duplicate);
    }
    if outcome == FeedOutcome::Unapplied && report.incoming && report.amount > 0 {
        let key = format!("receipt:{}:{}", report.provider, report.provider_id);
        record_receipt(&mut tx, &key, PaymentMethod::BankTransfer, report.amount, Currency::Vnd, None, now).await?;
    }
    repo::payments::settle(&mut tx, id, None, None, outcome.stored(), true).await?;
    tx.commit().await?;
    Ok(outcome)
}

/// The order of the first code found in the provider's `code`, else in the text, that names an order.
async fn find_order(conn: &mut AnyConnection, report: &BankTransaction) -> Result<Option<Order>, CommerceError> {
    let from_code = report.code.as_deref().map(order_code_candidates).unwrap_or_default();
    let candidates = if from_code.is_empty() { order_code_candidates(&report.content) } else { from_code };
    for candidate in candidates {
        if let Some(row) = repo::orders::find_by_code(conn, &candidate).await? {
            repo::orders::lock(conn, &row.id).await?;
            return Ok(orders::load(conn, &row.id).await?);
        }
    }
    Ok(None)
}

async fn apply(
    conn: &mut AnyConnection,
    report: &BankTransaction,
    order: Option<Order>,
    now: i64,
) -> Result<FeedOutcome, CommerceError> {
    let key = format!("receipt:{}:{}", report.provider, report.provider_id);
    let method = PaymentMethod::BankTransfer;
    let Some(order) = order else {
        record_receipt(conn, &key, method, report.amount, Currency::Vnd, None, now).await?;
        return Ok(FeedOutcome::Unmatched);
    };
    let order_id = order.row.id.clone();
    record_receipt(conn, &key, method, report.amount, Currency::Vnd, Some(&order_id), now).await?;
    Ok(match order.status() {
        OrderStatus::Pending if !still_on_sale(conn, &order).await? => {
            orders::close(conn, &order, OrderEvent::Cancel, None, WITHDRAWN_NOTE, now).await?;
            FeedOutcome::OrderClosed { order_id }
        }
        OrderStatus::Pending => {
            let (after, paid) = apply_to_order(conn, &order, report.amount, None, "", now).await?;
            match (paid, after.row.amount_received > after.row.total) {
                (true, true) => FeedOutcome::Overpaid { order_id },
                (true, false) => FeedOutcome::Paid { order_id },
                (false, _) => FeedOutcome::Partial { order_id },
            }
        }
        OrderStatus::Paid => FeedOutcome::AlreadyPaid { order_id },
        OrderStatus::Cancelled | OrderStatus::Expired | OrderStatus::Refunded => FeedOutcome::OrderClosed { order_id },
    })
}
