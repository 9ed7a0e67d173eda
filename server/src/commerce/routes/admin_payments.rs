//! Administrators' acts on money (administrators only), each logged with who and a note: the bank transactions
//! and their review list (`GET /api/admin/payments`, `POST /api/admin/payments/{id}/resolve`), confirming a
//! transfer by hand (`POST /api/admin/orders/{id}/confirm`) and refunds (`POST /api/admin/orders/{id}/refund`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        admin,
        error::CommerceError,
        orders,
        repo::payments::ReviewStatus,
        views::{
            OrderView,
            admin::{PaymentPageView, PaymentView},
        },
    },
    http::{
        Admins, Allowed, ApiError, ApiResult, Json, Language, Pagination, Path, Query, Text, error::ErrorEnvelope, ok,
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_payments))
        .routes(routes!(resolve_payment))
        .routes(routes!(refund_payment))
        .routes(routes!(apply_payment))
        .routes(routes!(confirm_order))
        .routes(routes!(refund_order))
}

/// The review filter of the bank transactions.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PaymentListParams {
    /// `open` (the review list), `resolved` or `none`; absent: every transaction.
    pub review: Option<String>,
}

/// The bank transactions, newest first; `?review=open` is the list an administrator must look at (money for
/// unknown, closed or already paid orders, and overpayments).
#[utoipa::path(
    get,
    path = "/api/admin/payments",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(PaymentListParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of transactions", body = crate::http::Envelope<PaymentPageView>),
        (status = 422, description = "Unknown review status", body = ErrorEnvelope),
    )
)]
pub async fn list_payments(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Query(params): Query<PaymentListParams>,
    paging: Pagination<20>,
) -> ApiResult<PaymentPageView> {
    let review = params.review.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let Ok(review) = review.map(|r| ReviewStatus::parse(r).ok_or(r)).transpose() else {
        return Err(CommerceError::Invalid {
            field: "review",
            message: Text::new(
                "Trạng thái phải là open, resolved hoặc none.",
                "The review status must be open, resolved or none.",
            ),
        }
        .into());
    };
    let (rows, total) = admin::payments(&state, review, paging.page_size, paging.offset()).await?;
    Ok(ok(PaymentPageView {
        items: rows.iter().map(PaymentView::from).collect(),
        page: paging.page,
        page_size: paging.page_size,
        total,
        total_pages: (total + paging.page_size - 1) / paging.page_size,
    }))
}

/// An administrator's note on an act.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteBody {
    /// Why (required, at most 1000 characters).
    pub note: String,
}

/// Marks a transaction of the review list as dealt with, saying how.
#[utoipa::path(
    post,
    path = "/api/admin/payments/{id}/resolve",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The transaction's id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "Resolved", body = crate::http::Envelope<PaymentView>),
        (status = 404, description = "No such transaction", body = ErrorEnvelope),
        (status = 409, description = "Not on the review list", body = ErrorEnvelope),
        (status = 422, description = "No note, or too long", body = ErrorEnvelope),
    )
)]
pub async fn resolve_payment(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<NoteBody>,
) -> ApiResult<PaymentView> {
    let row = admin::resolve_payment(&state, &user.id, &id, &body.note).await?;
    Ok(ok(PaymentView::from(&row)))
}

/// Refunds the money of a transaction on the review list that no order holds (all of it; for an overpayment, what
/// came beyond the order's total): the ledger owes it back to the student, who is told, and the transaction is
/// resolved with the note.
#[utoipa::path(
    post,
    path = "/api/admin/payments/{id}/refund",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The transaction's id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "Refunded and resolved", body = crate::http::Envelope<PaymentView>),
        (status = 404, description = "No such transaction", body = ErrorEnvelope),
        (status = 409, description = "Not on the review list, or an amount that never reached the ledger",
            body = ErrorEnvelope),
        (status = 422, description = "No note, or too long", body = ErrorEnvelope),
    )
)]
pub async fn refund_payment(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<NoteBody>,
) -> ApiResult<PaymentView> {
    let row = admin::refund_payment(&state, &user.id, &id, &body.note).await?;
    Ok(ok(PaymentView::from(&row)))
}

/// Where to apply the money of a transaction on the review list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyPaymentBody {
    /// The pending order that takes the money (at most what it still owes): its id or its code (`DH…`).
    pub order_id: String,
    /// Why (required, at most 1000 characters).
    pub note: String,
}

/// Applies the money of a transaction on the review list to a pending order (e.g. the student's new order after
/// the one they paid part of closed): it counts as received, and pays the order when it brings its total.
#[utoipa::path(
    post,
    path = "/api/admin/payments/{id}/apply",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The transaction's id")),
    request_body = ApplyPaymentBody,
    responses(
        (status = 200, description = "The order that took the money", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "No such transaction or order", body = ErrorEnvelope),
        (status = 409, description = "Not on the review list, an order that is not pending or whose course is no \
            longer sold, or an amount that never reached the ledger", body = ErrorEnvelope),
        (status = 422, description = "No note, or more than the order still owes", body = ErrorEnvelope),
    )
)]
pub async fn apply_payment(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<ApplyPaymentBody>,
) -> ApiResult<OrderView> {
    let order = admin::apply_payment(&state, &user.id, &id, &body.order_id, &body.note).await?;
    Ok(ok(order_view(&state, &order, lang).await?))
}

async fn order_view(
    state: &AppState,
    order: &orders::Order,
    lang: academy_shared::Lang,
) -> Result<OrderView, ApiError> {
    let buyer = orders::buyer(state, &order.row.user_id).await?;
    let events = orders::history(state, &order.row.id).await?;
    Ok(OrderView::new(order, None, lang).with_buyer(buyer).with_events(events))
}

/// Confirms by hand that the transfer for a pending order arrived: what is still due is recorded as received and
/// the order is paid (the student is enrolled).
#[utoipa::path(
    post,
    path = "/api/admin/orders/{id}/confirm",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "Paid", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "No such order", body = ErrorEnvelope),
        (status = 409, description = "The order is not pending, or a course of it is no longer sold as at checkout",
            body = ErrorEnvelope),
        (status = 422, description = "No note, or too long", body = ErrorEnvelope),
    )
)]
pub async fn confirm_order(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<NoteBody>,
) -> ApiResult<OrderView> {
    let order = admin::confirm_by_hand(&state, &user.id, &id, &body.note).await?;
    Ok(ok(order_view(&state, &order, lang).await?))
}

/// A refund.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundBody {
    /// Why (required, at most 1000 characters).
    pub note: String,
    /// The items to refund; absent: every item not refunded yet.
    pub item_ids: Option<Vec<String>>,
}

/// Refunds a paid order, whole or some items: the ledger takes back exactly what the sale gave each teacher and
/// the platform, the student loses the refunded courses, and the order is refunded once no item is left.
#[utoipa::path(
    post,
    path = "/api/admin/orders/{id}/refund",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = RefundBody,
    responses(
        (status = 200, description = "Refunded", body = crate::http::Envelope<OrderView>),
        (status = 404, description = "No such order", body = ErrorEnvelope),
        (status = 409, description = "The order is not paid", body = ErrorEnvelope),
        (status = 422, description = "No note, or an item that is not a refundable item of the order",
            body = ErrorEnvelope),
    )
)]
pub async fn refund_order(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<RefundBody>,
) -> ApiResult<OrderView> {
    let order = admin::refund(&state, &user.id, &id, body.item_ids.as_deref(), &body.note).await?;
    Ok(ok(order_view(&state, &order, lang).await?))
}
