//! Administration of commerce (administrators only): all orders (`GET /api/admin/orders`), the payment settings
//! (`GET`/`PUT /api/admin/payment-settings`) and coupons (`GET`/`POST /api/admin/coupons`,
//! `PATCH /api/admin/coupons/{id}`).

use academy_shared::commerce::{Coupon, CouponKind, OrderStatus, settings::BankAccount};
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        coupons::{self, CouponInput},
        error::CommerceError,
        orders,
        repo::orders::OrderFilter,
        settings::{self, SettingsInput},
        views::{
            OrderPageView, OrderView,
            admin::{CouponView, PaymentSettingsView},
        },
    },
    http::{
        Admins, Allowed, ApiError, ApiResult, Json, Language, Pagination, Path, Query, Text, error::ErrorEnvelope, ok,
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_orders))
        .routes(routes!(get_payment_settings, put_payment_settings))
        .routes(routes!(list_coupons, create_coupon))
        .routes(routes!(update_coupon))
}

/// The status filter of the administrators' order list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderListParams {
    /// `pending`, `paid`, `cancelled`, `expired` or `refunded`; absent: every order.
    pub status: Option<String>,
}

/// Every order, newest first, with its buyer; filtered by status.
#[utoipa::path(
    get,
    path = "/api/admin/orders",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(OrderListParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of orders", body = crate::http::Envelope<OrderPageView>),
        (status = 422, description = "Unknown status", body = ErrorEnvelope),
    )
)]
pub async fn list_orders(
    State(state): State<AppState>,
    Language(lang): Language,
    _: Allowed<Admins>,
    Query(params): Query<OrderListParams>,
    paging: Pagination<20>,
) -> ApiResult<OrderPageView> {
    let status = match params.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(name) => Some(OrderStatus::parse(name).ok_or_else(|| {
            ApiError::from(CommerceError::Invalid {
                field: "status",
                message: Text::new(
                    "Trạng thái phải là pending, paid, cancelled, expired hoặc refunded.",
                    "The status must be pending, paid, cancelled, expired or refunded.",
                ),
            })
        })?),
        None => None,
    };
    let filter = OrderFilter { user_id: None, status: status.map(OrderStatus::as_str) };
    let page = orders::list(&state.pool, &filter, paging.page_size, paging.offset()).await?;
    let mut items = Vec::with_capacity(page.orders.len());
    for order in &page.orders {
        let buyer = orders::buyer(&state, &order.row.user_id).await?;
        items.push(OrderView::new(order, None, lang).with_buyer(buyer));
    }
    Ok(ok(OrderPageView::new(items, paging.page, paging.page_size, page.total)))
}

/// The payment settings.
#[utoipa::path(
    get,
    path = "/api/admin/payment-settings",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The settings", body = crate::http::Envelope<PaymentSettingsView>),
    )
)]
pub async fn get_payment_settings(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<PaymentSettingsView> {
    let settings = settings::read(&state.pool).await?;
    Ok(ok(PaymentSettingsView::from(&settings)))
}

/// New payment settings.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSettingsBody {
    /// The receiving bank's 6-digit BIN (e.g. 970436).
    pub bank_bin: String,
    pub bank_name: String,
    /// 6–19 letters or digits.
    pub account_number: String,
    /// Upper-case letters without marks, digits and spaces (lower case is raised).
    pub account_name: String,
    /// 0–100; absent: unchanged (20 by default).
    pub commission_percent: Option<i64>,
    /// 5–2880; absent: unchanged (30 by default).
    pub order_expiry_minutes: Option<i64>,
}

/// Sets the receiving bank account (shown as a VietQR code at checkout), the commission and the time to pay.
#[utoipa::path(
    put,
    path = "/api/admin/payment-settings",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    request_body = PaymentSettingsBody,
    responses(
        (status = 200, description = "Saved", body = crate::http::Envelope<PaymentSettingsView>),
        (status = 422, description = "A field breaks its rule (named in `result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn put_payment_settings(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(body): Json<PaymentSettingsBody>,
) -> ApiResult<PaymentSettingsView> {
    let before = settings::read(&state.pool).await?;
    let input = SettingsInput {
        bank: BankAccount {
            bank_bin: body.bank_bin,
            bank_name: body.bank_name,
            account_number: body.account_number,
            account_name: body.account_name,
        },
        commission_percent: body.commission_percent,
        order_expiry_minutes: body.order_expiry_minutes,
    };
    let saved = settings::save(&state, input).await?;
    crate::site::history::record(&state.pool, &user.id, "payment", &json_of(&before), &json_of(&saved)).await?;
    Ok(ok(PaymentSettingsView::from(&saved)))
}

/// A saved value as the settings history compares it.
fn json_of(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// Every coupon, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/coupons",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The coupons", body = crate::http::Envelope<Vec<CouponView>>),
    )
)]
pub async fn list_coupons(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<Vec<CouponView>> {
    let titles = coupons::course_titles(&state).await?;
    let rows = coupons::list(&state).await?;
    let views = rows.iter().map(|row| {
        let mut view = CouponView::from(row);
        if let Some((vi, en)) = row.course_id.as_ref().and_then(|id| titles.get(id)) {
            view.course_title_vi = Some(vi.clone());
            view.course_title_en = Some(en.clone());
        }
        view
    });
    Ok(ok(views.collect()))
}

/// A new coupon.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponBody {
    /// 3–32 letters, digits, dashes or underscores (stored upper case).
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// The percentage (1–100), or the amount in minor units of `currency`.
    pub value: i64,
    /// Required for a fixed amount and for a minimum order (`VND` or `USD`).
    pub currency: Option<String>,
    /// The one course it applies to; absent: every course.
    pub course_id: Option<String>,
    /// Epoch milliseconds; valid from (inclusive).
    pub starts_at: Option<i64>,
    /// Epoch milliseconds; valid until (exclusive).
    pub ends_at: Option<i64>,
    /// The order's total before the coupon must be at least this (minor units).
    #[serde(default)]
    pub min_order: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_user: Option<i64>,
    #[serde(default)]
    pub description_vi: String,
    #[serde(default)]
    pub description_en: String,
}

/// Creates a coupon.
#[utoipa::path(
    post,
    path = "/api/admin/coupons",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    request_body = CouponBody,
    responses(
        (status = 200, description = "Created", body = crate::http::Envelope<CouponView>),
        (status = 404, description = "No such course", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule, or the code exists (named in `result.fields`)",
            body = ErrorEnvelope),
    )
)]
pub async fn create_coupon(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(body): Json<CouponBody>,
) -> ApiResult<CouponView> {
    let invalid = |field: &'static str, vi: &'static str, en: &'static str| {
        ApiError::from(CommerceError::Invalid { field, message: Text::new(vi, en) })
    };
    let kind = match body.kind.as_str() {
        "percent" => CouponKind::Percent(u8::try_from(body.value).unwrap_or(0)),
        "fixed" => CouponKind::Fixed(body.value),
        _ => return Err(invalid("kind", "Loại phải là percent hoặc fixed.", "The kind must be percent or fixed.")),
    };
    let currency = match body.currency.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(code) => Some(code.parse().map_err(|_| {
            invalid("currency", "Đơn vị tiền tệ phải là VND hoặc USD.", "The currency must be VND or USD.")
        })?),
        None => None,
    };
    let text_ok = |text: &str| text.chars().count() <= academy_shared::limits::TITLE_MAX_CHARS;
    if !text_ok(&body.description_vi) || !text_ok(&body.description_en) {
        return Err(invalid(
            "descriptionVi",
            "Mô tả dài tối đa 200 ký tự.",
            "A description is at most 200 characters.",
        ));
    }
    let coupon = Coupon {
        kind,
        currency,
        course_id: body.course_id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()),
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        min_order: body.min_order,
        max_uses: body.max_uses,
        max_uses_per_user: body.max_uses_per_user,
        active: true,
    };
    let input = CouponInput {
        code: body.code,
        coupon,
        description_vi: body.description_vi,
        description_en: body.description_en,
    };
    let row = coupons::create(&state, &user.id, input).await?;
    Ok(ok(CouponView::from(&row)))
}

/// A coupon switched on or off.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CouponUpdate {
    pub active: bool,
}

/// Switches a coupon on or off (unpaid orders made with it keep their discount).
#[utoipa::path(
    patch,
    path = "/api/admin/coupons/{id}",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The coupon's id")),
    request_body = CouponUpdate,
    responses(
        (status = 200, description = "Saved", body = crate::http::Envelope<CouponView>),
        (status = 404, description = "No such coupon", body = ErrorEnvelope),
    )
)]
pub async fn update_coupon(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<CouponUpdate>,
) -> ApiResult<CouponView> {
    let row = coupons::set_active(&state, &id, body.active).await?;
    Ok(ok(CouponView::from(&row)))
}
