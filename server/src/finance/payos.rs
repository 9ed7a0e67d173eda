//! The payOS payouts API client: one transfer per payout request (`POST /v1/payouts/` with an idempotency key, so
//! a retry never makes a second transfer) and its state (`GET /v1/payouts/{id}`). Requests carry the channel's
//! client id and API key; a request body is signed in `x-signature` and every answer's `data` is checked against
//! the `x-signature` it comes with: HMAC-SHA256 with the checksum key over the object's keys in order,
//! `key=value` joined by `&`, keys and values URI-encoded, nested objects and arrays as JSON.

use std::time::Duration;

use anyhow::Context as _;
use hmac::{Hmac, Mac as _};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Sha256;

use crate::config::PayosConfig;

/// How long one call to payOS may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A transfer to ask for.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewPayout {
    /// Our reference of the transfer (the payout request's id).
    pub reference_id: String,
    /// VND sent to the account.
    pub amount: i64,
    /// What the receiver's bank shows.
    pub description: String,
    pub to_bin: String,
    pub to_account_number: String,
}

/// A transfer of a payout, as payOS reports it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    #[serde(default)]
    pub id: String,
    /// `RECEIVED`, `PROCESSING`, `ON_HOLD`, `SUCCEEDED`, `FAILED`, `CANCELLED` or `REVERSED`.
    pub state: String,
    /// The bank's reference, once sent.
    #[serde(default)]
    pub reference: Option<String>,
    /// When the bank made it.
    #[serde(default)]
    pub transaction_datetime: Option<String>,
    #[serde(default)]
    pub error_message: Option<String>,
    #[serde(default)]
    pub error_code: Option<String>,
}

/// A payout as payOS reports it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payout {
    pub id: String,
    #[serde(default)]
    pub reference_id: String,
    #[serde(default)]
    pub transactions: Vec<Transaction>,
    /// `DRAFTING`, `SUBMITTED`, `APPROVED`, `REJECTED`, `CANCELLED`, `SCHEDULED`, `PROCESSING`, `FAILED`,
    /// `PARTIAL_COMPLETED` or `COMPLETED`.
    #[serde(default)]
    pub approval_state: String,
}

/// Where a transfer stands for us.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Not final yet: look again later.
    Pending,
    /// The money reached the account.
    Succeeded { reference: Option<String>, at: Option<String> },
    /// It did not (or came back); why.
    Failed { reason: String },
}

impl Payout {
    /// The transfer's state, the payout's one transaction first, else its approval.
    pub fn state(&self) -> String {
        self.transactions.first().map_or_else(|| self.approval_state.clone(), |t| t.state.clone())
    }

    pub fn outcome(&self) -> Outcome {
        let failed = |t: Option<&Transaction>, state: &str| Outcome::Failed {
            reason: t
                .and_then(|t| t.error_message.clone().filter(|m| !m.trim().is_empty()))
                .unwrap_or_else(|| state.to_owned()),
        };
        match self.transactions.first() {
            Some(t) => match t.state.as_str() {
                "SUCCEEDED" => {
                    Outcome::Succeeded { reference: t.reference.clone(), at: t.transaction_datetime.clone() }
                }
                "FAILED" | "CANCELLED" | "REVERSED" => failed(Some(t), &t.state),
                _ => Outcome::Pending,
            },
            None => match self.approval_state.as_str() {
                "REJECTED" | "CANCELLED" | "FAILED" => failed(None, &self.approval_state),
                _ => Outcome::Pending,
            },
        }
    }
}

/// Why a call to payOS did not give an answer we can use.
#[derive(Debug, thiserror::Error)]
pub enum PayosError {
    /// payOS answered, refusing the request (its code and description): no transfer was made.
    #[error("payOS refused: {code} {desc}")]
    Refused { code: String, desc: String },
    /// No answer, an answer we cannot read or trust, or payOS failed: whether a transfer was made is unknown
    /// (asking again with the same key tells).
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// The signature of a JSON object as payOS computes it.
pub fn signature(checksum_key: &str, object: &Value) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(checksum_key.as_bytes()).expect("HMAC takes any key length");
    mac.update(signed_text(object).as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// `key=value&…` over the object's keys in order, nested values as JSON with their keys in order too.
fn signed_text(object: &Value) -> String {
    let Value::Object(map) = sorted(object) else { return String::new() };
    map.iter()
        .map(|(key, value)| {
            let text = match value {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                Value::Array(_) | Value::Object(_) => value.to_string(),
                other => other.to_string(),
            };
            format!("{}={}", encode_uri_component(key), encode_uri_component(&text))
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// The value with every object's keys in order (JSON objects keep the order they are built in).
fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&map[k]))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// Percent-encodes all but the characters JavaScript's `encodeURIComponent` leaves as they are.
fn encode_uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The payOS payouts client of one channel.
#[derive(Debug, Clone)]
pub struct Client {
    config: PayosConfig,
    http: reqwest_tls::Client,
}

#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    code: String,
    #[serde(default)]
    desc: String,
    #[serde(default)]
    data: Option<Value>,
}

impl Client {
    pub fn new(config: PayosConfig) -> anyhow::Result<Client> {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest_tls::Client::builder().timeout(TIMEOUT).build().context("building the payOS client")?;
        Ok(Client { config, http })
    }

    /// Asks for a transfer; the same `idempotency_key` again answers the transfer made the first time.
    pub async fn create(&self, payout: &NewPayout, idempotency_key: &str) -> Result<Payout, PayosError> {
        let body = serde_json::to_value(payout).context("writing the payout")?;
        let request = self
            .http
            .post(format!("{}/v1/payouts/", self.config.base_url))
            .header("x-idempotency-key", idempotency_key)
            .header("x-signature", signature(&self.config.checksum_key, &body))
            .header("content-type", "application/json")
            .body(body.to_string());
        self.send(request).await
    }

    /// The payout's state now.
    pub async fn get(&self, payout_id: &str) -> Result<Payout, PayosError> {
        let id: String = payout_id.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
        self.send(self.http.get(format!("{}/v1/payouts/{id}", self.config.base_url))).await
    }

    async fn send(&self, request: reqwest_tls::RequestBuilder) -> Result<Payout, PayosError> {
        let response = request
            .header("x-client-id", &self.config.client_id)
            .header("x-api-key", &self.config.api_key)
            .send()
            .await
            .context("calling payOS")?;
        let status = response.status();
        let signed = response.headers().get("x-signature").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let text = response.text().await.context("reading payOS's answer")?;
        let answer: Answer = match serde_json::from_str(&text) {
            Ok(answer) => answer,
            Err(e) => return Err(anyhow::anyhow!("payOS answered {status} with what is not JSON: {e}").into()),
        };
        if status.is_server_error() {
            return Err(anyhow::anyhow!("payOS failed ({status}): {} {}", answer.code, answer.desc).into());
        }
        let data = match answer.data {
            Some(data) if status.is_success() && answer.code == "00" => data,
            _ => return Err(PayosError::Refused { code: answer.code, desc: answer.desc }),
        };
        let expected = signature(&self.config.checksum_key, &data);
        if signed.as_deref() != Some(expected.as_str()) {
            return Err(anyhow::anyhow!("payOS's answer does not carry the channel's signature").into());
        }
        serde_json::from_value(data).context("reading payOS's payout").map_err(PayosError::Unknown)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_signed_text_sorts_keys_and_encodes_like_encode_uri_component() {
        let body = json!({ "toBin": "970436", "amount": 200000, "description": "Rút tiền #1", "referenceId": "a b" });
        assert_eq!(
            signed_text(&body),
            "amount=200000&description=R%C3%BAt%20ti%E1%BB%81n%20%231&referenceId=a%20b&toBin=970436"
        );
    }

    #[test]
    fn nested_values_are_signed_as_json_with_their_keys_sorted_and_nulls_as_nothing() {
        let data = json!({ "id": "p1", "transactions": [{ "state": "SUCCEEDED", "amount": 1 }], "category": null });
        assert_eq!(
            signed_text(&data),
            "category=&id=p1&transactions=%5B%7B%22amount%22%3A1%2C%22state%22%3A%22SUCCEEDED%22%7D%5D"
        );
    }

    #[test]
    fn the_signature_is_hmac_sha256_of_the_signed_text_in_hex() {
        // HMAC-SHA256("checksum-key", "amount=200000&toBin=970436"), computed apart.
        assert_eq!(
            signature("checksum-key", &json!({ "toBin": "970436", "amount": 200000 })),
            "ad9d7da7d6b722b963b9358339c3c9e25c9f16845fb6da5745b440762d7e6ce5"
        );
    }

    #[test]
    fn a_transfer_is_final_when_succeeded_failed_cancelled_or_reversed() {
        let payout = |state: &str| Payout {
            id: "p".into(),
            reference_id: "r".into(),
            transactions: vec![Transaction {
                id: "t".into(),
                state: state.into(),
                reference: Some("FT1".into()),
                transaction_datetime: None,
                error_message: None,
                error_code: None,
            }],
            approval_state: "APPROVED".into(),
        };
        assert_eq!(payout("PROCESSING").outcome(), Outcome::Pending);
        assert_eq!(payout("ON_HOLD").outcome(), Outcome::Pending);
        assert!(matches!(payout("SUCCEEDED").outcome(), Outcome::Succeeded { reference: Some(r), .. } if r == "FT1"));
        for state in ["FAILED", "CANCELLED", "REVERSED"] {
            assert!(matches!(payout(state).outcome(), Outcome::Failed { .. }), "{state}");
        }
    }
}
