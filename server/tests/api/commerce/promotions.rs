//! Promotions: managed by administrators only, checked by the shared rule in the caller's language, shown to
//! visitors at their placements within their period by priority while their coupon is usable, counted (views
//! and clicks of promotions shown; one redemption per paid order however often its payment is told), and the
//! home page's promotion in the page's first view with its uses left.

use academy_server::platform::db::now_ms;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    catalogue::spawn_demo_app,
    commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, many_students, paying_shop, transfer},
};

const DAY: i64 = 86_400_000;

/// A promotion's body for coupon `coupon_id`, with `extra` fields over the defaults.
fn body(coupon_id: &str, extra: Value) -> Value {
    let mut body = json!({
        "couponId": coupon_id,
        "placements": ["home"],
        "titleVi": "Giảm 40% cho 100 khách hàng đầu tiên",
        "titleEn": "40% off for the first 100 customers",
        "textVi": "Ưu đãi có hạn",
        "textEn": "A limited offer",
        "priority": 10,
    });
    for (key, value) in extra.as_object().expect("object") {
        body[key] = value.clone();
    }
    body
}

async fn create(shop: &Shop, admin: &str, body: Value) -> Value {
    let (status, answer) = shop.call(Method::POST, "/api/admin/promotions", admin, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"].clone()
}

async fn showing(shop: &Shop, placement: &str) -> Vec<Value> {
    let (status, answer) =
        shop.app.call(Method::GET, &format!("/api/promotions?placement={placement}"), None, None).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"].as_array().expect("list").clone()
}

fn titles(list: &[Value]) -> Vec<&str> {
    list.iter().map(|p| p["textEn"].as_str().expect("text")).collect()
}

#[tokio::test]
async fn only_administrators_manage_promotions_even_by_api() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let coupon = shop.coupon(&admin, json!({ "code": "ROLES", "kind": "percent", "value": 10 })).await;
    let id = create(&shop, &admin, body(coupon["_id"].as_str().expect("id"), json!({}))).await["id"].clone();
    let id = id.as_str().expect("id");
    let path = format!("/api/admin/promotions/{id}");

    for role in [Role::Staff, Role::Teacher, Role::Student] {
        let (_, token) = shop.person("notadmin", role).await;
        let coupon_id = coupon["_id"].as_str().expect("id");
        assert_eq!(shop.call(Method::GET, "/api/admin/promotions", &token, None).await.0, 403, "{role:?}");
        let created = shop.call(Method::POST, "/api/admin/promotions", &token, Some(body(coupon_id, json!({})))).await;
        assert_eq!(created.0, 403, "{role:?}");
        assert_eq!(shop.call(Method::PUT, &path, &token, Some(body(coupon_id, json!({})))).await.0, 403, "{role:?}");
        assert_eq!(shop.call(Method::DELETE, &path, &token, None).await.0, 403, "{role:?}");
    }
    assert_eq!(shop.app.call(Method::GET, "/api/admin/promotions", None, None).await.0, 401);

    // The administrator changes and deletes it.
    let coupon_id = coupon["_id"].as_str().expect("id");
    let changed = body(coupon_id, json!({ "placements": ["cart", "courses"], "priority": 3 }));
    let (status, saved) = shop.call(Method::PUT, &path, &admin, Some(changed)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["result"]["placements"], json!(["courses", "cart"]));
    assert_eq!(saved["result"]["priority"], 3);
    assert_eq!(shop.call(Method::DELETE, &path, &admin, None).await.0, 200);
    assert_eq!(shop.call(Method::DELETE, &path, &admin, None).await.0, 404);
    let (_, list) = shop.call(Method::GET, "/api/admin/promotions", &admin, None).await;
    assert_eq!(list["result"], json!([]));
}

#[tokio::test]
async fn a_promotion_breaking_the_shared_rule_is_refused_field_by_field_in_the_callers_language() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let coupon = shop.coupon(&admin, json!({ "code": "RULES", "kind": "percent", "value": 10 })).await;
    let coupon_id = coupon["_id"].as_str().expect("id");
    let bad = body(
        coupon_id,
        json!({ "placements": [], "titleVi": " ", "pictureUrl": "javascript:alert(1)", "startsAt": 10, "endsAt": 5,
                "priority": 5000 }),
    );

    let (status, vi) = shop.call(Method::POST, "/api/admin/promotions", &admin, Some(bad.clone())).await;
    assert_eq!(status, 422, "{vi}");
    let fields = &vi["result"]["fields"];
    assert_eq!(fields["placements"], "Chọn nơi hiển thị: trang chủ, danh sách khóa học hoặc giỏ hàng");
    assert_eq!(fields["titleVi"], "Trường này là bắt buộc");
    assert_eq!(fields["endsAt"], "Thời điểm kết thúc phải sau thời điểm bắt đầu");
    assert_eq!(fields["priority"], "Độ ưu tiên là số nguyên từ 0 đến 1000");
    assert!(fields["pictureUrl"].is_string(), "{vi}");
    let (_, en) = shop.call_en(Method::POST, "/api/admin/promotions", &admin, Some(bad)).await;
    assert_eq!(en["result"]["fields"]["endsAt"], "The end must come after the start");

    let unknown = body("no-such-coupon", json!({}));
    let (status, answer) = shop.call(Method::POST, "/api/admin/promotions", &admin, Some(unknown)).await;
    assert_eq!((status, answer["result"]["fields"]["couponId"].as_str()), (422, Some("Không tìm thấy mã giảm giá.")));
    assert_eq!(shop.count("promotions", "coupon_id = $1", coupon_id).await, 0);
}

#[tokio::test]
async fn visitors_see_a_placements_promotions_by_priority_within_their_period_while_the_coupon_is_usable() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let now = now_ms();
    let open = shop.coupon(&admin, json!({ "code": "OPEN", "kind": "percent", "value": 10 })).await;
    let open = open["_id"].as_str().expect("id");
    let off = shop.coupon(&admin, json!({ "code": "OFFNOW", "kind": "percent", "value": 10 })).await;
    let off = off["_id"].as_str().expect("id");
    create(&shop, &admin, body(open, json!({ "textEn": "low", "priority": 1, "placements": ["home", "cart"] }))).await;
    create(&shop, &admin, body(open, json!({ "textEn": "high", "priority": 9, "placements": ["home", "courses"] })))
        .await;
    create(&shop, &admin, body(open, json!({ "textEn": "later", "startsAt": now + DAY }))).await;
    create(&shop, &admin, body(open, json!({ "textEn": "ended", "startsAt": now - 2 * DAY, "endsAt": now - DAY })))
        .await;
    create(&shop, &admin, body(open, json!({ "textEn": "paused", "active": false }))).await;
    create(&shop, &admin, body(off, json!({ "textEn": "coupon off" }))).await;
    let (status, _) =
        shop.call(Method::PATCH, &format!("/api/admin/coupons/{off}"), &admin, Some(json!({ "active": false }))).await;
    assert_eq!(status, 200);

    assert_eq!(titles(&showing(&shop, "home").await), vec!["high", "low"]);
    assert_eq!(titles(&showing(&shop, "courses").await), vec!["high"]);
    let cart = showing(&shop, "cart").await;
    assert_eq!(titles(&cart), vec!["low"]);
    assert_eq!(cart[0]["couponCode"], "OPEN");
    assert_eq!(cart[0]["discountKind"], "percent");
    assert_eq!(cart[0]["discountValue"], 10);
    assert_eq!(cart[0]["remainingUses"], Value::Null);
    let (status, refused) = shop.app.call(Method::GET, "/api/promotions?placement=sidebar", None, None).await;
    assert_eq!(status, 422, "{refused}");

    // The administrators' table says which are shown.
    let (_, list) = shop.call(Method::GET, "/api/admin/promotions", &admin, None).await;
    let shown: Vec<(&str, bool)> = list["result"]
        .as_array()
        .expect("list")
        .iter()
        .map(|p| (p["textEn"].as_str().expect("text"), p["showing"].as_bool().expect("showing")))
        .collect();
    for (text, expected) in
        [("high", true), ("low", true), ("later", false), ("ended", false), ("paused", false), ("coupon off", false)]
    {
        assert!(shown.contains(&(text, expected)), "{text}: {shown:?}");
    }
}

#[tokio::test]
async fn views_and_clicks_count_only_promotions_shown_now() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let coupon = shop.coupon(&admin, json!({ "code": "SEEN", "kind": "percent", "value": 10 })).await;
    let coupon_id = coupon["_id"].as_str().expect("id");
    let shown = create(&shop, &admin, body(coupon_id, json!({}))).await;
    let later = create(&shop, &admin, body(coupon_id, json!({ "startsAt": now_ms() + DAY }))).await;
    let (shown, later) = (shown["id"].as_str().expect("id"), later["id"].as_str().expect("id"));

    for _ in 0..3 {
        let (status, answer) = shop.app.call(Method::POST, &format!("/api/promotions/{shown}/view"), None, None).await;
        assert_eq!((status, &answer["result"]["counted"]), (200, &json!(true)), "{answer}");
    }
    let (_, clicked) = shop.app.call(Method::POST, &format!("/api/promotions/{shown}/click"), None, None).await;
    assert_eq!(clicked["result"]["counted"], true);
    let (_, not_shown) = shop.app.call(Method::POST, &format!("/api/promotions/{later}/view"), None, None).await;
    assert_eq!(not_shown["result"]["counted"], false, "a promotion not shown counts nothing");
    assert_eq!(shop.app.call(Method::POST, "/api/promotions/nope/click", None, None).await.0, 404);

    let (_, list) = shop.call(Method::GET, "/api/admin/promotions", &admin, None).await;
    let row = |id: &str| list["result"].as_array().expect("list").iter().find(|p| p["id"] == id).cloned().expect("row");
    assert_eq!((row(shown)["views"].as_i64(), row(shown)["clicks"].as_i64()), (Some(3), Some(1)));
    assert_eq!((row(later)["views"].as_i64(), row(later)["clicks"].as_i64()), (Some(0), Some(0)));
}

#[tokio::test]
async fn a_paid_order_is_one_redemption_however_often_and_at_once_its_payment_is_told() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let coupon = shop.coupon(&admin, json!({ "code": "FIRST3", "kind": "percent", "value": 40, "maxUses": 3 })).await;
    let promotion = create(&shop, &admin, body(coupon["_id"].as_str().expect("id"), json!({}))).await;
    let id = promotion["id"].as_str().expect("id");
    assert_eq!(showing(&shop, "home").await[0]["remainingUses"], 3);
    let students = many_students(&shop.app, 2).await;
    let mut orders = Vec::new();
    for (_, token) in &students {
        let (status, order) = shop.checkout(token, &[&course], Some("FIRST3"), None).await;
        assert_eq!(status, 201, "{order}");
        orders.push(order["result"].clone());
    }

    // Each order's transfer is delivered five times at once (webhook retries racing each other).
    let mut deliveries = Vec::new();
    for (order, transfer_id) in orders.iter().zip([501, 502]) {
        let (code, total) = (order["code"].as_str().expect("code"), order["totalAmount"].as_i64().expect("total"));
        for _ in 0..5 {
            deliveries.push(transfer(transfer_id, total, code));
        }
    }
    let sent = deliveries.iter().map(|t| shop.bank_feed(Some(SEPAY_KEY), t));
    for (status, answer) in futures_util::future::join_all(sent).await {
        assert_eq!(status, 200, "{answer}");
    }

    assert_eq!(shop.count("orders", "coupon_code = $1 and status = 'paid'", "FIRST3").await, 2);
    assert_eq!(shop.count("promotion_redemptions", "promotion_id = $1", id).await, 2);
    let (_, list) = shop.call(Method::GET, "/api/admin/promotions", &admin, None).await;
    assert_eq!(list["result"][0]["redemptions"], 2);
    assert_eq!(list["result"][0]["remainingUses"], 1);
    assert_eq!(showing(&shop, "home").await[0]["remainingUses"], 1, "the uses left, live");
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn the_home_page_carries_its_promotion_with_the_uses_left_in_its_first_view() {
    let app = spawn_demo_app().await;
    let response = app.client.get(app.url("/")).send().await.expect("sent");
    let html = response.text().await.expect("html");
    let json = html
        .split_once(r#"<script id="first-view" type="application/json">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .expect("a first view")
        .0;
    let first_view: Value = serde_json::from_str(json).expect("json");
    let band = &first_view["answers"]["/api/promotions?placement=home"]["result"][0];

    assert_eq!(band["titleEn"], "40% off for the first 100 customers");
    assert_eq!(band["titleVi"], "Giảm 40% cho 100 khách hàng đầu tiên");
    assert_eq!(band["couponCode"], "FIRST100");
    let used: i64 = sqlx::query_scalar("select used_count from coupons where code = 'FIRST100'")
        .fetch_one(&app.state.pool)
        .await
        .expect("used");
    assert!(used > 0, "the demo paid an order with it");
    assert_eq!(band["remainingUses"], 100 - used);
}
