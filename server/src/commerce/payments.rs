//! Money arriving: a payment received is recorded in the ledger (the clearing account of its method against the
//! customers' funds) and added to its order; once an order has received its total it is paid, in the same
//! transaction: the student is enrolled in each course, the courses leave their cart, and the sale moves what was
//! due from the customers' funds to each teacher's earnings and the platform's revenue.

use academy_shared::{
    commerce::{OrderEvent, OrderStatus, TransitionRefused, transition},
    mentorship::plan::{Duration, DurationUnit},
    money::Currency,
};
use serde_json::json;
use sqlx::AnyConnection;

use super::{
    coupons,
    error::CommerceError,
    ledger::{self, Account, EventKind, MoneyEvent, PaymentMethod, Posted},
    notify,
    orders::{self, Order},
    promotions,
    repo::{
        self,
        orders::{OrderEventKind, OrderItemRow},
    },
};
use crate::{
    mentorship::{self, bookings},
    platform::jobs::{Job, JobHandler, JobQueue, NewJob},
    state::AppState,
};

/// The job that tells of a paid order (see [`after_paid`]), enqueued in the payment's own transaction.
pub const PAID_NOTICES_JOB: &str = "commerce.paid_notices";
/// How long after the payment that job runs: the confirmation's own request tells people at once, and the job
/// finds nothing left to do, unless the server stopped in between (then it tells them after the restart).
pub const PAID_NOTICES_DELAY_MS: i64 = 60_000;

fn currency_of(order: &Order) -> Currency {
    order.row.currency
}

/// Records in the ledger that `amount` arrived through `method` (`key`: unique per arrival, e.g. the bank's
/// transaction id), for `order_id` when it is known. Whether it was new.
pub(crate) async fn record_receipt(
    conn: &mut AnyConnection,
    key: &str,
    method: PaymentMethod,
    amount: i64,
    currency: Currency,
    order_id: Option<&str>,
    now: i64,
) -> Result<Posted, CommerceError> {
    let event = MoneyEvent {
        key: key.to_owned(),
        kind: EventKind::PaymentReceived,
        order_id: order_id.map(str::to_owned),
        currency,
        entries: vec![(Account::PaymentClearing(method), -amount), (Account::CustomerFunds, amount)],
        memo: String::new(),
    };
    Ok(ledger::post(conn, &event, now).await?)
}

/// The sale of a paid order: the total leaves the customers' funds; each line's teacher share goes to its
/// teacher's earnings and its platform share to the platform's revenue.
pub(crate) fn sale_event(order: &Order) -> MoneyEvent {
    let mut entries = vec![(Account::CustomerFunds, -order.row.total)];
    for item in &order.items {
        entries.push((Account::TeacherEarnings(item.teacher_id.clone()), item.teacher_share));
        let revenue = if item.is_plan() { Account::MentorshipRevenue } else { Account::PlatformRevenue };
        entries.push((revenue, item.platform_share));
    }
    MoneyEvent {
        key: format!("sale:{}", order.row.id),
        kind: EventKind::Sale,
        order_id: Some(order.row.id.clone()),
        currency: currency_of(order),
        entries,
        memo: order.row.code.clone(),
    }
}

/// Whether every course of a pending order is still sold as it was bought: published and not free. An order
/// whose course was made free or taken off sale since its checkout is not paid at its old price.
pub(crate) async fn still_on_sale(conn: &mut AnyConnection, order: &Order) -> Result<bool, CommerceError> {
    for item in order.items.iter().filter(|item| !item.is_plan()) {
        let offer = repo::offers::find(conn, &item.course_id).await?;
        if !offer.is_some_and(|o| o.is_published() && o.current_price() > 0) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The note on an order closed because its catalogue changed before it was paid.
pub(crate) const WITHDRAWN_NOTE: &str = "a course is no longer sold as at checkout (free or off sale)";

/// Adds `amount` (already recorded as received) to a pending order in `conn`; pays it when it has received its
/// total. The order as it is afterwards, and whether this made it paid.
pub(crate) async fn apply_to_order(
    conn: &mut AnyConnection,
    order: &Order,
    amount: i64,
    actor_id: Option<&str>,
    note: &str,
    now: i64,
) -> Result<(Order, bool), CommerceError> {
    if order.status() != OrderStatus::Pending {
        return Err(TransitionRefused { from: order.status(), event: OrderEvent::Pay }.into());
    }
    let received = repo::orders::add_received(conn, &order.row.id, amount, now).await?;
    let paid = received >= order.row.total;
    if paid {
        mark_paid(conn, order, actor_id, note, now).await?;
    } else {
        repo::orders::insert_event(
            conn,
            &order.row.id,
            OrderEventKind::PartiallyPaid,
            actor_id,
            note,
            Some(amount),
            now,
        )
        .await?;
    }
    let order = orders::load(conn, &order.row.id).await?.ok_or(CommerceError::OrderNotFound)?;
    Ok((order, paid))
}

/// Pays a pending order in `conn`: counts the use of its coupon, enrols the student in each course, takes the
/// courses out of their cart, and posts the sale. A coupon whose last use was paid by someone else in the
/// meantime still gives this order its discount (see [`super::coupons`]); the order's history says so.
pub(crate) async fn mark_paid(
    conn: &mut AnyConnection,
    order: &Order,
    actor_id: Option<&str>,
    note: &str,
    now: i64,
) -> Result<(), CommerceError> {
    let to = transition(order.status(), OrderEvent::Pay)?;
    if !repo::orders::set_status(conn, &order.row.id, OrderStatus::Pending, to, now).await? {
        return Err(TransitionRefused { from: order.status(), event: OrderEvent::Pay }.into());
    }
    if let Some(coupon_id) = &order.row.coupon_id {
        if !coupons::count_paid_use(conn, coupon_id, &order.row.user_id).await? {
            let code = order.row.coupon_code.as_deref().unwrap_or_default();
            repo::orders::insert_event(conn, &order.row.id, OrderEventKind::CouponOverLimit, actor_id, code, None, now)
                .await?;
        }
        promotions::count_redemption(conn, coupon_id, &order.row.id, now).await?;
    }
    let course_ids: Vec<String> =
        order.items.iter().filter(|item| !item.is_plan()).map(|item| item.course_id.clone()).collect();
    for course_id in &course_ids {
        repo::enrolments::enrol(conn, &order.row.user_id, course_id, now).await?;
        repo::enrolments::count_sale(conn, course_id, 1).await?;
    }
    for item in order.items.iter().filter(|item| item.is_plan()) {
        let duration = plan_duration(item)?;
        let paid = bookings::Paid {
            user_id: &order.row.user_id,
            plan_id: &item.course_id,
            mentor_id: &item.teacher_id,
            duration,
            price: item.paid,
            currency: item.currency.code(),
            order_id: &order.row.id,
        };
        bookings::record_paid(conn, &paid, now).await?;
    }
    repo::carts::remove_courses(conn, &order.row.user_id, &course_ids).await?;
    ledger::post(conn, &sale_event(order), now).await?;
    repo::orders::insert_event(conn, &order.row.id, OrderEventKind::Paid, actor_id, note, Some(order.row.total), now)
        .await?;
    let notices = NewJob::new(PAID_NOTICES_JOB, json!({ "orderId": order.row.id }))
        .at(now + PAID_NOTICES_DELAY_MS)
        .once(format!("paid-notices:{}", order.row.id));
    JobQueue::enqueue_with(&mut *conn, notices).await?;
    Ok(())
}

/// The duration a plan item was sold with (30 days when not recorded). A recorded unit that is neither `days`
/// nor `months` is an error, never a guess.
pub(crate) fn plan_duration(item: &OrderItemRow) -> Result<Duration, sqlx::Error> {
    let unit = match &item.plan_duration_unit {
        None => DurationUnit::Days,
        Some(name) => DurationUnit::try_from(name.clone())
            .map_err(|e| sqlx::Error::ColumnDecode { index: "plan_duration_unit".into(), source: Box::new(e) })?,
    };
    Ok(Duration { value: item.plan_duration_value.unwrap_or(30), unit })
}

/// After an order's payment is committed: tells whoever must know (see [`notify::course_purchased`] and
/// [`mentorship::notify::booked`]).
pub(crate) async fn after_paid(state: &AppState, order_id: &str) {
    let (order, bookings) = match paid_order(state, order_id).await {
        Ok(Some(paid)) => paid,
        Ok(None) => return,
        Err(e) => return tracing::warn!(error = %e, order = order_id, "reading a paid order for its notices failed"),
    };
    if order.items.iter().any(|item| !item.is_plan()) {
        notify::course_purchased(state, &order).await;
    }
    if order.items.iter().any(|item| item.referrer_id.is_some()) {
        notify::referred_sale(state, &order).await;
    }
    for (item, booking_id, end) in &bookings {
        let booked = mentorship::notify::Booked {
            booking_id,
            order_id: &order.row.id,
            student_id: &order.row.user_id,
            mentor_id: &item.teacher_id,
            plan_title_vi: &item.title_vi,
            plan_title_en: &item.title_en,
            paid: item.paid,
            currency: item.currency.code(),
            end_ms: *end,
        };
        mentorship::notify::booked(state, booked).await;
    }
}

/// A paid order and the bookings its plans made (item, booking id, end), read on one connection that is given
/// back before anyone is told: telling takes connections of its own, and a request holding one while it waits
/// for another starves the pool under load.
async fn paid_order(
    state: &AppState,
    order_id: &str,
) -> Result<Option<(Order, Vec<(OrderItemRow, String, i64)>)>, sqlx::Error> {
    let mut conn = state.pool.acquire().await?;
    let Some(order) = orders::load(&mut conn, order_id).await? else { return Ok(None) };
    let mut bookings = Vec::new();
    for item in order.items.iter().filter(|item| item.is_plan()) {
        if let Some((id, _, end)) = bookings::current(&mut conn, &order.row.user_id, &item.course_id).await? {
            bookings.push((item.clone(), id, end));
        }
    }
    Ok(Some((order, bookings)))
}

/// Runs the paid orders' notice jobs: whoever was not told yet of a paid order is told (each person once).
#[derive(Debug)]
pub struct PaidNotices;

#[async_trait::async_trait]
impl JobHandler<AppState> for PaidNotices {
    fn kind(&self) -> &'static str {
        PAID_NOTICES_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let id = job.payload["orderId"].as_str().ok_or_else(|| anyhow::anyhow!("a notice job without an order"))?;
        after_paid(state, id).await;
        Ok(())
    }
}
