//! Administrators' acts on money, each logged with who and a note: confirming a transfer by hand, and refunds
//! whose ledger entries exactly mirror the sale's.

use std::collections::BTreeMap;

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer};

/// The entries posted for an order, per account, by kind of event (`sale`, `refund`, `payment_received`).
async fn entries(shop: &Shop, order_id: &str, kind: &str) -> BTreeMap<String, i64> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "select e.account_code, e.amount from ledger_entries e join ledger_transactions t on t.id = e.transaction_id \
         where t.order_id = $1 and t.kind = $2",
    )
    .bind(order_id)
    .bind(kind)
    .fetch_all(&shop.app.state.pool)
    .await
    .expect("entries");
    let mut sums = BTreeMap::new();
    for (account, amount) in rows {
        *sums.entry(account).or_insert(0) += amount;
    }
    sums
}

async fn act(shop: &Shop, token: &str, order_id: &str, what: &str, body: Value) -> (u16, Value) {
    shop.call(Method::POST, &format!("/api/admin/orders/{order_id}/{what}"), token, Some(body)).await
}

#[tokio::test]
async fn an_administrator_confirms_a_transfer_by_hand_with_a_note_and_the_order_is_paid() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 700_000)).await;
    let (student, token, pending) = shop.pending_order(&[&course]).await;
    let id = pending["_id"].as_str().expect("id");

    assert_eq!(act(&shop, &token, id, "confirm", json!({ "note": "tôi đã chuyển" })).await.0, 403);
    let (status, body) = act(&shop, &admin, id, "confirm", json!({ "note": "  " })).await;
    assert_eq!((status, body["result"]["fields"]["note"].is_string()), (422, true));
    let (status, body) = act(&shop, &admin, id, "confirm", json!({ "note": "Đã thấy tiền trên sao kê VCB" })).await;
    assert_eq!(status, 200, "{body}");
    let order = &body["result"];
    assert_eq!(order["status"], "paid");
    let confirmed =
        order["events"].as_array().expect("events").iter().find(|e| e["kind"] == "confirmed_by_hand").cloned();
    let confirmed = confirmed.expect("logged");
    assert_eq!(confirmed["note"], "Đã thấy tiền trên sao kê VCB");
    assert!(confirmed["actorUsername"].as_str().is_some_and(|name| name.starts_with("admin")));
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 560_000);

    // Paid: nothing left to confirm, and a late bank report goes to the review list.
    assert_eq!(act(&shop, &admin, id, "confirm", json!({ "note": "again" })).await.0, 409);
    shop.bank_feed(Some(SEPAY_KEY), &transfer(5, 700_000, pending["code"].as_str().expect("code"))).await;
    assert_eq!(shop.count("payment_transactions", "outcome = $1", "already_paid").await, 1);
    assert_eq!(shop.money_snapshot().await[5], 0);
}

#[tokio::test]
async fn a_whole_refund_reverses_exactly_what_the_sale_wrote_and_takes_the_courses_back() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let other_teacher = shop.app.create_user("teacher", Role::Teacher).await;
    let a = shop.course(NewCourse::vnd("A", 1_490_000)).await;
    let b = shop.course_of(&other_teacher.id, NewCourse::vnd("B", 799_999)).await;
    let (student, token, pending) = shop.pending_order(&[&a, &b]).await;
    let id = pending["_id"].as_str().expect("id");
    shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 2_289_999, pending["code"].as_str().expect("code"))).await;
    let sale = entries(&shop, id, "sale").await;
    assert_eq!(sale.len(), 4, "customers' funds, two teachers and the platform: {sale:?}");

    assert_eq!(act(&shop, &token, id, "refund", json!({ "note": "x" })).await.0, 403);
    let (status, body) = act(&shop, &admin, id, "refund", json!({ "note": "Học viên yêu cầu trong 7 ngày" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["status"], "refunded");
    assert_eq!(body["result"]["amountRefunded"], 2_289_999);

    let refund = entries(&shop, id, "refund").await;
    for (account, amount) in &sale {
        if account.starts_with("teacher:") || account == "platform:revenue" {
            assert_eq!(refund.get(account), Some(&-amount), "{account} gives back exactly what the sale gave it");
        }
    }
    assert_eq!(refund.get("refunds"), Some(&2_289_999), "owed back to the student");
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 0);
    assert_eq!(shop.balance(&format!("teacher:{}", other_teacher.id)).await, 0);
    assert_eq!(shop.balance("platform:revenue").await, 0);
    assert_eq!(shop.money_snapshot().await[5], 0);
    assert_eq!(shop.enrolment(&student, &a).await, (0, 0));
    assert_eq!(shop.enrolment(&student, &b).await, (0, 0));
    let refunded =
        body["result"]["events"].as_array().expect("events").iter().find(|e| e["kind"] == "refunded").cloned();
    assert_eq!(refunded.expect("logged")["note"], "Học viên yêu cầu trong 7 ngày");

    assert_eq!(act(&shop, &admin, id, "refund", json!({ "note": "again" })).await.0, 409, "refunded once");
}

#[tokio::test]
async fn items_are_refunded_one_at_a_time_and_the_order_is_refunded_with_the_last() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 400_000)).await;
    let b = shop.course(NewCourse::vnd("B", 600_000)).await;
    let (student, _, pending) = shop.pending_order(&[&a, &b]).await;
    let id = pending["_id"].as_str().expect("id");
    let (unpaid, _) = act(&shop, &admin, id, "refund", json!({ "note": "too early" })).await;
    assert_eq!(unpaid, 409, "a pending order has nothing to refund");
    shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 1_000_000, pending["code"].as_str().expect("code"))).await;
    let item_a = pending["items"][0]["_id"].as_str().expect("item").to_owned();

    let (status, body) = act(&shop, &admin, id, "refund", json!({ "note": "A", "itemIds": [item_a] })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["status"], "paid");
    assert_eq!(body["result"]["items"][0]["status"], "refunded");
    assert_eq!(body["result"]["amountRefunded"], 400_000);
    assert_eq!(shop.enrolment(&student, &a).await, (0, 0));
    assert_eq!(shop.enrolment(&student, &b).await, (1, 1));
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 480_000);

    let (status, _) = act(&shop, &admin, id, "refund", json!({ "note": "A again", "itemIds": [item_a] })).await;
    assert_eq!(status, 422, "an item is refunded once");
    let (status, body) = act(&shop, &admin, id, "refund", json!({ "note": "B" })).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("refunded")));
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 0);
    assert_eq!(shop.balance("refunds").await, 1_000_000);
    assert_eq!(shop.money_snapshot().await[5], 0);
}
