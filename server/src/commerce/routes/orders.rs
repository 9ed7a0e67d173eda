//! Checkout and orders: `POST /api/cart/quote` (the cart with a coupon), `POST /api/checkout`, and the caller's
//! orders: `GET /api/orders`, `GET /api/orders/{id}` (the receipt), `POST /api/orders/{id}/cancel`.
//!
//! Coupon codes are secrets worth guessing: every quote or checkout naming one counts against the caller's and
//! their address's allowance of tries ([`Limit::CouponCode`], [`Limit::CouponCodeAddress`]), and every code that
//! cannot be used gets the same answer, whether it is unknown, switched off, expired or used up.

use std::net::IpAddr;

use academy_shared::roles::Role;
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode},
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        checkout::{self, Checkout, CheckoutRequest},
        error::CommerceError,
        orders, referrals,
        repo::orders::OrderFilter,
        settings,
        views::{OrderPageView, OrderView, QuoteView},
    },
    http::{
        ApiError, ApiResult, ClientAddr, CurrentUser, Json, Language, Pagination, Path, error::ErrorEnvelope, ok,
        rate_limit,
    },
    identity::rate_limit::{Limit, Subject},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quote_cart))
        .routes(routes!(create_checkout))
        .routes(routes!(list_my_orders))
        .routes(routes!(get_order))
        .routes(routes!(cancel_order))
}

/// A coupon to try on the cart.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    pub coupon_code: Option<String>,
}

/// Counts a try of a coupon code (none named: nothing to count) against the caller's allowance and their
/// address's; `Err` is the 429 to answer.
async fn count_coupon_try(state: &AppState, user_id: &str, ip: IpAddr, code: Option<&str>) -> Result<(), ApiError> {
    if code.is_none_or(|code| code.trim().is_empty()) {
        return Ok(());
    }
    rate_limit::check(state, Limit::CouponCode, Subject::Account(user_id)).await?;
    rate_limit::check(state, Limit::CouponCodeAddress, Subject::Address(ip)).await
}

/// What the caller's cart would cost now, with a coupon when one is given (the cart page's coupon field). Takes
/// no coupon use.
#[utoipa::path(
    post,
    path = "/api/cart/quote",
    tag = "checkout",
    security(("bearer" = [])),
    request_body = QuoteRequest,
    responses(
        (status = 200, description = "The prices, the coupon's share of each line and the total",
            body = crate::http::Envelope<QuoteView>),
        (status = 404, description = "A course of the cart is no longer on sale", body = ErrorEnvelope),
        (status = 409, description = "The cart is empty, or holds a course the caller owns now", body = ErrorEnvelope),
        (status = 422, description = "The coupon cannot be used: one text in `result.fields.couponCode` for a \
            code that is unknown, switched off, out of its dates, used up or not for these courses", body = ErrorEnvelope),
        (status = 429, description = "Too many coupon codes tried by this account or address (`Retry-After`)",
            body = ErrorEnvelope),
    )
)]
pub async fn quote_cart(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    user: CurrentUser,
    Json(body): Json<QuoteRequest>,
) -> ApiResult<QuoteView> {
    count_coupon_try(&state, &user.id, ip, body.coupon_code.as_deref()).await?;
    let quote = checkout::quote(&state, &user.id, body.coupon_code.as_deref()).await?;
    Ok(ok(QuoteView::new(&quote, lang)))
}

/// A checkout.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutBody {
    /// The courses to buy; absent: the caller's cart.
    pub course_ids: Option<Vec<String>>,
    /// A mentorship plan to book (alone in its order; the cart is left as it is).
    pub plan_id: Option<String>,
    pub coupon_code: Option<String>,
    /// The client's key of this checkout, when it cannot send the `Idempotency-Key` header: the same key
    /// answers the same order.
    pub client_token: Option<String>,
}

/// Checks out the cart (or the courses named) as one order waiting for its bank transfer, and answers what the
/// browser needs to draw the VietQR code. The same `Idempotency-Key` (or `clientToken`), or the same courses
/// and coupon while that order waits, answers the order made the first time (200) instead of a new one (201).
#[utoipa::path(
    post,
    path = "/api/checkout",
    tag = "checkout",
    security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "The client's key of this checkout (at most 100 characters)")),
    request_body = CheckoutBody,
    responses(
        (status = 201, description = "The new order, with `payment` to show", body = crate::http::Envelope<OrderView>),
        (status = 200, description = "The order this checkout made before", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "A course is not on sale", body = ErrorEnvelope),
        (status = 409, description = "Nothing to check out; a course is free, taught or owned by the caller; the \
            courses are in different currencies or not in VND; another unpaid order holds a course; the caller has \
            as many unpaid orders as allowed; bank transfers are not set up", body = ErrorEnvelope),
        (status = 422, description = "The coupon cannot be used (one text in `result.fields.couponCode` whatever \
            the reason); the key is too long, or was used for another checkout (other courses or coupon: \
            `result.fields.idempotencyKey`)", body = ErrorEnvelope),
        (status = 429, description = "Too many coupon codes tried by this account or address (`Retry-After`)",
            body = ErrorEnvelope),
    )
)]
pub async fn create_checkout(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    user: CurrentUser,
    headers: HeaderMap,
    Json(body): Json<CheckoutBody>,
) -> Result<(StatusCode, axum::Json<academy_shared::envelope::Envelope<OrderView>>), ApiError> {
    count_coupon_try(&state, &user.id, ip, body.coupon_code.as_deref()).await?;
    let header_key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let request = CheckoutRequest {
        course_ids: body.course_ids,
        plan_id: body.plan_id,
        coupon_code: body.coupon_code,
        idempotency_key: header_key.or(body.client_token),
    };
    let referral = crate::http::current_user::cookie(&headers, referrals::COOKIE);
    referrals::claim_cookie(&state, &user.id, referral, now_ms()).await.map_err(CommerceError::from)?;
    let answer = checkout::checkout(&state, &user.id, request).await?;
    let (status, order) = match &answer.checkout {
        Checkout::Created(order) => (StatusCode::CREATED, order),
        Checkout::Existing(order) => (StatusCode::OK, order),
    };
    Ok((status, ok(OrderView::new(order, Some(&answer.bank), lang))))
}

/// The caller's orders, newest first.
#[utoipa::path(
    get,
    path = "/api/orders",
    tag = "checkout",
    security(("bearer" = [])),
    params(Pagination<20>),
    responses((status = 200, description = "A page of the caller's orders", body = crate::http::Envelope<OrderPageView>))
)]
pub async fn list_my_orders(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    paging: Pagination<20>,
) -> ApiResult<OrderPageView> {
    let filter = OrderFilter { user_id: Some(&user.id), status: None };
    let page = orders::list(&state.pool, &filter, paging.page_size, paging.offset()).await?;
    let bank = settings::read(&state.pool).await?.bank;
    let items = page.orders.iter().map(|order| OrderView::new(order, bank.as_ref(), lang)).collect();
    Ok(ok(OrderPageView::new(items, paging.page, paging.page_size, page.total)))
}

/// One order: its receipt, or while it waits, how to pay it. Its owner reads it; administrators read any order
/// (with its history and buyer).
#[utoipa::path(
    get,
    path = "/api/orders/{id}",
    tag = "checkout",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The order", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn get_order(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<OrderView> {
    let order = orders::read(&state, &user.id, user.role, &id).await?;
    let bank = settings::read(&state.pool).await?.bank;
    let mut view = OrderView::new(&order, bank.as_ref(), lang);
    if user.role == Role::Admin {
        let buyer = orders::buyer(&state, &order.row.user_id).await?;
        view = view.with_buyer(buyer).with_events(orders::history(&state, &order.row.id).await?);
    }
    Ok(ok(view))
}

/// The caller cancels an unpaid order of theirs.
#[utoipa::path(
    post,
    path = "/api/orders/{id}/cancel",
    tag = "checkout",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The cancelled order", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The order is no longer pending (paid, cancelled, expired)", body = ErrorEnvelope),
    )
)]
pub async fn cancel_order(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<OrderView> {
    let order = orders::cancel(&state, &user.id, &id).await?;
    Ok(ok(OrderView::new(&order, None, lang)))
}
