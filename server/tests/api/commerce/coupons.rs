//! Coupons that cannot be held hostage nor guessed: a use counts when its order is paid (the last use paid by
//! several at once keeps every payer's discount and is recorded), a person has at most three unpaid orders
//! open, every code that cannot be used gets one answer, and codes tried beyond an account's or an address's
//! allowance are refused with 429.

use academy_server::platform::db::now_ms;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, many_students, paying_shop, shop_on, transfer},
    helpers::spawn_app_with,
};

const UNUSABLE_VI: &str = "Mã giảm giá không hợp lệ hoặc không dùng được cho đơn hàng này.";
const UNUSABLE_EN: &str = "This coupon code is not valid or cannot be used for this order.";

/// Pays a pending order in full through the bank feed (transfer `id`).
async fn pay(shop: &Shop, order: &Value, id: i64) {
    let (code, total) = (order["code"].as_str().expect("code"), order["totalAmount"].as_i64().expect("total"));
    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(id, total, code)).await;
    assert_eq!((status, answer), (200, json!({ "success": true })));
}

async fn used_count(shop: &Shop, code: &str) -> i64 {
    sqlx::query_scalar("select used_count from coupons where code = $1")
        .bind(code)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("used count")
}

#[tokio::test]
async fn unpaid_checkouts_hold_no_coupon_use_and_a_use_counts_when_its_order_is_paid() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    shop.coupon(&admin, json!({ "code": "FIVE", "kind": "percent", "value": 20, "maxUses": 5 })).await;
    let students = many_students(&shop.app, 6).await;

    // Five accounts check out with the code and never pay: the code is still there for a sixth.
    let mut orders = Vec::new();
    for (_, token) in &students {
        let (status, body) = shop.checkout(token, &[&course], Some("FIVE"), None).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["result"]["totalAmount"], 800_000);
        orders.push(body["result"].clone());
    }
    assert_eq!(used_count(&shop, "FIVE").await, 0, "no use is held by an unpaid order");

    pay(&shop, &orders[5], 9001).await;
    assert_eq!(used_count(&shop, "FIVE").await, 1, "the paid order's use");
    let (_, coupons) = shop.call(Method::GET, "/api/admin/coupons", &admin, None).await;
    let five = coupons["result"].as_array().expect("list").iter().find(|c| c["code"] == "FIVE").cloned();
    assert_eq!(five.expect("coupon")["usedCount"], 1);

    // Cancelling an unpaid order gives nothing back: it held nothing.
    let id = orders[0]["_id"].as_str().expect("id");
    let (status, _) = shop.call(Method::POST, &format!("/api/orders/{id}/cancel"), &students[0].1, None).await;
    assert_eq!(status, 200);
    assert_eq!(used_count(&shop, "FIVE").await, 1);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn the_last_uses_paid_at_once_by_more_orders_than_are_left_keep_every_discount_and_are_recorded() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    shop.coupon(&admin, json!({ "code": "LAST3", "kind": "percent", "value": 40, "maxUses": 3 })).await;
    let students = many_students(&shop.app, 7).await;
    let mut orders = Vec::new();
    for (_, token) in &students[..6] {
        let (status, body) = shop.checkout(token, &[&course], Some("LAST3"), None).await;
        assert_eq!(status, 201, "{body}");
        orders.push(body["result"].clone());
    }

    // Six payments of orders made while three uses were left arrive at once.
    let payments = orders.iter().zip(100..).map(|(order, id)| pay(&shop, order, id));
    futures_util::future::join_all(payments).await;

    // Every payer has the course at the price they were quoted and paid.
    assert_eq!(shop.count("orders", "coupon_code = $1 and status = 'paid' and total = 600000", "LAST3").await, 6);
    assert_eq!(shop.count("course_enrollments", "course_id = $1", &course).await, 6);
    // The uses are counted exactly, past the limit by the three paid beyond it, each recorded for review.
    assert_eq!(used_count(&shop, "LAST3").await, 6);
    assert_eq!(shop.count("order_events", "kind = 'coupon_over_limit' and note = $1", "LAST3").await, 3);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
    // Used up by paid orders, the code is refused from now on.
    let (status, body) = shop.checkout(&students[6].1, &[&course], Some("LAST3"), None).await;
    assert_eq!((status, body["result"]["fields"]["couponCode"].as_str()), (422, Some(UNUSABLE_VI)), "{body}");
}

#[tokio::test]
async fn a_person_has_at_most_three_unpaid_orders_open() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let mut courses = Vec::new();
    for title in ["A", "B", "C", "D"] {
        courses.push(shop.course(NewCourse::vnd(title, 500_000)).await);
    }
    let (_, token) = shop.person("buyer", Role::Student).await;
    let mut orders = Vec::new();
    for course in &courses[..3] {
        let (status, body) = shop.checkout(&token, &[course], None, None).await;
        assert_eq!(status, 201, "{body}");
        orders.push(body["result"].clone());
    }

    let body = json!({ "courseIds": [courses[3]] });
    let (status, refused) = shop.call_en(Method::POST, "/api/checkout", &token, Some(body.clone())).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["message"], "You have 3 unpaid orders. Pay for or cancel one of them before placing a new one.");
    let (_, refused) = shop.call(Method::POST, "/api/checkout", &token, Some(body.clone())).await;
    assert_eq!(
        refused["message"],
        "Bạn đang có 3 đơn hàng chưa thanh toán. Hãy thanh toán hoặc hủy một đơn trước khi đặt đơn mới."
    );
    // The same checkout again answers its order: that is no new order.
    assert_eq!(shop.checkout(&token, &[&courses[0]], None, None).await.0, 200);

    // Once one is paid (or cancelled), a new one may be placed.
    pay(&shop, &orders[0], 7001).await;
    assert_eq!(shop.call(Method::POST, "/api/checkout", &token, Some(body)).await.0, 201);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn every_coupon_code_that_cannot_be_used_gets_the_same_answer() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let other = shop.course(NewCourse::vnd("Go", 1_000_000)).await;
    let now = now_ms();
    for coupon in [
        json!({ "code": "OFF", "kind": "percent", "value": 10 }),
        json!({ "code": "ENDED", "kind": "percent", "value": 10, "endsAt": now - 1000 }),
        json!({ "code": "LATER", "kind": "percent", "value": 10, "startsAt": now + 86_400_000 }),
        json!({ "code": "GONE", "kind": "percent", "value": 10, "maxUses": 1 }),
        json!({ "code": "OTHERCOURSE", "kind": "percent", "value": 10, "courseId": other }),
        json!({ "code": "BIGORDER", "kind": "percent", "value": 10, "minOrder": 5_000_000, "currency": "VND" }),
        json!({ "code": "DOLLARS", "kind": "fixed", "value": 500, "currency": "USD" }),
    ] {
        shop.coupon(&admin, coupon).await;
    }
    let (_, coupons) = shop.call(Method::GET, "/api/admin/coupons", &admin, None).await;
    let off = coupons["result"].as_array().expect("list").iter().find(|c| c["code"] == "OFF").cloned();
    let off = off.expect("OFF")["_id"].as_str().expect("id").to_owned();
    let (status, _) =
        shop.call(Method::PATCH, &format!("/api/admin/coupons/{off}"), &admin, Some(json!({ "active": false }))).await;
    assert_eq!(status, 200);
    let (_, first) = shop.person("first", Role::Student).await;
    let (_, order) = shop.checkout(&first, &[&course], Some("GONE"), None).await;
    pay(&shop, &order["result"], 5001).await;

    let (_, token) = shop.person("buyer", Role::Student).await;
    shop.call(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": course }))).await;
    for code in ["NOPE", "OFF", "ENDED", "LATER", "GONE", "OTHERCOURSE", "BIGORDER", "DOLLARS", "no spaces!"] {
        let quote = json!({ "couponCode": code });
        let (status, body) = shop.call_en(Method::POST, "/api/cart/quote", &token, Some(quote)).await;
        assert_eq!(status, 422, "{code}: {body}");
        assert_eq!(
            (body["message"].as_str(), body["result"]["fields"]["couponCode"].as_str()),
            (Some(UNUSABLE_EN), Some(UNUSABLE_EN)),
            "{code}"
        );
        let (status, body) = shop.checkout(&token, &[&course], Some(code), None).await;
        assert_eq!(
            (status, body["result"]["fields"]["couponCode"].as_str()),
            (422, Some(UNUSABLE_VI)),
            "{code}: {body}"
        );
    }
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn coupon_codes_tried_beyond_an_accounts_allowance_are_refused_with_429_and_retry_after() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    shop.coupon(&admin, json!({ "code": "SECRET-2026", "kind": "percent", "value": 50 })).await;
    let (_, token) = shop.person("guesser", Role::Student).await;
    shop.call(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": course }))).await;

    // 20 tries in a quarter of an hour (quotes and checkouts naming a code alike) are answered.
    for i in 0..19 {
        let guess = json!({ "couponCode": format!("GUESS{i:03}") });
        assert_eq!(shop.call(Method::POST, "/api/cart/quote", &token, Some(guess)).await.0, 422);
    }
    assert_eq!(shop.checkout(&token, &[&course], Some("GUESS999"), None).await.0, 422);
    // The next is refused, the right code included, with the wait in seconds and in words.
    let response = shop
        .app
        .client
        .post(shop.app.url("/api/cart/quote"))
        .bearer_auth(&token)
        .json(&json!({ "couponCode": "SECRET-2026" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status().as_u16(), 429);
    let wait: u64 = response.headers()["retry-after"].to_str().expect("text").parse().expect("seconds");
    assert!((800..=900).contains(&wait), "{wait}");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["message"], "Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau 15 phút.");
    let (status, body) =
        shop.call_en(Method::POST, "/api/checkout", &token, Some(json!({ "couponCode": "SECRET-2026" }))).await;
    assert_eq!((status, body["message"].as_str()), (429, Some("Too many requests. Please try again in 15 minutes.")));
    // Without a code, the cart is priced and bought as ever.
    assert_eq!(shop.call(Method::POST, "/api/cart/quote", &token, Some(json!({}))).await.0, 200);
    assert_eq!(shop.checkout(&token, &[&course], None, None).await.0, 201);
    // Another account is not concerned (its address has tries left).
    let (_, other) = shop.person("buyer", Role::Student).await;
    shop.call(Method::POST, "/api/cart/items", &other, Some(json!({ "courseId": course }))).await;
    let (status, body) =
        shop.call(Method::POST, "/api/cart/quote", &other, Some(json!({ "couponCode": "SECRET-2026" }))).await;
    assert_eq!((status, body["result"]["totalAmount"].as_i64()), (200, Some(500_000)), "{body}");
}

#[tokio::test]
async fn coupon_codes_tried_from_one_address_across_accounts_are_limited_too() {
    let app =
        spawn_app_with(|config| config.rate_limits = vec!["coupon-address=5/600".parse().expect("setting")]).await;
    let shop = shop_on(app).await;
    let students = many_students(&shop.app, 3).await;
    let mut answers = Vec::new();
    for (_, token) in &students {
        for i in 0..2 {
            let guess = json!({ "couponCode": format!("TRY{i}") });
            answers.push(shop.call(Method::POST, "/api/cart/quote", token, Some(guess)).await.0);
        }
    }
    // The carts are empty (409), but each try named a code and counted: the sixth from the address is refused.
    assert_eq!(answers.iter().filter(|status| **status == 429).count(), 1, "{answers:?}");
    assert_eq!(answers.last(), Some(&429), "{answers:?}");
}
