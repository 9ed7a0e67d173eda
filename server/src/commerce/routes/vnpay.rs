//! How to pay: `GET /api/payments/methods` says which payment methods are open. VNPay:
//! `POST /api/orders/{id}/vnpay` gives the address of VNPay's page for a pending order of the caller's; VNPay's
//! server confirms the payment at `GET /api/payments/vnpay/ipn`, the only call that changes the order.

use std::collections::BTreeMap;

use axum::{
    extract::{RawQuery, State},
    http::StatusCode,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        settings,
        vnpay::{self, Gateway, IpnAnswer},
    },
    http::{ApiResult, ClientAddr, CurrentUser, Language, Path, error::ErrorEnvelope, ok},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_payment_methods))
        .routes(routes!(start_vnpay_payment))
        .routes(routes!(vnpay_ipn))
}

/// The payment methods a buyer may choose now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethods {
    /// A bank transfer shown as a VietQR code: open once an administrator has set the receiving account.
    pub vietqr: bool,
    /// Card or wallet through VNPay: open when the server has VNPay's terminal code and secret.
    pub vnpay: bool,
}

/// Which payment methods checkout offers.
#[utoipa::path(
    get,
    path = "/api/payments/methods",
    tag = "payments",
    responses((status = 200, description = "The open methods", body = crate::http::Envelope<PaymentMethods>))
)]
pub async fn list_payment_methods(State(state): State<AppState>) -> ApiResult<PaymentMethods> {
    let bank = settings::read(&state.pool).await?.bank;
    Ok(ok(PaymentMethods { vietqr: bank.is_some(), vnpay: Gateway::from_state(&state).is_some() }))
}

/// Where to send the student to pay.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VnpayRedirect {
    /// VNPay's payment page with the signed request.
    pub payment_url: String,
}

/// The address of VNPay's page for paying what is due on a pending order of the caller's.
#[utoipa::path(
    post,
    path = "/api/orders/{id}/vnpay",
    tag = "payments",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The signed payment address", body = crate::http::Envelope<VnpayRedirect>),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The order is not pending, or VNPay is not set up", body = ErrorEnvelope),
    )
)]
pub async fn start_vnpay_payment(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<VnpayRedirect> {
    let english = lang == academy_shared::Lang::En;
    let payment_url = vnpay::payment_url(&state, &user.id, &id, &ip.to_string(), english).await?;
    Ok(ok(VnpayRedirect { payment_url }))
}

/// VNPay's answer format.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IpnReply {
    /// 00 confirmed, 01 order not found, 02 already confirmed, 04 invalid amount, 97 invalid signature, 99 error.
    #[serde(rename = "RspCode")]
    pub rsp_code: String,
    #[serde(rename = "Message")]
    pub message: String,
}

/// VNPay's server reports a payment (the `vnp_*` parameters, signed with `vnp_SecureHash`). Always HTTP 200;
/// the outcome is in `RspCode`.
#[utoipa::path(
    get,
    path = "/api/payments/vnpay/ipn",
    tag = "payments",
    params(("vnp_SecureHash" = String, Query, description = "HMAC-SHA512 of the other `vnp_*` parameters sorted by name")),
    responses((status = 200, description = "The outcome, in VNPay's format", body = IpnReply))
)]
pub async fn vnpay_ipn(State(state): State<AppState>, RawQuery(query): RawQuery) -> (StatusCode, axum::Json<IpnReply>) {
    let raw = query.unwrap_or_default();
    let params: BTreeMap<String, String> = query_pairs(&raw);
    let answer = match vnpay::ipn(&state, &params, &raw).await {
        Ok(answer) => answer,
        Err(e) => {
            tracing::error!(error = %e, "a VNPay IPN failed");
            IpnAnswer::Unknown
        }
    };
    tracing::info!(txn = params.get("vnp_TxnRef").map(String::as_str).unwrap_or_default(), ?answer, "VNPay IPN");
    let (code, message) = answer.code_and_message();
    (StatusCode::OK, axum::Json(IpnReply { rsp_code: code.to_owned(), message: message.to_owned() }))
}

/// The decoded pairs of a query string (`+` is a space); a name given twice keeps its last value.
fn query_pairs(query: &str) -> BTreeMap<String, String> {
    let axum::extract::Query(pairs) =
        axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&format!("/?{query}").parse().unwrap_or_default())
            .unwrap_or(axum::extract::Query(Vec::new()));
    pairs.into_iter().collect()
}
