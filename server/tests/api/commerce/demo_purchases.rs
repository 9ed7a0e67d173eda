//! The demo's students bought what they own through checkout: every enrolment and booking has its paid order,
//! each student's "My orders" lists them with their receipts, and the teachers' earnings are those sales.

use reqwest::Method;
use serde_json::Value;

use crate::{accounts::status_json, catalogue::spawn_demo_app, helpers::TestApp};

async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    let (status, body) = status_json(app.send(Method::GET, path, Some(token), None).await).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["result"].clone()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.pool).await.expect(sql)
}

#[tokio::test]
async fn every_enrolment_and_booking_of_the_demo_has_a_paid_order() {
    let app = spawn_demo_app().await;

    let enrolments = count(&app, "select count(*) from course_enrollments").await;
    let unpaid = count(
        &app,
        "select count(*) from course_enrollments e where not exists (select 1 from orders o \
         join order_items i on i.order_id = o.id where o.user_id = e.user_id and i.course_id = e.course_id \
         and i.kind = 'course' and i.status = 'active' and o.status = 'paid')",
    )
    .await;
    assert!(enrolments >= 12, "each of the four students owns three courses or more: {enrolments}");
    assert_eq!(unpaid, 0, "enrolments without a paid order");

    let bookings = count(&app, "select count(*) from mentorship_enrollments").await;
    let unpaid = count(
        &app,
        "select count(*) from mentorship_enrollments e where not exists (select 1 from orders o \
         join order_items i on i.order_id = o.id where o.id = e.order_id and o.user_id = e.user_id \
         and i.course_id = e.plan_id and i.kind = 'mentorship_plan' and o.status = 'paid')",
    )
    .await;
    assert!(bookings >= 8, "each of the four students booked two mentorships or more: {bookings}");
    assert_eq!(unpaid, 0, "bookings without a paid order");

    let now = academy_server::platform::db::now_ms();
    let expired: i64 = sqlx::query_scalar("select count(*) from mentorship_enrollments where end_at <= $1")
        .bind(now)
        .fetch_one(&app.state.pool)
        .await
        .expect("expired");
    assert!(expired >= 1, "a mentorship that ran out months ago is still on its paid order");
}

#[tokio::test]
async fn the_demo_students_orders_list_each_purchase_with_its_receipt_dated_when_it_was_bought() {
    let app = spawn_demo_app().await;
    let (token, _) = app.login("phanthiyen", "Demo@2026").await;

    let mine = get(&app, "/api/orders?pageSize=50", &token).await;
    let orders = mine["items"].as_array().expect("orders");
    let bought: Vec<(String, String)> = orders
        .iter()
        .filter(|o| o["status"] == "paid")
        .flat_map(|o| o["items"].as_array().expect("items").iter())
        .map(|i| (i["kind"].as_str().expect("kind").to_owned(), i["courseId"].as_str().expect("id").to_owned()))
        .collect();
    let owned: Vec<String> = sqlx::query_scalar(
        "select e.course_id from course_enrollments e join users u on u.id = e.user_id where u.username = $1",
    )
    .bind("phanthiyen")
    .fetch_all(&app.state.pool)
    .await
    .expect("her courses");
    assert!(owned.len() >= 3, "{owned:?}");
    for course in &owned {
        assert!(bought.contains(&("course".to_owned(), course.clone())), "{course} has no paid order: {bought:?}");
    }
    assert!(bought.iter().filter(|(kind, _)| kind == "mentorship_plan").count() >= 2, "{bought:?}");

    let oldest = orders.iter().rfind(|o| o["status"] == "paid").expect("a paid order");
    let created = chrono::DateTime::parse_from_rfc3339(oldest["createdAt"].as_str().expect("created")).expect("time");
    let paid = chrono::DateTime::parse_from_rfc3339(oldest["paidAt"].as_str().expect("paid")).expect("time");
    assert!(created < paid, "paid after it was ordered: {oldest}");
    assert!(chrono::Utc::now().signed_duration_since(created).num_days() >= 30, "bought months ago: {oldest}");

    for order in orders.iter().filter(|o| o["status"] == "paid") {
        let id = order["_id"].as_str().expect("id");
        let receipt = get(&app, &format!("/api/orders/{id}"), &token).await;
        assert_eq!(receipt["status"], "paid");
        assert_eq!(receipt["amountReceived"], receipt["totalAmount"], "{receipt}");
        assert!(receipt["payment"].is_null(), "a paid order asks for nothing more: {receipt}");
    }
}

#[tokio::test]
async fn the_demo_teachers_earnings_are_the_shares_of_their_paid_sales() {
    let app = spawn_demo_app().await;
    let (admin, _) = app.login("admin01", "Admin@2026").await;
    let teachers: Vec<(String, String)> = sqlx::query_as(
        "select distinct u.id, u.username from users u join order_items i on i.teacher_id = u.id order by u.username",
    )
    .fetch_all(&app.state.pool)
    .await
    .expect("teachers");
    assert!(teachers.len() >= 6, "{teachers:?}");
    for (id, username) in teachers {
        let shares: i64 = sqlx::query_scalar(
            "select cast(coalesce(sum(i.teacher_share), 0) as bigint) from order_items i join orders o \
             on o.id = i.order_id where i.teacher_id = $1 and o.status = 'paid' and i.status = 'active'",
        )
        .bind(&id)
        .fetch_one(&app.state.pool)
        .await
        .expect("shares");
        let balance = get(&app, &format!("/api/finance/balance?teacherId={id}"), &admin).await;
        let lifetime = balance["figures"][0]["lifetime"].as_i64();
        assert_eq!(lifetime, Some(shares), "{username}: {balance}");
    }
}
