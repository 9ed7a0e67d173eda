//! Checkout: the cart (or the courses named) becomes one order, priced from the catalogue at that moment, with
//! its coupon's discount shared between the lines, each line's split between teacher and platform, and a time
//! to pay, after which the job queue expires it. A repeated checkout (a double click, a retry with the same
//! `Idempotency-Key`) answers the order it made the first time.

use std::collections::BTreeSet;

use academy_shared::{
    catalogue::CourseStatus,
    commerce::{
        Commission, CouponDiscount, ItemKind, ItemStatus, Line, OrderStatus, order_code, settings::BankAccount,
        split_sale,
    },
    money::Currency,
};
use sqlx::AnyConnection;

use super::{
    cart::{self, purchasable},
    coupons,
    error::CommerceError,
    ledger::PaymentMethod,
    orders::{self, Order},
    payments, referrals,
    repo::{
        self,
        coupons::CouponRow,
        offers::OfferRow,
        orders::{OrderEventKind, OrderItemRow, OrderRow},
    },
    settings,
};
use crate::{
    mentorship::bookings,
    platform::{
        crypto::random_bytes,
        db::{new_id, now_ms},
        jobs::JobQueue,
        text::Text,
    },
    state::AppState,
};

/// The longest idempotency key kept.
pub const IDEMPOTENCY_KEY_MAX_CHARS: usize = 100;

/// The unpaid orders a person may have open at once: enough to pay one by transfer while another waits for a
/// card, too few for one account to hold many checkouts open.
pub const MAX_OPEN_ORDERS: usize = 3;

/// What the checkout should buy.
#[derive(Debug, Clone, Default)]
pub struct CheckoutRequest {
    /// The courses to buy; `None`: the caller's cart (or the plan).
    pub course_ids: Option<Vec<String>>,
    /// A mentorship plan to book, alone in its order (the cart and `course_ids` are then ignored).
    pub plan_id: Option<String>,
    pub coupon_code: Option<String>,
    /// The client's key of this checkout: the same key gives the same order.
    pub idempotency_key: Option<String>,
}

/// One line of a quote: the course, what it costs now, its share of the coupon, and what is paid for it.
#[derive(Debug, Clone)]
pub struct QuoteLine {
    pub offer: OfferRow,
    pub price: i64,
    pub discount: i64,
}

impl QuoteLine {
    pub fn paid(&self) -> i64 {
        self.price - self.discount
    }
}

/// What an order would cost.
#[derive(Debug, Clone)]
pub struct Quote {
    pub currency: Currency,
    pub lines: Vec<QuoteLine>,
    pub coupon: Option<CouponRow>,
}

impl Quote {
    pub fn subtotal(&self) -> i64 {
        self.lines.iter().map(|line| line.price).sum()
    }

    pub fn discount_total(&self) -> i64 {
        self.lines.iter().map(|line| line.discount).sum()
    }

    pub fn total(&self) -> i64 {
        self.subtotal() - self.discount_total()
    }
}

/// What the caller's cart would cost now with `coupon_code`. A coupon that does not apply is refused with its
/// reason; nothing is written but the empty cart on first use.
pub async fn quote(state: &AppState, user_id: &str, coupon_code: Option<&str>) -> Result<Quote, CommerceError> {
    let cart = cart::read(state, user_id).await?;
    let mut conn = state.pool.acquire().await?;
    let ids: Vec<String> = cart.items.iter().map(|item| item.id.clone()).collect();
    let offers = offers_for(&mut conn, user_id, &ids).await?;
    price(&mut conn, user_id, offers, coupon_code, now_ms()).await
}

/// Whether a checkout repeated under an order's idempotency key asks for what that order holds: the same courses
/// (or plan) and coupon. A checkout of the cart is taken as the same (the cart changes as orders are paid).
async fn same_request(
    conn: &mut AnyConnection,
    order: &Order,
    request: &CheckoutRequest,
) -> Result<bool, CommerceError> {
    let wanted: Vec<String> = match (&request.plan_id, &request.course_ids) {
        (Some(plan_id), _) => vec![plan_id.trim().to_owned()],
        (None, Some(ids)) => {
            let mut wanted = Vec::new();
            for id in ids {
                let id = id.trim();
                let found = repo::offers::find(conn, id).await?.map_or_else(|| id.to_owned(), |offer| offer.id);
                wanted.push(found);
            }
            wanted
        }
        (None, None) => return Ok(true),
    };
    let wanted: BTreeSet<&str> = wanted.iter().map(String::as_str).collect();
    let held: BTreeSet<&str> = order.items.iter().map(|item| item.course_id.as_str()).collect();
    let coupon = request.coupon_code.as_deref().map(|c| c.trim().to_ascii_uppercase()).filter(|c| !c.is_empty());
    let held_coupon = order.row.coupon_code.as_deref().map(str::to_ascii_uppercase);
    Ok(wanted == held && coupon == held_coupon)
}

/// The courses to buy, each checked: on sale, not free, not taught nor owned by the buyer; the same course once.
async fn offers_for(conn: &mut AnyConnection, user_id: &str, ids: &[String]) -> Result<Vec<OfferRow>, CommerceError> {
    let mut offers: Vec<OfferRow> = Vec::new();
    for id in ids {
        let offer = purchasable(conn, user_id, id.trim()).await?;
        if !offers.iter().any(|o| o.id == offer.id) {
            offers.push(offer);
        }
    }
    if offers.is_empty() {
        return Err(CommerceError::NothingToCheckOut);
    }
    if offers.len() > cart::MAX_ITEMS {
        return Err(CommerceError::Invalid {
            field: "courseIds",
            message: Text::new(
                format!("Một đơn hàng có tối đa {} khóa học.", cart::MAX_ITEMS),
                format!("An order holds at most {} courses.", cart::MAX_ITEMS),
            ),
        });
    }
    Ok(offers)
}

/// Prices the offers (one currency) with the coupon, if any.
async fn price(
    conn: &mut AnyConnection,
    user_id: &str,
    offers: Vec<OfferRow>,
    coupon_code: Option<&str>,
    now: i64,
) -> Result<Quote, CommerceError> {
    let currency = offers[0].currency;
    if offers.iter().any(|offer| offer.currency != currency) {
        return Err(CommerceError::CurrencyMismatch { cart: currency });
    }
    let lines: Vec<Line> =
        offers.iter().map(|offer| Line { course_id: offer.id.clone(), price: offer.current_price() }).collect();
    let (coupon, discount) = match coupon_code.map(str::trim).filter(|code| !code.is_empty()) {
        Some(code) => {
            let (row, discount) = coupons::apply(conn, user_id, code, currency, &lines, now).await?;
            (Some(row), discount)
        }
        None => (None, CouponDiscount { total: 0, per_line: vec![0; lines.len()] }),
    };
    let lines = offers
        .into_iter()
        .zip(discount.per_line)
        .map(|(offer, discount)| QuoteLine { price: offer.current_price(), discount, offer })
        .collect();
    Ok(Quote { currency, lines, coupon })
}

/// An order from a checkout, and whether this checkout made it or found it made before.
#[derive(Debug, Clone)]
pub enum Checkout {
    Created(Order),
    Existing(Order),
}

/// What the student needs to pay by bank transfer, with the order.
#[derive(Debug, Clone)]
pub struct CheckoutAnswer {
    pub checkout: Checkout,
    pub bank: BankAccount,
}

/// Checks out: one order per checkout, priced now, waiting for its payment until it expires (its coupon use is
/// counted when it is paid, see [`coupons`]). Refused while bank transfers are not set up, when another unpaid
/// order of the caller's holds one of the courses (the very same courses and coupon answer that order instead),
/// or when the caller has [`MAX_OPEN_ORDERS`] unpaid orders open already.
pub async fn checkout(
    state: &AppState,
    user_id: &str,
    request: CheckoutRequest,
) -> Result<CheckoutAnswer, CommerceError> {
    checkout_at(state, user_id, request, now_ms()).await
}

/// [`checkout`] made at the instant `now` (the demo's purchases of past months). The order waits for its payment
/// from the later of `now` and the clock, so a purchase dated in the past is not expired before it can be paid.
pub async fn checkout_at(
    state: &AppState,
    user_id: &str,
    request: CheckoutRequest,
    now: i64,
) -> Result<CheckoutAnswer, CommerceError> {
    let key = request.idempotency_key.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if key.is_some_and(|k| k.chars().count() > IDEMPOTENCY_KEY_MAX_CHARS) {
        return Err(CommerceError::Invalid {
            field: "idempotencyKey",
            message: Text::new(
                format!("Khóa chống trùng lặp dài tối đa {IDEMPOTENCY_KEY_MAX_CHARS} ký tự."),
                format!("An idempotency key is at most {IDEMPOTENCY_KEY_MAX_CHARS} characters."),
            ),
        });
    }
    let settings = settings::read(&state.pool).await?;
    let bank = settings.bank.clone().ok_or(CommerceError::PaymentsNotConfigured)?;
    let mut tx = repo::begin_write(state).await?;
    // One checkout of a person at a time: the cart's row is the lock (SQLite's writer lock already is one).
    repo::carts::ensure(&mut tx, user_id, now).await?;
    repo::carts::lock(&mut tx, user_id, now).await?;
    if let Some(key) = key
        && let Some(existing) = repo::orders::find_by_key(&mut tx, user_id, key).await?
    {
        let order = orders::load(&mut tx, &existing.id).await?.ok_or(CommerceError::OrderNotFound)?;
        if !same_request(&mut tx, &order, &request).await? {
            return Err(CommerceError::Invalid {
                field: "idempotencyKey",
                message: Text::new(
                    "Khóa chống trùng lặp này đã được dùng cho một lần thanh toán khác: hãy dùng khóa mới.",
                    "This idempotency key was used for another checkout: send a new key.",
                ),
            });
        }
        return Ok(CheckoutAnswer { checkout: Checkout::Existing(order), bank });
    }
    let offers = match (&request.plan_id, &request.course_ids) {
        (Some(plan_id), _) => vec![plan_offer(&mut tx, user_id, plan_id).await?],
        (None, Some(ids)) => offers_for(&mut tx, user_id, ids).await?,
        (None, None) => {
            let cart_id = repo::carts::ensure(&mut tx, user_id, now).await?;
            let items = repo::carts::items(&mut tx, &cart_id).await?;
            let ids: Vec<String> =
                items.into_iter().filter(|item| item.status == CourseStatus::Published).map(|item| item.id).collect();
            offers_for(&mut tx, user_id, &ids).await?
        }
    };
    let coupon_code = request.coupon_code.as_deref().map(|c| c.trim().to_ascii_uppercase()).filter(|c| !c.is_empty());
    if let Some(same) = pending_overlap(&mut tx, user_id, &offers, coupon_code.as_deref(), now).await? {
        return Ok(CheckoutAnswer { checkout: Checkout::Existing(same), bank });
    }
    let open = repo::orders::pending_of(&mut tx, user_id).await?.iter().filter(|row| row.expires_at > now).count();
    if open >= MAX_OPEN_ORDERS {
        return Err(CommerceError::TooManyOpenOrders { max: MAX_OPEN_ORDERS });
    }
    if offers[0].plan.is_some() {
        bookings::hold_seat(&mut tx, &offers[0].id, user_id, now).await?;
    }
    let quote = price(&mut tx, user_id, offers, coupon_code.as_deref(), now).await?;
    if quote.currency != Currency::Vnd {
        return Err(CommerceError::CurrencyNotPayable { currency: quote.currency });
    }
    if let Some(coupon) = &quote.coupon {
        coupons::check_open_uses(&mut tx, coupon, user_id, now).await?;
    }
    let expires_at = now.max(now_ms()) + settings.terms.order_expiry_minutes * 60_000;
    let order = insert_order(&mut tx, user_id, &quote, settings.terms.commission, key, expires_at, now).await?;
    let referral_commission = state.site.current().await?.referral_commission_or(settings.terms.commission);
    let order = referrals::attribute(&mut tx, order, user_id, referral_commission, now).await?;
    let paid_now = order.row.total == 0;
    let order = if paid_now {
        // Nothing to pay (a coupon took it all): paid at once.
        payments::mark_paid(&mut tx, &order, None, "", now).await?;
        orders::load(&mut tx, &order.row.id).await?.ok_or(CommerceError::OrderNotFound)?
    } else {
        JobQueue::enqueue_with(&mut *tx, orders::expiry_job(&order.row.id, expires_at)).await?;
        order
    };
    tx.commit().await?;
    state.jobs.wake();
    if paid_now {
        payments::after_paid(state, &order.row.id).await;
    }
    Ok(CheckoutAnswer { checkout: Checkout::Created(order), bank })
}

/// A mentorship plan as something to buy: its current price, its mentor, and its duration kept with the order.
async fn plan_offer(conn: &mut AnyConnection, user_id: &str, plan_id: &str) -> Result<OfferRow, CommerceError> {
    let bookable = bookings::bookable(conn, user_id, plan_id).await?;
    let plan = bookable.plan;
    Ok(OfferRow {
        id: plan.id,
        title_vi: plan.title_vi,
        title_en: plan.title_en,
        thumbnail: None,
        price: plan.price,
        discount: None,
        currency: plan.currency,
        status: CourseStatus::Published,
        instructor_id: plan.owner_id,
        plan: Some(bookable.duration),
    })
}

/// A pending order of the user's with exactly these courses and coupon (answered instead of a new one). Refused
/// when another pending order holds some of them.
async fn pending_overlap(
    conn: &mut AnyConnection,
    user_id: &str,
    offers: &[OfferRow],
    coupon_code: Option<&str>,
    now: i64,
) -> Result<Option<Order>, CommerceError> {
    let wanted: BTreeSet<&str> = offers.iter().map(|offer| offer.id.as_str()).collect();
    for row in repo::orders::pending_of(conn, user_id).await? {
        if row.expires_at <= now {
            continue;
        }
        let Some(order) = orders::load(conn, &row.id).await? else { continue };
        let held: BTreeSet<&str> = order.items.iter().map(|item| item.course_id.as_str()).collect();
        if held == wanted && order.row.coupon_code.as_deref() == coupon_code {
            return Ok(Some(order));
        }
        if !held.is_disjoint(&wanted) {
            return Err(CommerceError::PendingOrder { code: order.row.code });
        }
    }
    Ok(None)
}

async fn insert_order(
    conn: &mut AnyConnection,
    user_id: &str,
    quote: &Quote,
    commission: Commission,
    key: Option<&str>,
    expires_at: i64,
    now: i64,
) -> Result<Order, CommerceError> {
    let mut code = order_code(random_bytes());
    while repo::orders::find_by_code(conn, &code).await?.is_some() {
        code = order_code(random_bytes());
    }
    let row = OrderRow {
        id: new_id(),
        code,
        user_id: user_id.to_owned(),
        status: OrderStatus::Pending,
        currency: quote.currency,
        subtotal: quote.subtotal(),
        discount_total: quote.discount_total(),
        total: quote.total(),
        amount_received: 0,
        amount_refunded: 0,
        coupon_id: quote.coupon.as_ref().map(|c| c.id.clone()),
        coupon_code: quote.coupon.as_ref().map(|c| c.code.clone()),
        commission_percent: commission.into(),
        payment_method: PaymentMethod::BankTransfer,
        expires_at,
        paid_at: None,
        closed_at: None,
        refunded_at: None,
        created_at: now,
        updated_at: now,
    };
    repo::orders::insert(conn, &row, key).await?;
    let paid: Vec<i64> = quote.lines.iter().map(QuoteLine::paid).collect();
    let splits = split_sale(&paid, commission);
    let mut items = Vec::with_capacity(quote.lines.len());
    for ((position, line), split) in (0_i64..).zip(&quote.lines).zip(splits) {
        let item = OrderItemRow {
            id: new_id(),
            order_id: row.id.clone(),
            course_id: line.offer.id.clone(),
            teacher_id: line.offer.instructor_id.clone(),
            title_vi: line.offer.title_vi.clone(),
            title_en: line.offer.title_en.clone(),
            thumbnail: line.offer.thumbnail.clone(),
            list_price: line.offer.price,
            price: line.price,
            discount: line.discount,
            paid: line.paid(),
            teacher_share: split.teacher,
            platform_share: split.platform,
            currency: quote.currency,
            status: ItemStatus::Active,
            refunded_at: None,
            position,
            kind: if line.offer.plan.is_some() { ItemKind::MentorshipPlan } else { ItemKind::Course },
            plan_duration_value: line.offer.plan.map(|d| d.value),
            plan_duration_unit: line.offer.plan.map(|d| d.unit.as_str().to_owned()),
            referrer_id: None,
        };
        repo::orders::insert_item(conn, &item).await?;
        items.push(item);
    }
    repo::orders::insert_event(conn, &row.id, OrderEventKind::Created, Some(user_id), "", Some(row.total), now).await?;
    Ok(Order { row, items })
}
