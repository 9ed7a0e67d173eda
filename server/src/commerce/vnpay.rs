//! VNPay's payment gateway, protocol 2.1.0: the student is sent to VNPay's page with a payment request signed
//! with HMAC-SHA512 over its parameters sorted by name; VNPay's server then calls our IPN address with the
//! result, signed the same way. The IPN is the only truth: the student's return to the site changes nothing.
//!
//! IPN answers (`RspCode`): 00 confirmed (paid, or a failed payment recorded), 01 no such order, 02 order
//! already confirmed (this transaction was applied before, or the order is no longer pending), 04 the amount is
//! not what the order asks, 97 bad signature, 99 anything else.

use std::collections::BTreeMap;

use academy_shared::{
    commerce::{OrderEvent, OrderStatus},
    money::Currency,
};
use chrono::{FixedOffset, TimeZone as _};
use hmac::{Hmac, Mac as _};
use sha2::Sha512;

use super::{
    error::CommerceError,
    ledger::PaymentMethod,
    orders,
    payments::{WITHDRAWN_NOTE, after_paid, apply_to_order, record_receipt, still_on_sale},
    repo::{
        self,
        payments::{NewPayment, PaymentOutcome},
    },
};
use crate::{
    platform::{
        crypto::hex,
        db::{new_id, now_ms},
    },
    state::AppState,
};

/// The protocol version.
pub const VERSION: &str = "2.1.0";

/// `application/x-www-form-urlencoded` as VNPay's reference code writes it (PHP's `urlencode`): letters, digits
/// and `-_.` as they are, a space as `+`, every other byte as `%XX`.
pub fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(char::from(byte)),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The signed text: every `vnp_` parameter with a value but the hash itself, sorted by name, encoded, joined.
fn hash_data(params: &BTreeMap<String, String>) -> String {
    params
        .iter()
        .filter(|(key, value)| {
            key.starts_with("vnp_") && !value.is_empty() && *key != "vnp_SecureHash" && *key != "vnp_SecureHashType"
        })
        .map(|(key, value)| format!("{}={}", form_encode(key), form_encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The HMAC-SHA512 signature of `params` with `secret`, in lower-case hexadecimal.
pub fn sign(params: &BTreeMap<String, String>, secret: &str) -> String {
    #[allow(clippy::expect_used)]
    let mut mac = Hmac::<Sha512>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(hash_data(params).as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// Whether `params` carry a `vnp_SecureHash` that is their signature with `secret` (any case; constant time).
pub fn verify(params: &BTreeMap<String, String>, secret: &str) -> bool {
    let Some(sent) = params.get("vnp_SecureHash") else { return false };
    let expected = sign(params, secret);
    let sent = sent.to_ascii_lowercase();
    sent.len() == expected.len() && sent.bytes().zip(expected.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
}

/// VNPay's settings, when the gateway is configured.
#[derive(Debug, Clone)]
pub struct Gateway {
    pub tmn_code: String,
    pub secret: String,
    pub pay_url: String,
    pub return_url: String,
}

impl Gateway {
    /// The gateway of the configuration, if its terminal code and secret are set.
    pub fn from_state(state: &AppState) -> Option<Gateway> {
        let config = &state.config;
        let set = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        Some(Gateway {
            tmn_code: set(&config.vnpay_tmn_code)?,
            secret: set(&config.vnpay_hash_secret)?,
            pay_url: config.vnpay_url.trim().to_owned(),
            return_url: set(&config.vnpay_return_url)
                .unwrap_or_else(|| format!("{}/checkout/vnpay-return", config.public_origin())),
        })
    }
}

/// VNPay's clock: Vietnam's time as `yyyyMMddHHmmss`.
fn vnpay_time(ms: i64) -> String {
    let Some(vietnam) = FixedOffset::east_opt(7 * 3600) else { return String::new() };
    vietnam.timestamp_millis_opt(ms).single().map(|t| t.format("%Y%m%d%H%M%S").to_string()).unwrap_or_default()
}

/// The address of VNPay's page for paying what is due on a pending order of `user_id`'s.
pub async fn payment_url(
    state: &AppState,
    user_id: &str,
    order_id: &str,
    client_ip: &str,
    english: bool,
) -> Result<String, CommerceError> {
    let gateway = Gateway::from_state(state).ok_or(CommerceError::GatewayNotConfigured)?;
    let mut conn = state.pool.acquire().await?;
    let order = orders::load(&mut conn, order_id).await?.filter(|o| o.row.user_id == user_id);
    let order = order.ok_or(CommerceError::OrderNotFound)?;
    if order.status() != OrderStatus::Pending {
        return Err(academy_shared::commerce::TransitionRefused { from: order.status(), event: OrderEvent::Pay }.into());
    }
    let now = now_ms();
    let params: BTreeMap<String, String> = [
        ("vnp_Version", VERSION.to_owned()),
        ("vnp_Command", "pay".to_owned()),
        ("vnp_TmnCode", gateway.tmn_code.clone()),
        ("vnp_Amount", (order.amount_due() * 100).to_string()),
        ("vnp_CurrCode", "VND".to_owned()),
        ("vnp_TxnRef", order.row.code.clone()),
        ("vnp_OrderInfo", format!("Thanh toan don hang {}", order.row.code)),
        ("vnp_OrderType", "other".to_owned()),
        ("vnp_Locale", if english { "en" } else { "vn" }.to_owned()),
        ("vnp_ReturnUrl", gateway.return_url.clone()),
        ("vnp_IpAddr", client_ip.to_owned()),
        ("vnp_CreateDate", vnpay_time(now)),
        ("vnp_ExpireDate", vnpay_time(order.row.expires_at.max(now))),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let signature = sign(&params, &gateway.secret);
    Ok(format!("{}?{}&vnp_SecureHash={signature}", gateway.pay_url, hash_data(&params)))
}

/// What the IPN answers VNPay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpnAnswer {
    Confirmed,
    OrderNotFound,
    AlreadyConfirmed,
    InvalidAmount,
    InvalidSignature,
    Unknown,
}

impl IpnAnswer {
    /// VNPay's `RspCode` and `Message`.
    pub fn code_and_message(self) -> (&'static str, &'static str) {
        match self {
            Self::Confirmed => ("00", "Confirm Success"),
            Self::OrderNotFound => ("01", "Order not found"),
            Self::AlreadyConfirmed => ("02", "Order already confirmed"),
            Self::InvalidAmount => ("04", "Invalid amount"),
            Self::InvalidSignature => ("97", "Invalid signature"),
            Self::Unknown => ("99", "Unknown error"),
        }
    }
}

/// Applies one IPN of VNPay's: a successful payment of what a pending order asks pays it (once per VNPay
/// transaction); a failed one is recorded and leaves the order pending.
pub async fn ipn(state: &AppState, params: &BTreeMap<String, String>, raw: &str) -> Result<IpnAnswer, CommerceError> {
    let answer = ipn_once(state, params, raw).await;
    let outcome = match &answer {
        Ok(IpnAnswer::Confirmed) => "confirmed",
        Ok(IpnAnswer::OrderNotFound) => "order_not_found",
        Ok(IpnAnswer::AlreadyConfirmed) => "already_confirmed",
        Ok(IpnAnswer::InvalidAmount) => "invalid_amount",
        Ok(IpnAnswer::InvalidSignature) => "invalid_signature",
        Ok(IpnAnswer::Unknown) | Err(_) => "error",
    };
    metrics::counter!(crate::platform::metrics::names::PAYMENTS, "provider" => "vnpay", "outcome" => outcome)
        .increment(1);
    answer
}

async fn ipn_once(state: &AppState, params: &BTreeMap<String, String>, raw: &str) -> Result<IpnAnswer, CommerceError> {
    let Some(gateway) = Gateway::from_state(state) else { return Ok(IpnAnswer::InvalidSignature) };
    if !verify(params, &gateway.secret) {
        return Ok(IpnAnswer::InvalidSignature);
    }
    let get = |key: &str| params.get(key).map(String::as_str).unwrap_or_default();
    // Signed for another terminal: not a payment to this shop.
    if get("vnp_TmnCode") != gateway.tmn_code {
        return Ok(IpnAnswer::OrderNotFound);
    }
    // VNPay sends the amount ×100 (VND has no minor unit): anything else is not an amount this shop asked for.
    let Ok(amount_cents) = get("vnp_Amount").parse::<i64>() else { return Ok(IpnAnswer::InvalidAmount) };
    if amount_cents <= 0 || amount_cents % 100 != 0 || amount_cents / 100 > super::bank_feed::MAX_TRANSFER_AMOUNT {
        return Ok(IpnAnswer::InvalidAmount);
    }
    let transaction_no = match get("vnp_TransactionNo") {
        "" | "0" => format!("{}:{}", get("vnp_TxnRef"), get("vnp_PayDate")),
        number => number.to_owned(),
    };
    let now = now_ms();
    let mut tx = repo::begin_write(state).await?;
    let Some(row) = repo::orders::find_by_code(&mut tx, get("vnp_TxnRef")).await? else {
        return Ok(IpnAnswer::OrderNotFound);
    };
    repo::orders::lock(&mut tx, &row.id).await?;
    let order = orders::load(&mut tx, &row.id).await?.ok_or(CommerceError::OrderNotFound)?;
    let mut pending = order.status() == OrderStatus::Pending;
    if pending && amount_cents != order.amount_due() * 100 {
        return Ok(IpnAnswer::InvalidAmount);
    }
    let succeeded = get("vnp_ResponseCode") == "00" && get("vnp_TransactionStatus") == "00";
    let id = new_id();
    let amount = amount_cents / 100;
    let stored = NewPayment {
        id: &id,
        provider: "vnpay",
        provider_id: &transaction_no,
        raw,
        transfer_type: "in",
        amount,
        currency: Currency::Vnd.code(),
        content: get("vnp_OrderInfo"),
    };
    if !repo::payments::insert(&mut tx, &stored, now).await? {
        return Ok(IpnAnswer::AlreadyConfirmed);
    }
    // Money for an order whose course became free or left the catalogue since checkout does not pay it: the
    // order closes and the money waits for an administrator.
    if succeeded && pending && !still_on_sale(&mut tx, &order).await? {
        orders::close(&mut tx, &order, OrderEvent::Cancel, None, WITHDRAWN_NOTE, now).await?;
        pending = false;
    }
    let order = orders::load(&mut tx, &order.row.id).await?.ok_or(CommerceError::OrderNotFound)?;
    let order_id = order.row.id.clone();
    // Money VNPay took for an order no longer pending is recorded and left to an administrator.
    let (outcome, review) = match (succeeded, pending, order.status()) {
        (false, ..) => (PaymentOutcome::Failed, false),
        (true, true, _) => (PaymentOutcome::Paid, false),
        (true, false, OrderStatus::Paid) => (PaymentOutcome::AlreadyPaid, true),
        (true, false, _) => (PaymentOutcome::OrderClosed, true),
    };
    if succeeded {
        let key = format!("receipt:vnpay:{transaction_no}");
        record_receipt(&mut tx, &key, PaymentMethod::Vnpay, amount, Currency::Vnd, Some(&order_id), now).await?;
        if pending {
            apply_to_order(&mut tx, &order, amount, None, "VNPay", now).await?;
        }
    }
    repo::payments::settle(&mut tx, &id, Some(&order.row.code), Some(&order_id), outcome, review).await?;
    tx.commit().await?;
    if outcome == PaymentOutcome::Paid {
        after_paid(state, &order_id).await;
    }
    Ok(if pending { IpnAnswer::Confirmed } else { IpnAnswer::AlreadyConfirmed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_encoded_as_the_reference_code_encodes_them() {
        assert_eq!(form_encode("Thanh toan don hang AC7K2"), "Thanh+toan+don+hang+AC7K2");
        assert_eq!(form_encode("https://a.vn/x?y=1&z"), "https%3A%2F%2Fa.vn%2Fx%3Fy%3D1%26z");
        assert_eq!(form_encode("đ"), "%C4%91");
    }

    #[test]
    fn the_signature_covers_the_sorted_vnp_parameters_but_the_hash() {
        let params: BTreeMap<String, String> = [
            ("vnp_TxnRef", "AC1"),
            ("vnp_Amount", "100000"),
            ("other", "x"),
            ("vnp_SecureHash", "abc"),
            ("vnp_Empty", ""),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        assert_eq!(hash_data(&params), "vnp_Amount=100000&vnp_TxnRef=AC1");
        let mut signed = params.clone();
        signed.insert("vnp_SecureHash".to_owned(), sign(&params, "secret").to_uppercase());
        assert!(verify(&signed, "secret"));
        assert!(!verify(&signed, "other secret"));
        signed.insert("vnp_Amount".to_owned(), "100001".to_owned());
        assert!(!verify(&signed, "secret"));
    }

    #[test]
    fn vnpay_time_is_vietnam_time() {
        // 2026-11-24 03:00:00 UTC is 10:00 in Vietnam.
        assert_eq!(vnpay_time(1_795_489_200_000), "20261124100000");
    }
}
