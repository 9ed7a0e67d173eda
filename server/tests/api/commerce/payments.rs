//! The bank feed (SePay's webhook): the API key, matching by order code, paying, partial and excess amounts,
//! the review list, outgoing transfers, and replays that change nothing.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer};

async fn order(shop: &Shop, token: &str, id: &str) -> Value {
    let (status, body) = shop.call(Method::GET, &format!("/api/orders/{id}"), token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

fn spaced(code: &str) -> String {
    format!("{} {}-{}", &code[..4], &code[4..7], &code[7..]).to_lowercase()
}

#[tokio::test]
async fn a_wrong_or_missing_api_key_is_refused_and_nothing_is_stored() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (_, _, pending) = shop.pending_order(&[&course]).await;
    let body = transfer(1, 500_000, pending["code"].as_str().expect("code"));
    let before = shop.money_snapshot().await;

    for key in [None, Some("wrong-key"), Some("")] {
        let (status, answer) = shop.bank_feed(key, &body).await;
        assert_eq!(status, 401, "{key:?}: {answer}");
    }
    let bearer = shop
        .app
        .client
        .post(shop.app.url("/api/payments/sepay/webhook"))
        .bearer_auth(SEPAY_KEY)
        .json(&body)
        .send()
        .await
        .expect("sent");
    assert_eq!(bearer.status(), 401, "only the Apikey scheme");
    assert_eq!(shop.money_snapshot().await, before);
    assert_eq!(shop.count("payment_transactions", "id <> $1", "").await, 0);
}

#[tokio::test]
async fn a_transfer_carrying_the_order_code_pays_the_order_enrols_the_student_and_posts_the_sale() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let web = shop.course(NewCourse { discount: Some(1_490_000), ..NewCourse::vnd("Web", 2_490_000) }).await;
    let rust = shop.course(NewCourse::vnd("Rust", 999)).await;
    let (student, token, pending) = shop.pending_order(&[&web, &rust]).await;
    let code = pending["code"].as_str().expect("code");
    shop.call(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": web }))).await;

    let content = format!("MBVCB.3278614.{}.CT tu 0011004356789 NGUYEN VAN A", spaced(code));
    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(9_001, 1_490_999, &content)).await;
    assert_eq!((status, answer), (200, json!({ "success": true })));

    let paid = order(&shop, &token, pending["_id"].as_str().expect("id")).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["amountReceived"], 1_490_999);
    assert!(paid["payment"].is_null());
    assert_eq!(shop.enrolment(&student, &web).await, (1, 1));
    assert_eq!(shop.enrolment(&student, &rust).await, (1, 1));
    let (_, cart) = shop.call(Method::GET, "/api/cart", &token, None).await;
    assert_eq!(cart["result"]["count"], 0, "bought courses leave the cart");

    // The ledger: 80% of each line to the teacher (rounded down), the rest to the platform, everything at zero.
    let teacher = format!("teacher:{}", shop.teacher.id);
    assert_eq!(shop.balance(&teacher).await, 1_192_000 + 799);
    assert_eq!(shop.balance("platform:revenue").await, 298_000 + 200);
    assert_eq!(shop.balance("customer:funds").await, 0);
    assert_eq!(shop.balance("clearing:bank_transfer").await, -1_490_999);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn the_same_bank_transaction_replayed_ten_times_and_concurrently_changes_nothing() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (_, _, pending) = shop.pending_order(&[&course]).await;
    let body = transfer(4_242, 500_000, pending["code"].as_str().expect("code"));

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await.0, 200);
    let after_first = shop.money_snapshot().await;
    for _ in 0..10 {
        assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await, (200, json!({ "success": true })));
    }
    let concurrent = (0..10).map(|_| shop.bank_feed(Some(SEPAY_KEY), &body));
    for (status, _) in futures_util::future::join_all(concurrent).await {
        assert_eq!(status, 200);
    }
    assert_eq!(shop.money_snapshot().await, after_first);
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 400_000);
}

#[tokio::test]
async fn concurrent_first_deliveries_of_one_transaction_apply_it_once() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (student, _, pending) = shop.pending_order(&[&course]).await;
    let body = transfer(77, 500_000, pending["code"].as_str().expect("code"));

    let deliveries = (0..10).map(|_| shop.bank_feed(Some(SEPAY_KEY), &body));
    for (status, answer) in futures_util::future::join_all(deliveries).await {
        assert_eq!(status, 200, "{answer}");
    }
    assert_eq!(shop.count("payment_transactions", "provider_id = $1", "77").await, 1);
    assert_eq!(shop.count("ledger_transactions", "kind = $1", "sale").await, 1);
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
    assert_eq!(shop.balance("clearing:bank_transfer").await, -500_000);
}

#[tokio::test]
async fn a_short_transfer_leaves_the_order_pending_with_what_arrived_and_the_rest_pays_it() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (student, token, pending) = shop.pending_order(&[&course]).await;
    let (id, code) = (pending["_id"].as_str().expect("id"), pending["code"].as_str().expect("code"));

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 300_000, code)).await.0, 200);
    let short = order(&shop, &token, id).await;
    assert_eq!((short["status"].as_str(), short["amountReceived"].as_i64()), (Some("pending"), Some(300_000)));
    assert_eq!(short["amountDue"], 200_000);
    assert_eq!(short["payment"]["amount"], 200_000, "the QR code asks for the rest");
    assert_eq!(shop.enrolment(&student, &course).await, (0, 0));
    assert_eq!(shop.balance("customer:funds").await, 300_000, "the money is accounted for");
    let (_, listed) = shop.call(Method::GET, "/api/admin/orders?status=pending", &admin, None).await;
    assert_eq!(listed["result"]["items"][0]["amountReceived"], 300_000, "administrators see it too");

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(2, 200_000, code)).await.0, 200);
    assert_eq!(order(&shop, &token, id).await["status"], "paid");
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
    assert_eq!(shop.balance("customer:funds").await, 0);
}

#[tokio::test]
async fn money_for_an_unknown_code_an_expired_order_or_beyond_the_total_goes_to_the_review_list() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let (_, token_a, first) = shop.pending_order(&[&a]).await;
    let (_, _, second) = shop.pending_order(&[&b]).await;
    let first_id = first["_id"].as_str().expect("id");
    let later = academy_server::platform::db::now_ms() + 31 * 60_000;
    academy_server::commerce::orders::expire(&shop.app.state, first_id, later).await.expect("expired");
    assert_eq!(order(&shop, &token_a, first_id).await["status"], "expired");

    let feed = [
        transfer(10, 150_000, "chuyen tien hoc phi khong ghi ma"),
        transfer(11, 100_000, first["code"].as_str().expect("code")),
        transfer(12, 250_000, second["code"].as_str().expect("code")),
    ];
    for body in &feed {
        assert_eq!(shop.bank_feed(Some(SEPAY_KEY), body).await.0, 200);
    }

    let (status, review) = shop.call(Method::GET, "/api/admin/payments?review=open", &admin, None).await;
    assert_eq!(status, 200, "{review}");
    let mut outcomes: Vec<String> = review["result"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|p| {
            format!("{}:{}", p["providerId"].as_str().unwrap_or_default(), p["outcome"].as_str().unwrap_or_default())
        })
        .collect();
    outcomes.sort();
    assert_eq!(outcomes, ["10:unmatched", "11:order_closed", "12:overpaid"]);
    assert_eq!(shop.balance("customer:funds").await, 150_000 + 100_000 + 50_000, "held until an administrator acts");
    assert_eq!(shop.money_snapshot().await[5], 0);

    let unmatched =
        review["result"]["items"].as_array().expect("items").iter().find(|p| p["providerId"] == "10").cloned();
    let unmatched_id = unmatched.expect("unmatched")["_id"].as_str().expect("id").to_owned();
    let path = format!("/api/admin/payments/{unmatched_id}/resolve");
    assert_eq!(shop.call(Method::POST, &path, &admin, Some(json!({ "note": "" }))).await.0, 422);
    let (_, student) = shop.person("student", Role::Student).await;
    assert_eq!(shop.call(Method::POST, &path, &student, Some(json!({ "note": "x" }))).await.0, 403);
    let (status, resolved) =
        shop.call(Method::POST, &path, &admin, Some(json!({ "note": "Đã hoàn lại cho người chuyển" }))).await;
    assert_eq!((status, resolved["result"]["reviewStatus"].as_str()), (200, Some("resolved")));
    assert_eq!(shop.call(Method::POST, &path, &admin, Some(json!({ "note": "again" }))).await.0, 409);
    let (_, open) = shop.call(Method::GET, "/api/admin/payments?review=open", &admin, None).await;
    assert_eq!(open["result"]["total"], 2);
}

#[tokio::test]
async fn an_outgoing_transfer_is_kept_and_changes_nothing() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (_, token, pending) = shop.pending_order(&[&course]).await;
    let mut body = transfer(31, 500_000, pending["code"].as_str().expect("code"));
    body["transferType"] = json!("out");
    let before = shop.money_snapshot().await;

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await, (200, json!({ "success": true })));

    assert_eq!(order(&shop, &token, pending["_id"].as_str().expect("id")).await["status"], "pending");
    let after = shop.money_snapshot().await;
    assert_eq!(after[2], before[2] + 1, "stored");
    assert_eq!((after[0], after[1], after[4]), (before[0], before[1], before[4]), "no ledger, enrolment or payment");
    assert_eq!(shop.count("payment_transactions", "outcome = $1", "ignored").await, 1);
}

#[tokio::test]
async fn the_providers_parsed_code_is_trusted_before_the_text() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 100_000)).await;
    let (_, token_a, first) = shop.pending_order(&[&a]).await;
    let (_, token_b, second) = shop.pending_order(&[&b]).await;
    let mut body = transfer(50, 100_000, &format!("thanh toan {}", second["code"].as_str().expect("code")));
    body["code"] = first["code"].clone();

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await.0, 200);

    assert_eq!(order(&shop, &token_a, first["_id"].as_str().expect("id")).await["status"], "paid");
    assert_eq!(order(&shop, &token_b, second["_id"].as_str().expect("id")).await["status"], "pending");
}

#[tokio::test]
async fn a_transfer_body_that_is_not_a_bank_transaction_is_a_bad_request() {
    let shop = paying_shop().await;
    for body in [json!({ "id": 1 }), json!([1, 2]), json!({ "id": null, "transferType": "in", "transferAmount": 5 })] {
        let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &body).await;
        assert_eq!(status, 400, "{body}");
    }
    assert_eq!(shop.count("payment_transactions", "id <> $1", "").await, 0);
}
