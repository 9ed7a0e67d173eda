//! Payouts through payOS, on both databases, against a fake payOS in the test that speaks its documented payouts
//! API: requests carry the channel's client id and API key and are signed (`x-signature`, HMAC-SHA256 of the
//! body's sorted, URI-encoded `key=value` pairs with the checksum key), answers are signed the same way, one
//! idempotency key makes one transfer however often it is sent, and a transfer moves through its states.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use academy_server::finance::sending;
use academy_shared::roles::Role;
use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use hmac::{Hmac, Mac as _};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::{
    commerce_fixtures::{Shop, shop_on},
    finance::{account, assert_ledger_balanced, decide, figures, payout_shop, payout_shop_on, teacher_with_sale},
    helpers::spawn_app_with,
};

const CLIENT_ID: &str = "payos-client-2026";
const API_KEY: &str = "payos-api-key-2026";
const CHECKSUM_KEY: &str = "payos-checksum-key-2026";

/// payOS's signature of a JSON object, written apart from the server's: keys sorted at every depth, `key=value`
/// with both encoded as JavaScript's `encodeURIComponent` does, nested values as compact JSON, null as nothing.
fn sign(key: &str, object: &Value) -> String {
    fn sort(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut pairs: Vec<(&String, &Value)> = map.iter().collect();
                pairs.sort_by(|a, b| a.0.cmp(b.0));
                Value::Object(pairs.into_iter().map(|(k, v)| (k.clone(), sort(v))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sort).collect()),
            other => other.clone(),
        }
    }
    fn encode(text: &str) -> String {
        text.bytes()
            .map(|b| match b {
                b'A'..=b'Z'
                | b'a'..=b'z'
                | b'0'..=b'9'
                | b'-'
                | b'_'
                | b'.'
                | b'!'
                | b'~'
                | b'*'
                | b'\''
                | b'('
                | b')' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    }
    let Value::Object(map) = sort(object) else { panic!("an object") };
    let text = map
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                other => serde_json::to_string(other).expect("json"),
            };
            format!("{}={}", encode(k), encode(&value))
        })
        .collect::<Vec<_>>()
        .join("&");
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("key");
    mac.update(text.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// What the fake payOS has seen and how it behaves.
#[derive(Debug, Default)]
struct Ledger {
    /// Payouts by id.
    payouts: HashMap<String, Value>,
    /// Payout id by idempotency key.
    keys: HashMap<String, String>,
    /// Create calls received, and those refused for a bad signature or keys.
    creates: usize,
    refused_signatures: usize,
    /// Answer the next create with a server error after making the transfer (a lost answer).
    lose_next_answer: bool,
    /// Refuse every create (e.g. the account's balance is too low).
    refuse: bool,
    /// Sign answers with another key (a forged answer).
    forge: bool,
}

#[derive(Debug, Clone, Default)]
struct FakePayos {
    ledger: Arc<Mutex<Ledger>>,
}

impl FakePayos {
    fn with<T>(&self, f: impl FnOnce(&mut Ledger) -> T) -> T {
        f(&mut self.ledger.lock().expect("fake payOS state"))
    }

    /// Moves the payout's transaction to `state` (with the bank's reference or an error message).
    fn set_state(&self, payout_id: &str, state: &str, reference: Option<&str>, error: Option<&str>) {
        self.with(|l| {
            let payout = l.payouts.get_mut(payout_id).expect("a payout");
            let t = &mut payout["transactions"][0];
            t["state"] = json!(state);
            t["reference"] = json!(reference);
            t["errorMessage"] = json!(error);
            t["transactionDatetime"] = json!(reference.map(|_| "2026-11-27T03:00:00Z"));
            payout["approvalState"] = json!(if state == "SUCCEEDED" { "COMPLETED" } else { "FAILED" });
        });
    }

    fn transfers(&self) -> usize {
        self.with(|l| l.payouts.len())
    }
}

fn answer(fake: &FakePayos, status: StatusCode, code: &str, desc: &str, data: Option<Value>) -> Response {
    let forge = fake.with(|l| l.forge);
    let mut headers = HeaderMap::new();
    if let Some(data) = &data {
        let key = if forge { "someone-else" } else { CHECKSUM_KEY };
        headers.insert("x-signature", sign(key, data).parse().expect("header"));
    }
    (status, headers, axum::Json(json!({ "code": code, "desc": desc, "data": data }))).into_response()
}

fn authorised(headers: &HeaderMap) -> bool {
    headers.get("x-client-id").is_some_and(|v| v == CLIENT_ID) && headers.get("x-api-key").is_some_and(|v| v == API_KEY)
}

async fn create_payout(State(fake): State<FakePayos>, headers: HeaderMap, body: String) -> Response {
    if !authorised(&headers) {
        return answer(&fake, StatusCode::UNAUTHORIZED, "401", "Unauthorized", None);
    }
    let body: Value = serde_json::from_str(&body).expect("a JSON body");
    let signed = headers.get("x-signature").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let key = headers.get("x-idempotency-key").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (refuse, lose) = fake.with(|l| {
        l.creates += 1;
        (l.refuse, std::mem::take(&mut l.lose_next_answer))
    });
    if signed != sign(CHECKSUM_KEY, &body) {
        fake.with(|l| l.refused_signatures += 1);
        return answer(&fake, StatusCode::BAD_REQUEST, "20", "Chữ ký không hợp lệ", None);
    }
    if key.is_empty() {
        return answer(&fake, StatusCode::BAD_REQUEST, "20", "Thiếu x-idempotency-key", None);
    }
    if refuse {
        return answer(&fake, StatusCode::BAD_REQUEST, "214", "Số dư không đủ", None);
    }
    let payout = fake.with(|l| {
        if let Some(id) = l.keys.get(&key) {
            return l.payouts[id].clone();
        }
        let id = format!("po_{}", l.payouts.len() + 1);
        let payout = json!({
            "id": id,
            "referenceId": body["referenceId"],
            "transactions": [{
                "id": format!("tx_{}", l.payouts.len() + 1),
                "referenceId": body["referenceId"],
                "amount": body["amount"],
                "description": body["description"],
                "toBin": body["toBin"],
                "toAccountNumber": body["toAccountNumber"],
                "toAccountName": "NGUYEN VAN ANH",
                "reference": null,
                "transactionDatetime": null,
                "errorMessage": null,
                "errorCode": null,
                "state": "PROCESSING",
            }],
            "category": null,
            "approvalState": "PROCESSING",
            "createdAt": "2026-11-27T02:00:00Z",
        });
        l.keys.insert(key, id.clone());
        l.payouts.insert(id, payout.clone());
        payout
    });
    if lose {
        return answer(&fake, StatusCode::BAD_GATEWAY, "", "upstream lost", None);
    }
    answer(&fake, StatusCode::OK, "00", "success", Some(payout))
}

async fn read_payout(State(fake): State<FakePayos>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !authorised(&headers) {
        return answer(&fake, StatusCode::UNAUTHORIZED, "401", "Unauthorized", None);
    }
    match fake.with(|l| l.payouts.get(&id).cloned()) {
        Some(payout) => answer(&fake, StatusCode::OK, "00", "success", Some(payout)),
        None => answer(&fake, StatusCode::NOT_FOUND, "101", "Không tìm thấy", None),
    }
}

/// The fake payOS on a free local port: (its base URL, its handle).
async fn fake_payos() -> (String, FakePayos) {
    let fake = FakePayos::default();
    let router = Router::new()
        .route("/v1/payouts/", post(create_payout))
        .route("/v1/payouts/{id}", get(read_payout))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("port");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, router).await.expect("fake payOS") });
    (url, fake)
}

/// A shop whose payOS payouts channel is the fake, enabled by the administrator: (shop, admin token, fake).
async fn payos_shop() -> (Shop, String, FakePayos) {
    let (url, fake) = fake_payos().await;
    let app = spawn_app_with(|config| {
        config.payos_client_id = Some(CLIENT_ID.to_owned());
        config.payos_api_key = Some(API_KEY.to_owned());
        config.payos_checksum_key = Some(CHECKSUM_KEY.to_owned());
        config.payos_base_url = url;
    })
    .await;
    let (shop, admin) = payout_shop_on(shop_on(app).await, json!({})).await;
    let (status, body) = shop.call(Method::GET, "/api/admin/payout-settings", &admin, None).await;
    assert_eq!(status, 200, "{body}");
    let mut settings = body["result"].clone();
    assert_eq!(settings["payos"]["enabled"], false, "payOS starts disabled: {settings}");
    settings["payos"] = json!({
        "enabled": true, "minimum": 200_000, "fee": { "kind": "fixed", "amount": 5_000 },
        "noteVi": "Chuyển ngay qua payOS", "noteEn": "Sent at once through payOS",
    });
    let (status, body) = shop.call(Method::PUT, "/api/admin/payout-settings", &admin, Some(settings)).await;
    assert_eq!(status, 200, "{body}");
    (shop, admin, fake)
}

/// A teacher with 800.000 ₫ available who asked for 500.000 ₫ through payOS: (teacher id, token, request).
async fn payos_request(shop: &Shop, admin: &str) -> (String, String, Value) {
    let (teacher, token, _) = teacher_with_sale(shop, admin, 1_000_000).await;
    let account = account(shop, &token).await;
    let request = shop
        .app
        .client
        .post(shop.app.url("/api/finance/payout-requests"))
        .bearer_auth(&token)
        .header("Idempotency-Key", "payos-1")
        .json(&json!({ "amount": 500_000, "accountId": account, "method": "payos" }));
    let (status, body) = crate::accounts::status_json(request.send().await.expect("sent")).await;
    assert_eq!(status, 201, "{body}");
    (teacher, token, body["result"].clone())
}

async fn send(shop: &Shop, admin: &str, id: &str) -> (u16, Value) {
    shop.call(Method::POST, &format!("/api/finance/payout-requests/{id}/payos"), admin, None).await
}

async fn methods(shop: &Shop, token: &str) -> Vec<String> {
    let (status, body) = shop.call(Method::GET, "/api/finance/balance", token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["methods"].as_array().expect("methods").iter().map(|m| m["method"].to_string()).collect()
}

#[tokio::test]
async fn payos_is_a_payout_method_only_when_its_keys_are_configured_and_it_is_enabled() {
    let (plain, admin) = payout_shop(json!({})).await;
    let (status, body) = plain.call(Method::GET, "/api/admin/payout-settings", &admin, None).await;
    assert_eq!((status, &body["result"]["payos"]), (200, &Value::Null), "{body}");
    let (_, token, _) = teacher_with_sale(&plain, &admin, 1_000_000).await;
    assert_eq!(methods(&plain, &token).await, ["\"bank_manual\""]);
    let account_id = account(&plain, &token).await;
    let request = plain
        .app
        .client
        .post(plain.app.url("/api/finance/payout-requests"))
        .bearer_auth(&token)
        .header("Idempotency-Key", "k")
        .json(&json!({ "amount": 500_000, "accountId": account_id, "method": "payos" }));
    let (status, body) = crate::accounts::status_json(request.send().await.expect("sent")).await;
    assert_eq!(status, 422, "payOS cannot be chosen where it is not configured: {body}");

    let (shop, admin, _) = payos_shop().await;
    let (_, token, request) = payos_request(&shop, &admin).await;
    assert_eq!(methods(&shop, &token).await, ["\"bank_manual\"", "\"payos\""]);
    assert_eq!(
        (request["method"].as_str(), request["fee"].as_i64(), request["net"].as_i64()),
        (Some("payos"), Some(5_000), Some(495_000)),
        "the method's fee is taken: {request}"
    );
}

#[tokio::test]
async fn a_request_sent_through_payos_is_one_signed_transfer_paid_when_it_succeeds() {
    let (shop, admin, fake) = payos_shop().await;
    let (teacher, token, request) = payos_request(&shop, &admin).await;
    let id = request["id"].as_str().expect("id");
    let (_, staff) = shop.person("staff", Role::Staff).await;
    assert_eq!(send(&shop, &token, id).await.0, 403, "a teacher does not send payouts");
    assert_eq!(send(&shop, &staff, id).await.0, 403, "nor does staff");

    // The first answer is lost after payOS made the transfer: sending again asks with the same key.
    fake.with(|l| l.lose_next_answer = true);
    let (status, body) = send(&shop, &admin, id).await;
    assert_eq!(status, 503, "{body}");
    let (status, body) = send(&shop, &admin, id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["result"]["status"].as_str(), body["result"]["payosState"].as_str()),
        (Some("pending"), Some("PROCESSING"))
    );
    assert_eq!(fake.with(|l| (l.creates, l.refused_signatures)), (2, 0), "two signed asks");
    assert_eq!(fake.transfers(), 1, "the same key made one transfer");
    let sent = fake.with(|l| l.payouts["po_1"]["transactions"][0].clone());
    assert_eq!(
        (
            sent["amount"].as_i64(),
            sent["toBin"].as_str(),
            sent["toAccountNumber"].as_str(),
            sent["description"].as_str()
        ),
        (Some(495_000), Some("970436"), Some("0071000123651"), request["code"].as_str()),
        "the net amount goes to the teacher's account, named by the request's code"
    );

    // Nobody decides it by hand while the transfer is under way; a job will look at it.
    let paid = json!({ "bankReference": "FT1", "paidOn": "2026-11-27" });
    assert_eq!(decide(&shop, &admin, id, "pay", paid).await.0, 409);
    assert_eq!(decide(&shop, &admin, id, "reject", json!({ "reason": "other", "note": "x" })).await.0, 409);
    let checks: i64 = sqlx::query_scalar("select count(*) from jobs where kind = $1")
        .bind(sending::CHECK_JOB)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("jobs");
    assert!(checks >= 1, "a look at the transfer is scheduled");

    // Still processing: nothing changes.
    let row = sending::check(&shop.app.state, id).await.expect("checked").expect("a transfer");
    assert_eq!(row.status.as_str(), "pending");

    fake.set_state("po_1", "SUCCEEDED", Some("FT26331XYZ"), None);
    let row = sending::check(&shop.app.state, id).await.expect("checked").expect("a transfer");
    assert_eq!((row.status.as_str(), row.bank_reference.as_deref()), ("paid", Some("FT26331XYZ")));
    assert_eq!(row.paid_on.as_deref(), Some("2026-11-27"));
    let f = figures(&shop, &token, None).await;
    assert_eq!(
        (f["available"].as_i64(), f["reserved"].as_i64(), f["paidOut"].as_i64()),
        (Some(300_000), Some(0), Some(500_000))
    );
    assert_eq!(shop.balance("clearing:payout:payos").await, 495_000);
    assert_eq!(shop.balance("platform:payout_fees").await, 5_000);
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 0);

    // Looking again, or sending again, changes nothing and makes no transfer.
    assert!(sending::check(&shop.app.state, id).await.expect("checked").is_none());
    assert_eq!(send(&shop, &admin, id).await.0, 409);
    assert_eq!(fake.transfers(), 1);
    let (_, body) = shop.call(Method::GET, &format!("/api/finance/payout-requests/{id}"), &token, None).await;
    assert_eq!(
        (body["result"]["status"].as_str(), body["result"]["payosState"].as_str()),
        (Some("paid"), Some("SUCCEEDED"))
    );
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_transfer_that_fails_marks_the_request_failed_and_gives_the_money_back() {
    let (shop, admin, fake) = payos_shop().await;
    let (teacher, token, request) = payos_request(&shop, &admin).await;
    let id = request["id"].as_str().expect("id");
    assert_eq!(send(&shop, &admin, id).await.0, 200);

    fake.set_state("po_1", "FAILED", None, Some("Tài khoản nhận không tồn tại"));
    let row = sending::check(&shop.app.state, id).await.expect("checked").expect("a transfer");
    assert_eq!(row.status.as_str(), "failed");
    assert!(row.note.contains("Tài khoản nhận không tồn tại"), "{}", row.note);
    let f = figures(&shop, &token, None).await;
    assert_eq!(
        (f["available"].as_i64(), f["reserved"].as_i64(), f["paidOut"].as_i64()),
        (Some(800_000), Some(0), Some(0))
    );
    assert_eq!(shop.balance("clearing:payout:payos").await, 0);
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 0);
    let (_, body) = shop.call(Method::GET, &format!("/api/finance/payout-requests/{id}"), &token, None).await;
    assert!(body["result"]["reasonText"].as_str().is_some_and(|t| t.contains("không tồn tại")), "{body}");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_transfer_payos_refuses_leaves_the_request_pending_to_be_paid_another_way() {
    let (shop, admin, fake) = payos_shop().await;
    let (_, _, request) = payos_request(&shop, &admin).await;
    let id = request["id"].as_str().expect("id");
    fake.with(|l| l.refuse = true);
    let (status, body) = send(&shop, &admin, id).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("Số dư không đủ")), "payOS's reason is shown: {body}");
    let paid = json!({ "bankReference": "FT77", "paidOn": "2026-11-27" });
    let (status, body) = decide(&shop, &admin, id, "pay", paid).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("paid")), "{body}");
    assert_eq!(shop.balance("clearing:payout:bank_manual").await, 495_000, "paid by the academy's own transfer");
    assert_eq!(fake.transfers(), 0);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn an_answer_not_signed_with_the_channels_key_is_not_trusted() {
    let (shop, admin, fake) = payos_shop().await;
    let (_, token, request) = payos_request(&shop, &admin).await;
    let id = request["id"].as_str().expect("id");
    fake.with(|l| l.forge = true);
    let (status, body) = send(&shop, &admin, id).await;
    assert_eq!(status, 503, "{body}");
    fake.set_state("po_1", "SUCCEEDED", Some("FT-FORGED"), None);
    assert_eq!(figures(&shop, &token, None).await["reserved"].as_i64(), Some(500_000), "nothing decided on it");

    // Once answers are true again, sending again finds the one transfer and its final state.
    fake.with(|l| l.forge = false);
    let (status, body) = send(&shop, &admin, id).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("paid")), "{body}");
    assert_eq!(fake.transfers(), 1);
    assert_ledger_balanced(&shop).await;
}
