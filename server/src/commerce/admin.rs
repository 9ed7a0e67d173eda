//! What administrators do with money, each act logged with who did it and their note: confirming a transfer by
//! hand, refunding an order (whole or some items) with ledger entries that exactly mirror the sale's, and
//! resolving the bank transactions put on the review list.

use std::collections::BTreeSet;

use academy_shared::commerce::{OrderEvent, OrderStatus, TransitionRefused, transition};

use super::{
    error::CommerceError,
    ledger::{self, Account, EventKind, MoneyEvent, PaymentMethod},
    notify,
    orders::{self, Order},
    payments::{after_paid, apply_to_order, plan_duration, record_receipt, still_on_sale},
    repo::{
        self,
        orders::OrderEventKind,
        payments::{PaymentOutcome, PaymentRow, ReviewStatus},
    },
};
use crate::{
    mentorship::bookings,
    platform::{db::now_ms, text::Text},
    schedule,
    state::AppState,
};

/// The longest note an administrator writes on an act.
pub const NOTE_MAX_CHARS: usize = 1000;

/// The note of an act: required, at most [`NOTE_MAX_CHARS`].
fn note_of(note: &str) -> Result<String, CommerceError> {
    let note = note.trim();
    if note.is_empty() {
        return Err(CommerceError::Invalid {
            field: "note",
            message: Text::new("Hãy ghi chú lý do cho thao tác này.", "Write a note saying why."),
        });
    }
    if note.chars().count() > NOTE_MAX_CHARS {
        return Err(CommerceError::Invalid {
            field: "note",
            message: Text::new(
                format!("Ghi chú dài tối đa {NOTE_MAX_CHARS} ký tự."),
                format!("A note is at most {NOTE_MAX_CHARS} characters."),
            ),
        });
    }
    Ok(note.to_owned())
}

async fn locked_order(conn: &mut sqlx::AnyConnection, order_id: &str) -> Result<Order, CommerceError> {
    repo::orders::lock(conn, order_id).await?;
    orders::load(conn, order_id).await?.ok_or(CommerceError::OrderNotFound)
}

/// An administrator confirms that the transfer for a pending order arrived (seen in the bank's own records):
/// what is still due is recorded as received and the order is paid.
pub async fn confirm_by_hand(
    state: &AppState,
    actor_id: &str,
    order_id: &str,
    note: &str,
) -> Result<Order, CommerceError> {
    confirm_by_hand_at(state, actor_id, order_id, note, now_ms()).await
}

/// [`confirm_by_hand`] at the instant `now` (the demo's sales of past weeks).
pub async fn confirm_by_hand_at(
    state: &AppState,
    actor_id: &str,
    order_id: &str,
    note: &str,
    now: i64,
) -> Result<Order, CommerceError> {
    let note = note_of(note)?;
    let mut tx = repo::begin_write(state).await?;
    let order = locked_order(&mut tx, order_id).await?;
    transition(order.status(), OrderEvent::Pay)?;
    if !still_on_sale(&mut tx, &order).await? {
        return Err(CommerceError::CatalogueChanged);
    }
    let due = order.amount_due();
    let currency = order.row.currency;
    let key = format!("receipt:manual:{}", order.row.id);
    record_receipt(&mut tx, &key, PaymentMethod::BankTransfer, due, currency, Some(&order.row.id), now).await?;
    repo::orders::insert_event(
        &mut tx,
        &order.row.id,
        OrderEventKind::ConfirmedByHand,
        Some(actor_id),
        &note,
        Some(due),
        now,
    )
    .await?;
    let (order, _) = apply_to_order(&mut tx, &order, due, Some(actor_id), &note, now).await?;
    tx.commit().await?;
    after_paid(state, &order.row.id).await;
    Ok(order)
}

/// The refund of one item: its teacher and the platform give back exactly what the sale gave them, and what was
/// paid for it is owed back to the student.
fn refund_event(order: &Order, item: &repo::orders::OrderItemRow) -> MoneyEvent {
    let revenue = if item.is_plan() { Account::MentorshipRevenue } else { Account::PlatformRevenue };
    MoneyEvent {
        key: format!("refund:{}", item.id),
        kind: EventKind::Refund,
        order_id: Some(order.row.id.clone()),
        currency: order.row.currency,
        entries: vec![
            (Account::TeacherEarnings(item.teacher_id.clone()), -item.teacher_share),
            (revenue, -item.platform_share),
            (Account::Refunds, item.paid),
        ],
        memo: order.row.code.clone(),
    }
}

/// An administrator refunds a paid order: the items named (all that are not refunded yet when none are named).
/// Each refunded course is taken back from the student, each refunded plan's period off their booking (with the
/// sessions booked past its new end); the order is refunded once no item is left.
pub async fn refund(
    state: &AppState,
    actor_id: &str,
    order_id: &str,
    item_ids: Option<&[String]>,
    note: &str,
) -> Result<Order, CommerceError> {
    let note = note_of(note)?;
    let now = now_ms();
    let mut tx = repo::begin_write(state).await?;
    let order = locked_order(&mut tx, order_id).await?;
    let active: Vec<_> = order.active_items().cloned().collect();
    let chosen: Vec<_> = match item_ids {
        Some(ids) => {
            let wanted: BTreeSet<&str> = ids.iter().map(|id| id.trim()).collect();
            let chosen: Vec<_> = active.iter().filter(|item| wanted.contains(item.id.as_str())).cloned().collect();
            if chosen.len() != wanted.len() || chosen.is_empty() {
                return Err(CommerceError::Invalid {
                    field: "itemIds",
                    message: Text::new(
                        "Chỉ hoàn tiền được các mục chưa hoàn của đơn hàng này.",
                        "Only items of this order that are not refunded yet can be refunded.",
                    ),
                });
            }
            chosen
        }
        None => active.clone(),
    };
    let items_left = active.len() - chosen.len();
    let to = transition(order.status(), OrderEvent::Refund { items_left })?;
    for item in &chosen {
        ledger::post(&mut tx, &refund_event(&order, item), now).await?;
        if item.is_plan() {
            let taken_back =
                bookings::refund_paid(&mut tx, &order.row.user_id, &item.course_id, plan_duration(item)?, now).await?;
            if let Some((booking_id, end)) = taken_back {
                schedule::service::cancel_sessions_after(&mut tx, &booking_id, end, now).await?;
            }
        } else {
            repo::enrolments::unenrol(&mut tx, &order.row.user_id, &item.course_id).await?;
            repo::enrolments::count_sale(&mut tx, &item.course_id, -1).await?;
        }
    }
    let amount: i64 = chosen.iter().map(|item| item.paid).sum();
    let ids: Vec<String> = chosen.iter().map(|item| item.id.clone()).collect();
    repo::orders::refund_items(&mut tx, &order.row.id, &ids, amount, now).await?;
    if to == OrderStatus::Refunded
        && !repo::orders::set_status(&mut tx, &order.row.id, OrderStatus::Paid, to, now).await?
    {
        return Err(TransitionRefused { from: order.status(), event: OrderEvent::Refund { items_left } }.into());
    }
    repo::orders::insert_event(
        &mut tx,
        &order.row.id,
        OrderEventKind::Refunded,
        Some(actor_id),
        &note,
        Some(amount),
        now,
    )
    .await?;
    let order = orders::load(&mut tx, order_id).await?.ok_or(CommerceError::OrderNotFound)?;
    tx.commit().await?;
    Ok(order)
}

/// Bank transactions by review status (`open`, `resolved`, `none`; `None`: all), newest first, and the count.
pub async fn payments(
    state: &AppState,
    review_status: Option<ReviewStatus>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PaymentRow>, i64), CommerceError> {
    Ok(repo::payments::list(&state.pool, review_status, limit, offset).await?)
}

/// A transaction of the review list, locked in `conn`, and the part of its money no order holds: all of it, but
/// for an overpayment (only what came beyond the order's total). Refused when it is not on the review list or
/// its amount never reached the ledger.
async fn open_payment(conn: &mut sqlx::AnyConnection, payment_id: &str) -> Result<(PaymentRow, i64), CommerceError> {
    let Some(row) = repo::payments::find(conn, payment_id).await? else {
        return Err(CommerceError::PaymentNotFound);
    };
    if !repo::payments::lock_open(conn, payment_id).await? {
        return Err(CommerceError::NotUnderReview);
    }
    if row.outcome == PaymentOutcome::AmountOutOfRange || row.transfer_type != "in" || row.amount <= 0 {
        return Err(CommerceError::PaymentNotMovable);
    }
    let mut amount = row.amount;
    if row.outcome == PaymentOutcome::Overpaid
        && let Some(order_id) = &row.order_id
        && let Some(order) = orders::load(conn, order_id).await?
    {
        amount = amount.min(order.row.amount_received - order.row.total).max(0);
    }
    Ok((row, amount))
}

/// An administrator gives back the money of a transaction on the review list (what no order holds): the ledger
/// moves it from the customers' funds to the refunds owed, the transaction is resolved with the note, and the
/// student of its order, if known, is told.
pub async fn refund_payment(
    state: &AppState,
    actor_id: &str,
    payment_id: &str,
    note: &str,
) -> Result<PaymentRow, CommerceError> {
    let note = note_of(note)?;
    let now = now_ms();
    let mut tx = repo::begin_write(state).await?;
    let (row, amount) = open_payment(&mut tx, payment_id).await?;
    let event = MoneyEvent {
        key: format!("payment-refund:{}", row.id),
        kind: EventKind::Refund,
        order_id: row.order_id.clone(),
        currency: row.currency,
        entries: vec![(Account::CustomerFunds, -amount), (Account::Refunds, amount)],
        memo: row.order_code.clone().unwrap_or_default(),
    };
    ledger::post(&mut tx, &event, now).await?;
    if !repo::payments::resolve(&mut tx, payment_id, actor_id, &note, now).await? {
        return Err(CommerceError::NotUnderReview);
    }
    let student = match &row.order_id {
        Some(order_id) => orders::load(&mut tx, order_id).await?.map(|o| o.row.user_id),
        None => None,
    };
    let row = repo::payments::find(&mut tx, payment_id).await?.ok_or(CommerceError::PaymentNotFound)?;
    tx.commit().await?;
    if let Some(student) = student {
        notify::payment_refunded(state, &student, &row, amount).await;
    }
    Ok(row)
}

/// An administrator applies the money of a transaction on the review list to a pending order (the student's new
/// order, say): it counts as received for that order, which is paid when it has its total. Refused when it is more
/// than the order still owes (refund it instead).
pub async fn apply_payment(
    state: &AppState,
    actor_id: &str,
    payment_id: &str,
    order_id: &str,
    note: &str,
) -> Result<Order, CommerceError> {
    let note = note_of(note)?;
    let now = now_ms();
    let mut tx = repo::begin_write(state).await?;
    let (row, amount) = open_payment(&mut tx, payment_id).await?;
    let order_id = order_id.trim();
    // Administrators name the order by the code the student sees (or by its id).
    let by_code = repo::orders::find_by_code(&mut tx, &order_id.to_ascii_uppercase()).await?.map(|o| o.id);
    let order = locked_order(&mut tx, by_code.as_deref().unwrap_or(order_id)).await?;
    transition(order.status(), OrderEvent::Pay)?;
    if order.row.currency != row.currency {
        return Err(CommerceError::CurrencyNotPayable { currency: order.row.currency });
    }
    if !still_on_sale(&mut tx, &order).await? {
        return Err(CommerceError::CatalogueChanged);
    }
    if amount > order.amount_due() {
        return Err(CommerceError::MoreThanDue { due: order.amount_due() });
    }
    let (order, paid) = apply_to_order(&mut tx, &order, amount, Some(actor_id), &note, now).await?;
    if !repo::payments::resolve(&mut tx, payment_id, actor_id, &note, now).await? {
        return Err(CommerceError::NotUnderReview);
    }
    tx.commit().await?;
    if paid {
        after_paid(state, &order.row.id).await;
    }
    Ok(order)
}

/// An administrator marks a transaction of the review list as dealt with, saying how.
pub async fn resolve_payment(
    state: &AppState,
    actor_id: &str,
    payment_id: &str,
    note: &str,
) -> Result<PaymentRow, CommerceError> {
    let note = note_of(note)?;
    let mut tx = repo::begin_write(state).await?;
    let Some(_) = repo::payments::find(&mut tx, payment_id).await? else {
        return Err(CommerceError::PaymentNotFound);
    };
    if !repo::payments::resolve(&mut tx, payment_id, actor_id, &note, now_ms()).await? {
        return Err(CommerceError::NotUnderReview);
    }
    let row = repo::payments::find(&mut tx, payment_id).await?.ok_or(CommerceError::PaymentNotFound)?;
    tx.commit().await?;
    Ok(row)
}
