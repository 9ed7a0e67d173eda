//! VNPay 2.1.0: the signed payment address, and the IPN as the only truth with its answers (97 bad signature,
//! 04 wrong amount, 02 already confirmed, 01 unknown order, 00 confirmed). IPNs are signed here with the test
//! secret by this file's own implementation of the protocol's signature.

use std::collections::BTreeMap;

use academy_shared::roles::Role;
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha512;

use crate::commerce_fixtures::{NewCourse, Shop, VNPAY_SECRET, VNPAY_TMN, shop, vnpay_shop};

/// PHP's `urlencode`, as VNPay's reference code signs with.
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            b' ' => "+".to_owned(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn signature(params: &BTreeMap<&str, String>) -> String {
    let data: Vec<String> = params
        .iter()
        .filter(|(k, v)| k.starts_with("vnp_") && !v.is_empty())
        .map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v)))
        .collect();
    let mut mac = Hmac::<Sha512>::new_from_slice(VNPAY_SECRET.as_bytes()).expect("key");
    mac.update(data.join("&").as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The IPN VNPay sends for a payment of `amount` VND on the order `code`.
fn ipn_params(code: &str, amount: i64, transaction_no: &str, response_code: &str) -> BTreeMap<&'static str, String> {
    [
        ("vnp_Amount", (amount * 100).to_string()),
        ("vnp_BankCode", "NCB".to_owned()),
        ("vnp_BankTranNo", "VNP14422574".to_owned()),
        ("vnp_CardType", "ATM".to_owned()),
        ("vnp_OrderInfo", format!("Thanh toan don hang {code}")),
        ("vnp_PayDate", "20261124101500".to_owned()),
        ("vnp_ResponseCode", response_code.to_owned()),
        ("vnp_TmnCode", VNPAY_TMN.to_owned()),
        ("vnp_TransactionNo", transaction_no.to_owned()),
        ("vnp_TransactionStatus", response_code.to_owned()),
        ("vnp_TxnRef", code.to_owned()),
    ]
    .into_iter()
    .collect()
}

async fn send_ipn(shop: &Shop, params: &BTreeMap<&str, String>, hash: &str) -> Value {
    let mut query: Vec<(String, String)> = params.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
    query.push(("vnp_SecureHash".to_owned(), hash.to_owned()));
    let response =
        shop.app.client.get(shop.app.url("/api/payments/vnpay/ipn")).query(&query).send().await.expect("sent");
    assert_eq!(response.status(), 200);
    response.json().await.expect("json")
}

async fn signed_ipn(shop: &Shop, params: &BTreeMap<&str, String>) -> Value {
    send_ipn(shop, params, &signature(params)).await
}

fn rsp(code: &str, message: &str) -> Value {
    json!({ "RspCode": code, "Message": message })
}

#[tokio::test]
async fn the_payment_address_is_vnpays_page_with_the_order_signed_over_its_sorted_parameters() {
    let shop = vnpay_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, token, order) = shop.pending_order(&[&course]).await;
    let id = order["_id"].as_str().expect("id");

    let (status, body) = shop.call(Method::POST, &format!("/api/orders/{id}/vnpay"), &token, None).await;
    assert_eq!(status, 200, "{body}");
    let url = reqwest::Url::parse(body["result"]["paymentUrl"].as_str().expect("url")).expect("a URL");
    assert_eq!(url.host_str(), Some("sandbox.vnpayment.vn"));
    let params: BTreeMap<String, String> = url.query_pairs().into_owned().collect();
    assert_eq!(params["vnp_Version"], "2.1.0");
    assert_eq!(params["vnp_Command"], "pay");
    assert_eq!(params["vnp_TmnCode"], VNPAY_TMN);
    assert_eq!(params["vnp_Amount"], "189000000");
    assert_eq!(params["vnp_CurrCode"], "VND");
    assert_eq!(params["vnp_TxnRef"], order["code"].as_str().expect("code"));
    let unsigned: BTreeMap<&str, String> =
        params.iter().filter(|(k, _)| *k != "vnp_SecureHash").map(|(k, v)| (k.as_str(), v.clone())).collect();
    assert_eq!(params["vnp_SecureHash"], signature(&unsigned));

    let (_, other) = shop.person("other", Role::Student).await;
    assert_eq!(shop.call(Method::POST, &format!("/api/orders/{id}/vnpay"), &other, None).await.0, 404);
}

#[tokio::test]
async fn a_signed_ipn_pays_the_order_once_and_its_replays_answer_already_confirmed() {
    let shop = vnpay_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (student, token, order) = shop.pending_order(&[&course]).await;
    let code = order["code"].as_str().expect("code");
    let params = ipn_params(code, 1_890_000, "14422574", "00");

    assert_eq!(signed_ipn(&shop, &params).await, rsp("00", "Confirm Success"));
    let (_, paid) =
        shop.call(Method::GET, &format!("/api/orders/{}", order["_id"].as_str().expect("id")), &token, None).await;
    assert_eq!(paid["result"]["status"], "paid");
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
    assert_eq!(shop.balance("clearing:vnpay").await, -1_890_000);
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 1_512_000);

    let after = shop.money_snapshot().await;
    for _ in 0..3 {
        assert_eq!(signed_ipn(&shop, &params).await, rsp("02", "Order already confirmed"));
    }
    assert_eq!(shop.money_snapshot().await, after);
}

#[tokio::test]
async fn a_bad_signature_a_wrong_amount_and_an_unknown_order_change_nothing() {
    let shop = vnpay_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, _, order) = shop.pending_order(&[&course]).await;
    let code = order["code"].as_str().expect("code");
    let before = shop.money_snapshot().await;

    let params = ipn_params(code, 1_890_000, "1", "00");
    assert_eq!(send_ipn(&shop, &params, &"0".repeat(128)).await, rsp("97", "Invalid signature"));
    let mut tampered = params.clone();
    let hash = signature(&params);
    tampered.insert("vnp_Amount", "100".to_owned());
    assert_eq!(send_ipn(&shop, &tampered, &hash).await, rsp("97", "Invalid signature"));
    assert_eq!(signed_ipn(&shop, &ipn_params(code, 1_000, "2", "00")).await, rsp("04", "Invalid amount"));
    assert_eq!(signed_ipn(&shop, &ipn_params("AC222222222", 1_890_000, "3", "00")).await, rsp("01", "Order not found"));

    assert_eq!(shop.money_snapshot().await, before);
}

#[tokio::test]
async fn an_ipn_of_another_terminal_or_with_an_amount_that_is_not_whole_dong_changes_nothing() {
    let shop = vnpay_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, _, order) = shop.pending_order(&[&course]).await;
    let code = order["code"].as_str().expect("code");
    let before = shop.money_snapshot().await;

    let mut elsewhere = ipn_params(code, 1_890_000, "1", "00");
    elsewhere.insert("vnp_TmnCode", "OTHERSHOP".to_owned());
    assert_eq!(signed_ipn(&shop, &elsewhere).await, rsp("01", "Order not found"));
    assert_eq!(shop.money_snapshot().await, before, "another terminal's payment pays nothing here");

    assert_eq!(signed_ipn(&shop, &ipn_params(code, 1_890_000, "2", "00")).await, rsp("00", "Confirm Success"));
    let paid = shop.money_snapshot().await;
    let mut fractional = ipn_params(code, 1_890_000, "3", "00");
    fractional.insert("vnp_Amount", "189000050".to_owned());
    assert_eq!(signed_ipn(&shop, &fractional).await, rsp("04", "Invalid amount"));
    assert_eq!(shop.money_snapshot().await, paid, "nothing truncated is recorded");
}

#[tokio::test]
async fn a_failed_payment_is_recorded_and_leaves_the_order_waiting() {
    let shop = vnpay_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (student, _, order) = shop.pending_order(&[&course]).await;
    let code = order["code"].as_str().expect("code");

    assert_eq!(signed_ipn(&shop, &ipn_params(code, 500_000, "9", "24")).await, rsp("00", "Confirm Success"));
    assert_eq!(shop.enrolment(&student, &course).await, (0, 0));
    assert_eq!(shop.count("payment_transactions", "outcome = $1", "failed").await, 1);
    assert_eq!(shop.balance("clearing:vnpay").await, 0);
    // A later successful attempt pays it.
    assert_eq!(signed_ipn(&shop, &ipn_params(code, 500_000, "10", "00")).await, rsp("00", "Confirm Success"));
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
}

#[tokio::test]
async fn without_vnpay_settings_no_payment_address_is_given_and_every_ipn_is_refused() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (_, token, order) = shop.pending_order(&[&course]).await;
    let (status, _) = shop
        .call(Method::POST, &format!("/api/orders/{}/vnpay", order["_id"].as_str().expect("id")), &token, None)
        .await;
    assert_eq!(status, 409);
    let params = ipn_params(order["code"].as_str().expect("code"), 500_000, "1", "00");
    assert_eq!(signed_ipn(&shop, &params).await, rsp("97", "Invalid signature"));
}

async fn payment_methods(shop: &Shop) -> Value {
    let response = shop.app.get("/api/payments/methods").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.expect("json");
    body["result"].clone()
}

#[tokio::test]
async fn checkout_offers_vnpay_only_when_the_gateway_is_set_up_and_vietqr_once_the_bank_account_is() {
    // Arrange: one server without VNPay, one with it.
    let plain = shop().await;
    let gateway = vnpay_shop().await;

    // Act / Assert: nothing is open before the bank account is saved, VNPay only where configured.
    assert_eq!(payment_methods(&plain).await, json!({ "vietqr": false, "vnpay": false }));
    assert_eq!(payment_methods(&gateway).await, json!({ "vietqr": false, "vnpay": true }));
    gateway.admin_with_payments().await;
    assert_eq!(payment_methods(&gateway).await, json!({ "vietqr": true, "vnpay": true }));
}
