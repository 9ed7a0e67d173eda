//! Orders after checkout: reading one (its owner or an administrator), the lists, and closing an unpaid one
//! (cancelled by its owner, or expired when its time to pay runs out, through the job queue).

use academy_shared::{
    commerce::{ItemStatus, OrderEvent, OrderStatus, transition},
    roles::Role,
};
use serde_json::json;
use sqlx::AnyConnection;

use super::{
    error::CommerceError,
    repo::{
        self,
        orders::{BuyerRow, OrderEventRow, OrderFilter, OrderItemRow, OrderRow},
    },
};
use crate::{
    platform::{
        db::{Pool, now_ms},
        jobs::{Job, JobHandler, NewJob},
    },
    state::AppState,
};

/// An order with its items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub row: OrderRow,
    pub items: Vec<OrderItemRow>,
}

impl Order {
    pub fn status(&self) -> OrderStatus {
        self.row.status
    }

    /// What is still to pay: the total less what arrived, never below 0.
    pub fn amount_due(&self) -> i64 {
        (self.row.total - self.row.amount_received).max(0)
    }

    /// The items not refunded.
    pub fn active_items(&self) -> impl Iterator<Item = &OrderItemRow> {
        self.items.iter().filter(|item| item.status == ItemStatus::Active)
    }
}

/// The order with this id, read in `conn`.
pub async fn load(conn: &mut AnyConnection, id: &str) -> Result<Option<Order>, sqlx::Error> {
    let Some(row) = repo::orders::find(conn, id).await? else { return Ok(None) };
    let items = repo::orders::items(conn, &row.id).await?;
    Ok(Some(Order { row, items }))
}

/// An order as its owner or an administrator reads it; anyone else is told it does not exist.
pub async fn read(state: &AppState, reader_id: &str, role: Role, id: &str) -> Result<Order, CommerceError> {
    let mut conn = state.pool.acquire().await?;
    let order = load(&mut conn, id).await?.ok_or(CommerceError::OrderNotFound)?;
    if order.row.user_id != reader_id && role != Role::Admin {
        return Err(CommerceError::OrderNotFound);
    }
    Ok(order)
}

/// Whether a course was sold or is held by an unpaid order (such a course is never deleted).
pub async fn course_is_sold(conn: &mut AnyConnection, course_id: &str) -> Result<bool, sqlx::Error> {
    repo::orders::course_in_live_order(conn, course_id).await
}

/// Who placed an order (for administrators).
pub async fn buyer(state: &AppState, user_id: &str) -> Result<Option<BuyerRow>, CommerceError> {
    Ok(repo::orders::buyer(&state.pool, user_id).await?)
}

/// What happened to an order, oldest first.
pub async fn history(state: &AppState, order_id: &str) -> Result<Vec<OrderEventRow>, CommerceError> {
    Ok(repo::orders::events(&state.pool, order_id).await?)
}

/// A page of orders, newest first, with the total count.
#[derive(Debug, Clone)]
pub struct OrderPage {
    pub orders: Vec<Order>,
    pub total: i64,
}

/// A page of orders: the user's own (`user_id`), or all of them filtered by status (administrators).
pub async fn list(pool: &Pool, filter: &OrderFilter<'_>, limit: i64, offset: i64) -> Result<OrderPage, CommerceError> {
    let (rows, total) = repo::orders::list(pool, filter, limit, offset).await?;
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut items = repo::orders::items_of(pool, &ids).await?;
    let orders = rows
        .into_iter()
        .map(|row| {
            let (mine, rest): (Vec<_>, Vec<_>) = items.drain(..).partition(|item| item.order_id == row.id);
            items = rest;
            Order { row, items: mine }
        })
        .collect();
    Ok(OrderPage { orders, total })
}

/// Closes a pending order as cancelled or expired in `conn`: any money it had received goes to the
/// administrators' review list (to refund or apply to another order), and the event is recorded (an unpaid order
/// held no coupon use, so none is given back). Refused when it is no longer pending.
pub(crate) async fn close(
    conn: &mut AnyConnection,
    order: &Order,
    event: OrderEvent,
    actor_id: Option<&str>,
    note: &str,
    now: i64,
) -> Result<(), CommerceError> {
    let to = transition(order.status(), event)?;
    let closed = match event {
        OrderEvent::Expire => repo::orders::expire_if_due(conn, &order.row.id, now).await?,
        _ => repo::orders::set_status(conn, &order.row.id, OrderStatus::Pending, to, now).await?,
    };
    if !closed {
        let current = repo::orders::find(conn, &order.row.id).await?.map(|row| row.status);
        let from = current.unwrap_or(order.status());
        return Err(academy_shared::commerce::TransitionRefused { from, event }.into());
    }
    repo::payments::review_partial_payments(conn, &order.row.id).await?;
    repo::orders::insert_event(conn, &order.row.id, to.into(), actor_id, note, None, now).await?;
    Ok(())
}

/// The owner cancels a pending order.
pub async fn cancel(state: &AppState, user_id: &str, id: &str) -> Result<Order, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let order = load(&mut tx, id).await?.filter(|o| o.row.user_id == user_id).ok_or(CommerceError::OrderNotFound)?;
    close(&mut tx, &order, OrderEvent::Cancel, Some(user_id), "", now_ms()).await?;
    let order = load(&mut tx, id).await?.ok_or(CommerceError::OrderNotFound)?;
    tx.commit().await?;
    Ok(order)
}

/// What an expiry run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expiry {
    Expired,
    /// Still pending, but its time has not run out yet.
    NotDue,
    /// Paid, cancelled or expired already (or no such order): nothing to do.
    Settled,
}

/// Expires the order if it is still pending and its time ran out by `now`.
pub async fn expire(state: &AppState, id: &str, now: i64) -> Result<Expiry, CommerceError> {
    expire_with(state, id, |_| now).await
}

/// Expires the order as at the later of `now` and its expiry, if still pending, called when its expiry job comes
/// due: the queue hands the job out once its time has come, whatever this instance's clock says.
pub async fn expire_as_scheduled(state: &AppState, id: &str, now: i64) -> Result<Expiry, CommerceError> {
    expire_with(state, id, |order| now.max(order.row.expires_at)).await
}

async fn expire_with(state: &AppState, id: &str, at: impl FnOnce(&Order) -> i64) -> Result<Expiry, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let Some(order) = load(&mut tx, id).await? else { return Ok(Expiry::Settled) };
    if order.status() != OrderStatus::Pending {
        return Ok(Expiry::Settled);
    }
    let now = at(&order);
    if order.row.expires_at > now {
        return Ok(Expiry::NotDue);
    }
    close(&mut tx, &order, OrderEvent::Expire, None, "", now).await?;
    tx.commit().await?;
    Ok(Expiry::Expired)
}

/// The job kind that expires an order.
pub const EXPIRE_JOB: &str = "commerce.expire_order";

/// The job that expires `order_id` at `expires_at` if it is still unpaid then (enqueued once per order).
pub fn expiry_job(order_id: &str, expires_at: i64) -> NewJob {
    NewJob::new(EXPIRE_JOB, json!({ "orderId": order_id })).at(expires_at).once(format!("order-expiry:{order_id}"))
}

/// Runs the expiry jobs.
#[derive(Debug)]
pub struct ExpireOrders;

#[async_trait::async_trait]
impl JobHandler<AppState> for ExpireOrders {
    fn kind(&self) -> &'static str {
        EXPIRE_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let id = job.payload["orderId"].as_str().ok_or_else(|| anyhow::anyhow!("an expiry job without an order"))?;
        expire_as_scheduled(state, id, now_ms()).await.map_err(|e| anyhow::anyhow!("expiring order {id}: {e}"))?;
        Ok(())
    }
}
