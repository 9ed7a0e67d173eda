//! The demo's commerce: every page of the checkout, orders and payments has something real to show.

use reqwest::Method;
use serde_json::Value;

use crate::{accounts::status_json, catalogue::spawn_demo_app, helpers::TestApp};

async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    let (status, body) = status_json(app.send(Method::GET, path, Some(token), None).await).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["result"].clone()
}

#[tokio::test]
async fn the_demo_has_payment_settings_the_promotion_coupon_orders_in_every_state_and_a_balanced_ledger() {
    let app = spawn_demo_app().await;
    let (admin, _) = app.login("admin01", "Admin@2026").await;

    let settings = get(&app, "/api/admin/payment-settings", &admin).await;
    assert_eq!((settings["configured"].as_bool(), settings["bankBin"].as_str()), (Some(true), Some("970436")));
    let coupons = get(&app, "/api/admin/coupons", &admin).await;
    let promo =
        coupons.as_array().expect("coupons").iter().find(|c| c["code"] == "FIRST100").cloned().expect("FIRST100");
    assert_eq!((promo["value"].as_i64(), promo["maxUses"].as_i64()), (Some(40), Some(100)));
    assert_eq!(promo["usedCount"], 1);
    assert_eq!(promo["descriptionEn"], "40% off for the first 100 customers");

    let paid = get(&app, "/api/admin/orders?status=paid", &admin).await;
    assert_eq!(
        paid["total"], 30,
        "two of the shop, seven sales behind the teachers' payouts (an eighth refunded), the students' own twelve \
         courses and eight mentorships, and the demo mentor's booked plan"
    );
    assert!(paid["items"].as_array().expect("paid").iter().any(|o| o["couponCode"] == "FIRST100"));
    let pending = get(&app, "/api/admin/orders?status=pending", &admin).await;
    assert_eq!(pending["total"], 2);
    assert!(pending["items"].as_array().expect("pending").iter().any(|o| o["amountReceived"].as_i64() > Some(0)));

    let (student, _) = app.login("lyminhquan", "Demo@2026").await;
    let mine = get(&app, "/api/orders", &student).await;
    let waiting = mine["items"].as_array().expect("orders").iter().find(|o| o["status"] == "pending").expect("waiting");
    assert_eq!(waiting["payment"]["method"], "vietqr", "a student's waiting order shows how to pay");

    let sum: i64 = sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries")
        .fetch_one(&app.state.pool)
        .await
        .expect("sum");
    let entries: i64 =
        sqlx::query_scalar("select count(*) from ledger_entries").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(sum, 0);
    assert!(entries >= 10, "{entries} entries");
}

#[tokio::test]
async fn the_demos_courses_are_all_sold_in_vnd_and_its_partly_paid_order_leaves_its_money_for_review_when_it_expires() {
    let app = spawn_demo_app().await;
    let (admin, _) = app.login("admin01", "Admin@2026").await;
    let other: i64 = sqlx::query_scalar("select count(*) from courses where currency <> 'VND'")
        .fetch_one(&app.state.pool)
        .await
        .expect("count");
    assert_eq!(other, 0, "VietQR and VNPay take VND: every course can be bought");

    let pending = get(&app, "/api/admin/orders?status=pending", &admin).await;
    let partly = pending["items"]
        .as_array()
        .expect("pending")
        .iter()
        .find(|o| o["amountReceived"].as_i64() > Some(0))
        .cloned()
        .expect("a partly paid order");
    let later = academy_server::platform::db::now_ms() + 31 * 60_000;
    let id = partly["_id"].as_str().expect("id");
    academy_server::commerce::orders::expire(&app.state, id, later).await.expect("expired");
    let review = get(&app, "/api/admin/payments?review=open", &admin).await;
    let items = review["items"].as_array().expect("items");
    let kept = items.iter().find(|p| p["orderId"] == partly["_id"]).expect("its transfer is on the review list");
    assert_eq!(kept["amount"], partly["amountReceived"]);
    assert_eq!(kept["outcome"], "order_closed");
}
