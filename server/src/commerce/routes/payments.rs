//! The bank feed's webhook: `POST /api/payments/sepay/webhook`, as SePay calls it for every bank transaction of
//! the receiving account (`Authorization: Apikey <ACADEMY_SEPAY_API_KEY>`).

use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, header},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::bank_feed::{self, BankTransaction},
    http::{ApiError, Text, error::ErrorEnvelope},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sepay_webhook))
}

/// A bank transaction as SePay reports it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SepayTransaction {
    /// SePay's id of the transaction: each is applied once.
    #[schema(value_type = i64)]
    pub id: serde_json::Value,
    /// The bank, e.g. `Vietcombank`.
    pub gateway: Option<String>,
    /// e.g. `2026-11-24 10:15:00`.
    pub transaction_date: Option<String>,
    pub account_number: Option<String>,
    /// The payment code SePay found in the content, if it found one.
    pub code: Option<String>,
    /// The transfer's text.
    pub content: Option<String>,
    /// `in` or `out`.
    pub transfer_type: String,
    /// VND.
    #[schema(value_type = i64)]
    pub transfer_amount: serde_json::Number,
    #[schema(value_type = Option<i64>)]
    pub accumulated: Option<serde_json::Number>,
    pub sub_account: Option<String>,
    pub reference_code: Option<String>,
    pub description: Option<String>,
}

/// What SePay expects back.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WebhookAnswer {
    pub success: bool,
}

/// Whether `headers` carry `Authorization: Apikey <key>` with the configured key (compared in constant time).
fn authorized(headers: &HeaderMap, key: Option<&str>) -> bool {
    let Some(key) = key.map(str::trim).filter(|k| !k.is_empty()) else { return false };
    let Some(value) = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) else { return false };
    let Some((scheme, sent)) = value.trim().split_once(' ') else { return false };
    if !scheme.eq_ignore_ascii_case("apikey") {
        return false;
    }
    let (sent, key) = (sent.trim().as_bytes(), key.as_bytes());
    sent.len() == key.len() && sent.iter().zip(key).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
}

fn unreadable() -> ApiError {
    ApiError::bad_request(Text::new(
        "Dữ liệu giao dịch ngân hàng không hợp lệ.",
        "The bank transaction cannot be read.",
    ))
}

/// Receives one bank transaction of the receiving account. An incoming transfer whose order code (in `code`,
/// else in `content`) names a pending order pays it when it brings the amount due, or is recorded against it
/// when short; anything else is kept for an administrator. The same transaction `id` is applied once, ever:
/// a retry answers success and changes nothing.
#[utoipa::path(
    post,
    path = "/api/payments/sepay/webhook",
    tag = "payments",
    params(("Authorization" = String, Header, description = "`Apikey <ACADEMY_SEPAY_API_KEY>`")),
    request_body = SepayTransaction,
    responses(
        (status = 200, description = "Received (applied now, or before)", body = WebhookAnswer),
        (status = 400, description = "The body is not a bank transaction", body = ErrorEnvelope),
        (status = 401, description = "Missing or wrong API key: nothing is stored", body = ErrorEnvelope),
    )
)]
pub async fn sepay_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<axum::Json<WebhookAnswer>, ApiError> {
    if !authorized(&headers, state.config.sepay_api_key.as_deref()) {
        return Err(ApiError::unauthenticated());
    }
    let transaction: SepayTransaction = serde_json::from_slice(&body).map_err(|_| unreadable())?;
    let provider_id = match &transaction.id {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) if !s.trim().is_empty() => s.trim().to_owned(),
        _ => return Err(unreadable()),
    };
    let amount = transaction
        .transfer_amount
        .as_i64()
        .or_else(|| {
            transaction.transfer_amount.as_f64().filter(|a| a.fract() == 0.0 && a.abs() < 1e15).map(|a| a as i64)
        })
        .ok_or_else(unreadable)?;
    let report = BankTransaction {
        provider: "sepay",
        provider_id,
        incoming: transaction.transfer_type.trim().eq_ignore_ascii_case("in"),
        amount,
        code: transaction.code.filter(|c| !c.trim().is_empty()),
        content: transaction.content.unwrap_or_default(),
        raw: String::from_utf8_lossy(&body).into_owned(),
    };
    let outcome = bank_feed::receive(&state, &report).await?;
    tracing::info!(provider = "sepay", id = %report.provider_id, ?outcome, "bank transaction received");
    Ok(axum::Json(WebhookAnswer { success: true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, value.parse().expect("header"));
        headers
    }

    #[test]
    fn only_the_configured_api_key_is_accepted() {
        assert!(authorized(&with("Apikey s3cret"), Some("s3cret")));
        assert!(authorized(&with("apikey  s3cret "), Some("s3cret")));
        assert!(!authorized(&with("Apikey s3cre"), Some("s3cret")));
        assert!(!authorized(&with("Bearer s3cret"), Some("s3cret")));
        assert!(!authorized(&HeaderMap::new(), Some("s3cret")));
        assert!(!authorized(&with("Apikey "), Some("")), "no key configured: nothing is accepted");
        assert!(!authorized(&with("Apikey x"), None));
    }
}
