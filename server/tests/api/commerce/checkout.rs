//! Checkout and orders: one order per checkout priced from the catalogue, idempotent, with its coupon priced
//! under concurrency (its uses are counted when paid: see `commerce::coupons`); expiry through the job queue; the
//! lists and receipts with their owners.

use academy_server::{job_handlers, platform::db::now_ms, platform::jobs::Worker};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, Shop, many_students, shop};

const MINUTE: i64 = 60_000;

async fn read_order(shop: &Shop, token: &str, id: &str) -> (u16, Value) {
    shop.call(Method::GET, &format!("/api/orders/{id}"), token, None).await
}

#[tokio::test]
async fn a_checkout_makes_one_pending_order_priced_now_with_what_the_browser_needs_to_draw_the_vietqr_code() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let web = shop.course(NewCourse { discount: Some(1_490_000), ..NewCourse::vnd("Web", 2_490_000) }).await;
    let rust = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    for course in [&web, &rust] {
        shop.call(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": course }))).await;
    }

    let before = now_ms();
    let (status, body) = shop.call(Method::POST, "/api/checkout", &token, Some(json!({}))).await;
    assert_eq!(status, 201, "{body}");
    let order = &body["result"];
    assert_eq!(order["status"], "pending");
    assert_eq!((order["subtotal"].as_i64(), order["totalAmount"].as_i64()), (Some(3_380_000), Some(3_380_000)));
    assert_eq!(order["items"][0]["price"], 1_490_000);
    assert_eq!(order["items"][0]["listPrice"], 2_490_000);
    let code = order["code"].as_str().expect("code");
    assert!(code.len() <= 25 && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()), "{code}");
    let payment = &order["payment"];
    assert_eq!(payment["method"], "vietqr");
    assert_eq!(payment["bankBin"], "970436");
    assert_eq!(payment["accountNumber"], "0011004356789");
    assert_eq!(payment["accountName"], "CONG TY HOC VIEN");
    assert_eq!(payment["amount"], 3_380_000);
    assert_eq!(payment["note"], code);
    let expires = chrono::DateTime::parse_from_rfc3339(payment["expiresAt"].as_str().expect("expiry")).expect("date");
    let wait = expires.timestamp_millis() - before;
    assert!((30 * MINUTE..31 * MINUTE).contains(&wait), "30 minutes to pay: {wait} ms");

    // The order keeps its prices whatever the catalogue does next.
    sqlx::query("update courses set price = 1, discount = null").execute(&shop.app.state.pool).await.expect("prices");
    let (status, receipt) = read_order(&shop, &token, order["_id"].as_str().expect("id")).await;
    assert_eq!(status, 200);
    assert_eq!(receipt["result"]["totalAmount"], 3_380_000);
    assert_eq!(receipt["result"]["items"][1]["paid"], 1_890_000);
}

#[tokio::test]
async fn a_double_click_or_a_retried_key_makes_one_order() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;

    let courses = [course.as_str()];
    let clicks = (0..5).map(|_| shop.checkout(&token, &courses, None, Some("click-1")));
    let answers = futures_util::future::join_all(clicks).await;
    let ids: Vec<&str> = answers.iter().map(|(_, body)| body["result"]["_id"].as_str().expect("id")).collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 200, 200, 200, 201]);

    // Without a key, the same courses while that order waits answer it too.
    let (status, body) = shop.checkout(&token, &[&course], None, None).await;
    assert_eq!((status, body["result"]["_id"].as_str()), (200, Some(ids[0])));
    assert_eq!(shop.count("orders", "id <> $1", "").await, 1);
}

#[tokio::test]
async fn another_unpaid_order_holding_a_course_must_be_paid_or_cancelled_first() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (_, first) = shop.checkout(&token, &[&a], None, None).await;
    let code = first["result"]["code"].as_str().expect("code").to_owned();

    let (status, body) = shop.checkout(&token, &[&a, &b], None, None).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains(&code)), "{body}");

    let id = first["result"]["_id"].as_str().expect("id");
    let (status, cancelled) = shop.call(Method::POST, &format!("/api/orders/{id}/cancel"), &token, None).await;
    assert_eq!((status, cancelled["result"]["status"].as_str()), (200, Some("cancelled")));
    assert_eq!(shop.call(Method::POST, &format!("/api/orders/{id}/cancel"), &token, None).await.0, 409);
    assert_eq!(shop.checkout(&token, &[&a, &b], None, None).await.0, 201);
}

#[tokio::test]
async fn courses_priced_in_another_currency_than_vnd_cannot_be_paid_by_bank_transfer() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let dollars = shop.course(NewCourse { currency: "USD", ..NewCourse::vnd("Dollars", 2_499) }).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.checkout(&token, &[&dollars], None, None).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("USD")), "{body}");
    assert_eq!(shop.count("orders", "id <> $1", "").await, 0);
}

#[tokio::test]
async fn checkout_is_refused_until_bank_transfers_are_set_up_and_settings_are_for_administrators() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.checkout(&token, &[&course], None, None).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["message"], "Thanh toán chuyển khoản chưa được thiết lập. Vui lòng thử lại sau.");

    let settings = crate::commerce_fixtures::bank_settings();
    let (status, _) = shop.call(Method::PUT, "/api/admin/payment-settings", &token, Some(settings.clone())).await;
    assert_eq!(status, 403);
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let mut broken = settings.clone();
    broken["bankBin"] = json!("97A436");
    let (status, body) = shop.call_en(Method::PUT, "/api/admin/payment-settings", &admin, Some(broken)).await;
    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["bankBin"], "A bank BIN is exactly 6 digits.");
    let mut terms = settings;
    terms["commissionPercent"] = json!(25);
    terms["orderExpiryMinutes"] = json!(45);
    let (status, body) = shop.call(Method::PUT, "/api/admin/payment-settings", &admin, Some(terms)).await;
    assert_eq!(status, 200, "{body}");
    let (_, read) = shop.call(Method::GET, "/api/admin/payment-settings", &admin, None).await;
    assert_eq!(read["result"]["commissionPercent"], 25);
    assert_eq!(read["result"]["orderExpiryMinutes"], 45);
    assert_eq!(read["result"]["configured"], true);
    assert_eq!(shop.checkout(&token, &[&course], None, None).await.0, 201);
}

#[tokio::test]
async fn a_coupon_is_shared_between_the_lines_in_proportion_and_refused_with_its_reason() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 1_490_000)).await;
    let b = shop.course(NewCourse::vnd("B", 799_000)).await;
    shop.coupon(
        &admin,
        json!({ "code": "first100", "kind": "percent", "value": 40, "maxUses": 100, "maxUsesPerUser": 1 }),
    )
    .await;
    shop.coupon(&admin, json!({ "code": "OLD", "kind": "percent", "value": 10, "endsAt": now_ms() - 1000 })).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    for course in [&a, &b] {
        shop.call(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": course }))).await;
    }

    let (status, quote) =
        shop.call(Method::POST, "/api/cart/quote", &token, Some(json!({ "couponCode": "First100" }))).await;
    assert_eq!(status, 200, "{quote}");
    let quote = &quote["result"];
    assert_eq!(quote["discountTotal"], 915_600);
    assert_eq!(
        (quote["items"][0]["discount"].as_i64(), quote["items"][1]["discount"].as_i64()),
        (Some(596_000), Some(319_600))
    );
    assert_eq!(quote["totalAmount"], 2_289_000 - 915_600);

    let message = "This coupon code is not valid or cannot be used for this order.";
    for code in ["OLD", "NOPE"] {
        let (status, body) =
            shop.call_en(Method::POST, "/api/cart/quote", &token, Some(json!({ "couponCode": code }))).await;
        assert_eq!((status, body["result"]["fields"]["couponCode"].as_str()), (422, Some(message)), "{body}");
    }

    let (status, body) =
        shop.call(Method::POST, "/api/checkout", &token, Some(json!({ "couponCode": "FIRST100" }))).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["result"]["totalAmount"], 1_373_400);
    assert_eq!(body["result"]["couponCode"], "FIRST100");
    assert_eq!(body["result"]["items"][0]["paid"], 894_000);
    let (_, coupons) = shop.call(Method::GET, "/api/admin/coupons", &admin, None).await;
    let first = coupons["result"].as_array().expect("list").iter().find(|c| c["code"] == "FIRST100").cloned();
    assert_eq!(first.expect("coupon")["usedCount"], 0, "a use is counted when the order is paid");
}

#[tokio::test]
async fn thirty_parallel_checkouts_with_a_coupon_of_ten_uses_all_get_its_discount_while_none_is_paid() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Khóa học", 1_000_000)).await;
    shop.coupon(
        &admin,
        json!({ "code": "FIRST10", "kind": "percent", "value": 40, "maxUses": 10, "maxUsesPerUser": 1 }),
    )
    .await;
    let students = many_students(&shop.app, 30).await;

    let courses = [course.as_str()];
    // A server too busy to take an order at that moment answers 503 (Retry-After); the student tries again
    // with the same Idempotency-Key, which makes the retry safe.
    let checkouts = students.iter().enumerate().map(|(i, (_, token))| {
        let (shop, courses, key) = (&shop, &courses, format!("checkout-{i}"));
        async move {
            let mut answer = shop.checkout(token, courses, Some("FIRST10"), Some(&key)).await;
            for _ in 0..20 {
                if answer.0 != 503 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                answer = shop.checkout(token, courses, Some("FIRST10"), Some(&key)).await;
            }
            answer
        }
    });
    let answers = futures_util::future::join_all(checkouts).await;

    // Unpaid orders hold no use: nobody's checkout keeps the code from the others.
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(created, 30, "{:?}", answers.iter().find(|(s, _)| *s != 201));
    assert!(
        answers.iter().filter(|(status, _)| *status == 201).all(|(_, body)| body["result"]["totalAmount"] == 600_000)
    );
    assert_eq!(shop.count("orders", "coupon_code = $1", "FIRST10").await, 30);
    assert_eq!(shop.count("coupons", "code = $1 and used_count = 0", "FIRST10").await, 1);
}

#[tokio::test]
async fn an_unpaid_order_expires_through_the_job_queue_and_never_held_a_coupon_use() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    shop.coupon(&admin, json!({ "code": "ONCE", "kind": "fixed", "value": 100000, "currency": "VND", "maxUses": 1 }))
        .await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.checkout(&token, &[&course], Some("ONCE"), None).await;
    assert_eq!(status, 201, "{body}");
    let id = body["result"]["_id"].as_str().expect("id").to_owned();
    let (_, other) = shop.person("other", Role::Student).await;
    assert_eq!(shop.checkout(&other, &[&course], Some("ONCE"), None).await.0, 201, "an unpaid order holds no use");

    let worker = Worker::new(shop.app.state.jobs.clone(), shop.app.state.clone(), job_handlers());
    worker.run_due(now_ms() + 10 * MINUTE).await.expect("jobs ran");
    assert_eq!(read_order(&shop, &token, &id).await.1["result"]["status"], "pending", "not before its time");
    worker.run_due(now_ms() + 31 * MINUTE).await.expect("jobs ran");
    let (_, expired) = read_order(&shop, &token, &id).await;
    assert_eq!(expired["result"]["status"], "expired");
    assert!(expired["result"]["payment"].is_null(), "nothing to pay any more");
    assert_eq!(shop.count("coupons", "code = $1 and used_count = 0", "ONCE").await, 1);
}

#[tokio::test]
async fn students_see_their_own_orders_and_administrators_see_all_filtered_by_status() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let (buyer, mine) = shop.person("buyer", Role::Student).await;
    let (_, theirs) = shop.person("other", Role::Student).await;
    let (_, first) = shop.checkout(&mine, &[&a], None, None).await;
    let first_id = first["result"]["_id"].as_str().expect("id").to_owned();
    shop.call(Method::POST, &format!("/api/orders/{first_id}/cancel"), &mine, None).await;
    shop.checkout(&mine, &[&b], None, None).await;
    shop.checkout(&theirs, &[&a], None, None).await;

    let (status, page) = shop.call(Method::GET, "/api/orders", &mine, None).await;
    assert_eq!(status, 200);
    assert_eq!(page["result"]["total"], 2);
    assert_eq!(page["result"]["items"][0]["items"][0]["courseId"], b.as_str(), "newest first");
    assert_eq!(read_order(&shop, &theirs, &first_id).await.0, 404, "another student's order does not exist for them");
    let (_, mine_pending) = shop.call(Method::GET, "/api/orders", &mine, None).await;
    let pending_id = mine_pending["result"]["items"][0]["_id"].as_str().expect("id").to_owned();
    let cancel = format!("/api/orders/{pending_id}/cancel");
    assert_eq!(shop.call(Method::POST, &cancel, &theirs, None).await.0, 404, "nor can they cancel it");
    assert_eq!(shop.call(Method::GET, "/api/admin/orders", &mine, None).await.0, 403);

    let (status, all) = shop.call(Method::GET, "/api/admin/orders?status=pending", &admin, None).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["result"]["total"], 2);
    let (_, cancelled) = shop.call(Method::GET, "/api/admin/orders?status=cancelled", &admin, None).await;
    assert_eq!(cancelled["result"]["items"][0]["buyer"]["username"], buyer.username.as_str());
    assert_eq!(shop.call(Method::GET, "/api/admin/orders?status=lost", &admin, None).await.0, 422);
    let (status, receipt) = read_order(&shop, &admin, &first_id).await;
    assert_eq!(status, 200);
    let kinds: Vec<&str> =
        receipt["result"]["events"].as_array().expect("events").iter().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, ["created", "cancelled"]);
}

#[tokio::test]
async fn an_order_whose_stored_currency_is_unknown_is_an_error_never_read_as_vnd() {
    let shop = shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Web", 990_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.call(Method::POST, "/api/checkout", &token, Some(json!({ "courseIds": [course] }))).await;
    assert_eq!(status, 201, "{body}");
    let id = body["result"]["_id"].as_str().expect("id").to_owned();

    // A currency no version of the academy writes (a database edited by hand, say). The schema checks statuses;
    // the currency is the code's to check.
    sqlx::query("update orders set currency = 'XAU' where id = $1")
        .bind(&id)
        .execute(&shop.app.state.pool)
        .await
        .expect("edited by hand");
    let (status, body) = read_order(&shop, &token, &id).await;
    assert_eq!(status, 500, "{body}");
    assert!(!body.to_string().contains("XAU"), "no internal text reaches the client: {body}");
    // Nor can it be cancelled as if it were an order in đồng.
    let (status, _) = shop.call(Method::POST, &format!("/api/orders/{id}/cancel"), &token, None).await;
    assert_eq!(status, 500);
}
