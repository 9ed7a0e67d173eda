//! Orders, their items and their events.

use academy_shared::{
    commerce::{ItemKind, ItemStatus, OrderStatus},
    money::Currency,
};
use sqlx::{AnyConnection, FromRow};

use crate::{
    commerce::ledger::PaymentMethod,
    platform::db::{Pool, new_id},
};

/// A stored order.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OrderRow {
    pub id: String,
    pub code: String,
    pub user_id: String,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    pub subtotal: i64,
    pub discount_total: i64,
    pub total: i64,
    pub amount_received: i64,
    pub amount_refunded: i64,
    pub coupon_id: Option<String>,
    pub coupon_code: Option<String>,
    pub commission_percent: i64,
    #[sqlx(try_from = "String")]
    pub payment_method: PaymentMethod,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub refunded_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const ORDER_COLUMNS: &str = "o.id, o.code, o.user_id, o.status, o.currency, o.subtotal, o.discount_total, o.total, \
    o.amount_received, o.amount_refunded, o.coupon_id, o.coupon_code, o.commission_percent, o.payment_method, \
    o.expires_at, o.paid_at, o.closed_at, o.refunded_at, o.created_at, o.updated_at";

/// A stored order item.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OrderItemRow {
    pub id: String,
    pub order_id: String,
    pub course_id: String,
    pub teacher_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub list_price: i64,
    pub price: i64,
    pub discount: i64,
    pub paid: i64,
    pub teacher_share: i64,
    pub platform_share: i64,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    #[sqlx(try_from = "String")]
    pub status: ItemStatus,
    pub refunded_at: Option<i64>,
    pub position: i64,
    #[sqlx(try_from = "String")]
    pub kind: ItemKind,
    /// A plan's duration at checkout (value and `days` / `months`).
    pub plan_duration_value: Option<i64>,
    pub plan_duration_unit: Option<String>,
    /// The teacher whose referral link brought the buyer (see [`crate::commerce::referrals`]).
    #[sqlx(default)]
    pub referrer_id: Option<String>,
}

academy_shared::stored_names! {
    /// What happened to an order (an order event's kind).
    pub enum OrderEventKind("order event kind") {
        Created = "created",
        /// Less than the total arrived; the order waits for the rest.
        PartiallyPaid = "partially_paid",
        Paid = "paid",
        Cancelled = "cancelled",
        Expired = "expired",
        /// An administrator confirmed a payment the bank feed did not match.
        ConfirmedByHand = "confirmed_by_hand",
        Refunded = "refunded",
        /// Paid after its coupon's last use was taken: the discount held (the event's note names the coupon).
        CouponOverLimit = "coupon_over_limit",
    }
}

impl From<OrderStatus> for OrderEventKind {
    /// The event of an order entering `status`.
    fn from(status: OrderStatus) -> OrderEventKind {
        match status {
            OrderStatus::Pending => Self::Created,
            OrderStatus::Paid => Self::Paid,
            OrderStatus::Cancelled => Self::Cancelled,
            OrderStatus::Expired => Self::Expired,
            OrderStatus::Refunded => Self::Refunded,
        }
    }
}

impl OrderItemRow {
    pub fn is_plan(&self) -> bool {
        self.kind == ItemKind::MentorshipPlan
    }
}

const ITEM_COLUMNS: &str = "id, order_id, course_id, teacher_id, title_vi, title_en, thumbnail, list_price, price, \
    discount, paid, teacher_share, platform_share, currency, status, refunded_at, position, kind, \
    plan_duration_value, plan_duration_unit";

/// A stored order event.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OrderEventRow {
    #[sqlx(try_from = "String")]
    pub kind: OrderEventKind,
    pub actor_id: Option<String>,
    pub actor_username: Option<String>,
    pub note: String,
    pub amount: Option<i64>,
    pub created_at: i64,
}

pub async fn insert(
    conn: &mut AnyConnection,
    order: &OrderRow,
    idempotency_key: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into orders (id, code, user_id, status, currency, subtotal, discount_total, total, amount_received, \
         amount_refunded, coupon_id, coupon_code, commission_percent, payment_method, idempotency_key, expires_at, \
         paid_at, closed_at, refunded_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
         $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)",
    )
    .bind(&order.id)
    .bind(&order.code)
    .bind(&order.user_id)
    .bind(order.status.as_str())
    .bind(order.currency.code())
    .bind(order.subtotal)
    .bind(order.discount_total)
    .bind(order.total)
    .bind(order.amount_received)
    .bind(order.amount_refunded)
    .bind(&order.coupon_id)
    .bind(&order.coupon_code)
    .bind(order.commission_percent)
    .bind(order.payment_method.as_str())
    .bind(idempotency_key)
    .bind(order.expires_at)
    .bind(order.paid_at)
    .bind(order.closed_at)
    .bind(order.refunded_at)
    .bind(order.created_at)
    .bind(order.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn insert_item(conn: &mut AnyConnection, item: &OrderItemRow) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "insert into order_items ({ITEM_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
         $14, $15, $16, $17, $18, $19, $20)"
    ))
    .bind(&item.id)
    .bind(&item.order_id)
    .bind(&item.course_id)
    .bind(&item.teacher_id)
    .bind(&item.title_vi)
    .bind(&item.title_en)
    .bind(&item.thumbnail)
    .bind(item.list_price)
    .bind(item.price)
    .bind(item.discount)
    .bind(item.paid)
    .bind(item.teacher_share)
    .bind(item.platform_share)
    .bind(item.currency.code())
    .bind(item.status.as_str())
    .bind(item.refunded_at)
    .bind(item.position)
    .bind(item.kind.as_str())
    .bind(item.plan_duration_value)
    .bind(&item.plan_duration_unit)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records what happened to an order.
pub async fn insert_event(
    conn: &mut AnyConnection,
    order_id: &str,
    kind: OrderEventKind,
    actor_id: Option<&str>,
    note: &str,
    amount: Option<i64>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into order_events (id, order_id, kind, actor_id, note, amount, created_at) \
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(order_id)
    .bind(kind.as_str())
    .bind(actor_id)
    .bind(note)
    .bind(amount)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Holds the order's row until the transaction ends (SQLite's writer lock already serialises writers), so that
/// what is read of it next stays true until the commit.
/// Whether a pending, paid or refunded order holds the course.
pub async fn course_in_live_order(conn: &mut AnyConnection, course_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "select 1 from order_items i join orders o on o.id = i.order_id \
         where i.course_id = $1 and o.status in ('pending', 'paid', 'refunded') limit 1",
    )
    .bind(course_id)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

pub async fn lock(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update orders set updated_at = updated_at where id = $1").bind(id).execute(conn).await?;
    Ok(())
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {ORDER_COLUMNS} from orders o where o.id = $1")).bind(id).fetch_optional(conn).await
}

pub async fn find_by_code(conn: &mut AnyConnection, code: &str) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {ORDER_COLUMNS} from orders o where o.code = $1"))
        .bind(code)
        .fetch_optional(conn)
        .await
}

pub async fn find_by_key(conn: &mut AnyConnection, user_id: &str, key: &str) -> Result<Option<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {ORDER_COLUMNS} from orders o where o.user_id = $1 and o.idempotency_key = $2"))
        .bind(user_id)
        .bind(key)
        .fetch_optional(conn)
        .await
}

/// The user's pending orders, newest first.
pub async fn pending_of(conn: &mut AnyConnection, user_id: &str) -> Result<Vec<OrderRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {ORDER_COLUMNS} from orders o where o.user_id = $1 and o.status = 'pending' order by o.created_at desc"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

pub async fn items(conn: &mut AnyConnection, order_id: &str) -> Result<Vec<OrderItemRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {ITEM_COLUMNS}, referrer_id from order_items where order_id = $1 order by position"
    ))
    .bind(order_id)
    .fetch_all(conn)
    .await
}

/// The items of several orders, in order of their order and position.
pub async fn items_of(pool: &Pool, order_ids: &[String]) -> Result<Vec<OrderItemRow>, sqlx::Error> {
    let mut items = Vec::new();
    let mut conn = pool.acquire().await?;
    for id in order_ids {
        items.extend(self::items(&mut conn, id).await?);
    }
    Ok(items)
}

pub async fn events(pool: &Pool, order_id: &str) -> Result<Vec<OrderEventRow>, sqlx::Error> {
    sqlx::query_as(
        "select e.kind, e.actor_id, u.username as actor_username, e.note, e.amount, e.created_at \
         from order_events e left join users u on u.id = e.actor_id where e.order_id = $1 order by e.created_at, e.id",
    )
    .bind(order_id)
    .fetch_all(pool)
    .await
}

/// Moves an order from `from` to `to` at `now_ms` (stamping `paid_at`, `closed_at` or `refunded_at` as `to`
/// says); whether it was still in `from`.
pub async fn set_status(
    conn: &mut AnyConnection,
    order_id: &str,
    from: OrderStatus,
    to: OrderStatus,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let stamp = match to {
        OrderStatus::Paid => "paid_at",
        OrderStatus::Refunded => "refunded_at",
        OrderStatus::Pending | OrderStatus::Cancelled | OrderStatus::Expired => "closed_at",
    };
    let done = sqlx::query(&format!(
        "update orders set status = $1, {stamp} = $2, updated_at = $2 where id = $3 and status = $4"
    ))
    .bind(to.as_str())
    .bind(now_ms)
    .bind(order_id)
    .bind(from.as_str())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Expires the order if it is still pending and its time ran out by `now_ms`; whether it did.
pub async fn expire_if_due(conn: &mut AnyConnection, order_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update orders set status = 'expired', closed_at = $1, updated_at = $1 \
         where id = $2 and status = 'pending' and expires_at <= $1",
    )
    .bind(now_ms)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Adds a transfer's amount to what the order received; the new total.
pub async fn add_received(
    conn: &mut AnyConnection,
    order_id: &str,
    amount: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "update orders set amount_received = amount_received + $1, updated_at = $2 where id = $3 \
         returning amount_received",
    )
    .bind(amount)
    .bind(now_ms)
    .bind(order_id)
    .fetch_one(conn)
    .await
}

/// Marks items refunded and adds their amount to the order's refunded total.
pub async fn refund_items(
    conn: &mut AnyConnection,
    order_id: &str,
    item_ids: &[String],
    amount: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    for item_id in item_ids {
        sqlx::query(
            "update order_items set status = 'refunded', refunded_at = $1 where id = $2 and order_id = $3 \
             and status = 'active'",
        )
        .bind(now_ms)
        .bind(item_id)
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("update orders set amount_refunded = amount_refunded + $1, updated_at = $2 where id = $3")
        .bind(amount)
        .bind(now_ms)
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Which orders to list.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter<'a> {
    pub user_id: Option<&'a str>,
    pub status: Option<&'a str>,
}

/// A page of orders, newest first, and how many there are in all.
pub async fn list(
    pool: &Pool,
    filter: &OrderFilter<'_>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
    let condition = "($1 is null or o.user_id = $1) and ($2 is null or o.status = $2)";
    let rows = sqlx::query_as(&format!(
        "select {ORDER_COLUMNS} from orders o where {condition} order by o.created_at desc, o.id desc limit $3 offset $4"
    ))
    .bind(filter.user_id)
    .bind(filter.status)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(&format!("select count(*) from orders o where {condition}"))
        .bind(filter.user_id)
        .bind(filter.status)
        .fetch_one(pool)
        .await?;
    Ok((rows, total))
}

/// Who placed an order, as the administrators' lists show them.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BuyerRow {
    pub id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
}

pub async fn buyer(pool: &Pool, user_id: &str) -> Result<Option<BuyerRow>, sqlx::Error> {
    sqlx::query_as("select id, username, first_name, last_name, email from users where id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await
}
